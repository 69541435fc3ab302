"""Run every run of bug_heldout26 (one test of a small security module's own pytest suite, against the module with
one injected fault: signed tokens, password storage, role-based permissions, one-time passwords, on hmac, hashlib,
fnmatch and struct) and write bug_heldout26.jsonl. Rows that share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout26/runs.py --setup         # the venv /tmp/bugset26/venv with the pinned pytest
    python tests/data/bug_heldout26/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout26/runs.py --only tk_      # dry run of some groups, writes nothing
    python tests/data/bug_heldout26/runs.py --probe tk_kid_ignored    # every failing test under one fault
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
    raise SystemExit(fault_runs_main(HERE / "bug_heldout26.jsonl", __doc__, FAULTS, RUNS, one, setup, probe, HELP))
