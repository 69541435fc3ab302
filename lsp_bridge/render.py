"""Code-context chunks: render them by the seed's rules, locate the chunk of a line or symbol, and file overviews.

Chunk lines are 1-based, as the agent reads and cites them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from tree_sitter import Node, Tree

from lsp_bridge.blocks import FileBlock, continued_lines, numbered_line
from lsp_bridge.extract import digest, header_end_line, parse
from lsp_bridge.model import CLASS, FIELD, INSTANCE_ATTR, FileIndex, Symbol
from lsp_bridge.view import View

BLOCK_TYPES = frozenset(
    {
        "for_statement",
        "while_statement",
        "if_statement",
        "elif_clause",
        "else_clause",
        "with_statement",
        "try_statement",
        "except_clause",
        "except_group_clause",
        "finally_clause",
        "match_statement",
        "case_clause",
        "function_definition",
        "class_definition",
    }
)


@dataclass
class Chunk:
    file: str
    cls: str | None = None
    function: str | None = None
    whole_function: bool = False
    lines: list[int] = field(default_factory=list)
    score: float | None = None

    @classmethod
    def from_dict(cls, d: dict) -> Chunk:
        lines = d.get("lines") or []
        return cls(
            file=str(d.get("file") or d.get("file_path") or ""),
            cls=d.get("class") or d.get("cls") or None,
            function=d.get("function") or None,
            whole_function=bool(d.get("whole_function")),
            lines=sorted({int(n) for n in lines}),
            score=d.get("score"),
        )

    def to_dict(self) -> dict:
        out: dict[str, object] = {
            "file": self.file,
            "class": self.cls,
            "function": self.function,
            "whole_function": self.whole_function,
            "lines": self.lines,
        }
        if self.score is not None:
            out["score"] = self.score
        return out


# ---- symbol paths


def chain(fi: FileIndex, i: int) -> list[Symbol]:
    out = []
    while i >= 0:
        out.append(fi.symbols[i])
        i = fi.symbols[i].parent
    return out[::-1]


def qualified_parts(fi: FileIndex, i: int) -> tuple[str | None, str | None]:
    """(class, function) names of a symbol: dotted enclosing classes, then dotted functions inside the innermost."""
    syms = chain(fi, i)
    last_class = max((n for n, s in enumerate(syms) if s.kind == CLASS), default=-1)
    classes = ".".join(s.name for s in syms[: last_class + 1] if s.kind == CLASS) or None
    functions = ".".join(s.name for s in syms[last_class + 1 :]) or None
    return classes, functions


def find_symbol(fi: FileIndex, cls: str | None, function: str | None, near: int | None = None) -> int:
    """Index of the class (function None) or function named by a chunk; -1 when there is none. A name defined more
    than once (`@overload` signatures before the implementation, a redefinition) gives the one holding line `near`
    (0-based), when one does, else the first."""
    last = (function or cls or "").rsplit(".", 1)[-1]
    first = -1
    for i, s in enumerate(fi.symbols):
        if s.scope < 0 or s.name != last or (s.kind == CLASS) != (function is None):
            continue
        if qualified_parts(fi, i) == (cls, function):
            if near is None or s.deco_line <= near <= s.end_line:
                return i
            first = i if first < 0 else first
    if first >= 0:
        return first
    if function and not cls and "." in function:
        head, _, tail = function.rpartition(".")
        return find_symbol(fi, head, tail, near)
    return -1


def enclosing(fi: FileIndex, line: int) -> list[int]:
    """Class/function symbols whose range holds `line` (0-based), outermost first."""
    return [i for i, s in enumerate(fi.symbols) if s.scope >= 0 and s.line <= line <= s.end_line]


def signature_lines(s: Symbol) -> range:
    return range(s.line, s.header_end + 1)


MAX_OUTLINE_STATEMENT = 8  # an attribute's assignment up to this many lines shows whole in an outline


def outline_lines(s: Symbol) -> range:
    """What an outline shows of a symbol: decorators and signature; an attribute's whole assignment when short
    (`_regex = r\"\"\"` alone says nothing), else its first line."""
    if s.scope >= 0:
        return range(s.deco_line, s.header_end + 1)
    if s.end_line - s.line < MAX_OUTLINE_STATEMENT:
        return range(s.line, s.end_line + 1)
    return range(s.line, s.line + 1)


# ---- rendering


@lru_cache(maxsize=64)
def _parsed(source: bytes) -> Tree:
    """Trees of recently rendered texts: the agent asks for the same files every step (keyed by content, so an edit
    on disk or in an editor's buffer is a new entry)."""
    return parse(source)


CLAUSES = frozenset(
    {"elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause", "case_clause"}
)


def continued_in_tree(tree: Tree) -> frozenset[int]:
    """1-based numbers of the lines that continue a statement begun on an earlier line, read from the parse tree: the
    lines after the first of a simple statement or a decorator, and of a compound statement's header up to its colon
    (`blocks.continued_lines` by Python's tokenizer gives the same on every file of the bench's 40 sdists but a few
    made-up backslash cases, in a tenth of the time: a 3,000-line file's first rendering took ~80 ms more)."""
    out: set[int] = set()

    def span(first: int, last: int) -> None:
        out.update(range(first + 2, last + 2))  # rows are 0-based: the lines after the first, 1-based

    def statement(node: Node) -> None:
        if node.type == "comment":
            return
        if node.type == "decorated_definition":
            for child in node.children:
                if child.type == "decorator":
                    span(child.start_point[0], child.end_point[0])
                else:
                    statement(child)
            return
        children = node.children
        body = next((i for i, c in enumerate(children) if c.type == "block" or c.type in CLAUSES), None)
        if not body:  # a simple statement (or a clause-only node, read whole)
            span(node.start_point[0], node.end_point[0])
            return
        colon = next((c for c in reversed(children[:body]) if c.type == ":"), children[body - 1])
        span(node.start_point[0], colon.end_point[0])
        for child in children[body:]:
            if child.type == "block":
                for inner in child.children:
                    statement(inner)
            elif child.type in CLAUSES:
                statement(child)

    for node in tree.root_node.children:
        statement(node)
    return frozenset(out)


@lru_cache(maxsize=64)
def _continued(source: bytes) -> frozenset[int]:
    """`Renderer.continued` of a text, kept like its tree (the same files are rendered every step): from the tree, or
    by Python's tokenizer where the tree has a syntax error."""
    tree = _parsed(source)
    if not tree.root_node.has_error:
        return continued_in_tree(tree)
    text = source.decode("utf-8", "replace")
    return frozenset(continued_lines([line.rstrip("\r") for line in text.split("\n")]))


class Renderer:
    def __init__(self, view: View) -> None:
        self.view = view
        self._trees: dict[str, Tree] = {}
        self._lines: dict[str, list[str]] = {}
        self._sources: dict[str, bytes] = {}

    def source(self, path: str) -> bytes:
        """The file's text as this request sees it (read once: its lines, tree and digest agree)."""
        if path not in self._sources:
            self._sources[path] = self.view.source(path)
        return self._sources[path]

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            text = self.source(path).decode("utf-8", "replace")
            self._lines[path] = [line.rstrip("\r") for line in text.split("\n")]
        return self._lines[path]

    def continued(self, path: str) -> frozenset[int]:
        """1-based numbers of the lines that continue a statement begun above (`blocks.continued_lines`, read over
        the whole file: a part that starts inside a string is read right); they are rendered without a number."""
        return _continued(self.source(path))

    def line_total(self, path: str) -> int:
        """Lines of the file as an editor counts them: the empty string after a final newline is not a line."""
        lines = self.lines(path)
        return len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)

    def tree(self, path: str) -> Tree:
        if path not in self._trees:
            self._trees[path] = _parsed(self.source(path))
        return self._trees[path]

    def block_headers(self, path: str, line: int) -> set[int]:
        """Header lines of every compound statement around `line` (0-based), itself included when it is one."""
        text = self.lines(path)[line] if line < len(self.lines(path)) else ""
        col = len(text.encode()) - len(text.lstrip().encode())
        point = (line, col)
        # down from the root with a cursor: `Node.parent` walks down from the root itself, so climbing from the
        # innermost node would cost depth^2 per line (1,000 nested blocks: seconds per line)
        cursor = self.tree(path).walk()
        out: set[int] = set()
        while True:
            node = cursor.node
            if node is not None and node.type in BLOCK_TYPES:
                out.update(range(node.start_point[0], header_end_line(node) + 1))
            if cursor.goto_first_child_for_point(point) is None or cursor.node is None:
                break
            if tuple(cursor.node.start_point) > point:  # the first child after the point: nothing holds it
                break
        return out

    def shown_lines(self, fi: FileIndex, chunk: Chunk) -> set[int]:
        """0-based lines a chunk shows: its lines, the whole def, and every signature/header around them."""
        count = self.line_total(fi.path)
        shown: set[int] = set()
        near = min(chunk.lines) - 1 if chunk.lines else None
        target = find_symbol(fi, chunk.cls, chunk.function, near) if chunk.cls or chunk.function else -1
        if target < 0 and chunk.cls and chunk.function:
            target = find_symbol(fi, chunk.cls, None)
        if target >= 0:
            s = fi.symbols[target]
            if chunk.whole_function:
                shown.update(range(s.deco_line, s.end_line + 1))
            for owner in chain(fi, target):
                shown.update(signature_lines(owner))
        lines = sorted({n - 1 for n in chunk.lines if 1 <= n <= count})
        shown.update(lines)
        # signatures of every class/function holding a shown line: one pass over the symbols, not one per line
        for s in fi.symbols:
            if s.scope >= 0:
                at = bisect_left(lines, s.line)
                if at < len(lines) and lines[at] <= s.end_line:
                    shown.update(signature_lines(s))
        for line in lines:
            shown.update(self.block_headers(fi.path, line))
        return {n for n in shown if 0 <= n < count}

    def render_file(self, path: str, shown: Iterable[int]) -> str:
        """Every shown line numbered (the number left-aligned in the widest number's width, one space, the code; a
        blank line left blank), `...` for gaps: the lean form of the seed's numbering (a ` | ` separator cost ~12%
        more tokens on real code; right-aligned numbers' padding and numbered blank lines ~5% more than this)."""
        return self.file_block(path, shown).text

    def file_block(self, path: str, shown: Iterable[int]) -> FileBlock:
        """One file's rendering and the numbered lines in it (1-based number, code), so no caller parses text."""
        lines = self.lines(path)
        ordered = sorted(shown)
        width = len(str(ordered[-1] + 1)) if ordered else 1
        continued = self.continued(path)
        out = [f"### File: `{path}`"]
        numbered: list[tuple[int, str]] = []
        prev = None
        for n in ordered:
            if prev is not None and n != prev + 1:
                out.append("...")
            code = (lines[n] if n < len(lines) else "").rstrip()
            numbered.append((n + 1, code))
            out.append(numbered_line(n + 1, code, width, follows=prev == n - 1, continued=n + 1 in continued))
            prev = n
        return FileBlock(path, "\n".join(out), numbered, digest(self.source(path)))

    def render(self, chunks: list[Chunk], threshold: float | None = None) -> tuple[str, list[str]]:
        """The code-context text for `chunks` (grouped by file, files in order of first appearance) and what could
        not be shown (`render_blocks`)."""
        blocks, missing = self.render_blocks(chunks, threshold)
        return "\n\n".join(b.text for b in blocks), missing

    def render_blocks(self, chunks: list[Chunk], threshold: float | None = None) -> tuple[list[FileBlock], list[str]]:
        """`render`, one block per file (in order of first appearance), and what could not be shown, each once: a
        file not in the workspace (`"nowhere.py"`), a chunk's lines the file does not have (`"app.py:0,120-130"`),
        a chunk that shows nothing else: its class/function not found (`"app.py:Cart.nothing"`), or one naming
        neither lines nor a class or function (`"app.py:"`)."""
        per_file: dict[str, set[int]] = {}
        missing: list[str] = []

        def miss(what: str) -> None:
            if what not in missing:
                missing.append(what)

        for chunk in chunks:
            if threshold is not None and chunk.score is not None and chunk.score < threshold:
                continue
            path = self.view.normalize(chunk.file)
            fi = self.view.files.get(path) if path else None
            if path is None or fi is None:
                miss(chunk.file)
                continue
            shown = self.shown_lines(fi, chunk)
            count = self.line_total(path)
            absent = sorted({n for n in chunk.lines if not 1 <= n <= count})
            if absent:
                miss(f"{chunk.file}:{_ranges(absent)}")
            elif not shown:
                miss(f"{chunk.file}:{'.'.join(x for x in (chunk.cls, chunk.function) if x)}")
            per_file.setdefault(path, set()).update(shown)
        return [self.file_block(p, shown) for p, shown in per_file.items()], missing

    # ---- locate and overview

    def locate_line(self, fi: FileIndex, line: int) -> Chunk:
        around = enclosing(fi, line - 1)
        cls, function = qualified_parts(fi, around[-1]) if around else (None, None)
        return Chunk(fi.path, cls, function, False, [line])

    def locate_symbol(self, fi: FileIndex, i: int) -> Chunk:
        s = fi.symbols[i]
        if s.scope >= 0:
            cls, function = qualified_parts(fi, i)
            if s.kind == CLASS:
                return Chunk(fi.path, cls, None, False, [n + 1 for n in signature_lines(s)])
            return Chunk(fi.path, cls, function, True, [n + 1 for n in range(s.deco_line, s.end_line + 1)])
        cls, function = qualified_parts(fi, s.parent) if s.parent >= 0 else (None, None)
        return Chunk(fi.path, cls, function, False, [n + 1 for n in range(s.line, s.end_line + 1)])

    def overview(self, fi: FileIndex, cls: str | None = None) -> tuple[FileBlock | None, list[dict]]:
        """Decorators and signatures of a file's (or one class's) classes, functions and attributes, no bodies."""
        root = find_symbol(fi, cls, None) if cls else -1
        if cls and root < 0:
            return None, []
        wanted = _overview_symbols(fi, root)
        shown: set[int] = set()
        for i in wanted:
            shown.update(outline_lines(fi.symbols[i]))
        if root >= 0:
            for owner in chain(fi, root):
                shown.update(signature_lines(owner))
        items = [
            {
                "name": fi.symbols[i].name,
                "kind": fi.symbols[i].kind,
                "line": fi.symbols[i].line + 1,
                "end_line": fi.symbols[i].end_line + 1,
                "signature": fi.symbols[i].detail,
                "parent": fi.symbols[fi.symbols[i].parent].name if fi.symbols[i].parent >= 0 else None,
            }
            for i in wanted
        ]
        count = self.line_total(fi.path)
        return self.file_block(fi.path, {n for n in shown if n < count}), items


def _ranges(numbers: list[int]) -> str:
    """Sorted numbers as runs: `[0, 120, 121, 122]` -> `"0,120-122"`."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _overview_symbols(fi: FileIndex, root: int) -> list[int]:
    """Symbols under `root` reached through classes only (no function bodies, no `self.x` attributes)."""
    out = []
    for i, s in enumerate(fi.symbols):
        if s.kind == FIELD and s.flags & INSTANCE_ATTR:
            continue
        p = s.parent
        while p != root and p >= 0 and fi.symbols[p].kind == CLASS:
            p = fi.symbols[p].parent
        if p == root:
            out.append(i)
    return out
