"""Run every run of bug_heldout27 (one test of a small resilience or scheduling module's own pytest suite, against the
module with one injected fault: retries with backoff and jitter, rate limiters, a TTL + LRU cache, a job scheduler, on
random, fractions/bisect, collections and heapq) and write bug_heldout27.jsonl. Rows that share `group` fail from
one injected fault. See README.md.

    python tests/data/bug_heldout27/runs.py --setup         # the venv /tmp/bugset27/venv with the pinned pytest
    python tests/data/bug_heldout27/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout27/runs.py --only rt_      # dry run of some groups, writes nothing
    python tests/data/bug_heldout27/runs.py --probe rt_attempts_gt    # every failing test under one fault
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import fault_runs_main  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS  # noqa: E402

HELP = "a fault: list every test of its module that fails"

if __name__ == "__main__":
    raise SystemExit(fault_runs_main(HERE / "bug_heldout27.jsonl", __doc__, FAULTS, RUNS, one, setup, probe, HELP))
