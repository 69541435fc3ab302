from __future__ import annotations

import pytest
from caches import CacheInfo, LRUCache, TTLCache, WeightedCache, make_key, memoize


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_lru_evicts_least_recent() -> None:
    cache = LRUCache(2)
    for key, value in [("a", 1), ("b", 2), ("c", 3)]:
        cache.put(key, value)
    assert cache.keys() == ["b", "c"]
    assert cache.get("a") is None
    assert len(cache) == 2


def test_lru_recently_used_survives() -> None:
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert "a" in cache
    assert "b" not in cache


def test_lru_put_existing_refreshes() -> None:
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert cache.keys() == ["a", "c"]
    assert cache.get("a") == 10


def test_lru_capacity_one() -> None:
    cache = LRUCache(1)
    cache.put("x", 1)
    cache.put("y", 2)
    assert cache.keys() == ["y"]
    assert cache.get("y") == 2


def test_lru_bad_capacity() -> None:
    with pytest.raises(ValueError, match="capacity must be at least 1, not 0"):
        LRUCache(0)


def test_lru_get_default_and_clear() -> None:
    cache = LRUCache(3)
    cache.put("a", 0)
    assert cache.get("a", 5) == 0
    assert cache.get("zz", 5) == 5
    cache.clear()
    assert len(cache) == 0


def test_ttl_live_then_gone() -> None:
    clock = Clock()
    cache = TTLCache(10, clock)
    cache.put("token", "abc")
    clock.advance(9.5)
    assert cache.get("token") == "abc"
    clock.advance(0.5)
    assert cache.get("token") is None


def test_ttl_getitem() -> None:
    clock = Clock()
    cache = TTLCache(5, clock)
    cache.put("a", 1)
    assert cache["a"] == 1
    clock.advance(6)
    with pytest.raises(KeyError):
        cache["a"]


def test_ttl_put_again_renews() -> None:
    clock = Clock()
    cache = TTLCache(10, clock)
    cache.put("a", 1)
    clock.advance(8)
    cache.put("a", 2)
    clock.advance(8)
    assert cache.get("a") == 2


def test_ttl_expire_counts() -> None:
    clock = Clock()
    cache = TTLCache(10, clock)
    cache.put("a", 1)
    cache.put("b", 2)
    clock.advance(5)
    cache.put("c", 3)
    clock.advance(6)
    assert cache.expire() == 2
    assert len(cache) == 1
    assert cache.get("c") == 3


def test_ttl_len_drops_expired() -> None:
    clock = Clock()
    cache = TTLCache(1, clock)
    cache.put("a", 1)
    cache.put("b", 2)
    clock.advance(1)
    assert len(cache) == 0


def test_weighted_evicts_oldest() -> None:
    cache = WeightedCache(10)
    cache.put("a", "aaaa")
    cache.put("b", "bbbb")
    cache.put("c", "ccc")
    assert cache.keys() == ["b", "c"]
    assert cache.weight == 7


def test_weighted_replace_keeps_weight() -> None:
    cache = WeightedCache(10)
    cache.put("a", "aaaaaa")
    cache.put("a", "aa")
    assert cache.weight == 2
    cache.put("b", "bbbbbbb")
    assert cache.keys() == ["a", "b"]
    assert cache.get("a") == "aa"


def test_weighted_too_heavy() -> None:
    cache = WeightedCache(4)
    with pytest.raises(ValueError, match="'big' weighs 5, more than 4"):
        cache.put("big", "xxxxx")
    assert cache.keys() == []


def test_weighted_custom_weigher() -> None:
    cache = WeightedCache(100, weigher=lambda rows: 10 * len(rows))
    cache.put("q1", [1, 2, 3])
    cache.put("q2", [4] * 6)
    cache.put("q3", [5] * 2)
    assert cache.keys() == ["q2", "q3"]
    assert cache.weight == 80


def test_make_key() -> None:
    assert make_key((1, 2), {}, False) == (1, 2)
    assert make_key((1,), {"b": 2, "a": 1}, False) == make_key((1,), {"a": 1, "b": 2}, False)
    assert make_key((1,), {}, True) != make_key((1.0,), {}, True)


def test_memoize_counts_calls() -> None:
    calls = []

    @memoize()
    def square(x: int) -> int:
        calls.append(x)
        return x * x

    assert [square(2), square(3), square(2)] == [4, 9, 4]
    assert calls == [2, 3]
    assert square.cache_info() == CacheInfo(hits=1, misses=2, maxsize=128, currsize=2)


def test_memoize_keyword_order() -> None:
    calls = []

    @memoize()
    def area(width: int, height: int) -> int:
        calls.append((width, height))
        return width * height

    assert area(width=2, height=3) == area(height=3, width=2) == 6
    assert calls == [(2, 3)]


def test_memoize_keywords_in_key() -> None:
    @memoize()
    def power(base: int, exp: int = 2) -> int:
        return base**exp

    assert power(2) == 4
    assert power(2, exp=3) == 8
    assert power(2, exp=5) == 32


def test_memoize_typed() -> None:
    calls = []

    @memoize(typed=True)
    def describe(value: object) -> str:
        calls.append(value)
        return f"{type(value).__name__}:{value}"

    assert [describe(1), describe(1.0), describe(1)] == ["int:1", "float:1.0", "int:1"]
    assert len(calls) == 2


def test_memoize_caches_none() -> None:
    calls = []

    @memoize()
    def lookup(name: str) -> str | None:
        calls.append(name)
        return None

    assert lookup("x") is None
    assert lookup("x") is None
    assert calls == ["x"]


def test_memoize_keeps_name_and_doc() -> None:
    @memoize()
    def greet(name: str) -> str:
        """Say hello."""
        return f"hello {name}"

    assert (greet.__name__, greet.__doc__) == ("greet", "Say hello.")
    assert greet.__wrapped__("bob") == "hello bob"


def test_memoize_maxsize_evicts() -> None:
    calls = []

    @memoize(maxsize=2)
    def ident(x: int) -> int:
        calls.append(x)
        return x

    for x in [1, 2, 1, 3, 2, 1]:
        ident(x)
    assert calls == [1, 2, 3, 2, 1]


def test_memoize_unbounded_and_clear() -> None:
    @memoize(maxsize=None)
    def double(x: int) -> int:
        return 2 * x

    for x in range(300):
        double(x)
    double(5)
    assert double.cache_info() == CacheInfo(hits=1, misses=300, maxsize=None, currsize=300)
    double.cache_clear()
    assert double.cache_info() == CacheInfo(hits=0, misses=0, maxsize=None, currsize=0)


def test_memoize_recursive() -> None:
    calls = []

    @memoize()
    def fib(n: int) -> int:
        calls.append(n)
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    assert fib(40) == 102334155
    assert len(calls) == 41
