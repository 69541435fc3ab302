"""Run every run of bug_heldout12 (one test of a package's own suite against a faulted copy of the package's pinned
sdist) and write bug_heldout12.jsonl. Rows that share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout12/runs.py --setup           # the venv (pytest) and the pinned sdists, from PyPI
    python tests/data/bug_heldout12/runs.py                   # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout12/runs.py --only webcolors  # dry run of some groups, writes nothing
    python tests/data/bug_heldout12/runs.py --probe six_b_ascii_codec   # every test of the suite that the fault fails
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import numbered_rows, write_set  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, PACKAGES, RUNS  # noqa: E402

VENVS = Path("/tmp/bugset12")
SUITES = {"six": "test_six.py", "semantic_version": "tests --ignore=tests/test_django.py"}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="create the venv and the sdist trees that are missing")
    parser.add_argument("--venvs", type=Path, default=VENVS, help="the folder holding the venv and the sdists")
    parser.add_argument("--only", default="", help="run only groups starting with this (a dry run)")
    parser.add_argument("--probe", default="", help="a fault: list every test of its package's suite that fails")
    opts = parser.parse_args()
    if opts.setup:
        setup(opts.venvs, PACKAGES)
        return 0
    if opts.probe:
        fault = FAULTS[opts.probe]
        print(probe(opts.venvs, fault, SUITES.get(fault.package.name, "tests")))
        return 0
    todo = [r for r in RUNS if r.fault.name.startswith(opts.only)]
    rows = numbered_rows(todo, lambda r: one(opts.venvs, r), lambda r: r.node)
    if opts.only:
        return 0
    write_set(HERE / "bug_heldout12.jsonl", len(todo), rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
