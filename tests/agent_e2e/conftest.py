"""One LLM-IDE environment on the testbed image (tools provisioned by toolprov, cached) shared by the action and
environment tests; tests that change the repository put it back."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

TESTBED = "toolprov-testbed:bookworm"
FAILING_TEST = "tests/test_more.py::LastTests::test_basic"
# what upstream's swebench.yaml sets for SWE-bench images (the repository's env comes from /root/.bashrc)
SWEBENCH_ENV: dict[str, Any] = {
    "cwd": "/testbed",
    "timeout": 60,
    "interpreter": ["bash", "-c"],
    "env": {"BASH_ENV": "/root/.bashrc"},
}


def remove_container(container_id: str | None) -> None:
    """Upstream's cleanup stops the container in the background; tests remove theirs before they end."""
    if container_id:
        subprocess.run(["docker", "rm", "-f", container_id], capture_output=True)


@pytest.fixture(scope="session")
def ide_env(engine) -> Iterator:
    from agent.environment import LLMIDEEnvironment

    env = LLMIDEEnvironment(
        image=TESTBED,
        tools=["debugger", {"name": "lsp", "usage": ""}, "fileedit"],
        setup_reproduction_script="echo prepared > /tmp/setup-ran && echo once >> /tmp/setup-count",
        reproduction_script=f"python -m pytest -q {FAILING_TEST}",
        **SWEBENCH_ENV,
    )
    yield env
    env.cleanup()
    remove_container(env.container_id)


@pytest.fixture
def restore(ide_env) -> Iterator:
    """Undo the test's changes to /testbed (and stop any debugger session) afterwards."""
    yield
    ide_env.execute({"command": "debugger stop >/dev/null 2>&1; git checkout -q -- . && git clean -fdq"})
