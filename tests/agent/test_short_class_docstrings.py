"""A short class shown whole (find_symbol's unique hit, `open NAME`) shows its attributes' long docstrings by their
first line and a note that opens the rest (pydantic-ai's `CachePoint.ttl`: seven lines on which providers support
it); the class's own docstring, its methods and a string that is an attribute's value stay whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.actions.executor import Actions
from tests.agent.conftest import actions_over

SOURCE = '''from dataclasses import dataclass


@dataclass
class CachePoint:
    """A cache point marker.
    Models that do not support caching filter these out."""

    kind: str = "cache-point"
    """Type identifier, a discriminator."""

    ttl: str = "5m"
    """The cache time-to-live, "5m" or "1h".

    Supported by:

    * Anthropic
    * Bedrock
    """

    pattern: str = (
        """a
        b
        c"""
    )

    def describe(self) -> str:
        """Describe it.

        In three more lines.
        """
        return self.kind
'''


@pytest.fixture
def actions(tmp_path: Path) -> Iterator[Actions]:
    with actions_over(tmp_path, {"messages.py": SOURCE}) as acts:
        yield acts


def numbered(text: str) -> list[int]:
    return [int(row.split()[0]) for row in text.splitlines() if row[:1].isdigit()]


@pytest.mark.parametrize(("action", "params"), [("find_symbol", "CachePoint"), ("open", "CachePoint")])
def test_an_attribute_docstring_shows_its_first_line_and_a_note_that_opens_the_rest(
    actions: Actions, action: str, params: str
) -> None:
    result = actions.execute(action, params)
    text = result.observation
    assert result.returncode == 0
    assert '13     """The cache time-to-live, "5m" or "1h".' in text.splitlines()
    assert "    ... (docstring, 6 lines left out: open messages.py:14-19)" in text.splitlines()
    assert "Anthropic" not in text and "Supported by" not in text
    # the class's own docstring whole, its second line unnumbered as the renderer shows a statement's continuation
    assert '       Models that do not support caching filter these out."""' in text.splitlines()
    assert '10     """Type identifier, a discriminator."""' in text.splitlines()  # a one-line docstring as it is
    assert "In three more lines." in text  # a method's docstring whole
    assert "        b" in text  # a string in parentheses is the attribute's value, not a docstring
    shown = {n for c in result.chunks if c.file_path == "messages.py" for n in c.lines}
    assert shown.isdisjoint(range(14, 20)) and {5, 7, 13, 21, 24, 30, 32} <= shown


def test_the_note_opens_the_lines_it_left_out(actions: Actions) -> None:
    actions.execute("find_symbol", "CachePoint")
    rest = actions.execute("open", "messages.py:14-19").observation
    assert "Supported by:" in rest and "* Bedrock" in rest


@pytest.mark.parametrize(
    ("docstring", "note"),
    [
        ('"""One.\n    Two.\n    """', ""),  # two lines past its first: as it is
        ('"""One.\n\n    Two.\n    """', "    ... (docstring, 3 lines left out: open m.py:4-6)"),  # the class's end
    ],
)
def test_a_few_lines_stay_and_a_note_stands_for_a_docstring_that_ends_the_class(
    tmp_path: Path, docstring: str, note: str
) -> None:
    with actions_over(tmp_path, {"m.py": f"class Small:\n    x: int = 1\n    {docstring}\n"}) as actions:
        lines = actions.execute("find_symbol", "Small").observation
    assert lines.splitlines()[-1] == (note or '      """')  # the renderer's width for the continued row
    assert ("Two." in lines) is not bool(note)
