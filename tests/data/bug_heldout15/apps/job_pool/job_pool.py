"""A small job pool on anyio: workers in one task group take jobs from a memory object stream, retry failed or
timed-out attempts, and collect the results."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream

Job = Callable[[int], Awaitable[int]]


class JobFailed(Exception):
    def __init__(self, key: int, attempts: int) -> None:
        super().__init__(f"job {key} failed after {attempts} attempts")
        self.key = key
        self.attempts = attempts


@dataclass
class Pool:
    workers: int = 3
    retries: int = 2  # attempts after the first
    timeout_ms: int = 200  # per attempt
    results: dict[int, int] = field(default_factory=dict)
    attempts: dict[int, int] = field(default_factory=dict)
    busy: int = 0
    peak: int = 0

    async def _attempt(self, key: int, job: Job) -> int:
        with anyio.fail_after(self.timeout_ms / 1000):
            return await job(key)

    async def _run_one(self, key: int, job: Job) -> None:
        for attempt in range(1, self.retries + 2):
            self.attempts[key] = attempt
            try:
                self.results[key] = await self._attempt(key, job)
                return
            except (OSError, TimeoutError):
                if attempt > self.retries:
                    raise JobFailed(key, attempt) from None
                await anyio.sleep(0)

    async def _worker(self, receive: MemoryObjectReceiveStream[tuple[int, Job]]) -> None:
        async with receive:
            async for key, job in receive:
                self.busy += 1
                self.peak = max(self.peak, self.busy)
                try:
                    await self._run_one(key, job)
                finally:
                    self.busy -= 1

    async def run(self, jobs: dict[int, Job]) -> dict[int, int]:
        send, receive = anyio.create_memory_object_stream[tuple[int, Job]](max_buffer_size=len(jobs))
        async with anyio.create_task_group() as tg:
            for _ in range(self.workers):
                tg.start_soon(self._worker, receive.clone())
            receive.close()
            async with send:
                for key, job in sorted(jobs.items()):
                    await send.send((key, job))
        return dict(sorted(self.results.items()))


async def first_result(jobs: dict[int, Job]) -> tuple[int, int]:
    """The key and value of the job that finishes first; the others are cancelled."""
    winner: dict[str, int] = {}
    async with anyio.create_task_group() as tg:

        async def attempt(key: int, job: Job) -> None:
            value = await job(key)
            if not winner:
                winner.update(key=key, value=value)
            tg.cancel_scope.cancel()

        for key, job in sorted(jobs.items()):
            tg.start_soon(attempt, key, job)
    return winner["key"], winner["value"]
