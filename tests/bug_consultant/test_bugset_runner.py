"""The labelled sets' shared runner (tests/data/bugset_runner.py) reads the exception line of real tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "data"))

from bugset_runner import exception_line  # type: ignore[import-not-found]  # tests/data is no package


def stderr_of(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stderr


def test_exception_line_of_a_chained_traceback_is_the_last_ones() -> None:
    stderr = stderr_of("try:\n    {}['k']\nexcept KeyError:\n    raise ValueError('bad key')")
    assert "During handling of the above exception" in stderr
    assert exception_line(stderr) == "ValueError: bad key"


def test_an_exception_group_has_no_plain_traceback_and_is_dropped() -> None:
    stderr = stderr_of("raise ExceptionGroup('nursery', [ValueError('boom')])")
    assert "Exception Group Traceback (most recent call last):" in stderr
    assert exception_line(stderr) == ""  # was: max() of an empty sequence
