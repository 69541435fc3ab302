"""`phase_model_kwargs`: keyword arguments of the model call per phase, e.g. a reflection at a lower reasoning effort.
The model is the shipped config's litellm class (PlainTextModel) answering through litellm's own `mock_response`; a
litellm callback records what litellm was asked to send the provider on each call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import litellm
import pytest
from litellm.integrations.custom_logger import CustomLogger
from pydantic import ValidationError

from agent.llm_ide_agent import LLMIDEAgent, LLMIDEAgentConfig
from agent.models import PlainTextModel
from tests.agent.conftest import BridgeTestEnvironment, act, reflect


class SentParams(CustomLogger):
    """The provider parameters of each call, in call order (litellm's pre-call hook runs on the calling thread)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[dict[str, Any]] = []

    def log_pre_api_call(self, model: str, messages: Any, kwargs: dict) -> None:
        self.calls.append(dict(kwargs.get("optional_params") or {}))


@pytest.fixture
def sent() -> Iterator[SentParams]:
    recorder, before = SentParams(), litellm.callbacks
    litellm.callbacks = [recorder]
    try:
        yield recorder
    finally:
        litellm.callbacks = before


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
