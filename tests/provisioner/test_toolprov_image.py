"""The root Dockerfile: an image that runs toolprov itself against the host engine through its socket."""

import json
import subprocess
from pathlib import Path

import pytest

from provisioner import api
from tests.conftest import ROOT, TESTBED

pytestmark = pytest.mark.docker


def test_toolprov_image_provisions_through_the_host_socket(engine):
    tag = subprocess.run(
        ["bash", str(ROOT / "scripts/toolprov_image.sh"), "toolprov:ci"], capture_output=True, text=True, timeout=900
    )
    assert tag.returncode == 0, tag.stderr[-2000:]
    expected = api.install_tools(["debugger"], image=TESTBED)
    mounts = {
        "/var/run/docker.sock": {"bind": "/var/run/docker.sock", "mode": "rw"},
        str(Path.home() / ".cache/toolprov"): {"bind": "/root/.cache/toolprov", "mode": "rw"},
    }
    args = ["install", "debugger", "-i", TESTBED, "--json"]  # the README's line, with --json
    out = engine.containers.run("toolprov:ci", args, volumes=mounts, remove=True, network_mode="none")
    result = json.loads(out)
    assert (result["cached"], result["image_id"], result["key"]) == (True, expected.image_id, expected.key)
    listed = json.loads(engine.containers.run("toolprov:ci", ["list", "--json"], volumes=mounts, remove=True))
    assert expected.image in [t for i in listed["images"] for t in i["tags"]]
    assert engine.images.get("toolprov:ci").attrs["Config"]["Entrypoint"] == ["toolprov"]
