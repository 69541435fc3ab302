"""The seed's records — BugRecord, DebugTrial, WorldModel — with real timestamps and the computed error fields."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timezone
from typing import Any, Literal


def now() -> str:
    """An ISO-8601 UTC time (the seed wrote uuids into its timestamp fields)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass
class DebugTrial:
    """One attempt to make the failing command pass."""

    trial_num: int
    debug_plan: str
    debug_code: str
    outcome: Literal["success", "failed"]
    error_output: str | None = None
    metric: float | None = None
    error_fingerprint: str | None = None
    created_at: str = field(default_factory=now)

    why_worked: str | None = None
    why_failed: str | None = None
    failed_strategy_summary: str | None = None
    learned_constraint: str | None = None
    successful_strategy_summary: str | None = None
    key_insight: str | None = None
    summary_source: str = "deterministic"  # "llm" | "deterministic"


@dataclass
class BugRecord:
    """One bug from its first failure to its fix (or to the end of the episode)."""

    id: str = field(default_factory=lambda: str(uuid.uuid4()))
    node_id: str = ""
    node_step: int = 0
    run_id: str = ""  # the run / experiment that recorded it (one arm of an A/B comparison)
    instance_id: str = ""  # the task instance it happened on: never retrieved for the same instance
    command: str = ""

    original_code: str = ""
    original_error: str = ""
    original_plan: str = ""

    # computed from the error text (retrieval never needs an LLM)
    fingerprint: str = ""
    exception_type: str = ""
    libraries: list[str] = field(default_factory=list)

    # summarised (LLM function call, or the deterministic fallback)
    error_signature: str = ""
    error_category: str = ""
    initial_hypothesis: str = ""
    context_tags: list[str] = field(default_factory=list)
    summary_source: str = "deterministic"

    trials: list[DebugTrial] = field(default_factory=list)
    num_trials: int = 0

    failed_strategies: list[str] = field(default_factory=list)
    learned_constraints: list[str] = field(default_factory=list)

    resolved: bool = False
    successful_strategy: str | None = None
    final_root_cause: str | None = None

    created_at: str = field(default_factory=now)
    completed_at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BugRecord:
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        trial_known = {f.name for f in fields(DebugTrial)}  # a newer release's trial fields are left, as a record's
        kwargs["trials"] = [
            DebugTrial(**{k: v for k, v in t.items() if k in trial_known}) for t in data.get("trials", [])
        ]
        return cls(**kwargs)


@dataclass
class WorldModel:
    """Debugging knowledge accumulated over completed bugs."""

    observations: list[str] = field(default_factory=list)
    insights: list[str] = field(default_factory=list)
    common_patterns: list[str] = field(default_factory=list)
    api_constraints: list[str] = field(default_factory=list)
