"""Prompts a provider can cache (real lsp-bridge, scripted answers): the action call extends the reflection call, each
step's first call extends the previous step's stable part until a rebuild, a rebuild comes at the configured budget,
Anthropic cache_control breakpoints only for Claude model names (at most 4), one-call mode, and the trajectory's
record of which part of each call was meant to be a cached prefix."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import BridgeTestEnvironment, RecordingModel, act, flat, reflect, scripted

CART, TEST = "shop/cart.py", "tests/test_cart.py"
FIX = "sed -i 's/total += price$/total += price * qty/' shop/cart.py"
RUN = "python -c 'from tests.test_cart import test_total; test_total()'"


def answers(steps: int) -> list[str]:
    """`steps` operations (open, open, bash, ...) and a submit, in the two-call order."""
    plan = [("Where is [the sum](shop/cart.py:12)?", "open", f"{CART}:12"), ("The test.", "open", f"{TEST}:5"),
            ("Run it.", "bash", RUN)]  # fmt: skip
    out = []
    for i in range(steps):
        thought, kind, params = plan[i % len(plan)]
        if i:
            out.append(reflect(False, f"Step {i} done: nothing new about [the sum](shop/cart.py:12)."))
        out.append(act(f"{thought} ({i})", kind, params))
    return [*out, reflect(False, "done"), act("Submit.", "submit", "")]


def merge_pairs(texts: list[str]) -> list[str]:
    """Two-call answers -> one-call answers (the reflection and the next action in one text)."""
    return [texts[0]] + [texts[i] + "\n" + texts[i + 1] for i in range(1, len(texts) - 1, 2)]


def run(env: BridgeTestEnvironment, config: dict[str, Any], texts: list[str], **model: Any) -> LLMIDEAgent:
    agent = LLMIDEAgent(RecordingModel(outputs=scripted(*texts), **model), env, **config)
    assert agent.run("Cart.total() ignores the quantity of each item.")["exit_status"] == "Submitted"
    return agent


def layout(config: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return config | {"prompt_layout": config.get("prompt_layout", {}) | changes}


def test_each_call_extends_the_last_until_a_rebuild(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    agent = run(env, layout(agent_config, rebuild_every=4, rebuild_chars=0), answers(9))
    calls = agent.model.calls  # type: ignore[attr-defined]
    assert len(calls) == 1 + 2 * 9
    # the action call is the reflection call plus the reflection's answer and the action instruction
    for reflection, action in zip(calls[1::2], calls[2::2], strict=True):
        assert action[: len(reflection)] == reflection
        assert [m["role"] for m in action[len(reflection) :]] == ["assistant", "user"]
        assert action[-1]["content"].startswith("## Now\nDecide the next operation, building on step")
    prompts = [m for m in agent.messages if m.get("extra", {}).get("llm_ide", {}).get("phase") == "reflection"]
    rebuilds = [p["extra"]["llm_ide"]["cache"]["rebuild"] for p in prompts]
    # rebuilt at step 1 (the first prompt) and every 4 steps: steps 5 and 9 (prompts of steps 2..10)
    assert rebuilds == [False, False, False, True, False, False, False, True, False]
    # between rebuilds, a step's prompt repeats the previous step's head, memory and records, and adds one record
    texts = [p["content"] for p in prompts]
    for i, rebuilt in enumerate(rebuilds[1:], 1):
        stable = prompts[i - 1]["extra"]["llm_ide"]["sections"]
        if rebuilt:
            head = stable["task"][1]
            assert texts[i][:head] == texts[i - 1][:head] and "## Code Context" in texts[i]
            continue
        before = max(end for name, (_, end) in stable.items() if name.startswith("step_") or name == "history"
                     or name in ("task", "lessons", "code_context"))  # fmt: skip
        assert texts[i][:before] == texts[i - 1][:before]
        assert texts[i][before:].startswith(f"\n\n### Step {i}\n") or "Code Context update after step" in texts[i]
    # the records are the reflected steps in the seed's order, frozen: step 6's record is the same text in step 7-9
    record = prompts[6]["extra"]["llm_ide"]["sections"]["step_6"]
    text = texts[6][record[0] : record[1]]
    assert text.startswith("### Step 6\nThought: Run it. (5)\nAction: bash\n") and "Summary: Step 6 done" in text
    assert all(text in t for t in texts[6:8])


def test_a_rebuild_at_the_records_budget(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    """Records since the last rebuild may not pass `rebuild_chars`: a rebuild renders the compact memory again."""
    agent = run(env, layout(agent_config, rebuild_every=0, rebuild_chars=900), answers(10))
    prompts = [m for m in agent.messages if m.get("extra", {}).get("llm_ide", {}).get("phase") == "reflection"]
    records = []
    for p in prompts:
        sections = p["extra"]["llm_ide"]["sections"]
        size = sum(end - start + 2 for name, (start, end) in sections.items() if name.startswith("step_"))
        records.append((p["extra"]["llm_ide"]["cache"]["rebuild"], size))
    assert any(rebuilt for rebuilt, _ in records)
    assert all(size <= 900 for _, size in records)
    for (rebuilt, size), (_, before) in zip(records[1:], records, strict=False):
        if rebuilt:  # only when the next record would not have fitted
            assert size == 0 and before > 900 - 600
    last = prompts[-1]["content"]
    assert "## Operation History\nYour reasoning chain so far" in last  # the seed's compact history after a rebuild


@pytest.mark.parametrize(
    ("model_name", "mode", "marked"),
    [
        ("anthropic/claude-sonnet-4-5", "auto", True),
        ("claude-3-7-sonnet-latest", "auto", True),
        ("openai/gpt-5-mini", "auto", False),
        ("openai/gpt-5-mini", "on", True),
        ("anthropic/claude-sonnet-4-5", "off", False),
    ],
)
def test_cache_control_breakpoints_only_where_wanted(
    model_name: str, mode: str, marked: bool, env: BridgeTestEnvironment, agent_config: dict[str, Any]
) -> None:
    agent = run(env, layout(agent_config, rebuild_every=3, cache_control=mode), answers(5), model_name=model_name)
    calls = agent.model.calls  # type: ignore[attr-defined]
    for call in calls:
        marks = [
            (i, j)
            for i, m in enumerate(call)
            if isinstance(m["content"], list)
            for j, part in enumerate(m["content"])
            if "cache_control" in part
        ]
        assert all(isinstance(m["content"], list) == (marked and m["role"] == "user") for m in call)
        if not marked:
            assert marks == []
            continue
        assert 1 <= len(marks) <= 4
        assert all(call[i]["content"][j]["cache_control"] == {"type": "ephemeral"} for i, j in marks)
    reflection, action = calls[3], calls[4]
    # the reflection marks the end of its prompt, which the action call reads back
    assert "cache_control" in reflection[1]["content"][-1] if marked else True
    # the parts joined are the prompt's text as the trajectory stores it
    prompt = next(m for m in agent.messages if m.get("extra", {}).get("llm_ide", {}).get("phase") == "reflection")
    assert flat([{"role": "user", "content": calls[1][1]["content"]}]) == "<user>" + prompt["content"]
    assert flat(action).startswith(flat(reflection))
    boundaries = prompt["extra"]["llm_ide"]["cache"]["boundaries"]
    assert boundaries == sorted(boundaries) and boundaries[-1] == len(prompt["content"])
    assert prompt["extra"]["llm_ide"]["cache"]["cache_control"] is marked


def test_single_call_mode_parses_and_records_both(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    texts = merge_pairs(answers(4))
    texts[2] = texts[2].replace("<bad_action>false", "<bad_action>true")  # step 2 judged bad: step 3 replaces it
    texts.insert(3, reflect(False, "no action tags"))  # a malformed one-call answer, retried
    config = agent_config | {"single_call": True, "output_path": tmp_path / "t.traj.json"}
    agent = run(env, config, texts)
    calls = agent.model.calls  # type: ignore[attr-defined]
    assert len(calls) == 1 + 4 + 1 == agent.n_calls
    nodes = agent.memory.history.nodes
    assert [(n.action_type, n.parent, n.bad_action) for n in nodes] == [
        ("open", None, False), ("open", 0, True), ("bash", 0, False), ("open", 2, False), ("submit", 3, None)
    ]  # fmt: skip
    assert nodes[0].summary == "Step 1 done: nothing new about [the sum](shop/cart.py:12)."
    traj = json.loads((tmp_path / "t.traj.json").read_text())
    prompts = [m for m in traj["messages"] if "phase" in m.get("extra", {}).get("llm_ide", {})]
    assert [p["extra"]["llm_ide"]["phase"] for p in prompts] == ["action"] + ["reflection_action"] * 4
    # the per-call instruction is short (never cached); the rules for both answers are in the head's Response Format
    assert prompts[1]["content"].endswith("## Now\nReflect on step 1, then decide the next operation: all six tags.")
    rules = "Asked for both, answer the reflection's three tags, then the operation's. An operation after a bad action"
    assert rules + "\nreplaces it: do not repeat it as it was." in prompts[1]["content"]
    error = next(m for m in traj["messages"] if m.get("extra", {}).get("interrupt_type") == "FormatError")
    assert error["content"] == (
        "Your answer did not follow the response format: Missing <thought>...</thought>.\n"
        "Answer again with <bad_action>, <lessons> and <summary>, then <thought>, <action_type> and "
        "<action_params>, each exactly once."
    )
    # the retry extends the failed call: its answer and the error message follow the same prompt
    assert calls[4][: len(calls[3])] == calls[3] and [m["role"] for m in calls[4][-2:]] == ["assistant", "user"]


def test_trajectory_marks_the_cached_prefix(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    config = layout(agent_config, rebuild_every=3) | {"output_path": tmp_path / "t.traj.json"}
    agent = run(env, config, answers(5))
    calls = agent.model.calls  # type: ignore[attr-defined]
    traj = json.loads((tmp_path / "t.traj.json").read_text())
    prompts = [m for m in traj["messages"] if "phase" in m.get("extra", {}).get("llm_ide", {})]
    assert len(prompts) == len(calls)
    for i, (prompt, call) in enumerate(zip(prompts, calls, strict=True)):
        cache = prompt["extra"]["llm_ide"]["cache"]
        k, chars = cache["prefix_messages"], cache["prefix_chars"]
        assert call[-1]["content"] == prompt["content"]  # no retries in this episode: the prompt ends its call
        meant = flat(call[:k]) + ("<user>" + prompt["content"][:chars] if chars else "")
        if prompt["extra"]["llm_ide"]["phase"] == "action" and i:
            assert k == 2 and chars == 0  # system and the reflection call's prompt; its answer is new input
        # the prefix meant to be cached was sent, the same, by an earlier call
        if chars or k > 1:
            assert any(flat(earlier).startswith(meant) for earlier in calls[:i]), (i, cache)
        if cache["rebuild"]:  # a rebuild reads the head back (the first call has nothing to read)
            assert chars == (prompt["extra"]["llm_ide"]["sections"]["task"][1] if i else 0)
    # the share of what the calls sent that was meant to come from a cache
    total = sum(len(flat(c)) for c in calls)
    caches = [p["extra"]["llm_ide"]["cache"] for p in prompts]
    meant = sum(len(flat(c[: m["prefix_messages"]])) + m["prefix_chars"] for c, m in zip(calls, caches, strict=True))
    assert meant > 0.6 * total, os.linesep.join(str(p["extra"]["llm_ide"]["cache"]) for p in prompts)
