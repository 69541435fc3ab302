"""Caches on the stdlib: a least-recently-used cache on OrderedDict, a time-to-live cache on an injected clock, a cache
bounded by the total weight of its values, and a memoize decorator (functools.wraps) with hit/miss statistics."""

from __future__ import annotations

import functools
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

MISSING = object()
KWARGS = object()  # separates positional from keyword arguments in a memoize key


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int | None
    currsize: int


class LRUCache:
    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, not {capacity}")
        self.capacity = capacity
        self._data: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key not in self._data:
            return default
        self._data.move_to_end(key)
        return self._data[key]

    def put(self, key: Hashable, value: Any) -> None:
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = value
        while len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def keys(self) -> list[Hashable]:
        """Least recently used first."""
        return list(self._data)

    def clear(self) -> None:
        self._data.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)


class TTLCache:
    """Entries live for `ttl` seconds of the clock (time.monotonic unless one is given); an entry is gone at its
    expiry time."""

    def __init__(self, ttl: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        self._data: dict[Hashable, tuple[float, Any]] = {}

    def put(self, key: Hashable, value: Any) -> None:
        self._data[key] = (self.clock() + self.ttl, value)

    def get(self, key: Hashable, default: Any = None) -> Any:
        entry = self._data.get(key)
        if entry is None:
            return default
        expires, value = entry
        if self.clock() >= expires:
            del self._data[key]
            return default
        return value

    def __getitem__(self, key: Hashable) -> Any:
        value = self.get(key, MISSING)
        if value is MISSING:
            raise KeyError(key)
        return value

    def expire(self) -> int:
        """Drop every expired entry; how many."""
        now = self.clock()
        dead = [key for key, (expires, _) in self._data.items() if now >= expires]
        for key in dead:
            del self._data[key]
        return len(dead)

    def __len__(self) -> int:
        self.expire()
        return len(self._data)


class WeightedCache:
    """Least recently stored entries are dropped until the total weight (`weigher(value)`, len by default) is at most
    max_weight; a value heavier than max_weight on its own is refused."""

    def __init__(self, max_weight: int, weigher: Callable[[Any], int] = len) -> None:
        self.max_weight = max_weight
        self.weigher = weigher
        self.weight = 0
        self._data: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def put(self, key: Hashable, value: Any) -> None:
        weight = self.weigher(value)
        if weight > self.max_weight:
            raise ValueError(f"{key!r} weighs {weight}, more than {self.max_weight}")
        if key in self._data:
            self.weight -= self._data.pop(key)[1]
        self._data[key] = (value, weight)
        self.weight += weight
        while self.weight > self.max_weight:
            _, (_, dropped) = self._data.popitem(last=False)
            self.weight -= dropped

    def get(self, key: Hashable, default: Any = None) -> Any:
        return self._data[key][0] if key in self._data else default

    def keys(self) -> list[Hashable]:
        return list(self._data)


def make_key(args: tuple[Any, ...], kwargs: dict[str, Any], typed: bool) -> tuple[Any, ...]:
    """One key for a call; keyword order does not matter; `typed` tells 1 from 1.0."""
    key = args
    if kwargs:
        key += (KWARGS, *sorted(kwargs.items()))
    if typed:
        key += tuple(type(v) for v in args) + tuple(type(v) for _, v in sorted(kwargs.items()))
    return key


def memoize(maxsize: int | None = 128, typed: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Cache a function's results by its arguments (an LRU cache of maxsize, unbounded for None)."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        cache = LRUCache(maxsize) if maxsize is not None else None
        unbounded: dict[tuple[Any, ...], Any] = {}
        stats = {"hits": 0, "misses": 0}

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = make_key(args, kwargs, typed)
            result = cache.get(key, MISSING) if cache is not None else unbounded.get(key, MISSING)
            if result is not MISSING:
                stats["hits"] += 1
                return result
            stats["misses"] += 1
            result = fn(*args, **kwargs)
            if cache is not None:
                cache.put(key, result)
            else:
                unbounded[key] = result
            return result

        def cache_info() -> CacheInfo:
            size = len(cache) if cache is not None else len(unbounded)
            return CacheInfo(stats["hits"], stats["misses"], maxsize, size)

        def cache_clear() -> None:
            stats.update(hits=0, misses=0)
            if cache is not None:
                cache.clear()
            unbounded.clear()

        wrapper.cache_info = cache_info  # type: ignore[attr-defined]
        wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
        return wrapper

    return decorate
