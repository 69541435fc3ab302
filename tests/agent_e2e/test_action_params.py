"""The actions' params: the documented forms parse to exact values; everything else is a ParamError with a reason."""

import pytest

from agent.actions.params import (
    Edit,
    FileLineName,
    FileLines,
    ParamError,
    Symbol,
    parse_edit,
    parse_overview,
    parse_target,
    parse_use,
)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ("more_itertools/more.py:120-160", FileLines("more_itertools/more.py", 120, 160)),
        ("  `/testbed/more_itertools/more.py:238`\n", FileLines("more_itertools/more.py", 238, None)),
        ("./setup.py", FileLines("setup.py", None, None)),
        ("setup.cfg:1 - 5", FileLines("setup.cfg", 1, 5)),
        ("peekable.peek", Symbol("peekable.peek")),
        ("'last'", Symbol("last")),
        ("Makefile:3", FileLines("Makefile", 3, None)),
    ],
)
def test_open_targets(params, expected):
    assert parse_target(params) == expected


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ("", "empty"),
        ("a.py:1\nb.py:2", "expected one line"),
        ("more.py:0", "lines start at 1"),
        ("more.py:30-20", "the range 30-20 ends before it starts"),
        ("def last(", "neither a file nor an identifier"),
    ],
)
def test_open_rejects(params, reason):
    with pytest.raises(ParamError, match=reason.replace("(", r"\(")):
        parse_target(params)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ("more_itertools/more.py:267 last", FileLineName("more_itertools/more.py", 267, "last")),
        ("/testbed/pkg/a.py:3:9 helper", FileLineName("pkg/a.py", 3, "helper")),
        ("LastTests.test_basic", Symbol("LastTests.test_basic")),
    ],
)
def test_uses(params, expected):
    assert parse_use(params) == expected


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ("more_itertools/more.py", ("more_itertools/more.py", None)),
        ("more_itertools/more.py peekable", ("more_itertools/more.py", "peekable")),
        ("more_itertools/more.py:peekable", ("more_itertools/more.py", "peekable")),
        ("peekable", (None, "peekable")),
    ],
)
def test_overview_targets(params, expected):
    assert parse_overview(params) == expected


def test_edit_raw_lines_keep_indentation():
    params = """
file: more_itertools/more.py
old:
        if isinstance(iterable, Sequence):
            return iterable[len(iterable)]
new:
        if isinstance(iterable, Sequence):
            return iterable[-1]

"""
    assert parse_edit(params) == Edit(
        "more_itertools/more.py",
        "        if isinstance(iterable, Sequence):\n            return iterable[len(iterable)]",
        "        if isinstance(iterable, Sequence):\n            return iterable[-1]",
    )


def test_edit_empty_new_deletes_whole_lines():
    assert parse_edit("file: a.py\nold:\n    x = 1\nnew:\n") == Edit("a.py", "    x = 1\n", "")


def test_edit_yaml_block_is_read_as_yaml():
    """`old: |` is a YAML block: YAML strips the block's indentation (`|4` keeps code indented by 4)."""
    params = "file: /testbed/a.py\nold: |\n  x = 1\n  y = 2\nnew: |4\n      x = 2\n"
    assert parse_edit(params) == Edit("a.py", "x = 1\ny = 2\n", "  x = 2\n")


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ("old:\n x\nnew:\n y", "the first line must be `file: path.py`"),
        ("file: a.py\n x = 1\n", "missing the `old:` or `new:` line"),
        ("file: a.py\nold:\nnew:\n y", "`old` is empty"),
        ("file: a.py\nsomething\nold:\n x\nnew:\n y", "expected `file: path.py` then `old:` on the next line"),
        ("file: a.py\nold: |\n  x\n new: y: z\n", "missing the `old:` or `new:` line"),
    ],
)
def test_edit_rejects(params, reason):
    with pytest.raises(ParamError, match=reason.replace("`", ".")):
        parse_edit(params)
