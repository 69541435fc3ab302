from collections import Counter

import pytest
from mpstats import SharedTally, offsets, pipe_squares, queue_collect, weighted_total, word_counts

TEXTS = ["the cat sat", "The dog sat down", "a cat, a dog"]


def test_word_counts() -> None:
    counts = word_counts(TEXTS)
    assert counts == Counter({"the": 2, "cat": 2, "sat": 2, "dog": 2, "a": 2, "down": 1})


def test_word_counts_single_text() -> None:
    assert word_counts(["b a b"], processes=1) == Counter({"b": 2, "a": 1})


def test_word_counts_repeated_text() -> None:
    assert word_counts(["to be or not to be", "to be"]) == Counter({"to": 3, "be": 3, "or": 1, "not": 1})


def test_weighted_total() -> None:
    assert weighted_total([(1.0, 0.5), (4.0, 0.25), (10.0, 2.0)]) == 21.5


def test_weighted_total_negative_weight() -> None:
    with pytest.raises(ValueError, match=r"negative weight -1\.0 for 3\.0"):
        weighted_total([(1.0, 1.0), (3.0, -1.0)])


def test_offsets() -> None:
    assert offsets([1, 2, 3], 10) == [11, 12, 13]


def test_shared_tally_adds_from_processes() -> None:
    tally = SharedTally()
    assert tally.run([[1, 2, 3], [10, 20], [100]]) == [0, 0, 0]
    assert tally.value == 136


def test_shared_tally_after_a_failed_worker() -> None:
    tally = SharedTally()
    assert tally.run([[5, -1]]) == [1]
    assert tally.value == 5
    codes = tally.run([[1, 2], [3]])
    assert (tally.value, codes) == (11, [0, 0])


def test_pipe_squares() -> None:
    assert pipe_squares([1, 2, 3]) == ([1, 4, 9], 0)


def test_pipe_squares_with_zero() -> None:
    assert pipe_squares([3, 0, 2]) == ([9, 0, 4], 0)


def test_queue_collect() -> None:
    jobs = {"b": [2.0, 4.0], "a": [1.0, 2.0, 3.0], "c": [5.0]}
    results, codes = queue_collect(jobs, workers=2)
    assert results == [("a", 1.0, 3.0, 2.0), ("b", 2.0, 4.0, 3.0), ("c", 5.0, 5.0, 5.0)]
    assert codes == [0, 0]


def test_queue_collect_more_workers_than_jobs() -> None:
    results, codes = queue_collect({"x": [1.0]}, workers=3)
    assert results == [("x", 1.0, 1.0, 1.0)]
    assert codes == [0, 0, 0]
