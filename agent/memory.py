"""The LLM-IDE agent's memory: code-context chunks with decayed scores, and the operation-history tree.

Code context: every chunk keeps, per completed operation, whether that operation accessed it (0/1) and how often
the operation's thought cited a line inside it; its score is S = sum_i (alpha*A_i + beta*R_i) * gamma**(M-i)
over the M operations done so far.

Operation history: a tree of operation nodes. When the reflection on the last node says `bad_action`, the next node
is its sibling (same parent), otherwise its child. The reasoning chain walks from the first top-level node: a node
that has a child is included and the walk moves to its first child, otherwise it moves to its next sibling; the
last node is always included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent.types import ChunkRef

# `[text](path/to/file.py:42)` or `[text](path/to/file.py:42-48)`
CITATION_RE = re.compile(r"\[[^\]\n]*\]\(\s*([^()\s:]+):(\d+)(?:-(\d+))?\s*\)")


@dataclass(frozen=True)
class Citation:
    file_path: str
    start: int
    end: int


def parse_citations(text: str) -> list[Citation]:
    """Every `[text](file:line)` / `[text](file:start-end)` citation of a thought, in order."""
    result = []
    for m in CITATION_RE.finditer(text):
        start = int(m.group(2))
        end = int(m.group(3)) if m.group(3) else start
        result.append(Citation(_normalise_path(m.group(1)), min(start, end), max(start, end)))
    return result


def _normalise_path(path: str) -> str:
    return path[2:] if path.startswith("./") else path


def same_file(cited: str, chunk_file: str) -> bool:
    """A citation names the chunk's file, relative (`pkg/mod.py`) or absolute (`/testbed/pkg/mod.py`)."""
    return cited == chunk_file or cited.endswith("/" + chunk_file.lstrip("/"))


def decayed_score(accessed: list[int], referred: list[int], alpha: float, beta: float, gamma: float) -> float:
    """S = sum_{i=1..M} (alpha*A_i + beta*R_i) * gamma**(M-i), M = len(accessed)."""
    m = len(accessed)
    return sum(
        (alpha * a + beta * r) * gamma ** (m - i) for i, (a, r) in enumerate(zip(accessed, referred, strict=True), 1)
    )


@dataclass
class Activity:
    accessed: list[int] = field(default_factory=list)
    referred: list[int] = field(default_factory=list)
    score: float = 0.0


@dataclass
class CodeChunk:
    file_path: str
    class_name: str | None = None
    function: str | None = None
    whole_function: bool = False
    lines: list[int] = field(default_factory=list)
    activity: Activity = field(default_factory=Activity)

    @property
    def key(self) -> tuple[str, str | None, str | None]:
        return (self.file_path, self.class_name, self.function)

    def contains(self, citation: Citation) -> bool:
        """The citation names this chunk's file and overlaps the span of its lines."""
        if not self.lines or not same_file(citation.file_path, self.file_path):
            return False
        return citation.start <= max(self.lines) and citation.end >= min(self.lines)

    def to_bridge(self) -> dict[str, Any]:
        """The chunk as lsp-bridge's `renderContext` / `setAgentContext` take it."""
        return {
            "file": self.file_path,
            "class": self.class_name,
            "function": self.function,
            "whole_function": self.whole_function,
            "lines": list(self.lines),
            "score": round(self.activity.score, 4),
        }


@dataclass
class CodeContext:
    chunks: list[CodeChunk] = field(default_factory=list)

    def find(self, key: tuple[str, str | None, str | None]) -> CodeChunk | None:
        return next((c for c in self.chunks if c.key == key), None)

    def record_operation(self, n_before: int, accessed: list[ChunkRef], citations: list[Citation]) -> None:
        """Append this operation's activity to every chunk: merge the accessed refs in, then count citations.

        `n_before` is the number of operations completed before this one (new chunks get zeros for those).
        """
        touched: set[tuple[str, str | None, str | None]] = set()
        for ref in accessed:
            key = (ref.file_path, ref.class_name, ref.function)
            chunk = self.find(key)
            if chunk is None:
                chunk = CodeChunk(ref.file_path, ref.class_name, ref.function)
                chunk.activity = Activity(accessed=[0] * n_before, referred=[0] * n_before)
                self.chunks.append(chunk)
            chunk.lines = sorted(set(chunk.lines) | set(ref.lines))
            chunk.whole_function = chunk.whole_function or ref.whole_function
            touched.add(key)
        for chunk in self.chunks:
            chunk.activity.accessed.append(1 if chunk.key in touched else 0)
            chunk.activity.referred.append(sum(1 for c in citations if chunk.contains(c)))

    def update_scores(self, alpha: float, beta: float, gamma: float) -> None:
        for chunk in self.chunks:
            a = chunk.activity
            a.score = decayed_score(a.accessed, a.referred, alpha, beta, gamma)

    def visible(self, threshold: float, max_chunks: int = 0) -> list[CodeChunk]:
        """Chunks scoring above the threshold, in memory order; the best `max_chunks` of them when that is > 0."""
        shown = [c for c in self.chunks if c.activity.score > threshold]
        if 0 < max_chunks < len(shown):
            best = sorted(shown, key=lambda c: -c.activity.score)[:max_chunks]
            shown = [c for c in shown if any(c is b for b in best)]
        return shown


@dataclass
class OperationNode:
    id: int
    thought: str
    action_type: str
    action_params: str
    observation: str = ""
    returncode: int | None = None
    # filled by the reflection in the next step; None until then
    bad_action: bool | None = None
    summary: str = ""
    lessons: list[str] = field(default_factory=list)
    parent: int | None = None  # None: a top-level node
    children: list[int] = field(default_factory=list)


@dataclass
class OperationTree:
    nodes: list[OperationNode] = field(default_factory=list)

    @property
    def last(self) -> OperationNode | None:
        return self.nodes[-1] if self.nodes else None

    def node(self, node_id: int) -> OperationNode:
        return self.nodes[node_id]

    def add(self, thought: str, action_type: str, action_params: str) -> OperationNode:
        """A new node: the sibling of the last node when that one was a bad action, else its child."""
        last = self.last
        parent = None if last is None else (last.parent if last.bad_action else last.id)
        node = OperationNode(len(self.nodes), thought, action_type, action_params, parent=parent)
        self.nodes.append(node)
        if parent is not None:
            self.nodes[parent].children.append(node.id)
        return node

    def siblings(self, node: OperationNode) -> list[int]:
        if node.parent is None:
            return [n.id for n in self.nodes if n.parent is None]
        return self.nodes[node.parent].children

    def next_sibling(self, node: OperationNode) -> OperationNode | None:
        ids = self.siblings(node)
        i = ids.index(node.id)
        return self.nodes[ids[i + 1]] if i + 1 < len(ids) else None

    def chain(self) -> list[OperationNode]:
        """The reasoning chain: from the first node, a node with a child is kept and we descend to its first
        child; otherwise we move on to its next sibling. The last node is always included."""
        if not self.nodes:
            return []
        last = self.nodes[-1]
        result: list[OperationNode] = []
        current: OperationNode | None = self.nodes[0]
        while current is not None:
            if current.children:
                result.append(current)
                current = self.nodes[current.children[0]]
            else:
                if current is last:
                    break
                current = self.next_sibling(current)
        result.append(last)
        return result

    def lessons(self) -> list[str]:
        """Lessons of every node, in node order, without repeats."""
        seen: dict[str, None] = {}
        for node in self.nodes:
            for lesson in node.lessons:
                seen.setdefault(lesson, None)
        return list(seen)


@dataclass
class Memory:
    code_context: CodeContext = field(default_factory=CodeContext)
    history: OperationTree = field(default_factory=OperationTree)
    n_operations: int = 0

    def record_operation(self, thought: str, accessed: list[ChunkRef]) -> None:
        """One operation completed: update every chunk's activity, then count it."""
        self.code_context.record_operation(self.n_operations, accessed, parse_citations(thought))
        self.n_operations += 1

    def to_dict(self) -> dict[str, Any]:
        """Tree, chain (node ids) and chunks with their scores, as the trajectory stores them."""
        return {
            "n_operations": self.n_operations,
            "nodes": [dict(vars(n)) for n in self.history.nodes],
            "chain": [n.id for n in self.history.chain()],
            "chunks": [dict(vars(c), activity=dict(vars(c.activity))) for c in self.code_context.chunks],
        }
