"""`phase_model_kwargs`: keyword arguments of the model call per phase, e.g. a reflection at a lower reasoning effort.
The model is the shipped config's litellm class (PlainTextModel) answering through litellm's own `mock_response`; a
litellm input callback records what litellm was asked to send the provider on each call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import litellm
import pytest
from pydantic import ValidationError

from agent.llm_ide_agent import LLMIDEAgent, LLMIDEAgentConfig
from agent.models import PlainTextModel
from tests.agent.conftest import BridgeTestEnvironment, act, reflect


class SentParams:
    """The provider parameters of each call, in call order (litellm's input callback runs on the calling thread)."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, call: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        self.calls.append(dict(call.get("optional_params") or {}))


@pytest.fixture
def sent() -> Iterator[SentParams]:
    recorder, before = SentParams(), litellm.input_callback
    litellm.input_callback = [recorder]
    try:
        yield recorder
    finally:
        litellm.input_callback = before


def test_the_reflection_is_asked_with_its_own_arguments(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], sent: SentParams
) -> None:
    phases = {
        "reflection": {"reasoning_effort": "minimal", "mock_response": reflect(False, "total() adds prices only")},
        "action": {"mock_response": act("Where is [the sum](shop/cart.py:12)?", "open", "shop/cart.py:12")},
    }
    model = PlainTextModel(model_name="gpt-5-mini", cost_tracking="ignore_errors")
    agent = LLMIDEAgent(model, env, **agent_config | {"phase_model_kwargs": phases, "step_limit": 3})
    assert agent.run("Cart.total() ignores the quantity of each item.")["exit_status"] == "LimitsExceeded"
    # step 1: the action; step 2: the reflection on it, then the next action
    assert [c.get("reasoning_effort") for c in sent.calls] == [None, "minimal", None]
    phases_seen = [m.get("extra", {}).get("llm_ide", {}).get("phase") for m in agent.messages]
    assert [p for p in phases_seen if p] == ["action", "reflection", "action"]
    assert agent.memory.history.nodes[0].summary == "total() adds prices only"


def test_an_unknown_phase_is_one_clear_error(agent_config: dict[str, Any]) -> None:
    with pytest.raises(ValidationError, match=r"phase_model_kwargs: reflect is not a phase \(reflection, action"):
        LLMIDEAgentConfig(**agent_config | {"phase_model_kwargs": {"reflect": {"reasoning_effort": "low"}}})
