"""A test-suite report read whole (session 15): the `report` field holds the words of pytest's report as printed (test
names and files, the test's code, the assertion's values), as plain BM25 reads the output; it re-ranks and never
gates, and a test-suite report gets a threshold of its own. Real pytest reports of the tuned-on regression-test sets;
a traceback set shows that nothing changes for tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.features import extract, report_tokens
from agent.bug_consultant.retrieval import (
    DEFAULT_THRESHOLD,
    FIELD_WEIGHTS,
    NO_CODE_MARGIN,
    NO_CODE_REPORT_MARGIN,
    REPORT_MARGIN,
    RERANK_ONLY,
    BugIndex,
)
from tests.bug_consultant.test_retrieval import build, firsts

DATA = Path(__file__).resolve().parents[1] / "data"


def rows_of(name: str, file: str | None = None) -> list[dict]:
    path = DATA / name / (file or f"{name}.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def regression() -> list[dict]:
    return rows_of("bug_heldout9")


def test_a_test_suite_report_is_read_whole(regression):
    row = next(r for r in regression if "test_noname_tag" in r["output"])
    info = error_of(row["output"])
    assert info.kind == "test_failure" and info.report == row["output"].rstrip()
    tokens = report_tokens(info)
    # the test's name, the test file's and the helper's words, the failing assertion's call: what BM25 reads
    assert {"test_noname_tag", "noname", "html", "blocks", "assertmultilineequal", "convert"} <= set(tokens)
    assert extract(info, code=row["code"])["report"] == tokens == extract(info)["report"]
    traceback = rows_of("bug_tuning_confusable", "bug_tuning.jsonl")[0]
    plain = error_of(traceback["output"])
    assert plain.kind == "exception" and plain.report and report_tokens(plain) == []


def test_the_report_field_ranks_test_suite_reports_and_leaves_tracebacks_alone(regression):
    """With the report's words (FIELD_WEIGHTS["report"]) the regression-test set's same-cause runs come first far more
    often (their runs share the test file, the test's names and the assertion); a traceback's ranking is unchanged."""
    assert FIELD_WEIGHTS["report"] > 0 and "report" in RERANK_ONLY
    index, queries = build(regression)
    without, _ = build(regression)
    without.weights["report"] = 0.0
    found, before = firsts(regression, index, queries), firsts(regression, without, queries)
    recall = [sum(f == 0 for f in x) / len(x) for x in (found, before)]
    assert recall[0] >= 0.95 and recall[1] <= 0.90
    confusable = rows_of("bug_tuning_confusable", "bug_tuning.jsonl")[:40]
    index, queries = build(confusable)
    without, _ = build(confusable)
    without.weights["report"] = 0.0
    for row, query in list(zip(confusable, queries, strict=True))[:10]:
        assert [(h.record_id, h.score) for h in index.rank(query, exclude={row["id"]})] == [
            (h.record_id, h.score) for h in without.rank(query, exclude={row["id"]})
        ]


def test_a_test_suite_report_has_a_gate_of_its_own(regression):
    """The report's words re-rank only: the confidence is the same at any weight of them. A test-suite report is gated
    at threshold + REPORT_MARGIN (without code + NO_CODE_REPORT_MARGIN); a traceback as before."""
    index, queries = build(regression)
    bare, _ = build(regression)
    bare.weights["report"] = 0.0
    for row, query in list(zip(regression, queries, strict=True))[:10]:
        mine = {h.record_id: h.confidence for h in index.rank(query, exclude={row["id"]})}
        theirs = {h.record_id: h.confidence for h in bare.rank(query, exclude={row["id"]})}
        assert len(mine) == len(regression) - 1 and mine == pytest.approx(theirs)
    assert index.gate_for(queries[0]) == pytest.approx(DEFAULT_THRESHOLD + REPORT_MARGIN)
    no_code = build(regression[:3], with_code=False)[1]
    assert index.gate_for(no_code[0]) == pytest.approx(DEFAULT_THRESHOLD + NO_CODE_REPORT_MARGIN)
    tracebacks = rows_of("bug_tuning_confusable", "bug_tuning.jsonl")[:3]
    assert index.gate_for(build(tracebacks)[1][0]) == DEFAULT_THRESHOLD
    assert index.gate_for(build(tracebacks, with_code=False)[1][0]) == pytest.approx(DEFAULT_THRESHOLD + NO_CODE_MARGIN)
    assert BugIndex(None, threshold=0.0).gate_for(queries[0]) == 0.0
