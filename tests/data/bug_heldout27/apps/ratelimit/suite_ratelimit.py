from __future__ import annotations

from fractions import Fraction

import pytest
from ratelimit import KeyedLimiter, RateLimited, SlidingWindow, TokenBucket


class Clock:
    def __init__(self, now: int | Fraction = 1000) -> None:
        self.now = Fraction(now)

    def __call__(self) -> Fraction:
        return self.now

    def advance(self, seconds: int | str) -> None:
        self.now += Fraction(seconds)


def drain(bucket: TokenBucket) -> int:
    taken = 0
    while bucket.try_acquire():
        taken += 1
    return taken


def test_bucket_starts_full() -> None:
    assert drain(TokenBucket(1, 5, Clock())) == 5


@pytest.mark.parametrize(("rate", "capacity"), [(0, 5), ("-1/2", 5), (1, 0)])
def test_bucket_checks_arguments(rate: int | str, capacity: int) -> None:
    with pytest.raises(ValueError, match="rate and capacity must be positive"):
        TokenBucket(rate, capacity, Clock())


def test_refill_at_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(2, 10, clock)
    drain(bucket)
    clock.advance(3)
    assert drain(bucket) == 6


def test_fractional_rate() -> None:
    clock = Clock()
    bucket = TokenBucket("2/3", 3, clock)
    drain(bucket)
    clock.advance(2)
    assert bucket.try_acquire() is True
    assert bucket.tokens == Fraction(1, 3)


def test_refill_capped_at_capacity() -> None:
    clock = Clock()
    bucket = TokenBucket(1, 4, clock)
    clock.advance(3600)
    assert drain(bucket) == 4


def test_refill_in_small_steps() -> None:
    clock = Clock()
    bucket = TokenBucket("1/2", 2, clock)
    drain(bucket)
    for _ in range(4):
        clock.advance("1/2")
        bucket.refill()
    assert bucket.tokens == 1


def test_last_token_granted() -> None:
    clock = Clock()
    bucket = TokenBucket(1, 3, clock)
    assert bucket.try_acquire(2) is True
    assert bucket.try_acquire() is True
    assert bucket.try_acquire() is False


def test_cost_above_capacity_refused() -> None:
    with pytest.raises(ValueError, match="cost 6 exceeds capacity 5"):
        TokenBucket(1, 5, Clock()).try_acquire(6)


def test_cost_equal_to_capacity() -> None:
    assert TokenBucket(1, 5, Clock()).try_acquire(5) is True


def test_wait_time() -> None:
    clock = Clock()
    bucket = TokenBucket("1/4", 2, clock)
    drain(bucket)
    assert bucket.wait_time() == 4
    clock.advance(1)
    assert bucket.wait_time(2) == 7


def test_wait_time_zero_when_available() -> None:
    assert TokenBucket(3, 6, Clock()).wait_time(2) == 0


def test_clock_going_back_ignored() -> None:
    clock = Clock()
    bucket = TokenBucket(1, 2, clock)
    drain(bucket)
    clock.advance(-5)
    clock.advance(6)
    assert drain(bucket) == 1


def test_window_limit() -> None:
    clock = Clock()
    window = SlidingWindow(2, 10, clock)
    assert window.try_acquire() is True
    clock.advance(5)
    assert window.try_acquire() is True
    assert window.try_acquire() is False


def test_window_slides() -> None:
    clock = Clock()
    window = SlidingWindow(2, 10, clock)
    window.try_acquire()
    clock.advance(5)
    window.try_acquire()
    clock.advance(5)
    assert window.try_acquire() is True
    assert window.hits == [1005, 1010]


def test_window_retry_after() -> None:
    clock = Clock()
    window = SlidingWindow(3, 60, clock)
    for step in ("1/4", "41/4", "41/4"):
        clock.advance(step)
        window.try_acquire()
    clock.advance(25)
    assert window.retry_after() == 15
    clock.advance("57/4")
    assert window.retry_after() == 1


def test_window_retry_after_zero() -> None:
    assert SlidingWindow(1, 60, Clock()).retry_after() == 0


def test_keyed_limiter_per_key() -> None:
    clock = Clock()
    limiter = KeyedLimiter(lambda: TokenBucket(1, 2, clock))
    limiter.check("alice")
    limiter.check("alice")
    limiter.check("bob")
    assert (limiter.remaining("alice"), limiter.remaining("bob"), limiter.remaining("carol")) == (0, 1, 2)


def test_keyed_limiter_raises_with_retry_after() -> None:
    clock = Clock()
    limiter = KeyedLimiter(lambda: TokenBucket("1/3", 1, clock))
    limiter.check("alice")
    clock.advance("1/2")
    with pytest.raises(RateLimited, match=r"alice: rate limited, retry after 3s") as info:
        limiter.check("alice")
    assert info.value.retry_after == 3


def test_keyed_limiter_recovers() -> None:
    clock = Clock()
    limiter = KeyedLimiter(lambda: TokenBucket(2, 2, clock))
    limiter.check("alice", 2)
    clock.advance(1)
    limiter.check("alice", 2)
    assert limiter.remaining("alice") == 0
