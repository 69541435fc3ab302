"""Leave-one-set-out over the Bug Consultant's tuned labelled sets: how the defaults were chosen, and what they give
on a set that took no part in choosing them.

Per fold (one set left out): the ranking weights by coordinate ascent on the mean MRR of the other sets (message fixed
at 4, the other fields and the embedding on a grid, from the shipped weights); the gate "before" (7ca672a, session 7):
the lowest threshold on the best score keeping advice with no same-cause record stored at or under 3 % on every
other set (no code: 4.5 %); the gate "after" (session 8): the same rule on the confidence (`retrieval.BugIndex`:
score, the same raise point, the programs' construct similarity, the consensus of the best three records), its three
weights on a grid, chosen to maximise the other sets' mean advice shown with a same-cause record stored. Then recall
and the gate on the set left out. A query without code keeps the plain score gate (the "after" terms are measured
and printed with --no-code-terms). Sets with model-style summaries are also prepared with them (the summary's
category and tags as the records' model answers): per fold the tags' weight with the best mean MRR on the other such
sets, and the left-out set's recall with them, gated on the score without the tags (as `BugIndex` gates).
`--fixed-weights` keeps the shipped ranking weights in every fold (session 9), `--tune KEY` still chooses KEY's weight
per fold on the other sets (session 10: the `api` field); `--no-code-terms raised` chooses only the same raise
point's bonus for queries without code; `--zero KEY` measures without a field (its weight 0 in every fold); `--all`
prints the choices on every tuned set and each set's figures at them. `--distinct` (session 10, gate round 2) also
chooses the weight of the template's margin in the gate, with and without code (`BugIndex._template_margin`).
Session 14's gate candidates, each chosen per fold with the other terms: `--agree` the top-k cause agreement (the share
of the next k - 1 records with the best one's template and raise point, k 3 or 5; `BugIndex._agreement`, shipped),
`--cluster` the best score's margin over the records outside its cluster (pair score under 0.5, 0.6 or 0.7), `--ranks`
the best record's rank by each field, averaged (both measured and dropped).
Session 15: `--tune report` chooses the weight of the test-suite report's words (`features.report_tokens`, re-rank only;
its grid goes on to 128, `KEY_GRIDS`), `--report-gate` gives test-suite reports a threshold of their own, chosen by the
same rule on the other sets' test reports (both shipped).
Session 22 (measured and dropped, docs/measurements/bug-consultant-session22-candidates.md): `--bm25` adds plain
BM25's score over the raw output as a re-ranking part (its weight by `--tune bm25`), `--both FIELD` counts a field only
where the record has it too (as the tags).

Only sets marked tuned on in bench/bug_consultant_bench.py are read; a never-tuned set is never opened here.
Everything is computed with the library's own index (`BugIndex`) over real rows; per-field similarities are taken
once per set and recombined for each weighting, and the gate's figures per set are reused by every fold whose
weights agree, so a run takes under a minute.

    python3 bench/bug_consultant_loso.py [--set NAME ...] [--cap 0.03] [--no-code-terms all|raised] [--fixed-weights]
                                         [--tune KEY ...] [--zero KEY ...] [--all] [--distinct] [--agree]
                                         [--cluster] [--ranks] [--report-gate] [--bm25] [--both FIELD ...]
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import typer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bug_consultant_bench import SETS, load_rows, summary_of

from agent.bug_consultant.features import FIELDS
from agent.bug_consultant.retrieval import (
    EMBEDDING_WEIGHT,
    FIELD_WEIGHTS,
    GATE_ONLY,
    RERANK_ONLY,
    SAME_TEMPLATE,
    BugIndex,
    Query,
    quiet_dependency_loggers,
    raise_point,
)
from agent.bug_consultant.store import IndexRow

SHIPPED = {**FIELD_WEIGHTS, "embedding": EMBEDDING_WEIGHT}
TUNED_KEYS = ["where", "program", "failed", "keywords", "imports", "function", "api", "embedding"]
WEIGHT_GRID = [0, 0.125, 0.25, 0.5, 0.75, 1, 1.5, 2, 3]
# the test-suite report's words (session 15) are chosen at the top of the grid: it goes on to report-only ranking
KEY_GRIDS = {"report": [*WEIGHT_GRID, 4, 6, 8, 12, 16, 24, 32, 48, 64, 128]}
# session 22 candidate (measured and dropped, docs/measurements/bug-consultant-session22-candidates.md): plain BM25's
# score over the raw output (bm25s, as the bench's baseline; each query's row over its best other record), re-rank
# only; the fields `output` and `values`
# measured with it are in a581dca (`--tune output`, `--tune values` there)
KEY_GRIDS |= {"bm25": KEY_GRIDS["report"]}
EXTRA_PARTS = ("bm25",)  # similarities the index does not compute; measured here only
BOTH_SIDES = ("tags",)  # fields counted only where the record has them too (--both values: session 22 candidate)
RAISED_GRID = [0, 0.05, 0.1, 0.15, 0.2]
PROGRAM_GRID = [0, 0.1, 0.2, 0.3, 0.4]
CONSENSUS_GRID = [0, 0.2, 0.4, 0.6]
DISTINCT_GRID = [0, 0.1, 0.2, 0.4, 0.6, 1.0]
TAGS_GRID = [0, 0.25, 0.5, 1, 2, 3, 4, 6, 8]
AGREE_GRID = [0, 0.1, 0.2, 0.4]  # session 14 candidates: top-k cause agreement, the margin across clusters
CLUSTER_GRID = [0, 0.1, 0.2, 0.4, 0.6]
AGREE_KS = [3, 5]  # the best record and the next k - 1
CLUSTER_LEVELS = [0.5, 0.6, 0.7]
RANK_GRID = [0, 0.1, 0.2, 0.4]
RANK_FIELDS = [
    "message",
    "where",
    "failed",
    "function",
    "program",
    "keywords",
    "embedding",
]  # the gate's score (both ways) at which a record is in the best one's cluster


@dataclass
class Prepared:
    """One set in one mode: per-field similarity matrices (row = query, column = record), which fields each query
    has, the raise-point agreement matrix, the groups."""

    parts: dict[str, np.ndarray]
    has: dict[str, np.ndarray]
    raised: np.ndarray
    same: np.ndarray
    multi: np.ndarray
    noise: np.ndarray


def prepare(rows: list[dict], with_code: bool, summaries: bool = False) -> Prepared:
    """With `summaries`, each row's model-style summary (category, tags) as its summary model's answer."""
    queries = []
    for r in rows:
        category, tags = (summary_of(r) or ("", [])) if summaries else ("", [])
        code = r["code"] if with_code else ""
        queries.append(Query.from_error(r["info"], code=code, category=category, tags=tags, instance_id=r["id"]))
    index = BugIndex(None, weights=dict.fromkeys(FIELDS, 1.0))
    index.add_rows([
        IndexRow(i + 1, r["id"], "run", r["id"], True, True, q.fields, q.text, q.embedding)
        for i, (r, q) in enumerate(zip(rows, queries, strict=True))
    ])  # fmt: skip
    n = len(rows)
    parts = {name: np.zeros((n, n), dtype=np.float32) for name in [*FIELDS, "embedding"]}
    for i, query in enumerate(queries):
        for name, sims in index._scores(query)[1].items():
            parts[name][i] = sims
    has = {name: np.array([len(q.hashes[name]) > 0 for q in queries]) for name in FIELDS}
    points = [raise_point(q.fields) for q in queries]
    raised = np.array([[bool(p) and p == o for o in points] for p in points], dtype=np.float32)
    groups = np.array([r["group"] for r in rows])
    same = groups[:, None] == groups[None, :]
    if BM25_PART:
        parts["bm25"] = bm25_matrix(rows)
    noise = np.random.default_rng(0).random((n, n)) * 1e-7  # exact ties broken at random, as random record ids do
    return Prepared(parts, has, raised, same, same.sum(1) >= 2, noise)


BM25_PART = False  # --bm25: plain BM25's normalised score as a part of its own (session 22 candidate)


def bm25_matrix(rows: list[dict]) -> np.ndarray:
    """Plain BM25 (bm25s, its tokenizer and English stopwords, as the bench's baseline) of every record for every
    query, each row divided by its best other record's score (1: BM25's first; the query itself left out)."""
    import bm25s  # type: ignore[import-untyped]

    corpus = bm25s.tokenize([r["output"] for r in rows], stopwords="en", show_progress=False)
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    n = len(rows)
    docs, values = retriever.retrieve(
        bm25s.tokenize([r["output"] for r in rows], stopwords="en", show_progress=False), k=n, show_progress=False
    )
    out = np.zeros((n, n), dtype=np.float32)
    for i in range(n):
        out[i, docs[i]] = values[i]
    np.fill_diagonal(out, 0.0)
    return out / np.maximum(out.max(1, keepdims=True), 1e-9)


def gate_weights(w: dict[str, float]) -> dict[str, float]:
    """The weights of the score the gate reads: without the fields that re-rank only (`retrieval.RERANK_ONLY`)."""
    return {**w, **dict.fromkeys((*RERANK_ONLY, *EXTRA_PARTS), 0.0)}


def scores(p: Prepared, w: dict[str, float], gate: bool = False) -> np.ndarray:
    """The index's weighted mean for every (query, record) pair, the query itself left out; `gate`: with the fields
    that gate only (`retrieval.GATE_ONLY`), as the gate reads it."""
    total = np.zeros(p.same.shape)
    denom = np.zeros(p.same.shape)
    for name in FIELDS:
        if (wf := w.get(name, 0.0)) <= 0 or (name in GATE_ONLY and not gate):
            continue
        mask = p.has[name][:, None] * (p.has[name][None, :] if name in BOTH_SIDES else 1.0)
        total += wf * p.parts[name] * mask
        denom += wf * mask
    for name in EXTRA_PARTS:
        if (wf := w.get(name, 0.0)) > 0:
            total += wf * p.parts[name]
            denom += wf
    total += w["embedding"] * p.parts["embedding"]
    denom += w["embedding"]
    s = total / np.maximum(denom, 1e-9)
    np.fill_diagonal(s, -np.inf)
    return s


def recall(p: Prepared, s: np.ndarray) -> tuple[float, float, float]:
    order = np.argsort(-(s + p.noise), axis=1)
    same = p.same & ~np.eye(len(s), dtype=bool)
    firsts = np.array([int(np.argmax(same[i, order[i]])) for i in np.flatnonzero(p.multi)])
    return float((firsts == 0).mean()), float((firsts < 3).mean()), float((1.0 / (firsts + 1)).mean())


def consensus(p: Prepared, s: np.ndarray) -> dict[str, np.ndarray]:
    """Per query, with itself out ("own") and with its whole group out ("foreign"): the best score less the mean
    symmetric similarity of the best three records to each other (`BugIndex._consensus`); and as "own margin" and
    "foreign margin" the template's margin (`BugIndex._template_margin`): when the best record has the query's message
    template, its score less the best score of a record of another template."""
    finite = np.where(np.isfinite(s), s, 0.0)
    sym = 0.5 * (finite + finite.T)
    n = len(s)
    template = p.parts["message"] >= SAME_TEMPLATE
    out = {}
    for kind, excluded in (("own", np.eye(n, dtype=bool)), ("foreign", p.same)):
        values, margins = np.zeros(n), np.zeros(n)
        agree = {k: np.zeros(n) for k in AGREE_KS}
        clusters = {level: np.zeros(n) for level in CLUSTER_LEVELS}
        ranks = np.zeros(n)
        for i in range(n):
            row = np.where(excluded[i], -np.inf, s[i] + p.noise[i])
            top = np.argpartition(-row, max(AGREE_KS) - 1)[: max(AGREE_KS)]
            top = top[np.argsort(-row[top])]
            a, b, c = top[:3]
            values[i] = row[a] - (sym[a, b] + sym[a, c] + sym[b, c]) / 3
            other = np.isfinite(row) & (p.parts["message"][i] < SAME_TEMPLATE)
            if p.parts["message"][i, a] >= SAME_TEMPLATE:
                margins[i] = row[a] - (row[other].max() if other.any() else 0.0)
            # candidates (session 14): how many of the next best records share the best one's template and raise
            # point (top-k cause agreement); the best score less the best of a record outside the best one's cluster
            # (records at least `level` alike to it, the gate's score both ways)
            for k in AGREE_KS:
                agree[k][i] = float(np.mean(template[a, top[1:k]] & (p.raised[a, top[1:k]] > 0)))
            # rank-based per-signal calibration: the best record's rank in each field's similarities over the allowed
            # records (1: the best by that field too), averaged over the fields the query has
            live = np.isfinite(row)
            fields = [f for f in RANK_FIELDS if f == "embedding" or p.has[f][i]]
            ranks[i] = float(np.mean([(p.parts[f][i, live] < p.parts[f][i, a]).mean() for f in fields]))
            for level in CLUSTER_LEVELS:
                outside = np.isfinite(row) & (sym[a] < level)
                outside[a] = False
                clusters[level][i] = row[a] - (row[outside].max() if outside.any() else 0.0)
        out[kind] = values
        out[f"{kind} margin"] = margins
        out |= {f"{kind} agree {k}": v for k, v in agree.items()}
        out[f"{kind} ranks"] = ranks
        out |= {f"{kind} cluster {level}": v for level, v in clusters.items()}
    return out


def gated(p: Prepared, s: np.ndarray, cons: dict[str, np.ndarray], terms: tuple[float, ...]) -> tuple:
    """The best confidence per query: with a same-cause record stored (queries of groups of 2+), and without. `terms`:
    the raise point's bonus, the programs' bonus, the consensus weight and (gate round 2) the template margin's."""
    raised, program, weight, distinct, agree, cluster = (*terms, 0.0, 0.0, 0.0)[:6]
    k, level = terms[6:8] if len(terms) >= 8 else (AGREE_KS[0], CLUSTER_LEVELS[0])  # which agreement, which cluster
    rank = terms[8] if len(terms) >= 9 else 0.0
    conf = s + raised * p.raised + program * p.parts["program"]
    own = np.where(np.eye(len(s), dtype=bool), -np.inf, conf).max(1) + weight * cons["own"]
    foreign = np.where(p.same, -np.inf, conf).max(1) + weight * cons["foreign"]
    own += distinct * cons["own margin"] + agree * cons[f"own agree {k}"] + cluster * cons[f"own cluster {level}"]
    foreign += distinct * cons["foreign margin"] + agree * cons[f"foreign agree {k}"]
    foreign += cluster * cons[f"foreign cluster {level}"]
    own += rank * cons["own ranks"]
    foreign += rank * cons["foreign ranks"]
    scale = 1.0 + raised + program + weight + distinct + agree + cluster + rank
    return own[p.multi] / scale, foreign / scale


REPORT_GATE = False  # --report-gate: test-suite reports (the `report` field) get a threshold of their own


def thresholds(train: list[tuple[Prepared, np.ndarray]], cap: float) -> tuple[float, float]:
    """The rule's threshold for tracebacks and for test-suite reports (one for both without --report-gate), from each
    training set's confidences with no same cause stored (per set, the queries of that kind)."""
    if not REPORT_GATE:
        t = lowest_threshold([f for _, f in train], cap)
        return t, t
    kinds = [[f[p.has["report"] == report] for p, f in train] for report in (False, True)]
    first, second = (lowest_threshold([f for f in fs if len(f)], cap) for fs in kinds)
    return first, second


def over(p: Prepared, values: np.ndarray, t: tuple[float, float], own: bool) -> np.ndarray:
    """Which confidences pass the gate of their query's kind (`own`: the queries with a same cause stored)."""
    report = p.has["report"][p.multi] if own else p.has["report"]
    return values >= np.where(report, t[1], t[0])


def pct(p: Prepared, values: np.ndarray, t: tuple[float, float], own: bool) -> str:
    return f"{100 * over(p, values, t, own).mean():.1f}"


def lowest_threshold(foreign: list[np.ndarray], cap: float) -> float:
    """The lowest threshold at which at most `cap` of each set's queries with no same cause stored pass."""
    t = -np.inf
    for f in foreign:
        ranked = np.sort(f)[::-1]
        k = int(np.floor(cap * len(ranked)))
        if k < len(ranked):
            t = max(t, float(ranked[k]) + 1e-9)
    return float(t)


def coordinate_ascent(
    prepared: list[Prepared], keys: list[str] | None = None, start: dict[str, float] | None = None
) -> dict[str, float]:
    """The weights of `keys` (default: TUNED_KEYS) with the best mean MRR on `prepared`, one key at a time."""
    w = dict(start or SHIPPED)

    def objective(weights: dict[str, float]) -> float:
        return float(np.mean([recall(p, scores(p, weights))[2] for p in prepared]))

    best = objective(w)
    for _ in range(3):
        improved = False
        for key in keys if keys is not None else TUNED_KEYS:
            for value in KEY_GRIDS.get(key, WEIGHT_GRID):
                if value == w.get(key):
                    continue
                trial = {**w, key: value}
                if (o := objective(trial)) > best + 1e-6:
                    best, w, improved = o, trial, True
        if not improved:
            break
    return w


def tags_weight(prepared: list[Prepared], w: dict[str, float]) -> float:
    """The summary tags' weight with the best mean MRR on sets with model summaries (ties: nearest the shipped one)."""

    def mrr(value: float) -> float:
        return float(np.mean([recall(p, scores(p, {**w, "tags": value}))[2] for p in prepared]))

    return max(TAGS_GRID, key=lambda v: (round(mrr(v), 6), -abs(v - SHIPPED["tags"])))


def choose_gate(
    data: dict, train: list[str], mode: str, w: dict[str, float], choices: list[tuple[float, ...]], cap: float
) -> tuple[tuple[float, ...], tuple[float, float]]:
    """The confidence's terms and threshold with the most mean advice shown on `train` under the rule (`cap`)."""
    best: tuple[float, tuple[float, ...], tuple[float, float]] | None = None
    s = {n: scores(data[(n, mode)], gate_weights(w), gate=True) for n in train}
    cons = {n: consensus(data[(n, mode)], s[n]) for n in train}
    for terms in choices:
        results = {n: gated(data[(n, mode)], s[n], cons[n], terms) for n in train}
        t = thresholds([(data[(n, mode)], results[n][1]) for n in train], cap)
        shown = float(np.mean([over(data[(n, mode)], results[n][0], t, True).mean() for n in train]))
        if best is None or shown > best[0] + 1e-9:
            best = (shown, terms, t)
    assert best is not None
    return best[1], best[2]


def shipped(
    data: dict,
    names: list[str],
    summarised: list[str],
    grid: list,
    cap: float,
    no_code_cap: float,
    nc_grid: list,
    weights_of: Callable[[list[str]], dict[str, float]],
) -> None:
    """`--all`: the weights, the tags' weight, the terms and thresholds chosen on every tuned set, and each set's
    figures in-sample at those choices."""
    w = weights_of(names)
    if summarised:
        w["tags"] = tags_weight([data[(n, "summaries")] for n in summarised], w)
    gates = {
        "code": choose_gate(data, names, "code", w, grid, cap),
        "no code": choose_gate(data, names, "no code", w, nc_grid, no_code_cap),
    }
    print(f"on all {len(names)}: weights {w}; gate with code {gates['code']}, without {gates['no code']}")
    for n in names:
        line = [f"{n:22}"]
        for mode in ("code", "no code", "summaries"):
            if (n, mode) not in data:
                continue
            p = data[(n, mode)]
            ranked = scores(p, w)
            r1, r3, mrr = recall(p, ranked)
            terms, t = gates["no code" if mode == "no code" else "code"]
            tagless = scores(p, gate_weights(w), gate=True)
            own, foreign = gated(p, tagless, consensus(p, tagless), terms)
            line.append(f"{mode}: r@1 {r1:.3f} r@3 {r3:.3f} MRR {mrr:.3f}, shown {pct(p, own, t, True)}"
                        f" / {pct(p, foreign, t, False)}")  # fmt: skip
        print(" | ".join(line), flush=True)


def main(
    only: list[str] = typer.Option([], "--set", help="left-out folds to print (default: every tuned set)"),
    cap: float = typer.Option(0.03, help="the rule's cap on advice shown with no same-cause record, with code"),
    no_code_cap: float = typer.Option(0.045, help="the same for queries without code"),
    no_code_terms: str = typer.Option(
        "", "--no-code-terms", help="also choose the terms for queries without code: all, or raised (its bonus only)"
    ),
    fixed_weights: bool = typer.Option(
        False, "--fixed-weights", help="the shipped ranking weights in every fold (tags still tuned)"
    ),
    tune: list[str] = typer.Option([], "--tune", help="with --fixed-weights: these weights still chosen per fold"),
    zero: list[str] = typer.Option([], "--zero", help="these fields left out (weight 0) in every fold"),
    all_sets: bool = typer.Option(
        False, "--all", help="no fold left out: the choices on every tuned set (the defaults), in-sample figures"
    ),
    distinct: bool = typer.Option(
        False, "--distinct", help="also choose the template margin's weight in the gate (gate round 2)"
    ),
    agree: bool = typer.Option(
        False, "--agree", help="with --distinct: also choose the weight of the top-k cause agreement (session 14)"
    ),
    cluster: bool = typer.Option(
        False, "--cluster", help="with --distinct: also choose the weight of the margin across clusters (session 14)"
    ),
    ranks: bool = typer.Option(
        False, "--ranks", help="with --distinct: also choose the weight of the rank-based calibration (session 14)"
    ),
    report_gate: bool = typer.Option(
        False, "--report-gate", help="a threshold of its own for test-suite reports, by the same rule (session 15)"
    ),
    bm25: bool = typer.Option(
        False, "--bm25", help="plain BM25's normalised score as a re-ranking part, weight by --tune bm25 (session 22)"
    ),
    both: list[str] = typer.Option([], "--both", help="these fields counted only where the record has them too"),
) -> None:
    global REPORT_GATE, BM25_PART, BOTH_SIDES
    REPORT_GATE = report_gate
    BM25_PART = bm25
    BOTH_SIDES = ("tags", *both)
    quiet_dependency_loggers()
    sets = [s for s in SETS if s.tuned_on and s.path.exists()]
    names = [s.name for s in sets]
    rows = {s.name: load_rows(s.path) for s in sets}
    data = {(name, mode): prepare(rows[name], mode == "code") for name in names for mode in ("code", "no code")}
    # the sets with model-style summaries: their rows once more with the summaries as the records' model answers
    summarised = [n for n in names if any(summary_of(r) is not None for r in rows[n])]
    data |= {(name, "summaries"): prepare(rows[name], True, summaries=True) for name in summarised}
    grid: list[tuple[float, ...]] = list(itertools.product(RAISED_GRID, PROGRAM_GRID, CONSENSUS_GRID))
    nc_grid = {"": [(0.0, 0.0, 0.0)], "all": grid, "raised": [(r, 0.0, 0.0) for r in RAISED_GRID]}[no_code_terms]
    if distinct:  # gate round 2: the template's margin on its grid, with and without code
        grid = [(*t, d) for t in grid for d in DISTINCT_GRID]
        nc_grid = [(*t, d) for t in nc_grid for d in DISTINCT_GRID]
        if agree or cluster or ranks:  # session 14 candidates, chosen per fold like the other terms (k and level too)
            extra = [
                (a, c, k, level, r)
                for a in (AGREE_GRID if agree else [0.0])
                for k in (AGREE_KS if a else AGREE_KS[:1])
                for c in (CLUSTER_GRID if cluster else [0.0])
                for level in (CLUSTER_LEVELS if c else CLUSTER_LEVELS[:1])
                for r in (RANK_GRID if ranks else [0.0])
            ]
            grid = [(*t, *e) for t in grid for e in extra]  # (..., agree, cluster, k, level, rank)
            nc_grid = [(*t, *e) for t in nc_grid for e in extra]
    start = {**SHIPPED, **dict.fromkeys(zero, 0.0)}
    free = [k for k in TUNED_KEYS if k not in zero]

    def weights_of(train: list[str]) -> dict[str, float]:
        prepared = [data[(n, "code")] for n in train]
        if fixed_weights:
            return coordinate_ascent(prepared, [k for k in tune if k not in zero], start) if tune else dict(start)
        return coordinate_ascent(prepared, free, start)

    print(f"leave-one-set-out over {', '.join(names)} (summaries: {', '.join(summarised) or 'none'}); "
          "shown / shown with no same cause stored, in %")  # fmt: skip
    if all_sets:
        shipped(data, names, summarised, grid, cap, no_code_cap, nc_grid, weights_of)
        return
    gate_cache: dict[tuple, dict] = {}  # folds whose weights agree share the gate's per-set figures
    for left in names:
        if only and left not in only:
            continue
        train = [n for n in names if n != left]
        w = weights_of(train)
        # the summary tags' weight (counted only where both records have model tags): the best mean MRR of the other
        # sets with summaries, the other weights as chosen above
        with_tags = [data[(n, "summaries")] for n in summarised if n != left]
        if with_tags:
            w["tags"] = tags_weight(with_tags, w)
        line = [f"{left:22}"]
        chosen: tuple[tuple[float, ...], tuple[float, float]] = ((0.0, 0.0, 0.0), (0.0, 0.0))
        for mode in ("code", "no code", "summaries"):
            if mode == "summaries":  # the gate chosen with code, on the same set's records with model summaries
                if left not in summarised:
                    continue
                ranked = scores(data[(left, mode)], w)
                r1, r3, mrr = recall(data[(left, mode)], ranked)
                terms, after = chosen
                # the gate reads the scores without the summary's tags (`BugIndex._scores`)
                tagless = scores(data[(left, mode)], gate_weights(w), gate=True)
                own1, foreign1 = gated(data[(left, mode)], tagless, consensus(data[(left, mode)], tagless), terms)
                line.append(
                    f"summaries: r@1 {r1:.3f} r@3 {r3:.3f} MRR {mrr:.3f}, after "
                    f"{100 * over(data[(left, mode)], own1, after, True).mean():.1f} / "
                    f"{100 * over(data[(left, mode)], foreign1, after, False).mean():.1f}"
                )
                continue
            r1, r3, mrr = recall(data[(left, mode)], scores(data[(left, mode)], w))
            mode_cap = cap if mode == "code" else no_code_cap
            choices = grid if mode == "code" else nc_grid
            key = (mode, tuple(sorted(gate_weights(w).items())))
            if key not in gate_cache:
                s = {n: scores(data[(n, mode)], gate_weights(w), gate=True) for n in names}  # what the gate reads
                cons = {n: consensus(data[(n, mode)], s[n]) for n in names}
                gate_cache[key] = {
                    t: {n: gated(data[(n, mode)], s[n], cons[n], t) for n in names} for t in {*choices, (0, 0, 0)}
                }
            results = gate_cache[key]
            before = thresholds([(data[(n, mode)], results[(0, 0, 0)][n][1]) for n in train], mode_cap)
            best: tuple[float, tuple[float, ...], tuple[float, float]] | None = None
            for terms in choices:
                t = thresholds([(data[(n, mode)], results[terms][n][1]) for n in train], mode_cap)
                shown = float(np.mean([over(data[(n, mode)], results[terms][n][0], t, True).mean() for n in train]))
                if best is None or shown > best[0] + 1e-9:
                    best = (shown, terms, t)
            assert best is not None
            _, terms, after = best
            if mode == "code":
                chosen = (terms, after)
            p = data[(left, mode)]
            own0, foreign0 = results[(0, 0, 0)][left]
            own1, foreign1 = results[terms][left]
            line.append(
                f"{mode}: r@1 {r1:.3f} r@3 {r3:.3f} MRR {mrr:.3f}, before "
                f"{pct(p, own0, before, True)} / {pct(p, foreign0, before, False)}, "
                f"after {pct(p, own1, after, True)} / {pct(p, foreign1, after, False)}"
                f" (terms {terms}, threshold {after[0]:.3f}, test reports {after[1]:.3f})"
            )
        changed = {k: v for k, v in w.items() if v != SHIPPED.get(k)}
        print(" | ".join(line) + f" | weights changed: {changed or 'none'}", flush=True)


if __name__ == "__main__":
    typer.run(main)
