"""An engine reached over DOCKER_HOST=ssh:// (as a remote runner would be): a real sshd (Debian's openssh-server) on
127.0.0.1 with a host key and a client key made by the test, and the ssh client on PATH carrying the test's own config
(the docker CLI and toolprov both go through `ssh … docker system dial-stdio`, so they use the same keys and config).
The sshd is this machine's, so the engine behind it is the default one."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from provisioner import api
from tests.scale.conftest import BASE
from tests.scale.daemons import Daemon, _spawn, _wait, free_port

pytestmark = pytest.mark.docker

SSHD = "/usr/sbin/sshd"


@pytest.fixture(scope="module")
def ssh_host(engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """DOCKER_HOST=ssh://root@127.0.0.1:PORT and a PATH whose `ssh` uses the test's key and known-hosts file."""
    assert os.access(SSHD, os.X_OK), "openssh-server is missing: run scripts/setup.sh (it installs it, not started)"
    d = tmp_path_factory.mktemp("ssh")
    for name in ("host_key", "id"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / name)], check=True)
    shutil.copy(d / "id.pub", d / "authorized_keys")
    port = free_port()
    (d / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d / 'host_key'}\nPidFile {d / 'sshd.pid'}\n"
        f"AuthorizedKeysFile {d / 'authorized_keys'}\nPermitRootLogin prohibit-password\nPasswordAuthentication no\n"
        "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nX11Forwarding no\nPrintMotd no\n"
    )
    (d / "ssh_config").write_text(
        f"Host *\n  IdentityFile {d / 'id'}\n  IdentitiesOnly yes\n  BatchMode yes\n"
        f"  UserKnownHostsFile {d / 'known_hosts'}\n  StrictHostKeyChecking accept-new\n"
    )
    (d / "bin").mkdir()
    (d / "bin" / "ssh").write_text(f'#!/bin/sh\nexec /usr/bin/ssh -F {d / "ssh_config"} "$@"\n')
    (d / "bin" / "ssh").chmod(0o755)
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege separation directory (the package's service makes it)
    daemon = Daemon(_spawn([SSHD, "-D", "-e", "-f", str(d / "sshd_config")], d / "sshd.log"), d / "sshd.log",
                    f"ssh://root@127.0.0.1:{port}")  # fmt: skip
    env = {**os.environ, "DOCKER_HOST": daemon.address, "PATH": f"{d / 'bin'}:{os.environ['PATH']}"}

    def answers() -> bool:
        res = subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"], env=env, capture_output=True)
        return res.returncode == 0

    _wait(answers, daemon, "sshd (docker over ssh)")
    yield env
    daemon.stop()


def test_toolprov_builds_lists_and_verifies_over_ssh(ssh_host: dict[str, str], specs: Path):
    run = lambda *a: subprocess.run(["toolprov", *a], env=ssh_host, capture_output=True, text=True, timeout=600)  # noqa: E731
    res = run("install", "fileedit", "-i", BASE, "--specs", str(specs), "--json")
    assert res.returncode == 0, res.stderr
    built = json.loads(res.stdout)
    assert built["status"] == "built"
    assert api.find_by_key(built["key"]) is not None  # the engine behind the ssh endpoint has it
    assert run("verify", built["image"]).stdout.startswith("fileedit: ok")
    listed = json.loads(run("list", "--base", BASE, "--json").stdout)
    assert built["image"] in {t for i in listed["images"] for t in i["tags"]}  # (the shared engine: others' leftovers
    assert isinstance(listed["leftovers"], list)  # may be listed too, so only the shape is checked)
    again = json.loads(run("install", "fileedit", "-i", BASE, "--specs", str(specs), "--json").stdout)
    assert (again["status"], again["image_id"]) == ("cached", built["image_id"])


def test_an_ssh_engine_that_refuses_is_one_line(ssh_host: dict[str, str], tmp_path: Path):
    env = ssh_host | {"DOCKER_HOST": "ssh://nobody@127.0.0.1:1"}  # nothing listens on port 1
    res = subprocess.run(["toolprov", "list"], env=env, capture_output=True, text=True, timeout=120)
    lines = res.stderr.splitlines()
    # the ssh client speaks for itself on stderr first (as under the docker CLI); toolprov's own line comes last
    assert res.returncode == 1 and len(lines) <= 2 and lines[0].startswith("ssh: "), res.stderr
    assert lines[-1].startswith("toolprov: error: no Docker engine answers at ssh://nobody@127.0.0.1:1 (")
