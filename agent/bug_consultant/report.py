"""A/B report of two runs' trajectories: the Bug Consultant off (A) and on (B), side by side.

    llm-ide bug-report RUN_A RUN_B [-o report.txt]
    python -m agent.bug_consultant.report RUN_A RUN_B [--json]

Reads every `*.traj.json` / `*.json` trajectory under each run folder that carries `info.bug_consultant`
(what BugTracker.stats() returned). Exit codes: 0 ok, 1 a run folder has no such trajectory.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import typer

from agent.bug_consultant import templates


class ReportError(ValueError):
    """A run folder that cannot be reported on (one clear line for the CLI)."""


@dataclass
class RunMetrics:
    run: str
    trajectories: int
    unreadable: int  # .traj.json files that are not JSON (a run killed while writing one): left out, and said so
    enabled: bool
    bugs: int
    resolution_rate: float | None
    attempts_per_bug: float | None
    # the seed's "time to resolution": debugging iterations before success, over resolved bugs only
    time_to_resolution: float | None
    steps_to_resolution: float | None  # agent steps from the first failure to the passing run, resolved bugs only
    first_attempt_fix_rate: float | None
    repeated_error_rate: float | None
    error_events: int
    summary_calls: int
    summary_failures: int
    summary_cost: float
    advice_prompts: int
    advice_items_shown: int
    retrieved_candidates: int
    retrieved_above_threshold: int
    above_threshold_share: float | None
    # world-model growth (a seed metric): insights and constraints the runs' completed bugs added
    world_model_insights: int
    world_model_constraints: int


def _stats_of(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    info = data.get("info") if isinstance(data, dict) else None
    stats = info.get("bug_consultant") if isinstance(info, dict) else None
    return stats if isinstance(stats, dict) else None


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def _readable(path: Path) -> bool:
    try:
        json.loads(path.read_text())
    except (OSError, ValueError):
        return False
    return True


def run_metrics(run: Path) -> RunMetrics:
    try:
        return _run_metrics(run)
    except (KeyError, TypeError, AttributeError) as e:  # a trajectory's stats of another shape than ours
        raise ReportError(f"{run}: a trajectory's info.bug_consultant is malformed ({type(e).__name__}: {e})") from None


def _run_metrics(run: Path) -> RunMetrics:
    if not run.is_dir():
        raise ReportError(f"{run}: no such run folder")
    found = [s for p in sorted(run.rglob("*.json")) if (s := _stats_of(p)) is not None]
    if not found:
        raise ReportError(f"{run}: no trajectory with info.bug_consultant")
    unreadable = sum(not _readable(p) for p in sorted(run.rglob("*.traj.json")))
    bugs = [b for s in found for b in s.get("bugs", [])]
    resolved = [b for b in bugs if b["resolved"]]
    steps = [b["resolved_step"] - b["step"] for b in resolved if b.get("resolved_step") is not None]
    events = sum(s.get("error_events", 0) for s in found)
    candidates = sum(s.get("retrieval_candidates", 0) for s in found)
    above = sum(s.get("retrieved_above_threshold", 0) for s in found)
    return RunMetrics(
        run=str(run),
        trajectories=len(found),
        unreadable=unreadable,
        enabled=any(s.get("enabled") for s in found),
        bugs=len(bugs),
        resolution_rate=_ratio(sum(b["resolved"] for b in bugs), len(bugs)),
        attempts_per_bug=_ratio(sum(b["attempts"] for b in bugs), len(bugs)),
        time_to_resolution=_ratio(sum(b["attempts"] for b in resolved), len(resolved)),
        steps_to_resolution=_ratio(sum(steps), len(steps)),
        first_attempt_fix_rate=_ratio(sum(b["first_attempt_fix"] for b in bugs), len(bugs)),
        repeated_error_rate=_ratio(sum(s.get("repeated_error_events", 0) for s in found), events),
        error_events=events,
        summary_calls=sum(s.get("summary_calls", 0) for s in found),
        summary_failures=sum(s.get("summary_failures", 0) for s in found),
        summary_cost=sum(s.get("summary_cost", 0.0) for s in found),
        advice_prompts=sum(s.get("advice_prompts", 0) for s in found),
        advice_items_shown=sum(s.get("advice_items_shown", 0) for s in found),
        retrieved_candidates=candidates,
        retrieved_above_threshold=above,
        above_threshold_share=_ratio(above, candidates),
        world_model_insights=sum(s.get("world_model_insights", 0) for s in found),
        world_model_constraints=sum(s.get("world_model_constraints", 0) for s in found),
    )


def _is_report(path: Path) -> bool:
    """A report this command wrote earlier (the table or --json): writing it again is a re-run, not data lost."""
    try:
        head = path.read_bytes()[:64]
    except OSError:
        return False
    return head.startswith((b"Bug Consultant A/B report", b'{\n  "A": {\n    "run": '))


def bug_report(run_a: Path, run_b: Path, output: Path | None = None, json_out: bool = False) -> str:
    """The side-by-side report as text (JSON with json_out); also written to `output` when given."""
    a, b = run_metrics(Path(run_a)), run_metrics(Path(run_b))
    for outer, inner in ((Path(run_a), Path(run_b)), (Path(run_b), Path(run_a))):
        if inner.resolve() != outer.resolve() and inner.resolve().is_relative_to(outer.resolve()):
            raise ReportError(f"{inner}: inside the other run folder {outer}, whose figures would count it too")
    if output is not None and Path(output).is_file():
        inside = [run for run in (Path(run_a), Path(run_b)) if Path(output).resolve().is_relative_to(run.resolve())]
        if inside and not _is_report(Path(output)):  # a trajectory, the bug store, the run's log: the run's data
            raise ReportError(f"{output}: a file of run folder {inside[0]}, not a report; -o names a new file for it")
    if json_out:
        text = json.dumps({"A": asdict(a), "B": asdict(b)}, indent=2)
    else:
        text = templates.render_block(templates.load()["report"], a=asdict(a), b=asdict(b)).rstrip()
    if output is not None:
        try:  # missing folders are made, as `llm-ide html -o` makes them
            if not Path(output).parent.exists():
                Path(output).parent.mkdir(parents=True)
            Path(output).write_text(text + "\n")
        except OSError as e:  # a folder, a file as a folder, no permission: one line, not a traceback
            raise ReportError(f"{output}: cannot write the report ({e.strerror})") from None
    return text


def main(
    run_a: Path = typer.Argument(..., help="run folder with the Bug Consultant off"),
    run_b: Path = typer.Argument(..., help="run folder with the Bug Consultant on"),
    output: Path | None = typer.Option(None, "-o", "--output", help="also write the report here"),
    json_out: bool = typer.Option(False, "--json", help="JSON instead of the table"),
) -> None:
    try:
        typer.echo(bug_report(run_a, run_b, output, json_out))
    except ReportError as exc:
        typer.echo(f"bug-report: {exc}", err=True)
        raise typer.Exit(1) from None


if __name__ == "__main__":
    typer.run(main)
