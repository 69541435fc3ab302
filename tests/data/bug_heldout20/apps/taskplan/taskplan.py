"""A task planner on graphlib and heapq: tasks with dependencies, priorities and durations; a run order that respects
dependencies and takes the most urgent ready task first; a simulation on N workers; the critical path; cycles and
unknown dependencies reported as PlanError."""

from __future__ import annotations

import graphlib
import heapq
from dataclasses import dataclass, field


class PlanError(Exception):
    pass


@dataclass(frozen=True)
class Task:
    name: str
    duration: int = 1
    priority: int = 0  # higher runs first among ready tasks
    deps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Slot:
    task: str
    worker: int
    start: int
    end: int


@dataclass
class Plan:
    tasks: dict[str, Task] = field(default_factory=dict)

    def add(self, name: str, duration: int = 1, priority: int = 0, after: tuple[str, ...] = ()) -> Task:
        if name in self.tasks:
            raise PlanError(f"duplicate task {name!r}")
        if duration < 0:
            raise PlanError(f"task {name!r}: negative duration {duration}")
        task = Task(name, duration, priority, tuple(after))
        self.tasks[name] = task
        return task

    def sorter(self) -> graphlib.TopologicalSorter[str]:
        for task in self.tasks.values():
            missing = [d for d in task.deps if d not in self.tasks]
            if missing:
                raise PlanError(f"task {task.name!r} depends on unknown {', '.join(missing)}")
        ts: graphlib.TopologicalSorter[str] = graphlib.TopologicalSorter()
        for task in self.tasks.values():
            ts.add(task.name, *task.deps)
        try:
            ts.prepare()
        except graphlib.CycleError as exc:
            cycle = exc.args[1]
            raise PlanError("cycle: " + " -> ".join(cycle)) from exc
        return ts

    def urgency(self, name: str) -> tuple[int, str]:
        """The heap key of a ready task: the highest priority first, then the name."""
        return (-self.tasks[name].priority, name)

    def order(self) -> list[str]:
        """Every task once, dependencies first; among ready tasks the highest priority, then the name."""
        ts = self.sorter()
        ready: list[tuple[int, str]] = []
        done: list[str] = []
        while ts.is_active():
            for name in ts.get_ready():
                heapq.heappush(ready, self.urgency(name))
            _, name = heapq.heappop(ready)
            done.append(name)
            ts.done(name)
        return done

    def simulate(self, workers: int) -> list[Slot]:
        """Run the plan on `workers` workers: a free worker takes the most urgent ready task; returns the slots in
        start order."""
        if workers < 1:
            raise PlanError(f"need at least one worker, got {workers}")
        ts = self.sorter()
        ready: list[tuple[int, str]] = []
        running: list[tuple[int, int, str]] = []  # (end, worker, task)
        free = list(range(workers))
        slots: list[Slot] = []
        now = 0
        while ts.is_active():
            for name in ts.get_ready():
                heapq.heappush(ready, self.urgency(name))
            while ready and free:
                _, name = heapq.heappop(ready)
                worker = heapq.heappop(free)
                end = now + self.tasks[name].duration
                slots.append(Slot(name, worker, now, end))
                heapq.heappush(running, (end, worker, name))
            now, worker, name = heapq.heappop(running)
            heapq.heappush(free, worker)
            ts.done(name)
            while running and running[0][0] == now:
                _, worker, name = heapq.heappop(running)
                heapq.heappush(free, worker)
                ts.done(name)
        return slots

    def makespan(self, workers: int) -> int:
        return max((s.end for s in self.simulate(workers)), default=0)

    def critical_path(self) -> tuple[int, list[str]]:
        """The longest chain of durations through the dependencies, and its tasks in order."""
        finish: dict[str, int] = {}
        best: dict[str, str | None] = {}
        ts = self.sorter()
        while ts.is_active():
            for name in ts.get_ready():
                task = self.tasks[name]
                before = max(task.deps, key=lambda d: (finish[d], d), default=None)
                finish[name] = task.duration + (finish[before] if before else 0)
                best[name] = before
                ts.done(name)
        if not finish:
            return 0, []
        last: str | None = max(finish, key=lambda n: (finish[n], n))
        total, path = finish[last], []
        while last is not None:
            path.append(last)
            last = best[last]
        return total, path[::-1]
