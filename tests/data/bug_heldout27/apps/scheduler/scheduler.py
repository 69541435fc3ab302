"""A job scheduler on the stdlib with an injected clock: jobs with a due time, a priority (lower first), a recurrence
("30s", "5m", "2h", "1d") and dependencies in a heap (heapq) of (due, priority, sequence, job); `run_due` runs what is
due, holds a job until its dependencies succeeded, retries a failing one a second later up to its limit, reschedules a
recurring one on its grid (missed runs skipped); `order` sorts topologically (Kahn's algorithm on a heap)."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class SchedulerError(Exception):
    pass


class CycleError(SchedulerError):
    pass


def parse_every(text: str) -> int:
    """Seconds in a recurrence such as '90s' or '5m'."""
    number, unit = text[:-1], text[-1:]
    if unit not in UNITS or not number.isdigit() or int(number) == 0:
        raise SchedulerError(f"bad recurrence {text!r}")
    return int(number) * UNITS[unit]


@dataclass(eq=False)
class Job:
    name: str
    action: Callable[[], object]
    due: int = 0
    priority: int = 0
    every: str | None = None
    after: tuple[str, ...] = ()
    retries: int = 0
    failures: int = 0


class Scheduler:
    def __init__(self, clock: Callable[[], int]) -> None:
        self.clock = clock
        self.heap: list[tuple[int, int, int, Job]] = []
        self.jobs: dict[str, Job] = {}
        self.done: set[str] = set()
        self.failed: set[str] = set()
        self.seq = itertools.count()

    def add(self, job: Job) -> None:
        if job.name in self.jobs:
            raise SchedulerError(f"duplicate job {job.name!r}")
        self.jobs[job.name] = job
        self.push(job, job.due)

    def push(self, job: Job, due: int) -> None:
        heapq.heappush(self.heap, (due, job.priority, next(self.seq), job))

    def next_due(self, job: Job, due: int, now: int) -> int:
        """The first time on the job's grid (due + k * every) after now."""
        every = parse_every(job.every or "")
        return due + every * ((now - due) // every + 1)

    def run_due(self) -> list[str]:
        now, ran, held = self.clock(), [], []
        while self.heap and self.heap[0][0] <= now:
            due, _, _, job = heapq.heappop(self.heap)
            if not all(dep in self.done for dep in job.after):
                held.append(job)
                continue
            try:
                job.action()
            except Exception:
                job.failures += 1
                if job.failures <= job.retries:
                    self.push(job, now + 1)
                else:
                    self.failed.add(job.name)
                continue
            ran.append(job.name)
            self.done.add(job.name)
            job.failures = 0
            if job.every:
                self.push(job, self.next_due(job, due, now))
        for job in held:
            self.push(job, now + 1)
        return ran

    def order(self) -> list[str]:
        missing = sorted({dep for job in self.jobs.values() for dep in job.after} - self.jobs.keys())
        if missing:
            raise SchedulerError(f"unknown dependencies: {', '.join(missing)}")
        waiting = {name: len(job.after) for name, job in self.jobs.items()}
        ready = [(job.priority, name) for name, job in self.jobs.items() if not job.after]
        heapq.heapify(ready)
        result: list[str] = []
        while ready:
            _, name = heapq.heappop(ready)
            result.append(name)
            for job in self.jobs.values():
                if name in job.after:
                    waiting[job.name] -= 1
                    if waiting[job.name] == 0:
                        heapq.heappush(ready, (job.priority, job.name))
        if len(result) < len(self.jobs):
            raise CycleError(f"dependency cycle among: {', '.join(sorted(self.jobs.keys() - set(result)))}")
        return result
