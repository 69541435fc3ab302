"""pytest's warnings summary supplies no exception line and no frames (session 16: bug_heldout15's runs failing in a
Trio nursery read `test_ticker_pipeline.py::test_x` + `ticker_pipeline.py:33: RuntimeWarning: coroutine ... was never
awaited` from the summary after the group as `Type: message`). Real reports of bug_heldout15 (reported once at 3068110,
tuned on from session 17)."""

from __future__ import annotations

import pytest

from agent.bug_consultant.errors import parse_error
from tests.bug_consultant.test_report_field import rows_of


@pytest.mark.parametrize(
    ("run", "message", "test"),
    [
        ("ticker_send_not_awaited/1", "assert {} == {'ABC': 12, 'XYZ': 2}", "test_totals_per_symbol"),
        ("ticker_send_not_awaited/2", "assert {} == {'ABC': 210}", "test_many_trades_one_symbol"),
    ],
)
def test_a_warnings_summary_after_an_exception_group_is_no_exception(run, message, test):
    output = next(r for r in rows_of("bug_heldout15") if r["id"] == run)["output"]
    info = parse_error(output)
    assert info is not None
    # the group's innermost sub-exception, its frames; the group's own traceback ends in Trio's nursery
    assert (info.exc_type, info.message, info.kind) == ("AssertionError", message, "test_failure")
    assert [(f.file, f.func) for f in info.frames[-1:]] == [("test_ticker_pipeline.py", test)]
    assert info.outer_frames[-1].func == "__aexit__" and info.failing_tests == [test]
    # the warning stays in the report as printed, and the report cut before its summary parses the same
    assert "was never awaited" in info.report and "RuntimeWarning" not in info.message
    cut = parse_error(output[: output.rindex("\n", 0, output.index(" warnings summary "))])
    assert cut is not None
    assert (cut.exc_type, cut.message, cut.frames, cut.outer_frames) == (
        info.exc_type,
        info.message,
        info.frames,
        info.outer_frames,
    )
