"""Run every regression test of bug_heldout10 against its package's bug release and write bug_heldout10.jsonl.

Each run is one regression test that a real bug-fix release of a PyPI package added or changed, run with pytest
against the release before the fix (the "bug release"). The fix is the run's group. See README.md.

Set up the venvs (one package at a time; PyPI only; about a minute each):
    python tests/data/bug_heldout10/make_dataset.py --setup            # every package of runs.py not set up yet
    python tests/data/bug_heldout10/make_dataset.py --setup --only jinja2
Each package gets /work/venvs/bugset10/<pkg>/ (a venv with `<pkg>==<bug release>`, pytest and the test's few extra
dependencies) and /work/venvs/bugset10/<pkg>/run/<fix release>/ (the fix release's test folder and pytest
configuration files, taken from its sdist; the package's own source is not copied, so the tests import the bug
release installed in the venv).

Regenerate the rows (runs one test at a time, each under a timeout), then merge summaries.json:
    python tests/data/bug_heldout10/make_dataset.py
    python tests/data/bug_heldout10/make_dataset.py --only jinja2_   # dry run of some groups, writes nothing
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from regression_runner import RegressionSet, main  # noqa: E402
from runs import PACKAGES, RUNS  # noqa: E402

REGRESSION_SET = RegressionSet("bug_heldout10", HERE, Path("/work/venvs/bugset10"), PACKAGES, RUNS)

if __name__ == "__main__":
    raise SystemExit(main(REGRESSION_SET, __doc__))
