from __future__ import annotations

import pytest
from ranges import RangeError, RangeSet


def test_add_disjoint_sorted() -> None:
    r = RangeSet([(10, 12), (1, 3), (5, 7)])
    assert list(r) == [(1, 3), (5, 7), (10, 12)]
    assert len(r) == 3


def test_add_overlapping_merges() -> None:
    assert list(RangeSet([(1, 4), (2, 6)])) == [(1, 6)]
    assert list(RangeSet([(2, 6), (1, 4)])) == [(1, 6)]


def test_touching_ranges_join() -> None:
    assert list(RangeSet([(1, 3), (3, 5)])) == [(1, 5)]
    assert list(RangeSet([(3, 5), (1, 3)])) == [(1, 5)]


def test_add_bridges_several() -> None:
    r = RangeSet([(1, 2), (4, 5), (7, 8), (10, 11)])
    r.add(2, 7)
    assert r == RangeSet([(1, 8), (10, 11)])


def test_add_inside_existing() -> None:
    r = RangeSet([(0, 10)])
    r.add(3, 4)
    assert list(r) == [(0, 10)]


def test_add_covering_all() -> None:
    r = RangeSet([(2, 3), (5, 6)])
    r.add(0, 9)
    assert list(r) == [(0, 9)]


def test_add_at_both_ends() -> None:
    r = RangeSet([(5, 6)])
    r.add(8, 9)
    r.add(1, 2)
    assert list(r) == [(1, 2), (5, 6), (8, 9)]


def test_empty_range_ignored() -> None:
    r = RangeSet([(1, 3)])
    r.add(5, 5)
    assert list(r) == [(1, 3)]


def test_reversed_range_refused() -> None:
    with pytest.raises(RangeError, match=r"range \[4, 2\) ends before it starts"):
        RangeSet([(4, 2)])


def test_remove_middle_splits() -> None:
    r = RangeSet([(0, 10)])
    r.remove(3, 5)
    assert list(r) == [(0, 3), (5, 10)]


def test_remove_across_ranges() -> None:
    r = RangeSet([(0, 4), (6, 8), (10, 14)])
    r.remove(2, 12)
    assert list(r) == [(0, 2), (12, 14)]


def test_remove_exact_and_touching() -> None:
    r = RangeSet([(0, 4), (6, 8)])
    r.remove(6, 8)
    r.remove(4, 6)
    assert list(r) == [(0, 4)]


def test_remove_up_to_end() -> None:
    r = RangeSet([(0, 5)])
    r.remove(3, 5)
    assert list(r) == [(0, 3)]


@pytest.mark.parametrize(
    ("point", "expected"), [(0, False), (1, True), (2.5, True), (3, False), (5, True), (7.99, True), (8, False)]
)
def test_contains(point: float, expected: bool) -> None:
    assert (point in RangeSet([(1, 3), (5, 8)])) is expected


def test_find() -> None:
    r = RangeSet([(1, 3), (5, 8)])
    assert [r.find(p) for p in (1, 4, 5, 8)] == [(1, 3), None, (5, 8), None]


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [(0, 1, False), (0, 2, True), (3, 5, False), (2, 6, True), (7, 9, True), (8, 9, False), (6, 7, True)],
)
def test_overlaps(start: int, end: int, expected: bool) -> None:
    assert RangeSet([(1, 3), (5, 8)]).overlaps(start, end) is expected


def test_intersection() -> None:
    a = RangeSet([(0, 5), (10, 15), (20, 25)])
    b = RangeSet([(3, 12), (14, 22)])
    assert list(a.intersection(b)) == [(3, 5), (10, 12), (14, 15), (20, 22)]


def test_union() -> None:
    a = RangeSet([(0, 2), (6, 8)])
    b = RangeSet([(2, 4), (9, 10)])
    assert list(a.union(b)) == [(0, 4), (6, 8), (9, 10)]
    assert list(a) == [(0, 2), (6, 8)]


def test_complement() -> None:
    busy = RangeSet([(9, 10), (12, 13.5), (16, 18)])
    assert list(busy.complement(8, 17)) == [(8, 9), (10, 12), (13.5, 16)]


def test_complement_of_empty() -> None:
    assert list(RangeSet().complement(0, 24)) == [(0, 24)]


def test_span_and_total() -> None:
    r = RangeSet([(1, 3), (5, 8), (2, 4)])
    assert r.span() == (1, 8)
    assert r.total() == 6


def test_span_of_empty() -> None:
    with pytest.raises(RangeError, match="empty range set"):
        RangeSet().span()


def test_repr_and_eq() -> None:
    assert repr(RangeSet([(1.5, 2), (0, 1)])) == "RangeSet([(0, 1), (1.5, 2)])"
    assert RangeSet([(0, 2), (2, 3)]) == RangeSet([(0, 3)])
    assert RangeSet([(0, 2)]) != [(0, 2)]
