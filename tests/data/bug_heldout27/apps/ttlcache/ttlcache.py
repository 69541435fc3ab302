"""A TTL + LRU cache on the stdlib with an injected clock: every entry expires `ttl` seconds after it was set (a
per-entry ttl overrides it; 0 means already expired), the least recently used entry is evicted past `maxsize` (an
OrderedDict in recency order), hits, misses, evictions and expirations are counted, and `memoize` caches a function
by its name, positional arguments and keyword arguments in any order (functools.wraps keeps its name)."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

_MISSING = object()


@dataclass
class Stats:
    hits: int = 0
    misses: int = 0
    evictions: int = 0
    expirations: int = 0

    @property
    def hit_ratio(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0


class TTLCache:
    def __init__(self, maxsize: int, ttl: int, clock: Callable[[], int]) -> None:
        if maxsize < 1:
            raise ValueError(f"maxsize must be at least 1, not {maxsize}")
        self.maxsize, self.ttl, self.clock = maxsize, ttl, clock
        self.data: OrderedDict[Hashable, tuple[int, Any]] = OrderedDict()  # key -> (expires at, value)
        self.stats = Stats()

    def expire(self) -> int:
        """Drop every expired entry; how many."""
        now = self.clock()
        dead = [key for key, (expires, _) in self.data.items() if expires <= now]
        for key in dead:
            del self.data[key]
        self.stats.expirations += len(dead)
        return len(dead)

    def __len__(self) -> int:
        self.expire()
        return len(self.data)

    def get(self, key: Hashable, default: Any = None) -> Any:
        entry = self.data.get(key)
        if entry is not None and entry[0] <= self.clock():
            del self.data[key]
            self.stats.expirations += 1
            entry = None
        if entry is None:
            self.stats.misses += 1
            return default
        self.data.move_to_end(key)
        self.stats.hits += 1
        return entry[1]

    def __getitem__(self, key: Hashable) -> Any:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def set(self, key: Hashable, value: Any, ttl: int | None = None) -> None:
        self.data[key] = (self.clock() + (self.ttl if ttl is None else ttl), value)
        self.data.move_to_end(key)
        if len(self.data) > self.maxsize:
            self.expire()
        while len(self.data) > self.maxsize:
            self.data.popitem(last=False)
            self.stats.evictions += 1


def memoize(cache: TTLCache) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = (fn.__qualname__, args, tuple(sorted(kwargs.items())))
            value = cache.get(key, _MISSING)
            if value is _MISSING:
                value = fn(*args, **kwargs)
                cache.set(key, value)
            return value

        wrapper.cache = cache  # type: ignore[attr-defined]
        return wrapper

    return decorate
