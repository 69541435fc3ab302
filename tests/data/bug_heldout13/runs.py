"""Run every run of bug_heldout13 (one test of CPython's own unittest suite against a faulted copy of a pure-Python
stdlib module) and write bug_heldout13.jsonl. Rows that share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout13/runs.py --setup           # CPython's test suite (apt: libpython3.11-testsuite)
    python tests/data/bug_heldout13/runs.py                   # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout13/runs.py --only textwrap   # dry run of some groups, writes nothing
    python tests/data/bug_heldout13/runs.py --probe shlex_quote_dot_unsafe   # every test of the module that fails
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import numbered_rows, write_set  # noqa: E402
from fault_runner import one, probe, setup  # noqa: E402
from faults import FAULTS, RUNS, TESTS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="install CPython's test suite if it is missing")
    parser.add_argument("--only", default="", help="run only groups starting with this (a dry run)")
    parser.add_argument("--probe", default="", help="a fault: list every test of its module's test file that fails")
    opts = parser.parse_args()
    if opts.setup:
        setup()
        return 0
    if opts.probe:
        fault = FAULTS[opts.probe]
        print(probe(fault, TESTS[fault.module]))
        return 0
    todo = [r for r in RUNS if r.fault.name.startswith(opts.only)]
    rows = numbered_rows(todo, one, lambda r: r.test)
    if opts.only:
        return 0
    write_set(HERE / "bug_heldout13.jsonl", len(todo), rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
