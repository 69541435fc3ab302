"""The agent loop through DeterministicModel, a local shell and a real lsp-bridge: an opened chunk in the code
context, one bad action that becomes a sibling, a malformed answer retried, a fix, and the submission."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from minisweagent.environments.local import LocalEnvironment
from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import BridgeTestEnvironment, act, reflect, scripted, sections_of

FIX = "sed -i 's/total += price$/total += price * qty/' shop/cart.py"
TEST = "python -c 'from tests.test_cart import test_total; test_total()'"


def episode() -> list[dict]:
    return scripted(
        # step 1
        act("Where is the [total computed](shop/cart.py:12)?", "open", "shop/cart.py:12"),
        # step 2
        reflect(False, "Cart.total adds price without qty at shop/cart.py:12."),
        act("Run the failing test from [the test file](tests/test_cart.py:4).", "bash", "cat tests/test_kart.py"),
        # step 3: the path was wrong -> an alternative (sibling of step 2)
        reflect(True, "cat failed: tests/test_kart.py does not exist.", "check a path before reading it"),
        act("The test is tests/test_cart.py; the bug is [here](shop/cart.py:12).", "bash", TEST),
        # step 4: a malformed reflection (no summary), retried
        "<bad_action>false</bad_action><lessons></lessons>",
        reflect(False, "test_total fails: AssertionError, as [the sum](shop/cart.py:12) ignores qty."),
        act("Multiply by qty in [the loop](shop/cart.py:12).", "bash", FIX),
        # step 5: an unknown action type, retried
        reflect(False, "Edited shop/cart.py:12 to add price * qty."),
        act("Check it.", "grep", "qty"),
        act("Check the fix with the test.", "bash", TEST),
        # step 6
        reflect(False, "The test passes now."),
        act("Submit.", "submit", ""),
    )


def run_episode(env: BridgeTestEnvironment, config: dict[str, Any], tmp_path: Path) -> tuple[LLMIDEAgent, dict]:
    agent = LLMIDEAgent(DeterministicModel(outputs=episode()), env, **config, output_path=tmp_path / "run.traj.json")
    return agent, agent.run("Cart.total() ignores the quantity of each item.")


def test_episode_builds_tree_chain_and_submits(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], repo: Path, tmp_path: Path
) -> None:
    agent, result = run_episode(env, agent_config, tmp_path)
    assert result["exit_status"] == "Submitted"
    assert "+                total += price * qty" in result["submission"]
    assert subprocess.run(TEST, shell=True, cwd=repo, capture_output=True).returncode == 0

    tree = agent.memory.history
    assert [(n.action_type, n.parent, n.bad_action) for n in tree.nodes] == [
        ("open", None, False),
        ("bash", 0, True),
        ("bash", 0, False),  # the alternative: a sibling of the bad cat
        ("bash", 2, False),
        ("bash", 3, False),
        ("submit", 4, None),
    ]
    assert [n.id for n in tree.chain()] == [0, 2, 3, 4, 5]
    assert tree.lessons() == ["check a path before reading it"]
    assert tree.nodes[1].returncode == 1 and "No such file" in tree.nodes[1].observation
    # 13 outputs: 1 + 2*5 calls that parsed, plus the two malformed answers that were retried
    assert agent.n_calls == 13
    assert agent.memory.n_operations == 6

    # the opened chunk: accessed in op 1, cited by the thoughts of ops 1, 3 and 4 (not by reflections)
    (chunk,) = agent.memory.code_context.chunks
    assert (chunk.file_path, chunk.class_name, chunk.function, chunk.whole_function) == (
        "shop/cart.py",
        "Cart",
        "total",
        True,
    )
    assert chunk.activity.accessed == [1, 0, 0, 0, 0, 0]
    assert chunk.activity.referred == [1, 0, 1, 1, 0, 0]
    assert env.pushed[0] == [chunk.to_bridge() | {"score": 2.0}]

    # the format errors reached the model as messages and were retried
    errors = [m for m in agent.messages if m.get("extra", {}).get("interrupt_type") == "FormatError"]
    assert [e["extra"]["phase"] for e in errors] == ["reflection", "action"]
    assert errors[0]["content"].startswith("Your answer did not follow the response format: Missing <summary>")
    assert "Unknown action type 'grep'; use one of: bash, open, submit." in errors[1]["content"]


def test_prompts_follow_the_phases_and_never_replay_the_chat(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    agent, _ = run_episode(env, agent_config, tmp_path)
    prompts = [m for m in agent.messages if "llm_ide" in m.get("extra", {}) and "phase" in m["extra"]["llm_ide"]]
    phases = [p["extra"]["llm_ide"]["phase"][0].upper() for p in prompts]
    # steps 1..6; a retry asks again in the same chat (the error message follows), so no prompt is repeated
    assert phases == ["A", "R", "A", "R", "A", "R", "A", "R", "A", "R", "A"]
    first = sections_of(prompts[0])
    assert list(first) == ["tool_usage", "response_rules", "task", "response_format"]
    assert "\n\n".join(first.values()) == prompts[0]["content"]
    # the alternative action follows the reflection that judged step 2 bad, in the same chat
    assert list(sections_of(prompts[4])) == ["response_format"]
    assert prompts[4]["content"].startswith("## Now\nStep 2 was a bad action")
    # step 4's prompt: step 1 and the bad step 2 are frozen records (step 2 marked, with its lesson), step 3 is
    # the last step with its observation; the opened chunk came in as step 1's code-context update
    step4 = sections_of(prompts[5])
    assert list(step4) == [
        "tool_usage", "response_rules", "task", "step_1", "step_2", "last_step", "response_format"
    ]  # fmt: skip
    update = "Code Context update after step 1 (these files as they are now):\n### File: `shop/cart.py`\n"
    assert step4["step_1"].startswith(update)
    assert "\n\n## Operation History\n### Step 1\n" in step4["step_1"]
    assert step4["step_2"].endswith("Bad action: the next step replaces it.\nSummary: cat failed: tests/test_kart.py "
                                    "does not exist.\nLessons: check a path before reading it")  # fmt: skip
    assert step4["last_step"].startswith("### Step 3\nThought: The test is tests/test_cart.py")
    assert "Observation (returncode 1):\nTraceback" in step4["last_step"]
    assert prompts[5]["content"].count("Observation (returncode") == 1
    # every step's first prompt starts with the previous one's head and records (no rebuild in 6 steps)
    for before, after in zip(prompts[1::2], prompts[3::2], strict=False):
        end = max(e for name, (_, e) in before["extra"]["llm_ide"]["sections"].items() if name != "last_step"
                  and name != "response_format" and name != "context_update")  # fmt: skip
        assert after["content"][:end] == before["content"][:end]

    traj = json.loads((tmp_path / "run.traj.json").read_text())
    assert traj["trajectory_format"] == "mini-swe-agent-1.1"
    assert traj["info"]["exit_status"] == "Submitted"
    assert traj["info"]["llm_ide"]["memory"]["chain"] == [0, 2, 3, 4, 5]
    assert traj["info"]["llm_ide"]["code_context"].startswith("### File: `shop/cart.py`")
    # per step: the tree's shape, the chain and the chunks with scores (the submit step ends the run before its own)
    snapshots = [
        m["extra"]["llm_ide"]["memory"] for m in traj["messages"] if "memory" in m.get("extra", {}).get("llm_ide", {})
    ]
    assert [[(n["parent"], n["bad_action"]) for n in s["tree"]] for s in snapshots][2:] == [
        [(None, False), (0, True), (0, None)],
        [(None, False), (0, True), (0, False), (2, None)],
        [(None, False), (0, True), (0, False), (2, False), (3, None)],
    ]
    assert [s["chain"] for s in snapshots] == [[0], [0, 1], [0, 2], [0, 2, 3], [0, 2, 3, 4]]
    assert [[c["score"] for c in s["chunks"]] for s in snapshots] == [[2.0], [1.7], [2.445], [3.0782], [2.6165]]


def test_an_environment_without_the_llm_ide_methods_is_refused(agent_config: dict[str, Any]) -> None:
    with pytest.raises(TypeError) as info:
        LLMIDEAgent(DeterministicModel(outputs=[]), LocalEnvironment(), **agent_config)
    assert str(info.value) == (
        "LLMIDEAgent needs an environment with execute_action, tool_usage, render_blocks, set_agent_context "
        "(agent.environment); LocalEnvironment lacks execute_action, tool_usage, render_blocks, set_agent_context"
    )


@pytest.mark.parametrize(
    ("limits", "cost_per_answer", "calls"),
    [
        ({"step_limit": 4}, 0.0, 4),  # counted per model call: the action of step 3 is not asked for
        ({"cost_limit": 2.5}, 1.0, 3),  # charged per call, checked before each
    ],
)
def test_limits_are_checked_before_every_call(
    limits: dict[str, float],
    cost_per_answer: float,
    calls: int,
    env: BridgeTestEnvironment,
    agent_config: dict[str, Any],
) -> None:
    outputs = episode()
    for output in outputs:
        output["extra"]["cost"] = cost_per_answer
    agent = LLMIDEAgent(DeterministicModel(outputs=outputs), env, **(agent_config | limits))
    assert agent.run("Cart.total() ignores the quantity.")["exit_status"] == "LimitsExceeded"
    assert agent.n_calls == calls
    assert agent.cost == cost_per_answer * calls
    assert len(agent.memory.history.nodes) == 2
