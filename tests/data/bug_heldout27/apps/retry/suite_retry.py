from __future__ import annotations

import pytest
from retry import Policy, Retrier, RetryError, Throttled, retry_after, retrying


class Flaky:
    """Fails `failures` times with the given errors (cycled), then returns 'ok'."""

    def __init__(self, failures: int, *errors: BaseException) -> None:
        self.failures = failures
        self.errors = errors or (ConnectionResetError("reset"),)
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.errors[(self.calls - 1) % len(self.errors)]
        return "ok"


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(round(seconds, 6))


def test_policy_checks_attempts() -> None:
    with pytest.raises(ValueError, match="attempts must be at least 1, not 0"):
        Policy(attempts=0)


def test_policy_checks_jitter() -> None:
    with pytest.raises(ValueError, match="unknown jitter 'ful'"):
        Policy(jitter="ful")


def test_backoff_sequence() -> None:
    policy = Policy()
    assert [policy.backoff(n) for n in range(1, 9)] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]


def test_backoff_far_retry_is_capped() -> None:
    assert Policy().backoff(5000) == 30.0


def test_no_jitter_delays() -> None:
    sleeps = Sleeps()
    retrier = Retrier(Policy(jitter="none"), sleeps)
    assert retrier.call(Flaky(3)) == "ok"
    assert sleeps == retrier.delays == [0.5, 1.0, 2.0]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_full_jitter_below_ceiling(seed: int) -> None:
    policy = Policy(attempts=8, cap=4.0)
    retrier = Retrier(policy, Sleeps(), seed)
    retrier.call(Flaky(7))
    assert all(0 <= d <= policy.backoff(n) for n, d in enumerate(retrier.delays, 1))


def test_full_jitter_known_delays() -> None:
    retrier = Retrier(Policy(), Sleeps(), seed=7)
    retrier.call(Flaky(4))
    assert retrier.delays == [0.161916, 0.150849, 1.301869, 0.289745]


def test_equal_jitter_in_upper_half() -> None:
    policy = Policy(attempts=6, jitter="equal")
    retrier = Retrier(policy, Sleeps(), seed=3)
    retrier.call(Flaky(5))
    assert all(policy.backoff(n) / 2 <= d <= policy.backoff(n) for n, d in enumerate(retrier.delays, 1))


def test_decorrelated_known_delays() -> None:
    retrier = Retrier(Policy(jitter="decorrelated"), Sleeps(), seed=11)
    retrier.call(Flaky(4))
    assert retrier.delays == [0.95238, 1.819461, 5.08259, 7.367301]


def test_same_seed_same_delays() -> None:
    first, second = Retrier(Policy(), Sleeps(), 5), Retrier(Policy(), Sleeps(), 5)
    first.call(Flaky(3))
    second.call(Flaky(3))
    assert first.delays == second.delays


def test_gives_up_after_attempts() -> None:
    flaky = Flaky(10)
    with pytest.raises(RetryError) as info:
        Retrier(Policy(jitter="none"), Sleeps()).call(flaky)
    assert (flaky.calls, info.value.attempts) == (5, 5)
    assert isinstance(info.value.__cause__, ConnectionResetError)


def test_succeeds_on_last_attempt() -> None:
    flaky = Flaky(4)
    assert Retrier(Policy(jitter="none"), Sleeps()).call(flaky) == "ok"
    assert flaky.calls == 5


def test_gives_up_on_sixth_success() -> None:
    with pytest.raises(RetryError, match=r"gave up after 5 attempts: ConnectionResetError\('reset'\)"):
        Retrier(Policy(), Sleeps()).call(Flaky(5))


def test_other_errors_not_retried() -> None:
    sleeps = Sleeps()
    flaky = Flaky(9, ValueError("bad request"))
    with pytest.raises(ValueError, match="bad request"):
        Retrier(Policy(), sleeps).call(flaky)
    assert (flaky.calls, sleeps) == (1, [])


def test_timeouts_retried() -> None:
    sleeps = Sleeps()
    assert Retrier(Policy(jitter="none"), sleeps).call(Flaky(2, TimeoutError("slow"))) == "ok"
    assert sleeps == [0.5, 1.0]


def test_retry_after_honoured() -> None:
    sleeps = Sleeps()
    flaky = Flaky(2, Throttled("429 too many requests", "2.5"), ConnectionResetError("reset"))
    assert Retrier(Policy(jitter="none"), sleeps).call(flaky) == "ok"
    assert sleeps == [2.5, 1.0]


@pytest.mark.parametrize(
    ("exc", "seconds"),
    [
        (Throttled("429"), 0.0),
        (Throttled("429", "3"), 3.0),
        (Throttled("429", "-1"), 0.0),
        (Throttled("503", "0.25"), 0.25),
        (ConnectionResetError("reset"), 0.0),
    ],
)
def test_retry_after(exc: BaseException, seconds: float) -> None:
    assert retry_after(exc) == seconds


def test_budget_exhausted() -> None:
    sleeps = Sleeps()
    flaky = Flaky(10)
    with pytest.raises(RetryError) as info:
        Retrier(Policy(jitter="none", budget=3.0), sleeps).call(flaky)
    assert (info.value.attempts, flaky.calls, sleeps) == (3, 3, [0.5, 1.0])


@pytest.mark.parametrize(("budget", "failures", "slept"), [(3.5, 3, [0.5, 1.0, 2.0]), (0.5, 1, [0.5])])
def test_budget_spent_exactly(budget: float, failures: int, slept: list[float]) -> None:
    sleeps = Sleeps()
    assert Retrier(Policy(jitter="none", budget=budget), sleeps).call(Flaky(failures)) == "ok"
    assert sleeps == slept


def test_retrying_decorator() -> None:
    sleeps = Sleeps()
    flaky = Flaky(1)

    @retrying(Policy(jitter="none"), sleeps)
    def fetch(path: str, *, timeout: int = 5) -> str:
        """Fetch a path."""
        return f"{flaky()} {path} {timeout}"

    assert fetch("/health", timeout=2) == "ok /health 2"
    assert (fetch.__name__, fetch.__doc__, sleeps) == ("fetch", "Fetch a path.", [0.5])


def test_retrying_exposes_wrapped() -> None:
    def ping() -> str:
        return "pong"

    wrapped = retrying(Policy(), Sleeps())(ping)
    assert wrapped.__wrapped__ is ping
    assert wrapped() == "pong"


def test_single_attempt() -> None:
    with pytest.raises(RetryError, match="gave up after 1 attempts"):
        Retrier(Policy(attempts=1), Sleeps()).call(Flaky(1))
