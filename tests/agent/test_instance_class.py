"""find_symbol of a name assigned an instance of one of the repository's classes (scipy's `zipf = zipf_gen(a=1, ...)`)
answers the name's own line and then its class, as an IDE's hover names the type: a short class whole, a long one as
its outline; the next call (find_symbol of the class) is saved. A call of a function, of a builtin or of an installed
library's class adds nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.actions.executor import Actions
from tests.agent.conftest import actions_over

GEN = "class rv_discrete:\n    def pmf(self, k):\n        return self._pmf(k)\n"
LONG = "\n".join(f"    def _m{i}(self, k):\n        return k + {i}\n" for i in range(12))
SOURCES = {
    "dist/_base.py": GEN,
    "dist/_discrete.py": (
        "from ._base import rv_discrete\n\n\n"
        "class zipf_gen(rv_discrete):\n"
        '    """A Zipf discrete random variable."""\n\n'
        "    def _pmf(self, k, a):\n        return 1.0 / k**a\n\n"
        f"{LONG}\n\n"
        "zipf = zipf_gen(a=1, name='zipf', longname='A Zipf')\n"
    ),
    "dist/_small.py": "class Point:\n    def __init__(self, x):\n        self.x = x\n",
    "dist/use.py": (
        "import collections\n\nfrom ._small import Point\n\n\n"
        "ORIGIN: Point = Point(0)\n"
        "COUNTS = collections.Counter(a=1)\n"
        "TABLE = dict(a=1)\n\n\n"
        "def make_point():\n    return Point(1)\n\n\n"
        "MADE = make_point()\n"
    ),
}


@pytest.fixture
def actions(tmp_path: Path) -> Iterator[Actions]:
    with actions_over(tmp_path, {**SOURCES, "dist/__init__.py": ""}) as acts:
        yield acts


def test_a_long_class_instance_answers_its_class_outline(actions: Actions) -> None:
    result = actions.execute("find_symbol", "zipf")
    lines = result.observation.splitlines()
    assert result.returncode == 0
    assert lines[0] == "dist/_discrete.py:47  zipf  zipf = zipf_gen(a=1, name='zipf', longname='A Zipf')"
    assert lines[1] == "`zipf` is an instance of `zipf_gen`:"
    assert lines[2] == "dist/_discrete.py:4  zipf_gen  class zipf_gen(rv_discrete)"
    assert "_pmf" in "\n".join(lines[3:])  # the outline: the method the next call would have looked for
    assert not any("return 1.0 / k**a" in line for line in lines)  # a long class: its outline, not its code
    assert [c.file_path for c in result.chunks] == ["dist/_discrete.py"] * len(result.chunks)


def test_a_short_class_instance_through_an_import_shows_the_class_whole(actions: Actions) -> None:
    text = actions.execute("find_symbol", "ORIGIN").observation
    assert text.splitlines()[:3] == [
        "dist/use.py:6  ORIGIN  ORIGIN = Point(0)",
        "`ORIGIN` is an instance of `Point`:",
        "dist/_small.py:1  Point  class Point",
    ]
    assert "3         self.x = x" in text.splitlines()  # the short class whole, in its own file


@pytest.mark.parametrize("name", ["COUNTS", "TABLE", "MADE"])
def test_a_call_of_a_function_or_a_class_outside_the_repository_adds_nothing(actions: Actions, name: str) -> None:
    result = actions.execute("find_symbol", name)
    assert result.returncode == 0
    assert len(result.observation.splitlines()) == 1 and "instance of" not in result.observation
