"""A failed comparison's diff read as a debugger reads it (session 18): the lines that differ (`- expected`, `+
actual`), not the lines both sides share (ndiff's context, indented two more) nor its `?` lines (columns only). Before,
the message took the three lines after the assertion whatever they were, so the same golden-file test failing for two
faults shared the diff's first unchanged lines (`[features]`, `Beta = true`) and the differing line fell off. Real runs
of bug_heldout19 (file-format readers and writers; tuned on since session 18), bug_heldout17 and bug_heldout9
(unittest's diff)."""

from __future__ import annotations

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import message_template
from tests.bug_consultant.test_report_field import rows_of


def _rows(name: str) -> dict[str, dict]:
    return {r["id"]: r for r in rows_of(name)}


def test_a_diffs_unchanged_and_column_lines_are_left_out():
    rows = _rows("bug_heldout19")
    output = rows["st_dump_interpolated/2"]["output"]
    assert "E       [features]\nE       Beta = true" in output and "E     ?                   -" in output
    dumped = error_of(output)
    assert dumped.exc_type == "AssertionError"
    assert dumped.message.startswith(
        "assert '[features]\\n...workers = 4\\n' == '[features]\\n...workers = 4\\n'"
        " - cost_per_call = 5$$ + cost_per_call = 5$"
    )
    assert "Beta" not in dumped.message
    # the same golden test failing for another fault keeps its own differing lines
    defaults = error_of(rows["st_defaults_not_read/2"]["output"])
    assert defaults.message.endswith("- cache = ${root}/cache - logs = ${root}/logs...")
    assert message_template(defaults) != message_template(dumped)
    # a line both sides share is context even where it repeats (`Hello Bob,` differs only by its line end)
    crlf = error_of(rows["ml_crlf_kept/1"]["output"])
    assert crlf.message.endswith("- Hello Bob, + Hello Bob, - see the attached report.")


def test_a_one_line_diff_and_unittests_diff():
    renamed = error_of(_rows("bug_heldout17")["ren_start_default/1"]["output"])
    assert renamed.message == (
        "assert 'notes.md -> 000_notes.md' == 'notes.md -> 001_notes.md'"
        " - notes.md -> 001_notes.md + notes.md -> 000_notes.md"
    )
    # unittest's assertEqual diff: `  <div>` is on both sides
    html = error_of(_rows("bug_heldout9")["markdown_noname_tag_drops_text/1"]["output"])
    assert (html.exc_type, html.message) == ("AssertionError", "'<div>\\n\\n</div>' != '<div>\\n</>\\n</div>' - + </>")
    # other exceptions keep their lines as printed (pandas' multi-line AssertionError has no diff marks)
    frame = error_of(_rows("bug_heldout16")["sales_dedup_keeps_first/2"]["output"])
    assert frame.message == (
        'DataFrame.iloc[:, 1] (column name="revenue") are different DataFrame.iloc[:, 1] (column name="revenue") values'
        " are different (33.33333 %) [index]: [0, 1, 2] [left]:  [1221.0, 36.0, 12.0]"
    )
