"""Retries with exponential backoff on the stdlib: a policy (attempts, base delay, multiplier, cap, which exceptions
are retried, a total sleep budget) and its jitter ('none', 'full', 'equal' or 'decorrelated', drawn from a seeded
random.Random), a server's Retry-After hint honoured, and a retrier that calls a function with an injected sleep,
recording every delay; `retrying` wraps a function in one."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
JITTERS = ("none", "full", "equal", "decorrelated")


class RetryError(Exception):
    def __init__(self, attempts: int, last: BaseException) -> None:
        super().__init__(f"gave up after {attempts} attempts: {last!r}")
        self.attempts = attempts
        self.last = last


class Throttled(ConnectionError):
    def __init__(self, message: str, retry_after: str | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after  # the header's text: seconds, possibly fractional


@dataclass(frozen=True)
class Policy:
    attempts: int = 5
    base: float = 0.5
    multiplier: float = 2.0
    cap: float = 30.0
    jitter: str = "full"
    retry_on: tuple[type[BaseException], ...] = (ConnectionError, TimeoutError)
    budget: float | None = None  # total seconds of sleep allowed

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError(f"attempts must be at least 1, not {self.attempts}")
        if self.jitter not in JITTERS:
            raise ValueError(f"unknown jitter {self.jitter!r}; expected one of {', '.join(JITTERS)}")

    def backoff(self, retry: int) -> float:
        """The ceiling of the delay before retry number `retry` (1 for the first): base * multiplier**(retry - 1)."""
        exponent = min(retry - 1, 60)
        return min(self.cap, self.base * self.multiplier**exponent)

    def delay(self, retry: int, rng: random.Random, previous: float) -> float:
        ceiling = self.backoff(retry)
        if self.jitter == "none":
            return ceiling
        if self.jitter == "full":
            return rng.uniform(0, ceiling)
        if self.jitter == "equal":
            return ceiling / 2 + rng.uniform(0, ceiling / 2)
        return min(self.cap, rng.uniform(self.base, previous * 3))


def retry_after(exc: BaseException) -> float:
    """The server's hint in seconds (0 without one)."""
    value = getattr(exc, "retry_after", None)
    return 0.0 if value is None else max(0.0, float(value))


@dataclass
class Retrier:
    policy: Policy
    sleep: Callable[[float], None]
    seed: int = 0
    delays: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def call(self, fn: Callable[[], T]) -> T:
        attempt, previous, slept = 0, self.policy.base, 0.0
        while True:
            attempt += 1
            try:
                return fn()
            except self.policy.retry_on as exc:
                if attempt >= self.policy.attempts:
                    raise RetryError(attempt, exc) from exc
                wait = max(self.policy.delay(attempt, self.rng, previous), retry_after(exc))
                if self.policy.budget is not None and slept + wait > self.policy.budget:
                    raise RetryError(attempt, exc) from exc
                self.delays.append(round(wait, 6))
                self.sleep(wait)
                slept += wait
                previous = wait


def retrying(policy: Policy, sleep: Callable[[float], None], seed: int = 0) -> Callable[[Callable[..., T]], Any]:
    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> T:
            return Retrier(policy, sleep, seed).call(lambda: fn(*args, **kwargs))

        return wrapper

    return decorate
