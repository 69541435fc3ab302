"""Run every run of bug_heldout13 (one test of CPython's own unittest suite against a faulted copy of a pure-Python
stdlib module) and write bug_heldout13.jsonl. Rows that share `group` fail from one injected fault. See README.md.

    python tests/data/bug_heldout13/runs.py --setup           # CPython's test suite (apt: libpython3.11-testsuite)
    python tests/data/bug_heldout13/runs.py                   # run everything, write the jsonl, merge summaries.json
    python tests/data/bug_heldout13/runs.py --only textwrap   # dry run of some groups, writes nothing
    python tests/data/bug_heldout13/runs.py --probe shlex_quote_dot_unsafe   # every test of the module that fails
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import KEYS, add_summaries, counts  # noqa: E402
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
    body: dict[str, int] = {}
    rows = []
    for r in todo:
        row, why = one(r)
        if row is None:
            print(f"dropped: {r.fault.name} {r.test}: {why}", file=sys.stderr)
            continue
        n = body.get(r.fault.name, 1)
        body[r.fault.name] = n + 1
        row = {**row, "id": f"{r.fault.name}/{n}", "body": n}
        rows.append({k: row[k] for k in KEYS})
        print(row["id"], "|", str(row["exception"])[:150], flush=True)
    if opts.only:
        return 0
    out = HERE / "bug_heldout13.jsonl"
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    groups, sizes, libs = counts(rows)
    print(f"runs {len(todo)}, kept {len(rows)}; groups {groups} by size {sizes}")
    print(f"libraries {len(libs)}: {', '.join(libs)}")
    print(f"rows without a summary: {add_summaries(out, HERE / 'summaries.json')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
