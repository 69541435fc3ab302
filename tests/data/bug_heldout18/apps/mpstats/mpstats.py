"""Statistics computed in worker processes with the multiprocessing module.

word_counts() and weighted_total() use a Pool; offsets() maps a partial over a Pool; SharedTally adds numbers from
several processes into a shared Value under a shared Lock; pipe_squares() talks to one worker over a Pipe;
queue_collect() runs workers fed by a Queue and stopped by sentinels. Every wait has a timeout: a worker that does
not finish in time is terminated and shows as exit code -15.
"""

from __future__ import annotations

import functools
import multiprocessing
import re
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from multiprocessing.connection import Connection
from typing import Any

CONTEXT = multiprocessing.get_context("fork")
WORD = re.compile(r"[a-z']+")


def _count_words(text: str) -> Counter[str]:
    return Counter(WORD.findall(text.lower()))


def word_counts(texts: Iterable[str], processes: int = 2) -> Counter[str]:
    """How often each word occurs over all texts, a text per task."""
    total: Counter[str] = Counter()
    with CONTEXT.Pool(processes) as pool:
        for part in pool.map(_count_words, list(texts)):
            total.update(part)
    return total


def _weighted(value: float, weight: float) -> float:
    if weight < 0:
        raise ValueError(f"negative weight {weight} for {value}")
    return value * weight


def weighted_total(pairs: Sequence[tuple[float, float]], processes: int = 2) -> float:
    """sum(value * weight) over (value, weight) pairs."""
    with CONTEXT.Pool(processes) as pool:
        return round(sum(pool.starmap(_weighted, pairs)), 6)


def _add(offset: int, x: int) -> int:
    return x + offset


def offsets(values: Sequence[int], offset: int, processes: int = 2) -> list[int]:
    with CONTEXT.Pool(processes) as pool:
        return pool.map(functools.partial(_add, offset), values)


def _join_all(procs: Sequence[Any], timeout: float) -> list[int]:
    """Join every process within one deadline; terminate the ones still running. Their exit codes."""
    deadline = time.monotonic() + timeout
    for proc in procs:
        proc.join(max(0.0, deadline - time.monotonic()))
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
            proc.join(5)
    return [proc.exitcode for proc in procs]


def _tally_worker(total: Any, lock: Any, amounts: Sequence[int]) -> None:
    for amount in amounts:
        lock.acquire()
        try:
            if amount < 0:
                raise ValueError(f"negative amount: {amount}")
            total.value += amount
        finally:
            lock.release()


class SharedTally:
    """A running total that worker processes add to."""

    def __init__(self) -> None:
        self.total = CONTEXT.Value("q", 0, lock=False)
        self.lock = CONTEXT.Lock()

    def run(self, batches: Sequence[Sequence[int]], timeout: float = 3) -> list[int]:
        """A process per batch adds its amounts; the processes' exit codes."""
        procs = [CONTEXT.Process(target=_tally_worker, args=(self.total, self.lock, b)) for b in batches]
        for proc in procs:
            proc.start()
        return _join_all(procs, timeout)

    @property
    def value(self) -> int:
        if not self.lock.acquire(timeout=2):
            raise TimeoutError("the tally's lock is still held by a worker")
        try:
            return self.total.value
        finally:
            self.lock.release()


def _square_server(conn: Connection) -> None:
    while True:
        msg = conn.recv()
        if msg is None:
            break
        conn.send(msg * msg)
    conn.close()


def pipe_squares(numbers: Sequence[int], timeout: float = 3) -> tuple[list[int], int]:
    """Each number squared by one worker process over a Pipe; the squares and the worker's exit code."""
    parent, child = CONTEXT.Pipe()
    proc = CONTEXT.Process(target=_square_server, args=(child,))
    proc.start()
    child.close()
    out = []
    for n in numbers:
        parent.send(n)
        if not parent.poll(timeout):
            raise TimeoutError(f"no reply for {n} within {timeout}s")
        out.append(parent.recv())
    parent.send(None)
    codes = _join_all([proc], timeout)
    parent.close()
    return out, codes[0]


def _queue_worker(jobs: Any, results: Any) -> None:
    while True:
        job = jobs.get()
        if job is None:
            return
        name, numbers = job
        results.put((name, min(numbers), max(numbers), sum(numbers) / len(numbers)))


def queue_collect(
    jobs: dict[str, Sequence[float]], workers: int = 2, timeout: float = 3
) -> tuple[list[Any], list[int]]:
    """(name, min, max, mean) for each job, computed by worker processes fed through a Queue; sorted by name, and the
    workers' exit codes, sorted."""
    job_queue, result_queue = CONTEXT.Queue(), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_queue_worker, args=(job_queue, result_queue)) for _ in range(workers)]
    for proc in procs:
        proc.start()
    for item in jobs.items():
        job_queue.put(item)
    for _ in range(workers):
        job_queue.put(None)
    results = [result_queue.get(timeout=timeout) for _ in jobs]
    codes = _join_all(procs, timeout)
    return sorted(results), sorted(codes)
