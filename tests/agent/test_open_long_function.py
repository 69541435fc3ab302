"""`open FILE:LINE` inside a function longer than one observation shows the part around that line (a traceback line
deep in a long function must be on screen), with the rest of the function as `open FILE:A-B` hints; lines past a
file's end and very long signatures get short answers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.actions.executor import ActionLimits, Actions
from tests.agent.conftest import actions_over

BODY = 40  # statements in `long`: lines 2..41, its last line is 41
SOURCE = "def long(x):\n" + "".join(f"    x = x + {i}\n" for i in range(1, BODY)) + "    return x\n"
SIGNED = "def signed(\n    first,\n    second=None,\n):\n" + "".join(f"    first = first + {i}\n" for i in range(1, 25))
SIGNED += "    return first\n"  # a 29-line function with a 4-line signature: lines 1-4, body 5-29
WIDE = "def wide(" + ", ".join(f"parameter_{i}=None" for i in range(30)) + "):\n    return 1\n"  # a 600-char signature


@pytest.fixture
def actions(tmp_path: Path) -> Iterator[Actions]:
    files = {"mod.py": SOURCE, "wide.py": WIDE, "signed.py": SIGNED}
    with actions_over(tmp_path, files, limits=ActionLimits(max_open_lines=10)) as acts:
        yield acts


def numbered(text: str) -> list[int]:
    return [int(m[1]) for m in re.finditer(r"^\s*(\d+) ", text, re.M)]


def test_a_line_deep_in_a_long_function_is_shown_with_the_lines_around_it(actions: Actions) -> None:
    result = actions.execute("open", "mod.py:30")
    assert numbered(result.observation) == [1, *range(25, 35)]  # the def line, then 10 lines centred on line 30
    assert result.observation.splitlines()[-1] == "... (30 more lines; narrow it: open mod.py:2-24, open mod.py:35-41)"
    assert [c.lines for c in result.chunks] == [tuple(range(25, 35))]


def test_a_line_near_the_end_shows_the_last_part(actions: Actions) -> None:
    result = actions.execute("open", "mod.py:40")
    assert numbered(result.observation) == [1, *range(32, 42)]
    assert result.observation.splitlines()[-1] == "... (30 more lines; narrow it: open mod.py:2-31)"


def test_the_function_by_name_starts_at_its_def(actions: Actions) -> None:
    result = actions.execute("open", "long")
    assert numbered(result.observation) == list(range(1, 11))
    assert result.observation.splitlines()[-1] == "... (31 more lines; narrow it: open mod.py:11-41)"


def test_the_next_part_of_a_long_function_shows_its_def_line_not_its_whole_signature_again(actions: Actions) -> None:
    """The part a note names (`open FILE:A-B`, the rest of a long function) shows the function's def line for where
    it is, not the lines of its signature the part before showed whole (session 18: each part of gradio's 666-line
    `Blocks.launch` repeated its 54-line signature)."""
    first = actions.execute("open", "signed")
    assert numbered(first.observation) == [1, *range(5, 11)] and "    second=None," in first.observation
    hint = re.findall(r"open (signed\.py:\d+-\d+)", first.observation.splitlines()[-1])
    assert hint == ["signed.py:11-29"]
    second = actions.execute("open", hint[0])
    assert second.observation.splitlines()[:3] == ["### File: `signed.py`", "1  def signed(", "..."]
    assert numbered(second.observation) == [1, *range(11, 21)] and "second=None" not in second.observation
    assert second.observation.splitlines()[-1] == "... (9 more lines; narrow it: open signed.py:21-29)"
    # a range that holds the signature's lines asks for them: they stay
    assert "    second=None," in actions.execute("open", "signed.py:2-8").observation


def test_lines_past_the_end_of_a_file_say_so(actions: Actions) -> None:
    result = actions.execute("open", "mod.py:500-520")
    assert result.returncode == 1
    expected = "mod.py has no lines 500-520: the file is shorter (`overview mod.py` lists what it holds)."
    assert result.observation == expected
    assert actions.execute("open", "mod.py:900").observation.startswith("mod.py has no line 900: the file is shorter")


def test_a_very_long_signature_is_cut_in_a_located_line(actions: Actions) -> None:
    through = actions.execute("find_symbol", "obj.wide").observation  # `obj.wide()`: its located line lists it
    line = through.splitlines()[1]
    assert line.startswith("wide.py:1  wide  def wide(parameter_0=None, parameter_1=None, ")
    assert len(line) == len("wide.py:1  wide  ") + 160 and line.endswith("…")
    assert through.count("parameter_29=None") == 1  # then the short function whole, its signature in full
    found = actions.execute("find_symbol", "wide").observation
    assert found == line  # shown whole one call ago: the located line alone
    assert actions.execute("open", "wide").observation.count("parameter_29=None") == 1  # open shows it whole
    # `obj.wide` again, a few calls after `wide` listed it: the answer says so, shorter than the located line
    again = actions.execute("find_symbol", "obj.wide").observation
    assert again == "`obj.wide` is not defined by that name: 1 definition(s) of `wide`, shown above (find_symbol wide)"
