"""An instance image that only a registry has (as SWE-bench's images on a fresh machine): LLMIDEEnvironment pulls it,
as upstream's `docker run` would, before toolprov provisions it. The registry is a real one on loopback (Debian's
`docker-registry`, installed by scripts/setup.sh) holding the testbed image: nothing leaves the machine."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.agent_e2e.conftest import SWEBENCH_ENV, TESTBED, remove_container

pytestmark = pytest.mark.docker


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def docker(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["docker", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def registry(engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("docker-registry")
    assert binary, "docker-registry is missing: run scripts/setup.sh (it installs Debian's docker-registry)"
    root: Path = tmp_path_factory.mktemp("registry")
    address = f"127.0.0.1:{free_port()}"
    config = {
        "version": 0.1,
        "log": {"level": "warn"},
        "storage": {"filesystem": {"rootdirectory": str(root / "data")}},
        "http": {"addr": address},
    }
    (root / "config.yml").write_text(yaml.safe_dump(config))
    server = subprocess.Popen([binary, "serve", str(root / "config.yml")], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"http://{address}/v2/", timeout=1):
                break
        except OSError:
            assert server.poll() is None, f"docker-registry stopped: {server.stderr.read() if server.stderr else ''}"
            assert time.monotonic() < deadline, "docker-registry did not answer within 20 s"
            time.sleep(0.2)
    yield address  # dockerd treats loopback registries as insecure ones: plain HTTP is fine
    server.terminate()
    server.wait(timeout=10)
    shutil.rmtree(root / "data", ignore_errors=True)  # the pushed image's layers (hundreds of MB)


def test_an_image_only_a_registry_has_is_pulled_then_provisioned(registry: str) -> None:
    from agent.environment import LLMIDEEnvironment

    ref = f"{registry}/testbed:{uuid.uuid4().hex[:8]}"
    assert docker("tag", TESTBED, ref).returncode == 0
    assert docker("push", "-q", ref).returncode == 0
    assert docker("rmi", ref).returncode == 0  # only the registry has it now
    assert docker("image", "inspect", ref).returncode != 0
    env = None
    try:
        env = LLMIDEEnvironment(image=ref, tools=["lsp"], **SWEBENCH_ENV)
        assert docker("image", "inspect", ref).returncode == 0
        assert env.config.image.startswith(f"{ref}-tp-")
        found = env.execute_action("find_symbol", "last")
        lines = found.observation.splitlines()  # the only definition, shown whole: its file, then its def line
        assert lines[:2] == ["### File: `more_itertools/more.py`", "224 def last(iterable, default=_marker):"]
    finally:
        if env is not None:
            env.cleanup()
            remove_container(env.container_id)
            docker("rmi", env.config.image)
        docker("rmi", ref)


def test_an_image_no_registry_has_fails_in_one_line(registry: str) -> None:
    from agent.environment import LLMIDEEnvironment

    ref = f"{registry}/absent:{uuid.uuid4().hex[:8]}"
    before = set(docker("ps", "-aq").stdout.split())
    with pytest.raises(RuntimeError) as failed:
        LLMIDEEnvironment(image=ref, tools=["lsp"], **SWEBENCH_ENV)
    message = str(failed.value)
    assert re.fullmatch(rf"image {re.escape(ref)} is not on this machine and cannot be pulled: .*not found.*", message)
    assert "\n" not in message
    assert set(docker("ps", "-aq").stdout.split()) <= before  # no container was started
