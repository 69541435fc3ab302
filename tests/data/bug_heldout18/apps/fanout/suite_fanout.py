import math
import threading

import pytest
from fanout import (
    CRASHED,
    AllFailed,
    chunked,
    first_ok,
    gather,
    guarded_map,
    race,
    roots,
    scale_all,
    sum_of_squares,
    with_deadline,
)


def lookup(name: str) -> int:
    table = {"a": 1, "b": 2}
    if name == "d":
        raise ValueError("bad d")
    return table[name] * 10


def opener(x: int) -> float:
    if x < 0:
        raise ValueError(f"negative: {x}")
    if x == 0:
        raise FileNotFoundError(f"no such source: {x}")
    return math.sqrt(x)


def test_gather_splits_values_and_errors() -> None:
    out = gather(lookup, {"a": "a", "b": "b", "c": "c", "d": "d"}, workers=2, timeout=10)
    assert out.values == {"a": 10, "b": 20}
    assert out.errors == {"c": "KeyError: 'c'", "d": "ValueError: bad d"}
    assert not out.ok


def test_gather_all_ok() -> None:
    out = gather(lookup, {"x": "a", "y": "b"}, workers=2, timeout=10)
    assert out.values == {"x": 10, "y": 20}
    assert out.ok


def test_gather_missing_keys() -> None:
    out = gather(lookup, {"one": "a", "two": "zz"}, workers=1, timeout=10)
    assert (out.values, out.errors) == ({"one": 10}, {"two": "KeyError: 'zz'"})


def test_first_ok_skips_failures() -> None:
    assert first_ok(opener, [-1, 0, 4, 9], timeout=10) == 2.0


def test_first_ok_all_failed() -> None:
    with pytest.raises(AllFailed) as info:
        first_ok(opener, [-2, 0], timeout=10)
    assert info.value.errors == ["-2: ValueError: negative: -2", "0: FileNotFoundError: no such source: 0"]


def test_first_ok_does_not_hide_bugs() -> None:
    with pytest.raises(TypeError):
        first_ok(opener, ["4"], timeout=10)


def test_chunked() -> None:
    assert chunked(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert chunked([], 2) == []
    with pytest.raises(ValueError, match="at least 1"):
        chunked([1], 0)


def test_sum_of_squares() -> None:
    assert sum_of_squares(list(range(1, 11)), chunk=3) == 385


def test_scale_all() -> None:
    assert scale_all([1, 2, 3], 0.5) == [0.5, 1.0, 1.5]


def test_scale_all_many() -> None:
    assert scale_all(range(6), -2, workers=2) == [0, -2, -4, -6, -8, -10]


def test_roots() -> None:
    assert roots([0, 1, 4, 9]) == [0.0, 1.0, 2.0, 3.0]


def test_roots_negative_reraises() -> None:
    with pytest.raises(ValueError, match="negative input: -4"):
        roots([1, -4, 9])


def test_guarded_map_survives_a_crash() -> None:
    assert guarded_map([1, -1, 2]) == [10, CRASHED, 20]


def test_with_deadline_fast_and_slow() -> None:
    release = threading.Event()
    assert with_deadline(lambda x: x + 1, 41, timeout=10) == (True, 42)
    assert with_deadline(lambda x: release.wait(10) and x, 1, timeout=0.1) == (False, None)
    release.set()


def test_race_returns_first() -> None:
    release = threading.Event()
    name, value = race({"slow": lambda: release.wait(10) and "late", "fast": lambda: "early"}, timeout=10)
    release.set()
    assert (name, value) == ("fast", "early")
