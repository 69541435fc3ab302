"""A failed doctest (session 17): pytest's `[doctest]` block prints no `E` lines, so the parser gave every doctest
failure an empty message and the same signature, and without code every failed doctest matched every other one. Now
what the doctest printed is the message (`Expected: ... Got: ...`, or its diff's lines), the example is the failing
line and the doctest's object its function. Real runs of bug_heldout16 (tuned on since session 17)."""

from __future__ import annotations

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import message_template
from tests.bug_consultant.test_report_field import rows_of


def test_expected_and_got_are_the_message_and_the_example_the_failing_line():
    rows = {r["id"]: r for r in rows_of("bug_heldout16")}
    info = error_of(rows["text_fields_ignore_quotes/1"]["output"])
    assert info.exc_type == "DocTestFailure" and info.kind == "test_failure"
    assert info.message == "Expected: ['a', 'b,c', 'd'] Got: ['a', 'b', 'c', 'd']"
    frame = info.frames[-1]
    assert (frame.file, frame.line, frame.func) == ("textkit.py", 54, "split_fields")
    assert frame.code == "split_fields('a,\"b,c\",d')"
    # two doctests of other causes no longer share one empty template: the printed values' shapes differ
    other = error_of(rows["text_duration_one_digit/1"]["output"])
    assert message_template(other) == "DocTestFailure: Expected: <num> Got: <num>"
    assert message_template(info) != message_template(other)


def test_a_doctest_diff_is_read_as_its_lines():
    row = next(r for r in rows_of("bug_heldout16") if r["id"] == "text_wrap_strict_width/2")
    info = error_of(row["output"])
    assert "Differences (unified diff" in row["output"]
    assert info.message == "Differences: @@ -1,3 +1,4 @@ pack these words into -short lines +short +lines"
    assert info.frames[-1].func == "paragraph" and info.frames[-1].code.startswith("print(paragraph(")


def test_other_pytest_failures_keep_their_e_lines():
    row = next(r for r in rows_of("bug_heldout16") if r["id"] == "sales_dedup_keeps_first/1")
    info = error_of(row["output"])
    assert info.exc_type == "AssertionError" and info.message.startswith("assert [10.5, 1200.0, 3.0, 10.5, 2.0] ==")
