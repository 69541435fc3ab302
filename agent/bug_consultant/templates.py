"""The Bug Consultant's jinja templates, loaded from `agent/config/bug_consultant.yaml`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, StrictUndefined, Template

TEMPLATES_PATH = Path(__file__).resolve().parent.parent / "config" / "bug_consultant.yaml"
_ENV = Environment(undefined=StrictUndefined, keep_trailing_newline=False, trim_blocks=False)


@cache
def load(path: Path = TEMPLATES_PATH) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(Path(path).read_text())
    return data


@cache
def _compile(source: str) -> Template:
    return _ENV.from_string(source)


def render_line(source: str, **context: Any) -> str:
    """A one-line template (folded YAML): whitespace collapsed."""
    return " ".join(_compile(source).render(**context).split())


def render_block(source: str, **context: Any) -> str:
    return _compile(source).render(**context)
