"""Many images at once: image lists and SWE-bench instance files, provisioned with bounded parallelism."""

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from provisioner.errors import ToolprovError


def swebench_image(instance_id: str) -> str:
    """The image name SWE-bench's harness gives an instance (`django__django-11099` → `..._1776_django-11099`)."""
    return f"swebench/sweb.eval.x86_64.{instance_id.replace('__', '_1776_')}:latest".lower()


def read_images_file(path: Path) -> list[str]:
    try:
        lines = path.read_text().splitlines()
    except OSError as e:
        raise ToolprovError(f"{path}: {e.strerror}") from None
    return [ln.split("#", 1)[0].strip() for ln in lines if ln.split("#", 1)[0].strip()]


def read_instances(path: Path) -> list[str]:
    """Images of a SWE-bench instances file (JSON lines or a JSON list): `image_name`/`image`, else from
    `instance_id`."""
    try:
        text = path.read_text()
    except OSError as e:
        raise ToolprovError(f"{path}: {e.strerror}") from None
    try:
        rows = (
            json.loads(text)
            if text.lstrip().startswith("[")
            else [json.loads(ln) for ln in text.splitlines() if ln.strip()]
        )
    except json.JSONDecodeError as e:
        raise ToolprovError(f"{path}: not JSON lines or a JSON list (line {e.lineno}: {e.msg})") from None
    images = []
    for n, row in enumerate(rows, 1):
        image = (
            row.get("image_name") or row.get("image") or (row.get("instance_id") and swebench_image(row["instance_id"]))
        )
        if not image:
            raise ToolprovError(f"{path}: instance {n} has no image_name, image or instance_id")
        images.append(image)
    return list(dict.fromkeys(images))


@dataclass
class Outcome:
    image: str
    status: str  # built | cached | failed
    result: dict | None = None
    error: str | None = None


def run_many(images: list[str], work: Callable[[str], dict], jobs: int) -> list[Outcome]:
    """Run `work(image)` for every image with at most `jobs` in parallel; one failure does not stop the others."""

    def one(image: str) -> Outcome:
        try:
            res = work(image)
            return Outcome(image, "cached" if res["cached"] else "built", res)
        except ToolprovError as e:
            return Outcome(image, "failed", error=str(e))

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, images))
