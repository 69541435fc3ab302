"""The LLM-IDE agent's actions: `Actions(bridge, run_shell).execute(action_type, params) -> ActionResult`."""

from agent.actions.executor import ACTION_TYPES, ActionLimits, Actions, ShellRunner, chunk_to_dict
from agent.actions.params import ParamError
from agent.actions.templates import DEFAULT_ACTIONS_CONFIG, ActionTemplates

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_ACTIONS_CONFIG",
    "ActionLimits",
    "ActionTemplates",
    "Actions",
    "ParamError",
    "ShellRunner",
    "chunk_to_dict",
]
