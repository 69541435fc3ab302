"""The Bug Consultant through the real LLM-IDE agent loop (DeterministicModel, real shell, real lsp-bridge): one
record with two trials and advice in the next prompt; a second run retrieves it; a broken summary model does not
stop the run; switched off, no record and no advice section."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from minisweagent.models.test_models import DeterministicModel

from agent.bug_consultant.report import bug_report
from agent.bug_consultant.store import BugStore
from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import (
    TEST_CART,
    TEST_COMMAND,
    BridgeTestEnvironment,
    act,
    agent_config,
    bridge,
    bug_episode,
    env,
    reflect,
    repo,
    scripted,
    sections_of,
)

__all__ = ["agent_config", "bridge", "env", "repo"]  # the agent tests' fixtures, used here as they are

TASK = "Cart.total() ignores the quantity."


def second_run() -> list[dict]:
    """The same bug in a new run: the first failure brings the earlier fix; it is applied at once."""
    return scripted(
        act("Run the test.", "bash", TEST_COMMAND),
        reflect(False, "test_total fails with AssertionError."),
        act(
            "Multiply by qty, as the earlier fix did.",
            "bash",
            "sed -i 's/total += price$/total += price * qty/' shop/cart.py",
        ),
        reflect(False, "Multiplied by qty."),
        act("Run the test again.", "bash", TEST_COMMAND),
        reflect(False, "The test passes."),
        act("Submit.", "submit", ""),
    )


def run(env: BridgeTestEnvironment, config: dict[str, Any], outputs: list[dict], traj: Path) -> tuple[list, dict]:
    agent = LLMIDEAgent(DeterministicModel(outputs=outputs), env, **config, output_path=traj)
    assert agent.run(TASK)["exit_status"] == "Submitted"
    prompts = [m for m in agent.messages if "phase" in m.get("extra", {}).get("llm_ide", {})]
    return prompts, json.loads(traj.read_text())["info"]["bug_consultant"]


def with_consultant(config: dict[str, Any], store: Path, **block: Any) -> dict[str, Any]:
    return config | {"bug_consultant": {"use_bug_consultant": True, "store_path": str(store), **block}}


def test_episode_records_the_bug_and_a_new_run_retrieves_it(env, agent_config, repo, tmp_path):
    store = tmp_path / "shared" / "bugs.sqlite"
    prompts, stats = run(env, with_consultant(agent_config, store), bug_episode(), tmp_path / "run1.traj.json")

    (record,) = BugStore(store).get_many(BugStore(store).all_ids()).values()
    assert (record.command, record.exception_type, record.num_trials, record.resolved) == (
        TEST_COMMAND,
        "AssertionError",
        2,
        True,
    )
    assert [t.outcome for t in record.trials] == ["failed", "success"]
    assert record.failed_strategies == ["Maybe zero quantities are the problem."]
    assert record.successful_strategy == "Multiply by qty instead."
    assert record.trials[1].debug_code == "sed -i 's/total += price$/total += price * qty/' shop/cart.py"
    # its code: the project file the traceback passes through, read through the environment's shell
    assert record.original_code == f"# file: tests/test_cart.py\n{TEST_CART}"
    # the JSON copy for inspection goes beside the trajectory (the run's log folder), as in the seed
    assert json.loads((tmp_path / "bug_consultant" / f"bug_{record.id}.json").read_text())["resolved"] is True
    # the prompt right after the failed trial carries the advice: don't repeat the wrong fix
    advice = sections_of(prompts[5])["advice"]
    assert "### Approaches that failed on this bug (don't repeat)\n- Maybe zero quantities are the problem." in advice
    assert all("advice" not in sections_of(p) for p in prompts[:5])
    assert (stats["records"], stats["trials"], stats["bugs"][0]["first_attempt_fix"]) == (1, 2, False)

    subprocess.run(["git", "checkout", "-q", "--", "shop/cart.py"], cwd=repo, check=True)  # the bug is back
    prompts, stats = run(env, with_consultant(agent_config, store), second_run(), tmp_path / "run2.traj.json")
    advice = sections_of(prompts[1])["advice"]
    assert "### Similar past bugs\n1. AssertionError" in advice
    assert f"(command: `{TEST_COMMAND}`)\n   Fixed by: Multiply by qty instead." in advice
    assert '"Maybe zero quantities are the problem." does not fix AssertionError' in prompts[1]["content"]
    assert "advice" not in sections_of(prompts[0])
    assert stats["bugs"][0]["first_attempt_fix"] is True and stats["retrieved_above_threshold"] >= 1
    assert BugStore(store).count() == 2


def test_broken_summary_model_does_not_stop_the_run(env, agent_config, tmp_path):
    store = tmp_path / "bugs.sqlite"
    config = with_consultant(
        agent_config, store, summary_model="gpt-4o-mini", summary_model_kwargs={"mock_response": "I won't call tools."}
    )
    prompts, stats = run(env, config, bug_episode(), tmp_path / "run.traj.json")
    assert (stats["summary_calls"], stats["summary_failures"], stats["records"]) == (3, 3, 1)
    (record,) = BugStore(store).get_many(BugStore(store).all_ids()).values()
    assert record.summary_source == "deterministic" and record.resolved
    assert "- Maybe zero quantities are the problem." in sections_of(prompts[5])["advice"]


@pytest.mark.parametrize("block", [{"use_bug_consultant": False}, {}])
def test_switched_off_no_record_no_advice(block, env, agent_config, tmp_path):
    store = tmp_path / "off" / "bugs.sqlite"
    config = agent_config | {"bug_consultant": {**block, "store_path": str(store)}}
    prompts, stats = run(env, config, bug_episode(), tmp_path / "run.traj.json")
    assert all("advice" not in sections_of(p) and "Debugging Advice" not in p["content"] for p in prompts)
    assert not store.parent.exists()
    assert (stats["enabled"], stats["records"], stats["summary_calls"]) == (False, 0, 0)
    assert [(b["attempts"], b["resolved"]) for b in stats["bugs"]] == [(2, True)]  # the A/B control arm still counts


def test_ab_report_over_two_agent_runs(env, agent_config, repo, tmp_path):
    """Arm A (off) and arm B (on) run the same two episodes; the report reads the agents' own trajectories."""
    store = tmp_path / "store" / "bugs.sqlite"
    arms = {
        "a": agent_config | {"bug_consultant": {"use_bug_consultant": False}},
        "b": with_consultant(agent_config, store),
    }
    for arm, config in arms.items():
        for n, outputs in enumerate([bug_episode(), second_run()]):
            subprocess.run(["git", "checkout", "-q", "--", "shop/cart.py"], cwd=repo, check=True)
            traj = tmp_path / arm / f"instance-{n}" / f"instance-{n}.traj.json"
            traj.parent.mkdir(parents=True)
            run(env, config, outputs, traj)
    data = json.loads(bug_report(tmp_path / "a", tmp_path / "b", json_out=True))
    a, b = data["A"], data["B"]
    assert (a["enabled"], b["enabled"], a["trajectories"], b["trajectories"]) == (False, True, 2, 2)
    assert a["bugs"] == b["bugs"] == 2 and a["resolution_rate"] == b["resolution_rate"] == 1.0
    assert a["attempts_per_bug"] == b["attempts_per_bug"] == 1.5  # the scripts are the same in both arms
    assert a["advice_prompts"] == 0 and a["retrieved_candidates"] == 0
    assert b["advice_prompts"] >= 3 and b["retrieved_above_threshold"] >= 1 and b["summary_calls"] == 0
    assert "bug resolution rate" in bug_report(tmp_path / "a", tmp_path / "b")
