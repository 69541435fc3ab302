"""Run every held-out broken program for real and write bug_heldout.jsonl.

Each program is written into a fresh temporary project directory and run there in its own subprocess
(`python <script>` from the project root); only runs that end with a traceback whose exception type is the one
the program was written to raise are kept. Paths of the temporary directory become /home/user/project.

Regenerate:  python tests/data/bug_heldout/make_dataset.py
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

Library versions used for the committed bug_heldout.jsonl (Python 3.11.7):
  SQLAlchemy 2.1.9, marshmallow 4.4.0, arrow 1.4.0, more-itertools 11.2.1, toolz 1.2.0, tabulate 0.10.0,
  lxml 6.1.3, beautifulsoup4 4.15.0, msgpack 1.2.4, pyparsing 3.3.2, packaging 26.2, semver 3.1.2,
  humanize 4.17.0, httpx 0.28.1, pillow 13.0.0, openpyxl 3.1.5, peewee 4.5.3, Cerberus 1.3.8,
  voluptuous 0.16.0, jmespath 1.1.0, pytz 2026.6, babel 2.18.0, sortedcontainers 2.4.0, bidict 0.24.1,
  boltons 26.2.0, cachetools 8.0.2, simplejson 4.3.0, xmltodict 1.0.4, python-slugify 9.2.0, parse 1.22.4,
  chardet 7.7.0
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from programs import (  # noqa: E402
    Prog,
    p_core,
    p_data,
    p_lang,
    p_libs,
    p_more,
    p_single,
)

PROJECT = "/home/user/project"
SOURCE = "written for this project by an independent author; licence: the project's"
MAX_OUTPUT = 6000


def all_programs() -> list[Prog]:
    return [
        *p_core.PROGRAMS,
        *p_lang.PROGRAMS,
        *p_data.PROGRAMS,
        *p_libs.PROGRAMS,
        *p_single.PROGRAMS,
        *p_more.PROGRAMS,
    ]


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


def run(prog: Prog) -> tuple[dict[str, object] | None, str]:
    """The row of one run, or None and why it was dropped."""
    with tempfile.TemporaryDirectory(prefix="bugrun-") as tmp:
        root = Path(tmp).resolve()
        sources = prog.sources()
        for rel, text in sources.items():
            dest = root / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(text)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update({"PYTHONDONTWRITEBYTECODE": "1", "HOME": str(root), "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0"})
        argv = [sys.executable, prog.path, *prog.args]
        try:
            res = subprocess.run(argv, cwd=root, env=env, capture_output=True, text=True, timeout=20, errors="replace")
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
        "source": SOURCE,
    }
    return row, "traceback: " + exception


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=HERE / "bug_heldout.jsonl", help="where to write the rows")
    parser.add_argument(
        "--keep-existing",
        action="store_true",
        help="keep the recorded run of every program whose command and code are already in --out (outputs hold "
        "object addresses and timestamps that differ between runs) and run only new or changed programs",
    )
    opts = parser.parse_args()
    existing: dict[str, dict[str, object]] = {}
    if opts.keep_existing and opts.out.exists():
        for line in opts.out.read_text().splitlines():
            row = json.loads(line)
            existing[row["command"] + "\0" + row["code"]] = row
    progs = all_programs()
    body: dict[str, int] = {}
    bodies = []
    for prog in progs:
        bodies.append(body.get(prog.group, 0))
        body[prog.group] = bodies[-1] + 1
    keys = ["\0".join(code_and_command(prog)[::-1]) for prog in progs]
    todo = [prog for prog, k in zip(progs, keys, strict=True) if k not in existing]
    with ThreadPoolExecutor(max_workers=2) as pool:
        fresh = iter(list(pool.map(run, todo)))
    results: list[tuple[dict[str, object] | None, str]] = []
    for prog, k in zip(progs, keys, strict=True):
        if k in existing:  # same program: its recorded run is kept, its labels come from the program table
            kept = {**existing[k], "library": prog.library, "callsite": prog.callsite}
            results.append((kept, "kept from --out"))
        else:
            results.append(next(fresh))
    rows = []
    failed = 0
    for prog, n, (row, why) in zip(progs, bodies, results, strict=True):
        failed += why.startswith(("traceback", "kept"))
        if row is None:
            print(f"dropped: {prog.group}/{n} ({prog.path}, expected {prog.expect}): {why}", file=sys.stderr)
            continue
        rows.append({**row, "id": f"{prog.group}/{n}", "group": prog.group, "body": n})
    key_order = [
        "id",
        "group",
        "library",
        "body",
        "callsite",
        "path",
        "code",
        "command",
        "returncode",
        "output",
        "exception",
        "source",
    ]
    out: Path = opts.out
    with out.open("w") as fh:
        for row in rows:
            fh.write(json.dumps({k: row[k] for k in key_order}) + "\n")
    groups: dict[str, int] = {}
    for row in rows:
        groups[str(row["group"])] = groups.get(str(row["group"]), 0) + 1
    multi = sum(1 for c in groups.values() if c > 1)
    single = sum(1 for c in groups.values() if c == 1)
    libs = len({row["library"] for row in rows})
    print(f"ran {len(progs)}, failed with a traceback {failed}, kept {len(rows)} -> {out.name}")
    print(f"groups {len(groups)} (with 2+ runs: {multi}, singletons: {single}), libraries {libs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
