"""Failure behaviour against real parts: a registry that is down, a registry that dies half way through a push, an
engine that stops in the middle of a build. Each is one clear line and exit 1; nothing is half-tagged (not in the
registry, not on the engine); the next run resumes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from provisioner import api
from tests.scale.conftest import BASE, copy_image, docker, registry_labels, registry_tags, toolprov
from tests.scale.daemons import remove_tree, start_dockerd, start_registry

pytestmark = pytest.mark.docker


def one_error_line(res: subprocess.CompletedProcess) -> str:
    lines = res.stderr.splitlines()
    assert res.returncode == 1 and len(lines) == 1 and lines[0].startswith("toolprov: error: "), res.stderr
    return lines[0]


def test_a_registry_that_is_down_is_one_line_before_any_build(tmp_path: Path, specs: Path):
    reg = start_registry(tmp_path / "reg")
    reg.stop()
    key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
    for option in ("--registry", "--push"):
        res = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), option, f"{reg.address}/tools")
        line = one_error_line(res)
        assert re.match(
            rf"toolprov: error: cannot pull {reg.address}/tools/toolprov-base:bookworm-tp-{key[:12]}: ", line
        )
        assert "connection refused" in line
    assert api.find_by_key(key) is None  # nothing was built


def _uploading(data: Path) -> bool:
    """Whether the registry is receiving a blob (a partial upload of more than 1 MB is on its disk)."""
    return any(f.stat().st_size > 1 << 20 for f in data.glob("docker/registry/v2/repositories/**/_uploads/*/data"))


def test_a_push_cut_half_way_leaves_no_tag_and_resumes(tmp_path: Path, specs: Path):
    reg = start_registry(tmp_path / "reg")
    port = int(reg.address.rsplit(":", 1)[1])
    repo = f"{reg.address}/tools"
    args = ["install", "fileedit", "-i", BASE, "--specs", str(specs), "--push", repo, "--json"]
    try:
        proc = subprocess.Popen(["toolprov", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 300
        while not _uploading(tmp_path / "reg" / "data") and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # the first push carries the base's layers too: hundreds of MB
        assert proc.poll() is None, f"the push ended before it could be cut: {proc.communicate()}"
        reg.stop()  # the registry dies in the middle of a blob upload
        out, err = proc.communicate(timeout=300)
        res = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        line = one_error_line(res)
        key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
        ref = f"{repo}/toolprov-base:bookworm-tp-{key[:12]}"
        assert line.startswith(f"toolprov: error: cannot push {ref}: ")
        built = api.find_by_key(key)
        assert built is not None and ref not in built.tags  # built here; no local tag claims a push
        reg = start_registry(tmp_path / "reg", port)  # back, with what it had stored
        tags = registry_tags(reg.address, "tools/toolprov-base")
        assert f"bookworm-tp-{key[:12]}" not in tags  # the registry writes a tag only after all its blobs
        resumed = toolprov(*args)
        assert resumed.returncode == 0, resumed.stderr
        again = json.loads(resumed.stdout)
        assert (again["status"], again["pushed"]) == ("cached", [ref])  # not rebuilt; pushed now
        assert registry_labels(reg.address, "tools/toolprov-base", f"bookworm-tp-{key[:12]}")["toolprov.key"] == key
    finally:
        reg.stop()
        remove_tree(tmp_path / "reg" / "data")


def test_an_engine_that_stops_mid_build_is_one_line_and_the_next_run_resumes(
    registry: str, tmp_path: Path, specs: Path
):
    daemon = start_dockerd(tmp_path / "e3")
    host = daemon.address
    try:
        copy_image(BASE, host, registry)
        args = ["install", "fileedit", "-i", BASE, "--specs", str(specs)]
        proc = subprocess.Popen(["toolprov", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "DOCKER_HOST": host})  # fmt: skip
        deadline = time.monotonic() + 300
        while "toolprov-build-" not in docker("ps", "--format", "{{.Names}}", host=host).stdout:
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.2)
        daemon.stop()  # the machine's engine goes away in the middle of the build
        out, err = proc.communicate(timeout=300)
        line = one_error_line(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
        assert line.startswith(
            f"toolprov: error: lost the connection to the Docker engine at {host} "
        ) or line.startswith("toolprov: error: container toolprov-build-fileedit-"), line
        daemon = start_dockerd(tmp_path / "e3", daemon.bridge)  # back: the dead run's build container is still there
        resumed = toolprov(*args, "--json", host=host)
        assert resumed.returncode == 0, resumed.stderr
        assert json.loads(resumed.stdout)["status"] == "built"
        left = json.loads(toolprov("list", "--json", host=host).stdout)["leftovers"]
        assert left == []  # the dead run's build container was swept
    finally:
        daemon.stop(timeout=60)
        remove_tree(tmp_path / "e3")
