"""The subject under test (session 16; tried in session 15): the `subject` field holds the failing tests' classes of a
test-suite report, each a whole identifier, from unittest's header and pytest's; other outputs have none. Real reports
of the tuned-on sets: bug_heldout13 (CPython's unittest), bug_heldout9 (pytest) and a traceback set."""

from __future__ import annotations

import pytest

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import FIELDS, extract, subject_tokens
from tests.bug_consultant.test_report_field import rows_of


@pytest.mark.parametrize(
    ("name", "test", "subject"),
    [
        ("bug_heldout13", "test_break_long_words_on_hyphen", ["LongWordWithHyphensTestCase"]),
        ("bug_heldout9", "test_noname_tag", ["TestHTMLBlocks"]),
    ],
)
def test_the_failing_tests_class_is_the_subject(name, test, subject):
    row = next(r for r in rows_of(name) if test in r["output"])
    info = error_of(row["output"])
    assert info.kind == "test_failure"
    assert subject_tokens(info) == subject == extract(info, code=row["code"])["subject"]
    # kept whole: the class's CamelCase words are the report field's, not the subject's
    assert "subject" in FIELDS and not set(subject) & set(extract(info)["report"])


def test_look_alike_classes_are_different_subjects_and_tracebacks_have_none():
    """statistics' median and median_low run inherited tests of the same names and assertions; only the class in
    unittest's header tells them apart."""
    rows = rows_of("bug_heldout13")
    subjects = {
        tuple(subject_tokens(error_of(r["output"]))) for r in rows if "test.test_statistics.TestMedian" in r["output"]
    }
    assert {("TestMedian",), ("TestMedianLow",)} <= subjects
    traceback = error_of(rows_of("bug_tuning_confusable", "bug_tuning.jsonl")[0]["output"])
    assert traceback.kind == "exception" and subject_tokens(traceback) == []
