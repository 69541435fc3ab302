"""Shared fixtures: the real Docker engine (scripts/engine.sh) and images provisioned by toolprov."""

import json
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import docker
import pytest
from docker.models.containers import Container

ROOT = Path(__file__).resolve().parent.parent
TESTBED = "toolprov-testbed:bookworm"
TESTBED_PY39 = "toolprov-testbed:bullseye"


@pytest.fixture(scope="session")
def engine() -> docker.DockerClient:
    """The real engine; started by the project's own script if nothing answers."""
    subprocess.run(["bash", str(ROOT / "scripts/engine.sh")], check=True, capture_output=True)
    return docker.from_env(timeout=600)


@pytest.fixture(scope="session")
def provisioned(engine) -> Callable[..., str]:
    """provisioned(["debugger"], TESTBED) -> tag of the derived image (a no-op when already provisioned)."""
    from provisioner.api import install_tools

    return lambda tools, image=TESTBED: install_tools(list(tools), image=image).image


def sh(container: Container, cmd: str, login: bool = True) -> tuple[int, str]:
    """Run a shell command the way the agent does (`bash -lc`, testbed env active); returns (exit code, output)."""
    res = container.exec_run(["bash", "-lc" if login else "-c", cmd])
    assert isinstance(res.output, bytes) and res.exit_code is not None  # not streamed, not detached
    return res.exit_code, res.output.decode(errors="replace")


@pytest.fixture
def container_of(engine) -> Iterator[Callable[[str], Container]]:
    """container_of(image) -> a running container (removed after the test)."""
    started: list[Container] = []

    def start(image: str) -> Container:
        c = engine.containers.run(image, ["sleep", "infinity"], detach=True, network_mode="none")
        started.append(c)
        return c

    yield start
    for c in started:
        c.remove(force=True)


@pytest.fixture
def specs(tmp_path: Path) -> Iterator[Path]:
    """A private copy of the shipped fileedit spec with a unique description: its keys are new to every engine
    (its images are removed afterwards)."""
    from provisioner import api
    from provisioner.spec import DEFAULT_SPECS_DIR

    shutil.copytree(DEFAULT_SPECS_DIR / "fileedit", tmp_path / "fileedit")
    marker = f"test-{uuid.uuid4().hex[:8]}"
    text = (DEFAULT_SPECS_DIR / "fileedit.yaml").read_text()
    (tmp_path / "fileedit.yaml").write_text(text.replace("description: ", f"description: {marker} "))
    yield tmp_path
    mine = [i for i in api.list_provisioned() if marker in json.dumps(i.manifest)]
    if mine:
        api.remove([i.tags[0] if i.tags else i.id for i in mine])
