"""Run every run of bug_heldout15 (one pytest test of a small asynchronous application on Starlette, anyio,
aiosqlite, aiohttp or trio, against the application with one injected fault) and write bug_heldout15.jsonl. Rows that
share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout15/runs.py --setup         # the venv /tmp/bugset15/venv with the pinned libraries
    python tests/data/bug_heldout15/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout15/runs.py --only pool_    # dry run of some groups, writes nothing
    python tests/data/bug_heldout15/runs.py --probe pool_retry_range   # every test of the app that fails
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
    raise SystemExit(fault_runs_main(HERE / "bug_heldout15.jsonl", __doc__, FAULTS, RUNS, one, setup, probe))
