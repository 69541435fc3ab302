import anyio
import pytest
from job_pool import JobFailed, Pool, first_result


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def square(key):
    await anyio.sleep(0.001 * key)
    return key * key


def flaky(failures):
    """A job that raises ConnectionError for its first `failures` calls."""
    calls = {"n": 0}

    async def job(key):
        calls["n"] += 1
        await anyio.sleep(0)
        if calls["n"] <= failures:
            raise ConnectionError(f"call {calls['n']} refused")
        return key + 100

    return job


def slow_once(delay):
    """A job whose first call takes `delay` seconds, the next ones none."""
    calls = {"n": 0}

    async def job(key):
        calls["n"] += 1
        if calls["n"] == 1:
            await anyio.sleep(delay)
        return key

    return job


@pytest.mark.anyio
async def test_runs_every_job():
    pool = Pool(workers=2)
    assert await pool.run({k: square for k in range(1, 6)}) == {1: 1, 2: 4, 3: 9, 4: 16, 5: 25}


@pytest.mark.anyio
async def test_workers_run_concurrently():
    pool = Pool(workers=3)
    with anyio.fail_after(2):
        await pool.run({k: square for k in range(1, 7)})
    assert pool.peak == 3


@pytest.mark.anyio
async def test_retries_a_flaky_job():
    pool = Pool(retries=2)
    with anyio.fail_after(2):
        assert await pool.run({7: flaky(2)}) == {7: 107}
    assert pool.attempts == {7: 3}


@pytest.mark.anyio
async def test_gives_up_after_retries():
    pool = Pool(retries=1)
    with pytest.raises(ExceptionGroup) as info:  # noqa: F821
        await pool.run({3: flaky(5)})
    assert info.group_contains(JobFailed, match="job 3 failed after 2 attempts")


@pytest.mark.anyio
async def test_retries_a_timed_out_attempt():
    pool = Pool(timeout_ms=50)
    with anyio.fail_after(2):
        assert await pool.run({4: slow_once(0.5)}) == {4: 4}
    assert pool.attempts == {4: 2}


@pytest.mark.anyio
async def test_fast_jobs_finish_within_timeout():
    pool = Pool(timeout_ms=100)
    with anyio.fail_after(2):
        assert await pool.run({1: square, 2: square}) == {1: 1, 2: 4}
    assert pool.attempts == {1: 1, 2: 1}


@pytest.mark.anyio
async def test_first_result_cancels_the_rest():
    finished = []

    async def job(key):
        await anyio.sleep(0.01 * key)
        finished.append(key)
        return key * 10

    with anyio.fail_after(2):
        assert await first_result({3: job, 1: job, 2: job}) == (1, 10)
    await anyio.sleep(0.05)
    assert finished == [1]


@pytest.mark.anyio
async def test_first_result_returns_quickly():
    async def job(key):
        await anyio.sleep(0 if key == 1 else 5)
        return key

    with anyio.fail_after(1):
        assert await first_result({1: job, 2: job}) == (1, 1)
