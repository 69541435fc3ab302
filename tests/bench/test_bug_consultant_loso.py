"""bench/bug_consultant_loso.py on the real tuned-on sets: a fold that reuses the gate's cached per-set figures (its
weights agree with an earlier fold's) prints exactly what it prints computed alone, and only tuned-on sets are read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

LOSO = Path(__file__).resolve().parents[2] / "bench" / "bug_consultant_loso.py"
ARGS = ["--fixed-weights", "--tune", "api", "--no-code-terms", "raised", "--no-code-cap", "0.03", "--distinct"]


def folds(*sets: str) -> dict[str, str]:
    run = subprocess.run(
        [sys.executable, str(LOSO), *ARGS, *(a for s in sets for a in ("--set", s))],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    header, *lines = run.stdout.splitlines()
    assert header.startswith("leave-one-set-out over bug_pairs, ")
    assert "bug_heldout12" not in header  # never tuned on: never opened
    return {line.split()[0]: line for line in lines}


def test_cached_fold_prints_what_it_prints_alone() -> None:
    alone = folds("bug_heldout10")
    both = folds("bug_pairs", "bug_heldout10")
    assert list(both) == ["bug_pairs", "bug_heldout10"]
    assert both["bug_heldout10"] == alone["bug_heldout10"]  # the second fold read the first fold's gate cache
    # session 14's baseline: with code r@1 0.824, shown 70.6 % / 5.0 % with no same cause
    assert "code: r@1 0.824 r@3 0.941 MRR 0.885" in alone["bug_heldout10"]
    assert "after 70.6 / 5.0 (terms (0.15, 0.4, 0, 0.4), threshold 0.582)" in alone["bug_heldout10"]
    assert "code: r@1 0.947 r@3 0.966 MRR 0.962" in both["bug_pairs"]
