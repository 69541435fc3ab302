import threading
from pathlib import Path

import pytest
from pipeline import FakeClock, Pipeline, Recorder, Stage, Ticker, run_phases


def parse(text: str) -> int:
    return int(text)


def test_pipeline_two_stages() -> None:
    pipe = Pipeline([Stage("parse", parse, workers=2), Stage("square", lambda n: n * n, workers=3)])
    assert pipe.run(["3", "1", "2", "4"], timeout=5) == [1, 4, 9, 16]
    assert pipe.errors == []


def test_pipeline_three_stages_uneven_workers() -> None:
    stages = [Stage("parse", parse, workers=3), Stage("double", lambda n: 2 * n), Stage("label", str, workers=2)]
    assert Pipeline(stages).run([str(i) for i in range(6)], timeout=5) == ["0", "10", "2", "4", "6", "8"]


def test_pipeline_records_errors_and_goes_on() -> None:
    pipe = Pipeline([Stage("parse", parse, workers=2), Stage("invert", lambda n: 10 // n, workers=2)])
    assert pipe.run(["5", "x", "0", "2"], timeout=5) == [2, 5]
    assert pipe.errors == [
        ("invert", 0, "ZeroDivisionError: integer division or modulo by zero"),
        ("parse", "x", "ValueError: invalid literal for int() with base 10: 'x'"),
    ]


def test_pipeline_needs_a_stage() -> None:
    with pytest.raises(ValueError, match="at least one stage"):
        Pipeline([])


def test_recorder_flush(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    rec = Recorder(path)
    for word in ("alpha", "beta", "gamma"):
        rec.record(word)
    rec.flush()
    assert path.read_text(encoding="utf-8") == "alpha\nbeta\ngamma\n"
    assert rec.count == 3
    rec.close()


def test_recorder_flush_twice(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    rec = Recorder(path)
    rec.record("first")
    rec.flush()
    assert path.read_text(encoding="utf-8").splitlines() == ["first"]
    rec.record("second")
    rec.flush()
    assert path.read_text(encoding="utf-8").splitlines() == ["first", "second"]
    rec.close()


def test_recorder_close_and_one_line(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    rec = Recorder(path)
    rec.record("one")
    with pytest.raises(ValueError, match="one line"):
        rec.record("two\nthree")
    rec.close()
    alive = rec.thread.is_alive()
    assert not alive
    assert path.read_text(encoding="utf-8") == "one\n"


def test_run_phases() -> None:
    assert run_phases([1, 2, 3, 4], workers=2, phases=2) == [20, 80]


def test_run_phases_uneven_slices() -> None:
    assert run_phases([1, 1, 1, 1, 1], workers=3, phases=1) == [10]


def test_ticker_interleaves_jobs() -> None:
    ticker = Ticker(FakeClock())
    ticker.every(2.0, "poll", times=3)
    ticker.every(3.0, "save", times=2, start=1.0)
    assert ticker.run(until=100) == [(0.0, "poll"), (1.0, "save"), (2.0, "poll"), (4.0, "save"), (4.0, "poll")]


def test_ticker_priority_breaks_ties() -> None:
    ticker = Ticker(FakeClock())
    ticker.every(5.0, "low", times=2, priority=2)
    ticker.every(5.0, "high", times=2, priority=1)
    assert ticker.run(until=100) == [(0.0, "high"), (0.0, "low"), (5.0, "high"), (5.0, "low")]


def test_ticker_until_drops_later_runs() -> None:
    clock = FakeClock()
    ticker = Ticker(clock)
    ticker.every(1.0, "tick", times=10)
    assert [t for t, _ in ticker.run(until=3.5)] == [0.0, 1.0, 2.0, 3.0]
    assert clock.now == 3.0
    with pytest.raises(ValueError, match="positive"):
        ticker.every(0, "bad", times=1)


def test_pipeline_from_many_producers() -> None:
    pipe = Pipeline([Stage("parse", parse, workers=2)])
    items = [str(i) for i in range(50)]
    results: list[list[int]] = []
    thread = threading.Thread(target=lambda: results.append(pipe.run(items, timeout=5)))
    thread.start()
    thread.join(10)
    assert results == [list(range(50))]
