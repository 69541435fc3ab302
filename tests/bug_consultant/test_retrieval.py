"""Offline retrieval on the labelled real tracebacks (tests/data/bug_pairs): quality, the gate, the fingerprint."""

from __future__ import annotations

import pytest

from agent.bug_consultant.consultant import BugConsultant, error_of
from agent.bug_consultant.errors import error_document, signature_text, tokenize
from agent.bug_consultant.records import BugRecord
from agent.bug_consultant.retrieval import BugIndex, Query
from agent.bug_consultant.store import BugStore, IndexRow


@pytest.fixture(scope="module")
def indexed(labelled) -> tuple[BugIndex, list[tuple[dict, Query]]]:
    queries = [(row, Query.from_error(error_of(row["output"]), row["command"])) for row in labelled]
    index = BugIndex(None)
    index.add_rows([
        IndexRow(i + 1, row["id"], q.fingerprint, False, " ".join(q.tokens), signature_text(error_of(row["output"])),
                 q.embedding)
        for i, (row, q) in enumerate(queries)
    ])  # fmt: skip
    return index, queries


def test_labelled_set_shape(labelled):
    groups = {r["group"] for r in labelled}
    assert len(labelled) >= 300 and len(groups) >= 80 and len({r["library"] for r in labelled}) >= 10
    per_group = {g: [r for r in labelled if r["group"] == g] for g in groups}
    assert min(len(rows) for rows in per_group.values()) >= 3
    # variants change the call site and, for most groups, the body (often another wrapping library)
    assert all(len({r["callsite"] for r in rows}) >= 2 for rows in per_group.values())
    assert sum(len({r["body"] for r in rows}) >= 2 for rows in per_group.values()) >= 80
    by_type: dict[str, set[str]] = {}
    for r in labelled:
        by_type.setdefault(error_of(r["output"]).exc_type, set()).add(r["group"])
    assert len(by_type["KeyError"]) >= 4 and len(by_type["ValueError"]) >= 15 and len(by_type["TypeError"]) >= 10


def test_leave_one_out_recall_and_mrr(indexed):
    index, queries = indexed
    group = {row["id"]: row["group"] for row, _ in queries}
    firsts = []
    for row, query in queries:
        ranked = [rid for rid, _, _ in index.rank(query, exclude={row["id"]})]
        firsts.append(next((i for i, rid in enumerate(ranked) if group[rid] == row["group"]), None))
    n = len(firsts)
    recall1 = sum(f == 0 for f in firsts) / n
    recall3 = sum(f is not None and f < 3 for f in firsts) / n
    mrr = sum(1 / (f + 1) for f in firsts if f is not None) / n
    assert recall1 >= 0.90 and recall3 >= 0.95 and mrr >= 0.93


def test_gate_keeps_right_matches_and_drops_foreign_ones(indexed):
    index, queries = indexed
    group = {row["id"]: row["group"] for row, _ in queries}
    members: dict[str, set[str]] = {}
    for row, _ in queries:
        members.setdefault(row["group"], set()).add(row["id"])
    shown = right = foreign = 0
    for row, query in queries:
        hits = index.search(query, top_k=3, exclude={row["id"]}, refresh=False).hits
        assert all(h.similarity >= index.threshold for h in hits)
        if hits:
            shown += 1
            right += group[hits[0].record_id] == row["group"]
        foreign += bool(index.search(query, top_k=3, exclude=members[row["group"]], refresh=False).hits)
    n = len(queries)
    assert shown / n >= 0.85 and right / shown >= 0.95
    assert foreign / n <= 0.2  # with no bug of the same root cause stored, advice is rarely shown


def test_exact_fingerprint_comes_first_and_other_writers_are_seen(tmp_path, labelled):
    row = next(r for r in labelled if r["group"] == "dict_missing_key")
    info = error_of(row["output"])
    path = tmp_path / "bugs.sqlite"
    writer, reader = BugStore(path), BugStore(path)
    index = BugIndex(reader)
    query = Query.from_error(info, row["command"])
    assert index.search(query).hits == []

    same = BugRecord(id="same", fingerprint=info.fingerprint(), command=row["command"])
    doc = " ".join(tokenize(error_document(info, row["command"])))
    # stored with a deliberately unrelated document: only the fingerprint can find it
    writer.save(same, "zzz", "unrelated words entirely", None)
    other = next(r for r in labelled if r["group"] == "pd_missing_column")
    other_info = error_of(other["output"])
    writer.save(BugRecord(id="other", fingerprint=other_info.fingerprint()), doc, signature_text(other_info), None)
    hits = index.search(query, top_k=3).hits
    assert len(index) == 2
    assert hits[0].record_id == "same" and hits[0].source == "fingerprint" and hits[0].similarity == 1.0
    assert all(h.record_id != "same" for h in index.search(query, top_k=3, exclude={"same"}).hits)


def test_the_seed_retrieval_bugs_are_fixed(make_config, run_script):
    """The seed skipped "self" by comparing an id with a signature (never true) and compared the category with the
    signature: a record now never retrieves itself, and two identical errors find each other by fingerprint."""
    consultant = BugConsultant(make_config())
    error = run_script("import math\n\n\ndef area(r):\n    return math.sqrt(-r)\n\n\narea(2)\n").stderr
    first = consultant.start_bug_record(error_output=error, command="python repro.py")
    assert consultant.retrieve_similar_bugs(first) == []
    second = consultant.start_bug_record(error_output=error, command="python repro.py")
    assert [r.id for r in consultant.retrieve_similar_bugs(first)] == [second.id]
    assert [r.id for r in consultant.retrieve_similar_bugs(second)] == [first.id]
    by_text = consultant.retrieve_similar_bugs("ValueError: math domain error", ["math"])
    assert {r.id for r in by_text} == {first.id, second.id}
    assert first.created_at < second.created_at and first.created_at.startswith("20")
