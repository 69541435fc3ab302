"""A small template engine: `{{ name.attr|filter:arg }}` substitutions, `{% for x in items %}` loops with a `loop`
variable, `{% if %}`/`{% else %}` blocks, filters, autoescaping with html.escape and `safe` markup."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from typing import Any

TOKEN = re.compile(r"({{.*?}}|{%.*?%})", re.S)
FILTER_ARG = re.compile(r"^(\w+)(?::(.*))?$")
MISSING: Any = object()


class TemplateError(Exception):
    pass


class UndefinedError(TemplateError):
    pass


class Markup(str):
    """Text that is already HTML: never escaped again."""


def escape(value: object) -> Markup:
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def truncate(value: object, length: str = "20") -> str:
    text, n = str(value), int(length)
    if len(text) <= n:
        return text
    return text[: n - 1] + "…"


def default(value: object, fallback: str = "") -> object:
    return fallback if value is MISSING or value is None or value == "" else value


FILTERS: dict[str, Callable[..., object]] = {
    "upper": lambda v: str(v).upper(),
    "lower": lambda v: str(v).lower(),
    "title": lambda v: str(v).title(),
    "length": lambda v: len(v),
    "join": lambda v, sep=", ": sep.join(str(x) for x in v),
    "truncate": truncate,
    "default": default,
    "safe": lambda v: Markup(v),
    "escape": escape,
}


def literal(arg: str) -> str:
    arg = arg.strip()
    if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "\"'":
        return arg[1:-1]
    return arg


def lookup(context: Mapping[str, Any], dotted: str, strict: bool) -> Any:
    name, *attrs = dotted.strip().split(".")
    value = context.get(name, MISSING)
    for attr in attrs:
        if value is MISSING:
            break
        value = value.get(attr, MISSING) if isinstance(value, Mapping) else getattr(value, attr, MISSING)
    if value is MISSING and strict:
        raise UndefinedError(f"{dotted.strip()!r} is undefined")
    return value


def evaluate(expr: str, context: Mapping[str, Any], strict: bool) -> Any:
    name, *filters = [part.strip() for part in expr.split("|")]
    has_default = any(f.split(":")[0] == "default" for f in filters)
    value = lookup(context, name, strict and not has_default)
    for spec in filters:
        m = FILTER_ARG.match(spec)
        if not m or m.group(1) not in FILTERS:
            raise TemplateError(f"unknown filter {spec!r}")
        args = [literal(m.group(2))] if m.group(2) is not None else []
        value = FILTERS[m.group(1)](value, *args)
    return value


def tokenize(source: str) -> list[str]:
    return [part for part in TOKEN.split(source) if part]


class Template:
    def __init__(self, source: str, autoescape: bool = True, strict: bool = False) -> None:
        self.tokens = tokenize(source)
        self.autoescape = autoescape
        self.strict = strict
        self.tree, end = self.parse(0, ())
        if end != len(self.tokens):
            raise TemplateError(f"unexpected {self.tokens[end]!r}")

    def parse(self, pos: int, stop: tuple[str, ...]) -> tuple[list[Any], int]:
        nodes: list[Any] = []
        while pos < len(self.tokens):
            tok = self.tokens[pos]
            if tok.startswith("{%"):
                words = tok[2:-2].split()
                if not words:
                    raise TemplateError("empty block tag")
                if words[0] in stop:
                    return nodes, pos
                if words[0] == "for":
                    if len(words) != 4 or words[2] != "in":
                        raise TemplateError(f"bad for tag {tok!r}")
                    body, pos = self.parse(pos + 1, ("endfor",))
                    self.expect(pos, "endfor")
                    nodes.append(("for", words[1], words[3], body))
                elif words[0] == "if":
                    then, pos = self.parse(pos + 1, ("else", "endif"))
                    other: list[Any] = []
                    if pos < len(self.tokens) and self.tokens[pos][2:-2].split()[0] == "else":
                        other, pos = self.parse(pos + 1, ("endif",))
                    self.expect(pos, "endif")
                    nodes.append(("if", " ".join(words[1:]), then, other))
                else:
                    raise TemplateError(f"unknown tag {words[0]!r}")
            elif tok.startswith("{{"):
                nodes.append(("var", tok[2:-2]))
            else:
                nodes.append(("text", tok))
            pos += 1
        if stop:
            raise TemplateError(f"missing {stop[-1]}")
        return nodes, pos

    def expect(self, pos: int, word: str) -> None:
        if pos >= len(self.tokens) or self.tokens[pos][2:-2].split()[0] != word:
            raise TemplateError(f"missing {word}")

    def render(self, **context: Any) -> str:
        out: list[str] = []
        self.emit(self.tree, context, out)
        return "".join(out)

    def emit(self, nodes: list[Any], context: dict[str, Any], out: list[str]) -> None:
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "var":
                value = evaluate(node[1], context, self.strict)
                if value is MISSING or value is None:
                    continue
                out.append(escape(value) if self.autoescape else str(value))
            elif kind == "if":
                negate = node[1].startswith("not ")
                value = evaluate(node[1][4:] if negate else node[1], context, False)
                truth = value is not MISSING and bool(value)
                self.emit(node[2] if truth != negate else node[3], context, out)
            else:
                _, name, source, body = node
                items = list(evaluate(source, context, self.strict) or [])
                for i, item in enumerate(items):
                    loop = {"index": i + 1, "index0": i, "first": i == 0, "last": i == len(items) - 1}
                    self.emit(body, {**context, name: item, "loop": loop}, out)


def render(source: str, **context: Any) -> str:
    return Template(source).render(**context)
