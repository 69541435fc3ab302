"""The localization bench's function table (gold spans, "shown whole", where grep/sed's windows stop) holds functions
defined under module-level blocks too: typing_extensions defines most of its API under `if sys.version_info ...`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import function_ranges

SOURCE = """\
import sys

def helper():
    return 1

if sys.version_info >= (3, 12):
    def override(arg):
        return arg
else:
    def override(arg):
        return None

try:
    from os import fspath
except ImportError:
    def fspath(path):
        return path

class Box:
    if sys.version_info >= (3, 10):
        def get(self):
            return 1

    def put(self):
        with open("x") as f:
            def inner():
                return f
        return inner

def helper():
    return 2
"""


def test_functions_under_blocks_are_listed(tmp_path: Path) -> None:
    path = tmp_path / "mod.py"
    path.write_text(SOURCE)
    ranges = function_ranges(path)
    assert ranges["override"] == (7, 8)  # defined only inside blocks: its first definition
    assert ranges["fspath"] == (16, 17)  # in an except handler
    assert ranges["Box.get"] == (21, 22)  # a method under an `if` of the class body
    assert ranges["Box.put.inner"] == (26, 27)  # a function under a `with` in a method
    assert ranges["helper"] == (30, 31)  # defined directly twice: the last definition, as before
    assert ranges["Box"] == (19, 28)


def test_a_function_shown_without_its_docstring_counts_as_shown_whole(tmp_path: Path) -> None:
    """Since session 22 "whole" is the function's code: a tool may leave a docstring out (the actions do, behind an
    `open A-B` hint, when it is long and holds examples); the beyond-gold subtraction then takes only what was shown."""
    from localization.search import Episode, docstring_lines

    (tmp_path / "m.py").write_text('def f(x):\n    """Doc.\n\n    >>> f(1)\n    1\n    """\n    return x\n')
    assert docstring_lines(tmp_path / "m.py") == {2, 3, 4, 5, 6}
    code_only = Episode({"m.py": [(1, 7)]}, tmp_path, len, budget=30)
    code_only.shown = {"m.py": {1, 7}}
    assert code_only.seen("m.py", (1, 7)) and code_only.shown_text("m.py", (1, 7)) == "def f(x):\n    return x"
    whole = Episode({"m.py": [(1, 7)]}, tmp_path, len, budget=30)
    whole.shown = {"m.py": {1, 2, 4, 5, 6, 7}}  # a blank line inside the docstring not reported shown: still whole
    assert whole.shown_text("m.py", (1, 7)) == (tmp_path / "m.py").read_text().rstrip("\n")
    assert not Episode({"m.py": [(1, 7)]}, tmp_path, len, budget=30).seen("m.py", (1, 7))
