"""`llm-ide`: the LLM-IDE agent's own commands (the agent itself runs through `mini-extra swebench`).

Exit codes: 0 success; 1 a failure (one line saying what); 2 bad arguments.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
err = Console(stderr=True)
_debug = False


class CliError(Exception):
    """One line for the user, exit code 1."""


@app.callback()
def _main(debug: bool = typer.Option(False, "--debug", help="tracebacks instead of one-line errors")) -> None:
    global _debug
    _debug = debug


def _target_folder(value: str | None) -> Path | None:
    """`--target` as given: an existing folder (an empty value would have been the working directory)."""
    if value is None:
        return None
    if not value.strip():
        raise typer.BadParameter("empty (name a site-packages folder, or leave --target out)", param_hint="'--target'")
    if not Path(value).is_dir():
        raise typer.BadParameter(f"{value}: no such folder", param_hint="'--target'")
    return Path(value)


@app.command("install-hook")
def install_hook(
    target: str | None = typer.Option(
        None, "--target", help="site-packages folder (default: this Python's)", metavar="DIR"
    ),
) -> None:
    """Make `mini-extra swebench` / `swebench-single` run the LLM-IDE agent (writes the startup hook's .pth file).

    `pip install .` and `pip install -e .` ship the file already; this writes it by hand (scripts/setup.sh runs it).
    """
    from agent.hook import ENV_VAR, write_pth

    path = write_pth(_target_folder(target))
    typer.echo(f"startup hook installed: {path}")
    typer.echo(f"switch back to upstream: {ENV_VAR}=upstream, or per run -c agent.agent_class=default")


@app.command("uninstall-hook")
def uninstall_hook(
    target: str | None = typer.Option(None, "--target", help="site-packages folder", metavar="DIR"),
) -> None:
    """Remove the startup hook's .pth file: mini-swe-agent runs unchanged again."""
    from agent.hook import pth_path, remove_pth

    folder = _target_folder(target)
    removed = remove_pth(folder)
    typer.echo(f"startup hook {'removed' if removed else 'was not installed'}: {pth_path(folder)}")


@app.command()
def status(as_json: bool = typer.Option(False, "--json", help="machine-readable")) -> None:
    """Whether the hook is installed and active, and which mini-swe-agent it would adjust."""
    import os

    os.environ.setdefault("MSWEA_SILENT_STARTUP", "1")  # no banner from importing mini-swe-agent
    from agent.hook import status as hook_status

    info = hook_status()
    if as_json:
        typer.echo(json.dumps(info, indent=2))
        return
    active = info["pth_installed"] and info["supported"] and not info["switched_off"]
    version = info["mini_swe_agent"] or "not installed"
    lines = [
        f"`mini-extra swebench` runs: {'the LLM-IDE agent' if active else 'upstream mini-swe-agent'}",
        f"  hook file       {info['pth']} ({'installed' if info['pth_installed'] else 'missing'})",
        f"  mini-swe-agent  {version} ({'supported' if info['supported'] else 'unsupported'})",
        f"  {info['env_var']}   {_switch(info['env_value'], info['switched_off'])}",
        f"  config          {info['config']}",
    ]
    typer.echo("\n".join(lines))


def _switch(value: str | None, off: bool) -> str:
    """LLM_IDE_AGENT as `status` shows it: its value, and what it does (a value it does not know is on)."""
    from agent.hook import UPSTREAM_VALUES

    if value is None:
        return "(unset: on)"
    if off:
        return f"{value!r} (switched off: upstream)"
    known = "" if value.strip().lower() in ("", "1", "on", "yes", "true", "llm-ide") else ", not a known value"
    return f"{value!r} (on{known}; {', '.join(sorted(UPSTREAM_VALUES))} switch it off)"


@app.command()
def html(
    trajectory: Path = typer.Argument(..., help="a .traj.json written by the LLM-IDE agent"),
    output: Path = typer.Option(..., "-o", "--output", help="the HTML file to write"),
) -> None:
    """One trajectory's operation tree and final code context as a self-contained HTML page."""
    from jinja2 import TemplateError

    from agent.trajectory_html import write_trajectory_html

    if trajectory.is_dir():
        raise CliError(f"{trajectory}: a folder, not a trajectory file (name one .traj.json in it)")
    if not trajectory.is_file():
        raise CliError(f"{trajectory}: no such trajectory file")
    if output.exists() and output.samefile(trajectory):
        raise CliError(f"{output}: is the trajectory itself (-o names the HTML file to write)")
    if output.is_file() and not _is_html(output):  # another trajectory, a run's preds.json: the run's data
        raise CliError(f"{output}: exists and is not an HTML page (-o names the HTML file to write)")
    try:
        written = write_trajectory_html(trajectory, output)
    except json.JSONDecodeError as e:
        raise CliError(f"{trajectory}: not a trajectory (not JSON: {e})") from None
    except (ValueError, KeyError, TypeError, AttributeError, TemplateError) as e:  # a memory of another shape
        raise CliError(f"{trajectory}: not a trajectory ({e})") from None
    except OSError as e:  # -o a folder, a file where a folder goes: say which path, as bug-report does
        if e.filename is not None and Path(e.filename) == trajectory:
            raise CliError(f"{trajectory}: cannot read the trajectory ({e.strerror})") from None
        at = "" if e.filename is None or Path(e.filename) == output else f": {e.filename}"
        raise CliError(f"{output}: cannot write the page ({e.strerror}{at})") from None
    typer.echo(f"wrote {written}")


def _is_html(path: Path) -> bool:
    """An HTML page (one this command wrote before, say): overwriting it is a re-run, not data lost."""
    try:
        head = path.read_bytes()[:200].lstrip().lower()
    except OSError:
        return False
    return head.startswith((b"<!doctype html", b"<html")) or not head  # an empty file holds nothing to lose


@app.command("bug-report")
def bug_report(
    run_a: Path = typer.Argument(..., help="output folder of the run with the Bug Consultant off"),
    run_b: Path = typer.Argument(..., help="output folder of the run with the Bug Consultant on"),
    output: Path | None = typer.Option(None, "-o", "--output", help="also write the report here"),
    json_out: bool = typer.Option(False, "--json", help="JSON instead of the table"),
) -> None:
    """The Bug Consultant's A/B metrics of two runs (agent/bug_consultant/report.py)."""
    from agent.bug_consultant.report import bug_report as report

    for run in (run_a, run_b):
        if not run.is_dir():
            raise CliError(f"{run}: no such run folder")
    typer.echo(report(run_a, run_b, output, json_out))


def main() -> None:
    try:
        app()  # click handles usage errors (exit code 2) and Ctrl-C
    except (CliError, OSError, ValueError) as e:
        if _debug:
            raise
        err.print(f"llm-ide: {e}", markup=False, highlight=False, soft_wrap=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
