"""What the labelled bug sets (tests/data/bug_heldout*) share: the program record and the runner behind each set's
`make_dataset.py`.

Each program is written into a fresh temporary project directory and run there in its own subprocess
(`python <script> [args]` from the project root); only runs that end with a traceback whose exception type is the
one the program was written to raise are kept. Paths of the temporary directory become /home/user/project.
A set's `make_dataset.py` names what is its own (a `BugSet`: its jsonl, program modules, interpreter, `source`
text, timeout) and calls `main`; its `programs/__init__.py` builds `Prog`s with its own `P(...)`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

PROJECT = "/home/user/project"
MAX_OUTPUT = 6000
KEYS = ["id", "group", "library", "body", "callsite", "path", "code", "command", "returncode", "output"]
KEYS += ["exception", "source"]

Row = dict[str, object]


@dataclass(frozen=True)
class Prog:
    """One run: the files of a small project (the script first), how to run it and what it must raise."""

    group: str  # root-cause label: runs with the same label share the same underlying mistake
    library: str  # where it surfaces: a library name, "stdlib" or "core"
    callsite: str  # short label of how the faulty code is reached
    expect: str  # the exception type the run must end with, or the run is dropped
    files: tuple[tuple[str, str], ...]  # project path -> source text, the script first
    args: tuple[str, ...] = ()  # command-line arguments after the script
    url: str = ""  # the public report the root cause is modelled on (sets that have one)

    @property
    def path(self) -> str:
        return self.files[0][0]

    def sources(self) -> dict[str, str]:
        return dict(self.files)


def from_files(
    group: str, library: str, callsite: str, expect: str, url: str, files: dict[str, str], *args: str
) -> Prog:
    """A program: `files` maps project paths to source text (dedented), the script first."""
    dedented = tuple((path, textwrap.dedent(text).lstrip("\n")) for path, text in files.items())
    return Prog(group, library, callsite, expect, dedented, tuple(args), url)


@dataclass(frozen=True)
class BugSet:
    """What one set's `make_dataset.py` has of its own."""

    name: str  # the set; its rows go to <here>/<name>.jsonl
    here: Path  # the set's folder, which holds programs/
    source: str  # a row's `source`: this text, with {url} replaced by the program's url
    modules: tuple[str, ...] = ()  # the program modules in order; empty: every programs/[gs]_*.py, sorted
    python: Path | None = None  # the venv interpreter that has the set's libraries (this one when it is absent)
    timeout: float = 30  # seconds a run may take before it is dropped
    workers: int = 1  # runs at a time
    first_body: int = 1  # the number of a group's first run (its `body` and the end of its `id`)


def all_programs(bugset: BugSet) -> list[Prog]:
    """Every program, module by module (the set's folder must be on sys.path, so `programs` is its package)."""
    mods = bugset.modules or tuple(sorted(p.stem for p in (bugset.here / "programs").glob("[gs]_*.py")))
    progs: list[Prog] = []
    for mod in mods:
        progs.extend(importlib.import_module(f"programs.{mod}").PROGRAMS)
    return progs


def tail(stderr: str) -> str:
    """The stderr tail that holds the whole traceback (from the first 'Traceback' line when it is too long)."""
    text = stderr.rstrip("\n")
    if len(text) <= MAX_OUTPUT:
        return text
    start = text.find("Traceback (most recent call last):", len(text) - MAX_OUTPUT)
    return text[start:] if start >= 0 else text[-MAX_OUTPUT:]


def code_and_command(prog: Prog) -> tuple[str, str]:
    """The row's `code` (the script, or every file after a '# file:' line, script first) and `command`."""
    sources = prog.sources()
    if len(sources) == 1:
        code = sources[prog.path]
    else:
        order = [prog.path, *sorted(p for p in sources if p != prog.path)]
        code = "\n".join(f"# file: {p}\n{sources[p]}" for p in order)
    return code, " ".join(["python", prog.path, *prog.args])


def exception_line(stderr: str) -> str:
    """The line naming the exception: the first unindented line after the frames of the last traceback; "" when no
    line starts a plain traceback (an exception group's is drawn as `  + Exception Group Traceback ...`, `  | ...`):
    the run is dropped, as one raising another exception is."""
    lines = stderr.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith("Traceback (most recent call last):")]
    if not starts:
        return ""
    start = starts[-1]
    for ln in lines[start + 1 :]:
        if ln.strip() and not ln.startswith(" "):
            return ln
    return ""


def run(bugset: BugSet, prog: Prog, python: str) -> tuple[Row | None, str]:
    """The row of one run, or None and why it was dropped."""
    with tempfile.TemporaryDirectory(prefix="bugrun-") as tmp:
        root = Path(tmp).resolve()
        for rel, text in prog.sources().items():
            dest = root / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(text)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update({"PYTHONDONTWRITEBYTECODE": "1", "HOME": str(root), "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0"})
        argv = [python, prog.path, *prog.args]
        try:
            res = subprocess.run(
                argv, cwd=root, env=env, capture_output=True, text=True, timeout=bugset.timeout, errors="replace"
            )
        except subprocess.TimeoutExpired:
            return None, "timeout"
        stderr = res.stderr.replace(str(root), PROJECT).replace(tmp, PROJECT)
    if res.returncode == 0 or "Traceback (most recent call last):" not in stderr:
        return None, f"no traceback (rc={res.returncode}) " + (stderr or res.stdout)[-300:]
    exception = exception_line(stderr)
    if exception.split(":", 1)[0].rsplit(".", 1)[-1] != prog.expect:
        return None, "traceback: " + exception
    code, command = code_and_command(prog)
    row: Row = {
        "group": prog.group,
        "library": prog.library,
        "callsite": prog.callsite,
        "path": prog.path,
        "code": code,
        "command": command,
        "returncode": res.returncode,
        "output": tail(stderr),
        "exception": exception,
        "source": bugset.source.format(url=prog.url),
    }
    return row, "traceback: " + exception


def main(bugset: BugSet, doc: str | None) -> int:
    """The command line of a set's `make_dataset.py` (`doc`: its docstring): run its programs and write the rows."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument(
        "--out", type=Path, default=bugset.here / f"{bugset.name}.jsonl", help="where to write the rows"
    )
    parser.add_argument(
        "--keep-existing",
        action="store_true",
        help="keep the recorded run of every program whose command and code are already in --out (outputs hold "
        "object addresses and timestamps that differ between runs) and run only new or changed programs",
    )
    parser.add_argument("--only", default="", help="run only programs whose group starts with this (a dry run)")
    venv = bugset.python
    default_python = str(venv) if venv is not None and venv.exists() else sys.executable
    parser.add_argument("--python", default=default_python, help="interpreter that runs the programs")
    opts = parser.parse_args()
    existing: dict[str, Row] = {}
    if opts.keep_existing and opts.out.exists():
        for line in opts.out.read_text().splitlines():
            recorded = json.loads(line)
            existing[recorded["command"] + "\0" + recorded["code"]] = recorded
    progs = all_programs(bugset)
    if opts.only:
        progs = [p for p in progs if p.group.startswith(opts.only)]
    ids = [(p.group, p.files[0][1]) for p in progs]
    if len(set(ids)) != len(ids):
        raise SystemExit("error: two programs of one group have the same script")
    keys = ["\0".join(code_and_command(prog)[::-1]) for prog in progs]
    todo = [prog for prog, k in zip(progs, keys, strict=True) if k not in existing]
    with ThreadPoolExecutor(max_workers=bugset.workers) as pool:
        fresh = iter(list(pool.map(lambda prog: run(bugset, prog, opts.python), todo)))
    body: dict[str, int] = {}
    rows = []
    for prog, k in zip(progs, keys, strict=True):
        n = body.get(prog.group, bugset.first_body)
        body[prog.group] = n + 1
        old = existing.get(k)
        # a program already in --out keeps its recorded run; its labels come from the program table
        row, why = (
            ({**old, "library": prog.library, "callsite": prog.callsite}, "kept") if old is not None else next(fresh)
        )
        if row is None:
            print(f"dropped: {prog.group}/{n} ({prog.path}, expected {prog.expect}): {why}", file=sys.stderr)
            continue
        row = {**row, "id": f"{prog.group}/{n}", "group": prog.group, "body": n}
        rows.append({k: row[k] for k in KEYS})
    if opts.only:
        for row in rows:
            print(row["id"], "|", row["exception"])
        return 0
    with opts.out.open("w") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    groups, sizes, libs = counts(rows)
    ran, kept_old = len(todo), len(progs) - len(todo)
    print(f"programs {len(progs)} (ran {ran}, kept from --out {kept_old}), kept {len(rows)} -> {opts.out.name}")
    print(f"groups {groups}: by size {sizes}; libraries {len(libs)}: {', '.join(libs)}")
    return 0


SIGNATURE_CHARS = 200  # a summary's error_signature: the message as the summary model copies it (the schema's 200)


def add_summaries(out: Path, summaries_file: Path) -> int:
    """Give each row of `out` its `summary` (`summaries_file`, keyed by row id; the error signature is the row's own
    exception line); how many rows have none."""
    summaries = json.loads(summaries_file.read_text()) if summaries_file.exists() else {}
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    missing = 0
    for row in rows:
        written = summaries.get(row["id"])
        row.pop("summary", None)
        if written is None:
            missing += 1
            print(f"no summary: {row['id']}", file=sys.stderr)
            continue
        row["summary"] = {"error_signature": row["exception"][:SIGNATURE_CHARS], **written}
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return missing


def main_with_summaries(bugset: BugSet, doc: str | None, summaries_file: Path) -> int:
    """`main`, then (a full run into the set's own jsonl) each row's summary from `summaries_file`."""
    rc = main(bugset, doc)
    target = bugset.here / f"{bugset.name}.jsonl"
    if rc == 0 and "--only" not in sys.argv and "--out" not in sys.argv and target.exists():
        print(f"rows without a summary: {add_summaries(target, summaries_file)}")
    return rc


def counts(rows: list[Row]) -> tuple[int, dict[int, int], list[str]]:
    """A set's summary: how many groups, how many groups of each size, which libraries."""
    groups = Counter(str(row["group"]) for row in rows)
    return len(groups), dict(sorted(Counter(groups.values()).items())), sorted({str(row["library"]) for row in rows})


def numbered_rows(runs: list, run_one: Callable, label: Callable) -> list[dict]:
    """Each run's row (`run_one(run)` gives the row, or None and why it was dropped, said on stderr), its id
    `<fault>/<n>` numbered within its fault, keys in KEYS' order."""
    body: dict[str, int] = {}
    rows = []
    for r in runs:
        row, why = run_one(r)
        if row is None:
            print(f"dropped: {r.fault.name} {label(r)}: {why}", file=sys.stderr)
            continue
        n = body.get(r.fault.name, 1)
        body[r.fault.name] = n + 1
        row = {**row, "id": f"{r.fault.name}/{n}", "body": n}
        rows.append({k: row[k] for k in KEYS})
        print(row["id"], "|", str(row["exception"])[:150], flush=True)
    return rows


def write_set(out: Path, planned: int, rows: list[dict]) -> None:
    """The set's jsonl, its counts, and the summaries (summaries.json beside it) merged in."""
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    groups, sizes, libs = counts(rows)
    print(f"runs {planned}, kept {len(rows)}; groups {groups} by size {sizes}")
    print(f"libraries {len(libs)}: {', '.join(libs)}")
    print(f"rows without a summary: {add_summaries(out, out.parent / 'summaries.json')}")


def fault_runs_main(
    out: Path,
    doc: str | None,
    faults: dict,
    runs: list,
    one: Callable,
    setup: Callable[[], None],
    probe: Callable,
    probe_help: str = "a fault: list every test of its application that fails",
) -> int:
    """An injected-fault set's runs.py (bug_heldout14 on): --setup, --probe, --only (a dry run), else write the set."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="make the venv with the pinned libraries, then run")
    parser.add_argument("--only", default="", help="run only groups starting with this (a dry run)")
    parser.add_argument("--probe", default="", help=probe_help)
    opts = parser.parse_args()
    if opts.setup:
        setup()
    if opts.probe:
        print(probe(faults[opts.probe]))
        return 0
    todo = [r for r in runs if r.fault.name.startswith(opts.only)]
    rows = numbered_rows(todo, one, lambda r: r.test)
    if opts.only:
        return 0
    write_set(out, len(todo), rows)
    return 0
