"""Compact located answers (`file:line  Class.method  signature`) built from a BridgeClient's plain-dict results."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Protocol

from agent.types import ChunkRef
from lsp_bridge.blocks import FileBlock, continued_rows, numbered_line

SCOPE_KINDS = frozenset({"Class", "Function", "Method", "Property", "Constructor"})


class Bridge(Protocol):
    """The part of `lsp_bridge.client.BridgeClient` the actions use."""

    def document_symbols(self, file: str) -> list[dict]: ...
    def workspace_symbols(self, query: str) -> list[dict]: ...
    def definition(self, file: str, line: int, column: int | None = None, name: str | None = None) -> list[dict]: ...
    def references(
        self, file: str, line: int, column: int | None = None, name: str | None = None, include_declaration: bool = True
    ) -> list[dict]: ...
    def render_context(self, chunks: list[dict], threshold: float | None = None) -> str: ...
    def render_blocks(self, chunks: list[dict], threshold: float | None = None) -> list[FileBlock]: ...
    def locate(
        self, file: str | None = None, line: int | None = None, symbol: str | None = None, whole_function: bool = False
    ) -> dict: ...
    def overview(self, file: str, cls: str | None = None) -> dict: ...
    def sync(self) -> dict: ...


def is_test_file(path: str) -> bool:
    p = PurePosixPath(path)
    name = p.name
    return (
        any(part in ("test", "tests", "testing") for part in p.parts[:-1])
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


@dataclass(frozen=True)
class Scope:
    """A class or function of a file: its lines (1-based, inclusive) and dotted class/function names."""

    name: str
    kind: str
    line: int
    end_line: int
    cls: str | None
    function: str | None
    detail: str
    start_line: int  # the first decorator's line (== line when undecorated)

    @property
    def qualname(self) -> str:
        return ".".join(p for p in (self.cls, self.function) if p)


def scopes_of(symbols: list[dict]) -> list[Scope]:
    """Every class/function in a documentSymbol tree, outermost first, named as the bridge names chunks: the
    enclosing classes dotted, then the functions after the innermost class dotted."""
    out: list[Scope] = []

    def walk(nodes: list[dict], chain: list[tuple[str, bool]]) -> None:
        for s in nodes:
            if s["kind"] not in SCOPE_KINDS:
                continue
            here = [*chain, (s["name"], s["kind"] == "Class")]
            last_class = max((i for i, (_, is_class) in enumerate(here) if is_class), default=-1)
            cls = ".".join(n for n, is_class in here[: last_class + 1] if is_class) or None
            function = ".".join(n for n, _ in here[last_class + 1 :]) or None
            detail = s.get("detail") or s["name"]
            start = min(s.get("start_line") or s["line"], s["line"])
            out.append(Scope(s["name"], s["kind"], s["line"], s["end_line"], cls, function, detail, start))
            walk(s.get("children") or [], here)

    walk(symbols, [])
    return out


def innermost(scopes: list[Scope], line: int) -> Scope | None:
    around = [s for s in scopes if s.line <= line <= s.end_line]
    return max(around, key=lambda s: s.line) if around else None


class FileFacts:
    """documentSymbol answers of the files one action touches (one request per file)."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self._scopes: dict[str, list[Scope]] = {}
        self._symbols: dict[str, list[dict]] = {}

    def symbols(self, file: str) -> list[dict]:
        if file not in self._symbols:
            self._symbols[file] = self.bridge.document_symbols(file)
        return self._symbols[file]

    def scopes(self, file: str) -> list[Scope]:
        if file not in self._scopes:
            self._scopes[file] = scopes_of(self.symbols(file))
        return self._scopes[file]

    def defined_at(self, file: str, line: int, name: str | None = None) -> tuple[str, str]:
        """(qualified name, signature) of what is defined on `line`; a variable's own line text as signature."""
        for s in self.scopes(file):
            if s.line == line and (name is None or s.name == name):
                return s.qualname, s.detail
        for parents, sym in _walk(self.symbols(file), []):
            if sym["line"] == line and (name is None or sym["name"] == name):
                return ".".join([*parents, sym["name"]]), sym.get("detail") or sym["name"]
        scope = innermost(self.scopes(file), line)
        return (scope.qualname if scope else ""), ""

    def enclosing(self, file: str, line: int) -> Scope | None:
        return innermost(self.scopes(file), line)

    def chunk(self, file: str, line: int) -> ChunkRef:
        scope = self.enclosing(file, line)
        return ChunkRef(file, scope.cls if scope else None, scope.function if scope else None, False, (line,))


def _walk(nodes: list[dict], parents: list[str]) -> list[tuple[list[str], dict]]:
    """Every symbol of a documentSymbol tree with the names of the symbols it is nested in (a `self.x` attribute
    sits under its class)."""
    out = []
    for s in nodes:
        out.append((parents, s))
        out.extend(_walk(s.get("children") or [], [*parents, s["name"]]))
    return out


MAX_OUTLINE_DEFAULT = 20  # a longer default value shows as `…` in a compact signature
_CONTINUATION = re.compile(r"\\(?=\s)")
_SIGNATURE = re.compile(r"(async\s+def|def|class)\s")


def compact_signature(codes: list[str], defaults: bool = True) -> str:
    """A def/class header (its lines as written) on one line: `def name(params)` without annotations, long defaults
    as `…` (no defaults at all without `defaults`); `class Name(bases)`. A header that does not parse alone is joined
    as written, comments dropped."""
    source = "\n".join([codes[0].strip(), *codes[1:]])
    source = _CONTINUATION.sub(" ", source)  # a backslash ending a line, as the bridge joins a header's lines
    node = None
    for candidate in (source, source + ":"):  # a located signature is written without its colon
        try:
            node = ast.parse(candidate + "\n pass").body[0]
        except SyntaxError:
            continue
        source = candidate
        break
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if arg is not None:
                arg.annotation = None
        args.defaults = [_short_default(d, source) for d in args.defaults] if defaults else []
        args.kw_defaults = [None if d is None or not defaults else _short_default(d, source) for d in args.kw_defaults]
        prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
        return f"{prefix} {node.name}({ast.unparse(args)})"
    if isinstance(node, ast.ClassDef):
        bases = [_as_written(b, source) for b in (*node.bases, *node.keywords)]
        return f"class {node.name}({', '.join(bases)})" if bases else f"class {node.name}"
    joined = " ".join(c.split("#", 1)[0].strip() for c in codes)
    return re.sub(r",?\s+\)", ")", re.sub(r"\(\s+", "(", joined)).rstrip(":").rstrip()


def _as_written(node: ast.AST, source: str) -> str:
    """A node's source text as written (quotes kept), on one line."""
    return " ".join((ast.get_source_segment(source, node) or ast.unparse(node)).split())


def _short_default(value: ast.expr, source: str) -> ast.expr:
    """A default value as written, or `…` when it is long (a name node: unparse prints it verbatim)."""
    text = _as_written(value, source)
    return ast.Name(id=text if len(text) <= MAX_OUTLINE_DEFAULT else "…")


MAX_LOCATED_TEXT = 160  # a signature of thirty parameters or a long line is cut: `open` shows it whole


def located(file: str, line: int, where: str, text: str, mark: str = "") -> str:
    """One answer line: `file:line  where  text`, with an optional `[mark]`; a text written over several lines on
    one line (its whitespace runs as one space), a long one cut with `…`."""
    if _SIGNATURE.match(text.strip()):  # a def/class: its compact signature, as outlines show it
        text = compact_signature([text.strip()])
    text = " ".join(text.split())
    if len(text) > MAX_LOCATED_TEXT:
        text = text[: MAX_LOCATED_TEXT - 1].rstrip() + "…"
    parts = [f"{file}:{line}", where, f"[{mark}]" if mark else "", text]
    return "  ".join(p for p in parts if p)


def line_texts(bridge: Bridge, wanted: dict[str, list[int]]) -> dict[tuple[str, int], str]:
    """The source text of the given lines, from one rendering of them (the renderer's numbered lines)."""
    if not wanted:
        return {}
    blocks = bridge.render_blocks([{"file": f, "lines": sorted(set(ls))} for f, ls in wanted.items()])
    return {(b.path, n): code for b in blocks for n, code in b.lines}


def block_text(
    block: FileBlock,
    keep: Callable[[int], bool] = lambda n: True,
    gaps: bool = True,
    notes: dict[int, str] | None = None,
    continued: set[int] | None = None,
) -> str:
    """A block's `### File:` text with only the numbered lines `keep` accepts, `...` where lines were left out
    when `gaps` (the renderer's own layout, `lsp_bridge.blocks.numbered_line`); a gap right
    after a line of `notes` shows that note instead of `...`. `continued`: the lines that continue a statement, when
    the rows kept cannot tell (a docstring's first line kept, the rest left out)."""
    rows = [(n, code) for n, code in block.lines if keep(n)]
    width = len(str(rows[-1][0])) if rows else 1
    continued = continued_rows(rows) if continued is None else continued
    out = [f"### File: `{block.path}`"]
    prev = None
    for n, code in rows:
        if gaps and prev is not None and n != prev + 1:
            out.append((notes or {}).get(prev, "..."))
        out.append(numbered_line(n, code, width, follows=prev == n - 1, continued=n in continued))
        prev = n
    return "\n".join(out)


def cut_lines(text: str, limit: int) -> tuple[str, int]:
    """At most `limit` lines of `text`, and how many were left out."""
    lines = text.split("\n")
    if len(lines) <= limit:
        return text, 0
    return "\n".join(lines[:limit]), len(lines) - limit
