"""Sharded batches: N machines cover an instance set exactly once, by a hash of the instance id; the batch report."""

from __future__ import annotations

import json
import os
import pty
import random
import re
import subprocess
from pathlib import Path

import pytest

from provisioner.batch import parse_shard, read_instance_rows, select_shard, shard_of, swebench_image
from provisioner.errors import UsageError
from tests.scale.conftest import toolprov

IDS = [f"repo__proj-{n}" for n in range(200)]


def test_shards_cover_the_set_exactly_once_whatever_the_order():
    items = [(i, swebench_image(i)) for i in IDS]
    for n in (1, 2, 3, 8):
        parts = [select_shard(items, (i, n)) for i in range(n)]
        assert sorted(img for p in parts for img in p) == sorted(img for _, img in items)  # each exactly once
        shuffled = random.Random(n).sample(items, len(items))
        assert [sorted(select_shard(shuffled, (i, n))) for i in range(n)] == [sorted(p) for p in parts]
        if n > 1:
            assert min(len(p) for p in parts) > len(items) / n / 2  # a hash spreads them (not all in one)
    grown = items + [(f"new__proj-{n}", f"new:{n}") for n in range(50)]  # a grown file keeps old assignments
    assert set(select_shard(items, (1, 4))) <= set(select_shard(grown, (1, 4)))
    assert shard_of("django__django-11099", 4) == shard_of("django__django-11099", 4)


@pytest.mark.parametrize("text", ["2/2", "-1/2", "1", "a/b", "1/0"])
def test_a_bad_shard_is_a_usage_error(text: str):
    with pytest.raises(UsageError, match="--shard"):
        parse_shard(text)


def test_instance_rows_keep_the_id(tmp_path: Path):
    (path := tmp_path / "i.jsonl").write_text(
        '{"instance_id": "a__b-1"}\n{"instance_id": "c__d-2", "image_name": "img:2"}\n{"image": "img:3"}\n'
    )
    assert read_instance_rows(path) == [
        ("a__b-1", swebench_image("a__b-1")), ("c__d-2", "img:2"), ("img:3", "img:3"),
    ]  # fmt: skip


@pytest.mark.docker
def test_sharded_batch_report(engine, tmp_path: Path):
    """Two shards of a batch (images no engine has: each fails fast in one line) split it exactly once, and each
    --json report says which shard it ran, how many images it took and what happened to each."""
    rows = [{"instance_id": f"absent__proj-{n}", "image_name": f"toolprov-absent-{n}:1"} for n in range(6)]
    (path := tmp_path / "instances.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    seen = []
    for i in range(2):
        res = toolprov("install", "fileedit", "--instances", str(path), "--shard", f"{i}/2", "--json")
        report = json.loads(res.stdout)
        assert (report["shard"], report["of"]) == (f"{i}/2", 6)
        assert report["images"] == len(report["results"]) == report["summary"]["failed"]
        assert all("not found locally" in r["error"] for r in report["results"])
        assert res.returncode == (1 if report["images"] else 0)
        assert res.stderr.count("\n") == (1 if report["images"] else 0)  # one line: the summary error
        seen += [r["base"] for r in report["results"]]
    assert sorted(seen) == sorted(r["image_name"] for r in rows)
    spaced = toolprov("install", "fileedit", "--instances", str(path), "--shard", " 1/02", "--json")
    assert json.loads(spaced.stdout)["shard"] == "1/2"  # as int() reads it (the report said ' 1/02')
    bad = toolprov("install", "fileedit", "--instances", str(path), "--shard", "2/2")
    assert bad.returncode == 2 and "--shard 2/2" in bad.stderr


@pytest.mark.docker
def test_a_batch_on_a_terminal_shows_its_progress_and_a_final_table(engine, tmp_path: Path):
    """On a terminal (a real pty as stderr) a batch draws a rich progress bar (the shard, done of all), then a table of
    every image with its status, then the one summary line; stdout (the images' names) stays plain."""
    rows = [{"instance_id": f"tty__proj-{n}", "image_name": f"toolprov-absent-tty-{n}:1"} for n in range(3)]
    (path := tmp_path / "instances.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    primary, replica = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {"TERM": "xterm", "COLUMNS": "160"}
    cmd = ["toolprov", "install", "fileedit", "--instances", str(path), "--shard", "0/1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=replica, env=env)
    os.close(replica)
    chunks = []
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:  # EIO: the process closed its end
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(primary)
    assert proc.wait(timeout=120) == 1 and proc.stdout is not None and proc.stdout.read() == b""
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode(errors="replace"))
    assert "3 images (shard 0/1)" in shown and "3/3" in shown, shown  # the progress bar, finished
    header = next(ln for ln in shown.splitlines() if "result / error" in ln)
    assert all(h in header for h in ("image", "status", "pushed")), shown
    lines = shown.strip().splitlines()
    rows = [[c.strip() for c in ln.split("│")[1:3]] for ln in lines if ln.startswith("│")]  # image, status
    assert sorted(rows) == [[f"toolprov-absent-tty-{n}:1", "failed"] for n in range(3)], shown
    assert lines[-1].startswith("toolprov: error: 3 of 3 images failed (0 built, 0 cached, 3 failed); first: "), shown
