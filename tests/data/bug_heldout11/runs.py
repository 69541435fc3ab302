"""Run every program of bug_heldout11 in the venv that holds its report's library versions; write bug_heldout11.jsonl.

Each run reproduces one public report (its `source`); rows that share `group` reproduce reports that the library's
maintainers tied to one root cause. How runs are executed and kept: ../bugset_runner.py (a fresh temporary project per
run, `python <script>` from its root, only runs ending in the expected exception type are kept). See README.md.

    python tests/data/bug_heldout11/runs.py --setup          # create the venvs that are missing (PyPI only)
    python tests/data/bug_heldout11/runs.py                  # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout11/runs.py --only pandas15  # dry run of some groups, writes nothing
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import KEYS, BugSet, add_summaries, code_and_command, counts, run  # noqa: E402
from programs import Run, g_http, g_pallets, g_sqlalchemy, g_yaml, s_single  # noqa: E402

VENVS = Path("/tmp/bugset11")
VENV_SHOWN = "/home/user/.venv"  # what the rows show in place of a run's venv folder
BUGSET = BugSet("bug_heldout11", HERE, "reproduces {url} for bug_heldout11", timeout=60)
RUNS: list[Run] = [
    *g_sqlalchemy.PROGRAMS,
    *g_pallets.PROGRAMS,
    *g_http.PROGRAMS,
    *g_yaml.PROGRAMS,
    *s_single.PROGRAMS,
]

# venv folder -> the pinned requirements it is made of (the versions the reports name)
VENV_REQUIREMENTS = {
    "pandas-1.5.3-sa-2.0.0": ["pandas==1.5.3", "numpy==1.26.4", "SQLAlchemy==2.0.0"],
    "openai-1.55.0-httpx-0.28.0": ["openai==1.55.0", "httpx==0.28.0"],
    "openai-1.30.1-httpx-0.28.0": ["openai==1.30.1", "httpx==0.28.0"],
    "starlette-0.27.0-httpx-0.28.0": ["starlette==0.27.0", "httpx==0.28.0"],
    "importlib-metadata-5.0.0": ["importlib-metadata==5.0.0"],
    "requests-2.32.0": ["requests==2.32.0", "urllib3==2.2.1", "docker==7.0.0"],
    "flask-1.1.2-jinja2-3.1.0": [
        "Flask==1.1.2",
        "Jinja2==3.1.0",
        "itsdangerous==2.0.1",
        "MarkupSafe==2.1.1",
        "Werkzeug==1.0.1",
    ],
    "flask-1.0.2-jinja2-3.1.1": [
        "Flask==1.0.2",
        "Jinja2==3.1.1",
        "itsdangerous==2.0.1",
        "MarkupSafe==2.1.1",
        "Werkzeug==1.0.1",
    ],
    "flask-1.1.2-itsdangerous-2.1.0": [
        "Flask==1.1.2",
        "Jinja2==2.11.3",
        "itsdangerous==2.1.0",
        "MarkupSafe==2.0.1",
        "Werkzeug==1.0.1",
    ],
    "jinja2-2.11.3-markupsafe-2.1.0": ["Jinja2==2.11.3", "MarkupSafe==2.1.0"],
    "jinja2-2.10.3-markupsafe-2.1.0": ["Jinja2==2.10.3", "MarkupSafe==2.1.0"],
    "flask-2.2.2-werkzeug-3.0.0": ["Flask==2.2.2", "Werkzeug==3.0.0"],
    "flask-2.0.3-werkzeug-3.0.1": ["Flask==2.0.3", "Werkzeug==3.0.1"],
    "requests-toolbelt-0.10.1-urllib3-2.0.2": ["requests-toolbelt==0.10.1", "requests==2.30.0", "urllib3==2.0.2"],
    "requests-toolbelt-0.9.1-urllib3-2.0.2": ["requests-toolbelt==0.9.1", "requests==2.30.0", "urllib3==2.0.2"],
    "requests-toolbelt-1.0.0": ["requests-toolbelt==1.0.0", "requests==2.30.0", "urllib3==2.0.2"],
    "pilkit-2.0-pillow-10.0.0": ["pilkit==2.0", "django-imagekit==4.1.0", "Django==4.2.7", "Pillow==10.0.0"],
    "numpy-1.24.0": ["numpy==1.24.0"],
    "pydantic-2.0.3": ["pydantic==2.0.3"],
    "rich-click-1.8.5-click-8.2.0": ["rich-click==1.8.5", "click==8.2.0"],
    "pyowm-3.3.0-urllib3-2.0.2": ["pyowm==3.3.0", "urllib3==2.0.2"],
    "urllib3-1.26.2": ["urllib3==1.26.2"],
    "pyyaml-5.1": ["PyYAML==5.1"],
    "pyyaml-5.4.1": ["PyYAML==5.4.1"],
    "pyyaml-6.0.1": ["PyYAML==6.0.1"],
}
# sdists that only build with an older build requirement (PyYAML 5.4.1 does not build with Cython 3)
BUILD_CONSTRAINTS = {"pyyaml-5.4.1": ["Cython<3"]}


def setup(venvs: Path) -> None:
    """Create each venv that is missing, with its pinned requirements from PyPI."""
    for name, reqs in VENV_REQUIREMENTS.items():
        python = venvs / name / "bin" / "python"
        if python.exists():
            continue
        print(f"setup {name}: {' '.join(reqs)}", flush=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        if name in BUILD_CONSTRAINTS:
            constraints = venvs / f"{name}.constraints.txt"
            constraints.write_text("".join(c + "\n" for c in BUILD_CONSTRAINTS[name]))
            env["PIP_CONSTRAINT"] = str(constraints)
        subprocess.run([sys.executable, "-m", "venv", str(venvs / name)], check=True, env=env)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *reqs], check=True, env=env)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="create the venvs that are missing, then stop")
    parser.add_argument("--venvs", type=Path, default=VENVS, help="the folder holding one venv per library set")
    parser.add_argument("--only", default="", help="run only programs whose group starts with this (a dry run)")
    opts = parser.parse_args()
    if opts.setup:
        setup(opts.venvs)
        return 0
    unknown = {r.venv for r in RUNS} - set(VENV_REQUIREMENTS)
    if unknown:
        raise SystemExit(f"error: venvs without requirements: {sorted(unknown)}")
    todo = [r for r in RUNS if r.prog.group.startswith(opts.only)]
    body: dict[str, int] = {}
    rows = []
    for r in todo:
        n = body.get(r.prog.group, 1)
        body[r.prog.group] = n + 1
        row, why = run(BUGSET, r.prog, str(opts.venvs / r.venv / "bin" / "python"))
        if row is None:
            print(f"dropped: {r.prog.group}/{n} ({code_and_command(r.prog)[1]}): {why}", file=sys.stderr)
            continue
        # one venv per library set: its folder name would tell the versions (and so the group) to a retriever
        venv = str(opts.venvs / r.venv)
        for key in ("output", "exception"):
            row[key] = str(row[key]).replace(venv, VENV_SHOWN)
        row = {**row, "id": f"{r.prog.group}/{n}", "body": n}
        rows.append({k: row[k] for k in KEYS})
        print(row["id"], "|", str(row["exception"])[:150], flush=True)
    if opts.only:
        return 0
    out = HERE / f"{BUGSET.name}.jsonl"
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    groups, sizes, libs = counts(rows)
    print(f"programs {len(todo)}, kept {len(rows)}; groups {groups} by size {sizes}")
    print(f"libraries {len(libs)}: {', '.join(libs)}")
    print(f"rows without a summary: {add_summaries(out, HERE / 'summaries.json')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
