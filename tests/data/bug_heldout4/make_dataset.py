"""Run every broken program of bug_heldout4 for real and write bug_heldout4.jsonl.

Each program is written into a fresh temporary project directory and run there in its own subprocess
(`python <script> [args]` from the project root); only runs that end with a traceback whose exception type is the
one the program was written to raise are kept. Paths of the temporary directory become /home/user/project.

Regenerate:  python tests/data/bug_heldout4/make_dataset.py [--python /path/to/venv/bin/python]
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

The programs run under an interpreter that has the third-party libraries (a venv outside the repository; default
/work/venvs/bugset4/bin/python when it exists, else this interpreter). Versions used for the committed
bug_heldout4.jsonl (Python 3.11.7, venv /work/venvs/bugset4):
  Flask 3.1.3, Werkzeug 3.1.9, PyJWT 2.15.1, cryptography 50.0.2, bcrypt 5.0.0, itsdangerous 2.2.0, Pint 0.25.3,
  ruamel.yaml 0.19.1, tomlkit 0.15.2, python-dotenv 1.2.4, tenacity 9.2.1, jsonpatch 1.48, jsonpointer 3.12,
  phonenumbers 9.0.43, yarl 1.25.1, multidict 7.2.1, pytz 2026.6, msgspec 0.22.0, cbor2 6.3.0, intervaltree 3.2.1,
  Markdown 3.11.3
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from programs import Prog  # noqa: E402

PROJECT = "/home/user/project"
VENV_PYTHON = Path("/work/venvs/bugset4/bin/python")
MAX_OUTPUT = 6000
KEYS = ["id", "group", "library", "body", "callsite", "path", "code", "command", "returncode", "output"]
KEYS += ["exception", "source"]


def all_programs() -> list[Prog]:
    """Every program, module by module (programs/g_*.py hold the groups, programs/s_*.py the singletons)."""
    progs: list[Prog] = []
    for mod in sorted(p.stem for p in (HERE / "programs").glob("[gs]_*.py")):
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
    """The line naming the exception: the first unindented line after the frames of the last traceback."""
    lines = stderr.splitlines()
    start = max(i for i, ln in enumerate(lines) if ln.startswith("Traceback (most recent call last):"))
    for ln in lines[start + 1 :]:
        if ln.strip() and not ln.startswith(" "):
            return ln
    return ""


def run(prog: Prog, python: str) -> tuple[dict[str, object] | None, str]:
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
            res = subprocess.run(argv, cwd=root, env=env, capture_output=True, text=True, timeout=30, errors="replace")
        except subprocess.TimeoutExpired:
            return None, "timeout"
        stderr = res.stderr.replace(str(root), PROJECT).replace(tmp, PROJECT)
    if res.returncode == 0 or "Traceback (most recent call last):" not in stderr:
        return None, f"no traceback (rc={res.returncode}) " + (stderr or res.stdout)[-300:]
    exception = exception_line(stderr)
    if exception.split(":", 1)[0].rsplit(".", 1)[-1] != prog.expect:
        return None, "traceback: " + exception
    code, command = code_and_command(prog)
    row: dict[str, object] = {
        "group": prog.group,
        "library": prog.library,
        "callsite": prog.callsite,
        "path": prog.path,
        "code": code,
        "command": command,
        "returncode": res.returncode,
        "output": tail(stderr),
        "exception": exception,
        "source": f"modelled on {prog.url} for bug_heldout4",
    }
    return row, "traceback: " + exception


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", type=Path, default=HERE / "bug_heldout4.jsonl", help="where to write the rows")
    parser.add_argument(
        "--keep-existing",
        action="store_true",
        help="keep the recorded run of every program whose command and code are already in --out and run only "
        "new or changed programs",
    )
    parser.add_argument("--only", default="", help="run only programs whose group starts with this (a dry run)")
    default_python = str(VENV_PYTHON) if VENV_PYTHON.exists() else sys.executable
    parser.add_argument("--python", default=default_python, help="interpreter that runs the programs")
    opts = parser.parse_args()
    existing: dict[str, dict[str, object]] = {}
    if opts.keep_existing and opts.out.exists():
        for line in opts.out.read_text().splitlines():
            recorded = json.loads(line)
            existing[recorded["command"] + "\0" + recorded["code"]] = recorded
    progs = all_programs()
    if opts.only:
        progs = [p for p in progs if p.group.startswith(opts.only)]
    ids = [(p.group, p.files[0][1]) for p in progs]
    if len(set(ids)) != len(ids):
        raise SystemExit("error: two programs of one group have the same script")
    body: dict[str, int] = {}
    rows = []
    ran = kept_old = 0
    for prog in progs:
        n = body.get(prog.group, 0) + 1
        body[prog.group] = n
        code, command = code_and_command(prog)
        old = existing.get(command + "\0" + code)
        if old is not None:
            row: dict[str, object] | None = {**old, "library": prog.library, "callsite": prog.callsite}
            why = "kept"
            kept_old += 1
        else:
            row, why = run(prog, opts.python)
            ran += 1
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
    groups: dict[str, int] = {}
    for row in rows:
        groups[str(row["group"])] = groups.get(str(row["group"]), 0) + 1
    sizes: dict[int, int] = {}
    for c in groups.values():
        sizes[c] = sizes.get(c, 0) + 1
    libs = sorted({str(row["library"]) for row in rows})
    print(f"programs {len(progs)} (ran {ran}, kept from --out {kept_old}), kept {len(rows)} -> {opts.out.name}")
    print(f"groups {len(groups)}: by size {dict(sorted(sizes.items()))}; libraries {len(libs)}: {', '.join(libs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
