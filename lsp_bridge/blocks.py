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
