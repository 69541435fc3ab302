"""Run every run of bug_heldout16 (one pytest test of a small data-analysis module on pandas, numpy, doctest,
hypothesis or zoneinfo, against the module with one injected fault) and write bug_heldout16.jsonl. Rows that
share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout16/runs.py --setup         # the venv /tmp/bugset16/venv with the pinned libraries
    python tests/data/bug_heldout16/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout16/runs.py --only seq_     # dry run of some groups, writes nothing
    python tests/data/bug_heldout16/runs.py --probe seq_sort_reversed   # every failing test or doctest item
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import fault_runs_main  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS  # noqa: E402

HELP = "a fault: list every test and doctest item of its module that fails"

if __name__ == "__main__":
    raise SystemExit(fault_runs_main(HERE / "bug_heldout16.jsonl", __doc__, FAULTS, RUNS, one, setup, probe, HELP))
