"""Rate limiting on the stdlib with an injected clock: a token bucket holding exact fractional tokens
(fractions.Fraction: a rate per second given as a number or text such as "2/3", a burst capacity, refilled on every
call), a sliding-window log (request times kept sorted, expired ones dropped with bisect) and a keyed limiter giving
each client its own bucket and raising RateLimited with a whole-second Retry-After."""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from fractions import Fraction

Clock = Callable[[], int | Fraction]


class RateLimited(Exception):
    def __init__(self, key: str, retry_after: int) -> None:
        super().__init__(f"{key}: rate limited, retry after {retry_after}s")
        self.key = key
        self.retry_after = retry_after


class TokenBucket:
    def __init__(self, rate: int | str | Fraction, capacity: int, clock: Clock) -> None:
        self.rate = Fraction(rate)
        if self.rate <= 0 or capacity < 1:
            raise ValueError(f"rate and capacity must be positive, not {rate} and {capacity}")
        self.capacity = capacity
        self.clock = clock
        self.tokens = Fraction(capacity)
        self.updated = Fraction(clock())

    def refill(self) -> None:
        now = Fraction(self.clock())
        if now > self.updated:
            self.tokens = min(Fraction(self.capacity), self.tokens + (now - self.updated) * self.rate)
            self.updated = now

    def try_acquire(self, cost: int = 1) -> bool:
        if cost > self.capacity:
            raise ValueError(f"cost {cost} exceeds capacity {self.capacity}")
        self.refill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def wait_time(self, cost: int = 1) -> Fraction:
        """Seconds until `cost` tokens are available (0 if they are now)."""
        self.refill()
        return max(Fraction(0), (cost - self.tokens) / self.rate)


class SlidingWindow:
    def __init__(self, limit: int, window: int, clock: Clock) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.hits: list[Fraction] = []

    def _now(self) -> Fraction:
        now = Fraction(self.clock())
        del self.hits[: bisect.bisect_right(self.hits, now - self.window)]
        return now

    def try_acquire(self) -> bool:
        now = self._now()
        if len(self.hits) >= self.limit:
            return False
        bisect.insort(self.hits, now)
        return True

    def retry_after(self) -> int:
        """Whole seconds until the oldest request in the window leaves it (0 if one may be made now)."""
        now = self._now()
        if len(self.hits) < self.limit:
            return 0
        return math.ceil(self.hits[0] + self.window - now)


class KeyedLimiter:
    def __init__(self, factory: Callable[[], TokenBucket]) -> None:
        self.factory = factory
        self.buckets: dict[str, TokenBucket] = {}

    def check(self, key: str, cost: int = 1) -> None:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = self.factory()
        if not bucket.try_acquire(cost):
            raise RateLimited(key, math.ceil(bucket.wait_time(cost)))

    def remaining(self, key: str) -> int:
        bucket = self.buckets.get(key)
        return self.factory().capacity if bucket is None else math.floor(bucket.tokens)
