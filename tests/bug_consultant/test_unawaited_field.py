"""The never-awaited coroutine (session 16, second round): the `unawaited` field holds the coroutines Python warns
were never awaited, whole and by their last part; it gates only. Real runs of the tuned-on sets: bug_heldout15 (the
warning in pytest's warnings summary after the failure), bug_heldout (a script's own coroutine) and a traceback
without the warning."""

from __future__ import annotations

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import FIELDS, extract, unawaited_tokens
from agent.bug_consultant.retrieval import GATE_ONLY
from tests.bug_consultant.test_report_field import rows_of


def test_a_librarys_coroutine_is_named_whole_and_by_its_method():
    rows = {r["id"]: r for r in rows_of("bug_heldout15")}
    anyio = rows["pool_send_not_awaited/1"]
    info = error_of(anyio["output"])
    assert "warnings summary" in anyio["output"] and info.exc_type != "RuntimeWarning"
    tokens = ["coro:.send", "coro:MemoryObjectSendStream.send"]
    assert unawaited_tokens(info) == tokens == extract(info, code=anyio["code"])["unawaited"]
    # trio's channel shares the method, not the whole name: a look-alike of another library
    trio = error_of(rows["ticker_send_not_awaited/1"]["output"])
    assert unawaited_tokens(trio) == ["coro:.send", "coro:MemorySendChannel.send"]
    assert "unawaited" in FIELDS and "unawaited" in GATE_ONLY


def test_a_scripts_own_coroutine_and_outputs_without_the_warning():
    row = next(r for r in rows_of("bug_heldout") if r["id"] == "coroutine_not_awaited/0")
    assert unawaited_tokens(error_of(row["output"])) == ["coro:.fetch_user", "coro:fetch_user"]
    plain = rows_of("bug_tuning_confusable", "bug_tuning.jsonl")[0]
    assert (
        "never awaited" not in plain["output"]
        and extract(error_of(plain["output"]), code=plain["code"])["unawaited"] == []
    )
