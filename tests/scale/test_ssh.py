"""toolprov against an engine reached over ssh:// (as a remote machine's engine would be): a real sshd (Debian's
openssh-server) on 127.0.0.1 with a host key and a client key made by the test, and the ssh client on PATH carrying the
test's own config (the docker CLI and toolprov both go through `ssh … docker system dial-stdio`, so they use the same
keys and config). The sshd is this machine's, so the engine behind it is the default one. The session's `pushed` image
was built and pushed through it (tests/scale/conftest.py)."""

from __future__ import annotations

import json
import subprocess

import pytest

from provisioner import api
from tests.scale.conftest import BASE, Pushed

pytestmark = pytest.mark.docker


def test_toolprov_builds_lists_and_verifies_over_ssh(ssh_host: dict[str, str], pushed: Pushed):
    run = lambda *a: subprocess.run(["toolprov", *a], env=ssh_host, capture_output=True, text=True, timeout=600)  # noqa: E731
    built = pushed.first  # the install over ssh:// that built the layer (and a second one pushed it)
    assert (built["status"], built["built"]) == ("built", ["pyflakes"])
    assert pushed.second["pushed"] == [f"{pushed.name}:{pushed.tag}"]
    assert api.find_by_key(built["key"]) is not None  # the engine behind the ssh endpoint has it
    assert run("verify", built["image"]).stdout.startswith("pyflakes: ok")
    listed = json.loads(run("list", "--base", BASE, "--json").stdout)
    assert built["image"] in {t for i in listed["images"] for t in i["tags"]}  # (the shared engine: others' leftovers
    assert isinstance(listed["leftovers"], list)  # may be listed too, so only the shape is checked)


def test_an_ssh_engine_that_refuses_is_one_line(ssh_host: dict[str, str]):
    env = ssh_host | {"DOCKER_HOST": "ssh://nobody@127.0.0.1:1"}  # nothing listens on port 1
    res = subprocess.run(["toolprov", "list"], env=env, capture_output=True, text=True, timeout=120)
    lines = res.stderr.splitlines()
    # the ssh client speaks for itself on stderr first (as under the docker CLI); toolprov's own line comes last
    assert res.returncode == 1 and len(lines) <= 2 and lines[0].startswith("ssh: "), res.stderr
    assert lines[-1].startswith("toolprov: error: no Docker engine answers at ssh://nobody@127.0.0.1:1 (")
