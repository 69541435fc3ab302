"""Parse the params of the built-in actions: the small documented forms in `actions.yaml`, nothing looser.

Every parser raises `ParamError(reason)` when the params do not fit; the executor turns it into an observation that
quotes the valid forms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_SYMBOL = re.compile(rf"^{IDENT}(?:\.{IDENT})*$")
_FILE_LINES = re.compile(r"^(?P<file>[^\s:]+?)(?::(?P<start>\d+)(?:\s*-\s*(?P<end>\d+))?)?$")
_FILE_LINE_NAME = re.compile(rf"^(?P<file>[^\s:]+):(?P<line>\d+)(?::\d+)?\s+(?P<name>{IDENT})$")
_FILE_SUFFIXES = (".py", ".pyi", ".pyx", ".cfg", ".toml", ".ini", ".txt", ".rst", ".md", ".yaml", ".yml", ".json")


class ParamError(ValueError):
    """The params do not fit the action's forms; the message says why."""


@dataclass(frozen=True)
class FileLines:
    """`path`, `path:LINE` or `path:START-END`."""

    file: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class Symbol:
    """`name`, `Class.method`, `pkg.mod.Class.method`."""

    name: str

    @property
    def last(self) -> str:
        return self.name.rsplit(".", 1)[-1]


@dataclass(frozen=True)
class FileLineName:
    """`path:LINE NAME`: NAME as written on that line."""

    file: str
    line: int
    name: str


@dataclass(frozen=True)
class Edit:
    file: str
    old: str
    new: str


def one_line(params: str) -> str:
    """The params as one line, without the quotes/backticks models like to wrap them in."""
    text = params.strip()
    if "\n" in text:
        raise ParamError("expected one line")
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "`'\"":
        text = text[1:-1].strip()
    if not text:
        raise ParamError("empty")
    return text


def normalize_path(path: str, root: str = "/testbed") -> str:
    """Repository-relative path: strips the workspace root and a leading `./`."""
    prefix = root.rstrip("/") + "/"
    if path.startswith(prefix):
        path = path[len(prefix) :]
    while path.startswith("./"):
        path = path[2:]
    return path


def looks_like_file(text: str) -> bool:
    return "/" in text or text.endswith(_FILE_SUFFIXES)


def parse_target(params: str, root: str = "/testbed") -> FileLines | Symbol:
    """`open`'s target: a file (with optional line or range) or a symbol."""
    text = one_line(params)
    m = _FILE_LINES.match(text)
    if m and (looks_like_file(m["file"]) or m["start"]):
        start = int(m["start"]) if m["start"] else None
        end = int(m["end"]) if m["end"] else None
        if start is not None and start < 1:
            raise ParamError("lines start at 1")
        if start is not None and end is not None and end < start:
            raise ParamError(f"the range {start}-{end} ends before it starts")
        return FileLines(normalize_path(m["file"], root), start, end)
    if _SYMBOL.match(text):
        return Symbol(text)
    raise ParamError("neither a file nor an identifier")


def parse_symbol(params: str) -> Symbol:
    text = one_line(params)
    if not _SYMBOL.match(text):
        raise ParamError("not an identifier")
    return Symbol(text)


def parse_file_line_name(params: str, root: str = "/testbed") -> FileLineName | None:
    """`path:LINE NAME`, or None when the params have another shape."""
    m = _FILE_LINE_NAME.match(one_line(params))
    if not m:
        return None
    if int(m["line"]) < 1:
        raise ParamError("lines start at 1")
    return FileLineName(normalize_path(m["file"], root), int(m["line"]), m["name"])


def parse_use(params: str, root: str = "/testbed") -> FileLineName | Symbol:
    """`definition`/`references`: `path:LINE NAME` or a symbol."""
    found = parse_file_line_name(params, root)
    return found if found is not None else parse_symbol(params)


def parse_overview(params: str, root: str = "/testbed") -> tuple[str | None, str | None]:
    """(file, class): `path.py`, `path.py Class` (also `path.py:Class`) or `Class`."""
    text = one_line(params)
    parts = text.replace(":", " ").split() if looks_like_file(text.split()[0]) else text.split()
    if len(parts) == 1 and looks_like_file(parts[0]):
        return normalize_path(parts[0], root), None
    if len(parts) == 1 and _SYMBOL.match(parts[0]):
        return None, parts[0]
    if len(parts) == 2 and looks_like_file(parts[0]) and _SYMBOL.match(parts[1]):
        return normalize_path(parts[0], root), parts[1]
    raise ParamError("expected a file, a file and a class, or a class")


def _is_header(line: str, key: str) -> str | None:
    """The inline value after `key:` when `line` is that header (`old:`, `old: |`, `old: |-`), else None."""
    stripped = line.rstrip()
    if stripped == f"{key}:" or stripped.startswith(f"{key}: ") or stripped.startswith(f"{key}:\t"):
        return stripped[len(key) + 1 :].strip()
    return None


def parse_edit(params: str, root: str = "/testbed") -> Edit:
    """The `edit` form: `file:` line, `old:` header and lines, `new:` header and lines.

    A YAML block (`old: |`) is read as YAML; otherwise the lines between the headers are taken verbatim, so code
    keeps its indentation. Without a trailing newline the match may be part of a line; an empty `new` deletes the
    old lines, line ends included.
    """
    lines = params.strip("\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines or _is_header(lines[0], "file") is None:
        raise ParamError("the first line must be `file: path.py`")
    old_at = next((i for i, line in enumerate(lines) if _is_header(line, "old") is not None), None)
    new_at = next(
        (i for i, line in enumerate(lines) if i > (old_at or 0) and _is_header(line, "new") is not None), None
    )
    if old_at is None or new_at is None:
        raise ParamError("missing the `old:` or `new:` line")
    inline_old, inline_new = _is_header(lines[old_at], "old") or "", _is_header(lines[new_at], "new") or ""
    if inline_old.startswith("|"):
        return _yaml_edit(params, root)
    file = normalize_path(_is_header(lines[0], "file") or "", root)
    if not file or old_at != 1:
        raise ParamError("expected `file: path.py` then `old:` on the next line")
    old_lines = ([inline_old] if inline_old else []) + lines[old_at + 1 : new_at]
    new_lines = ([inline_new] if inline_new else []) + lines[new_at + 1 :]
    while new_lines and not new_lines[-1].strip():
        new_lines.pop()
    old, new = "\n".join(old_lines), "\n".join(new_lines)
    if not old.strip():
        raise ParamError("`old` is empty: copy the exact lines to replace")
    if not new_lines:
        old += "\n"
    return Edit(file, old, new)


def _yaml_edit(params: str, root: str) -> Edit:
    try:
        data = yaml.safe_load(params)
    except yaml.YAMLError as e:
        raise ParamError(f"not valid YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("file", "old")):
        raise ParamError("expected the keys file, old and new")
    new = data.get("new") or ""
    if not isinstance(new, str):
        raise ParamError("`new` must be text")
    if not data["old"].strip():
        raise ParamError("`old` is empty: copy the exact lines to replace")
    old = data["old"] if new else data["old"].rstrip("\n") + "\n"
    return Edit(normalize_path(data["file"].strip(), root), old, new)
