"""Offline retrieval on the labelled real tracebacks: quality on both tuning sets, the gate, the code's part, ties.

tests/data/bug_heldout was held out until session 5 and bug_heldout2 until session 6, both tuned on since (their
recall is checked here too); the set the final figures come from is the benchmark's, never read by the tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.bug_consultant.consultant import BugConsultant, error_of
from agent.bug_consultant.features import code_shape, extract, failing_frame
from agent.bug_consultant.retrieval import (
    AGREE_K,
    AGREE_WEIGHT,
    CONSENSUS_WEIGHT,
    DISTINCT_WEIGHT,
    NO_CODE_AGREE_WEIGHT,
    NO_CODE_DISTINCT_WEIGHT,
    NO_CODE_MARGIN,
    NO_CODE_RAISED_BONUS,
    NO_TRACEBACK_MARGIN,
    PROGRAM_BONUS,
    RAISED_BONUS,
    RERANK_ONLY,
    SAME_TEMPLATE,
    BugIndex,
    Query,
    raise_point,
)
from agent.bug_consultant.store import IndexRow

CONFUSABLE = Path(__file__).resolve().parents[1] / "data" / "bug_tuning_confusable" / "bug_tuning.jsonl"
HELDOUT = Path(__file__).resolve().parents[1] / "data" / "bug_heldout" / "bug_heldout.jsonl"
HELDOUT2 = Path(__file__).resolve().parents[1] / "data" / "bug_heldout2" / "bug_heldout2.jsonl"
# session 10's report set (natural clusters: public reports of one cause, each reproduced by its own program), reported
# once at 05357e2 and tuned on since gate round 2
HELDOUT8 = Path(__file__).resolve().parents[1] / "data" / "bug_heldout8" / "bug_heldout8.jsonl"


def build(rows: list[dict], with_code: bool = True) -> tuple[BugIndex, list[Query]]:
    queries = [
        Query.from_error(error_of(r["output"]), code=r["code"] if with_code else "", instance_id=r["id"]) for r in rows
    ]
    index = BugIndex(None)
    index.add_rows([
        IndexRow(i + 1, r["id"], "run", r["id"], True, True, q.fields, q.text, q.embedding)
        for i, (r, q) in enumerate(zip(rows, queries, strict=True))
    ])  # fmt: skip
    return index, queries


def firsts(rows: list[dict], index: BugIndex, queries: list[Query]) -> list[int | None]:
    """Per query with another run of its group: the rank of the first same-group record."""
    group = {r["id"]: r["group"] for r in rows}
    sizes = {g: sum(r["group"] == g for r in rows) for g in group.values()}
    out = []
    for row, query in zip(rows, queries, strict=True):
        if sizes[row["group"]] < 2:
            continue
        ranked = [h.record_id for h in index.rank(query, exclude={row["id"]})]
        out.append(next((i for i, rid in enumerate(ranked) if group[rid] == row["group"]), None))
    return out


@pytest.fixture(scope="module")
def confusable() -> list[dict]:
    return [json.loads(line) for line in CONFUSABLE.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def indexed(labelled) -> tuple[BugIndex, list[Query]]:
    return build(labelled)


def test_labelled_sets_shape(labelled, confusable):
    groups = {r["group"] for r in labelled}
    assert len(labelled) >= 300 and len(groups) >= 80 and len({r["library"] for r in labelled}) >= 10
    per_group = {g: [r for r in labelled if r["group"] == g] for g in groups}
    assert min(len(rows) for rows in per_group.values()) >= 3
    assert all(len({r["callsite"] for r in rows}) >= 2 for rows in per_group.values())
    # the second tuning set: other programs, confusable pairs (same exception type, other cause), singletons
    sizes: dict[str, int] = {}
    for r in confusable:
        sizes[r["group"]] = sizes.get(r["group"], 0) + 1
    assert len(confusable) >= 100 and sum(n == 1 for n in sizes.values()) >= 10
    index_errors = {r["group"] for r in confusable if error_of(r["output"]).exc_type == "IndexError"}
    assert {"index_off_by_one", "index_empty_result"} <= index_errors


def test_leave_one_out_recall_on_both_tuning_sets(labelled, indexed, confusable):
    for rows, (index, queries), (r1_min, r3_min) in (
        (labelled, indexed, (0.93, 0.95)),
        (confusable, build(confusable), (0.85, 0.90)),
    ):
        found = firsts(rows, index, queries)
        n = len(found)
        assert sum(f == 0 for f in found) / n >= r1_min
        assert sum(f is not None and f < 3 for f in found) / n >= r3_min


def test_code_takes_part(confusable):
    """The record's code reaches the features (the program's constructs) and helps the ranking."""
    row = next(r for r in confusable if r["id"] == "index_empty_result/2")
    info = error_of(row["output"])
    frame = failing_frame(info)
    assert frame is not None and frame.func == "pick"
    with_code, without = extract(info, code=row["code"]), extract(info)
    # without code only the traceback's lines stand for the program: the comprehension that came up empty is not there
    assert "ListComp" not in without["program"] and {"ListComp", "Subscript>const:int"} <= set(with_code["program"])
    # the operation stays, the programmer's names go (a short name before a dot may be a module: kept as such)
    assert code_shape("numbers = numbers.sort()") == ["op:=", "obj", "op:.", "method:sort", "op:("]
    assert code_shape("m = re.match(p, s)") == ["op:=", "mod:re", "op:.", "method:match", "op:(", "op:,"]

    hits_with = sum(f == 0 for f in firsts(confusable, *build(confusable)))
    hits_without = sum(f == 0 for f in firsts(confusable, *build(confusable, with_code=False)))
    assert hits_with > hits_without


def test_gate_shows_right_matches_and_rarely_foreign_ones(labelled, indexed):
    index, queries = indexed
    group = {r["id"]: r["group"] for r in labelled}
    members: dict[str, set[str]] = {}
    for r in labelled:
        members.setdefault(r["group"], set()).add(r["id"])
    shown = right = foreign = 0
    for row, query in zip(labelled, queries, strict=True):
        hits = index.search(query, top_k=3, exclude={row["id"]}, refresh=False).hits
        assert all(h.confidence >= index.threshold for h in hits)
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        if hits:
            shown += 1
            right += group[hits[0].record_id] == row["group"]
        foreign += bool(index.search(query, top_k=3, exclude=members[row["group"]], refresh=False).hits)
    n = len(labelled)
    assert shown / n >= 0.5 and right / shown >= 0.97
    # with no bug of the same root cause stored, advice is rarely shown (the gate is the lowest threshold on the
    # confidence that keeps this at or under 3 % on every tuned set; 1.1 % here)
    assert foreign / n <= 0.03


def test_full_ranking_is_uncapped_and_ties_do_not_follow_store_order(labelled):
    rows = labelled[:40]
    index, queries = build(rows)
    assert len(index.rank(queries[0], exclude={rows[0]["id"]})) == len(rows) - 1
    # the same error stored twice under two ids, inserted in both orders: one ranking
    twin = rows[1]
    query = queries[1]
    orders = []
    for ids in (["b-twin", "a-twin"], ["a-twin", "b-twin"]):
        idx = BugIndex(None)
        idx.add_rows([
            IndexRow(i + 1, rid, "run", rid, True, False, query.fields, query.text, query.embedding)
            for i, rid in enumerate(ids)
        ])  # fmt: skip
        orders.append([h.record_id for h in idx.rank(Query.from_error(error_of(twin["output"]), code=twin["code"]))])
    assert orders[0] == orders[1] == ["a-twin", "b-twin"]
    # ids are random per run (uuid4): the same two records under any ids rank alike (by content, then instance)
    for ids in (["z-id", "a-id"], ["a-id", "z-id"]):
        idx = BugIndex(None)
        idx.add_rows([
            IndexRow(i + 1, rid, "run", instance, True, False, query.fields, query.text, query.embedding)
            for i, (rid, instance) in enumerate(zip(ids, ["task-1", "task-2"], strict=True))
        ])  # fmt: skip
        ranked = idx.rank(Query.from_error(error_of(twin["output"]), code=twin["code"]))
        assert [idx.instances[idx._pos[h.record_id]] for h in ranked] == ["task-1", "task-2"]


def test_the_seed_retrieval_bugs_are_fixed(make_config, run_script):
    """The seed skipped "self" by comparing an id with a signature (never true) and compared the category with the
    signature: a record now never retrieves itself, two identical errors find each other once completed, and a
    text query's tags are tags (not a command) and never bring back the record the text came from."""
    consultant = BugConsultant(make_config())
    code = "import math\n\n\ndef area(r):\n    return math.sqrt(-r)\n\n\narea(2)\n"
    error = run_script(code).stderr
    first = consultant.start_bug_record("n1", 1, code, error, "", command="python repro.py", instance_id="task-1")
    assert consultant.retrieve_similar_bugs(first) == []
    second = consultant.start_bug_record("n2", 2, code, error, "", command="python repro.py", instance_id="task-2")
    assert consultant.retrieve_similar_bugs(first) == []  # the second is not completed yet
    consultant.complete_bug_record(second)
    consultant.complete_bug_record(first)
    assert [r.id for r in consultant.retrieve_similar_bugs(first)] == [second.id]
    assert [r.id for r in consultant.retrieve_similar_bugs(second)] == [first.id]
    scored = consultant.search(first)
    assert scored[0].record.id == second.id and scored[0].score == pytest.approx(1.0, abs=1e-3)
    # by text: the open record the text came from is never returned, the completed ones are (ungated: a text query has
    # no code, and its gate wants the same library raise point or a near-identical score, see the next test)
    third = consultant.start_bug_record("n3", 3, code, error, "", command="python repro.py", instance_id="task-3")
    by_text = consultant.search(error, tags=["math"], threshold=0.0)
    assert {s.record.id for s in by_text} == {first.id, second.id} and third.id not in {s.record.id for s in by_text}
    # the default no-code gate: this error is raised on the project's own line (no library raise point); every record
    # has the query's template and none another, so the template's margin is the whole score (gate round 2): (0.96 +
    # 0.2 x 0.96) / 1.6 (the agreement's weight counts, no library raise point: no agreement, session 14) passes 0.656
    # (gate round 2: / 1.4 passed 0.746; until then 0.96 / 1.2 missed 0.820); a bare error line, with no traceback
    # frame, keeps the plain score's gate (0.896)
    assert {s.record.id for s in consultant.search(error, tags=["math"])} == {first.id, second.id}
    shorter = consultant.search("Traceback (most recent call last):\nValueError: math domain error", tags=["math"])
    assert {s.record.id for s in shorter} == {first.id, second.id}
    bare = Query.from_error(error_of("ValueError: math domain error"))
    assert consultant.index.gate_for(bare) == pytest.approx(consultant.index.threshold + NO_TRACEBACK_MARGIN)
    assert first.created_at < second.created_at and first.created_at.startswith("20")


def test_a_text_query_raised_in_a_library_passes_the_no_code_gate(make_config, run_script):
    """Session 10: without code the gate reads (score + NO_CODE_RAISED_BONUS x the same library raise point +
    NO_CODE_DISTINCT_WEIGHT x the template's margin) / (1 + both weights): the same error surfacing in the same
    library function is advice a text query gets by default; a
    record raised elsewhere with the same message is not."""
    consultant = BugConsultant(make_config())
    code = 'import json\n\n\ndef load(text):\n    return json.loads(text)\n\n\nload("{")\n'
    error = run_script(code).stderr
    assert "json/decoder.py" in error
    other = (
        'import json\n\n\ndef parse(text):\n    raise json.JSONDecodeError("Expecting property name", text, 1)\n\n\n'
        'parse("{")\n'
    )
    stored = consultant.start_bug_record("n1", 1, code, error, "", command="python repro.py", instance_id="task-1")
    consultant.complete_bug_record(stored)
    elsewhere = consultant.start_bug_record(
        "n2", 2, other, run_script(other).stderr, "", command="python repro.py", instance_id="task-2"
    )
    consultant.complete_bug_record(elsewhere)
    hits = consultant.search(error, tags=["json"])
    assert [s.record.id for s in hits] == [stored.id]
    query = Query.from_error(error_of(error))
    index = consultant.index
    assert not query.has_code and index.gate_for(query) == pytest.approx(index.threshold + NO_CODE_MARGIN)
    # the record raised by the project's own `raise` has another template (the author's words): the stored record
    # stands above it by the template's margin (gate round 2); the other record has another template: no agreement
    # on top (session 14), its weight counts in the scale only
    margin = template_margin(index, index.rank(query))
    assert margin > 0
    expected = (hits[0].score + NO_CODE_RAISED_BONUS + NO_CODE_DISTINCT_WEIGHT * margin) / (
        1 + NO_CODE_RAISED_BONUS + NO_CODE_DISTINCT_WEIGHT + NO_CODE_AGREE_WEIGHT
    )
    assert hits[0].confidence == pytest.approx(expected) and hits[0].confidence >= index.gate_for(query)


@pytest.mark.parametrize(
    ("path", "r1_min", "r3_min"),
    [
        # written independently of the retrieval code; 0.578 / 0.760 before session 5, 0.725 / 0.821 in session 5
        (HELDOUT, 0.70, 0.80),
        # the same, by another author; 0.433 / 0.592 at f5ced70 (never tuned on then), tuned on since session 6
        (HELDOUT2, 0.45, 0.59),
    ],
    ids=["bug_heldout", "bug_heldout2"],
)
def test_leave_one_out_recall_on_the_independent_sets(path, r1_min, r3_min):
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    found = firsts(rows, *build(rows))
    n = len(found)
    assert sum(f == 0 for f in found) / n >= r1_min
    assert sum(f is not None and f < 3 for f in found) / n >= r3_min


def test_a_query_without_code_has_the_stricter_gate(confusable):
    """Without code a query is scored without the code's fields and its scores run higher; of the agreement terms
    it gets only the same raise point's (session 10) and the template's margin (gate round 2), and its default gate is
    `threshold + no_code_margin` (0.656), which keeps advice with no same-cause record stored rare (at most 5 % here;
    the code gate, 0.581, on the same confidences lets more through). An explicit threshold is used as given, and 0
    stays no gate."""
    index, queries = build(confusable, with_code=False)
    assert not any(q.has_code for q in queries)
    assert index.gate_for(queries[0]) == pytest.approx(min(1.0, index.threshold + NO_CODE_MARGIN))
    coded = build(confusable[:5])[1]
    assert all(q.has_code for q in coded) and index.gate_for(coded[0]) == index.threshold
    assert BugIndex(None, threshold=0.0).gate_for(queries[0]) == 0.0
    members: dict[str, set[str]] = {}
    for r in confusable:
        members.setdefault(r["group"], set()).add(r["id"])
    foreign = [
        bool(index.search(q, exclude=members[r["group"]], refresh=False).hits)
        for r, q in zip(confusable, queries, strict=True)
    ]
    assert sum(foreign) / len(foreign) <= 0.05
    # the code gate on the same confidences lets more through: the no-code gate is what keeps them out
    loose = [
        bool(index.search(q, exclude=members[r["group"]], threshold=index.threshold, refresh=False).hits)
        for r, q in zip(confusable, queries, strict=True)
    ]
    assert sum(loose) > sum(foreign)
    hits = index.search(queries[0], exclude={confusable[0]["id"]}, threshold=0.0, top_k=None, refresh=False).hits
    assert len(hits) == len(confusable) - 1


def gate_score(index: BugIndex, hit) -> float:
    """The score the gate reads: the hit's weighted mean without the fields that re-rank only (the query's fields)."""
    total = denom = 0.0
    for name, sim in hit.fields.items():
        w = index.embedding_weight if name == "embedding" else index.weights[name]
        if name not in RERANK_ONLY:
            total, denom = total + w * sim, denom + w
    return total / denom


def template_margin(index: BugIndex, ranked) -> float:
    """The template's margin from a full ranking: when the best record by the gate's score has the query's message
    template, that score less the best gate score of a record of another template (0 without one); else 0."""
    if not ranked or "message" not in ranked[0].fields:
        return 0.0
    by_gate = sorted(ranked, key=lambda h: -gate_score(index, h))
    if by_gate[0].fields["message"] < SAME_TEMPLATE:
        return 0.0
    others = [gate_score(index, h) for h in by_gate if h.fields["message"] < SAME_TEMPLATE]
    return gate_score(index, by_gate[0]) - max(others, default=0.0)


def agreement(index: BugIndex, ranked, by_id: dict[str, Query]) -> float:
    """The top-k cause agreement from a full ranking: of the best AGREE_K records by the gate's score (ties by record
    id), the share of the others with the best one's message tokens and library raise point."""
    best, *rest = sorted(ranked, key=lambda h: (-round(gate_score(index, h), 9), h.record_id))[:AGREE_K]
    fields = by_id[best.record_id].fields
    point = raise_point(fields)
    same = [
        bool(point) and raise_point(by_id[h.record_id].fields) == point
        and set(by_id[h.record_id].fields["message"]) == set(fields["message"])
        for h in rest
    ]  # fmt: skip
    return sum(same) / len(rest)


def consensus(index: BugIndex, ranked, by_id: dict[str, Query]) -> float:
    """The query's consensus from a full ranking: the best gate score less the mean gate score of the best three records
    (ties by record id) against each other, each pair both ways (a record's fields as the query)."""
    top = sorted(ranked, key=lambda h: (-round(gate_score(index, h), 9), h.record_id))[:3]

    def pair(a: str, b: str) -> float:
        return gate_score(index, next(h for h in index.rank(by_id[a]) if h.record_id == b))

    pairs = [(a.record_id, b.record_id) for k, a in enumerate(top) for b in top[k + 1 :]]
    return gate_score(index, top[0]) - sum(0.5 * (pair(a, b) + pair(b, a)) for a, b in pairs) / len(pairs)


def test_the_gate_reads_the_confidence_score_plus_agreement(labelled):
    """The gate reads each record's confidence: (its score + RAISED_BONUS when the record's exception was raised at
    the query's library function + PROGRAM_BONUS x the programs' construct similarity + CONSENSUS_WEIGHT x the query's
    consensus + DISTINCT_WEIGHT x the template's margin) / (1 + the four weights), for a query with code; without code
    the score, NO_CODE_RAISED_BONUS for the same raise point and NO_CODE_DISTINCT_WEIGHT x the margin. The consensus
    and the margin are one value per query (the consensus, not chosen from gate round 2 to session 14, is back since
    session 15). The ranking stays by score, and the gate keeps exactly the records whose confidence reaches it.
    Session 14: plus AGREE_WEIGHT (without code NO_CODE_AGREE_WEIGHT) x the top-k cause agreement, one value per query
    too."""
    index, queries = build(labelled)
    by_id = {r["id"]: q for r, q in zip(labelled, queries, strict=True)}
    scale = 1.0 + RAISED_BONUS + PROGRAM_BONUS + CONSENSUS_WEIGHT + DISTINCT_WEIGHT + AGREE_WEIGHT
    same_point = other_point = distinct = 0
    agreements = []
    for row, query in zip(labelled[:60], queries[:60], strict=True):
        point = raise_point(query.fields)
        ranked = index.rank(query, exclude={row["id"]})
        assert [h.score for h in ranked] == sorted((h.score for h in ranked), reverse=True)
        margin = template_margin(index, ranked)
        distinct += margin > 0
        agreements.append(agreement(index, ranked, by_id))
        together = consensus(index, ranked, by_id)
        for hit in ranked[:8]:
            agree = bool(point) and point == raise_point(by_id[hit.record_id].fields)
            same_point += agree
            other_point += not agree
            base = gate_score(index, hit)
            expected = base + RAISED_BONUS * agree + PROGRAM_BONUS * hit.fields["program"] + DISTINCT_WEIGHT * margin
            expected += AGREE_WEIGHT * agreements[-1] + CONSENSUS_WEIGHT * together
            assert hit.confidence == pytest.approx(min(1.0, expected / scale), abs=1e-5)
        gated = index.search(query, top_k=None, exclude={row["id"]}, refresh=False).hits
        assert [h.record_id for h in gated] == [h.record_id for h in ranked if h.confidence >= index.threshold - 1e-12]
    assert same_point and other_point  # both kinds of pair occur in real rows
    assert 0 < distinct < 60  # some queries' best record has their template and another template's stands below
    assert {0.0, 0.5, 1.0} <= set(agreements)  # none, one or both of the next two records agree with the best one
    # without code: the score plus the same raise point's bonus and the margin, over 1 + both
    no_code_index, no_code_queries = build(labelled[:40], with_code=False)
    bonus, weight, cause = NO_CODE_RAISED_BONUS, NO_CODE_DISTINCT_WEIGHT, NO_CODE_AGREE_WEIGHT
    agreed = 0
    points = {r["id"]: raise_point(q.fields) for r, q in zip(labelled, no_code_queries, strict=False)}
    no_code_by_id = {r["id"]: q for r, q in zip(labelled, no_code_queries, strict=False)}
    for row, query in zip(labelled[:40], no_code_queries, strict=True):
        point = raise_point(query.fields)
        ranked = no_code_index.rank(query, exclude={row["id"]})
        margin = template_margin(no_code_index, ranked)
        top = agreement(no_code_index, ranked, no_code_by_id)
        for hit in ranked:
            agree = bool(point) and point == points[hit.record_id]
            agreed += agree
            expected = (hit.score + bonus * agree + weight * margin + cause * top) / (1 + bonus + weight + cause)
            assert hit.confidence == pytest.approx(min(1.0, expected), abs=1e-5)
    assert agreed


def test_a_template_one_cluster_carries_gets_advice_and_a_shared_one_stays_strict(confusable):
    """Gate round 2: when the query's best record has the query's message template and every record of another
    template scores well below it, the match is distinctive evidence and the gate trusts it more. On bug_heldout8
    (natural clusters: each cause's reports share a message no other cluster has) advice is shown for far more
    queries with a same-cause record stored than at the gate frozen before (05357e2), and never with none; on the
    confusable set (look-alikes of other causes share the message) advice with no same cause stays at or under 5 %."""
    natural = [json.loads(line) for line in HELDOUT8.read_text().splitlines() if line.strip()]
    figures: dict[str, tuple[float, float, float]] = {}
    for name, rows in (("natural", natural), ("confusable", confusable)):
        index, queries = build(rows)
        # the gate frozen at 05357e2: no margin, the consensus at 0.2, at 0.630
        without = BugIndex(None, raised_bonus=0.1, program_bonus=0.3, consensus_weight=0.2, distinct_weight=0.0)
        without.threshold = 0.630
        without.add_rows([
            IndexRow(i + 1, r["id"], "run", r["id"], True, True, q.fields, q.text, q.embedding)
            for i, (r, q) in enumerate(zip(rows, queries, strict=True))
        ])  # fmt: skip
        members: dict[str, set[str]] = {}
        for r in rows:
            members.setdefault(r["group"], set()).add(r["id"])
        pairs = list(zip(rows, queries, strict=True))
        own = [(r, q) for r, q in pairs if len(members[r["group"]]) >= 2]
        counts = [
            sum(bool(ix.search(q, exclude={r["id"]}, refresh=False).hits) for r, q in own) for ix in (index, without)
        ]
        wrong = sum(bool(index.search(q, exclude=members[r["group"]], refresh=False).hits) for r, q in pairs)
        figures[name] = (counts[0] / len(own), counts[1] / len(own), wrong / len(rows))
    shown, shown_before, foreign = figures["natural"]
    assert shown >= 0.45 and shown >= shown_before + 0.1 and foreign == 0.0
    assert figures["confusable"][2] <= 0.05
