"""The broken programs of bug_heldout2: one `Prog` per run, grouped by root cause (`group`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Prog:
    """One broken program: its files (the script first), how it is run and the exception it must end with."""

    group: str
    library: str
    callsite: str
    expect: str
    files: tuple[tuple[str, str], ...]
    args: tuple[str, ...] = field(default=())

    @property
    def path(self) -> str:
        return self.files[0][0]

    def sources(self) -> dict[str, str]:
        return dict(self.files)


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
