"""A threaded pipeline of stages, a line recorder thread, phased work on a Barrier, and a periodic job runner.

Pipeline passes items through stages joined by queues; each stage has its own worker threads, and the last worker of
a stage to stop sends one sentinel per worker of the next stage. A failing item is recorded and dropped. Recorder
writes lines to a file from a background thread. run_phases() runs workers in lock-step phases with a Barrier.
Ticker runs periodic jobs with sched on an injectable clock.
"""

from __future__ import annotations

import queue
import sched
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

STOP = object()


@dataclass(frozen=True)
class Stage:
    name: str
    func: Callable[[Any], Any]
    workers: int = 1


class Pipeline:
    def __init__(self, stages: Sequence[Stage]) -> None:
        if not stages:
            raise ValueError("a pipeline needs at least one stage")
        self.stages = list(stages)
        self.queues: list[queue.Queue[Any]] = [queue.Queue() for _ in range(len(stages) + 1)]
        self.left = [stage.workers for stage in stages]  # workers of each stage still running
        self.lock = threading.Lock()
        self.errors: list[tuple[str, Any, str]] = []

    def _worker(self, i: int) -> None:
        stage, inbox, outbox = self.stages[i], self.queues[i], self.queues[i + 1]
        while True:
            item = inbox.get()
            if item is STOP:
                break
            try:
                outbox.put(stage.func(item))
            except Exception as exc:
                with self.lock:
                    self.errors.append((stage.name, item, f"{type(exc).__name__}: {exc}"))
        with self.lock:
            self.left[i] -= 1
            last = self.left[i] == 0
        if last:
            after = self.stages[i + 1].workers if i + 1 < len(self.stages) else 1
            for _ in range(after):
                outbox.put(STOP)

    def run(self, items: Iterable[Any], timeout: float = 5) -> list[Any]:
        """Every item through every stage; the outputs, sorted (workers finish in any order)."""
        threads = []
        for i, stage in enumerate(self.stages):
            for n in range(stage.workers):
                thread = threading.Thread(target=self._worker, args=(i,), name=f"{stage.name}-{n}", daemon=True)
                thread.start()
                threads.append(thread)
        for item in items:
            self.queues[0].put(item)
        for _ in range(self.stages[0].workers):
            self.queues[0].put(STOP)
        for thread in threads:
            thread.join(timeout)
        running = sorted({t.name.rsplit("-", 1)[0] for t in threads if t.is_alive()})
        if running:
            raise TimeoutError(f"stages still running: {running}")
        out = []
        while (item := self.queues[-1].get_nowait()) is not STOP:
            out.append(item)
        self.errors.sort(key=lambda e: (e[0], str(e[1])))
        return sorted(out)


class Recorder:
    """Lines written to a file by a background thread, in the order they were recorded."""

    def __init__(self, path: Path) -> None:
        self.fh: TextIO = path.open("w", encoding="utf-8")
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.count = 0
        self.thread = threading.Thread(target=self._write, name="recorder", daemon=True)
        self.thread.start()

    def _write(self) -> None:
        while (line := self.lines.get()) is not None:
            self.fh.write(line + "\n")
            self.count += 1
            self.lines.task_done()
        self.lines.task_done()

    def record(self, line: str) -> None:
        if "\n" in line:
            raise ValueError("a record is one line")
        self.lines.put(line)

    def flush(self, timeout: float = 5) -> None:
        """Everything recorded so far is in the file."""
        with self.lines.all_tasks_done:
            if not self.lines.all_tasks_done.wait_for(lambda: self.lines.unfinished_tasks == 0, timeout):
                raise TimeoutError("recorder did not catch up")
        self.fh.flush()

    def close(self, timeout: float = 5) -> None:
        self.lines.put(None)
        self.thread.join(timeout)
        self.fh.close()


def run_phases(data: Sequence[int], workers: int, phases: int, timeout: float = 3) -> list[int]:
    """Each phase doubles every number, then adds the phase's total (over all workers) to the first one; workers own
    slices of the data and wait for each other at a Barrier between phases."""
    values = list(data)
    totals: list[int] = []
    errors: list[BaseException] = []
    size = -(-len(values) // workers)

    def merge() -> None:
        totals.append(sum(values))
        values[0] += totals[-1]

    barrier = threading.Barrier(workers, action=merge, timeout=timeout)

    def work(lo: int) -> None:
        try:
            for _ in range(phases):
                for j in range(lo, min(lo + size, len(values))):
                    values[j] *= 2
                barrier.wait()
        except threading.BrokenBarrierError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w * size,)) for w in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 2)
    if errors:
        raise RuntimeError(f"phases broken: {len(errors)} of {workers} workers stopped at the barrier")
    return totals


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class Ticker:
    """Periodic jobs on sched.scheduler; a job runs `times` times, every `interval` seconds from its first run."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.scheduler = sched.scheduler(clock.time, clock.sleep)
        self.log: list[tuple[float, str]] = []

    def every(self, interval: float, name: str, times: int, start: float = 0.0, priority: int = 1) -> None:
        if interval <= 0:
            raise ValueError("interval must be positive")
        self.scheduler.enterabs(start, priority, self._tick, (interval, name, times, priority))

    def _tick(self, interval: float, name: str, times: int, priority: int) -> None:
        self.log.append((self.clock.time(), name))
        if times > 1:
            self.scheduler.enter(interval, priority, self._tick, (interval, name, times - 1, priority))

    def run(self, until: float) -> list[tuple[float, str]]:
        """Run the jobs due up to `until` (later ones are dropped); the log of (time, job)."""
        for event in list(self.scheduler.queue):
            if event.time > until:
                self.scheduler.cancel(event)
        while not self.scheduler.empty():
            if self.scheduler.queue[0].time > until:
                break
            self.scheduler.run(blocking=False)
            nxt = self.scheduler.queue[0].time if not self.scheduler.empty() else None
            if nxt is not None and nxt <= until:
                self.clock.sleep(nxt - self.clock.time())
        return self.log
