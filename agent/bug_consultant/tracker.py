"""BugTracker: the Bug Consultant as the LLM-IDE agent sees it — it watches the commands the agent runs.

A failing command with an error starts a bug record; a later run of the same command is a trial; success
completes the record. With `use_bug_consultant: false` nothing is recorded, retrieved or advised, but the
episode's bug figures are still counted so that both arms of an A/B comparison report the same metrics.
"""

from __future__ import annotations

import logging
import re
import shlex
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agent.bug_consultant.config import BugConsultantConfig
from agent.bug_consultant.consultant import BugConsultant, config_from
from agent.bug_consultant.errors import ErrorInfo, parse_error
from agent.bug_consultant.records import BugRecord

logger = logging.getLogger("agent.bug_consultant")

_CD_PREFIX = re.compile(r"^\s*cd\s+\S+\s*&&\s*")
_TIMEOUT_PREFIX = re.compile(r"^\s*timeout\s+\S+\s+")
# output plumbing that does not change what runs: `2>&1`, `| tail -30`, `| head`, `| grep -v x`
_PLUMBING = re.compile(r"\s+2>&1|\s*\|\s*(?:head|tail|grep|cat|less|tee)\b[^|]*$")


def command_key(command: str) -> str:
    """The same command, however it was prefixed (`cd /repo && …`, `timeout 60 …`), piped into head/tail/grep or
    spaced."""
    text = command.strip()
    while True:
        stripped = _PLUMBING.sub("", _TIMEOUT_PREFIX.sub("", _CD_PREFIX.sub("", text))).strip()
        if stripped == text:
            break
        text = stripped
    return " ".join(text.split())


@dataclass
class EpisodeBug:
    """One bug of this episode, counted in both arms."""

    command: str
    fingerprint: str
    step: int
    attempts: int = 0
    resolved: bool = False
    first_attempt_fix: bool = False
    repeated_errors: int = 0
    record_id: str | None = None
    resolved_step: int | None = None  # the step whose run of the command passed


@dataclass
class _Open:
    bug: EpisodeBug
    record: BugRecord | None
    fingerprints: set[str]
    commands: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)


class BugTracker:
    """observe() every command the agent ran; advice() and constraints() for its next prompt; stats() at the end."""

    def __init__(
        self,
        config: BugConsultantConfig | Mapping[str, Any] | None = None,
        run_id: str | None = None,
        log_dir: Path | None = None,
        *,
        instance_id: str = "",
        experiment_dir: Path | None = None,
    ):
        self.config = config_from(config)
        self.enabled = self.config.use_bug_consultant
        self.consultant = (
            BugConsultant(self.config, log_dir, run_id, instance_id=instance_id, experiment_dir=experiment_dir)
            if self.enabled
            else None
        )
        self.bugs: list[EpisodeBug] = []
        self._open: dict[str, _Open] = {}
        self._active: str | None = None
        self._attempted: set[str] = set()  # fingerprints that had a failed attempt on them
        self.error_events = 0
        self.repeated_error_events = 0
        self.advice_prompts = 0
        self.advice_items_shown = 0
        self._advice_cache: dict[tuple[str, int], tuple[str, int]] = {}
        self.observe_errors = 0

    # the agent's side ------------------------------------------------------------------------------------------
    def observe(self, command: str, output: str, returncode: int, thought: str = "", step: int = 0) -> None:
        try:
            self._observe(command, output, returncode, thought, step)
        except Exception:  # the boundary: the consultant must never stop the agent
            self.observe_errors += 1
            logger.exception("bug consultant: observe failed; the agent goes on without it")

    def _observe(self, command: str, output: str, returncode: int, thought: str, step: int) -> None:
        key = command_key(command)
        if not key:
            return
        info = parse_error(output, returncode)
        if key in self._open:
            self._attempt(key, output, returncode, thought, info, step)
            return
        for other in self._open.values():
            other.commands.append(key)
            if thought:
                other.thoughts.append(thought)
        first_word = shlex.split(key, posix=True)[0] if _splittable(key) else key.split()[0]
        if info is None or Path(first_word).name in self.config.ignore_commands:
            return
        fingerprint = info.fingerprint()
        self._error_event(fingerprint)
        bug = EpisodeBug(command=key, fingerprint=fingerprint, step=step)
        record = None
        if self.consultant is not None:
            record = self.consultant.start_bug_record(
                node_id=f"step-{step}", node_step=step, error_output=output, plan=thought, command=key
            )
            bug.record_id = record.id
        self.bugs.append(bug)
        if len(self._open) >= self.config.max_open_bugs:
            self._close(next(iter(self._open)))
        self._open[key] = _Open(bug, record, {fingerprint})
        self._active = key

    def _attempt(self, key: str, output: str, returncode: int, thought: str, info: ErrorInfo | None, step: int) -> None:
        entry = self._open[key]
        entry.bug.attempts += 1
        plan = next((t for t in entry.thoughts if t.strip()), thought)
        code = "\n".join(entry.commands)
        if returncode == 0:
            entry.bug.resolved = True
            entry.bug.resolved_step = step
            entry.bug.first_attempt_fix = entry.bug.attempts == 1
            if self.consultant is not None and entry.record is not None:
                self.consultant.record_trial(
                    entry.record, debug_plan=plan, debug_code=code, outcome="success", commands=entry.commands
                )
                self.consultant.complete_bug_record(entry.record)
            del self._open[key]
            if self._active == key:
                self._active = next(reversed(self._open), None)
            return
        fingerprint = info.fingerprint() if info else ""
        self._attempted.update(entry.fingerprints)
        if fingerprint:
            if self._error_event(fingerprint):
                entry.bug.repeated_errors += 1
            entry.fingerprints.add(fingerprint)
        if self.consultant is not None and entry.record is not None:
            self.consultant.record_trial(
                entry.record,
                debug_plan=plan,
                debug_code=code,
                outcome="failed",
                error_output=output,
                commands=entry.commands,
            )
        entry.commands, entry.thoughts = [], []
        self._active = key

    def _error_event(self, fingerprint: str) -> bool:
        """Counts an error; True when its fingerprint is seen again after a failed attempt on it."""
        self.error_events += 1
        repeated = fingerprint in self._attempted
        self.repeated_error_events += repeated
        return repeated

    def _close(self, key: str) -> None:
        entry = self._open.pop(key)
        if self.consultant is not None and entry.record is not None:
            self.consultant.complete_bug_record(entry.record)
        if self._active == key:
            self._active = next(reversed(self._open), None)

    def finish(self) -> None:
        """End of the episode: unresolved bugs are completed as unresolved (call once, optional)."""
        for key in list(self._open):
            self._close(key)

    # the prompt's side -----------------------------------------------------------------------------------------
    def active_record(self) -> BugRecord | None:
        entry = self._open.get(self._active) if self._active else None
        return entry.record if entry else None

    def advice(self) -> str:
        """The body of the "Debugging Advice" section; "" when there is nothing above threshold to say."""
        record = self.active_record()
        if self.consultant is None or record is None:
            return ""
        cache_key = (record.id, record.num_trials)
        if cache_key not in self._advice_cache:
            before = self.consultant.retrieval.shown
            text = self.consultant.get_advice(record)
            similar = self.consultant.retrieval.shown - before
            failed = min(len(record.failed_strategies), self.config.max_failed_strategies)
            items = similar + failed + min(len(set(record.learned_constraints)), self.config.max_constraints)
            self._advice_cache[cache_key] = (text, items if text else 0)
            self.advice_items_shown += items if text else 0
        text, _ = self._advice_cache[cache_key]
        self.advice_prompts += bool(text)
        return text

    def constraints(self) -> list[str]:
        """World-model constraints for Lessons Learned: those of similar past bugs, then this run's."""
        if self.consultant is None or not self.config.enable_world_model:
            return []
        found: list[str] = []
        if record := self.active_record():
            found.extend(self.consultant.similar_constraints(record))
        found.extend(self.consultant.world_model.api_constraints)
        return list(dict.fromkeys(found))[: self.config.max_constraints]

    def stats(self) -> dict[str, Any]:
        """What the A/B report reads (the agent stores it as the trajectory's `info["bug_consultant"]`)."""
        consultant = self.consultant
        summary = consultant.summarizer.stats if consultant else None
        retrieval = consultant.retrieval if consultant else None
        latencies = sorted(retrieval.latencies_ms) if retrieval else []
        return {
            "enabled": self.enabled,
            "run_id": consultant.run_id if consultant else None,
            "records": len(consultant.bug_records) if consultant else 0,
            "trials": sum(b.attempts for b in self.bugs),
            "bugs": [asdict(b) for b in self.bugs],
            "error_events": self.error_events,
            "repeated_error_events": self.repeated_error_events,
            "summary_calls": summary.calls if summary else 0,
            "summary_failures": summary.failures if summary else 0,
            "summary_cost": summary.cost if summary else 0.0,
            "retrieval_queries": retrieval.queries if retrieval else 0,
            "retrieval_candidates": retrieval.candidates if retrieval else 0,
            "retrieved_above_threshold": retrieval.above_threshold if retrieval else 0,
            "retrieval_p95_ms": latencies[int(0.95 * (len(latencies) - 1))] if latencies else None,
            "advice_prompts": self.advice_prompts,
            # world-model growth (a seed metric): what this run's completed bugs added
            "world_model_insights": len(consultant.world_model.insights) if consultant else 0,
            "world_model_constraints": len(consultant.world_model.api_constraints) if consultant else 0,
            "advice_items_shown": self.advice_items_shown,
            "observe_errors": self.observe_errors,
        }


def _splittable(text: str) -> bool:
    try:
        return bool(shlex.split(text))
    except ValueError:
        return False
