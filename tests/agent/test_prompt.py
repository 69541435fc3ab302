"""The prompt of a fixed memory state, rendered with the shipped templates and a real lsp-bridge (exact text)."""

from __future__ import annotations

from typing import Any

import pytest
from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from agent.memory import Memory
from agent.types import ChunkRef
from tests.agent.conftest import TOOL_USAGE, BridgeTestEnvironment

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


def make_agent(env: BridgeTestEnvironment, config: dict[str, Any], **overrides: Any) -> LLMIDEAgent:
    agent = LLMIDEAgent(DeterministicModel(outputs=[]), env, **(config | overrides))
    agent.memory = fixed_memory()
    agent.extra_template_vars["task"] = TASK
    return agent


EXPECTED_REFLECTION = """\
## Task Description
Cart.total() ignores the quantity of each item.

## Operation History
Your reasoning chain so far (operations replaced by an alternative are left out).
{left_out}{step_1}### Step 3
Thought: Run [the test](tests/test_cart.py:4).
Action: bash
Params: python -m pytest -q
Summary: test_total fails as [the sum](shop/cart.py:12) ignores qty.
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
line 40

## Lessons Learned
- check a path before reading it
- run one test, not the suite

## Response Format
Reflect on step 4 and its observation. Answer with exactly these three tags:
<bad_action>true or false</bad_action>
<lessons>mistakes to avoid when calling a tool or making a hypothesis, one per line; empty if none</lessons>
<summary>a few sentences: what the action did and what it found out</summary>
bad_action is true when the action was invoked incorrectly and must be fixed, or when its hypothesis could
neither be supported nor refuted and needs replacing; it is false when the reasoning can go on from it.
The summary replaces the raw observation in later messages: keep the facts you will need (file:line, names,
values, error messages)."""
STEP_1 = "- Step 1: open shop/cart.py:12 => Cart.total adds price without qty at shop/cart.py:12.\n"


@pytest.mark.parametrize(
    ("chain_nodes", "left_out", "step_1"),
    [(0, "", STEP_1), (3, "", STEP_1), (2, "- (1 earlier step left out)\n", "")],
)
def test_reflection_prompt_of_a_fixed_memory(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], chain_nodes: int, left_out: str, step_1: str
) -> None:
    """The reflection judges the last operation: task, the chain's last nodes (the last with its observation) and
    the lessons (and the Bug Consultant's advice, when it has some); no code context or tool usage (those serve the
    action call)."""
    memory = {"recent_nodes": 2, "observation_head": 30, "observation_tail": 20, "reflection_chain_nodes": chain_nodes}
    agent = make_agent(env, agent_config, memory=memory)
    prompt = agent.build_prompt(agent.config.reflection_template, "reflection")
    assert list(prompt.sections) == ["task", "history", "lessons", "response_format"]
    assert prompt.text == EXPECTED_REFLECTION.format(left_out=left_out, step_1=step_1)


def test_action_prompt_of_a_fixed_memory(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    """The action call gets every section in the seed's order; its code context is the bridge's rendering of
    exactly the above-threshold chunks (the bridge defines that format)."""
    agent = make_agent(env, agent_config, memory={"recent_nodes": 2, "observation_head": 30, "observation_tail": 20})
    last = agent.memory.history.nodes[-1]
    last.bad_action, last.summary = False, "Multiplied by qty."
    prompt = agent.build_prompt(agent.config.action_template)
    code_context = env.bridge.render_context(
        [
            {
                "file": "shop/cart.py",
                "class": "Cart",
                "function": "total",
                "whole_function": True,
                "lines": [8, 9, 10, 11, 12, 13],
            },
            {"file": "shop/cart.py", "class": None, "function": "empty", "whole_function": False, "lines": [17]},
        ]
    )
    assert "def total(self):" in code_context and "return Cart()" in code_context
    assert list(prompt.sections) == ["task", "code_context", "history", "tool_usage", "lessons", "response_format"]
    assert prompt.sections["code_context"] == (
        "## Code Context\n"
        "Code you accessed or cited recently (line numbers first; `...` marks left-out lines).\n" + code_context
    )
    assert prompt.sections["tool_usage"] == "## Tool Usage\n" + TOOL_USAGE
    assert prompt.sections["response_format"] == (
        "## Response Format\n"
        "Decide the next operation, building on step 4.\n"
        "Answer with exactly these three tags:\n"
        "<thought>why this operation; ground it in code with citations like [the check](path/to/file.py:42)</thought>\n"
        "<action_type>one of: bash, open, submit</action_type>\n"
        "<action_params>the parameters, exactly as Tool Usage shows them</action_params>"
    )


def test_an_observation_already_in_code_context_is_not_repeated(
    env: BridgeTestEnvironment, agent_config: dict[str, Any]
) -> None:
    """After `open`, the chunk it showed is in Code Context: the action prompt does not repeat it, the reflection
    (which has no Code Context) shows it whole; any other output is shown as it is."""
    agent = make_agent(env, agent_config, memory={"recent_nodes": 1})
    last = agent.memory.history.nodes[-1]
    last.action_type, last.action_params = "open", "shop/cart.py:12"
    last.observation = env.bridge.locate(file="shop/cart.py", line=12, whole_function=True)["text"]
    assert "def total(self):" in last.observation
    action = agent.build_prompt(agent.config.action_template).sections
    assert action["history"].endswith("Observation (returncode 0): the code it showed, now in Code Context above.")
    assert "def total(self):" in action["code_context"] and "def total(self):" not in action["history"]
    reflection = agent.build_prompt(agent.config.reflection_template, "reflection").sections
    assert reflection["history"].endswith("Observation (returncode 0):\n" + last.observation)
    last.observation += "\n(1 more match)"  # a line the code context does not have
    assert agent.build_prompt(agent.config.action_template).sections["history"].endswith(last.observation)


def test_alternative_action_prompt_after_a_bad_action(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    agent = make_agent(
        env, agent_config, memory={"recent_nodes": 1, "threshold": 1.0, "observation_head": 30, "observation_tail": 20}
    )
    last = agent.memory.history.nodes[-1]
    last.bad_action, last.summary, last.lessons = True, "sed matched nothing.", ["anchor sed patterns"]
    prompt = agent.build_prompt(agent.config.alternative_action_template)
    # only total() scores above 1.0 (2*0.85**3 + 1 = 2.23); empty() (0.85) drops out of the code context
    assert [round(c.activity.score, 3) for c in agent.memory.code_context.chunks] == [2.228, 0.85]
    assert list(prompt.sections) == ["task", "code_context", "history", "tool_usage", "lessons", "response_format"]
    assert "def empty" not in prompt.sections["code_context"] and "def total" in prompt.sections["code_context"]
    assert prompt.sections["history"] == (
        "## Operation History\n"
        "Your reasoning chain so far (operations replaced by an alternative are left out).\n"
        "- Step 1: open shop/cart.py:12 => Cart.total adds price without qty at shop/cart.py:12.\n"
        "- Step 3: bash python -m pytest -q => test_total fails as [the sum](shop/cart.py:12) ignores qty.\n"
        "### Step 4 (bad action)\n"
        "Thought: Multiply by qty in [the loop](shop/cart.py:12).\n"
        "Action: bash\n"
        "Params: sed -i 's/price$/price * qty/' shop/cart.py\n"
        "Summary: sed matched nothing.\n"
        "Observation (returncode 0):\n"
        "line 1\nline 2\nline 3\nline 4\n... (268 characters left out) ...\nline 39\nline 40"
    )
    assert prompt.sections["lessons"] == (
        "## Lessons Learned\n- check a path before reading it\n- run one test, not the suite\n- anchor sed patterns"
    )
    assert prompt.sections["response_format"] == (
        "## Response Format\n"
        "Step 4 was a bad action: it was invoked incorrectly, or its hypothesis could not be settled.\n"
        "Decide an alternative operation that replaces it; do not repeat it as it was.\n"
        "Answer with exactly these three tags:\n"
        "<thought>why this alternative; ground it in code with citations like "
        "[the check](path/to/file.py:42)</thought>\n"
        "<action_type>one of: bash, open, submit</action_type>\n"
        "<action_params>the parameters, exactly as Tool Usage shows them</action_params>"
    )


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


def test_old_chain_nodes_get_shorter_lines(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    agent = make_agent(env, agent_config, memory={"recent_nodes": 1, "brief_nodes": 1})
    for node in agent.memory.history.nodes:
        node.summary = node.summary or "s"
    agent.memory.history.nodes[0].summary = "A" * 300
    agent.memory.history.nodes[2].summary = "B" * 300
    history = agent.build_prompt(agent.config.reflection_template).sections["history"]
    assert history.splitlines()[2:4] == [
        "- Step 1: open shop/cart.py:12 => " + "A" * 117 + "...",  # oldest: summary clipped to 120
        "- Step 3: bash python -m pytest -q => " + "B" * 237 + "...",  # brief: clipped to 240
    ]
