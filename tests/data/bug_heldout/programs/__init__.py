"""Broken programs of the held-out set, one `Prog` per run; the modules below each hold a list `PROGRAMS`."""

from __future__ import annotations

import textwrap

from bugset_runner import Prog

__all__ = ["P", "Prog"]


def P(
    group: str,
    library: str,
    callsite: str,
    path: str,
    expect: str,
    files: dict[str, str],
    args: tuple[str, ...] = (),
) -> Prog:
    """A program: `path` is the script that is run, `files` maps project paths to source text (dedented on use)."""
    sources = {p: textwrap.dedent(s).lstrip("\n") for p, s in files.items()}
    script_first = ((path, sources.pop(path)), *sources.items())
    return Prog(group, library, callsite, expect, script_first, args)
