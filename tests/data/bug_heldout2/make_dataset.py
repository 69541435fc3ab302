"""Run every broken program of bug_heldout2 for real and write bug_heldout2.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets).

Regenerate:  python tests/data/bug_heldout2/make_dataset.py
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

Library versions used for the committed bug_heldout2.jsonl (Python 3.11.7):
  PyYAML 6.0.3, pydantic 2.13.4, attrs 26.1.0, click 8.5.1, Jinja2 3.1.6, numpy 2.4.6, pandas 3.1.1,
  python-dateutil 2.9.0.post0, regex 2026.5.9, toml 0.10.2, networkx 3.6.1, jsonschema 4.26.0, cattrs 26.2.1,
  sympy 1.14.0
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main  # noqa: E402

BUGSET = BugSet("bug_heldout2", HERE, "written independently for bug_heldout2")

if __name__ == "__main__":
    raise SystemExit(main(BUGSET, __doc__))
