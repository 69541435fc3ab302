"""The actions' texts and shell commands, loaded from `agent/config/llm-ide/actions.yaml` (jinja2)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jinja2
import yaml

DEFAULT_ACTIONS_CONFIG = Path(__file__).resolve().parent.parent / "config" / "llm-ide" / "actions.yaml"
# messages every actions config gets unless it has its own text for them
DEFAULT_MESSAGES = Path(__file__).resolve().parent.parent / "templates" / "action_messages.yaml"

_JINJA = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False, autoescape=False)
_JINJA.filters["q"] = lambda value: shlex.quote(str(value))


@lru_cache(maxsize=256)
def _compiled(template: str) -> jinja2.Template:
    return _JINJA.from_string(template)


@dataclass
class ActionTemplates:
    usage: str
    forms: dict[str, str]
    messages: dict[str, str]
    commands: dict[str, str]
    debugger_subcommands: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | Path | None = None) -> ActionTemplates:
        source = Path(path) if path else DEFAULT_ACTIONS_CONFIG
        data = yaml.safe_load(source.read_text())
        missing = [k for k in ("usage", "forms", "messages", "commands") if k not in (data or {})]
        if missing:
            raise ValueError(f"{source}: missing {', '.join(missing)}")
        defaults = yaml.safe_load(DEFAULT_MESSAGES.read_text())["messages"]
        return cls(**{**data, "messages": {**defaults, **data["messages"]}})

    def render(self, template: str, /, **variables: object) -> str:
        return _compiled(template).render(**variables)

    def message(self, key: str, /, **variables: object) -> str:
        return self.render(self.messages[key], **variables)

    def command(self, key: str, /, **variables: object) -> str:
        return self.render(self.commands[key], **variables).strip()

    def form(self, action_type: str) -> str:
        return self.render(self.forms[action_type], subcommands=self.debugger_subcommands)
