"""Fan work out over concurrent.futures executors and gather it back.

gather() runs a function over keyed inputs in a thread pool and splits results from errors; first_ok() returns the
first candidate (in order) that works; sum_of_squares() and scale_all() send chunks of numbers to a process pool;
guarded_map() turns a crashed worker process into a result instead of an exception; with_deadline() gives up on a
slow call.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

CONTEXT = multiprocessing.get_context("fork")
CRASHED = "crashed"


@dataclass
class Gathered:
    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # key -> "TypeName: message"

    @property
    def ok(self) -> bool:
        return not self.errors


class AllFailed(Exception):
    def __init__(self, errors: list[str]) -> None:
        super().__init__(f"all {len(errors)} candidates failed: " + "; ".join(errors))
        self.errors = errors


def gather(func: Callable[[Any], Any], inputs: dict[str, Any], workers: int = 4, timeout: float = 10) -> Gathered:
    """func over every input in a thread pool; a failed call is an error for its key, never an exception here."""
    out = Gathered()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(func, arg): key for key, arg in inputs.items()}
        for future in as_completed(futures, timeout=timeout):
            key = futures[future]
            try:
                out.values[key] = future.result()
            except Exception as exc:
                out.errors[key] = f"{type(exc).__name__}: {exc}"
    out.values = dict(sorted(out.values.items()))
    out.errors = dict(sorted(out.errors.items()))
    return out


def first_ok(func: Callable[[Any], Any], candidates: Sequence[Any], workers: int = 3, timeout: float = 10) -> Any:
    """The result for the earliest candidate (in order) whose call succeeds; AllFailed if none does."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(func, c) for c in candidates]
        errors = []
        for candidate, future in zip(candidates, futures, strict=True):
            try:
                return future.result(timeout=timeout)
            except (OSError, ValueError) as exc:
                errors.append(f"{candidate}: {type(exc).__name__}: {exc}")
    raise AllFailed(errors)


def chunked(items: Sequence[int], size: int) -> list[Sequence[int]]:
    if size < 1:
        raise ValueError("chunk size must be at least 1")
    return [items[i : i + size] for i in range(0, len(items), size)]


def _square_sum(chunk: Sequence[int]) -> int:
    return sum(x * x for x in chunk)


def sum_of_squares(numbers: Sequence[int], chunk: int = 3, workers: int = 2) -> int:
    """sum(x*x) over numbers, a chunk per task in a process pool."""
    with ProcessPoolExecutor(max_workers=workers, mp_context=CONTEXT) as pool:
        return sum(pool.map(_square_sum, chunked(numbers, chunk)))


def _scale(factor: float, x: float) -> float:
    return round(x * factor, 6)


def scale_all(numbers: Iterable[float], factor: float, workers: int = 2) -> list[float]:
    """Every number times factor, computed in a process pool."""
    job = functools.partial(_scale, factor)
    with ProcessPoolExecutor(max_workers=workers, mp_context=CONTEXT) as pool:
        return list(pool.map(job, numbers, timeout=30))


def _checked_sqrt(x: float) -> float:
    if x < 0:
        raise ValueError(f"negative input: {x}")
    return math.sqrt(x)


def roots(numbers: Iterable[float], workers: int = 2) -> list[float]:
    """Square roots in a process pool; a negative number's ValueError reaches the caller."""
    with ProcessPoolExecutor(max_workers=workers, mp_context=CONTEXT) as pool:
        futures = [pool.submit(_checked_sqrt, x) for x in numbers]
        return [round(f.result(timeout=30), 6) for f in futures]


def _maybe_die(x: int) -> int:
    if x < 0:
        os._exit(3)  # a worker process killed from the outside, as the OOM killer would
    return x * 10


def guarded_map(numbers: Sequence[int], workers: int = 2) -> list[Any]:
    """x*10 for each number in a process pool, one process at a time per task; a task whose worker dies is CRASHED."""
    out: list[Any] = []
    for x in numbers:
        with ProcessPoolExecutor(max_workers=1, mp_context=CONTEXT) as pool:
            future = pool.submit(_maybe_die, x)
            try:
                out.append(future.result(timeout=30))
            except BrokenProcessPool:
                out.append(CRASHED)
    return out


def with_deadline(func: Callable[[Any], Any], arg: Any, timeout: float) -> tuple[bool, Any]:
    """(True, func(arg)) if the call finishes within timeout, else (False, None); the slow call is left to finish."""
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(func, arg)
    try:
        return True, future.result(timeout=timeout)
    except TimeoutError:
        return False, None
    finally:
        pool.shutdown(wait=False)


def race(funcs: dict[str, Callable[[], Any]], timeout: float = 10) -> tuple[str, Any]:
    """The name and result of the first function to finish (the others are left to finish)."""
    pool = ThreadPoolExecutor(max_workers=len(funcs))
    futures: dict[Future[Any], str] = {pool.submit(f): name for name, f in funcs.items()}
    done, _ = wait(futures, timeout=timeout, return_when=FIRST_COMPLETED)
    pool.shutdown(wait=False)
    if not done:
        raise TimeoutError(f"no function finished within {timeout}s")
    winner = next(iter(done))
    return futures[winner], winner.result()
