"""Collections on the stdlib: a trie mapping words to values with prefix search, a sorted list (a multiset kept
sorted by a key with bisect, stable for equal keys), a priority queue with decrease-key on heapq (lazy deletion, ties
in insertion order), and a union-find with path compression and union by size."""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

_END = ""  # the key of a trie node that holds a word's value (no character is the empty string)
_REMOVED = object()  # a queue entry replaced by a later push


class EmptyQueueError(Exception):
    pass


class Trie:
    def __init__(self) -> None:
        self._root: dict[str, Any] = {}
        self._size = 0

    def __setitem__(self, word: str, value: Any) -> None:
        node = self._root
        for ch in word:
            node = node.setdefault(ch, {})
        if _END not in node:
            self._size += 1
        node[_END] = value

    def _find(self, prefix: str) -> dict[str, Any] | None:
        node = self._root
        for ch in prefix:
            node = node.get(ch)
            if node is None:
                return None
        return node

    def __getitem__(self, word: str) -> Any:
        node = self._find(word)
        if node is None or _END not in node:
            raise KeyError(word)
        return node[_END]

    def __contains__(self, word: str) -> bool:
        node = self._find(word)
        return node is not None and _END in node

    def __delitem__(self, word: str) -> None:
        path = [self._root]
        for ch in word:
            if ch not in path[-1]:
                raise KeyError(word)
            path.append(path[-1][ch])
        if _END not in path[-1]:
            raise KeyError(word)
        del path[-1][_END]
        self._size -= 1
        for ch, parent in zip(reversed(word), reversed(path[:-1]), strict=True):  # drop the nodes left empty
            if parent[ch]:
                break
            del parent[ch]

    def __len__(self) -> int:
        return self._size

    def starts_with(self, prefix: str) -> list[str]:
        """The words that start with prefix, sorted."""
        node = self._find(prefix)
        return [] if node is None else [prefix + rest for rest in self._walk(node)]

    def _walk(self, node: dict[str, Any]) -> Iterator[str]:
        if _END in node:
            yield ""
        for ch in sorted(k for k in node if k != _END):
            for rest in self._walk(node[ch]):
                yield ch + rest

    def longest_prefix(self, text: str) -> str:
        """The longest word that text starts with; KeyError if none."""
        node, best = self._root, None
        for i, ch in enumerate(text):
            node = node.get(ch)
            if node is None:
                break
            if _END in node:
                best = text[: i + 1]
        if best is None:
            raise KeyError(text)
        return best


class SortedList:
    def __init__(self, items: Iterable[Any] = (), key: Callable[[Any], Any] | None = None) -> None:
        self._key = key or (lambda item: item)
        self._keys: list[Any] = []
        self._items: list[Any] = []
        for item in items:
            self.add(item)

    def add(self, item: Any) -> None:
        k = self._key(item)
        i = bisect.bisect_right(self._keys, k)  # after equal keys: stable
        self._keys.insert(i, k)
        self._items.insert(i, item)

    def remove(self, item: Any) -> None:
        k = self._key(item)
        i = bisect.bisect_left(self._keys, k)
        while i < len(self._keys) and self._keys[i] == k:
            if self._items[i] == item:
                del self._keys[i], self._items[i]
                return
            i += 1
        raise ValueError(f"{item!r} not in list")

    def count(self, item: Any) -> int:
        k = self._key(item)
        return bisect.bisect_right(self._keys, k) - bisect.bisect_left(self._keys, k)

    def between(self, low: Any, high: Any) -> list[Any]:
        """The items whose key is in [low, high)."""
        return self._items[bisect.bisect_left(self._keys, low) : bisect.bisect_left(self._keys, high)]

    def __getitem__(self, index: int) -> Any:
        return self._items[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


class PriorityQueue:
    """Lowest priority first, equal priorities in insertion order; pushing a queued item again changes its priority."""

    def __init__(self) -> None:
        self._heap: list[list[Any]] = []
        self._entries: dict[Hashable, list[Any]] = {}
        self._tie = itertools.count()

    def push(self, item: Hashable, priority: float) -> None:
        if item in self._entries:
            self._entries.pop(item)[-1] = _REMOVED
        entry = [priority, next(self._tie), item]
        self._entries[item] = entry
        heapq.heappush(self._heap, entry)

    def decrease_key(self, item: Hashable, priority: float) -> None:
        old = self._entries[item][0]
        if priority > old:
            raise ValueError(f"new priority {priority} is above {old}")
        self.push(item, priority)

    def pop(self) -> tuple[Any, float]:
        while self._heap:
            entry = heapq.heappop(self._heap)
            if entry[-1] is not _REMOVED:
                del self._entries[entry[-1]]
                return entry[-1], entry[0]
        raise EmptyQueueError("pop from an empty priority queue")

    def __contains__(self, item: object) -> bool:
        return item in self._entries

    def __len__(self) -> int:
        return len(self._entries)


class UnionFind:
    def __init__(self, items: Iterable[Hashable] = ()) -> None:
        self._parent: dict[Hashable, Hashable] = {}
        self._size: dict[Hashable, int] = {}
        for item in items:
            self.add(item)

    def add(self, item: Hashable) -> None:
        if item not in self._parent:
            self._parent[item] = item
            self._size[item] = 1

    def find(self, item: Hashable) -> Hashable:
        root = item
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[item] != root:  # path compression
            self._parent[item], item = root, self._parent[item]
        return root

    def union(self, a: Hashable, b: Hashable) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        return True

    def connected(self, a: Hashable, b: Hashable) -> bool:
        return self.find(a) == self.find(b)

    def size(self, item: Hashable) -> int:
        return self._size[self.find(item)]

    def groups(self) -> list[list[Hashable]]:
        """The sets, each in insertion order, ordered by their first member."""
        out: dict[Hashable, list[Hashable]] = {}
        for item in self._parent:
            out.setdefault(self.find(item), []).append(item)
        return list(out.values())
