"""Regenerate tests/data/bug_pairs/bug_pairs.jsonl: real tracebacks from real broken snippets.

Every snippet of `snippets.py` is run, in a fresh Python subprocess, against the libraries installed here,
in several variants per root-cause group: different variable/function/class names, different call sites
(module level, function, method, nested calls, different script paths) and, where a group has several
bodies, a different library wrapping the same mistake. Only runs that fail with a traceback are kept.

    pip install numpy pandas scipy pydantic pyyaml jinja2 jsonschema networkx sympy requests click typer \
        attrs cattrs python-dateutil toml rich regex
    python3 tests/data/bug_pairs/make_dataset.py            # writes bug_pairs.jsonl beside this file

The data set is committed; tests and the benchmark only read it (no library above is needed at test time).
Each line: id, group, library, body, callsite, command, code, output (the stderr tail), exception.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from snippets import GROUPS, library_of  # type: ignore[import-not-found]

HERE = Path(__file__).resolve().parent
OUT = HERE / "bug_pairs.jsonl"
PROJECT = "/home/user/project"  # the temporary directory's name is replaced by this in the outputs
VARIANTS = 4

VARS = "data frame df payload cfg settings rows items record table values matrix batch features result resp arr "
VARS += "scores weights labels out tmp buf entry params series grid counts"
KEYS = "price age label user_id timestamp amount category score region target email status quantity city token"
FUNCS = "load_data process compute_stats build_features run_step handle transform parse_row train evaluate fetch"
FUNCS += " prepare main_task clean aggregate"
CLASSES = "Config Order Record Settings Item Job Sample Payload Task Account Invoice Reading"
FILES = ["train.py", "pipeline/prep.py", "scripts/run_job.py", "app/main.py", "etl/load.py", "analysis.py"]

CALLSITES = {
    "module": "{body}\n",
    "function": "def {f0}():\n{ibody}\n\n\nif __name__ == '__main__':\n    {f0}()\n",
    "method": "class {C0}:\n    def {f0}(self):\n{iibody}\n\n\n{C0}().{f0}()\n",
    "nested": "def {f1}():\n{ibody}\n\n\ndef {f0}():\n    return {f1}()\n\n\n{f0}()\n",
}


def names(rng: random.Random) -> dict[str, str]:
    v, w, u = rng.sample(VARS.split(), 3)
    k, j = rng.sample(KEYS.split(), 2)
    f, f0, f1 = rng.sample(FUNCS.split(), 3)
    k_cls, c0 = rng.sample(CLASSES.split(), 2)
    return {"v": v, "w": w, "u": u, "k": k, "j": j, "f": f, "K": k_cls, "n": str(rng.randint(3, 7)),
            "f0": f0, "f1": f1, "C0": c0}  # fmt: skip


def variant(group: str, index: int) -> dict:
    rng = random.Random(f"{group}/{index}")
    bodies = GROUPS[group]
    body_index = index % len(bodies)
    slots = names(rng)
    body = bodies[body_index].format(**slots)
    callsite = list(CALLSITES)[(index + len(group)) % len(CALLSITES)]
    code = CALLSITES[callsite].format(
        body=body, ibody=textwrap.indent(body, "    "), iibody=textwrap.indent(body, "        "), **slots
    )
    path = FILES[rng.randrange(len(FILES))]
    return {"group": group, "library": library_of(group), "body": body_index, "callsite": callsite,
            "path": path, "code": code}  # fmt: skip


def run(item: dict) -> dict | None:
    with tempfile.TemporaryDirectory(prefix="bugpair_") as tmp:
        script = Path(tmp) / item["path"]
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text(item["code"])
        proc = subprocess.run(
            [sys.executable, item["path"]], cwd=tmp, capture_output=True, text=True, timeout=60,
            env={"PATH": "/usr/bin:/bin", "HOME": tmp, "PYTHONHASHSEED": "0", "NO_COLOR": "1"},
        )  # fmt: skip
        output = proc.stderr.replace(str(Path(tmp).resolve()), PROJECT).replace(tmp, PROJECT)
    if proc.returncode == 0 or "Traceback (most recent call last)" not in output:
        return None
    lines = output.rstrip().splitlines()
    return {**item, "command": f"python {item['path']}", "returncode": proc.returncode,
            "output": "\n".join(lines[-80:]), "exception": lines[-1][:200]}  # fmt: skip


def main() -> None:
    items = [variant(g, i) for g in GROUPS for i in range(VARIANTS)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, items))
    kept: list[dict] = []
    for item, result in zip(items, results, strict=True):
        if result is None:
            print(f"no traceback: {item['group']} body {item['body']}", file=sys.stderr)
            continue
        kept.append({"id": f"{item['group']}/{len([k for k in kept if k['group'] == item['group']])}", **result})
    with OUT.open("w") as fh:
        for row in kept:
            fh.write(json.dumps(row) + "\n")
    groups = {r["group"] for r in kept}
    libraries = {r["library"] for r in kept}
    print(f"{len(kept)} failing runs, {len(groups)} groups, {len(libraries)} libraries -> {OUT}")


if __name__ == "__main__":
    main()
