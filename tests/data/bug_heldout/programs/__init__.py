"""Broken programs of the held-out set, one `Prog` per run; the modules below each hold a list `PROGRAMS`."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Prog:
    group: str  # root-cause label: runs with the same label share the same underlying mistake
    library: str  # where it surfaces: a library name, "stdlib" or "core"
    callsite: str  # short label of how the faulty code is reached
    path: str  # the script that is run, relative to the project directory
    expect: str  # the exception type the run must end with, or the run is dropped
    files: dict[str, str] = field(default_factory=dict)  # relative path -> source (dedented on use)
    args: tuple[str, ...] = ()  # command-line arguments after the script

    def sources(self) -> dict[str, str]:
        return {p: textwrap.dedent(s).lstrip("\n") for p, s in self.files.items()}


def P(
    group: str,
    library: str,
    callsite: str,
    path: str,
    expect: str,
    files: dict[str, str],
    args: tuple[str, ...] = (),
) -> Prog:
    return Prog(group, library, callsite, path, expect, files, args)
