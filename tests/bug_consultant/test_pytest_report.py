"""pytest's own report (--tb=long, the default auto, short) gives the frames a Python traceback gives: file as printed,
line, function, the failing line and its carets, library frames marked, the exception from the last entry's `E`
lines; the tracker then reads the project's files the report passes through, as for a traceback. Every report here is
real pytest output on a small project run in tmp_path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from minisweagent.environments.local import LocalEnvironment

from agent.bug_consultant import BugTracker
from agent.bug_consultant.errors import ErrorInfo, parse_error
from agent.bug_consultant.features import split_files
from agent.bug_consultant.tracker import env_cwd, env_file_reader, project_code

HELPER = """\
import json


def total(items):
    count = 0
    for item in items:
        count += item["qty"]
    return count


def load(text):
    data = json.loads(text)
    return data["rows"]


def parse(text):
    try:
        return load(text)
    except ValueError as exc:
        raise RuntimeError("cannot parse") from exc
"""

TESTS = """\
from pkg.helper import load, parse, total


def add(a, b):
    return a - b


def test_in_the_test():
    assert add(2, 3) == 5


def test_in_a_helper():
    rows = [{"qty": 1}, {"quantity": 2}]
    assert total(rows) == 3


def test_in_a_library():
    def inner():
        return 1

    assert load("{'rows': " + str(inner()) + "}") == 1


def test_chained():
    parse("{")
"""

STYLES = ["long", "auto", "short"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "helper.py").write_text(HELPER)
    (root / "tests" / "test_x.py").write_text(TESTS)
    return root


def run_pytest(project: Path, test: str, style: str) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--tb={style}", f"tests/test_x.py::{test}"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1 and "1 failed" in proc.stdout, proc.stdout + proc.stderr
    return proc


def parsed(project: Path, test: str, style: str) -> ErrorInfo:
    proc = run_pytest(project, test, style)
    info = parse_error(proc.stdout, proc.returncode)
    assert info is not None
    assert info.kind == "test_failure" and info.failing_tests == [f"tests/test_x.py::{test}"]
    return info


def located(info: ErrorInfo) -> list[tuple[str, int, str]]:
    return [(f.file, f.line, f.func) for f in info.frames if f.library is None]


@pytest.mark.parametrize("style", STYLES)
def test_a_failure_inside_the_test(project, style):
    info = parsed(project, "test_in_the_test", style)
    assert (info.exc_type, " ".join(info.message.split())) == (
        "AssertionError",
        "assert -1 == 5 + where -1 = add(2, 3)",
    )
    assert located(info) == [("tests/test_x.py", 9, "test_in_the_test")]
    assert info.frames[-1].code == "assert add(2, 3) == 5" and info.libraries == []


@pytest.mark.parametrize("style", STYLES)
def test_a_failure_inside_a_helper_module(project, style):
    info = parsed(project, "test_in_a_helper", style)
    assert (info.exc_type, info.message) == ("KeyError", "'qty'")
    assert located(info) == [("tests/test_x.py", 14, "test_in_a_helper"), ("pkg/helper.py", 7, "total")]
    inner = info.frames[-1]
    assert inner.code == 'count += item["qty"]' and inner.library is None
    if sys.version_info >= (3, 11):  # pytest prints the interpreter's carets
        assert (inner.marked, info.frames[0].marked) == ('item["qty"]', "total(rows)")


@pytest.mark.parametrize("style", STYLES)
def test_a_failure_inside_a_library(project, style):
    """json is the stdlib: its frames are library frames, by their printed (absolute) paths, as in a traceback."""
    info = parsed(project, "test_in_a_library", style)
    assert info.exc_type == "json.decoder.JSONDecodeError"
    assert info.message == "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    # the long entry's function is the `def` around the failing line, not the nested one shown above it
    assert located(info) == [("tests/test_x.py", 21, "test_in_a_library"), ("pkg/helper.py", 12, "load")]
    library = [f for f in info.frames if f.library is not None]
    assert {f.library for f in library} == {"json"} and library[-1].func == "raw_decode"
    assert all(Path(f.file).is_absolute() and Path(f.file).is_file() for f in library)
    assert info.frames.index(library[0]) == 2 and info.libraries == ["json"]


@pytest.mark.parametrize("style", STYLES)
def test_a_chained_exception_keeps_the_cause_as_outer_frames(project, style):
    info = parsed(project, "test_chained", style)
    assert (info.exc_type, info.message) == ("RuntimeError", "cannot parse")
    assert located(info) == [("tests/test_x.py", 25, "test_chained"), ("pkg/helper.py", 20, "parse")]
    assert ("pkg/helper.py", 12, "load") in [(f.file, f.line, f.func) for f in info.outer_frames]
    assert "json" in info.libraries


def test_the_first_failing_test_of_a_report_is_the_error(project):
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_x.py"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    info = parse_error(proc.stdout, proc.returncode)
    assert info is not None and len(info.failing_tests) == 4
    assert info.exc_type == "AssertionError" and located(info) == [("tests/test_x.py", 9, "test_in_the_test")]


@pytest.mark.parametrize("style", STYLES)
def test_the_tracker_reads_the_project_files_a_report_passes_through(project, style, make_config):
    """Through a real shell reader, from the project root and from a `cd` into it: the helper (the innermost project
    frame) first, then the test file; the stdlib's json is not the project's."""
    proc = run_pytest(project, "test_in_a_library", style)
    info = parse_error(proc.stdout, proc.returncode)
    assert info is not None
    read = env_file_reader(LocalEnvironment(cwd=str(project.parent), timeout=30))
    code = project_code(info, read, str(project.parent), cd="project")
    assert list(split_files(code)) == ["project/pkg/helper.py", "project/tests/test_x.py"]
    assert split_files(code)["project/pkg/helper.py"].rstrip() == HELPER.rstrip()
    assert "def raw_decode" not in code

    env = LocalEnvironment(cwd=str(project), timeout=30)
    tracker = BugTracker(make_config(), run_id="run-pytest", read_file=env_file_reader(env), project_root=env_cwd(env))
    command = f"python -m pytest -q --tb={style} tests/test_x.py::test_in_a_library"
    tracker.observe(command, proc.stdout, proc.returncode, "run the failing test", 1)
    assert tracker.observe_errors == 0 and tracker.consultant is not None and tracker.consultant.store is not None
    (record,) = tracker.consultant.bug_records
    stored = tracker.consultant.store.get(record.id)
    assert stored is not None and stored.exception_type == "json.decoder.JSONDecodeError"
    assert list(split_files(stored.original_code)) == ["pkg/helper.py", "tests/test_x.py"]
    assert split_files(stored.original_code)["tests/test_x.py"].rstrip() == TESTS.rstrip()
