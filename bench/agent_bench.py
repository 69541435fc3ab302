"""The LLM-IDE agent's benchmark: localization, prompt size per step, per-step overhead; baselines in the same run.

    python3 bench/agent_bench.py                      # all three
    python3 bench/agent_bench.py --only localization  # or: prompt, overhead (repeatable)
    python3 bench/agent_bench.py --quick              # fewer tasks (one per package) and a shorter episode
    python3 bench/agent_bench.py --verify             # also download each fix release and check the gold functions

1. Localization (bench/localization): real bug fixes between consecutive PyPI releases. The fixed search policy
   of bench/localization/search.py runs once with grep/sed/awk and once with the agent's LSP actions on the
   bug release's sdist (downloaded into bench/.data, git-ignored); tool calls and observation tokens until every
   gold function has been on screen whole.
2. Prompt tokens per step over a fixed scripted episode: LLMIDEAgent's rebuilt prompt vs upstream DefaultAgent's
   full-history prompt on the same episode (DeterministicModel, a local repository, a real lsp-bridge).
3. Per-step overhead outside the model call (LSP round trips included): p50/p95, LLMIDEAgent vs DefaultAgent.

Tokens are counted with litellm's `token_counter` (cl100k_base, shipped inside litellm's wheel; nothing is
downloaded). Exit codes: 0 done (goals are reported, not enforced), 1 a part failed to run, 2 bad arguments.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import typer

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from localization.search import (  # noqa: E402
    ActionsBackend,
    GrepBackend,
    Outcome,
    Task,
    fetch_sdist,
    function_source,
    load_tasks,
    run_policy,
    token_counter,
)

DATA = BENCH / ".data" / "localization"
PARTS = ("localization", "prompt", "overhead")
app = typer.Typer(add_completion=False)


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b else "-"


# ---- 1. localization


def verify(task: Task) -> list[str]:
    """Problems with a task's gold: it must exist in the bug release and differ in the fix release."""
    bug = fetch_sdist(task.package, task.bug_version, DATA)
    fix = fetch_sdist(task.package, task.fix_version, DATA)
    problems = []
    for g in task.gold:
        before, after = function_source(bug / g.file, g.function), function_source(fix / g.file, g.function)
        if before is None:
            problems.append(f"{task.id}: {g.file}::{g.function} not in {task.bug_version}")
        elif before == after:
            problems.append(f"{task.id}: {g.file}::{g.function} unchanged in {task.fix_version}")
    return problems


def localization(quick: bool, check: bool, only: list[str] | None) -> dict:
    from lsp_bridge.client import BridgeClient

    tasks = load_tasks(only=only)
    if quick:
        seen: set[str] = set()
        tasks = [t for t in tasks if not (t.package in seen or seen.add(t.package))]  # type: ignore[func-returns-value]
    count = token_counter()
    rows: list[tuple[Task, Outcome, Outcome]] = []
    for task in tasks:
        if check:
            for problem in verify(task):
                typer.echo(f"gold check: {problem}", err=True)
        root = fetch_sdist(task.package, task.bug_version, DATA)
        grep = run_policy(GrepBackend(root), task, root, count)
        with BridgeClient.local(root, timeout=300) as bridge:
            bridge.sync()
            lsp = run_policy(ActionsBackend(bridge, root), task, root, count)
        rows.append((task, grep, lsp))
        typer.echo(f"  {task.id}: grep {grep.calls} calls {grep.tokens} tok, lsp {lsp.calls} calls {lsp.tokens} tok",
                   err=True)  # fmt: skip

    header = f"{'task':<16}{'repo':>6}{'grep calls':>11}{'grep tok':>9}{'lsp calls':>10}{'lsp tok':>9}{'tok ratio':>10}"
    typer.echo("\n== localization: observation tokens until every gold function was on screen whole")
    typer.echo(header)
    for task, g, lsp in rows:
        flag = (
            ""
            if g.found and lsp.found
            else f"  (not found: {'grep ' if not g.found else ''}{'' if lsp.found else 'lsp'})"
        )
        typer.echo(
            f"{task.id:<16}{'large' if task.large else 'small':>6}{g.calls:>11}{g.tokens:>9}{lsp.calls:>10}"
            f"{lsp.tokens:>9}{ratio(g.tokens, lsp.tokens):>10}{flag}"
        )
    summary = {}
    for label, subset in (
        ("all", rows),
        ("large", [r for r in rows if r[0].large]),
        ("small", [r for r in rows if not r[0].large]),
    ):
        if not subset:
            continue
        gt, lt = sum(r[1].tokens for r in subset), sum(r[2].tokens for r in subset)
        gc, lc = sum(r[1].calls for r in subset), sum(r[2].calls for r in subset)
        found = sum(r[1].found for r in subset), sum(r[2].found for r in subset)
        typer.echo(
            f"{'total ' + label:<16}{len(subset):>6}{gc:>11}{gt:>9}{lc:>10}{lt:>9}{ratio(gt, lt):>10}"
            f"  found grep {found[0]}/{len(subset)}, lsp {found[1]}/{len(subset)}"
        )
        summary[label] = {"grep_tokens": gt, "lsp_tokens": lt, "grep_calls": gc, "lsp_calls": lc}
    typer.echo("goal: >= 2x fewer tokens overall, >= 3x on large repositories, no more calls than grep")
    return summary


@app.command()
def main(
    only: list[str] = typer.Option([], "--only", help="run only these parts: localization, prompt, overhead"),
    quick: bool = typer.Option(False, "--quick", help="one task per package; a shorter episode"),
    check: bool = typer.Option(False, "--verify", help="download each fix release and check the gold functions"),
    task: list[str] = typer.Option([], "--task", help="localization: only these task ids"),
    steps: int = typer.Option(60, "--steps", help="episode length for prompt/overhead"),
) -> None:
    parts = only or list(PARTS)
    bad = [p for p in parts if p not in PARTS]
    if bad:
        typer.echo(f"error: unknown part(s) {', '.join(bad)}; choose from {', '.join(PARTS)}", err=True)
        raise typer.Exit(2)
    start = time.perf_counter()
    if "localization" in parts:
        localization(quick, check, task or None)
    typer.echo(f"\n(took {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    app()
