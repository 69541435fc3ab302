"""Both calls of a step through real litellm model classes (litellm's `mock_response`, no provider): the plain-text
model of the shipped config, upstream's tool-calling model (which rejects a text-only answer with FormatError) and
upstream's text-based model (which wants one fenced command). The reflection must get through all of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from minisweagent.models.litellm_model import LitellmModel
from minisweagent.models.litellm_textbased_model import LitellmTextbasedModel

from agent.llm_ide_agent import LLMIDEAgent
from agent.models import PlainTextModel
from tests.agent.conftest import BridgeTestEnvironment, act, reflect

# one answer that holds both a reflection and an action: litellm's mock repeats it for every call
ANSWER = reflect(False, "The fix is in place; the test passes.") + "\n" + act("Submit the fix.", "submit", "")


@pytest.mark.parametrize("model_class", [PlainTextModel, LitellmModel, LitellmTextbasedModel])
def test_reflection_and_action_through_litellm(
    model_class: type, env: BridgeTestEnvironment, agent_config: dict[str, Any], repo: Path
) -> None:
    model = model_class(
        model_name="openai/gpt-4o-mini",
        model_kwargs={"mock_response": ANSWER, "_skip_mcp_handler": True},
        cost_tracking="ignore_errors",
    )
    (repo / "shop/cart.py").write_text((repo / "shop/cart.py").read_text().replace("+= price\n", "+= price * qty\n"))
    agent = LLMIDEAgent(model, env, **agent_config)
    done = agent.memory.history.add("Fix the sum.", "bash", "sed -i ... shop/cart.py")
    done.observation, done.returncode = "", 0
    agent.memory.record_operation(done.thought, [])

    result = agent.run("Cart.total() ignores the quantity of each item.")

    assert result["exit_status"] == "Submitted"
    assert "+                total += price * qty" in result["submission"]
    assert agent.n_calls == 2
    assert (done.bad_action, done.summary, done.lessons) == (False, "The fix is in place; the test passes.", [])
    assert [(n.action_type, n.parent) for n in agent.memory.history.nodes] == [("bash", None), ("submit", 0)]
    prompts = [
        m["extra"]["llm_ide"]["phase"] for m in agent.messages if "phase" in m.get("extra", {}).get("llm_ide", {})
    ]
    assert prompts == ["reflection", "action"]
