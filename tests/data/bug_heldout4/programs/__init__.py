"""The broken programs of bug_heldout4: one `Prog` per run, built with `P(...)`.

Every root-cause group is modelled on a real public bug report; its address is the program's `url`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Prog:
    """One run: the files of a small project (the script first), how to run it and what it must raise."""

    group: str
    library: str
    callsite: str
    expect: str
    url: str
    files: tuple[tuple[str, str], ...]
    args: tuple[str, ...] = field(default=())

    @property
    def path(self) -> str:
        return self.files[0][0]

    def sources(self) -> dict[str, str]:
        return dict(self.files)


def P(group: str, library: str, callsite: str, expect: str, url: str, files: dict[str, str], *args: str) -> Prog:
    """A program: `files` maps project paths to source text (dedented), the script first."""
    return Prog(
        group,
        library,
        callsite,
        expect,
        url,
        tuple((path, textwrap.dedent(text).lstrip("\n")) for path, text in files.items()),
        tuple(args),
    )
