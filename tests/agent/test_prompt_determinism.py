"""The same episode gives the same prompts, byte for byte (real lsp-bridge, scripted answers): nothing in a prompt may
depend on when the background rendering of the code context finishes, or a provider's cache would miss at random."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent.llm_ide_agent import LLMIDEAgent
from lsp_bridge.client import BridgeClient
from tests.agent.conftest import BridgeTestEnvironment, RecordingModel, act, flat, reflect, scripted
from tests.agent.test_prompt_cache import CART, FIX, RUN, TEST, merge_pairs

UNDO = "git checkout -q -- shop/cart.py"


def episode() -> list[str]:
    """Reads, a test run, an edit, the test again, an undo and more reads (files change twice), in two-call order."""
    plan = [("Where is [the sum](shop/cart.py:12)?", "open", f"{CART}:12"), ("The test.", "open", f"{TEST}:5"),
            ("Run it.", "bash", RUN), ("Fix [the sum](shop/cart.py:12).", "bash", FIX), ("Again.", "bash", RUN),
            ("Undo.", "bash", UNDO), ("Cart again.", "open", f"{CART}:3"), ("The test again.", "open", f"{TEST}:5"),
            ("Fix it again.", "bash", FIX), ("Check.", "bash", RUN), ("Re-read.", "open", f"{CART}:12")]  # fmt: skip
    out = []
    for i, (thought, kind, params) in enumerate(plan):
        if i:
            out.append(reflect(False, f"Step {i} done: [the sum](shop/cart.py:12) seen.", "a lesson" if i == 3 else ""))
        out.append(act(thought, kind, params))
    return [*out, reflect(False, "done"), act("Submit.", "submit", "")]


def calls(repo: Path, bridge: BridgeClient, config: dict[str, Any], texts: list[str]) -> list[str]:
    env = BridgeTestEnvironment(bridge, cwd=str(repo), timeout=60)
    agent = LLMIDEAgent(RecordingModel(outputs=scripted(*texts)), env, **config)
    assert agent.run("Cart.total() ignores the quantity of each item.")["exit_status"] == "Submitted"
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=repo, check=True)
    bridge.sync()
    return [flat(c) for c in agent.model.calls]  # type: ignore[attr-defined]


@pytest.mark.parametrize("single_call", [False, True])
def test_identical_runs_send_identical_prompts(
    repo: Path, bridge: BridgeClient, agent_config: dict[str, Any], single_call: bool
) -> None:
    texts = merge_pairs(episode()) if single_call else episode()
    config = agent_config | {"single_call": single_call}
    config["prompt_layout"] = config.get("prompt_layout", {}) | {"rebuild_every": 4}  # rebuilds within the episode
    first = calls(repo, bridge, config, texts)
    second = calls(repo, bridge, config, texts)
    assert len(first) == len(second) == (12 if single_call else 23)
    for i, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a == b, f"call {i + 1} differs"
    # the episode did change what the prompts show: the edit is in a later prompt's code context
    assert any("total += price * qty" in c for c in first)
