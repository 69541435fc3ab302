"""Custom `lspBridge/*` methods for the agent: render code context, locate, overview, shared context, sync, status."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from lsp_bridge import __version__
from lsp_bridge.extract import digest
from lsp_bridge.model import CLASS, IMPORT_BIND, Import
from lsp_bridge.render import Chunk, Renderer
from lsp_bridge.request import BadParams, Context, Request, as_dict, require
from lsp_bridge.resolve import is_alias

NUMBER = (int, float)
OPTIONAL_TEXT = (str, type(None))


def _chunk(raw: Any) -> Chunk:
    if not isinstance(raw, dict):
        raise BadParams("'chunks' must be a list of objects")
    lines = raw.get("lines") or []
    checks = (
        isinstance(raw.get("file", raw.get("file_path", "")), str),
        isinstance(raw.get("class", raw.get("cls")), OPTIONAL_TEXT),
        isinstance(raw.get("function"), OPTIONAL_TEXT),
        isinstance(lines, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in lines),
        raw.get("score") is None or (isinstance(raw["score"], NUMBER) and not isinstance(raw["score"], bool)),
    )
    if not all(checks):
        raise BadParams("a chunk is {file: str, class?: str, function?: str, lines?: [int], score?: number}")
    return Chunk.from_dict(raw)


def _chunks(params: dict) -> list[Chunk]:
    raw = params.get("chunks")
    if not isinstance(raw, list):
        raise BadParams("'chunks' must be a list of objects")
    return [_chunk(c) for c in raw]


def _line(params: dict) -> int:
    return int(require(params, "line", int))


def position(ctx: Context, params: Any) -> dict | None:
    """`{file, line, name}` -> the LSP position (0-based, client encoding) of `name` on that 1-based line."""
    params = as_dict(params)
    file, line, name = require(params, "file"), _line(params) - 1, require(params, "name")
    req = Request(ctx)
    path = req.view.normalize(file)
    facts = req.view.facts(path) if path else None
    if path is None or facts is None:
        return None
    for k in facts.positions(name):
        o = facts.occ(k)
        if o.line == line:
            return {"line": line, "character": req.columns(path).to_client(line, o.col)}
    return None


def render_context(ctx: Context, params: Any) -> dict:
    params = as_dict(params)
    chunks, threshold = _chunks(params), params.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, NUMBER)):
        raise BadParams("'threshold' must be a number")
    blocks, missing = Renderer(Request(ctx).view).render_blocks(chunks, threshold)
    return {"text": "\n\n".join(b.text for b in blocks), "files": [b.to_dict() for b in blocks], "missing": missing}


def locate(ctx: Context, params: Any) -> dict:
    """`{file, line}` -> the chunk holding that line; `{symbol}` -> the chunks defining it (dotted suffix match)."""
    params = as_dict(params)
    req = Request(ctx)
    renderer = Renderer(req.view)
    if params.get("symbol") is not None:  # `{symbol: ""}` is a symbol left empty, not a request for a file's line
        symbol = require(params, "symbol")
        found = find_symbols(ctx, req, symbol)
        vias: list[dict | None] = [None] * len(found)
        if not found:  # an import alias (`from m import f as g`): the definition it names, and the alias's line
            aliased = alias_definitions(req, symbol)
            found = [(p, i) for p, i, _ in aliased]
            vias = [{"file": a.path, "line": a.line, "text": renderer.lines(a.path)[a.line - 1].strip()}
                    for _, _, a in aliased]  # fmt: skip
        if not found:  # a public name a package re-exports (`jinja2.Environment`): what its import leads to
            found = reexported_definition(req, symbol)
            vias = [None] * len(found)
        chunks = [renderer.locate_symbol(req.view.files[p], i) for p, i in found]
        out = [c.to_dict() | ({"via": v} if v else {}) for c, v in zip(chunks, vias)]
        return {"chunks": out, "text": renderer.render(chunks)[0]}
    file, line = require(params, "file"), _line(params)
    path = req.view.normalize(file)
    fi = req.view.files.get(path) if path else None
    if fi is None or not 1 <= line <= max(renderer.line_total(fi.path), 1):
        return {"chunks": [], "text": ""}
    chunks = [renderer.locate_line(fi, line)]
    if params.get("whole_function") and chunks[0].function:
        chunks[0].whole_function = True
    return {"chunks": [c.to_dict() for c in chunks], "text": renderer.render(chunks)[0]}


def find_symbols(ctx: Context, req: Request, query: str, limit: int = 20) -> list[tuple[str, int]]:
    """(path, symbol index) of the definitions of `query`, a name or a dotted suffix of one (`A.m`, `mod.A.m`).
    A dotted query with no definition of its own falls back to the member its classes inherit (`Child.run` ->
    `Base.run`), resolved through their bases as go-to-definition does."""
    table = ctx.hub.symbols()

    def matches(q: str, classes: bool = False) -> list[tuple[str, int]]:
        name = q.rsplit(".", 1)[-1]
        found = []
        for e in table.exact(name):
            qualified = f"{e.container}.{name}"
            suffix = qualified == q or qualified.endswith("." + q)
            if suffix and e.path in req.view.files and (not classes or e.kind == CLASS):
                found.append((e.path, e.index))
        return found

    out = set(matches(query))
    if not out and "." in query:
        prefix, member = query.rsplit(".", 1)
        for path, cls in matches(prefix, classes=True):
            t = req.resolver.class_member(path, cls, member)
            if t is not None and t.symbol >= 0 and not t.external and t.path in req.view.files:
                out.add((t.path, t.symbol))
    return sorted(out)[:limit]


def reexported_definition(req: Request, query: str) -> list[tuple[str, int]]:
    """(path, symbol index) of `pkg.Name` or `pkg.Name.member` where module `pkg` has no such definition of its own
    but binds the name by an import (`from .environment import Environment`): where that leads, as go-to-definition
    of the name in an importing file does."""
    parts = query.split(".")
    for i in range(len(parts) - 1, 0, -1):
        path = req.resolver.resolve_module(".".join(parts[:i]), "")
        if path is None:
            continue
        t = req.resolver.module_target(".".join(parts[:i]), "")
        for name in parts[i:]:
            if t is None or t.external:
                break
            if t.module:
                t = req.resolver.module_member(t.path, name)
            elif t.symbol >= 0 and req.view.files[t.path].symbols[t.symbol].kind == CLASS:
                t = req.resolver.class_member(t.path, t.symbol, name)
            else:
                t = None
        if t is not None and t.symbol >= 0 and not t.external and t.path in req.view.files:
            return [(t.path, t.symbol)]
        return []
    return []


class Alias(NamedTuple):
    path: str
    line: int  # 1-based line of the import that binds the alias
    name: str


def aliases_named(req: Request, name: str) -> list[tuple[str, Import, Alias]]:
    """Every module-level import that binds `name` under another name (`from m import f as name`)."""
    out = []
    for path in req.view.paths_with_name(name):
        facts = req.view.facts(path)
        if facts is None:
            continue
        for k in facts.positions(name):
            o = facts.occ(k)
            if o.kind == IMPORT_BIND and o.scope == 0 and is_alias(imp := facts.fi.imports[o.extra]):
                out.append((path, imp, Alias(path, o.line + 1, name)))
    return out


def alias_definitions(req: Request, query: str, limit: int = 20) -> list[tuple[str, int, Alias]]:
    """(path, symbol index, alias) of the definitions an import alias names: `name` -> what `from m import f as name`
    imports; `name.member` -> that class's member (through its bases)."""
    head, _, member = query.partition(".")
    if "." in member:
        return []
    out: dict[tuple[str, int], Alias] = {}
    for path, imp, alias in aliases_named(req, head):
        facts = req.view.facts(path)
        t = req.resolver.follow_import(facts, imp) if facts is not None else None
        if t is None or t.symbol < 0 or t.external or t.path not in req.view.files:
            continue
        if member:
            if req.view.files[t.path].symbols[t.symbol].kind != CLASS:
                continue
            t = req.resolver.class_member(t.path, t.symbol, member)
            if t is None or t.symbol < 0 or t.external or t.path not in req.view.files:
                continue
        out.setdefault((t.path, t.symbol), alias)
    return [(p, i, a) for (p, i), a in sorted(out.items())][:limit]


def overview(ctx: Context, params: Any) -> dict:
    params = as_dict(params)
    file, cls = require(params, "file"), params.get("class")
    if not isinstance(cls, OPTIONAL_TEXT):
        raise BadParams("'class' must be a string")
    req = Request(ctx)
    path = req.view.normalize(file)
    fi = req.view.files.get(path) if path else None
    if fi is None:
        return {"text": "", "symbols": [], "file": None}
    block, symbols = Renderer(req.view).overview(fi, cls)
    return {"text": block.text if block else "", "symbols": symbols, "file": block.to_dict() if block else None}


def set_agent_context(ctx: Context, params: Any) -> dict:
    chunks = _chunks(as_dict(params))
    ctx.hub.set_context(chunks, source=ctx)
    return {"chunks": len(chunks), "files": len({c.file for c in chunks}), "editors": len(ctx.hub.sessions) - 1}


def agent_context(ctx: Context, params: Any) -> dict:
    return {"chunks": [c.to_dict() for c in ctx.hub.context]}


def file_digests(ctx: Context, params: Any) -> dict:
    """`{files}` -> the digest of each file's text as a rendering would read it now (`FileBlock.digest`; "" for a file
    outside the workspace or gone): a client keeps its renderings of the files whose digest did not change."""
    files = as_dict(params).get("files")
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        raise BadParams("'files' must be a list of strings")
    view = Request(ctx).view
    out: dict[str, str] = {}
    for file in files:
        path = view.normalize(file)
        if path is None or path not in view.files or not (path in view.overlays or view.absolute(path).is_file()):
            out[file] = ""
        else:
            out[file] = digest(view.source(path))
    return {"digests": out}


def sync(ctx: Context, params: Any) -> dict:
    index = ctx.hub.ready_index()
    changed = index.refresh() if index else []
    return {"changed": changed, "files": len(index.files) if index else 0}


def status(ctx: Context, params: Any) -> dict:
    index = ctx.hub.index
    return {
        "version": __version__,
        "root": str(index.root) if index else None,
        "ready": bool(index and index.ready.is_set()),
        "files": len(index.files) if index else 0,
        "modules": len(index.modules) if index else 0,
        "stats": index.stats if index else {},
        "problems": dict(sorted(index.problems.items())[:100]) if index else {},  # as of the last scan, not the build
        "error": index.error if index else "",
        "cache": str(index.cache_path) if index else None,
        "sessions": len(ctx.hub.sessions),
    }


METHODS: dict[str, Callable[[Context, Any], Any]] = {
    "lspBridge/position": position,
    "lspBridge/renderContext": render_context,
    "lspBridge/locate": locate,
    "lspBridge/overview": overview,
    "lspBridge/setAgentContext": set_agent_context,
    "lspBridge/agentContext": agent_context,
    "lspBridge/fileDigests": file_digests,
    "lspBridge/sync": sync,
    "lspBridge/status": status,
}
