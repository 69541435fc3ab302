"""Many images at once: image lists and SWE-bench instance files, provisioned with bounded parallelism."""

import hashlib
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from provisioner.containers import cancel_all, without_stop_signals
from provisioner.engine import explain
from provisioner.errors import Interrupted, ToolprovError, UsageError


def swebench_image(instance_id: str) -> str:
    """The image name SWE-bench's harness gives an instance (`django__django-11099` → `..._1776_django-11099`)."""
    return f"swebench/sweb.eval.x86_64.{instance_id.replace('__', '_1776_')}:latest".lower()


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")  # a BOM (Windows editors) is not part of the text
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise UsageError(f"{path}: not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})") from None


def read_images_file(path: Path) -> list[str]:
    lines = _read(path).splitlines()
    return [ln.split("#", 1)[0].strip() for ln in lines if ln.split("#", 1)[0].strip()]


def read_instances(path: Path) -> list[str]:
    """Images of a SWE-bench instances file (JSON lines or a JSON list): `image_name`/`image`, else from
    `instance_id`."""
    return list(dict.fromkeys(image for _, image in read_instance_rows(path)))


def read_instance_rows(path: Path) -> list[tuple[str, str]]:
    """(instance id, image) per instance of a SWE-bench instances file; the id is the image when a row has none."""
    text = _read(path)
    try:
        rows = (
            json.loads(text)
            if text.lstrip().startswith("[")
            else [json.loads(ln) for ln in text.splitlines() if ln.strip()]
        )
    except json.JSONDecodeError as e:
        raise UsageError(f"{path}: not JSON lines or a JSON list (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to be a list of instances") from None
    if not isinstance(rows, list):
        raise UsageError(f"{path}: expected JSON lines or a JSON list of instances")
    images = []
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise UsageError(f"{path}: instance {n} is not a JSON object")
        for key in ("image_name", "image", "instance_id"):
            if row.get(key) is not None and not isinstance(row[key], str):
                raise UsageError(f"{path}: instance {n}: {key} must be a string, not {type(row[key]).__name__}")
        image = (
            row.get("image_name")
            or row.get("image")
            or (swebench_image(row["instance_id"]) if row.get("instance_id") else None)
        )
        if not image:
            raise UsageError(f"{path}: instance {n} has no image_name, image or instance_id")
        images.append((row.get("instance_id") or image, image))
    return images


def parse_shard(text: str) -> tuple[int, int]:
    """`I/N` (0 <= I < N): this machine's part of a batch split N ways."""
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise UsageError(f"--shard must be I/N (e.g. 0/4), not {text!r}") from None
    if not 0 <= i < n:
        raise UsageError(f"--shard {text}: I must be in 0..N-1 (shards are numbered from 0, as Slurm array and "
                         "Kubernetes indexed-Job indexes are)")  # fmt: skip
    return i, n


def shard_of(name: str, shards: int) -> int:
    """The shard an instance belongs to: from its id alone (a hash), so N machines cover the set exactly once, in any
    order, and an instance keeps its shard when the file grows."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big") % shards


def select_shard(items: list[tuple[str, str]], shard: tuple[int, int] | None) -> list[str]:
    """The images of the (id, image) items in `shard`, in file order, without repeats."""
    chosen = [image for ident, image in items if shard is None or shard_of(ident, shard[1]) == shard[0]]
    return list(dict.fromkeys(chosen))


@dataclass
class Outcome:
    image: str
    status: str  # built | pulled | cached | failed
    result: dict | None = None
    error: str | None = None


def run_many(
    images: list[str], work: Callable[[str], dict], jobs: int, done: Callable[[Outcome], None] | None = None
) -> list[Outcome]:
    """Run `work(image)` for every image with at most `jobs` in parallel; one failure does not stop the others."""

    def one(image: str) -> Outcome:
        outcome = attempt(image)
        if done is not None:
            done(outcome)
        return outcome

    def attempt(image: str) -> Outcome:
        try:
            res = work(image)
            return Outcome(image, res.get("status") or ("cached" if res["cached"] else "built"), res)
        except ToolprovError as e:
            return Outcome(image, "failed", error=str(e))
        except Exception as e:  # an engine error in one build must not end the others
            return Outcome(image, "failed", error=explain(e))

    pool = ThreadPoolExecutor(max_workers=max(1, jobs), initializer=without_stop_signals)  # signals: main thread
    try:
        return list(pool.map(one, images))
    except Interrupted as e:  # stop the running builds (their containers go) and start no new one
        cancel_all(e.signum)
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
