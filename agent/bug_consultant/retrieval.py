"""Offline retrieval of past bugs: exact fingerprint, then BM25 + static embeddings fused by rank, then a gate.

No LLM call and no torch: BM25 is `bm25s` (numpy/scipy), the embedding model is `wordllama`'s 256-d static
token embeddings, which ship inside the PyPI package and load without network.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bm25s  # type: ignore[import-untyped]
import numpy as np

from agent.bug_consultant.errors import ErrorInfo, error_document, signature_text, tokenize
from agent.bug_consultant.store import BugStore, IndexRow

IDF_PSEUDO_RECORDS = 100
_EMBEDDER_LOCK = threading.Lock()
_EMBEDDER = None


def _wordllama() -> Any:
    global _EMBEDDER
    with _EMBEDDER_LOCK:
        if _EMBEDDER is None:
            import wordllama  # type: ignore[import-untyped]
            from wordllama import WordLlama

            # the package ships its weights and tokenizer; point the cache at them so nothing is downloaded
            _EMBEDDER = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
        return _EMBEDDER


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length float32 rows, one per text."""
    vecs = np.asarray(_wordllama().embed(texts), dtype=np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    unit: np.ndarray = vecs / np.maximum(norms, 1e-9)
    return unit


@dataclass(frozen=True)
class Query:
    """What the agent has at failure time, prepared once for both rankers."""

    fingerprint: str
    tokens: list[str]
    embedding: np.ndarray
    signature_tokens: frozenset[str]

    @classmethod
    def from_error(cls, info: ErrorInfo, command: str = "", code: str = "") -> Query:
        signature = signature_text(info)
        return cls(
            info.fingerprint(),
            tokenize(error_document(info, command, code)),
            embed([signature])[0],
            frozenset(tokenize(signature)),
        )


@dataclass(frozen=True)
class Hit:
    record_id: str
    # the gate's measure: mean of the embedding cosine and the idf-weighted Jaccard of the signature tokens;
    # 1.0 for an exact fingerprint match
    similarity: float
    fused: float  # reciprocal-rank-fusion score (ordering)
    source: str  # "fingerprint" | "hybrid"


@dataclass
class SearchResult:
    hits: list[Hit]  # above threshold, best first, at most top_k
    candidates: int  # candidates considered before the gate


class BugIndex:
    """An in-memory view of the store, refreshed incrementally from the rows other workers added."""

    def __init__(
        self,
        store: BugStore | None,
        candidates: int = 30,
        rrf_k: int = 60,
        threshold: float = 0.7,
        similarity_weight: float = 0.7,
    ):
        self.store = store
        self.candidates = candidates
        self.rrf_k = rrf_k
        self.threshold = threshold
        self.similarity_weight = similarity_weight
        self._lock = threading.RLock()  # refresh and search never interleave (arrays grow together)
        self._seq = 0
        self.ids: list[str] = []
        self.fingerprints: list[str] = []
        self._tokens: list[list[str]] = []
        self._emb = np.zeros((0, 256), dtype=np.float32)
        self._bm25: bm25s.BM25 | None = None
        self._vocab: dict[str, int] = {}
        self._bm25_rows = 0
        self._by_fp: dict[str, list[int]] = {}
        self._signatures: list[frozenset[str]] = []
        self._pos: dict[str, int] = {}
        self._df: Counter[str] = Counter()
        self._idf_cache: dict[str, float] = {}
        self._weights: dict[int, float] = {}  # idf sum of each record's signature tokens

    def __len__(self) -> int:
        return len(self.ids)

    def add_rows(self, rows: list[IndexRow]) -> None:
        with self._lock:
            self._add_rows(rows)

    def _add_rows(self, rows: list[IndexRow]) -> None:
        if not rows:
            return
        missing = [r for r in rows if r.embedding is None]
        computed = iter(embed([r.signature for r in missing])) if missing else iter(())
        vecs = [r.embedding if r.embedding is not None else next(computed) for r in rows]
        for row in rows:
            self._by_fp.setdefault(row.fingerprint, []).append(len(self.ids))
            self._pos[row.id] = len(self.ids)
            self.ids.append(row.id)
            self.fingerprints.append(row.fingerprint)
            self._tokens.append(row.document.split() or ["<empty>"])
            signature = frozenset(tokenize(row.signature))
            self._signatures.append(signature)
            self._df.update(signature)
            self._seq = max(self._seq, row.seq)
        self._emb = np.vstack([self._emb, np.stack(vecs).astype(np.float32)])
        self._idf_cache, self._weights = {}, {}
        # BM25 is rebuilt from scratch (a second at 10k records), so only once the index grew by 2 %; the rows
        # added since are found by fingerprint and embedding until then
        if len(self.ids) - self._bm25_rows > max(0.02 * self._bm25_rows, 50) or self._bm25_rows < 2000:
            self._bm25 = bm25s.BM25()
            self._bm25.index(self._tokens, show_progress=False)
            self._vocab = self._bm25.vocab_dict
            self._bm25_rows = len(self.ids)

    def refresh(self) -> None:
        if self.store is not None:
            with self._lock:
                self.add_rows(self.store.index_rows(self._seq))

    # rankers ---------------------------------------------------------------------------------------------------
    def bm25_scores(self, tokens: list[str]) -> np.ndarray:
        known = [t for t in tokens if t in self._vocab]
        scores = np.zeros(len(self.ids), dtype=np.float32)
        if self._bm25 is not None and known:
            scores[: self._bm25_rows] = self._bm25.get_scores(list(dict.fromkeys(known)))
        return scores

    def cosine(self, embedding: np.ndarray) -> np.ndarray:
        # einsum, not BLAS: a multi-threaded BLAS matvec is 10x slower on a busy machine (threads contend)
        cos: np.ndarray = np.einsum("ij,j->i", self._emb, embedding)
        return cos

    def _idf(self, token: str) -> float:
        if (cached := self._idf_cache.get(token)) is not None:
            return cached
        # smoothed by pseudo-records that hold none of the tokens: with a handful of records the raw idf would
        # punish every token the query does not share, and the gate would shut on a fresh store
        n, df = len(self.ids) + IDF_PSEUDO_RECORDS, self._df.get(token, 0)
        idf = self._idf_cache[token] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        return idf

    def _weight(self, i: int) -> float:
        if (cached := self._weights.get(i)) is None:
            cached = self._weights[i] = sum(self._idf(t) for t in self._signatures[i])
        return cached

    def similarity(self, query: Query, i: int, cosine: float) -> float:
        """Mean of the embedding cosine and the idf-weighted Jaccard of the signature tokens."""
        q = query.signature_tokens
        inter = sum(self._idf(t) for t in q & self._signatures[i])
        union = sum(self._idf(t) for t in q) + self._weight(i) - inter
        jaccard = inter / union if union else 0.0
        return 0.5 * jaccard + 0.5 * max(cosine, 0.0)

    @staticmethod
    def _top(scores: np.ndarray, k: int, allowed: np.ndarray) -> np.ndarray:
        scores = np.where(allowed, scores, -np.inf)
        k = min(k, int(allowed.sum()))
        if k <= 0:
            return np.zeros(0, dtype=np.int64)
        part = np.argpartition(-scores, k - 1)[:k]
        part = part[np.isfinite(scores[part])]
        ranked: np.ndarray = part[np.argsort(-scores[part], kind="stable")]
        return ranked

    def search(
        self, query: Query, top_k: int = 3, exclude: set[str] | None = None, refresh: bool = True, gate: bool = True
    ) -> SearchResult:
        if refresh:
            self.refresh()
        with self._lock:
            return self._search(query, top_k, exclude or set(), gate)

    def _search(self, query: Query, top_k: int, exclude: set[str], gate: bool) -> SearchResult:
        n = len(self.ids)
        if n == 0 or top_k <= 0:
            return SearchResult([], 0)
        allowed = np.ones(n, dtype=bool)
        for rid in exclude:
            if (i := self._pos.get(rid)) is not None:
                allowed[i] = False
        hits: list[Hit] = []
        seen: set[int] = set()
        for i in reversed(self._by_fp.get(query.fingerprint, [])):  # newest exact match first
            if allowed[i] and len(hits) < top_k:
                hits.append(Hit(self.ids[i], 1.0, 1.0, "fingerprint"))
                seen.add(i)
        cos = self.cosine(query.embedding)
        fused: dict[int, float] = {}
        for ranking in (
            self._top(self.bm25_scores(query.tokens), self.candidates, allowed),
            self._top(cos, self.candidates, allowed),
        ):
            for rank, i in enumerate(ranking.tolist()):
                fused[i] = fused.get(i, 0.0) + 1.0 / (self.rrf_k + rank + 1)
        # the fused candidates, ordered by fusion score blended with the gate's similarity
        top_fused = max(fused.values(), default=1.0)
        sims = {i: self.similarity(query, i, float(cos[i])) for i in fused if i not in seen}
        w = self.similarity_weight
        order = sorted(sims, key=lambda i: -((1 - w) * fused[i] / top_fused + w * sims[i]))
        for i in order:
            if len(hits) >= top_k:
                break
            if sims[i] >= self.threshold or not gate:
                hits.append(Hit(self.ids[i], sims[i], fused[i], "hybrid"))
        return SearchResult(hits, len(seen) + len(order))

    def rank(self, query: Query, exclude: set[str] | None = None) -> list[tuple[str, float, float]]:
        """The full fused ranking without the gate (benchmarks): (id, fused score, similarity)."""
        res = self.search(query, top_k=len(self.ids), exclude=exclude, refresh=False, gate=False)
        return [(h.record_id, h.fused, h.similarity) for h in res.hits]


_SHARED_LOCK = threading.Lock()
_SHARED: weakref.WeakValueDictionary[tuple, BugIndex] = weakref.WeakValueDictionary()


def shared_index(store: BugStore, **params: Any) -> BugIndex:
    """One index per store file and settings in a process: parallel agents (threads) share its build."""
    key = (str(store.path.resolve()), tuple(sorted(params.items())))
    with _SHARED_LOCK:
        index = _SHARED.get(key)
        if index is None:
            index = _SHARED[key] = BugIndex(store, **params)
        return index
