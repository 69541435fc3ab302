"""The broken programs of bug_heldout2: one `Prog` per run, grouped by root cause (`group`)."""

from __future__ import annotations

from bugset_runner import Prog

__all__ = ["P", "Prog"]


def P(group: str, library: str, callsite: str, expect: str, code: str, *args: str, path: str = "app.py") -> Prog:
    """A program from its source; a source made of several files has each after a '# file: <path>' line."""
    text = code.lstrip("\n")
    if not text.startswith("# file: "):
        return Prog(group, library, callsite, expect, ((path, text),), tuple(args))
    files: list[tuple[str, str]] = []
    for chunk in text.split("# file: ")[1:]:
        name, _, body = chunk.partition("\n")
        files.append((name.strip(), body.lstrip("\n")))
    return Prog(group, library, callsite, expect, tuple(files), tuple(args))
