"""Standard LSP requests answered from the index: symbols, definition, references, hover, folding, call hierarchy."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any, Callable

from lsprotocol import types as lsp
from tree_sitter import Node

from lsp_bridge.extract import header_end_line, parse
from lsp_bridge.files import dotted, read_source
from lsp_bridge.model import CALLABLE_KINDS, CLASS, CLASS_SCOPE, PARAM, FileIndex, Symbol
from lsp_bridge.positions import Columns
from lsp_bridge.render import BLOCK_TYPES
from lsp_bridge.request import Context, Request
from lsp_bridge.resolve import Target
from lsp_bridge.shared_context import context_label, context_spans
from lsp_bridge.symbols import container_name
from lsp_bridge.view import View, uri_to_path

MAX_OVERLOADS = 5  # signatures a hover shows of an overloaded function, then how many more there are
FOLD_INTO = BLOCK_TYPES | {"module", "block", "decorated_definition"}


# ---- document and workspace symbols


def document_symbols(ctx: Context, params: lsp.DocumentSymbolParams) -> list[dict]:
    req = Request(ctx)
    path, fi = req.file(params.text_document.uri)
    if fi is None:
        return []
    cols = req.columns(path if path is not None else params.text_document.uri, whole_lines=True)
    nodes: list[dict] = []
    roots: list[dict] = []
    for s in fi.symbols:
        name_end = s.name_col + len(s.name.encode())
        node = {
            "name": s.name,
            "kind": s.kind,
            "range": {
                "start": {"line": s.deco_line, "character": 0},
                "end": {"line": s.end_line, "character": cols.line_end(s.end_line)},
            },
            "selectionRange": {
                "start": {"line": s.name_line, "character": cols.to_client(s.name_line, s.name_col)},
                "end": {"line": s.name_line, "character": cols.to_client(s.name_line, name_end)},
            },
            "detail": s.detail,
            "children": [],
        }
        nodes.append(node)
        (nodes[s.parent]["children"] if s.parent >= 0 else roots).append(node)
    return roots


def workspace_symbols(ctx: Context, params: lsp.WorkspaceSymbolParams) -> list[dict]:
    """Answered from the symbol table alone (it may come from the cache before the index has loaded)."""
    table = ctx.hub.symbols()
    root = ctx.hub.index.root if ctx.hub.index else Path("/")
    encoding = ctx.encoding
    out = []
    columns: dict[str, Columns | None] = {}  # each non-ASCII file read once per request
    for e in table.search(params.query):
        end = e.col + len(e.name.encode())
        start_col, end_col = e.col, end
        if not e.ascii:
            if e.path not in columns:
                try:
                    columns[e.path] = Columns(read_source(root / e.path)[0], encoding)
                except OSError:
                    columns[e.path] = None
            cols = columns[e.path]
            if cols is None:
                continue
            start_col, end_col = cols.to_client(e.line, e.col), cols.to_client(e.line, end)
        out.append(
            {
                "name": e.name,
                "kind": e.kind,
                "location": {
                    "uri": (root / e.path).as_uri(),
                    "range": {
                        "start": {"line": e.line, "character": start_col},
                        "end": {"line": e.line, "character": end_col},
                    },
                },
                "containerName": e.container,
            }
        )
    return out


# ---- definition, references, hover


def definition(ctx: Context, params: lsp.DefinitionParams) -> list[dict]:
    req = Request(ctx)
    found = req.target_at(params.text_document.uri, params.position)
    if found is None or found[2].external:
        return []
    return [req.target_location(found[2])]


def references(ctx: Context, params: lsp.ReferenceParams) -> list[dict]:
    req = Request(ctx)
    found = req.occurrence(params.text_document.uri, params.position)
    if found is None:
        return []
    refs = req.resolver.references_at(*found, params.context.include_declaration)
    return [req.location(path, line, col, end) for path, line, col, end in refs]


def hover(ctx: Context, params: lsp.HoverParams) -> lsp.Hover | None:
    req = Request(ctx)
    found = req.target_at(params.text_document.uri, params.position)
    if found is None:
        return None
    facts, k, target = found
    text = describe(req, target)
    if not text:
        return None
    o = facts.occ(k)
    path = facts.fi.path
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text),
        range=req.range(path, o.line, o.col, o.line, o.col + len(o.name.encode())),
    )


def describe(req: Request, t: Target) -> str:
    """Markdown: the signature (or binding) in a python block, then the docstring."""
    view = req.view
    if t.external:
        return f"```python\n{_source_line(view, t.path, t.line).strip()}\n```"
    if t.module:
        doc = docstring_of(parse(view.source(t.path)).root_node)
        return f"```python\nmodule {dotted(t.path)}\n```" + (f"\n\n{doc}" if doc else "")
    facts = view.facts(t.path)
    if facts is None:
        return ""
    fi = facts.fi
    if t.symbol >= 0:
        s = fi.symbols[t.symbol]
        overloads = req.resolver.overloads(t)
        if overloads:  # every signature (the implementation's docstring, usually the one there is)
            shown = [fi.symbols[i].detail for i in overloads[:MAX_OVERLOADS]]
            if len(overloads) > MAX_OVERLOADS:
                shown.append(f"# … {len(overloads) - MAX_OVERLOADS} more overloads")
            root = parse(view.source(t.path)).root_node
            defs = (x for x in fi.symbols if x.parent == s.parent and x.name == s.name and x.kind in CALLABLE_KINDS)
            doc = next((d for d in (docstring_of(definition_node(root, x)) for x in defs) if d), "")
            return "```python\n" + "\n".join(shown) + "\n```" + (f"\n\n{doc}" if doc else "")
        if s.scope >= 0:
            doc = symbol_docstring(view, t.path, s)
            return f"```python\n{s.detail}\n```" + (f"\n\n{doc}" if doc else "")
        return f"```python\n{s.detail}\n```"
    k = facts.occurrence_of(t.name, t.line, t.col)
    if k is None:
        return ""
    o = facts.occ(k)
    extra = fi.strings[o.extra] if o.extra >= 0 else ""
    if o.kind == PARAM:
        return f"```python\n(parameter) {t.name}{': ' + extra[1:] if extra.startswith(':') else ''}\n```"
    value = extra.split("\0")[-1]
    binding = f"{t.name}{value}" if value.startswith(":") else f"{t.name} = {value}" if value else t.name
    return f"```python\n(variable) {binding}\n```"


def _source_line(view: View, path: str, line: int) -> str:
    lines = view.source(path).split(b"\n")
    return lines[line].decode("utf-8", "replace") if line < len(lines) else ""


def definition_node(root: Node, s: Symbol) -> Node | None:
    node = root.descendant_for_point_range((s.name_line, s.name_col), (s.name_line, s.name_col))
    while node is not None and node.type not in ("function_definition", "class_definition"):
        node = node.parent
    return node


def docstring_of(node: Node | None) -> str:
    if node is None:
        return ""
    body = node if node.type == "module" else node.child_by_field_name("body")
    first = body.named_children[0] if body is not None and body.named_child_count else None
    if first is None or first.type != "expression_statement" or not first.named_child_count:
        return ""
    string = first.named_children[0]
    if string.type != "string":
        return ""
    raw = (string.text or b"").decode("utf-8", "replace")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw.strip("\"'rRbBuUfF")
    return inspect.cleandoc(value) if isinstance(value, str) else ""


def symbol_docstring(view: View, path: str, s: Symbol) -> str:
    return docstring_of(definition_node(parse(view.source(path)).root_node, s))


# ---- folding


def folding_ranges(ctx: Context, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
    req = Request(ctx)
    path, fi = req.file(params.text_document.uri)
    if fi is None or fi.status in ("binary", "too-large", "unreadable"):
        return []
    source = req.view.source(path) if path is not None else ctx.outside.get(uri_to_path(params.text_document.uri), b"")
    out: list[lsp.FoldingRange] = []
    stack = [parse(source).root_node]
    while stack:
        node = stack.pop()
        start, end = node.start_point[0], node.end_point[0]
        if node.type in BLOCK_TYPES and end > header_end_line(node):
            out.append(lsp.FoldingRange(start_line=start, end_line=end))
        elif node.type == "import_from_statement" and end > start:
            out.append(lsp.FoldingRange(start_line=start, end_line=end, kind=lsp.FoldingRangeKind.Imports))
        stack.extend(c for c in node.named_children if c.type in FOLD_INTO or c.type == "import_from_statement")
    return sorted(out, key=lambda r: (r.start_line, -r.end_line))


# ---- call hierarchy


def _item(req: Request, path: str, i: int) -> lsp.CallHierarchyItem:
    fi = req.view.files[path]
    s = fi.symbols[i]
    return lsp.CallHierarchyItem(
        name=s.name,
        kind=lsp.SymbolKind(s.kind),
        uri=req.uri(path),
        range=req.range(path, s.deco_line, 0, s.end_line, 0),
        selection_range=req.range(path, s.name_line, s.name_col, s.name_line, s.name_col + len(s.name.encode())),
        detail=container_name(fi, s, path),
        data={"path": path, "symbol": i},
    )


def prepare_call_hierarchy(ctx: Context, params: lsp.CallHierarchyPrepareParams) -> list[lsp.CallHierarchyItem]:
    req = Request(ctx)
    found = req.target_at(params.text_document.uri, params.position)
    if found is None or found[2].symbol < 0:
        return []
    t = found[2]
    s = req.view.files[t.path].symbols[t.symbol]
    return [_item(req, t.path, t.symbol)] if s.kind in (*CALLABLE_KINDS, CLASS) else []


def _called(source_lines: list[bytes], line: int, end_col: int) -> bool:
    rest = source_lines[line][end_col:].lstrip() if line < len(source_lines) else b""
    return rest.startswith(b"(")


def _innermost_callable(fi: FileIndex, line: int) -> int:
    best = -1
    for i, s in enumerate(fi.symbols):
        if s.scope >= 0 and s.kind in CALLABLE_KINDS and s.line <= line <= s.end_line:
            best = i
    return best


def incoming_calls(ctx: Context, params: lsp.CallHierarchyIncomingCallsParams) -> list[lsp.CallHierarchyIncomingCall]:
    req = Request(ctx)
    data = params.item.data or {}
    fi = req.view.files.get(data.get("path", ""))
    if fi is None or data.get("symbol", -1) >= len(fi.symbols):
        return []
    s = fi.symbols[data["symbol"]]
    target = Target(fi.path, s.name_line, s.name_col, s.name, data["symbol"])
    groups: dict[tuple[str, int], list[lsp.Range]] = {}
    for path, line, col, end in req.resolver.references(target, include_declaration=False):
        lines = req.view.source(path).split(b"\n")
        if not _called(lines, line, end):
            continue
        caller = _innermost_callable(req.view.files[path], line)
        groups.setdefault((path, caller), []).append(req.range(path, line, col, line, end))
    out = []
    for (path, caller), ranges in groups.items():
        if caller >= 0:
            item = _item(req, path, caller)
        else:
            item = lsp.CallHierarchyItem(
                name=path,
                kind=lsp.SymbolKind.File,
                uri=req.uri(path),
                range=ranges[0],
                selection_range=ranges[0],
            )
        out.append(lsp.CallHierarchyIncomingCall(from_=item, from_ranges=ranges))
    return out


def outgoing_calls(ctx: Context, params: lsp.CallHierarchyOutgoingCallsParams) -> list[lsp.CallHierarchyOutgoingCall]:
    req = Request(ctx)
    data = params.item.data or {}
    path = data.get("path", "")
    facts = req.view.facts(path)
    if facts is None or data.get("symbol", -1) >= len(facts.fi.symbols):
        return []
    fi = facts.fi
    s = fi.symbols[data["symbol"]]
    lines = req.view.source(path).split(b"\n")
    groups: dict[Target, list[lsp.Range]] = {}
    for k in range(len(facts)):
        o = facts.occ(k)
        if not s.header_end < o.line <= s.end_line or fi.scopes[o.scope].kind == CLASS_SCOPE:
            continue
        end = o.col + len(o.name.encode())
        if not _called(lines, o.line, end):
            continue
        t = req.resolver.definition(facts, k)
        if t is not None and t.symbol >= 0 and not t.external:
            groups.setdefault(t, []).append(req.range(path, o.line, o.col, o.line, end))
    return [
        lsp.CallHierarchyOutgoingCall(to=_item(req, t.path, t.symbol), from_ranges=ranges)
        for t, ranges in groups.items()
    ]


# ---- the agent's context as code lenses


def code_lenses(ctx: Context, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    index = ctx.hub.ready_index()
    if index is None:
        return []
    view = View(index, ctx.overlays)
    path = view.normalize(params.text_document.uri)
    return [
        lsp.CodeLens(
            range=lsp.Range(start=lsp.Position(line=start, character=0), end=lsp.Position(line=start, character=0)),
            command=lsp.Command(title=context_label(chunk), command=""),
        )
        for chunk, start, _ in context_spans(view, ctx.hub.context)
        if chunk.file == path
    ]


# method -> (handler, registration options); each runs in the session's thread pool
HANDLERS: dict[str, tuple[Callable[[Context, Any], Any], Any]] = {
    lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL: (document_symbols, None),
    lsp.WORKSPACE_SYMBOL: (workspace_symbols, None),
    lsp.TEXT_DOCUMENT_DEFINITION: (definition, None),
    lsp.TEXT_DOCUMENT_REFERENCES: (references, None),
    lsp.TEXT_DOCUMENT_HOVER: (hover, None),
    lsp.TEXT_DOCUMENT_FOLDING_RANGE: (folding_ranges, None),
    lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY: (prepare_call_hierarchy, None),
    lsp.CALL_HIERARCHY_INCOMING_CALLS: (incoming_calls, None),
    lsp.CALL_HIERARCHY_OUTGOING_CALLS: (outgoing_calls, None),
    lsp.TEXT_DOCUMENT_CODE_LENS: (code_lenses, lsp.CodeLensOptions(resolve_provider=False)),
}
