"""Sets of half-open ranges [start, end) on bisect: kept sorted, disjoint and merged (touching ranges join), with add,
remove (subtract), point queries, overlap tests, intersection, complement within bounds and total length."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator

Point = float


class RangeError(ValueError):
    """A range whose end comes before its start, or a query on an empty set."""


class RangeSet:
    def __init__(self, ranges: Iterable[tuple[Point, Point]] = ()) -> None:
        self._starts: list[Point] = []
        self._ends: list[Point] = []
        for start, end in ranges:
            self.add(start, end)

    @staticmethod
    def _check(start: Point, end: Point) -> None:
        if end < start:
            raise RangeError(f"range [{start}, {end}) ends before it starts")

    def add(self, start: Point, end: Point) -> None:
        self._check(start, end)
        if start == end:
            return
        i = bisect.bisect_left(self._ends, start)  # the first range that ends at or after start
        j = bisect.bisect_right(self._starts, end)  # past the last range that starts at or before end
        if i < j:
            start = min(start, self._starts[i])
            end = max(end, self._ends[j - 1])
        self._starts[i:j] = [start]
        self._ends[i:j] = [end]

    def remove(self, start: Point, end: Point) -> None:
        self._check(start, end)
        i = bisect.bisect_right(self._ends, start)  # the first range that ends after start
        j = bisect.bisect_left(self._starts, end)  # past the last range that starts before end
        if i >= j:
            return
        starts, ends = [], []
        if self._starts[i] < start:
            starts.append(self._starts[i])
            ends.append(start)
        if self._ends[j - 1] > end:
            starts.append(end)
            ends.append(self._ends[j - 1])
        self._starts[i:j] = starts
        self._ends[i:j] = ends

    def find(self, point: Point) -> tuple[Point, Point] | None:
        """The range that holds point, or None."""
        i = bisect.bisect_right(self._starts, point) - 1
        if i >= 0 and point < self._ends[i]:
            return self._starts[i], self._ends[i]
        return None

    def __contains__(self, point: Point) -> bool:
        return self.find(point) is not None

    def overlaps(self, start: Point, end: Point) -> bool:
        """Whether [start, end) shares a point with the set."""
        i = bisect.bisect_right(self._ends, start)
        return i < len(self._starts) and self._starts[i] < end

    def intersection(self, other: RangeSet) -> RangeSet:
        out = RangeSet()
        a = b = 0
        while a < len(self._starts) and b < len(other._starts):
            start = max(self._starts[a], other._starts[b])
            end = min(self._ends[a], other._ends[b])
            if start < end:
                out.add(start, end)
            if self._ends[a] < other._ends[b]:
                a += 1
            else:
                b += 1
        return out

    def union(self, other: RangeSet) -> RangeSet:
        out = RangeSet(self)
        for start, end in other:
            out.add(start, end)
        return out

    def complement(self, low: Point, high: Point) -> RangeSet:
        """The points of [low, high) that are not in the set."""
        out = RangeSet([(low, high)])
        for start, end in self:
            out.remove(start, end)
        return out

    def span(self) -> tuple[Point, Point]:
        if not self._starts:
            raise RangeError("an empty range set has no span")
        return self._starts[0], self._ends[-1]

    def total(self) -> Point:
        return sum(end - start for start, end in self)

    def __iter__(self) -> Iterator[tuple[Point, Point]]:
        return zip(self._starts, self._ends, strict=True)

    def __len__(self) -> int:
        return len(self._starts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RangeSet) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"RangeSet({list(self)!r})"
