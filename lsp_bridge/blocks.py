"""Rendered code context as data: what `lspBridge/renderContext` returns per file (no tree-sitter needed to read it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FileBlock:
    """One file of rendered code context: its `### File:` text and its numbered lines (1-based number, code)."""

    path: str
    text: str
    lines: list[tuple[int, str]]

    def to_dict(self) -> dict:
        return {"path": self.path, "text": self.text, "lines": [[n, code] for n, code in self.lines]}

    @classmethod
    def from_dict(cls, d: dict) -> FileBlock:
        return cls(str(d["path"]), str(d["text"]), [(int(n), str(code)) for n, code in d["lines"]])


def numbered_line(n: int, code: str, width: int, follows: bool = True) -> str:
    """One rendered line: its number left-aligned in `width` columns (the padding merges with the code's indentation
    into one token, where right-aligned numbers' padding costs a token of its own), one space, the code. A blank line
    that `follows` a rendered line n-1 stays blank: its number costs tokens, nothing cites it, and it is the line
    after the one above (a blank line after a gap or a file header keeps its number)."""
    if follows and not code.strip():
        return ""
    return f"{n:<{width}} {code}".rstrip()
