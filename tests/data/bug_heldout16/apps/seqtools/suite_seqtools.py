from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from seqtools import chunks, median, merge_intervals, rle_decode, rle_encode, round_to_step, sort_by, unique

settings.register_profile("fixed", derandomize=True, database=None, print_blob=False, deadline=None, max_examples=200)
settings.load_profile("fixed")

intervals = st.lists(st.tuples(st.integers(0, 50), st.integers(0, 10)).map(lambda t: (t[0], t[0] + t[1])))


@given(intervals)
def test_merged_intervals_are_disjoint(spans):
    merged = merge_intervals(spans)
    for (_, end), (start, _) in pairwise(merged):
        assert end < start


@given(intervals)
def test_merged_intervals_cover_the_same_points(spans):
    covered = {p for a, b in spans for p in range(a, b + 1)}
    assert {p for a, b in merge_intervals(spans) for p in range(a, b + 1)} == covered


def test_merge_intervals_example():
    assert merge_intervals([(5, 7), (1, 3), (3, 4), (2, 2)]) == [(1, 4), (5, 7)]


@given(st.lists(st.sampled_from("aab")))
def test_rle_roundtrip(items):
    assert rle_decode(rle_encode(items)) == items


@given(st.lists(st.integers(0, 3)))
def test_rle_runs_are_maximal(items):
    runs = rle_encode(items)
    assert all(a[0] != b[0] for a, b in pairwise(runs))
    assert all(length > 0 for _, length in runs)


@given(st.lists(st.integers()), st.integers(1, 5))
def test_chunks_concatenate_back(items, size):
    pieces = chunks(items, size)
    assert [x for piece in pieces for x in piece] == items
    assert all(len(piece) == size for piece in pieces[:-1])


@given(st.lists(st.integers(-100, 100), min_size=1))
def test_median_splits_the_values(values):
    m = median(values)
    assert sum(v < m for v in values) <= len(values) // 2
    assert sum(v > m for v in values) <= len(values) // 2


def test_median_even_count():
    assert median([1, 2, 3, 4]) == 2.5


@given(st.lists(st.tuples(st.integers(0, 3), st.integers())))
def test_sort_by_is_stable(records):
    assert sort_by(records, key=lambda r: r[0]) == sorted(records, key=lambda r: r[0], reverse=True)


def test_sort_by_example():
    records = [("a", 1), ("b", 2), ("c", 1), ("d", 2)]
    assert sort_by(records, key=lambda r: r[1]) == [("b", 2), ("d", 2), ("a", 1), ("c", 1)]


@given(st.lists(st.integers(0, 9)))
def test_unique_keeps_first_appearance_order(items):
    out = unique(items)
    assert out == [x for i, x in enumerate(items) if x not in items[:i]]


@given(st.integers(-1000, 1000), st.integers(1, 20))
def test_round_to_step_is_nearest_multiple(value, step):
    r = round_to_step(value, step)
    assert r % step == 0
    assert abs(r - value) <= step / 2
