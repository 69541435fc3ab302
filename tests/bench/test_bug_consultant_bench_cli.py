"""bench/bug_consultant_bench.py's set selection as a tuning run uses it: `--tuned-only` never evaluates a set no one
tuned on (even when named), and an unknown set name fails in one line instead of evaluating nothing."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bug_consultant_bench.py"


def bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=600)


def registered() -> list[tuple[str, bool]]:
    """The bench's sets as it registers them (name, tuned on), read from its SETS without running it."""
    tree = ast.parse(BENCH.read_text())
    sets = next(
        node.value for node in tree.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SETS" for t in node.targets)
    )  # fmt: skip
    assert isinstance(sets, ast.List)
    return [(ast.literal_eval(c.args[0]), ast.literal_eval(c.args[2])) for c in sets.elts if isinstance(c, ast.Call)]


def test_tuned_only_leaves_never_tuned_sets_unseen() -> None:
    """Every never-tuned set is named with a tuned one: --tuned-only evaluates the tuned one alone. (Between the
    freeze of one session's report set and the registration of the next, every registered set may be tuned on.)"""
    sets = registered()
    assert ("bug_tuning_confusable", True) in sets and ("bug_heldout6", True) in sets  # tuned on since session 9
    never = [name for name, tuned in sets if not tuned]
    args = [a for name in never for a in ("--set", name)]
    run = bench("--tuned-only", *args, "--set", "bug_tuning_confusable", "--records", "50", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert [(s["set"], s["tuned_on"]) for s in report["sets"]] == [("bug_tuning_confusable", True)]
    assert report["llm_calls_at_query"] == 0


def test_unknown_set_fails_in_one_line() -> None:
    run = bench("--set", "bug_heldout99")
    assert run.returncode == 2
    names = [name for name, _ in registered()]
    assert names[:14] == [
        "bug_pairs", "bug_tuning_confusable", "bug_heldout", "bug_heldout2", "bug_heldout3", "bug_heldout4",
        "bug_heldout5", "bug_heldout6", "bug_heldout7", "bug_heldout8", "bug_heldout9", "bug_heldout10",
        "bug_heldout11", "bug_heldout12",
    ]  # fmt: skip
    assert ("bug_heldout7", True) in registered()  # session 9's report set: reported once, tuned on since session 10
    assert ("bug_heldout12", True) in registered()  # reported once in session 14, tuned on since session 15
    assert ("bug_heldout14", True) in registered()  # Flask, click, ... apps: reported once (session 15), tuned on since
    assert ("bug_heldout16", True) in registered()  # data-analysis: reported once in session 16, tuned on since
    assert ("bug_heldout17", True) in registered()  # CLI tools: reported once in session 17, tuned on since
    assert ("bug_heldout18", True) in registered()  # concurrent programs: reported once (session 17), tuned on
    assert ("bug_heldout19", True) in registered()  # file formats: reported once in session 18, tuned on since
    assert ("bug_heldout20", True) in registered()  # language tools, sqlite3: reported once (session 18), tuned on
    assert ("bug_heldout21", True) in registered()  # network services: reported once (session 19), tuned on
    assert ("bug_heldout22", True) in registered()  # metaprogramming: reported once (session 19), tuned on
    assert ("bug_heldout23", True) in registered()  # text formatting: reported once (session 20), tuned on
    assert ("bug_heldout24", True) in registered()  # data structures: reported once (session 20), tuned on
    assert ("bug_heldout25", True) in registered()  # business rules: reported once (session 21), tuned on
    assert ("bug_heldout26", True) in registered()  # security modules: reported once (session 22), tuned on
    assert ("bug_heldout15", True) in registered()  # async apps: reported once in session 16, tuned on since
    assert ("bug_heldout13", True) in registered()  # unittest runs: reported once in session 15, tuned on since
    assert ("bug_heldout10", True) in registered()  # regression tests: reported once in session 11, tuned on since 12
    assert ("bug_heldout11", True) in registered()  # duplicate clusters: reported once at ae7f4dd, tuned on since
    assert ("bug_heldout9", True) in registered()  # real regression tests: reported once, tuned on since session 11
    assert ("bug_heldout8", True) in registered()  # session 10's report set, tuned on since gate round 2
    assert run.stderr.strip() == f"error: unknown set(s) bug_heldout99; choose from {', '.join(names)}"
