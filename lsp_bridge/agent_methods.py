"""Custom `lspBridge/*` methods for the agent: render code context, locate, overview, shared context, sync, status."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsp_bridge import __version__
from lsp_bridge.features import Request
from lsp_bridge.render import Chunk, Renderer

if TYPE_CHECKING:
    from lsp_bridge.session import Session


class BadParams(ValueError):
    """Raised for missing or malformed parameters; reaches the client as a JSON-RPC invalid-params error."""


def _require(params: dict, key: str) -> Any:
    if not isinstance(params, dict) or params.get(key) in (None, ""):
        raise BadParams(f"missing parameter {key!r}")
    return params[key]


def _chunks(params: dict) -> list[Chunk]:
    raw = params.get("chunks") if isinstance(params, dict) else None
    if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
        raise BadParams("'chunks' must be a list of objects")
    return [Chunk.from_dict(c) for c in raw]


def position(session: Session, params: dict) -> dict | None:
    """`{file, line, name}` -> the LSP position (0-based, client encoding) of `name` on that 1-based line."""
    req = Request(session)
    path = req.view.normalize(str(_require(params, "file")))
    facts = req.view.facts(path) if path else None
    if facts is None:
        return None
    line = int(_require(params, "line")) - 1
    for k in facts.positions(str(_require(params, "name"))):
        o = facts.occ(k)
        if o.line == line:
            return {"line": line, "character": req.columns(path).to_client(line, o.col)}
    return None


def render_context(session: Session, params: dict) -> dict:
    req = Request(session)
    text, missing = Renderer(req.view).render(_chunks(params), params.get("threshold"))
    return {"text": text, "missing": missing}


def locate(session: Session, params: dict) -> dict:
    """`{file, line}` -> the chunk holding that line; `{symbol}` -> the chunks defining it (dotted suffix match)."""
    req = Request(session)
    renderer = Renderer(req.view)
    if params.get("symbol"):
        chunks = [renderer.locate_symbol(req.view.files[p], i) for p, i in find_symbols(session, req, params["symbol"])]
    else:
        path = req.view.normalize(str(_require(params, "file")))
        fi = req.view.files.get(path) if path else None
        line = int(_require(params, "line"))
        if fi is None or not 1 <= line <= max(fi.line_count, 1):
            return {"chunks": [], "text": ""}
        chunks = [renderer.locate_line(fi, line)]
        if params.get("whole_function") and chunks[0].function:
            chunks[0].whole_function = True
    return {"chunks": [c.to_dict() for c in chunks], "text": renderer.render(chunks)[0]}


def find_symbols(session: Session, req: Request, query: str, limit: int = 20) -> list[tuple[str, int]]:
    name = query.rsplit(".", 1)[-1]
    out = []
    for e in session.hub.symbols().exact(name):
        qualified = f"{e.container}.{name}"
        if e.path in req.view.files and (qualified == query or qualified.endswith("." + query)):
            out.append((e.path, e.index))
    return sorted(out)[:limit]


def overview(session: Session, params: dict) -> dict:
    req = Request(session)
    path = req.view.normalize(str(_require(params, "file")))
    fi = req.view.files.get(path) if path else None
    if fi is None:
        return {"text": "", "symbols": []}
    text, symbols = Renderer(req.view).overview(fi, params.get("class"))
    return {"text": text, "symbols": symbols}


def set_agent_context(session: Session, params: dict) -> dict:
    chunks = _chunks(params)
    session.hub.set_context(chunks, source=session)
    return {"chunks": len(chunks), "files": len({c.file for c in chunks}), "editors": len(session.hub.sessions) - 1}


def agent_context(session: Session, params: Any) -> dict:
    return {"chunks": [c.to_dict() for c in session.hub.context]}


def sync(session: Session, params: Any) -> dict:
    index = session.hub.ready_index()
    changed = index.refresh() if index else []
    return {"changed": changed, "files": len(index.files) if index else 0}


def status(session: Session, params: Any) -> dict:
    index = session.hub.index
    return {
        "version": __version__,
        "root": str(index.root) if index else None,
        "ready": bool(index and index.ready.is_set()),
        "files": len(index.files) if index else 0,
        "modules": len(index.modules) if index else 0,
        "stats": index.stats if index else {},
        "error": index.error if index else "",
        "cache": str(index.cache_path) if index else None,
        "sessions": len(session.hub.sessions),
    }


METHODS = {
    "lspBridge/position": position,
    "lspBridge/renderContext": render_context,
    "lspBridge/locate": locate,
    "lspBridge/overview": overview,
    "lspBridge/setAgentContext": set_agent_context,
    "lspBridge/agentContext": agent_context,
    "lspBridge/sync": sync,
    "lspBridge/status": status,
}
