"""Memory: decayed chunk scores, accessed/referred bookkeeping, the operation tree and its reasoning chain."""

from __future__ import annotations

import pytest

from agent.memory import Citation, CodeContext, Memory, OperationTree, decayed_score, parse_citations
from agent.types import ChunkRef


@pytest.mark.parametrize(
    ("accessed", "referred", "expected"),
    [
        ([1], [0], 1.0),
        ([1, 0, 0], [0, 0, 0], 0.25),  # one access two operations ago: gamma**2
        ([1, 0, 0], [0, 0, 2], 1.25),  # ... plus two citations in the latest operation: beta*2
        ([0, 1, 1], [1, 0, 0], 0.125 + 0.5 + 1.0),  # a citation in op 1 (0.5*0.25), accesses in ops 2 and 3
        ([], [], 0.0),
    ],
)
def test_decayed_score(accessed: list[int], referred: list[int], expected: float) -> None:
    assert decayed_score(accessed, referred, alpha=1.0, beta=0.5, gamma=0.5) == expected


def test_citations_are_parsed_with_ranges_and_absolute_paths() -> None:
    thought = (
        "The loop [adds](shop/cart.py:12) only prices, see [range](./shop/cart.py:9-11) and [abs](/testbed/a.py:3)."
    )
    assert parse_citations(thought) == [
        Citation("shop/cart.py", 12, 12),
        Citation("shop/cart.py", 9, 11),
        Citation("/testbed/a.py", 3, 3),
    ]
    assert parse_citations("no [link](https://example.org) and [x](file.py) here") == []


def test_accessed_and_referred_per_operation_merge_and_decay() -> None:
    memory = Memory()
    total = ChunkRef("shop/cart.py", "Cart", "total", False, (12,))
    memory.record_operation("open the total", [total])
    # same (file, class, function): lines merge; a new chunk joins with zeros for the operations before it
    memory.record_operation(
        "the sum [adds prices](shop/cart.py:12) and [loops](shop/cart.py:10), "
        "empty() at [here](/testbed/shop/cart.py:17)",
        [
            ChunkRef("shop/cart.py", "Cart", "total", True, (10, 11)),
            ChunkRef("shop/cart.py", None, "empty", False, (17,)),
        ],
    )
    memory.record_operation("unrelated [x](other.py:12)", [])
    ctx = memory.code_context
    assert memory.n_operations == 3
    assert [(c.key, c.lines, c.whole_function) for c in ctx.chunks] == [
        (("shop/cart.py", "Cart", "total"), [10, 11, 12], True),
        (("shop/cart.py", None, "empty"), [17], False),
    ]
    assert [(c.activity.accessed, c.activity.referred) for c in ctx.chunks] == [
        ([1, 1, 0], [0, 2, 0]),
        ([0, 1, 0], [0, 1, 0]),
    ]
    ctx.update_scores(alpha=1.0, beta=0.5, gamma=0.5)
    assert [c.activity.score for c in ctx.chunks] == [0.25 + (1 + 1.0) * 0.5, (1 + 0.5) * 0.5]
    assert [c.function for c in ctx.visible(threshold=0.75)] == ["total"]
    assert [c.function for c in ctx.visible(threshold=0.0, max_chunks=1)] == ["total"]
    assert ctx.chunks[0].to_bridge() == {
        "file": "shop/cart.py",
        "class": "Cart",
        "function": "total",
        "whole_function": True,
        "lines": [10, 11, 12],
        "score": 1.25,
    }


def test_visible_keeps_memory_order_when_capping() -> None:
    ctx = CodeContext()
    ctx.record_operation(0, [ChunkRef("a.py", None, "f", False, (1,))], [])
    ctx.record_operation(1, [ChunkRef("b.py", None, "g", False, (1,))], [])
    ctx.record_operation(2, [ChunkRef("a.py", None, "f", False, (2,))], [])
    ctx.update_scores(1.0, 1.0, 0.5)
    assert [c.activity.score for c in ctx.chunks] == [1.25, 0.5]
    assert [c.file_path for c in ctx.visible(0.1, max_chunks=2)] == ["a.py", "b.py"]
    assert [c.file_path for c in ctx.visible(0.5)] == ["a.py"]  # strictly above the threshold


def grow(tree: OperationTree, verdicts: list[bool | None]) -> OperationTree:
    """Add one node per verdict; each verdict is the reflection on that node (None: not reflected yet)."""
    for i, bad in enumerate(verdicts):
        node = tree.add(f"thought {i}", "bash", f"cmd {i}")
        node.bad_action = bad
    return tree


@pytest.mark.parametrize(
    ("verdicts", "parents", "chain"),
    [
        # a straight line: every node a child of the one before
        ([False, False, None], [None, 0, 1], [0, 1, 2]),
        # node 1 bad: node 2 is its sibling (child of 0); the chain skips the bad branch
        ([False, True, False, None], [None, 0, 0, 2], [0, 2, 3]),
        # two bad attempts in a row, both skipped
        ([False, True, True, None], [None, 0, 0, 0], [0, 3]),
        # the very first node bad: its alternative is another top-level node
        ([True, False, None], [None, None, 1], [1, 2]),
        # the last node, bad but not yet replaced, is always included
        ([False, True], [None, 0], [0, 1]),
        # a bad branch deeper down, then a good line again
        ([False, False, True, False, True, False, None], [None, 0, 1, 1, 3, 3, 5], [0, 1, 3, 5, 6]),
        ([None], [None], [0]),
    ],
)
def test_tree_sibling_rule_and_chain(verdicts: list[bool | None], parents: list[int | None], chain: list[int]) -> None:
    tree = grow(OperationTree(), verdicts)
    assert [n.parent for n in tree.nodes] == parents
    assert [n.id for n in tree.chain()] == chain
    for node in tree.nodes:
        assert node.children == [n.id for n in tree.nodes if n.parent == node.id]


def test_lessons_come_from_every_node_without_repeats() -> None:
    tree = grow(OperationTree(), [False, True, False, None])
    tree.nodes[0].lessons = ["run tests with -q"]
    tree.nodes[1].lessons = ["check the path first", "run tests with -q"]  # node 1 is off the chain
    tree.nodes[2].lessons = ["read the whole function"]
    assert [n.id for n in tree.chain()] == [0, 2, 3]
    assert tree.lessons() == ["run tests with -q", "check the path first", "read the whole function"]
    assert OperationTree().chain() == []
