"""Sequence utilities for cleaning measurement series: interval merging, run-length coding, chunking, medians,
stable keyed sorting, order-preserving de-duplication and rounding to a step."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def merge_intervals(intervals: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Closed intervals (start <= end) merged where they overlap or touch, sorted by start."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def rle_encode(items: Sequence[T]) -> list[tuple[T, int]]:
    """Runs of equal neighbours as (value, length) pairs."""
    runs: list[tuple[T, int]] = []
    for item in items:
        if runs and runs[-1][0] == item:
            runs[-1] = (item, runs[-1][1] + 1)
        else:
            runs.append((item, 1))
    return runs


def rle_decode(runs: Iterable[tuple[T, int]]) -> list[T]:
    """The sequence the runs were made from."""
    return [value for value, length in runs for _ in range(length)]


def chunks(items: Sequence[T], size: int) -> list[list[T]]:
    """Consecutive pieces of `size` items, the last one shorter when the items do not divide evenly."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def median(values: Sequence[int]) -> float:
    """The median; the mean of the two middle values for an even count."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def sort_by(records: Iterable[T], key: Callable[[T], int]) -> list[T]:
    """Records ordered by key, largest first; records with equal keys keep their input order."""
    return sorted(records, key=lambda r: -key(r))


def unique(items: Iterable[Hashable]) -> list[Hashable]:
    """Items without repeats, in order of first appearance."""
    seen: set[Hashable] = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def round_to_step(value: int, step: int) -> int:
    """The multiple of `step` nearest to `value`; halfway values round up."""
    return (value + step // 2) // step * step
