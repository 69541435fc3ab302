"""Rendered code context as data: what `lspBridge/renderContext` returns per file (no tree-sitter needed to read it)."""

from __future__ import annotations

import io
import tokenize
from dataclasses import dataclass


@dataclass(frozen=True)
class FileBlock:
    """One file of rendered code context: its `### File:` text, its numbered lines (1-based number, code) and the
    digest of the file's text it was rendered from (`lspBridge/fileDigests` answers the same for the text now, so a
    client can keep a rendering until its file changes; "" when unknown)."""

    path: str
    text: str
    lines: list[tuple[int, str]]
    digest: str = ""

    def to_dict(self) -> dict:
        d = {"path": self.path, "text": self.text, "lines": [[n, code] for n, code in self.lines]}
        return {**d, "digest": self.digest} if self.digest else d

    @classmethod
    def from_dict(cls, d: dict) -> FileBlock:
        lines = [(int(n), str(code)) for n, code in d["lines"]]
        return cls(str(d["path"]), str(d["text"]), lines, str(d.get("digest") or ""))


def numbered_line(n: int, code: str, width: int, follows: bool = True, continued: bool = False) -> str:
    """One rendered line: its number left-aligned in `width` columns (the padding merges with the code's indentation
    into one token, where right-aligned numbers' padding costs a token of its own), one space, the code. A blank line
    that `follows` a rendered line n-1 stays blank: its number costs tokens, nothing cites it, and it is the line
    after the one above (a blank line after a gap or a file header keeps its number). A line that `follows` and is
    `continued` (it continues the statement begun above: a signature's parameters, a call's arguments, a docstring's
    lines) has no number either, its code in the same column: one cites and opens a statement by its first line, and
    its number is the count of lines from there."""
    if follows and not code.strip():
        return ""
    if follows and continued:
        return f"{'':<{width}} {code}".rstrip()
    return f"{n:<{width}} {code}".rstrip()


def continued_lines(codes: list[str], first: int = 1) -> set[int]:
    """Numbers of the lines (the first one numbered `first`) that continue a statement begun on an earlier line: inside
    brackets, a string over several lines (a docstring), after a backslash; by Python's own tokenizer. Lines it cannot
    read (a part cut in a string, not Python) are no continuation: every line keeps its number."""
    out: set[int] = set()
    start: int | None = None  # the first line of the logical line being read
    skip = (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    try:
        for tok in tokenize.generate_tokens(io.StringIO("\n".join(codes) + "\n").readline):
            if tok.type == tokenize.NEWLINE:
                if start is not None:
                    out.update(range(start + 1, tok.start[0] + 1))
                start = None
            elif tok.type not in skip and start is None:
                start = tok.start[0]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return set()
    return {n + first - 1 for n in out if n <= len(codes)}


def continued_rows(rows: list[tuple[int, str]]) -> set[int]:
    """`continued_lines` of numbered rows, read run by run (a gap between two rows starts a new run)."""
    out: set[int] = set()
    run: list[tuple[int, str]] = []
    for n, code in [*rows, (-1, "")]:
        if run and n != run[-1][0] + 1:
            out |= continued_lines([c for _, c in run], run[0][0])
            run = []
        run.append((n, code))
    return out
