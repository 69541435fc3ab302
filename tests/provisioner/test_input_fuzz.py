"""Mutated inputs, as a fuzzer makes them: spec files, instance files, image lists and image names. Each either
loads or fails with toolprov's own error (one line, exit code 2 from the CLI), never anything else."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from provisioner.batch import read_images_file, read_instances
from provisioner.errors import SpecError, UsageError
from provisioner.refs import check_image, check_tag
from provisioner.spec import DEFAULT_SPECS_DIR, load_spec

SPEC = (DEFAULT_SPECS_DIR / "fileedit.yaml").read_text()
INSERTS = [b"{", b"[", b"&a ", b"*a", b"!!python/object:os.system ", b"\t", b": ", b"- ", b"\x00", b"'", b'"', b"{{",
           b"%}", b"1: 2\n", b"? [a]\n", b"<<: *a\n", b"\xc3", b"\xff", "ü".encode(), b"\r", b"\n\n---\n"]  # fmt: skip
APPENDS = [b"\n1: x\n", b"\n? [1, 2]\n: x\n", b"\nnull: 1\n", b"\ntrue: 1\n", b"\n3.5: x\n", b"\nsource: [a]\n",
           b"\nsource: {a: 1}\n", b"\nsource: ''\n", b"\nsource: /\n", b"\nversion: 1.0\n", b"\npy_standalone: 3.10\n",
           b"\nexecutable: ''\n", b"\ncheck: null\n", b"\ntool_name: 5\n", b"\nusage: !!binary aGk=\n"]  # fmt: skip


def mutate_spec(rng: random.Random) -> bytes:
    data = bytearray(SPEC.encode())
    kind = rng.randrange(7)
    if kind == 0:
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 1:
        i = rng.randrange(len(data))
        del data[i : i + rng.randrange(1, 60)]
    elif kind == 2:
        i = rng.randrange(len(data))
        data[i:i] = rng.choice(INSERTS)
    elif kind == 3:
        lines = SPEC.splitlines(True)
        rng.shuffle(lines)
        data = bytearray("".join(lines).encode())
    elif kind == 4:
        data += rng.choice(APPENDS)
    elif kind == 5:
        new = rng.choice(["", "x" * 2000, "ä", "../x", "a b", "-x", "{{ x }}"])
        data = bytearray(SPEC.replace("fileedit", new, rng.randrange(1, 4)).encode())
    else:
        data = bytearray(rng.choice([b"", b"---\n---\n", b"\xef\xbb\xbf" + SPEC.encode(), SPEC.encode("utf-16"),
                                     b"a: &a [" + b"*a," * 60 + b"]\n" + SPEC.encode(), b"[" * 3000]))  # fmt: skip
    return bytes(data)


@pytest.fixture
def spec_dir(tmp_path: Path) -> Path:
    shutil.copytree(DEFAULT_SPECS_DIR / "fileedit", tmp_path / "fileedit")
    return tmp_path


@pytest.mark.parametrize("seed", range(4))
def test_mutated_specs_load_or_fail_with_a_spec_error(spec_dir: Path, seed: int):
    rng = random.Random(seed)
    outcomes = {"ok": 0, "error": 0}
    for _ in range(400):
        (spec_dir / "fileedit.yaml").write_bytes(mutate_spec(rng))
        try:
            load_spec(spec_dir / "fileedit.yaml")
            outcomes["ok"] += 1
        except SpecError as e:
            assert str(e).startswith(f"{spec_dir / 'fileedit.yaml'}: ") and e.exit_code == 2
            outcomes["error"] += 1
    assert outcomes["error"] > 100 and outcomes["ok"] > 0  # the mutations reach both sides


@pytest.mark.parametrize("seed", range(12))
def test_mutated_spec_through_the_cli_is_one_line(spec_dir: Path, seed: int):
    rng = random.Random(1000 + seed)
    data = mutate_spec(rng)
    while True:  # a mutation the loader refuses
        (spec_dir / "fileedit.yaml").write_bytes(data)
        try:
            load_spec(spec_dir / "fileedit.yaml")
        except SpecError:
            break
        data = mutate_spec(rng)
    res = subprocess.run(
        ["toolprov", "install", "fileedit", "--specs", str(spec_dir), "-i", "unused:1"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and res.stdout == "", res.stderr
    assert res.stderr.startswith(f"toolprov: error: {spec_dir / 'fileedit.yaml'}: ")


INSTANCE_ROWS = [{"instance_id": "django__django-11099"}, {"image_name": "a/b:1"}, {"image": "c:2"}, {"repo": "x"},
                 {"instance_id": 5}, {"image_name": ["x"]}, {"image": None, "instance_id": ""}, [], "x", 3, None,
                 {"image_name": "a/b:1", "image": {"nested": True}}]  # fmt: skip


@pytest.mark.parametrize("seed", range(3))
def test_mutated_instance_files_give_names_or_a_usage_error(tmp_path: Path, seed: int):
    rng = random.Random(seed)
    path = tmp_path / "instances.jsonl"
    for _ in range(300):
        rows = [rng.choice(INSTANCE_ROWS) for _ in range(rng.randrange(0, 5))]
        as_list = rng.random() < 0.5
        text = json.dumps(rows) if as_list else "\n".join(json.dumps(r) for r in rows)
        if rng.random() < 0.3:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(["{", "]", "\x00", "[" * 5000, '"', "\n"]) + text[i:]
        path.write_text(text)
        try:
            images = read_instances(path)
        except UsageError as e:
            assert str(e).startswith(f"{path}: ")
            continue
        assert all(isinstance(i, str) and i for i in images) and len(images) == len(set(images))


def test_an_images_file_of_random_lines_gives_names_or_a_usage_error(tmp_path: Path):
    rng = random.Random(5)
    alphabet = "abcXYZ019:/@._- \t#\x00é"
    for _ in range(300):
        (path := tmp_path / "images.txt").write_text(
            "\n".join("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30))) for _ in range(4))
        )
        names = read_images_file(path)
        for name in names:  # the names reach the same check as --image
            try:
                assert check_image(name) == name and "#" not in name and name == name.strip()
            except UsageError as e:
                assert "image name" in str(e)


@pytest.mark.parametrize("seed", range(3))
def test_random_image_names_and_tags_are_checked_without_crashing(seed: int):
    rng = random.Random(seed)
    alphabet = "abz09:/@._-AZ \x00é$"
    accepted = 0
    for _ in range(2000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24)))
        for check in (check_image, check_tag):
            try:
                check(name)
                accepted += 1
                assert name and name == name.strip() and not set(name) & set(" \x00é$")
            except UsageError:
                pass
    assert accepted > 0
