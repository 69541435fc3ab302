"""BugConsultant: the seed's library API (start_bug_record, record_trial, complete_bug_record,
retrieve_similar_bugs, get_advice), usable by any agent with a debug step."""

from __future__ import annotations

import json
import logging
import os
import threading
import time
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from agent.bug_consultant import templates
from agent.bug_consultant.config import BugConsultantConfig, default_store_path
from agent.bug_consultant.errors import ErrorInfo, parse_error
from agent.bug_consultant.records import BugRecord, DebugTrial, WorldModel, now
from agent.bug_consultant.retrieval import Query, shared_index
from agent.bug_consultant.store import BugStore
from agent.bug_consultant.summarize import Summarizer

logger = logging.getLogger("agent.bug_consultant")


def _field(obj: Any, name: str) -> Any:
    """A config's field, whether the config is a mapping (a dict, OmegaConf's DictConfig) or an object."""
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


def config_from(cfg: Any) -> BugConsultantConfig:
    """Accepts our config, a mapping of it, or a seed-style config (an object or a mapping such as OmegaConf's
    DictConfig) with `cfg.agent.search.use_bug_consultant` and, optionally, `cfg.agent.search.bug_consultant` (the
    ML-Master layout)."""
    if cfg is None:
        return BugConsultantConfig()
    if isinstance(cfg, BugConsultantConfig):
        return cfg
    search = _field(_field(cfg, "agent"), "search")
    if search is not None:
        raw = _field(search, "bug_consultant")
        block = {} if raw is None else dict(raw) if isinstance(raw, Mapping) else dict(vars(raw))
        # the seed's switch is the A/B switch its callers set (a command line's agent.search.use_bug_consultant=false):
        # it wins over a `use_bug_consultant` left in the block
        if (use := _field(search, "use_bug_consultant")) is not None:
            block["use_bug_consultant"] = use
        block.setdefault("use_bug_consultant", True)
        block.pop("embedding_model", None)  # the seed's placeholder; our embeddings are offline
        return BugConsultantConfig.model_validate(block)
    if isinstance(cfg, Mapping):
        return BugConsultantConfig.model_validate(dict(cfg))
    raise TypeError(f"unsupported bug consultant config: {type(cfg).__name__}")


def error_of(output: str) -> ErrorInfo:
    """The parsed error, or a generic one built from the last non-empty line (callers already know it failed)."""
    if info := parse_error(output, returncode=1):
        return info
    last = next((line.strip() for line in reversed(output.splitlines()) if line.strip()), "unknown error")
    return ErrorInfo("Error", last[:500], kind="error_line")


@dataclass
class RetrievalStats:
    queries: int = 0
    candidates: int = 0
    above_threshold: int = 0
    shown: int = 0
    latencies_ms: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class ScoredBug:
    """A past bug and how close it is to the query (`score` in [0, 1] orders the results; `fields`: per field;
    `confidence`, what the gate reads: the score plus the agreement bonuses, see `retrieval`)."""

    record: BugRecord
    score: float
    fields: dict[str, float]
    confidence: float = 0.0


class BugConsultant:
    """Bug records with trials and summaries, kept in a store; offline retrieval; bounded advice.

    `run_id` names the run / experiment (one arm of an A/B comparison), `instance_id` the task instance the bugs
    happen on: retrieval never returns a record of the same instance unless asked (`retrieve_same_instance`).
    The store is the experiment's own (`experiment_dir`, else `log_dir`, else a folder per run under the cache)
    unless a shared one is configured (`store_path` or `$LLM_IDE_BUG_STORE`). With `use_bug_consultant: false`
    nothing is stored, retrieved or advised (the records are still returned, so callers need no branches).
    """

    def __init__(
        self,
        cfg: Any = None,
        log_dir: Path | None = None,
        run_id: str | None = None,
        *,
        instance_id: str = "",
        experiment_dir: Path | None = None,
    ):
        self.config = config_from(cfg)
        self.enabled = self.config.use_bug_consultant
        # ids are text, as the store keeps them: an int id would match no stored row and leak its own records
        self.run_id = _text_id(run_id) or uuid.uuid4().hex[:12]
        self.instance_id = _text_id(instance_id)
        self.summarizer = Summarizer(self.config)
        self.templates = templates.load()
        self.bug_records: list[BugRecord] = []
        self.world_model = WorldModel()
        self.retrieval = RetrievalStats()
        self.lock = threading.RLock()
        self._errors: dict[str, ErrorInfo] = {}
        self._queries: dict[str, Query] = {}
        self.store: BugStore | None = None
        if not self.enabled:
            return
        store_path = self.store_path(log_dir, experiment_dir)
        consultant_dir = Path(log_dir) / "bug_consultant" if log_dir is not None else None
        json_dir = self.config.json_dir or consultant_dir or store_path.parent / "records"
        self.store = BugStore(store_path, Path(json_dir).expanduser() if self.config.write_json else None)
        self.index = shared_index(self.store, threshold=self.config.similarity_threshold)

    def store_path(self, log_dir: Path | None, experiment_dir: Path | None) -> Path:
        """The configured shared store, else the experiment's own."""
        if shared := self.config.resolved_store_path():
            return shared
        if folder := experiment_dir or log_dir:
            return Path(folder) / "bug_consultant" / "bugs.sqlite"
        return default_store_path().parent / "experiments" / self.run_id / "bugs.sqlite"

    # stage 1 ---------------------------------------------------------------------------------------------------
    def start_bug_record(
        self,
        node_id: str = "",
        node_step: int = 0,
        code: str = "",
        error_output: str = "",
        plan: str = "",
        *,
        command: str = "",
        instance_id: str | None = None,
    ) -> BugRecord:
        """Stage 1: a new bug from the failing code and its output (positional order as in the seed)."""
        _check_text(code=code, error_output=error_output, plan=plan, command=command)
        info = error_of(error_output)
        record = BugRecord(
            node_id=str(node_id),
            node_step=node_step,
            run_id=self.run_id,
            instance_id=self.instance_id if instance_id is None else _text_id(instance_id),
            command=command,
            original_code=code,
            original_error=error_output[-20000:],
            original_plan=plan,
            fingerprint=info.fingerprint(),
            exception_type=info.exc_type,
            libraries=info.libraries,
        )
        with self.lock:
            self.bug_records.append(record)
            self._errors[record.id] = info
        if not self.enabled or self.store is None:
            record.error_signature = info.signature
            return record
        summary, source = self.summarizer.bug_start(info, command, code, plan, error_output)
        record.error_signature = summary["error_signature"]
        record.error_category = summary["error_category"]
        record.initial_hypothesis = summary["initial_hypothesis"]
        record.context_tags = list(summary["context_tags"])
        record.summary_source = source
        query = self._query_of(record, info)
        with self.lock:
            self._queries[record.id] = query
        self.store.save(record, query.fields, query.text, query.embedding)
        logger.debug("bug record %s started: %s", record.id, record.error_signature)
        return record

    def _query_of(self, record: BugRecord, info: ErrorInfo | None = None) -> Query:
        info = info or self._errors.get(record.id) or error_of(record.original_error)
        llm = record.summary_source == "llm"
        return Query.from_error(
            info,
            code=record.original_code,
            category=record.error_category if llm else "",
            tags=record.context_tags if llm else [],
            instance_id=record.instance_id,
        )

    # stage 2 ---------------------------------------------------------------------------------------------------
    def record_trial(
        self,
        bug_record: BugRecord,
        trial_num: int | None = None,
        debug_plan: str = "",
        debug_code: str = "",
        outcome: Literal["success", "failed"] = "failed",
        error_output: str | None = None,
        metric: float | None = None,
        *,
        commands: Iterable[str] = (),
    ) -> DebugTrial:
        """Stage 2: one attempt at the bug (positional order as in the seed)."""
        if outcome not in ("success", "failed"):
            raise ValueError(f"outcome must be 'success' or 'failed', not {outcome!r}")
        _check_text(debug_plan=debug_plan, debug_code=debug_code, error_output=error_output or "")
        commands = _items(commands)
        new_info = error_of(error_output) if outcome == "failed" and error_output else None
        trial = DebugTrial(
            trial_num=trial_num or bug_record.num_trials + 1,
            debug_plan=debug_plan,
            debug_code=debug_code,
            outcome=outcome,
            error_output=error_output[-20000:] if error_output else None,
            metric=metric,
            error_fingerprint=new_info.fingerprint() if new_info else None,
        )
        if not self.enabled:
            with self.lock:
                bug_record.trials.append(trial)
                bug_record.num_trials += 1
                bug_record.resolved = bug_record.resolved or outcome == "success"
            return trial
        if outcome == "failed":
            previous = [s for s in bug_record.failed_strategies]
            summary, source = self.summarizer.trial_failure(
                bug_record.error_signature,
                self._errors.get(bug_record.id),
                new_info,
                debug_plan,
                debug_code,
                commands,
                error_output or "",
                previous,
            )
            trial.why_failed = summary["why_failed"]
            trial.failed_strategy_summary = summary["failed_strategy_summary"]
            trial.learned_constraint = summary["learned_constraint"]
            with self.lock:
                bug_record.failed_strategies.append(trial.failed_strategy_summary)
                bug_record.learned_constraints.append(trial.learned_constraint)
        else:
            summary, source = self.summarizer.trial_success(
                bug_record.error_signature, debug_plan, debug_code, commands
            )
            trial.why_worked = summary["why_worked"]
            trial.successful_strategy_summary = summary["successful_strategy_summary"]
            trial.key_insight = summary["key_insight"]
            with self.lock:
                bug_record.successful_strategy = trial.successful_strategy_summary
                bug_record.final_root_cause = trial.key_insight
                bug_record.resolved = True
        trial.summary_source = source
        with self.lock:
            bug_record.trials.append(trial)
            bug_record.num_trials += 1
        if self.store is not None:
            self.store.save(bug_record)
        return trial

    # stage 3 ---------------------------------------------------------------------------------------------------
    def complete_bug_record(self, bug_record: BugRecord) -> None:
        """Stage 3: the bug is done (fixed or given up); from now on other bugs can retrieve it."""
        with self.lock:
            bug_record.completed_at = now()
        if not self.enabled or self.store is None:
            return
        self.store.save(bug_record)
        if self.config.enable_world_model:
            self._update_world_model(bug_record)

    def _update_world_model(self, bug_record: BugRecord) -> None:
        assert self.store is not None
        if bug_record.successful_strategy:
            insight = templates.render_line(
                self.templates["insight"],
                category=bug_record.error_category,
                exception_type=bug_record.exception_type,
                strategy=bug_record.successful_strategy,
            )
            if insight not in self.world_model.insights:  # as the store keeps it: once (a record completed again)
                self.world_model.insights.append(insight)
            self.store.add_world("insights", insight, bug_record.id, self.run_id)
        for constraint in bug_record.learned_constraints:
            if constraint not in self.world_model.api_constraints:
                self.world_model.api_constraints.append(constraint)
            self.store.add_world("api_constraints", constraint, bug_record.id, self.run_id)
        if self.store.json_dir is not None:  # for inspection (the seed's world_model.json): the store's world model,
            # so consultants sharing the store and its json_dir (one per task, or per process) add to one file instead
            # of each writing its own; written whole, then renamed over the old one (a reader never sees half a file)
            path = self.store.json_dir / "world_model.json"
            part = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
            part.write_text(json.dumps(asdict(self.store.world_model(limit=-1)), indent=2))
            part.replace(path)

    # retrieval ---------------------------------------------------------------------------------------------------
    def search(
        self,
        query: BugRecord | str,
        *,
        tags: Iterable[str] = (),
        top_k: int | None = None,
        threshold: float | None = None,
        include_same_instance: bool | None = None,
        include_incomplete: bool | None = None,
    ) -> list[ScoredBug]:
        """Past bugs with their scores, best first: by record (never the record itself) or by error text plus
        context tags (never an open record of this consultant whose error is that text). `top_k` defaults to
        `max_similar_bugs` (None in `ranking`: all); `threshold` to `similarity_threshold` (0: no gate). Records
        of the query's instance and records not completed yet are left out unless the flags (default: the
        config's `retrieve_same_instance` / `retrieve_incomplete`) say otherwise."""
        if threshold is not None and not 0.0 <= threshold <= 1.0:  # 60 for 0.6 would silently find nothing
            raise ValueError(f"threshold must be in [0, 1] (a confidence, as similarity_threshold), not {threshold!r}")
        if top_k is not None and top_k < 0:
            raise ValueError(f"top_k must be 0 or more, not {top_k!r}")
        return self._search(
            query,
            tags=_items(tags),
            top_k=self.config.max_similar_bugs if top_k is None else top_k,
            threshold=threshold,
            include_same_instance=include_same_instance,
            include_incomplete=include_incomplete,
        )

    def ranking(self, query: BugRecord | str, *, tags: Iterable[str] = (), **flags: bool) -> list[ScoredBug]:
        """The full ranking for evaluation: every retrievable record, no gate, no cap."""
        return self._search(query, tags=_items(tags), top_k=None, threshold=0.0, **flags)

    def _search(
        self,
        query: BugRecord | str,
        *,
        tags: list[str],
        top_k: int | None,
        threshold: float | None,
        include_same_instance: bool | None = None,
        include_incomplete: bool | None = None,
    ) -> list[ScoredBug]:
        if not self.enabled or self.store is None or (top_k is not None and top_k <= 0):
            return []
        if not (query.original_error if isinstance(query, BugRecord) else query).strip():
            return []  # no error text (a run killed without output): nothing to compare, every such record alike
        start = time.perf_counter()
        if isinstance(query, BugRecord):
            exclude = {query.id}
            prepared = self._queries.get(query.id) or self._query_of(query)
        else:
            text = query.strip()
            with self.lock:  # the open record the text came from (the seed returned the query itself)
                exclude = {
                    r.id
                    for r in self.bug_records
                    if r.completed_at is None and text in (r.original_error.strip(), r.error_signature)
                }
            prepared = Query.from_error(error_of(query), tags=tags, instance_id=self.instance_id)
        result = self.index.search(
            prepared,
            top_k=top_k,
            exclude=exclude,
            threshold=threshold,
            include_same_instance=(
                self.config.retrieve_same_instance if include_same_instance is None else include_same_instance
            ),
            include_incomplete=self.config.retrieve_incomplete if include_incomplete is None else include_incomplete,
            experiment=self.run_id if self.config.experiment_only else None,
        )
        found = self.store.get_many([h.record_id for h in result.hits])
        with self.lock:
            self.retrieval.queries += 1
            self.retrieval.candidates += result.candidates
            self.retrieval.above_threshold += len(result.hits) if threshold is None else 0
            self.retrieval.latencies_ms.append((time.perf_counter() - start) * 1000)
        return [  # float32 sums put an identical record at 1.0000001: the documented range is [0, 1]
            ScoredBug(
                found[h.record_id], min(h.score, 1.0), {k: min(f, 1.0) for k, f in h.fields.items()}, h.confidence
            )
            for h in result.hits
            if h.record_id in found
        ]

    def retrieve_similar_bugs(
        self,
        error_signature: str | BugRecord,
        context_tags: Iterable[str] = (),
        top_k: int | None = None,
    ) -> list[BugRecord]:
        """The seed's retrieval, fixed: by record (skips itself by id) or by error text plus tags (the tags are
        the summary-style context tags, not a command); gated by `similarity_threshold`. `search` has scores."""
        return [hit.record for hit in self.search(error_signature, tags=context_tags, top_k=top_k)]

    def get_advice(self, bug_record: BugRecord) -> str:
        """Similar past bugs with their fixes, this bug's failed strategies and learned constraints; "" if none."""
        if not self.enabled:
            return ""
        # a similar bug teaches something only once it was fixed or something failed on it
        similar = [
            r
            for r in self.retrieve_similar_bugs(bug_record, top_k=self.config.max_similar_bugs)
            if r.successful_strategy or r.failed_strategies
        ]
        failed = (
            bug_record.failed_strategies[-self.config.max_failed_strategies :]
            if self.config.max_failed_strategies
            else []
        )
        constraints = (
            _unique(bug_record.learned_constraints)[-self.config.max_constraints :]
            if self.config.max_constraints
            else []
        )
        with self.lock:
            self.retrieval.shown += len(similar)
        if not (similar or failed or constraints):
            return ""
        return templates.render_block(
            self.templates["advice"], similar=similar, failed=failed, constraints=constraints
        ).strip()

    def similar_constraints(self, bug_record: BugRecord) -> list[str]:
        """Learned constraints of the past bugs similar to this one (for the prompt's Lessons Learned)."""
        if self.store is None:
            return []
        return self.store.constraints_of([hit.record.id for hit in self.search(bug_record)])


def _check_text(**values: object) -> None:
    """The texts a caller passes are str: bytes (a run's output not decoded) or None would fail deep inside."""
    for name, value in values.items():
        if not isinstance(value, str):
            hint = " (decode the run's output first)" if isinstance(value, bytes | bytearray) else ""
            raise TypeError(f"{name} must be a str, not {type(value).__name__}{hint}")


def _text_id(value: object) -> str:
    """A run or instance id as the store keeps it: text, "" for none (SQLite would turn 5 into '5')."""
    return "" if value is None else str(value)


def _items(values: Iterable[str]) -> list[str]:
    """Tags or commands as a list; one string is one item (list("numpy") would be five one-letter tags)."""
    return [values] if isinstance(values, str) else list(values)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
