"""The `bug_consultant` config block (the seed's four keys plus store, summary model and retrieval settings)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agent.bug_consultant.retrieval import DEFAULT_THRESHOLD

DEFAULT_STORE_ENV = "LLM_IDE_BUG_STORE"
SummaryStage = Literal["bug_start", "trial_failure", "trial_success"]  # a misspelt stage would be ignored


def default_store_path() -> Path:
    """The shared cache's file (used only when configured: `store_path` or $LLM_IDE_BUG_STORE)."""
    if env := os.environ.get(DEFAULT_STORE_ENV):
        return Path(env)
    return Path.home() / ".cache" / "llm-ide" / "bug_consultant" / "bugs.sqlite"


class BugConsultantConfig(BaseModel):
    """Validated once at the edge; `use_bug_consultant: false` is the A/B control arm."""

    model_config = ConfigDict(extra="forbid")

    use_bug_consultant: bool = False
    max_similar_bugs: int = Field(default=3, ge=0)
    max_failed_strategies: int = Field(default=5, ge=0)
    max_constraints: int = Field(default=5, ge=0)
    enable_world_model: bool = True

    # a SQLite file shared by runs (else $LLM_IDE_BUG_STORE; neither set: a store per experiment, see BugConsultant)
    store_path: Path | None = None
    # in a shared store: only this run's / experiment's records are retrieved (a namespace)
    experiment_only: bool = False
    # records of the query's own instance are retrieved (off: an A/B arm cannot see its own instance's answers)
    retrieve_same_instance: bool = False
    # records are retrievable before complete_bug_record (off: only completed records, the seed's semantics)
    retrieve_incomplete: bool = False
    # one JSON file per record for inspection (default: a `records/` directory beside the store)
    json_dir: Path | None = None
    write_json: bool = True

    # a cheaper model for the three summaries; None: the deterministic summary only (no LLM call at all)
    summary_model: str | None = None
    summary_model_kwargs: dict[str, Any] = Field(default_factory=dict)
    # per-stage overrides of those kwargs (bug_start, trial_failure, trial_success), e.g. temperature
    summary_stage_kwargs: dict[SummaryStage, dict[str, Any]] = Field(default_factory=dict)
    summary_timeout: float = Field(default=60.0, gt=0)

    # retrieval: the gate a past bug's confidence (its score 0..1 plus agreement bonuses, see retrieval.py) must pass
    similarity_threshold: float = Field(default=DEFAULT_THRESHOLD, ge=0.0, le=1.0)
    # commands whose failures are lookups or tool errors, not bugs (ls of a missing file, grep without a match)
    ignore_commands: list[str] = Field(
        default_factory=lambda: [
            *("ls", "cat", "grep", "rg", "find", "head", "tail", "cd", "echo", "which", "git", "wc", "pwd", "tree"),
            # the agent's own tools: a failed edit or a debugger session is not a bug of the code
            *("sed", "awk", "printf", "test", "diff", "fileedit", "debugger"),
        ]
    )
    max_open_bugs: int = Field(default=8, ge=1)

    def resolved_store_path(self) -> Path | None:
        """The shared store when one is configured (`store_path`, else $LLM_IDE_BUG_STORE); None otherwise."""
        if self.store_path:
            return Path(self.store_path).expanduser()
        return Path(env).expanduser() if (env := os.environ.get(DEFAULT_STORE_ENV)) else None
