"""What bug_heldout9 and bug_heldout10 share: each runs real regression tests of bug-fix releases against the release
before the fix (one venv per release pair, the fix release's test folder run with pytest) and writes its jsonl.

A set's `make_dataset.py` names what is its own (a `RegressionSet`: its name, folder, venvs folder and `runs.py`
table) and calls `main`; its docstring says how to set up and regenerate it.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bugset_runner import counts


@dataclass(frozen=True)
class Run:
    group: str  # the fix: runs with one group fail from one bug, fixed by one change
    package: str  # a key of PACKAGES
    node: str  # the pytest node id, relative to the run folder
    expect: str  # the exception type the run must end with, or it is dropped
    callsite: str  # short label of how the test reaches the bug
    url: str  # the bug report or the fix
    defined_in: str = ""  # the file that defines the test function, when the node's class inherits it


@dataclass(frozen=True)
class RegressionSet:
    """What is a set's own: its name (the jsonl's), its folder (summaries.json, the jsonl), the folder of its venvs,
    and its runs table (`runs.py`: PACKAGES by venv folder, RUNS)."""

    name: str
    here: Path
    venvs: Path
    packages: dict[str, Any]
    runs: list[Run]


PROJECT = "/home/user/project"
PYTEST = ["-m", "pytest", "-x", "-q", "--tb=long", "-p", "no:cacheprovider"]
MAX_OUTPUT = 12000
SIGNATURE_CHARS = 200
KEYS = ["id", "group", "library", "body", "callsite", "path", "code", "command", "returncode", "output"]
KEYS += ["exception", "source"]
CONFIGS = ["pyproject.toml", "setup.cfg", "pytest.ini", "tox.ini", "conftest.py"]


def run_dir(venvs: Path, pkg: Any) -> Path:
    return venvs / pkg.folder / "run" / pkg.fix


def setup(venvs: Path, pkg: Any) -> None:
    """The venv with the bug release, and the fix release's tests from its sdist."""
    venv = venvs / pkg.folder
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pins = [f"{pkg.dist}=={pkg.bug}", *pkg.deps]
        subprocess.run([str(py), "-m", "pip", "install", "-q", *pins], check=True, timeout=900)
    dest = run_dir(venvs, pkg)
    if dest.exists():
        return
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:"]
        subprocess.run([*cmd, f"{pkg.dist}=={pkg.fix}", "-d", tmp], check=True, timeout=900)
        archive = next(p for p in Path(tmp).iterdir() if p.name.endswith((".tar.gz", ".zip")))
        out = Path(tmp) / "x"
        if archive.name.endswith(".zip"):
            zipfile.ZipFile(archive).extractall(out)
        else:
            with tarfile.open(archive) as tf:
                tf.extractall(out, filter="data")
        (src,) = list(out.iterdir())
        dest.mkdir(parents=True)
        shutil.copytree(src / pkg.tests, dest / pkg.tests)
        for name in CONFIGS:
            if (src / name).exists():
                shutil.copy(src / name, dest / name)


def function_source(path: Path, qualname: str = "", line: int = 0) -> str:
    """A function's source with its decorators: by `Class::name` / `name`, or the innermost one holding `line`."""
    text = path.read_text()
    tree = ast.parse(text)
    Func = (ast.FunctionDef, ast.AsyncFunctionDef)
    best: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    if qualname:
        *owner, name = qualname.split("::")
        scopes: list[ast.AST] = [tree]
        if owner:  # the method of that class, else (an inherited test) the first function of that name
            scopes = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == owner[-1]] + [tree]
        for scope in scopes:
            nodes = ast.iter_child_nodes(scope) if scope is not tree or not owner else ast.walk(tree)
            best = next((n for n in nodes if isinstance(n, Func) and n.name == name), None)
            if best is not None:
                break
    else:
        for node in ast.walk(tree):
            start = min([getattr(node, "lineno", 0), *(d.lineno for d in getattr(node, "decorator_list", []))])
            if (
                isinstance(node, Func)
                and start <= line <= (node.end_lineno or 0)
                and (best is None or start >= best.lineno)
            ):
                best = node  # the innermost
    if best is None:
        return ""
    start = min([best.lineno, *(d.lineno for d in best.decorator_list)])
    lines = text.splitlines()[start - 1 : best.end_lineno]
    indent = min(len(ln) - len(ln.lstrip()) for ln in lines if ln.strip())
    return "\n".join(ln[indent:] for ln in lines) + "\n"


def failure_section(stdout: str) -> str:
    """The failing test's section of pytest's report, without the session header and the summary lines."""
    lines = stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if re.match(r"^_{3,} .* _{3,}$", ln))
    end = len(lines)
    for i in range(start + 1, len(lines)):
        if re.match(r"^={3,} .* ={3,}$", lines[i]) or lines[i].startswith("!!!!"):
            end = i
            break
    text = "\n".join(lines[start:end]).rstrip("\n")
    if len(text) > MAX_OUTPUT:
        text = lines[start] + "\n[... earlier frames cut ...]\n" + text[-MAX_OUTPUT:]
    return text


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry, prefixed by the type pytest names at its end
    when that line does not start with it (a rewritten `assert`)."""
    lines = output.splitlines()
    locs = [i for i, ln in enumerate(lines) if re.match(r"^\S.*:\d+: \S", ln)]
    if not locs:
        return ""
    last = locs[-1]
    etype = lines[last].rsplit(": ", 1)[1].strip()
    prev = max([i for i in locs[:-1]] + [0])
    e_lines = [ln for ln in lines[prev:last] if ln.startswith("E ")]
    short = etype.rsplit(".", 1)[-1]
    texts = [ln[1:].strip() for ln in e_lines]
    # a SyntaxError's E lines start with the offending source; its `Type: message` line comes after
    named = [t for t in texts if t.split(":", 1)[0].rsplit(".", 1)[-1] == short]
    first = named[0] if named else (texts[0] if texts else "")
    if first.split(":", 1)[0].rsplit(".", 1)[-1] != short:
        first = f"{etype}: {first}" if first else etype
    return first


def project_frame(output: str, venvs: Path, pkg: Any) -> tuple[Path, int] | None:
    """The innermost traceback frame inside the installed package."""
    found = None
    for m in re.finditer(r"^(\S+\.py):(\d+): ", output, flags=re.M):
        path = (run_dir(venvs, pkg) / m.group(1)).resolve()
        if path.is_relative_to(venvs / pkg.folder / "lib") and f"/site-packages/{pkg.module}/" in str(path):
            found = (path, int(m.group(2)))
    return found


def one(s: RegressionSet, run: Run) -> tuple[dict[str, object] | None, str]:
    pkg = s.packages[run.package]
    where = run_dir(s.venvs, pkg)
    py = s.venvs / pkg.folder / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "COLUMNS": "120"})
    env["HOME"] = str(where)
    try:
        res = subprocess.run(
            [str(py), *PYTEST, run.node],
            cwd=where,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            errors="replace",
        )
    except subprocess.TimeoutExpired:
        return None, "timeout"
    stdout = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)  # a project's addopts may force --color=yes
    if res.returncode != 1 or "= FAILURES =" not in stdout:
        return None, f"no failure (rc={res.returncode}) {stdout[-300:]}{res.stderr[-300:]}"
    output = failure_section(stdout).replace(str(where) + "/", "").replace(str(where), PROJECT)
    exception = exception_line(output)
    if not exception or run.expect not in exception.split(":", 1)[0]:
        return None, "unexpected exception: " + exception
    test_file = run.node.split("::", 1)[0]
    qual = re.sub(r"\[.*$", "", run.node.split("::", 1)[1])
    defined = run.defined_in or test_file  # an inherited test: the file of the class that defines it
    code = f"# file: {defined}\n" + function_source(where / defined, qual)
    frame = project_frame(output, s.venvs, pkg)
    if frame is not None:
        rel = str(frame[0]).split("/site-packages/", 1)[1]
        code += f"\n# file: {rel}\n" + function_source(frame[0], line=frame[1])
    row = {
        "group": run.group,
        "library": pkg.name,
        "callsite": run.callsite,
        "path": test_file,
        "code": code,
        "command": shlex.join(["python", *PYTEST, run.node]),
        "returncode": res.returncode,
        "output": output,
        "exception": exception,
        "source": run.url,
    }
    return row, exception


def main(s: RegressionSet, doc: str | None) -> int:
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="create the venvs and test folders that are missing")
    parser.add_argument("--only", default="", help="only groups (or, with --setup, packages) starting with this")
    parser.add_argument("--out", type=Path, default=s.here / f"{s.name}.jsonl")
    opts = parser.parse_args()
    if opts.setup:
        for pkg in s.packages.values():
            if pkg.folder.startswith(opts.only):
                print(f"setup {pkg.folder}: {pkg.dist}=={pkg.bug} (tests of {pkg.fix})", flush=True)
                setup(s.venvs, pkg)
        return 0
    runs = [r for r in s.runs if r.group.startswith(opts.only)]
    body: dict[str, int] = {}
    rows = []
    for run in runs:
        n = body.get(run.group, 1)
        row, why = one(s, run)
        if row is None:
            print(f"dropped: {run.group} {run.node}: {why}", file=sys.stderr)
            continue
        body[run.group] = n + 1
        row.update({"id": f"{run.group}/{n}", "body": n})
        rows.append({k: row[k] for k in KEYS})
        print(row["id"], "|", str(row["exception"])[:120], flush=True)
    if opts.only:
        return 0
    summaries = json.loads((s.here / "summaries.json").read_text()) if (s.here / "summaries.json").exists() else {}
    missing = 0
    for row in rows:
        written = summaries.get(row["id"])
        if written is None:
            missing += 1
            print(f"no summary: {row['id']}", file=sys.stderr)
            continue
        row["summary"] = {"error_signature": str(row["exception"])[:SIGNATURE_CHARS], **written}
    opts.out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    groups, sizes, libs = counts(rows)
    print(f"runs {len(runs)}, kept {len(rows)}; groups {groups} by size {sizes}")
    print(f"libraries {len(libs)}: {', '.join(libs)}; rows without a summary: {missing}")
    return 0
