"""Fuzzy workspace-wide symbol search over every class, function, method and module/class attribute.

Entries are plain tuples, so the table can also be saved with the index and answer before the index has loaded.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import NamedTuple

from lsp_bridge.model import CLASS, FIELD, INSTANCE_ATTR, FileIndex, Symbol


class Entry(NamedTuple):
    path: str
    index: int  # in the file's symbols
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
    module = path[:-3].replace("/", ".").removesuffix(".__init__")
    return ".".join([module, *reversed(names)])


def file_entries(fi: FileIndex) -> list[tuple]:
    module = fi.path[:-3].replace("/", ".").removesuffix(".__init__")
    qualified: list[str] = []  # per symbol, for its children
    out = []
    for i, s in enumerate(fi.symbols):
        container = qualified[s.parent] if s.parent >= 0 else module
        qualified.append(f"{container}.{s.name}")
        if not (s.kind == FIELD and s.flags & INSTANCE_ATTR and s.name.startswith("_")):
            out.append((fi.path, i, s.name, s.kind, s.name_line, s.name_col, fi.ascii, container))
    return out


class SymbolTable:
    def __init__(self, entries: list[tuple]) -> None:
        self.by_name: dict[str, list[tuple]] = {}
        for e in entries:
            self.by_name.setdefault(e[2].lower(), []).append(e)
        self.alphabetical = sorted(self.by_name)
        # one name a line, shortest first: a scan of the blob meets the best (shortest) matches first
        self.blob = "\n" + "\n".join(sorted(self.alphabetical, key=len)) + "\n"  # stable: by length, then name

    def search(self, query: str, limit: int = 200) -> list[Entry]:
        """Best matches first: exact, prefix, substring, then in-order subsequence; shorter names first."""
        q = query.strip().lower()
        names: dict[str, None] = {}
        count = 0

        def take(candidates) -> bool:
            nonlocal count
            for name in candidates:
                if name not in names:
                    names[name] = None
                    count += len(self.by_name[name])
                    if count >= limit:
                        return True
            return False

        if not q:
            take(self.blob.split())
        elif not take([q] if q in self.by_name else []):
            lo = bisect_left(self.alphabetical, q)
            hi = bisect_left(self.alphabetical, q + "\uffff", lo)
            done = take(sorted(self.alphabetical[lo:hi], key=len)) or take(self._lines(re.escape(q)))
            if not done and len(q) > 1:
                take(self._lines("^" + "[^\n]*?".join(re.escape(c) for c in q)))
        raw = query.strip()
        out: list[Entry] = []
        for name in names:
            out.extend(sorted(self.by_name[name], key=lambda e: (e[2] != raw, e[3] != CLASS, e[0], e[1])))
        return [Entry(*e) for e in out[:limit]]

    def exact(self, name: str) -> list[Entry]:
        return [Entry(*e) for e in self.by_name.get(name.lower(), []) if e[2] == name]

    def _lines(self, pattern: str):
        blob = self.blob
        for m in re.finditer(pattern, blob, re.M):
            start = blob.rfind("\n", 0, m.start()) + 1
            yield blob[start : blob.index("\n", m.end())]
