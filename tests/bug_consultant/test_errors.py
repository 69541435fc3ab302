"""Reading errors out of real command output: exception, frames, libraries, fingerprint, tokens."""

from __future__ import annotations

import subprocess
import sys

import pytest

from agent.bug_consultant.errors import normalise, parse_error, tokenize

KEY_ERROR = "def load(rows):\n    return rows[0]['{key}']\n\n\nprint('start')\n{pad}load([{{'a': 1}}])\n"


def test_traceback_fields_and_fingerprint_ignore_literals_and_line_numbers(run_script):
    first = run_script(KEY_ERROR.format(key="price", pad=""))
    moved = run_script(KEY_ERROR.format(key="cost", pad="x = 1\n" * 7))
    a, b = parse_error(first.stderr, first.returncode), parse_error(moved.stderr, moved.returncode)
    assert a is not None and b is not None
    assert (a.exc_type, a.message, [f.func for f in a.frames]) == ("KeyError", "'price'", ["<module>", "load"])
    assert a.frames[-1].code == "return rows[0]['price']"
    assert a.project_frames == a.frames and a.libraries == []
    assert a.signature == "KeyError: 'price'"
    assert a.frames[-1].line != b.frames[-1].line or a.frames[0].line != b.frames[0].line
    assert a.fingerprint() == b.fingerprint()


def test_library_frames_become_tags_and_fingerprint_keeps_project_frames(run_script):
    proc = run_script("import json\n\n\ndef read_config(text):\n    return json.loads(text)\n\n\nread_config('')\n")
    info = parse_error(proc.stderr, proc.returncode)
    assert info is not None
    assert info.exc_type == "json.decoder.JSONDecodeError"
    assert info.message == "Expecting value: line 1 column 1 (char 0)"
    assert info.libraries[0] == "json"
    assert [f.func for f in info.project_frames] == ["<module>", "read_config"]
    other = run_script("import json\n\n\ndef parse_body(text):\n    return json.loads(text)\n\n\nparse_body('')\n")
    other_info = parse_error(other.stderr, 1)
    assert other_info is not None and other_info.fingerprint() != info.fingerprint()


def test_exception_group_and_chained_exceptions(run_script):
    code = (
        "import attrs, cattrs\n\n@attrs.define\nclass Order:\n    qty: int\n\n"
        "cattrs.structure({'qty': 'many'}, Order)\n"
    )
    info = parse_error(run_script(code).stderr)
    assert info is not None
    assert info.exc_type == "ValueError" and "invalid literal for int()" in info.message
    assert "cattrs" in info.libraries


def test_pytest_failure_output(run_script, tmp_path):
    test = "def add(a, b):\n    return a - b\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
    assert run_script(test, "test_calc.py").returncode == 0  # as a script it only defines functions
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_calc.py"],
        cwd=tmp_path / "work",
        capture_output=True,
        text=True,
        timeout=120,
    )
    info = parse_error(proc.stdout, proc.returncode)
    assert info is not None
    assert (info.exc_type, info.kind) == ("AssertionError", "test_failure")
    assert info.failing_tests == ["test_calc.py::test_add"]
    assert "assert -1 == 5" in info.message


@pytest.mark.parametrize(
    ("output", "returncode", "expected"),
    [
        ("all good\n", 0, None),
        ('Traceback (most recent call last):\n  File "x.py", line 1, in <module>\nValueError: bad\n', 0, None),
        ("", 1, None),
        ("gcc: error: main.c: No such file or directory\ncompilation terminated.\n", 1, ("CommandError", "gcc")),
        ("bash: line 1: foo: command not found\n", 127, ("CommandError", "foo")),
    ],
)
def test_non_python_errors_and_successes(output, returncode, expected):
    info = parse_error(output, returncode)
    if expected is None:
        assert info is None
    else:
        assert info is not None and info.exc_type == expected[0] and expected[1] in info.message


def test_normalise_and_tokenize():
    text = "FileNotFoundError: [Errno 2] No such file: '/home/u/data/train.csv' at 0x7f3a2b1c10"
    assert normalise(text) == "FileNotFoundError: [Errno <num>] No such file: <str> at <addr>"
    assert normalise("open /srv/app/x.py failed 3 times") == "open <path> failed <num> times"
    tokens = tokenize("LGBMRegressor.fit() got an unexpected keyword argument 'early_stopping_rounds'")
    assert {"lgbmregressor", "lgbm", "regressor", "fit", "early_stopping_rounds", "early", "stopping", "rounds"} <= set(
        tokens
    )
    assert "an" not in tokens and "got" in tokens


def test_every_labelled_run_parses_to_a_python_exception(labelled):
    infos = [parse_error(row["output"], row["returncode"]) for row in labelled]
    assert all(info is not None and info.kind == "exception" and info.frames for info in infos)
    assert len({info.exc_type for info in infos if info is not None}) >= 40
