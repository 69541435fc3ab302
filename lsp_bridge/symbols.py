"""Fuzzy workspace-wide symbol search over every class, function, method and module/class attribute.

Entries are plain tuples, so the table can also be saved with the index and answer before the index has loaded.
Every stage is linear in the query and name lengths (no backtracking regular expression), the query is bounded,
and the names are scanned in slices, so one request cannot hold the interpreter for long.
"""

from __future__ import annotations

import re
import time
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from lsp_bridge.files import dotted
from lsp_bridge.model import CLASS, FIELD, INSTANCE_ATTR, FileIndex, Symbol

MAX_QUERY = 256  # longer queries are cut to this many characters
MAX_SUBSEQUENCE = 64  # longer queries match exactly, by prefix or as a substring only
SLICE = 1 << 16  # characters of names scanned per regular-expression call
BUDGET_S = 0.5  # the in-order (subsequence) stage stops after this long with what it has found


class Entry(NamedTuple):
    path: str
    index: int  # type: ignore[assignment]  # in the file's symbols (shadows tuple.index)
    name: str
    kind: int
    line: int
    col: int  # bytes
    ascii: bool  # the file is ASCII: byte columns are client columns
    container: str  # dotted module and enclosing classes/functions


def container_name(fi: FileIndex, s: Symbol, path: str) -> str:
    names = []
    p = s.parent
    while p >= 0:
        names.append(fi.symbols[p].name)
        p = fi.symbols[p].parent
    return ".".join([dotted(path), *reversed(names)])


def file_entries(fi: FileIndex) -> list[tuple]:
    module = dotted(fi.path)
    qualified: list[str] = []  # per symbol, for its children
    out = []
    for i, s in enumerate(fi.symbols):
        container = qualified[s.parent] if s.parent >= 0 else module
        qualified.append(f"{container}.{s.name}")
        if not (s.kind == FIELD and s.flags & INSTANCE_ATTR and s.name.startswith("_")):
            out.append((fi.path, i, s.name, s.kind, s.name_line, s.name_col, fi.ascii, container))
    return out


def subsequence_pattern(query: str) -> re.Pattern[str]:
    """A line that starts with the query's first character and holds the others in order. `[^c\\n]*c` can only stop
    at the next `c`, so a failed attempt gives each character back at most once: linear in the line, unlike `.*?c`
    (exponential backtracking)."""
    parts = [f"[^{re.escape(c)}\\n]*{re.escape(c)}" for c in query[1:]]
    return re.compile("^" + re.escape(query[:1]) + "".join(parts), re.M)


class SymbolTable:
    def __init__(self, entries: list[tuple]) -> None:
        self.by_name: dict[str, list[tuple]] = {}
        for e in entries:
            self.by_name.setdefault(e[2].casefold(), []).append(e)  # `ß` is `ss`, every sigma one
        self.alphabetical = sorted(self.by_name)
        # one name a line, shortest first: a scan meets the best (shortest) matches first; in slices of whole lines
        self.slices: list[str] = []
        lines: list[str] = []
        size = 0
        for name in sorted(self.alphabetical, key=len):  # stable: by length, then name
            lines.append(name)
            size += len(name) + 1
            if size >= SLICE:
                self.slices.append("\n" + "\n".join(lines) + "\n")
                lines, size = [], 0
        if lines:
            self.slices.append("\n" + "\n".join(lines) + "\n")

    def search(self, query: str, limit: int = 200) -> list[Entry]:
        """Best matches first: exact, prefix, substring, then in-order subsequence; shorter names first. Case is
        ignored by Unicode case folding (`GRÜSSE` finds `grüße`)."""
        q = query.strip()[:MAX_QUERY].casefold()
        names: dict[str, None] = {}
        count = 0

        def take(candidates: Iterable[str]) -> bool:
            nonlocal count
            for name in candidates:
                if name not in names:
                    names[name] = None
                    count += len(self.by_name[name])
                    if count >= limit:
                        return True
            return False

        if not q:
            take(name for part in self.slices for name in part.split())
        elif not take([q] if q in self.by_name else []):
            lo = bisect_left(self.alphabetical, q)
            hi = bisect_left(self.alphabetical, q + "\uffff", lo)
            done = take(sorted(self.alphabetical[lo:hi], key=len)) or take(self._lines(re.compile(re.escape(q))))
            if not done and 1 < len(q) <= MAX_SUBSEQUENCE:
                take(self._lines(subsequence_pattern(q), time.monotonic() + BUDGET_S))
        raw = query.strip()
        out: list[Entry] = []
        for name in names:
            group = [Entry(*e) for e in self.by_name[name]]
            group.sort(key=lambda e: (e.name != raw, e.kind != CLASS, e.path, e.index))
            out.extend(group)
        return out[:limit]

    def exact(self, name: str) -> list[Entry]:
        return [Entry(*e) for e in self.by_name.get(name.casefold(), []) if e[2] == name]

    def _lines(self, pattern: re.Pattern[str], deadline: float | None = None) -> Iterator[str]:
        """Names (lines) in which `pattern` matches, shortest first."""
        for part in self.slices:
            if deadline is not None and time.monotonic() > deadline:
                return
            for m in pattern.finditer(part):
                start = part.rfind("\n", 0, m.start()) + 1
                yield part[start : part.index("\n", m.end())]
