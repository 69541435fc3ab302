"""Run every run of bug_heldout16 (one pytest test of a small data-analysis module on pandas, numpy, doctest,
hypothesis or zoneinfo, against the module with one injected fault) and write bug_heldout16.jsonl. Rows that
share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout16/runs.py --setup         # the venv /tmp/bugset16/venv with the pinned libraries
    python tests/data/bug_heldout16/runs.py                 # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout16/runs.py --only seq_     # dry run of some groups, writes nothing
    python tests/data/bug_heldout16/runs.py --probe seq_sort_reversed   # every failing test or doctest item
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import numbered_rows, write_set  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="make the venv with the pinned libraries, then run")
    parser.add_argument("--only", default="", help="run only groups starting with this (a dry run)")
    parser.add_argument(
        "--probe", default="", help="a fault: list every test and doctest item of its module that fails"
    )
    opts = parser.parse_args()
    if opts.setup:
        setup()
    if opts.probe:
        print(probe(FAULTS[opts.probe]))
        return 0
    todo = [r for r in RUNS if r.fault.name.startswith(opts.only)]
    rows = numbered_rows(todo, one, lambda r: r.test)
    if opts.only:
        return 0
    write_set(HERE / "bug_heldout16.jsonl", len(todo), rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
