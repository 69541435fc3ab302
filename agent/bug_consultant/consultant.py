"""BugConsultant: the seed's library API (start_bug_record, record_trial, complete_bug_record,
retrieve_similar_bugs, get_advice), usable by any agent with a debug step."""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from agent.bug_consultant import templates
from agent.bug_consultant.config import BugConsultantConfig
from agent.bug_consultant.errors import ErrorInfo, parse_error, signature_text
from agent.bug_consultant.records import BugRecord, DebugTrial, WorldModel, now
from agent.bug_consultant.retrieval import Hit, Query, shared_index
from agent.bug_consultant.store import BugStore
from agent.bug_consultant.summarize import Summarizer

logger = logging.getLogger("agent.bug_consultant")


def config_from(cfg: Any) -> BugConsultantConfig:
    """Accepts our config, a mapping, or a seed-style object with `cfg.agent.search.bug_consultant` and
    `cfg.agent.search.use_bug_consultant` (the ML-Master layout)."""
    if cfg is None:
        return BugConsultantConfig()
    if isinstance(cfg, BugConsultantConfig):
        return cfg
    if isinstance(cfg, Mapping):
        return BugConsultantConfig.model_validate(dict(cfg))
    search = getattr(getattr(cfg, "agent", None), "search", None)
    if search is not None:
        block = (
            dict(vars(search.bug_consultant))
            if hasattr(search.bug_consultant, "__dict__")
            else dict(search.bug_consultant)
        )
        block.setdefault("use_bug_consultant", getattr(search, "use_bug_consultant", True))
        block.pop("embedding_model", None)  # the seed's placeholder; our embeddings are offline
        return BugConsultantConfig.model_validate(block)
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


class BugConsultant:
    """Bug records with trials and summaries, kept in a shared store; offline retrieval; bounded advice."""

    def __init__(self, cfg: Any = None, log_dir: Path | None = None, run_id: str | None = None):
        self.config = config_from(cfg)
        # the store is shared across runs (store_path, else $LLM_IDE_BUG_STORE or ~/.cache/...); the run's log
        # folder only gets the JSON copies of its records, as in the seed
        store_path = self.config.resolved_store_path()
        consultant_dir = Path(log_dir) / "bug_consultant" if log_dir is not None else None
        json_dir = self.config.json_dir or consultant_dir or store_path.parent / "records"
        self.store = BugStore(store_path, Path(json_dir) if self.config.write_json else None)
        self.index = shared_index(
            self.store,
            candidates=self.config.candidates,
            rrf_k=self.config.rrf_k,
            threshold=self.config.similarity_threshold,
            similarity_weight=self.config.similarity_weight,
        )
        self.summarizer = Summarizer(self.config)
        self.templates = templates.load()
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.bug_records: list[BugRecord] = []
        self.world_model = WorldModel()
        self.retrieval = RetrievalStats()
        self.lock = threading.RLock()
        self._errors: dict[str, ErrorInfo] = {}
        self._queries: dict[str, Query] = {}

    # stage 1 ---------------------------------------------------------------------------------------------------
    def start_bug_record(
        self,
        node_id: str = "",
        node_step: int = 0,
        code: str = "",
        error_output: str = "",
        plan: str = "",
        command: str = "",
    ) -> BugRecord:
        info = error_of(error_output)
        summary, source = self.summarizer.bug_start(info, command, code, plan, error_output)
        record = BugRecord(
            node_id=str(node_id),
            node_step=node_step,
            run_id=self.run_id,
            command=command,
            original_code=code,
            original_error=error_output[-20000:],
            original_plan=plan,
            fingerprint=info.fingerprint(),
            exception_type=info.exc_type,
            libraries=info.libraries,
            error_signature=summary["error_signature"],
            error_category=summary["error_category"],
            initial_hypothesis=summary["initial_hypothesis"],
            context_tags=list(summary["context_tags"]),
            summary_source=source,
        )
        query = Query.from_error(info, command)
        with self.lock:
            self.bug_records.append(record)
            self._errors[record.id] = info
            self._queries[record.id] = query
        self.store.save(record, " ".join(query.tokens), signature_text(info), query.embedding)
        logger.info("bug record %s started: %s", record.id, record.error_signature)
        return record

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
        commands: Iterable[str] = (),
    ) -> DebugTrial:
        commands = list(commands)
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
        self.store.save(bug_record)
        return trial

    # stage 3 ---------------------------------------------------------------------------------------------------
    def complete_bug_record(self, bug_record: BugRecord) -> None:
        with self.lock:
            bug_record.completed_at = now()
        self.store.save(bug_record)
        if self.config.enable_world_model:
            self._update_world_model(bug_record)

    def _update_world_model(self, bug_record: BugRecord) -> None:
        if bug_record.successful_strategy:
            insight = templates.render_line(
                self.templates["insight"],
                category=bug_record.error_category,
                exception_type=bug_record.exception_type,
                strategy=bug_record.successful_strategy,
            )
            self.world_model.insights.append(insight)
            self.store.add_world("insights", insight, bug_record.id, self.run_id)
        for constraint in bug_record.learned_constraints:
            if constraint not in self.world_model.api_constraints:
                self.world_model.api_constraints.append(constraint)
            self.store.add_world("api_constraints", constraint, bug_record.id, self.run_id)
        if self.store.json_dir is not None:  # this run's world model, for inspection (the seed's world_model.json)
            (self.store.json_dir / "world_model.json").write_text(json.dumps(asdict(self.world_model), indent=2))

    # retrieval ---------------------------------------------------------------------------------------------------
    def search(self, bug_record: BugRecord, top_k: int | None = None) -> list[Hit]:
        """Past bugs above the similarity threshold (never this record itself), best first."""
        query = self._queries.get(bug_record.id) or Query.from_error(
            error_of(bug_record.original_error), bug_record.command
        )
        k = self.config.max_similar_bugs if top_k is None else top_k
        start = time.perf_counter()
        result = self.index.search(query, top_k=k, exclude={bug_record.id})
        with self.lock:
            self.retrieval.queries += 1
            self.retrieval.candidates += result.candidates
            self.retrieval.above_threshold += len(result.hits)
            self.retrieval.latencies_ms.append((time.perf_counter() - start) * 1000)
        return result.hits

    def retrieve_similar_bugs(
        self,
        error_signature: str | BugRecord,
        context_tags: Iterable[str] = (),
        top_k: int | None = None,
    ) -> list[BugRecord]:
        """The seed's retrieval, fixed: by record (skips itself by id) or by error text plus tags."""
        if isinstance(error_signature, BugRecord):
            hits = self.search(error_signature, top_k)
        else:
            probe = BugRecord(original_error=error_signature, command=" ".join(context_tags))
            hits = self.search(probe, top_k)
        found = self.store.get_many([h.record_id for h in hits])
        return [found[h.record_id] for h in hits if h.record_id in found]

    def get_advice(self, bug_record: BugRecord) -> str:
        """Similar past bugs with their fixes, this bug's failed strategies and learned constraints; "" if none."""
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
        hits = self.search(bug_record)
        return self.store.constraints_of([h.record_id for h in hits])


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
