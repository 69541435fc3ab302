"""Graphs on the stdlib: directed or undirected graphs of hashable nodes with weighted edges in dicts, breadth-first
and depth-first orders, hop distances, shortest paths (Dijkstra on heapq, ties by push order), topological order
(Kahn's algorithm) with cycle detection, and connected components."""

from __future__ import annotations

import heapq
import itertools
import math
from collections import deque
from collections.abc import Hashable

Node = Hashable


class GraphError(Exception):
    """A node that is not in the graph, a negative weight, or no path."""


class CycleError(GraphError):
    def __init__(self, cycle: list[Node]) -> None:
        super().__init__("cycle: " + " -> ".join(map(str, cycle)))
        self.cycle = cycle


class Graph:
    def __init__(self, directed: bool = True) -> None:
        self.directed = directed
        self._adj: dict[Node, dict[Node, float]] = {}

    def add_node(self, node: Node) -> None:
        self._adj.setdefault(node, {})

    def add_edge(self, a: Node, b: Node, weight: float = 1) -> None:
        if weight < 0:
            raise GraphError(f"negative weight {weight} on {a!r} -> {b!r}")
        self.add_node(a)
        self.add_node(b)
        self._adj[a][b] = weight
        if not self.directed:
            self._adj[b][a] = weight

    @property
    def nodes(self) -> list[Node]:
        return list(self._adj)

    def edges(self) -> list[tuple[Node, Node, float]]:
        """Every edge once (an undirected edge in the direction it was first met)."""
        seen: set[tuple[Node, Node]] = set()
        out = []
        for a, nbrs in self._adj.items():
            for b, weight in nbrs.items():
                if not self.directed and (b, a) in seen:
                    continue
                seen.add((a, b))
                out.append((a, b, weight))
        return out

    def neighbours(self, node: Node) -> list[Node]:
        if node not in self._adj:
            raise GraphError(f"no node {node!r}")
        return list(self._adj[node])

    def weight(self, a: Node, b: Node) -> float:
        return self._adj[a][b]

    def as_undirected(self) -> Graph:
        copy = Graph(directed=False)
        for node in self._adj:
            copy.add_node(node)
        for a, b, weight in self.edges():
            copy.add_edge(a, b, weight)
        return copy

    def __contains__(self, node: object) -> bool:
        return node in self._adj

    def __len__(self) -> int:
        return len(self._adj)


def bfs(graph: Graph, start: Node) -> list[Node]:
    seen = {start}
    order = []
    queue = deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for nxt in graph.neighbours(node):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return order


def dfs(graph: Graph, start: Node) -> list[Node]:
    order: list[Node] = []
    seen: set[Node] = set()

    def visit(node: Node) -> None:
        seen.add(node)
        order.append(node)
        for nxt in graph.neighbours(node):
            if nxt not in seen:
                visit(nxt)

    visit(start)
    return order


def shortest_path(graph: Graph, source: Node, target: Node) -> tuple[float, list[Node]]:
    """The cost and nodes of a cheapest path (Dijkstra); equal costs keep the path found first."""
    for node in (source, target):
        if node not in graph:
            raise GraphError(f"no node {node!r}")
    dist: dict[Node, float] = {source: 0}
    prev: dict[Node, Node] = {}
    done: set[Node] = set()
    tie = itertools.count()
    heap = [(0.0, next(tie), source)]
    while heap:
        cost, *_, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        if node == target:
            break
        for nxt in graph.neighbours(node):
            new = cost + graph.weight(node, nxt)
            if new < dist.get(nxt, math.inf):
                dist[nxt] = new
                prev[nxt] = node
                heapq.heappush(heap, (new, next(tie), nxt))
    if target not in done:
        raise GraphError(f"no path from {source!r} to {target!r}")
    path = [target]
    while path[-1] != source:
        path.append(prev[path[-1]])
    return dist[target], path[::-1]


def topological_order(graph: Graph) -> list[Node]:
    """Kahn's algorithm, ready nodes in insertion order; a cycle raises CycleError naming one."""
    indegree = dict.fromkeys(graph.nodes, 0)
    for _, b, _ in graph.edges():
        indegree[b] += 1
    ready = deque(node for node in graph.nodes if indegree[node] == 0)
    order = []
    while ready:
        node = ready.popleft()
        order.append(node)
        for nxt in graph.neighbours(node):
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                ready.append(nxt)
    if len(order) < len(graph):
        raise CycleError(find_cycle(graph))
    return order


def find_cycle(graph: Graph) -> list[Node]:
    """One cycle as a path that starts and ends at the same node, or [] (depth-first with three colours)."""
    colour = dict.fromkeys(graph.nodes, "white")
    stack: list[Node] = []

    def visit(node: Node) -> list[Node]:
        colour[node] = "grey"
        stack.append(node)
        for nxt in graph.neighbours(node):
            if colour[nxt] == "grey":
                return [*stack[stack.index(nxt) :], nxt]
            if colour[nxt] == "white" and (found := visit(nxt)):
                return found
        stack.pop()
        colour[node] = "black"
        return []

    for node in graph.nodes:
        if colour[node] == "white" and (found := visit(node)):
            return found
    return []


def components(graph: Graph) -> list[list[Node]]:
    """Connected components (weakly connected for a directed graph), each in breadth-first order from its first
    node."""
    undirected = graph.as_undirected() if graph.directed else graph
    seen: set[Node] = set()
    out = []
    for node in undirected.nodes:
        if node not in seen:
            part = bfs(undirected, node)
            seen.update(part)
            out.append(part)
    return out
