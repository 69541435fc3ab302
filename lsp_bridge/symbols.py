"""Fuzzy workspace-wide symbol search over every class, function, method and module/class attribute."""

from __future__ import annotations

import re
from bisect import bisect_left

from lsp_bridge.model import CLASS, FIELD, INSTANCE_ATTR, FileIndex


class SymbolTable:
    def __init__(self, files: dict[str, FileIndex]) -> None:
        self.by_name: dict[str, list[tuple[str, int, str, int]]] = {}
        for path, fi in files.items():
            for i, s in enumerate(fi.symbols):
                if s.kind == FIELD and s.flags & INSTANCE_ATTR and s.name.startswith("_"):
                    continue
                self.by_name.setdefault(s.name.lower(), []).append((path, i, s.name, s.kind))
        self.alphabetical = sorted(self.by_name)
        # one name a line, shortest first: a scan of the blob meets the best (shortest) matches first
        self.blob = "\n" + "\n".join(sorted(self.by_name, key=lambda n: (len(n), n))) + "\n"

    def search(self, query: str, limit: int = 200) -> list[tuple[str, int]]:
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
            done = take(sorted(self.alphabetical[lo:hi], key=lambda n: (len(n), n))) or take(self._lines(re.escape(q)))
            if not done and len(q) > 1:
                take(self._lines("^" + "[^\n]*?".join(re.escape(c) for c in q)))
        raw = query.strip()
        out: list[tuple[str, int]] = []
        for name in names:
            group = sorted(self.by_name[name], key=lambda e: (e[2] != raw, e[3] != CLASS, e[0], e[1]))
            out.extend((path, i) for path, i, _, _ in group)
        return out[:limit]

    def _lines(self, pattern: str):
        blob = self.blob
        for m in re.finditer(pattern, blob, re.M):
            start = blob.rfind("\n", 0, m.start()) + 1
            yield blob[start : blob.index("\n", m.end())]
