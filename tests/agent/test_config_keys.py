"""A misspelt key of the agent's config (the README's `memory.*`, `prompt_layout.*`, the `environment:` block and its
`action_limits`) is a validation error naming it, before any image is built; the shipped config still validates."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from agent.environment import LLMIDEEnvironmentConfig
from agent.hook import CONFIG
from agent.llm_ide_agent import LLMIDEAgentConfig


def shipped() -> dict[str, Any]:
    return yaml.safe_load(Path(CONFIG).read_text())


def agent_block(**changes: Any) -> dict[str, Any]:
    block = {k: v for k, v in shipped()["agent"].items() if k != "agent_class"}
    for key, value in changes.items():
        section, _, name = key.partition("__")
        if name:
            block[section] = {**block[section], name: value}
        else:
            block[section] = value
    return block


def environment_block(**changes: Any) -> dict[str, Any]:
    block = {k: v for k, v in shipped()["environment"].items() if k != "environment_class"}
    return {**block, "image": "testbed:latest", **changes}  # as upstream's runner passes it


def test_the_shipped_config_validates() -> None:
    assert LLMIDEAgentConfig(**agent_block()).memory.max_context_chars == 8000
    assert LLMIDEEnvironmentConfig(**environment_block(action_limits={"max_open_lines": 90})).lsp_timeout == 30.0


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"memory__treshold": 0.5}, "memory.treshold"),
        ({"prompt_layout__rebuild_evry": 5}, "prompt_layout.rebuild_evry"),
        ({"singel_call": True}, "singel_call"),
    ],
)
def test_a_misspelt_agent_key_is_named(changes: dict[str, Any], named: str) -> None:
    with pytest.raises(ValidationError, match=rf"{named}\s+Extra inputs are not permitted"):
        LLMIDEAgentConfig(**agent_block(**changes))


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"lsp_timout": 5}, r"lsp_timout\s+Extra inputs are not permitted"),
        ({"pull_timout": 5}, r"pull_timout\s+Extra inputs are not permitted"),
        ({"action_limits": {"max_open_line": 90}}, r"max_open_line: not an action limit \(known: .*max_open_lines"),
        ({"action_limits": {"max_open_lines": -5}}, r"max_open_lines: an action limit is a count, at least 0"),
    ],
)
def test_a_misspelt_environment_key_is_named(changes: dict[str, Any], named: str) -> None:
    with pytest.raises(ValidationError, match=named):
        LLMIDEEnvironmentConfig(**environment_block(**changes))


def test_upstream_runners_interactive_keys_are_accepted() -> None:
    """`mini-extra swebench-single -y --exit-immediately` passes `mode` and `confirm_exit` to the agent's config."""
    config = LLMIDEAgentConfig(**agent_block(mode="yolo", confirm_exit=False, whitelist_actions=[]))
    assert not hasattr(config, "mode") and config.single_call is False


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"action_types": ["bash", "opne", "submit"]}, "action_types: opne is not an action (bash, open, "),
        ({"read_only_actions": ["open", "overveiw"]}, "read_only_actions: overveiw is not an action"),
    ],
)
def test_a_misspelt_action_is_named(changes: dict[str, Any], named: str) -> None:
    """`opne` in action_types was listed to the model as an action and refused when the model used it."""
    with pytest.raises(ValidationError, match=re.escape(named)):
        LLMIDEAgentConfig(**agent_block(**changes))


@pytest.mark.parametrize(
    ("changes", "named"),
    [({"memory__max_chunks": -3}, "memory.max_chunks"), ({"memory__gamma": 7}, "memory.gamma"),
     ({"memory__log_stride": 0}, "memory.log_stride"), ({"prompt_layout__rebuild_every": -1},
     "prompt_layout.rebuild_every"), ({"prompt_layout__rebuild_chars": -1}, "prompt_layout.rebuild_chars")],
)  # fmt: skip
def test_a_memory_value_out_of_range_is_named(changes: dict[str, Any], named: str) -> None:
    """Found by a user trial: `max_chunks: -3` and `gamma: 7` were accepted (a decay above 1 grows every score)."""
    with pytest.raises(ValidationError, match=rf"{named}\s+Input should be (greater|less) than"):
        LLMIDEAgentConfig(**agent_block(**changes))
