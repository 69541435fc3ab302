"""Parsing the model's two kinds of answers: the reflection and the action, both as XML-like tags in plain text.

Text outside the tags is ignored (models like to explain themselves); a required tag that is missing, empty or
given twice, a `bad_action` that is not a boolean, or an action type the environment does not offer is a
`ResponseFormatError`, whose message tells the model what to fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class ResponseFormatError(ValueError):
    """The answer does not follow the response format; the message says why."""


@dataclass(frozen=True)
class Reflection:
    bad_action: bool
    summary: str
    lessons: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ActionRequest:
    thought: str
    action_type: str
    action_params: str


TRUE_WORDS = {"true", "yes", "1"}
FALSE_WORDS = {"false", "no", "0"}
NO_LESSONS = {"", "none", "n/a", "-", "none.", "no lessons", "no lessons."}


def _tag_values(text: str, name: str) -> list[str]:
    """Contents of every `<name>...</name>`; `-` may stand for `_` in the tag name (the seed's spelling)."""
    pattern = name.replace("_", "[_-]")
    return re.findall(rf"<{pattern}>(.*?)</{pattern}>", text, re.DOTALL)


def extract_tag(text: str, name: str, *, required: bool = True, allow_empty: bool = False) -> str:
    values = _tag_values(text, name)
    if len(values) > 1:
        raise ResponseFormatError(f"<{name}> appears {len(values)} times; give it exactly once.")
    if not values:
        if required:
            raise ResponseFormatError(f"Missing <{name}>...</{name}>.")
        return ""
    value = values[0]
    if not value.strip() and not allow_empty:
        raise ResponseFormatError(f"<{name}> is empty.")
    return value


FENCED = re.compile(r"\A\s*```[\w+-]*[ \t]*\n(.*?)\n[ \t]*```\s*\Z", re.DOTALL)


def _strip_block(value: str) -> str:
    """Drop the blank lines around a multi-line value and its trailing spaces, keep the first line's indent;
    a value wrapped whole in a Markdown code fence loses the fence."""
    if m := FENCED.match(value):
        value = m.group(1)
    return re.sub(r"\A(?:[ \t]*\n)+", "", value).rstrip()


def parse_reflection(text: str) -> Reflection:
    raw_bad = extract_tag(text, "bad_action").strip()
    first = raw_bad.lower().split(maxsplit=1)[0].strip(".,;:!")  # "False. The test ran." -> "false"
    if first in TRUE_WORDS:
        bad = True
    elif first in FALSE_WORDS:
        bad = False
    else:
        raise ResponseFormatError(f"<bad_action> must be true or false, got {raw_bad!r}.")
    # `<lessions>` is the seed's own misspelling
    tag = "lessions" if _tag_values(text, "lessions") and not _tag_values(text, "lessons") else "lessons"
    lessons_text = extract_tag(text, tag, allow_empty=True)
    lessons = [
        line.strip().lstrip("-*• ").strip()
        for line in lessons_text.splitlines()
        if line.strip().lstrip("-*• ").strip().lower() not in NO_LESSONS
    ]
    summary = extract_tag(text, "summary").strip()
    return Reflection(bad_action=bad, summary=summary, lessons=lessons)


def parse_action(text: str, action_types: list[str]) -> ActionRequest:
    thought = extract_tag(text, "thought").strip()
    action_type = extract_tag(text, "action_type").strip()
    params = _strip_block(extract_tag(text, "action_params", allow_empty=True))
    if action_types and action_type not in action_types:
        raise ResponseFormatError(f"Unknown action type {action_type!r}; use one of: {', '.join(action_types)}.")
    return ActionRequest(thought=thought, action_type=action_type, action_params=params)
