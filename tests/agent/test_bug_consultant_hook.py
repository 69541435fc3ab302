"""The Bug Consultant inside the agent loop: every command is observed; switched on, a failing command that is
retried after a wrong fix brings a "Debugging Advice" section into the next prompts; the trajectory carries the
tracker's statistics in both arms of the A/B switch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import BridgeTestEnvironment, bug_episode, sections_of


@pytest.mark.parametrize("switch", [True, False])
def test_bug_consultant_in_the_loop(
    switch: bool, env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    config = agent_config | {"bug_consultant": {"use_bug_consultant": switch, "store_path": str(tmp_path / "b.db")}}
    agent = LLMIDEAgent(DeterministicModel(outputs=bug_episode()), env, **config, output_path=tmp_path / "t.traj.json")
    assert agent.run("Cart.total() ignores the quantity.")["exit_status"] == "Submitted"

    prompts = [{"sections": sections_of(m)} for m in agent.messages if "phase" in m.get("extra", {}).get("llm_ide", {})]
    with_advice = [i for i, p in enumerate(prompts) if "advice" in p["sections"]]
    stats = json.loads((tmp_path / "t.traj.json").read_text())["info"]["bug_consultant"]
    assert (stats["enabled"], stats["error_events"], stats["bugs"][0]["attempts"], stats["bugs"][0]["resolved"]) == (
        switch,
        2,
        2,
        True,
    )
    if not switch:
        assert with_advice == []
        assert stats["records"] == 0
        return
    # advice appears once the same command failed again after a fix attempt (step 4's two calls) and stays
    # while the bug is open (step 5's calls); the passing run in step 5 resolves it: none in step 6
    assert with_advice == [5, 6, 7, 8]
    for reflection, action in ((5, 6), (7, 8)):  # the lean reflection gets the same advice as the action
        assert prompts[reflection]["sections"]["advice"] == prompts[action]["sections"]["advice"]
        assert "code_context" not in prompts[reflection]["sections"]
    advice = prompts[5]["sections"]["advice"]
    assert advice.startswith("## Debugging Advice\n")
    assert "Maybe zero quantities are the problem." in advice
    assert list(prompts[5]["sections"]).index("advice") == list(prompts[5]["sections"]).index("response_format") - 1
    assert stats["records"] == 1
