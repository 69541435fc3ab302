from __future__ import annotations

import pytest
from ttlcache import TTLCache, memoize


class Clock:
    def __init__(self, now: int = 500) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def make(maxsize: int = 3, ttl: int = 60) -> tuple[TTLCache, Clock]:
    clock = Clock()
    return TTLCache(maxsize, ttl, clock), clock


def test_maxsize_checked() -> None:
    with pytest.raises(ValueError, match="maxsize must be at least 1, not 0"):
        TTLCache(0, 60, Clock())


def test_set_and_get() -> None:
    cache, _ = make()
    cache.set("alice", {"id": 1})
    assert cache.get("alice") == {"id": 1}
    assert cache["alice"] == {"id": 1}


def test_missing_key_default() -> None:
    cache, _ = make()
    assert cache.get("alice") is None
    assert cache.get("alice", "n/a") == "n/a"
    assert (cache.stats.hits, cache.stats.misses) == (0, 2)


def test_getitem_missing_raises() -> None:
    cache, _ = make()
    with pytest.raises(KeyError, match="alice"):
        cache["alice"]


def test_entry_expires() -> None:
    cache, clock = make()
    cache.set("alice", 1)
    clock.now += 59
    assert cache.get("alice") == 1
    clock.now += 1
    assert cache.get("alice") is None
    assert cache.stats.expirations == 1


def test_per_entry_ttl() -> None:
    cache, clock = make()
    cache.set("short", 1, ttl=5)
    cache.set("long", 2)
    clock.now += 5
    assert (cache.get("short"), cache.get("long")) == (None, 2)


def test_zero_ttl_is_expired() -> None:
    cache, _ = make()
    cache.set("alice", 1, ttl=0)
    assert cache.get("alice") is None


def test_zero_ttl_not_counted() -> None:
    cache, _ = make()
    cache.set("alice", 1, ttl=0)
    cache.set("bob", 2)
    assert len(cache) == 1


def test_set_again_renews_ttl() -> None:
    cache, clock = make()
    cache.set("alice", 1)
    clock.now += 40
    cache.set("alice", 2)
    clock.now += 40
    assert cache.get("alice") == 2


def test_lru_eviction() -> None:
    cache, _ = make()
    for key in "abc":
        cache.set(key, key.upper())
    cache.get("a")
    cache.set("d", "D")
    assert list(cache.data) == ["c", "a", "d"]
    assert cache.stats.evictions == 1


def test_set_existing_refreshes_recency() -> None:
    cache, _ = make()
    for key in "abc":
        cache.set(key, key.upper())
    cache.set("a", "A2")
    cache.set("d", "D")
    assert list(cache.data) == ["c", "a", "d"]


def test_expired_entries_go_before_live_ones() -> None:
    cache, clock = make()
    cache.set("a", 1)
    cache.set("b", 2, ttl=10)
    cache.set("c", 3)
    clock.now += 10
    cache.set("d", 4)
    assert list(cache.data) == ["a", "c", "d"]
    assert (cache.stats.expirations, cache.stats.evictions) == (1, 0)


def test_len_drops_expired() -> None:
    cache, clock = make(maxsize=5)
    cache.set("a", 1, ttl=10)
    cache.set("b", 2, ttl=20)
    cache.set("c", 3, ttl=30)
    clock.now += 20
    assert len(cache) == 1
    assert list(cache.data) == ["c"]


def test_expire_all() -> None:
    cache, clock = make()
    for key in "abc":
        cache.set(key, 0)
    clock.now += 60
    assert cache.expire() == 3
    assert len(cache) == 0


def test_hit_ratio() -> None:
    cache, _ = make()
    cache.set("a", 1)
    cache.get("a")
    cache.get("a")
    cache.get("b")
    assert cache.stats.hit_ratio == 2 / 3


def test_hit_ratio_empty() -> None:
    assert make()[0].stats.hit_ratio == 0.0


def test_memoize_calls_once() -> None:
    cache, _ = make()
    calls = []

    @memoize(cache)
    def square(x: int) -> int:
        """The square of x."""
        calls.append(x)
        return x * x

    assert [square(4), square(4), square(5)] == [16, 16, 25]
    assert calls == [4, 5]
    assert (square.__name__, square.__doc__) == ("square", "The square of x.")


def test_memoize_exposes_wrapped() -> None:
    cache, _ = make()

    def double(x: int) -> int:
        return 2 * x

    cached = memoize(cache)(double)
    assert cached.__wrapped__ is double
    assert cached(21) == 42


def test_memoize_kwargs_any_order() -> None:
    cache, _ = make()
    calls = []

    @memoize(cache)
    def area(*, width: int, height: int) -> int:
        calls.append((width, height))
        return width * height

    assert area(width=2, height=3) == area(height=3, width=2) == 6
    assert calls == [(2, 3)]


def test_memoize_functions_share_a_cache() -> None:
    cache, _ = make()

    @memoize(cache)
    def square(x: int) -> int:
        return x * x

    @memoize(cache)
    def cube(x: int) -> int:
        return x * x * x

    assert (square(2), cube(2)) == (4, 8)


def test_memoize_expires() -> None:
    cache, clock = make(ttl=30)
    calls = []

    @memoize(cache)
    def load(name: str) -> str:
        calls.append(name)
        return name.title()

    load("alice")
    clock.now += 30
    assert load("alice") == "Alice"
    assert calls == ["alice", "alice"]


def test_memoize_caches_none() -> None:
    cache, _ = make()
    calls = []

    @memoize(cache)
    def lookup(name: str) -> None:
        calls.append(name)

    lookup("ghost")
    lookup("ghost")
    assert calls == ["ghost"]
