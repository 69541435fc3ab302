"""The prompt of a fixed memory state, rendered with the shipped templates and a real lsp-bridge (exact text)."""

from __future__ import annotations

from typing import Any

import pytest
from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from agent.memory import Memory
from agent.types import ChunkRef
from tests.agent.conftest import TOOL_USAGE, BridgeTestEnvironment, RecordingModel, act, reflect, scripted

TASK = "Cart.total() ignores the quantity of each item."


def fixed_memory() -> Memory:
    """Four operations: open total(), a bad cat, its alternative (run the test), an edit (not reflected yet)."""
    memory = Memory()
    steps = [
        (
            "Where is the [total computed](shop/cart.py:12)?",
            "open",
            "shop/cart.py:12",
            "...",
            0,
            [ChunkRef("shop/cart.py", "Cart", "total", True, (8, 9, 10, 11, 12, 13))],
            (False, "Cart.total adds price without qty at shop/cart.py:12.", []),
        ),
        (
            "Read the test.",
            "bash",
            "cat tests/test_kart.py",
            "cat: tests/test_kart.py: No such file or directory",
            1,
            [],
            (True, "cat failed: no such file.", ["check a path before reading it"]),
        ),
        (
            "Run [the test](tests/test_cart.py:4).",
            "bash",
            "python -m pytest -q",
            "F\n1 failed",
            1,
            [ChunkRef("shop/cart.py", None, "empty", False, (17,))],
            (False, "test_total fails as [the sum](shop/cart.py:12) ignores qty.", ["run one test, not the suite"]),
        ),
        (
            "Multiply by qty in [the loop](shop/cart.py:12).",
            "bash",
            "sed -i 's/price$/price * qty/' shop/cart.py",
            "\n".join(f"line {i}" for i in range(1, 41)),
            0,
            [],
            None,
        ),
    ]
    for thought, kind, params, observation, code, chunks, reflection in steps:
        node = memory.history.add(thought, kind, params)
        node.observation, node.returncode = observation, code
        memory.record_operation(thought, chunks)
        if reflection:
            node.bad_action, node.summary, node.lessons = reflection
    return memory


def make_agent(
    env: BridgeTestEnvironment, config: dict[str, Any], model: DeterministicModel | None = None, **overrides: Any
) -> LLMIDEAgent:
    agent = LLMIDEAgent(model or DeterministicModel(outputs=[]), env, **(config | overrides))
    agent.memory = fixed_memory()
    agent.extra_template_vars["task"] = TASK
    return agent


def first_prompt(agent: LLMIDEAgent) -> dict[str, str]:
    """The sections of the next step's first prompt (a rebuild: nothing was sent before)."""
    prompt = agent.start_turn().prompts[0]
    assert prompt.rebuild and prompt.text == "\n\n".join(p.text for p in prompt.parts)
    return {p.name: p.text for p in prompt.parts}


EXPECTED_HISTORY = """\
{heading}
### Step 3
Thought: Run [the test](tests/test_cart.py:4).
Action: bash
Params: python -m pytest -q
Summary: test_total fails as [the sum](shop/cart.py:12) ignores qty."""
HEADING = "## Operation History\nYour reasoning chain so far (operations replaced by an alternative are left out)."
STEP_1_FULL = """\
### Step 1
Thought: Where is the [total computed](shop/cart.py:12)?
Action: open
Params: shop/cart.py:12
Summary: Cart.total adds price without qty at shop/cart.py:12."""
STEP_1_LOG = """\
## Operation History
Your reasoning chain so far, one line per step (operations replaced by an alternative are left out); the latest
steps follow in full.
- Step 1: open shop/cart.py:12 => Cart.total adds price without qty at shop/cart.py:12."""
LAST_STEP = """\
### Step 4
Thought: Multiply by qty in [the loop](shop/cart.py:12).
Action: bash
Params: sed -i 's/price$/price * qty/' shop/cart.py
Observation (returncode 0):
line 1
line 2
line 3
line 4
... (268 characters left out) ...
line 39
line 40"""


@pytest.mark.parametrize(
    ("recent", "log", "heading"), [(2, None, HEADING + "\n" + STEP_1_FULL), (1, STEP_1_LOG, "## Latest Steps")]
)
def test_rebuild_prompt_of_a_fixed_memory(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], recent: int, log: str | None, heading: str
) -> None:
    """The seed's sections, laid out for caching: the static head (tool usage, response rules, task), the memory
    (the one-line log of older steps first, whose lines carry over between rebuilds, lessons, code context, then the
    chain's latest `recent_nodes` steps in full), then the last step with its observation and the instruction to
    reflect on it. The code context is the bridge's rendering of exactly the above-threshold chunks."""
    agent = make_agent(
        env, agent_config, memory={"recent_nodes": recent, "observation_head": 30, "observation_tail": 20}
    )
    sections = first_prompt(agent)
    assert list(sections) == [
        "tool_usage", "response_rules", "task", *(["history_log"] if log else []), "lessons", "code_context",
        "history", "last_step", "response_format"
    ]  # fmt: skip
    assert sections["tool_usage"] == "## Tool Usage\n" + TOOL_USAGE
    assert sections["task"] == "## Task Description\n" + TASK
    assert "<action_type>one of: bash, open, submit</action_type>" in sections["response_rules"]
    code_context = env.bridge.render_context(
        [
            {"file": "shop/cart.py", "class": "Cart", "function": "total", "whole_function": True,
             "lines": [8, 9, 10, 11, 12, 13]},
            {"file": "shop/cart.py", "class": None, "function": "empty", "whole_function": False, "lines": [17]},
        ]
    )  # fmt: skip
    assert "def total(self):" in code_context and "return Cart()" in code_context
    assert sections["code_context"] == (
        "## Code Context\n"
        "Code you accessed or cited recently (line numbers first; `...` marks left-out lines).\n" + code_context
    )
    # lessons of every node in node order, the bad step's too; the chain skips the bad step 2
    assert sections["lessons"] == "## Lessons Learned\n- check a path before reading it\n- run one test, not the suite"
    assert sections.get("history_log") == log
    assert sections["history"] == EXPECTED_HISTORY.format(heading=heading)
    assert sections["last_step"] == LAST_STEP
    assert sections["response_format"] == (
        "## Now\nReflect on step 4 and its observation: answer with <bad_action>, <lessons> and <summary> only."
    )


def test_an_observation_already_in_code_context_is_not_repeated(
    env: BridgeTestEnvironment, agent_config: dict[str, Any]
) -> None:
    """After `open`, the chunk it showed is in Code Context: the last step does not repeat it; in any other output,
    runs of at least 3 code lines the code context shows are left out (a marker says how many), the rest is shown."""
    agent = make_agent(env, agent_config)
    last = agent.memory.history.nodes[-1]
    last.action_type, last.action_params = "open", "shop/cart.py:12"
    last.observation = env.bridge.locate(file="shop/cart.py", line=12, whole_function=True)["text"]
    assert "def total(self):" in last.observation
    sections = first_prompt(agent)
    assert sections["last_step"].endswith("Observation (returncode 0): the code it showed, now in Code Context above.")
    assert "def total(self):" in sections["code_context"]
    agent = make_agent(env, agent_config)
    last = agent.memory.history.nodes[-1]
    last.observation = env.bridge.locate(file="shop/cart.py", line=12, whole_function=True)["text"] + "\n(1 more)"
    # a line the code context does not have: it is shown, the code lines the code context shows are left out
    assert first_prompt(agent)["last_step"].endswith(
        "Observation (returncode 0):\n... (7 lines shown in Code Context above) ...\n(1 more)"
    )
    agent = make_agent(env, agent_config)
    last = agent.memory.history.nodes[-1]
    last.observation = "\n".join(last.observation.splitlines()[:2]) + "\n(1 more)"  # a header and line 1 only
    assert first_prompt(agent)["last_step"].endswith(last.observation)  # fewer than 3 shown lines: kept as they are


def test_alternative_action_after_a_bad_reflection(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    """The reflection judges step 4 bad: the action call extends the reflection call with the alternative-action
    instruction."""
    outputs = scripted(reflect(True, "sed matched nothing.", "anchor sed patterns"), act("Again.", "bash", "true"))
    agent = make_agent(env, agent_config | {"step_limit": 2}, model=RecordingModel(outputs=outputs))
    assert agent.run(TASK)["exit_status"] == "LimitsExceeded"
    reflection, action = agent.model.calls  # type: ignore[attr-defined]
    assert action[:2] == reflection and action[2]["content"] == outputs[0]["content"]
    assert action[3]["content"] == (
        "## Now\n"
        "Step 4 was a bad action: it was invoked incorrectly, or its hypothesis could not be settled.\n"
        "Decide an alternative operation that replaces it; do not repeat it as it was. Answer with <thought>,\n"
        "<action_type> and <action_params>."
    )
    node = agent.memory.history.nodes[3]
    assert (node.bad_action, node.summary, node.lessons) == (True, "sed matched nothing.", ["anchor sed patterns"])
    assert agent.memory.history.nodes[4].parent == node.parent  # the alternative is a sibling


def test_code_context_keeps_the_best_chunks_that_fit(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    both = make_agent(env, agent_config).render_code_context()
    assert "def total" in both and "def empty" in both
    agent = make_agent(env, agent_config, memory={"max_context_chars": len(both) - 1})
    text = agent.render_code_context()
    # total() scores 2.23, empty() 0.85: only total() fits; the text is still the bridge's rendering
    assert text == env.bridge.render_context(
        [
            {
                "file": "shop/cart.py",
                "class": "Cart",
                "function": "total",
                "whole_function": True,
                "lines": [8, 9, 10, 11, 12, 13],
            }
        ]
    )
    assert "def empty" not in text and len(text) < len(both)
    threshold = make_agent(env, agent_config, memory={"threshold": 1.0})
    text = threshold.render_code_context()
    # only total() scores above 1.0 (2*0.85**3 + 1 = 2.23); empty() (0.85) drops out of the code context
    assert [round(c.activity.score, 3) for c in threshold.memory.code_context.chunks] == [2.228, 0.85]
    assert "def empty" not in text and "def total" in text


@pytest.mark.parametrize("stride", [1, 20])
def test_old_chain_nodes_get_shorter_lines(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], stride: int
) -> None:
    """Past `brief_nodes`, a one-line entry gets shorter; the boundary moves in steps of `log_stride` nodes, so with
    a stride of 20 this 2-node chain keeps both long and the log's text does not change from rebuild to rebuild."""
    agent = make_agent(env, agent_config, memory={"recent_nodes": 0, "brief_nodes": 1, "log_stride": stride})
    for node in agent.memory.history.nodes:
        node.summary = node.summary or "s"
    agent.memory.history.nodes[0].summary = "A" * 300
    agent.memory.history.nodes[2].summary = "B" * 300
    sections = first_prompt(agent)
    assert "history" not in sections  # no node is recent: all of the chain is in the log
    step_1 = "A" * 117 if stride == 1 else "A" * 237
    assert sections["history_log"].splitlines()[3:5] == [
        "- Step 1: open shop/cart.py:12 => " + step_1 + "...",  # oldest: clipped to 120 (short) or 240
        "- Step 3: bash python -m pytest -q => " + "B" * 237 + "...",  # brief: clipped to 240
    ]


def test_the_oldest_chain_nodes_keep_only_their_operation(
    env: BridgeTestEnvironment, agent_config: dict[str, Any]
) -> None:
    """Past `summary_nodes` one-line entries, an entry shows its operation without the summary (a long run's log grows
    by a few tokens a step); with 0 every entry keeps its summary."""
    memory = {"recent_nodes": 0, "brief_nodes": 1, "summary_nodes": 1, "log_stride": 1}
    agent = make_agent(env, agent_config, memory=memory)
    for node in agent.memory.history.nodes:
        node.summary = "found it"
    assert first_prompt(agent)["history_log"].splitlines()[3:5] == [
        "- Step 1: open shop/cart.py:12",
        "- Step 3: bash python -m pytest -q => found it",
    ]
    agent = make_agent(env, agent_config, memory={**memory, "summary_nodes": 0})
    for node in agent.memory.history.nodes:
        node.summary = "found it"
    assert first_prompt(agent)["history_log"].splitlines()[3] == "- Step 1: open shop/cart.py:12 => found it"
