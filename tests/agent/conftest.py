"""Fixtures for the agent core: a small git repository with a real bug, a real lsp-bridge on it, and a test-only
environment that offers the LLM-IDE environment's four methods (execute_action, tool_usage, render_blocks,
set_agent_context) over mini-swe-agent's LocalEnvironment.

Scripted model answers (DeterministicModel): one output per model call, in call order. The first step makes one
call (the action); every later step makes two, the reflection on the previous operation and then the action. An
answer that breaks the format costs one output and is retried with the next one:

    outputs = scripted(
        act("look at the sum", "open", "shop/cart.py:12"),  # step 1: action only
        reflect(False, "total() adds prices only", lessons=""),  # step 2: reflection ...
        act("run the tests", "bash", "python -m pytest -q"),  # ... then action
    )

`scripted` wraps each answer as `{"role": "assistant", "content": TEXT, "extra": {"actions": [], "cost": 0.0}}`,
which is also the shape of `model.outputs` in a YAML file for `--model-class deterministic`.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re

# litellm fetches its price list from GitHub at import unless told to use its bundled copy (no network here)
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from minisweagent.environments.local import LocalEnvironment
from minisweagent.models.test_models import DeterministicModel

from agent.actions.executor import Actions
from agent.prompting import split_sections
from agent.types import ActionResult, ChunkRef
from lsp_bridge.blocks import FileBlock
from lsp_bridge.client import BridgeClient

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "agent/config/llm-ide/swebench.yaml"

CART = """\
class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, qty=1):
        self.items.append((price, qty))

    def total(self):
        total = 0
        for price, qty in self.items:
            if qty > 0:
                total += price
        return total


def empty():
    return Cart()
"""

TEST_CART = """\
from shop.cart import Cart


def test_total():
    cart = Cart()
    cart.add(2, qty=3)
    assert cart.total() == 6
"""

TOOL_USAGE = """\
- bash: one shell command. Params: the command.
- open: a code chunk. Params: `file:line`.
- submit: submit the diff. Params: none."""


def act(thought: str, action_type: str, params: str) -> str:
    return (
        f"<thought>{thought}</thought>\n<action_type>{action_type}</action_type>\n"
        f"<action_params>{params}</action_params>"
    )


def reflect(bad: bool, summary: str, lessons: str = "") -> str:
    return f"<bad_action>{str(bad).lower()}</bad_action>\n<lessons>{lessons}</lessons>\n<summary>{summary}</summary>"


TEST_COMMAND = "python -c 'from tests.test_cart import test_total; test_total()'"


def bug_episode() -> list[dict]:
    """The cart's bug fixed at the second try: error -> a wrong fix -> the same error -> the right fix -> pass ->
    submit (the Bug Consultant's tests)."""
    return scripted(
        act("Run the test.", "bash", TEST_COMMAND),
        reflect(False, "test_total fails with AssertionError."),
        act("Maybe zero quantities are the problem.", "bash", "sed -i 's/qty > 0/qty >= 0/' shop/cart.py"),
        reflect(False, "Changed the qty check."),
        act("Run the test again.", "bash", TEST_COMMAND),
        reflect(True, "Still AssertionError: the qty check was not the bug."),
        act("Multiply by qty instead.", "bash", "sed -i 's/total += price$/total += price * qty/' shop/cart.py"),
        reflect(False, "Multiplied by qty."),
        act("Run the test again.", "bash", TEST_COMMAND),
        reflect(False, "The test passes."),
        act("Submit.", "submit", ""),
    )


def sections_of(prompt_message: dict) -> dict[str, str]:
    """The rendered sections of a prompt message in a trajectory (stored as offsets into its content)."""
    return split_sections(prompt_message["content"], prompt_message["extra"]["llm_ide"]["sections"])


def scripted(*answers: str) -> list[dict]:
    return [{"role": "assistant", "content": a, "extra": {"actions": [], "cost": 0.0}} for a in answers]


class BridgeTestEnvironment(LocalEnvironment):
    """bash / open / submit over a local shell and a real lsp-bridge; unknown actions get a bad-params answer."""

    def __init__(self, bridge: BridgeClient, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bridge = bridge
        self.pushed: list[list[dict]] = []
        self.rendered: list[list[str]] = []  # the files of each renderContext request

    def execute_action(self, action_type: str, action_params: str) -> ActionResult:
        if action_type == "bash":
            out = self.execute({"command": action_params})
            return ActionResult(out["output"], out["returncode"], command=action_params)
        if action_type == "submit":
            out = self.execute({"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff"})
            return ActionResult(out["output"], out["returncode"])
        if action_type == "open":
            file, _, line = action_params.partition(":")
            located = self.bridge.locate(file=file.strip(), line=int(line), whole_function=True)
            chunks = [
                ChunkRef(c["file"], c["class"], c["function"], c["whole_function"], tuple(c["lines"]))
                for c in located["chunks"]
            ]
            return ActionResult(located["text"], 0, chunks=chunks)
        return ActionResult(f"Unknown action type {action_type!r}.", 2, bad_params=True)

    def tool_usage(self) -> str:
        return TOOL_USAGE

    def set_agent_context(self, chunks: list[dict]) -> None:
        self.pushed.append(chunks)
        self.bridge.set_agent_context(chunks)

    def render_blocks(self, chunks: list[dict]) -> list[FileBlock]:
        self.rendered.append([c["file"] for c in chunks])
        return self.bridge.render_blocks(chunks)

    def file_digests(self, files: list[str]) -> dict[str, str]:
        return self.bridge.file_digests(files)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "shop").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "shop/__init__.py").write_text("")
    (root / "shop/cart.py").write_text(CART)
    (root / "tests/test_cart.py").write_text(TEST_CART)
    for cmd in (
        ["git", "init", "-q"],
        ["git", "add", "."],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"],
    ):
        subprocess.run(cmd, cwd=root, check=True)
    return root


@contextlib.contextmanager
def actions_over(root: Path, files: dict[str, str], **kwargs: Any) -> Iterator[Actions]:
    """The agent's actions over a real lsp-bridge on `files` (path -> text) written under `root`; `kwargs` go to
    `Actions` (e.g. `limits=`)."""
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)

    def shell(command: str) -> tuple[str, int]:
        p = subprocess.run(["bash", "-c", command], cwd=root, capture_output=True, text=True)
        return p.stdout + p.stderr, p.returncode

    with BridgeClient.local(root) as bridge:
        bridge.sync()
        yield Actions(bridge, shell, root=str(root), **kwargs)


@pytest.fixture
def bridge(repo: Path) -> Iterator[BridgeClient]:
    with BridgeClient.local(repo) as client:
        client.sync()
        yield client


@pytest.fixture
def env(repo: Path, bridge: BridgeClient) -> BridgeTestEnvironment:
    return BridgeTestEnvironment(bridge, cwd=str(repo), timeout=60)


@pytest.fixture
def agent_config() -> dict[str, Any]:
    """The `agent:` block of the shipped config, with limits a scripted model never hits by accident."""
    config = yaml.safe_load(CONFIG.read_text())["agent"]
    config.pop("agent_class")
    config["action_types"] = ["bash", "open", "submit"]
    config["cost_limit"] = 0
    config["step_limit"] = 40
    return config


class RecordingModel(DeterministicModel):
    """DeterministicModel that keeps every call's messages exactly as the agent sent them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.calls: list[list[dict]] = []

    def query(self, messages: list[dict], **kwargs: Any) -> dict:
        self.calls.append(copy.deepcopy(messages))
        return super().query(messages, **kwargs)


def flat(messages: list[dict]) -> str:
    """A call's messages as one string (content parts joined), as a provider's prefix cache compares them."""
    return "".join(
        f"<{m['role']}>" + (m["content"] if isinstance(m["content"], str) else "".join(p["text"] for p in m["content"]))
        for m in messages
    )


def numbered(text: str) -> list[int]:
    """The line numbers a rendered answer shows: numbered lines, and each blank line or line continuing a statement
    (indented, without a number) as the line after the one above (it has no number of its own)."""
    out: list[int] = []
    prev: int | None = None
    for row in text.split("\n"):
        if m := re.match(r"(\d+)(?: |$)", row):
            prev = int(m[1])
            out.append(prev)
        elif prev is not None and (not row.strip() or (row.startswith(" ") and not row.lstrip().startswith("..."))):
            prev += 1
            out.append(prev)
        else:
            prev = None
    return out
