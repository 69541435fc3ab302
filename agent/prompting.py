"""Rendering the LLM-IDE agent's prompt from memory: one jinja template per section, all of them from the config.

A section whose template renders to blank text is left out. The sections keep the config's order (the seed's:
task, code context, operation history, tool usage, lessons learned, [debugging advice]); the response-format
template of the current phase comes last.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import Environment, StrictUndefined, Template

from agent.memory import OperationNode


def head_tail(text: str, head: int, tail: int, marker: str = "\n...\n") -> str:
    """The first `head` and last `tail` characters of a long text, cut at line ends where the text has lines,
    joined by `marker` (which may use `{n}`, the number of characters left out)."""
    if len(text) <= head + tail:
        return text
    first = text[:head]
    if "\n" in first:
        first = first.rpartition("\n")[0]
    last = text[len(text) - tail :] if tail else ""
    if "\n" in last:
        last = last.partition("\n")[2]
    return first + marker.format(n=len(text) - len(first) - len(last)) + last


def clip(text: str, limit: int, marker: str = "...") -> str:
    """One line of at most `limit` characters: newlines become spaces."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: max(0, limit - len(marker))] + marker


def _environment() -> Environment:
    env = Environment(undefined=StrictUndefined, keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True)
    env.filters["head_tail"] = head_tail
    env.filters["clip"] = clip
    return env


JINJA = _environment()


@lru_cache(maxsize=128)
def compile_template(template: str) -> Template:
    return JINJA.from_string(template)


def render(template: str, **variables: Any) -> str:
    return compile_template(template).render(**variables)


def within(observation: str, code_context: str) -> bool:
    """Every line of an observation that shows numbered code is also a line of the code context (indentation
    aside: the bridge right-aligns line numbers per file block), so the prompt need not show it twice."""
    lines = [line.strip() for line in observation.splitlines() if line.strip()]
    if not code_context or not any(line[:1].isdigit() for line in lines):
        return False
    shown = {line.strip() for line in code_context.splitlines()}
    return all(line in shown for line in lines)


def node_view(
    node: OperationNode, *, is_last: bool, is_recent: bool, age: int = 0, in_code_context: bool = False
) -> dict[str, Any]:
    """What the history template sees of one chain node (`age`: how many chain nodes come after it;
    `in_code_context`: its observation is all in the prompt's Code Context)."""
    return {
        "in_code_context": in_code_context,
        "age": age,
        "step": node.id + 1,
        "thought": node.thought,
        "action_type": node.action_type,
        "action_params": node.action_params,
        "observation": node.observation,
        "returncode": node.returncode,
        "bad_action": node.bad_action,
        "summary": node.summary,
        "lessons": node.lessons,
        "is_last": is_last,
        "is_recent": is_recent,
    }


@dataclass
class RenderedPrompt:
    sections: dict[str, str]  # section name -> rendered text, in prompt order (response_format last)

    @property
    def text(self) -> str:
        return "\n\n".join(self.sections.values())

    def offsets(self) -> dict[str, list[int]]:
        """Section name -> [start, end) in `text`: how a trajectory stores the sections without a second copy."""
        result, start = {}, 0
        for name, section in self.sections.items():
            result[name] = [start, start + len(section)]
            start += len(section) + 2
        return result


def split_sections(text: str, offsets: dict[str, list[int]]) -> dict[str, str]:
    """The sections of a stored prompt (the inverse of `RenderedPrompt.offsets`)."""
    return {name: text[start:end] for name, (start, end) in offsets.items()}


class PromptBuilder:
    def __init__(self, section_templates: dict[str, str]) -> None:
        self.sections = {name: compile_template(t) for name, t in section_templates.items()}

    def build(self, response_format: str, variables: dict[str, Any], only: list[str] | None = None) -> RenderedPrompt:
        """Render every section (or `only` these, still in prompt order) with `variables`, drop the blank ones, end
        with the response format."""
        rendered: dict[str, str] = {}
        for name, template in self.sections.items():
            if only is not None and name not in only:
                continue
            text = template.render(**variables).strip()
            if text:
                rendered[name] = text
        rendered["response_format"] = compile_template(response_format).render(**variables).strip()
        return RenderedPrompt(rendered)
