"""`ErrorInfo.failing_tests` names the tests a report shows failing: pytest's summary lines, else unittest's failure
headers or pytest's block headers (session 16: unittest's `FAILED (failures=1)` had read as a test, and a pytest report
without `FAILED x::y` summary lines had none). Real reports of the tuned-on sets."""

from __future__ import annotations

import pytest

from agent.bug_consultant.errors import parse_error
from tests.bug_consultant.test_report_field import rows_of


def failing(name: str, run: str) -> list[str]:
    row = next(r for r in rows_of(name) if r["id"] == run)
    info = parse_error(row["output"], row["returncode"])
    assert info is not None and info.kind == "test_failure"
    return info.failing_tests


@pytest.mark.parametrize(
    ("name", "run", "tests"),
    [
        # CPython's unittest: `FAIL: test_x (test.test_mod.Class.test_x)` ... `FAILED (failures=1)`
        (
            "bug_heldout13",
            "textwrap_hyphen_break_drops_hyphen/1",
            ["test.test_textwrap.LongWordWithHyphensTestCase.test_break_long_words_on_hyphen"],
        ),
        # ten `ERROR:` headers of one test's subtests (`FAILED (errors=10)`): the test once
        ("bug_heldout13", "base64_b32_casefold_lower/2", ["test.test_base64.BaseXYTestCase.test_b32hexdecode"]),
        # pytest without a short test summary: the block's header, a class's test or a function, a fixture's error
        ("bug_heldout10", "pathspec_match_file_returns_none/1", ["PathSpecTest.test_01_match_file_3_unmatch"]),
        ("bug_heldout14", "notes_route_param_renamed/1", ["test_get_note"]),
        ("bug_heldout14", "shelf_back_populates_typo/2", ["test_count_books"]),
    ],
)
def test_the_reports_failing_tests(name, run, tests):
    assert failing(name, run) == tests


def test_every_test_report_of_the_sets_names_its_tests_and_no_count():
    for name in ("bug_heldout9", "bug_heldout10", "bug_heldout12", "bug_heldout13", "bug_heldout14"):
        for row in rows_of(name):
            info = parse_error(row["output"], row["returncode"])
            assert info is not None and info.kind == "test_failure" and info.failing_tests, row["id"]
            assert not any(test.startswith("(") for test in info.failing_tests), row["id"]
