"""One task's episode call by call, for one tool: what the localization bench counts, with the text each call read.

    python3 bench/localization/probe.py scipy-20692 [--tool lsp|sed|awk] [--text] [--json]
    python3 bench/localization/probe.py --json > lsp.jsonl      # every task, one line each (compare two versions)

The same policy, backends and counting as `bench/agent_bench.py --only localization` (a task's figures here equal its
row there); a tuning aid, not a benchmark: it prints no ratio.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import typer

BENCH = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BENCH))

from localization.search import (  # noqa: E402
    WINDOW,
    ActionsBackend,
    Backend,
    GrepBackend,
    Observation,
    Outcome,
    SedBackend,
    Task,
    fetch_sdist,
    load_tasks,
    run_policy,
    token_counter,
)

DATA = BENCH / ".data" / "localization"
app = typer.Typer(add_completion=False)


class Recording:
    """A backend that keeps each observation's text, in call order, for printing."""

    def __init__(self, inner: Backend, texts: list[str]) -> None:
        self.inner, self.texts, self.name = inner, texts, inner.name

    def __getattr__(self, name: str):  # find, outline, open_hit, open_line, word_search
        method = getattr(self.inner, name)

        def call(*args, **kwargs):
            result = method(*args, **kwargs)
            obs = result[0] if isinstance(result, tuple) else result
            self.texts.extend(part.text for part in (obs.parts or [obs])) if isinstance(obs, Observation) else None
            return result

        return call


def _episode(task: Task, root: Path, tool: str, texts: list[str], count: Callable[[str], int]) -> Outcome:
    if tool == "lsp":
        from lsp_bridge.client import BridgeClient

        with BridgeClient.local(root, timeout=300) as bridge:
            bridge.sync()
            return run_policy(Recording(ActionsBackend(bridge, root), texts), task, root, count)  # type: ignore[arg-type]
    backend = SedBackend(root, WINDOW) if tool == "sed" else GrepBackend(root)
    return run_policy(Recording(backend, texts), task, root, count)  # type: ignore[arg-type]


@app.command()
def main(
    task_ids: list[str] = typer.Argument(None, help="task ids (bench/localization/tasks/ID.yaml); none: every task"),
    tool: str = typer.Option("lsp", "--tool", help="lsp (the agent's actions), sed (grep/sed) or awk (grep+awk)"),
    text: bool = typer.Option(False, "--text", help="also print each call's observation"),
    as_json: bool = typer.Option(False, "--json", help="one JSON line per task"),
) -> None:
    if tool not in ("lsp", "sed", "awk"):
        raise typer.BadParameter(f"{tool!r}: one of lsp, sed, awk", param_hint="--tool")
    tasks = load_tasks(only=task_ids or None)
    missing = sorted(set(task_ids or ()) - {t.id for t in tasks})
    if missing:
        raise typer.BadParameter(f"no such task: {', '.join(missing)}", param_hint="TASK_IDS")
    count = token_counter()
    for task in tasks:
        root = fetch_sdist(task.package, task.bug_version, DATA)
        texts: list[str] = []
        try:
            out = _episode(task, root, tool, texts, count)
        except Exception as e:  # one task's failure (a bridge that died) is reported, the others still run
            typer.echo(json.dumps({"task": task.id, "tool": tool, "error": f"{type(e).__name__}: {e}"[:300]}))
            continue
        if as_json:
            typer.echo(json.dumps({"task": task.id, "tool": tool, "calls": out.calls, "tokens": out.tokens,
                                   "found": out.found, "log": out.log}))  # fmt: skip
            continue
        typer.echo(f"== {task.id} ({tool}): {out.calls} calls, {out.tokens} tok, found {out.found}")
        for i, (label, tokens) in enumerate(out.log):
            typer.echo(f"  {i + 1:>2}. {label}  [{tokens} tok]")
            if text and i < len(texts):
                typer.echo("      " + texts[i].replace("\n", "\n      "))


if __name__ == "__main__":
    app()
