"""Run every run of bug_heldout14 (one pytest test of a small application on Flask, click, SQLAlchemy, pydantic or
Jinja2, against the application with one injected fault) and write bug_heldout14.jsonl. Rows that share `group` fail
from one injected fault. See README.md.

    python tests/data/bug_heldout14/runs.py --setup         # the venv /tmp/bugset14/venv with the pinned libraries
    python tests/data/bug_heldout14/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout14/runs.py --only notes_   # dry run of some groups, writes nothing
    python tests/data/bug_heldout14/runs.py --probe notes_page_offset   # every test of the app that fails
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import fault_runs_main  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(fault_runs_main(HERE / "bug_heldout14.jsonl", __doc__, FAULTS, RUNS, one, setup, probe))
