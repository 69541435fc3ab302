"""Bug Consultant retrieval: recall@1, recall@3, MRR (leave-one-out) on the labelled real tracebacks of
tests/data/bug_pairs/, against the seed's Jaccard scoring and plain BM25 measured in the same run; the
similarity gate's behaviour; p95 query latency with 10k records in a real SQLite store; LLM calls at query time.

    python3 bench/bug_consultant_bench.py [--records 10000] [--json]
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import bm25s  # type: ignore[import-untyped]
import typer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from agent.bug_consultant.errors import ErrorInfo, error_document, parse_error, signature_text, tokenize
from agent.bug_consultant.records import BugRecord
from agent.bug_consultant.retrieval import BugIndex, Query, embed
from agent.bug_consultant.store import BugStore, IndexRow
from agent.bug_consultant.summarize import CATEGORIES

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "bug_pairs" / "bug_pairs.jsonl"


def load_rows() -> list[dict]:
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    for row in rows:
        row["info"] = parse_error(row["output"]) or ErrorInfo("Error", row["output"].splitlines()[-1])
    return rows


def metrics(rankings: list[list[str]], rows: list[dict]) -> dict[str, float]:
    group = {r["id"]: r["group"] for r in rows}
    r1 = r3 = rr = 0.0
    for row, ranked in zip(rows, rankings, strict=True):
        hits = [i for i, rid in enumerate(ranked) if group[rid] == row["group"]]
        first = hits[0] if hits else None
        r1 += first == 0
        r3 += first is not None and first < 3
        rr += 1.0 / (first + 1) if first is not None else 0.0
    n = len(rows)
    return {"recall@1": r1 / n, "recall@3": r3 / n, "mrr": rr / n}


# ---------------------------------------------------------------------------------------------- the two baselines
def seed_jaccard(rows: list[dict]) -> list[list[str]]:
    """The seed's scoring (category compared with category, self skipped by id) on computed summaries."""
    summaries = []
    for row in rows:
        info: ErrorInfo = row["info"]
        summaries.append(
            (row["id"], set(info.signature.lower().split()), set([*info.libraries, info.short_type]),
             CATEGORIES.get(info.short_type, "OTHER"))
        )  # fmt: skip
    out = []
    for qid, qwords, qtags, qcat in summaries:
        scored = []
        for rid, words, tags, cat in summaries:
            if rid == qid:
                continue
            text = len(qwords & words) / max(len(qwords | words), 1)
            tag = len(qtags & tags) / max(len(qtags | tags), 1)
            scored.append((0.4 * text + 0.4 * tag + 0.2 * (0.5 if cat == qcat else 0.0), rid))
        scored.sort(key=lambda s: -s[0])
        out.append([rid for score, rid in scored if score > 0.1])
    return out


def plain_bm25(rows: list[dict]) -> list[list[str]]:
    """bm25s with its own tokenizer over the raw output: no identifier splitting, no focus on the error."""
    corpus = bm25s.tokenize([r["output"] for r in rows], stopwords="en", show_progress=False)
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    queries = bm25s.tokenize([r["output"] for r in rows], stopwords="en", show_progress=False)
    docs, _ = retriever.retrieve(queries, k=min(31, len(rows)), show_progress=False)
    ids = [r["id"] for r in rows]
    return [[ids[d] for d in row if ids[d] != ids[q]] for q, row in enumerate(docs.tolist())]


# ---------------------------------------------------------------------------------------------- ours
def index_rows(rows: list[dict], start_seq: int = 1) -> list[IndexRow]:
    queries = [Query.from_error(r["info"], r["command"]) for r in rows]
    return [
        IndexRow(
            start_seq + i, r["id"], q.fingerprint, False, " ".join(q.tokens), signature_text(r["info"]), q.embedding
        )
        for i, (r, q) in enumerate(zip(rows, queries, strict=True))
    ]


def siblings(rows: list[dict]) -> dict[str, set[str]]:
    """Per run: the runs of its group with the same snippet body (itself included)."""
    by_body: dict[tuple[str, int], set[str]] = {}
    for r in rows:
        by_body.setdefault((r["group"], r["body"]), set()).add(r["id"])
    return {r["id"]: by_body[(r["group"], r["body"])] for r in rows}


def cross_variant(rows: list[dict], rankings: list[list[str]]) -> dict[str, float]:
    """Only runs whose group has another body: the same-body siblings are taken out of the ranking, so a hit
    must come from another call path or another wrapping library."""
    sib = siblings(rows)
    bodies: dict[str, set[int]] = {}
    for r in rows:
        bodies.setdefault(r["group"], set()).add(r["body"])
    keep = [i for i, r in enumerate(rows) if len(bodies[r["group"]]) > 1]
    filtered = [[rid for rid in rankings[i] if rid not in sib[rows[i]["id"]]] for i in keep]
    return metrics(filtered, [rows[i] for i in keep])


def ours(rows: list[dict], index: BugIndex, cross: bool = False) -> tuple[list[list[str]], list[list[float]]]:
    rankings, sims = [], []
    sib = siblings(rows)
    for row in rows:
        exclude = sib[row["id"]] if cross else {row["id"]}
        ranked = index.rank(Query.from_error(row["info"], row["command"]), exclude=exclude)
        rankings.append([rid for rid, _, _ in ranked])
        sims.append([sim for _, _, sim in ranked])
    return rankings, sims


def gate_report(rows: list[dict], index: BugIndex, thresholds: list[float]) -> dict[float, dict[str, float]]:
    """Per threshold, with the gate on: how often advice is shown, how often its first item is right, and how
    often something is shown when the store holds no bug of the query's root cause (leave-group-out) — the
    irrelevant-memory risk."""
    group = {r["id"]: r["group"] for r in rows}
    members: dict[str, set[str]] = {}
    for r in rows:
        members.setdefault(r["group"], set()).add(r["id"])
    own, foreign = [], []
    for row in rows:
        query = Query.from_error(row["info"], row["command"])
        hits = index.search(query, top_k=10, exclude={row["id"]}, refresh=False, gate=False).hits
        own.append([(group[h.record_id] == row["group"], h.similarity) for h in hits])
        others = index.search(query, top_k=10, exclude=members[row["group"]], refresh=False, gate=False).hits
        foreign.append([h.similarity for h in others])
    n = len(rows)
    report = {}
    for t in thresholds:
        firsts = [next((right for right, sim in hits if sim >= t), None) for hits in own]
        shown = [f for f in firsts if f is not None]
        report[t] = {
            "shown_rate": len(shown) / n,
            "precision_when_shown": sum(shown) / max(len(shown), 1),
            "shown_without_same_group": sum(any(sim >= t for sim in sims) for sims in foreign) / n,
        }
    return report


# ---------------------------------------------------------------------------------------------- latency at scale
_IDENT = re.compile(r"\b[a-z][a-z_]{2,}\b")


def filler_output(row: dict, rng: random.Random, vocab: list[str]) -> str:
    """A real traceback with its user-chosen names and numbers replaced: plausible, unlabelled store content."""
    names = {w for w in re.findall(r"'([a-z_]+)'", row["output"])} | set(row["code"].split()) & set(vocab)
    text = row["output"]
    for name in names:
        if name.isidentifier() and len(name) > 2:
            text = re.sub(rf"\b{re.escape(name)}\b", rng.choice(vocab), text)
    return re.sub(r"\b\d+\b", lambda m: str(rng.randint(0, 999)), text)


def latency(rows: list[dict], n_records: int) -> dict[str, float]:
    rng = random.Random(0)
    vocab = sorted({w for r in rows for w in _IDENT.findall(r["code"])})
    with tempfile.TemporaryDirectory() as tmp:
        store = BugStore(Path(tmp) / "bugs.sqlite", json_dir=None)
        batch = []
        for i in range(n_records):
            row = rows[i % len(rows)] if i < len(rows) else rng.choice(rows)
            output = row["output"] if i < len(rows) else filler_output(row, rng, vocab)
            info = parse_error(output) or row["info"]
            record = BugRecord(
                id=f"r{i}", command=row["command"], original_error=output, fingerprint=info.fingerprint()
            )
            batch.append((record, info))
        vecs = embed([signature_text(info) for _, info in batch])
        t0 = time.perf_counter()
        for (record, info), vec in zip(batch, vecs, strict=True):
            store.save(record, " ".join(tokenize(error_document(info, record.command))), signature_text(info), vec)
        insert_s = time.perf_counter() - t0
        index = BugIndex(store)
        t0 = time.perf_counter()
        index.refresh()
        build_s = time.perf_counter() - t0
        timings = []
        for row in rows:
            t0 = time.perf_counter()
            info = parse_error(row["output"])
            assert info is not None
            index.search(Query.from_error(info, row["command"]), top_k=3, exclude={row["id"]})
            timings.append((time.perf_counter() - t0) * 1000)
        store.close()
    timings.sort()
    return {
        "records": float(len(index)),
        "insert_s": insert_s,
        "index_build_s": build_s,
        "p50_ms": statistics.median(timings),
        "p95_ms": timings[int(0.95 * (len(timings) - 1))],
    }


def main(records: int = typer.Option(10_000, help="records in the store for the latency figure"),
         json_out: bool = typer.Option(False, "--json")) -> None:  # fmt: skip
    import litellm

    llm_calls: list[object] = []
    litellm.input_callback = [lambda *args, **kwargs: llm_calls.append(1)]

    rows = load_rows()
    groups = {r["group"] for r in rows}
    libs = {r["library"] for r in rows}
    index = BugIndex(None)
    index.add_rows(index_rows(rows))
    ranked, _ = ours(rows, index)
    ranked_cross, _ = ours(rows, index, cross=True)
    jaccard, bm25 = seed_jaccard(rows), plain_bm25(rows)
    results: dict[str, dict[str, float]] = {
        "bug consultant (fingerprint + BM25 + wordllama, RRF)": metrics(ranked, rows),
        "seed Jaccard (signature words + tags + category)": metrics(jaccard, rows),
        "plain BM25 (bm25s, raw output)": metrics(bm25, rows),
    }
    cross: dict[str, dict[str, float]] = {
        "bug consultant": cross_variant(rows, ranked_cross),
        "seed Jaccard": cross_variant(rows, jaccard),
        "plain BM25": cross_variant(rows, bm25),
    }
    thresholds = sorted({0.6, 0.65, index.threshold, 0.75, 0.8})
    gates = gate_report(rows, index, thresholds)
    gate = gates[index.threshold]
    lat = latency(rows, records)
    report = {
        "data": {"runs": len(rows), "groups": len(groups), "libraries": len(libs)},
        "retrieval": results,
        "cross_variant": cross,
        "gate": {"threshold": index.threshold, **gate, "sweep": {str(t): g for t, g in gates.items()}},
        "latency": lat,
        "llm_calls_at_query": len(llm_calls),
    }
    if json_out:
        print(json.dumps(report, indent=2))
        return
    print(f"labelled set: {len(rows)} failing runs, {len(groups)} root-cause groups, {len(libs)} libraries")
    print(f"{'leave-one-out':56} {'recall@1':>9} {'recall@3':>9} {'MRR':>7}")
    for name, m in results.items():
        print(f"{name:56} {m['recall@1']:9.3f} {m['recall@3']:9.3f} {m['mrr']:7.3f}")
    print("cross-variant (same-body siblings removed: the match must use another call path or library)")
    for name, m in cross.items():
        print(f"  {name:54} {m['recall@1']:9.3f} {m['recall@3']:9.3f} {m['mrr']:7.3f}")
    print(f"similarity gate{'':41} {'shown':>9} {'right':>9} {'shown, no same root cause stored':>33}")
    for t, g in gates.items():
        mark = "  (default)" if t == index.threshold else ""
        print(
            f"  threshold {t:.2f}{mark:<42} {g['shown_rate']:9.1%} {g['precision_when_shown']:9.1%} "
            f"{g['shown_without_same_group']:33.1%}"
        )
    print(
        f"latency with {int(lat['records'])} records in SQLite: p50 {lat['p50_ms']:.2f} ms, p95 {lat['p95_ms']:.2f} ms "
        f"per query (parse + embed + search); index build {lat['index_build_s']:.2f} s, insert {lat['insert_s']:.1f} s"
    )
    print(f"LLM calls at query time: {len(llm_calls)}")


if __name__ == "__main__":
    typer.run(main)
