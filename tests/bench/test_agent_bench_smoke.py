"""The localization benchmark's policy on a tiny repository: seeds from a problem statement, both backends (grep and
the agent's actions over a real lsp-bridge) reach the gold function and count what was on screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import (
    ActionsBackend,
    Gold,
    GrepBackend,
    Task,
    extract_frames,
    extract_identifiers,
    load_tasks,
    repo_files,
    run_policy,
)

from lsp_bridge.client import BridgeClient

CART = """\
class Cart:
    def __init__(self):
        self.items = []

    def total(self):
        total = 0
        for price, qty in self.items:
            total += price
        return total


def checkout(cart):
    return cart.total()
"""

PROBLEM = """Cart.total() ignores the quantity:

Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/shop/cart.py", line 13, in checkout
    return cart.total()
AssertionError
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop/__init__.py").write_text("")
    (tmp_path / "shop/cart.py").write_text(CART)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_cart.py").write_text("def test_total():\n    pass\n")
    return tmp_path


def words(text: str) -> int:
    return len(text.split())


def test_seeds_from_statement(repo: Path) -> None:
    assert extract_frames(PROBLEM, repo_files(repo))[0].file == "shop/cart.py"
    assert extract_identifiers(PROBLEM) == ["Cart.total", "cart.total"]


def test_shipped_tasks_are_complete() -> None:
    tasks = load_tasks()
    assert len(tasks) >= 10
    assert sum(t.large for t in tasks) >= 4
    assert all(t.gold and t.problem.strip() and t.bug_version != t.fix_version for t in tasks)


@pytest.mark.parametrize("backend", ["grep", "actions"])
def test_policy_finds_gold(repo: Path, backend: str) -> None:
    task = Task("cart", "shop", "1", "2", False, PROBLEM, [Gold("shop/cart.py", "Cart.total")])
    if backend == "grep":
        outcome = run_policy(GrepBackend(repo), task, repo, words)
    else:
        with BridgeClient.local(repo) as bridge:
            bridge.sync()
            outcome = run_policy(ActionsBackend(bridge, repo), task, repo, words)
    assert outcome.found
    # the traceback frame opens checkout(); Cart.total comes from the identifier
    assert [label.split()[0] for label, _ in outcome.log] == ["open", "find", "open"]
    assert outcome.calls == 3 and outcome.tokens > 0
