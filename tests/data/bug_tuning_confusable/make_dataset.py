"""Regenerate tests/data/bug_tuning_confusable/bug_tuning.jsonl: the Bug Consultant's second tuning set.

Made by another process than bug_pairs: every program of `programs.py` is a whole script written by hand (no
template filling, no shared call-site wrappers), most groups pair up with another group that raises the same
exception type for a different reason, and SINGLETONS are bugs with no second run (novel root causes). Each
program runs once in a fresh Python subprocess; only runs that fail with a traceback are kept.

    python3 tests/data/bug_tuning_confusable/make_dataset.py      # needs numpy, pandas and pyyaml

Each line has bug_pairs' keys (id, group, library, body, callsite, path, code, command, returncode, output,
exception) plus `source`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from programs import GROUPS, SINGLETONS  # type: ignore[import-not-found]

HERE = Path(__file__).resolve().parent
OUT = HERE / "bug_tuning.jsonl"
PROJECT = "/home/user/project"
PATHS = ["main.py", "src/job.py", "tools/run.py"]


def run(group: str, index: int, code: str) -> dict | None:
    path = PATHS[index % len(PATHS)]
    with tempfile.TemporaryDirectory(prefix="bugtune_") as tmp:
        script = Path(tmp) / path
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text(code)
        proc = subprocess.run(
            [sys.executable, path], cwd=tmp, capture_output=True, text=True, timeout=60,
            env={"PATH": "/usr/bin:/bin", "HOME": tmp, "PYTHONHASHSEED": "0", "NO_COLOR": "1"},
        )  # fmt: skip
        output = proc.stderr.replace(str(Path(tmp).resolve()), PROJECT).replace(tmp, PROJECT)
    if proc.returncode == 0 or "Traceback (most recent call last)" not in output:
        print(f"no traceback: {group}/{index}: {output[-200:]!r}", file=sys.stderr)
        return None
    lines = output.rstrip().splitlines()
    library = next((lib for lib in ("numpy", "pandas", "yaml") if f"import {lib}" in code), "stdlib")
    return {"id": f"{group}/{index}", "group": group, "library": library, "body": index, "callsite": "whole",
            "path": path, "code": code, "command": f"python {path}", "returncode": proc.returncode,
            "output": "\n".join(lines[-80:]), "exception": lines[-1][:200],
            "source": "hand-written whole programs (tests/data/bug_tuning_confusable/programs.py)"}  # fmt: skip


def main() -> None:
    items = [(g, i, code) for g, codes in GROUPS.items() for i, code in enumerate(codes)]
    items += [(g, 0, code) for g, code in SINGLETONS.items()]
    rows = [row for g, i, code in items if (row := run(g, i, code)) is not None]
    with OUT.open("w") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    print(f"{len(rows)} failing runs, {len({r['group'] for r in rows})} groups -> {OUT}")


if __name__ == "__main__":
    main()
