"""bench/bug_consultant_bench.py's set selection as a tuning run uses it: `--tuned-only` never evaluates a set no one
tuned on (even when named), and an unknown set name fails in one line instead of evaluating nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bug_consultant_bench.py"


def bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=600)


def test_tuned_only_leaves_never_tuned_sets_unseen() -> None:
    run = bench("--tuned-only", "--set", "bug_heldout6", "--set", "bug_tuning_confusable", "--records", "50", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert [(s["set"], s["tuned_on"]) for s in report["sets"]] == [("bug_tuning_confusable", True)]
    assert report["llm_calls_at_query"] == 0


def test_unknown_set_fails_in_one_line() -> None:
    run = bench("--set", "bug_heldout9")
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "error: unknown set(s) bug_heldout9; choose from bug_pairs, bug_tuning_confusable, bug_heldout, bug_heldout2, "
        "bug_heldout3, bug_heldout4, bug_heldout5, bug_heldout6"
    )
