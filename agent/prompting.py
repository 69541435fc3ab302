"""The LLM-IDE agent's prompt: one jinja template per section (all from the config), laid out so that consecutive
model calls share a long prefix that providers can serve from their cache.

A prompt is a list of parts in four layers, each layer's sections in the config's order (`prompt_layout`):
- head: rendered once per run (tool usage, the response-format rules, the task), never changes;
- memory: the seed's compact rebuild from memory (code context, lessons, the operation history's one-line log and its
  latest steps in full), rendered again only at a rebuild (every `rebuild_every` steps, or when the records below
  pass `rebuild_chars`);
- records: one frozen part per step reflected since the rebuild (its code-context update, thought, action, summary,
  lessons), appended and never rewritten;
- tail: what changes per call (the last step with its observation, the Bug Consultant's advice) and, last, the
  phase's instruction (`response_format`).
A section whose template renders to blank text is left out. `PromptBuilder` owns this order and the cache
boundaries: after the head, after the memory, after the last record (and, when the next call extends this one,
after the whole prompt); `Prompt.message` turns them into Anthropic `cache_control` breakpoints when asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from jinja2 import Environment, StrictUndefined, Template

from agent.context import elide
from agent.memory import OperationNode

MAX_BREAKPOINTS = 4  # Anthropic's limit of cache_control marks per request


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
    env.filters["elide"] = elide
    return env


JINJA = _environment()


@lru_cache(maxsize=128)
def compile_template(template: str) -> Template:
    return JINJA.from_string(template)


def render(template: str, **variables: Any) -> str:
    return compile_template(template).render(**variables)


def node_view(
    node: OperationNode,
    *,
    is_last: bool,
    is_recent: bool,
    age: int = 0,
    in_code_context: bool = False,
    short: bool = False,
    bare: bool = False,
) -> dict[str, Any]:
    """What the history template sees of one chain node (`age`: how many chain nodes come after it;
    `in_code_context`: its observation is all in the prompt's Code Context; `short`: its one-line entry is the
    shorter kind; `bare`: it shows the operation without its summary)."""
    return {
        "short": short,
        "bare": bare,
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
class Part:
    name: str
    text: str
    cache: bool = False  # a cache boundary right after this part


@dataclass
class Prompt:
    """One call's new user message: its parts, how many of them (from the start) are a prefix an earlier call sent
    the same (`cached`), and whether it is a full rebuild from memory."""

    parts: list[Part]
    cached: int = 0
    rebuild: bool = False

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.parts)

    def offsets(self) -> dict[str, list[int]]:
        """Section name -> [start, end) in `text`: how a trajectory stores the sections without a second copy."""
        result, start = {}, 0
        for part in self.parts:
            result[part.name] = [start, start + len(part.text)]
            start += len(part.text) + 2
        return result

    def boundaries(self) -> list[int]:
        """Character offsets in `text` right after each part marked as a cache boundary."""
        ends = self.offsets()
        return [ends[p.name][1] for p in self.parts if p.cache]

    def cached_chars(self) -> int:
        """How much of `text` was meant to come from a provider's cache (the parts an earlier call sent as well)."""
        if not self.cached:
            return 0
        return self.offsets()[self.parts[self.cached - 1].name][1]

    def message(self, cache_control: bool) -> dict[str, Any]:
        """The API message: plain text, or (for providers with explicit caching) one text block per part with
        `cache_control` after each boundary, at most `MAX_BREAKPOINTS` (the last ones)."""
        if not cache_control:
            return {"role": "user", "content": self.text}
        marked = [i for i, p in enumerate(self.parts) if p.cache][-MAX_BREAKPOINTS:]
        blocks: list[dict[str, Any]] = []
        for i, part in enumerate(self.parts):
            block: dict[str, Any] = {"type": "text", "text": part.text + ("\n\n" if i < len(self.parts) - 1 else "")}
            if i in marked:
                block["cache_control"] = {"type": "ephemeral"}
            blocks.append(block)
        return {"role": "user", "content": blocks}


def split_sections(text: str, offsets: dict[str, list[int]]) -> dict[str, str]:
    """The sections of a stored prompt (the inverse of `Prompt.offsets`)."""
    return {name: text[start:end] for name, (start, end) in offsets.items()}


@dataclass
class Layout:
    head: list[str]
    memory: list[str]
    tail: list[str]
    record: str
    rebuild_every: int = 0
    rebuild_chars: int = 0


@dataclass
class Epoch:
    """What the prompt holds since the last rebuild."""

    at: int = -1  # n_operations at the rebuild; -1: none yet
    memory: list[Part] = field(default_factory=list)
    records: list[Part] = field(default_factory=list)

    @property
    def records_chars(self) -> int:
        return sum(len(p.text) + 2 for p in self.records)


class PromptBuilder:
    def __init__(self, section_templates: dict[str, str], layout: Layout) -> None:
        self.sections = {name: compile_template(t) for name, t in section_templates.items()}
        self.layout = layout
        self.head: list[Part] | None = None
        self.rebuilds = 0
        self.epoch = Epoch()

    def _render(self, names: list[str], variables: dict[str, Any]) -> list[Part]:
        parts = []
        for name in names:
            text = self.sections[name].render(**variables).strip()
            if text:
                parts.append(Part(name, text))
        return parts

    def needs_rebuild(self, n_operations: int, next_record_chars: int = 0) -> bool:
        """No memory rendered yet, `rebuild_every` steps since the last rebuild, or the records (with the one about
        to be appended) longer than `rebuild_chars`."""
        layout, epoch = self.layout, self.epoch
        if epoch.at < 0:
            return True
        if 0 < layout.rebuild_every <= n_operations - epoch.at:
            return True
        return 0 < layout.rebuild_chars < epoch.records_chars + next_record_chars

    def rebuild(self, variables: dict[str, Any], n_operations: int) -> None:
        """Render the head (once per run) and the memory sections; the records start empty."""
        if self.head is None:
            self.head = self._render(self.layout.head, variables)
        self.rebuilds += 1
        self.epoch = Epoch(n_operations, self._render(self.layout.memory, variables), [])

    def record(self, name: str, variables: dict[str, Any]) -> Part:
        """A step's frozen entry (not appended yet: `append`)."""
        return Part(name, self.sections[self.layout.record].render(**variables).strip())

    def append(self, part: Part) -> None:
        self.epoch.records.append(part)

    def build(
        self, instruction: str, variables: dict[str, Any], *, rebuilt: bool, added: int, extended: bool
    ) -> Prompt:
        """The call's prompt: head, memory, records, the tail sections and the phase's instruction (as
        `response_format`). Cache boundaries after the head, the memory and the last record, and after the whole
        prompt when the next call will extend it (`extended`). `rebuilt`: the memory is new in this call (only the
        head was sent before, and not even that by the first call); else `added` records were appended since the
        last call."""
        assert self.head is not None, "rebuild() first"
        head = [Part(p.name, p.text) for p in self.head]
        memory = [Part(p.name, p.text) for p in self.epoch.memory]
        records = [Part(p.name, p.text) for p in self.epoch.records]
        volatile = self._render(self.layout.tail, variables)
        volatile.append(Part("response_format", compile_template(instruction).render(**variables).strip()))
        for layer in (head, memory, records):
            if layer:
                layer[-1].cache = True
        if extended:
            volatile[-1].cache = True
        stable = head + memory + records
        cached = (len(head) if self.rebuilds > 1 else 0) if rebuilt else len(stable) - added
        return Prompt(stable + volatile, cached=cached, rebuild=rebuilt)

    def follow_up(self, instruction: str, variables: dict[str, Any], sections: list[str]) -> Prompt:
        """A message that extends the previous call (the action after the reflection): `sections`, then the
        instruction; all of what came before it was the previous call's prompt."""
        parts = self._render(sections, variables)
        parts.append(Part("response_format", compile_template(instruction).render(**variables).strip()))
        return Prompt(parts)
