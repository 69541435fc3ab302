from __future__ import annotations

from dataclasses import dataclass

import pytest
from graphs import CycleError, Graph, GraphError, bfs, components, dfs, find_cycle, shortest_path, topological_order


@dataclass(frozen=True)
class Stop:
    """A node that can be hashed but not ordered."""

    name: str


def roads() -> Graph:
    g = Graph()
    for a, b, w in [("a", "b", 1), ("a", "d", 5), ("b", "c", 1), ("c", "d", 2), ("d", "e", 1), ("b", "e", 7)]:
        g.add_edge(a, b, w)
    return g


def tree() -> Graph:
    g = Graph()
    for a, b in [("root", "x"), ("root", "y"), ("x", "x1"), ("x", "x2"), ("y", "y1")]:
        g.add_edge(a, b)
    return g


def test_add_edge_and_nodes() -> None:
    g = roads()
    assert g.nodes == ["a", "b", "d", "c", "e"]
    assert g.neighbours("b") == ["c", "e"]
    assert "e" in g
    assert len(g) == 5


def test_negative_weight_refused() -> None:
    with pytest.raises(GraphError, match="negative weight -2 on 'a' -> 'b'"):
        Graph().add_edge("a", "b", -2)


def test_unknown_node() -> None:
    with pytest.raises(GraphError, match="no node 'zz'"):
        roads().neighbours("zz")


def test_edges_directed() -> None:
    assert roads().edges()[:3] == [("a", "b", 1), ("a", "d", 5), ("b", "c", 1)]
    assert len(roads().edges()) == 6


def test_edges_undirected_once() -> None:
    g = Graph(directed=False)
    g.add_edge("a", "b", 2)
    g.add_edge("b", "c", 3)
    g.add_edge("c", "a", 4)
    assert g.edges() == [("a", "b", 2), ("a", "c", 4), ("b", "c", 3)]
    assert sum(w for _, _, w in g.edges()) == 9


def test_bfs_order() -> None:
    assert bfs(tree(), "root") == ["root", "x", "y", "x1", "x2", "y1"]


def test_bfs_from_leaf() -> None:
    assert bfs(tree(), "y1") == ["y1"]


def test_bfs_undirected_cycle() -> None:
    g = Graph(directed=False)
    for a, b in [(1, 2), (2, 3), (3, 4), (4, 1), (1, 5)]:
        g.add_edge(a, b)
    assert bfs(g, 1) == [1, 2, 4, 5, 3]


def test_dfs_order() -> None:
    assert dfs(tree(), "root") == ["root", "x", "x1", "x2", "y", "y1"]


def test_dfs_with_cycle() -> None:
    g = Graph()
    for a, b in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]:
        g.add_edge(a, b)
    assert dfs(g, "a") == ["a", "b", "c", "d"]


def test_dfs_undirected() -> None:
    g = Graph(directed=False)
    for a, b in [(1, 2), (2, 3), (1, 3)]:
        g.add_edge(a, b)
    assert dfs(g, 3) == [3, 2, 1]


def test_shortest_path() -> None:
    assert shortest_path(roads(), "a", "d") == (4, ["a", "b", "c", "d"])
    assert shortest_path(roads(), "a", "e") == (5, ["a", "b", "c", "d", "e"])


def test_shortest_path_to_itself() -> None:
    assert shortest_path(roads(), "c", "c") == (0, ["c"])


def test_shortest_path_ties_keep_first_found() -> None:
    g = Graph()
    for a, b in [("s", "z"), ("s", "m"), ("z", "t"), ("m", "t")]:
        g.add_edge(a, b, 1)
    assert shortest_path(g, "s", "t") == (2, ["s", "z", "t"])


def test_shortest_path_unorderable_nodes() -> None:
    g = Graph()
    home, mill, pier, quay = Stop("home"), Stop("mill"), Stop("pier"), Stop("quay")
    g.add_edge(home, mill, 2)
    g.add_edge(home, pier, 2)
    g.add_edge(mill, quay, 3)
    g.add_edge(pier, quay, 1)
    assert shortest_path(g, home, quay) == (3, [home, pier, quay])


def test_no_path() -> None:
    with pytest.raises(GraphError, match="no path from 'e' to 'a'"):
        shortest_path(roads(), "e", "a")


def test_shortest_path_unknown_node() -> None:
    with pytest.raises(GraphError, match="no node 'q'"):
        shortest_path(roads(), "a", "q")


def test_topological_order() -> None:
    g = Graph()
    for a, b in [("shop", "cook"), ("cook", "eat"), ("wash", "cook"), ("eat", "clean")]:
        g.add_edge(a, b)
    assert topological_order(g) == ["shop", "wash", "cook", "eat", "clean"]


def test_topological_order_diamond() -> None:
    g = Graph()
    for a, b in [("base", "left"), ("base", "right"), ("left", "top"), ("right", "top")]:
        g.add_edge(a, b)
    g.add_node("alone")
    assert topological_order(g) == ["base", "alone", "left", "right", "top"]


def test_topological_order_cycle() -> None:
    g = Graph()
    for a, b in [("a", "b"), ("b", "c"), ("c", "d"), ("d", "b")]:
        g.add_edge(a, b)
    with pytest.raises(CycleError, match="cycle: b -> c -> d -> b"):
        topological_order(g)


def test_find_cycle() -> None:
    g = Graph()
    for a, b in [(1, 2), (2, 3), (3, 1), (3, 4)]:
        g.add_edge(a, b)
    assert find_cycle(g) == [1, 2, 3, 1]


def test_no_cycle_in_diamond() -> None:
    g = Graph()
    for a, b in [("base", "left"), ("base", "right"), ("left", "top"), ("right", "top")]:
        g.add_edge(a, b)
    assert find_cycle(g) == []


def test_self_loop_is_a_cycle() -> None:
    g = Graph()
    g.add_edge("a", "b")
    g.add_edge("b", "b")
    with pytest.raises(CycleError) as info:
        topological_order(g)
    assert info.value.cycle == ["b", "b"]


def test_components_undirected() -> None:
    g = Graph(directed=False)
    for a, b in [(1, 2), (3, 4), (4, 5)]:
        g.add_edge(a, b)
    g.add_node(6)
    assert components(g) == [[1, 2], [3, 4, 5], [6]]


def test_components_directed_are_weak() -> None:
    g = Graph()
    for a, b in [("a", "b"), ("c", "b"), ("d", "e")]:
        g.add_edge(a, b)
    assert components(g) == [["a", "b", "c"], ["d", "e"]]


def test_as_undirected() -> None:
    g = Graph()
    g.add_edge("a", "b", 3)
    g.add_edge("c", "a", 1)
    copy = g.as_undirected()
    assert not copy.directed
    assert copy.neighbours("a") == ["b", "c"]
    assert copy.edges() == [("a", "b", 3), ("a", "c", 1)]
