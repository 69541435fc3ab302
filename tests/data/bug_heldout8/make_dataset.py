"""Run every broken program of bug_heldout8 for real and write bug_heldout8.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets). After the runs,
each row gets its `summary` from summaries.json (written per run after reading that run's code and traceback, see
README.md); a row without one is reported and written without the key.

Regenerate:  python tests/data/bug_heldout8/make_dataset.py [--python /path/to/venv/bin/python]
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

The programs run under an interpreter that has the third-party libraries (a venv outside the repository; default
/work/venvs/bugset8/bin/python when it exists, else this interpreter). Versions used for the committed
bug_heldout8.jsonl (Python 3.11.7, venv /work/venvs/bugset8): see README.md ("Regenerate").
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main_with_summaries  # noqa: E402

BUGSET = BugSet(
    "bug_heldout8", HERE, "modelled on {url} for bug_heldout8", python=Path("/work/venvs/bugset8/bin/python")
)

if __name__ == "__main__":
    raise SystemExit(main_with_summaries(BUGSET, __doc__, HERE / "summaries.json"))
