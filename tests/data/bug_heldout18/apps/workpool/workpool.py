"""A small thread worker pool over queue.Queue, and a bounded buffer built on a Condition.

WorkerPool runs a function over submitted jobs in worker threads, keeps results by job index and errors apart, can be
cancelled (an Event) and is stopped with one sentinel per worker. BoundedBuffer is a blocking FIFO of fixed capacity
whose put/get take a timeout, and which can be closed.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

_STOP = object()


@dataclass(frozen=True)
class JobError:
    index: int
    error: str  # "TypeName: message"


class JobFailed(Exception):
    """Raised by run_all for the first failed job (lowest index); the job's own exception is its __cause__."""


class WorkerPool:
    def __init__(self, func: Callable[[Any], Any], workers: int = 2) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.func = func
        self.workers = workers
        self.jobs: queue.Queue[Any] = queue.Queue()
        self.results: dict[int, Any] = {}
        self.errors: list[JobError] = []
        self.exceptions: dict[int, Exception] = {}
        self.lock = threading.Lock()
        self.cancelled = threading.Event()
        self.threads: list[threading.Thread] = []
        self.done_by: list[list[int]] = [[] for _ in range(workers)]  # the jobs each worker finished

    def start(self) -> None:
        if self.threads:
            raise RuntimeError("pool already started")
        for n in range(self.workers):
            thread = threading.Thread(target=self._work, args=(n,), name=f"worker-{n}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def _work(self, n: int) -> None:
        while True:
            item = self.jobs.get()
            if item is _STOP:
                self.jobs.task_done()
                return
            index, arg = item
            if self.cancelled.is_set():
                self.jobs.task_done()
                continue
            self._run_one(index, arg)
            self.done_by[n].append(index)
            self.jobs.task_done()

    def _run_one(self, index: int, arg: Any) -> None:
        try:
            value = self.func(arg)
        except Exception as exc:
            with self.lock:
                self.errors.append(JobError(index, f"{type(exc).__name__}: {exc}"))
                self.exceptions[index] = exc
        else:
            with self.lock:
                self.results[index] = value

    def submit(self, index: int, arg: Any) -> None:
        if self.cancelled.is_set():
            raise RuntimeError("pool is cancelled")
        self.jobs.put((index, arg))

    def drain(self, timeout: float) -> bool:
        """Wait until every submitted job is done; False if that takes longer than timeout."""
        with self.jobs.all_tasks_done:
            return self.jobs.all_tasks_done.wait_for(lambda: self.jobs.unfinished_tasks == 0, timeout)

    def cancel(self) -> None:
        """Jobs not yet started are skipped."""
        self.cancelled.set()

    def shutdown(self, timeout: float) -> int:
        """Stop the workers; how many are still alive after timeout."""
        for _ in range(self.workers):
            self.jobs.put(_STOP)
        for thread in self.threads:
            thread.join(timeout)
        return sum(thread.is_alive() for thread in self.threads)

    def sorted_errors(self) -> list[JobError]:
        with self.lock:
            return sorted(self.errors, key=lambda e: e.index)


def run_all(func: Callable[[Any], Any], args: Iterable[Any], workers: int = 2, timeout: float = 10) -> list[Any]:
    """func over args in a pool, results in the order of args; the first failed job raises JobFailed."""
    pool = WorkerPool(func, workers)
    pool.start()
    count = 0
    for index, arg in enumerate(args):
        pool.submit(index, arg)
        count += 1
    try:
        if not pool.drain(timeout):
            raise TimeoutError(f"jobs not done after {timeout}s")
    finally:
        pool.shutdown(timeout)
    if pool.errors:
        first = pool.sorted_errors()[0]
        raise JobFailed(f"job {first.index} failed: {first.error}") from pool.exceptions[first.index]
    return [pool.results[i] for i in range(count)]


class BufferClosed(Exception):
    pass


class BoundedBuffer:
    """A FIFO of at most `capacity` items; put blocks while full, get while empty; get on a closed, empty buffer
    returns None."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self.items: list[Any] = []
        self.closed = False
        self.waiting = 0  # threads blocked in get
        self.cond = threading.Condition()

    def put(self, item: Any, timeout: float | None = None) -> None:
        with self.cond:
            if self.closed:
                raise BufferClosed("put on a closed buffer")
            if not self.cond.wait_for(lambda: len(self.items) < self.capacity or self.closed, timeout):
                raise TimeoutError("buffer full")
            if self.closed:
                raise BufferClosed("buffer closed while waiting")
            self.items.append(item)
            self.cond.notify_all()

    def get(self, timeout: float | None = None) -> Any:
        with self.cond:
            self.waiting += 1
            self.cond.notify_all()
            try:
                if not self.cond.wait_for(lambda: self.items or self.closed, timeout):
                    raise TimeoutError("buffer empty")
            finally:
                self.waiting -= 1
            if not self.items:
                return None
            item = self.items.pop(0)
            self.cond.notify_all()
            return item

    def wait_for_getters(self, count: int, timeout: float) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: self.waiting >= count, timeout)

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def __len__(self) -> int:
        with self.cond:
            return len(self.items)


def drain_buffer(buffer: BoundedBuffer, timeout: float) -> list[Any]:
    """Every item until the buffer is closed and empty."""
    out = []
    while (item := buffer.get(timeout)) is not None:
        out.append(item)
    return out
