"""Batch inputs: image lists and SWE-bench instance files."""

import json
from pathlib import Path

import pytest

from provisioner.batch import read_images_file, read_instances, run_many, swebench_image
from provisioner.errors import ToolprovError


def test_instances_file_gives_swebench_image_names(tmp_path: Path):
    rows = [
        {"instance_id": "django__django-11099"},
        {"instance_id": "astropy__astropy-12907", "image_name": "my/astropy:dev"},
        {"instance_id": "django__django-11099"},
    ]
    (tmp_path / "a.jsonl").write_text("\n".join(map(json.dumps, rows)) + "\n")
    (tmp_path / "b.json").write_text(json.dumps(rows))
    expected = ["swebench/sweb.eval.x86_64.django_1776_django-11099:latest", "my/astropy:dev"]
    assert read_instances(tmp_path / "a.jsonl") == expected == read_instances(tmp_path / "b.json")
    assert swebench_image("SymPy__sympy-20590") == "swebench/sweb.eval.x86_64.sympy_1776_sympy-20590:latest"


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "not JSON lines or a JSON list (line 1"), ('{"repo": "x"}\n', "instance 1 has no image_name")],
)
def test_bad_instances_file_is_one_clear_error(tmp_path: Path, content: str, message: str):
    (path := tmp_path / "bad.jsonl").write_text(content)
    with pytest.raises(ToolprovError, match=message.replace("(", r"\(")):
        read_instances(path)


def test_images_file_and_run_many_keep_going(tmp_path: Path):
    (path := tmp_path / "images.txt").write_text("# task images\na:1\n\nb:2  # second\nc:3\n")
    assert read_images_file(path) == ["a:1", "b:2", "c:3"]

    def work(image: str) -> dict:
        if image == "b:2":
            raise ToolprovError("b failed")
        return {"cached": image == "c:3", "image": image + "-tp"}

    outcomes = run_many(read_images_file(path), work, jobs=2)
    assert [(o.image, o.status, o.error) for o in outcomes] == [
        ("a:1", "built", None), ("b:2", "failed", "b failed"), ("c:3", "cached", None),
    ]  # fmt: skip
    with pytest.raises(ToolprovError, match=r"[Nn]o such file"):
        read_images_file(tmp_path / "missing.txt")
