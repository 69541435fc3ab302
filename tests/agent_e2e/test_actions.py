"""The actions against a real provisioned container: the lsp-bridge daemon inside, fileedit, the debugger, git."""

from __future__ import annotations

import re

import pytest
from minisweagent.exceptions import Submitted

from agent.types import ChunkRef

pytestmark = pytest.mark.docker

MORE = "more_itertools/more.py"
LAST_LINES = tuple(range(224, 251))


def code(text: str, file: str = MORE) -> dict[int, str]:
    """Line number -> code of the numbered lines of `file` in an observation (as the agent reads it)."""
    out: dict[int, str] = {}
    current = None
    for raw in text.split("\n"):
        if raw.startswith("### File: `"):
            current = raw[len("### File: `") : -1]
        elif current == file and (m := re.match(r"^\s*(\d+)(?: \| ?| |$)(.*)$", raw)):  # `N | code` read by the shell
            out[int(m[1])] = m[2]
    return out


def test_find_symbol_puts_the_exact_definition_first_and_caps_loose_matches(ide_env):
    result = ide_env.execute_action("find_symbol", "last")
    # one definition, a short function: shown whole, its block's file line and numbered def line say where it is (no
    # located line, no count header above); a function answers it, so no partial matches
    shown = code(result.observation)
    assert result.observation.startswith(f"### File: `{MORE}`\n") and "partial matches" not in result.observation
    assert shown[224] == "def last(iterable, default=_marker):" and {224, 238, 250} <= set(shown)  # whole, to its end
    assert not {223, 251} & set(shown)  # (a docstring's unnumbered lines may read as numbers: `        3`)
    assert (result.returncode, result.bad_params) == (0, False)
    loose = ide_env.execute_action("find_symbol", "nth_or").observation.split("\n")  # no exact definition
    assert loose[0] == "No exact definition of `nth_or`." and loose[1].startswith("partial matches")
    assert f"{MORE}:253  nth_or_last  def nth_or_last(iterable, n, default=_marker)" in loose
    assert not any(line.startswith(("tests/", "docs/")) for line in loose)  # no tests, no subsequence noise
    # the function whole: what `open last` would have fetched
    assert shown[238].strip() == "return iterable[len(iterable)]"
    assert result.chunks == [ChunkRef(MORE, None, "last", True, LAST_LINES)]


def test_a_class_lookup_answers_with_its_outline(ide_env):
    result = ide_env.execute_action("find_symbol", "peekable")
    # the located line, then the outline with its file header, without repeating the class line
    head, body = result.observation.split("\n\n", 1)
    assert head == f"{MORE}:270  peekable  class peekable"
    outline = code(body)
    assert 270 not in outline and body.startswith(f"### File: `{MORE}`\n")
    assert outline[343].strip() == "def peek(self, default=_marker)"  # an outline's def: one line, no colon
    assert outline[359].strip() == "def prepend(self, *items)"
    assert 344 not in outline  # signatures only, no bodies
    assert result.chunks[0].class_name == "peekable" and 343 in result.chunks[0].lines


@pytest.mark.parametrize(
    ("params", "shown", "chunk"),
    [
        ("last", {224, 238, 250}, ChunkRef(MORE, None, "last", True, LAST_LINES)),
        (f"{MORE}:238", {224, 238, 250}, ChunkRef(MORE, None, "last", True, LAST_LINES)),
        (f"/testbed/{MORE}:236-241", {224, 236, 241}, ChunkRef(MORE, None, "last", False, tuple(range(236, 242)))),
        ("peekable.peek", {270, 343, 357}, ChunkRef(MORE, "peekable", "peek", True, tuple(range(343, 358)))),
    ],
)
def test_open_shows_numbered_code_and_yields_the_chunk(ide_env, params, shown, chunk):
    result = ide_env.execute_action("open", params)
    assert shown <= set(code(result.observation))
    assert result.chunks == [chunk]


def test_open_of_a_file_the_server_does_not_index_reads_it_with_the_shell(ide_env):
    result = ide_env.execute_action("open", "setup.cfg:1-3")
    assert code(result.observation, "setup.cfg") == {
        1: "[bumpversion]",
        2: "current_version = 10.5.0",
        3: "commit = True",
    }
    assert result.chunks == []


def test_references_list_uses_with_their_enclosing_function_tests_last(ide_env):
    result = ide_env.execute_action("references", "last")
    assert result.observation.split("\n") == [
        f"6 reference(s) to `last` ({MORE}:224) in 2 file(s), 3 in tests:",
        f"{MORE}:95  <module>  'last',",
        f"{MORE}:267  nth_or_last  return last(islice(iterable, n + 1), default=default)",
        f"{MORE}:4252  combination_index  n, _ = last(pool, default=(n, None))",
        "tests/test_more.py:161  LastTests.test_basic  [test]  self.assertEqual(mi.last(iterable), expected)",
        "tests/test_more.py:171  LastTests.test_default  [test]  "
        "self.assertEqual(mi.last(iterable, default=default), expected)",
        "tests/test_more.py:177  LastTests.test_empty  [test]  mi.last(iterable)",
    ]
    assert ChunkRef(MORE, None, "nth_or_last", False, (267,)) in result.chunks
    assert all(not c.file_path.startswith("tests/") for c in result.chunks)


def test_definition_at_a_use_locates_and_shows_the_function(ide_env):
    result = ide_env.execute_action("definition", f"{MORE}:267 last")
    assert result.observation.startswith(f"{MORE}:224  last  def last(iterable, default=_marker)\n\n")
    assert code(result.observation)[238].strip() == "return iterable[len(iterable)]"
    assert result.chunks == [ChunkRef(MORE, None, "last", True, LAST_LINES)]


def test_overview_of_a_class_by_name(ide_env):
    result = ide_env.execute_action("overview", "peekable")
    assert code(result.observation)[422].strip() == "def __getitem__(self, index)"
    assert result.chunks[0].class_name == "peekable"


@pytest.mark.parametrize(
    ("action_type", "params", "expected"),
    [
        ("grep", "last", "Unknown action type `grep`. Valid action types: bash, open, overview, find_symbol"),
        ("open", "def last(", "Bad params for `open` (neither a file nor an identifier): def last("),
        ("references", "", "Valid forms: references: Class.method | NAME | path.py:LINE NAME"),
        ("edit", "more.py: x -> y", "Bad params for `edit` (the first line must be `file: path.py`)"),
        ("debugger", "attach 12", "Bad params for `debugger` (unknown debugger command 'attach')"),
        ("bash", "  ", "Bad params for `bash` (empty command)"),
    ],
)
def test_bad_params_name_the_valid_forms(ide_env, action_type, params, expected):
    result = ide_env.execute_action(action_type, params)
    assert (result.bad_params, result.returncode) == (True, 2)
    assert expected in result.observation
    assert "Valid" in result.observation


def test_a_symbol_that_does_not_exist(ide_env):
    result = ide_env.execute_action("open", "no_such_function_here")
    assert (result.returncode, result.bad_params, result.chunks) == (1, False, [])
    assert result.observation == "No definition of `no_such_function_here`."


def test_debug_edit_reproduce_submit(ide_env, restore):
    start = ide_env.execute_action("debugger", "start tests/test_more.py::LastTests::test_basic")
    assert "Stopped at tests/test_more.py:150" in start.observation
    assert start.command == "debugger start tests/test_more.py::LastTests::test_basic"
    raised = ide_env.execute_action("debugger", "debugger run-to-exception")
    assert f"{MORE}:238" in raised.observation and "IndexError" in raised.observation
    assert raised.chunks == [ChunkRef(MORE, None, "last", False, (238,))]
    printed = ide_env.execute_action("debugger", "print 'len(iterable)'")
    assert printed.observation.strip() == "len(iterable) = 4"
    ide_env.execute_action("debugger", "stop")

    edit = ide_env.execute_action(
        "edit",
        f"file: {MORE}\nold:\n            return iterable[len(iterable)]\nnew:\n            return iterable[-1]\n",
    )
    assert (edit.returncode, edit.chunks) == (0, [ChunkRef(MORE, None, "last", False, (238,))])
    assert f"{MORE}: replaced at line 238" in edit.observation
    # the bridge sees the shell's edit at once
    assert code(ide_env.execute_action("open", f"{MORE}:238").observation)[238].strip() == "return iterable[-1]"
    assert ide_env.execute_action("bash", "reproduce 2>&1 | tail -1").observation.strip().startswith("1 passed")

    with pytest.raises(Submitted) as submitted:
        ide_env.execute_action("submit", "")
    patch = submitted.value.messages[0]["extra"]["submission"]
    assert patch.startswith(f"diff --git a/{MORE} b/{MORE}")
    assert "-            return iterable[len(iterable)]\n+            return iterable[-1]\n" in patch


def test_an_edit_whose_old_text_is_not_there_changes_nothing(ide_env, restore):
    result = ide_env.execute_action("edit", f"file: {MORE}\nold:\n    return iterable[0]  # nowhere\nnew:\n    pass\n")
    assert result.returncode != 0 and "not found" in result.observation and result.chunks == []
    assert ide_env.execute({"command": "git status --porcelain"})["output"] == ""


def test_submit_with_nothing_changed_does_not_submit(ide_env):
    result = ide_env.execute_action("submit", "")
    assert result.returncode == 1
    assert result.observation.startswith("submit: nothing to submit")


def test_a_definition_written_by_the_shell_is_found_at_once(ide_env, restore):
    ide_env.execute_action("bash", "printf 'def brand_new_helper(x):\\n    return x\\n' > more_itertools/fresh.py")
    found = ide_env.execute_action("find_symbol", "brand_new_helper")
    assert found.observation.split("\n") == [  # the only definition, shown whole
        "### File: `more_itertools/fresh.py`",
        "1 def brand_new_helper(x):",
        "2     return x",
    ]
