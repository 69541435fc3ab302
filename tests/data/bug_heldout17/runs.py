"""Run every run of bug_heldout17 (one end-to-end test of a small command-line tool on argparse, click, typer or the
stdlib csv/json modules, against the tool with one injected fault) and write bug_heldout17.jsonl. Rows that share
`group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout17/runs.py --setup         # the venv /tmp/bugset17/venv with the pinned libraries
    python tests/data/bug_heldout17/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout17/runs.py --only ren_     # dry run of some groups, writes nothing
    python tests/data/bug_heldout17/runs.py --probe ren_re_error_uncaught   # every failing test under one fault
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import fault_runs_main  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS  # noqa: E402

HELP = "a fault: list every test of its tool that fails"

if __name__ == "__main__":
    raise SystemExit(fault_runs_main(HERE / "bug_heldout17.jsonl", __doc__, FAULTS, RUNS, one, setup, probe, HELP))
