import threading
import time

import pytest
from workpool import BoundedBuffer, BufferClosed, JobFailed, WorkerPool, drain_buffer, run_all


def square(x: int) -> int:
    return x * x


def picky(x: int) -> int:
    if x in (3, 7):
        raise ValueError(f"bad input {x}")
    return x + 100


def test_run_all_keeps_order() -> None:
    assert run_all(square, range(10), workers=3, timeout=3) == [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]


def test_run_all_empty() -> None:
    assert run_all(square, [], workers=2, timeout=3) == []


def test_run_all_reports_first_error() -> None:
    with pytest.raises(JobFailed) as info:
        run_all(picky, range(10), workers=3, timeout=3)
    assert str(info.value) == "job 3 failed: ValueError: bad input 3"
    assert isinstance(info.value.__cause__, ValueError)
    assert str(info.value.__cause__) == "bad input 3"


def test_errors_kept_apart_from_results() -> None:
    pool = WorkerPool(picky, workers=2)
    pool.start()
    for i in range(9):
        pool.submit(i, i)
    assert pool.drain(3)
    assert sorted(pool.results) == [0, 1, 2, 4, 5, 6, 8]
    assert [(e.index, e.error) for e in pool.sorted_errors()] == [
        (3, "ValueError: bad input 3"),
        (7, "ValueError: bad input 7"),
    ]
    assert sum(len(done) for done in pool.done_by) == 9
    assert pool.shutdown(3) == 0


def test_worker_survives_any_exception() -> None:
    pool = WorkerPool(lambda x: 12 // x, workers=2)
    pool.start()
    for i in range(4):
        pool.submit(i, i)
    assert pool.drain(3)
    assert pool.results == {1: 12, 2: 6, 3: 4}
    assert [e.error for e in pool.sorted_errors()] == ["ZeroDivisionError: integer division or modulo by zero"]
    assert pool.shutdown(3) == 0


def test_run_all_zero_division() -> None:
    with pytest.raises(JobFailed, match="job 2 failed: ZeroDivisionError"):
        run_all(lambda x: 6 // (x - 2), range(5), workers=2, timeout=3)


def test_drain_and_shutdown() -> None:
    pool = WorkerPool(square, workers=2)
    pool.start()
    for i in range(6):
        pool.submit(i, i)
    assert pool.drain(3) is True
    assert pool.shutdown(timeout=2) == 0
    assert sorted(i for done in pool.done_by for i in done) == [0, 1, 2, 3, 4, 5]


def test_cancel_skips_pending_jobs() -> None:
    gate = threading.Event()
    started = threading.Event()

    def slow(x: int) -> int:
        started.set()
        assert gate.wait(5)
        return x

    pool = WorkerPool(slow, workers=1)
    pool.start()
    for i in range(5):
        pool.submit(i, i)
    assert started.wait(5)
    pool.cancel()
    gate.set()
    assert pool.drain(3)
    assert pool.results == {0: 0}
    with pytest.raises(RuntimeError, match="cancelled"):
        pool.submit(9, 9)
    assert pool.shutdown(3) == 0


def test_start_twice_and_bad_size() -> None:
    pool = WorkerPool(square, workers=1)
    pool.start()
    with pytest.raises(RuntimeError, match="already started"):
        pool.start()
    assert pool.shutdown(3) == 0
    with pytest.raises(ValueError, match="at least 1"):
        WorkerPool(square, workers=0)


def test_buffer_is_fifo() -> None:
    buf = BoundedBuffer(3)
    for item in ("a", "b", "c"):
        buf.put(item, timeout=1)
    assert len(buf) == 3
    assert [buf.get(timeout=1) for _ in range(3)] == ["a", "b", "c"]


def test_buffer_full_put_times_out() -> None:
    buf = BoundedBuffer(2)
    buf.put(1, timeout=1)
    buf.put(2, timeout=1)
    with pytest.raises(TimeoutError, match="buffer full"):
        buf.put(3, timeout=0.05)
    assert len(buf) == 2


def test_buffer_empty_get_times_out() -> None:
    buf = BoundedBuffer(2)
    with pytest.raises(TimeoutError, match="buffer empty"):
        buf.get(timeout=0.05)


def test_drain_buffer_times_out_while_open() -> None:
    buf = BoundedBuffer(2)
    buf.put("x")
    got = []
    with pytest.raises(TimeoutError, match="buffer empty"):
        for _ in range(3):
            got.append(buf.get(timeout=0.05))
    assert got == ["x"]


def test_close_wakes_blocked_getter() -> None:
    buf = BoundedBuffer(2)
    got = []

    def consume() -> None:
        got.append(buf.get(timeout=6))

    thread = threading.Thread(target=consume)
    thread.start()
    assert buf.wait_for_getters(1, 5)
    buf.close()
    thread.join(2)
    alive = thread.is_alive()
    assert not alive, "getter still blocked after close"
    assert got == [None]


def test_put_on_closed_buffer() -> None:
    buf = BoundedBuffer(1)
    buf.put("x")
    buf.close()
    with pytest.raises(BufferClosed, match="put on a closed buffer"):
        buf.put("y", timeout=0.05)
    assert drain_buffer(buf, timeout=1) == ["x"]


def test_producer_consumer() -> None:
    buf = BoundedBuffer(3)

    def produce() -> None:
        for i in range(20):
            buf.put(i, timeout=5)
        time.sleep(0.01)
        buf.close()

    thread = threading.Thread(target=produce)
    thread.start()
    assert drain_buffer(buf, timeout=5) == list(range(20))
    thread.join(5)
    alive = thread.is_alive()
    assert not alive
