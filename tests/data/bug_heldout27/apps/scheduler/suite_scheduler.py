from __future__ import annotations

import pytest
from scheduler import CycleError, Job, Scheduler, SchedulerError, parse_every


class Clock:
    def __init__(self, now: int = 1000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def noop() -> None:
    pass


class Failing:
    def __init__(self, times: int) -> None:
        self.times = times

    def __call__(self) -> None:
        if self.times > 0:
            self.times -= 1
            raise OSError("disk full")


def setup(*jobs: Job, now: int = 1000) -> tuple[Scheduler, Clock]:
    clock = Clock(now)
    sched = Scheduler(clock)
    for job in jobs:
        sched.add(job)
    return sched, clock


@pytest.mark.parametrize(("text", "seconds"), [("30s", 30), ("5m", 300), ("2h", 7200), ("1d", 86400)])
def test_parse_every(text: str, seconds: int) -> None:
    assert parse_every(text) == seconds


@pytest.mark.parametrize("text", ["", "5", "m", "0m", "5w", "-5m", "1.5h"])
def test_parse_every_rejects(text: str) -> None:
    with pytest.raises(SchedulerError, match="bad recurrence"):
        parse_every(text)


def test_runs_due_jobs_in_time_order() -> None:
    sched, _ = setup(Job("report", noop, due=990), Job("backup", noop, due=900), Job("later", noop, due=1001))
    assert sched.run_due() == ["backup", "report"]
    assert [entry[3].name for entry in sched.heap] == ["later"]


def test_job_due_now_runs() -> None:
    sched, clock = setup(Job("report", noop, due=1000), Job("later", noop, due=1001))
    assert sched.run_due() == ["report"]
    clock.now = 1001
    assert sched.run_due() == ["later"]


def test_nothing_due() -> None:
    sched, _ = setup()
    assert sched.run_due() == []


def test_priority_breaks_ties() -> None:
    sched, _ = setup(Job("low", noop, due=900, priority=5), Job("high", noop, due=900, priority=1))
    assert sched.run_due() == ["high", "low"]


def test_same_priority_in_insertion_order() -> None:
    sched, _ = setup(Job("first", noop, due=900), Job("second", noop, due=900), Job("third", noop, due=900))
    assert sched.run_due() == ["first", "second", "third"]


def test_duplicate_rejected() -> None:
    sched, _ = setup(Job("backup", noop))
    with pytest.raises(SchedulerError, match="duplicate job 'backup'"):
        sched.add(Job("backup", noop))


def test_dependency_holds_job() -> None:
    sched, clock = setup(Job("load", noop, due=900, after=("extract",)), Job("extract", noop, due=1000))
    assert sched.run_due() == ["extract"]
    clock.now = 1001
    assert sched.run_due() == ["load"]


def test_failed_dependency_blocks() -> None:
    sched, clock = setup(Job("extract", Failing(9), due=900), Job("load", noop, due=900, after=("extract",)))
    for now in range(1000, 1005):
        clock.now = now
        assert sched.run_due() == []
    assert sched.failed == {"extract"}


def test_retry_after_failure() -> None:
    job = Job("upload", Failing(2), due=1000, retries=2)
    sched, clock = setup(job)
    results = []
    for now in (1000, 1001, 1002):
        clock.now = now
        results.append(sched.run_due())
    assert results == [[], [], ["upload"]]
    assert (job.failures, sched.failed) == (0, set())


def test_gives_up_after_retries() -> None:
    job = Job("upload", Failing(5), due=1000, retries=1)
    sched, clock = setup(job)
    for now in (1000, 1001, 1002):
        clock.now = now
        sched.run_due()
    assert (job.failures, sched.failed, sched.heap) == (2, {"upload"}, [])


def test_recurring_job() -> None:
    sched, clock = setup(Job("poll", noop, due=1000, every="30s"))
    runs = []
    for now in range(1000, 1100, 10):
        clock.now = now
        runs += [now] * len(sched.run_due())
    assert runs == [1000, 1030, 1060, 1090]


def test_recurring_skips_missed_runs() -> None:
    sched, clock = setup(Job("poll", noop, due=1000, every="1m"))
    sched.run_due()
    clock.now = 1250
    assert sched.run_due() == ["poll"]
    assert sched.heap[0][0] == 1300


def test_recurring_late_run_stays_on_grid() -> None:
    sched, _ = setup(Job("poll", noop, due=900, every="1m"), now=935)
    sched.run_due()
    assert sched.heap[0][0] == 960


@pytest.mark.parametrize("every", ["1w", "0s"])
def test_recurring_with_bad_spec(every: str) -> None:
    sched, _ = setup(Job("poll", noop, due=1000, every=every))
    with pytest.raises(SchedulerError, match=f"bad recurrence '{every}'"):
        sched.run_due()


def test_order_dependencies_first() -> None:
    sched, _ = setup(Job("report", noop, after=("load",)), Job("load", noop, after=("extract",)), Job("extract", noop))
    assert sched.order() == ["extract", "load", "report"]


def test_order_by_priority_then_name() -> None:
    sched, _ = setup(Job("b", noop, priority=2), Job("c", noop, priority=1), Job("a", noop, priority=2))
    assert sched.order() == ["c", "a", "b"]


def test_order_diamond() -> None:
    sched, _ = setup(
        Job("publish", noop, after=("left", "right")),
        Job("left", noop, after=("fetch",)),
        Job("right", noop, after=("fetch",), priority=-1),
        Job("fetch", noop),
    )
    assert sched.order() == ["fetch", "right", "left", "publish"]


def test_order_unknown_dependency() -> None:
    sched, _ = setup(Job("load", noop, after=("extract", "clean")))
    with pytest.raises(SchedulerError, match="unknown dependencies: clean, extract"):
        sched.order()


def test_order_cycle() -> None:
    sched, _ = setup(Job("a", noop, after=("c",)), Job("b", noop, after=("a",)), Job("c", noop, after=("b",)))
    sched.add(Job("d", noop))
    with pytest.raises(CycleError, match="dependency cycle among: a, b, c"):
        sched.order()
