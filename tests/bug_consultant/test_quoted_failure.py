"""A test that drives a program fails with the program's error quoted inside its AssertionError (session 17): the
child's traceback as the assertion's message (`assert proc.returncode == 0, proc.stderr`), or a CliRunner result's
exception repr in the explanation (`where 1 = <Result ValueError('...')>.exit_code`). That error is the failure: its
type and message, and for a traceback the child's frames, the test's frames then being the outer ones. Before, every
quoted traceback read as `AssertionError: Traceback (most recent call last): File "<frozen runpy>" ...`, one message
for every cause. Real runs of bug_heldout17 (tuned on since its second round, session 17)."""

from __future__ import annotations

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import message_template
from tests.bug_consultant.test_report_field import rows_of


def _rows() -> dict[str, dict]:
    return {r["id"]: r for r in rows_of("bug_heldout17")}


def test_a_quoted_traceback_is_the_childs_error_with_its_frames():
    rows = _rows()
    info = error_of(rows["cj_columns_overwritten/1"]["output"])
    assert info.kind == "test_failure"
    assert (info.exc_type, info.message) == ("ValueError", "dict contains fields not in fieldnames: 'id'")
    inner = info.project_frames[-1]
    assert (inner.file, inner.line, inner.func) == ("/home/user/project/csvjson.py", 87, "records_to_csv")
    assert inner.code == "writer.writerow({k: cell(v, null) for k, v in record.items()})"
    assert [f.library for f in info.frames[-2:]] == ["csv", "csv"]
    # the test's own frame (the failing assert) is kept as an outer frame
    assert info.outer_frames[-1].code == "assert proc.returncode == 0, proc.stderr"
    # a multi-line exception and a dotted type (re.error), raised in the stdlib under the program's frame
    regex = error_of(rows["ren_re_error_uncaught/1"]["output"])
    assert (regex.exc_type, regex.message) == ("re.error", "missing ), unterminated subpattern at position 6")
    assert regex.project_frames[-1].func == "compile_pattern" and regex.frames[-1].library == "re"


def test_quoted_tracebacks_of_other_causes_no_longer_share_one_message():
    rows = _rows()
    ids = ["cj_encoding_ignored/1", "cj_ragged_values/2", "cj_columns_overwritten/1", "ren_re_error_uncaught/1"]
    templates = {message_template(error_of(rows[i]["output"])) for i in ids}
    assert len(templates) == 4
    assert "UnicodeDecodeError: <str> codec can't decode byte <addr> in position <num>: invalid continuation byte" in (
        templates
    )
    # the same cause's two runs (other files, other bytes) share theirs
    again = error_of(rows["cj_encoding_ignored/2"]["output"])
    assert message_template(again) == message_template(error_of(rows["cj_encoding_ignored/1"]["output"]))


def test_a_cli_runner_results_exception_is_the_error():
    rows = _rows()
    output = rows["led_missing_file_no_return/1"]["output"]
    assert "<Result FileNotFoundError(2, 'No such file or directory')>" in output
    missing = error_of(output)
    assert (missing.exc_type, missing.message) == ("FileNotFoundError", "[Errno 2] No such file or directory")
    assert missing.frames == [] and missing.outer_frames[-1].func == "test_add_writes_entry"
    text_mode = error_of(rows["lint_text_mode/1"]["output"])
    assert text_mode.exc_type == "TypeError"
    assert text_mode.message == "File must be opened in binary mode, e.g. use `open('foo.toml', 'rb')`"
    key = error_of(rows["lint_missing_no_continue/2"]["output"])
    assert (key.exc_type, key.message) == ("KeyError", "'workers'")


def test_exits_plain_assertions_and_cut_tracebacks_stay_as_they_were():
    rows = _rows()
    # a result that exited (SystemExit) names no error of its own: the assertion stays the failure
    exited = error_of(rows["led_remove_id_str/1"]["output"])
    assert exited.exc_type == "AssertionError" and exited.message.startswith("assert 1 == 0")
    # a returncode assertion quoting no traceback
    plain = error_of(rows["cj_exit_code_dropped/2"]["output"])
    assert plain.exc_type == "AssertionError" and plain.frames[-1].code == "assert proc.returncode == 1"
    # bug_heldout9: a child's traceback quoted by `sh`, cut before its exception line, and a `<Result Abort()>`
    nine = {r["id"]: r for r in rows_of("bug_heldout9")}
    cut = error_of(nine["dotenv_load_from_zip_import/2"]["output"])
    assert cut.exc_type == "sh.ErrorReturnCode_1"
    abort = error_of(nine["click_abort_hidden_without_standalone/1"]["output"])
    assert abort.exc_type == "AssertionError" and abort.message.startswith("assert False")
