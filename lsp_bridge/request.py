"""What a handler sees of its session (a `Context`), one request's view of the workspace, and parameter checks.

Handlers (`features.HANDLERS`, `agent_methods.METHODS`) take `(Context, params)`; they never see the pygls session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from lsprotocol import types as lsp

from lsp_bridge.extract import extract
from lsp_bridge.model import FileIndex
from lsp_bridge.positions import Columns
from lsp_bridge.resolve import Facts, Resolver, Target
from lsp_bridge.view import View, uri_to_path

if TYPE_CHECKING:
    from lsp_bridge.hub import Hub


class Context(Protocol):
    """One client's state over the shared hub: its unsaved buffers and its negotiated position encoding."""

    hub: Hub
    overlays: dict[str, tuple[FileIndex, bytes]]
    outside: dict[str, bytes]

    @property
    def encoding(self) -> str: ...

    def view(self) -> View: ...


class BadParams(ValueError):
    """Missing or malformed parameters; reaches the client as a JSON-RPC invalid-params error (-32602)."""


def as_dict(params: Any) -> dict:
    """Custom methods take an object (or nothing)."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise BadParams("params must be an object")
    return params


def require(params: dict, key: str, kind: type | tuple[type, ...] = str) -> Any:
    value = params.get(key)
    if value is None or value == "":
        raise BadParams(f"missing parameter {key!r}")
    if isinstance(value, bool) or not isinstance(value, kind):
        raise BadParams(f"parameter {key!r} has the wrong type")
    return value


class Request:
    """One request's view of the workspace, resolver, and position conversions."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.view: View = ctx.view()
        self.resolver = Resolver(self.view)
        self.encoding = ctx.encoding
        self._columns: dict[tuple[str, bool], Columns] = {}

    # ---- files and positions

    def file(self, uri: str) -> tuple[str | None, FileIndex | None]:
        """(workspace path, index) of a document; open documents outside the workspace are indexed on the fly."""
        path = self.view.normalize(uri)
        if path is not None:
            if path not in self.view.overlays:
                self.view.index.refresh_file(path)
                self.view = self.ctx.view()
                self.resolver = Resolver(self.view)
            return path, self.view.files.get(path)
        text = self.ctx.outside.get(uri_to_path(uri))
        if text is None:
            return None, None
        self._columns[(uri, True)] = Columns(text, self.encoding)
        return None, extract(uri, text)

    def columns(self, path: str, whole_lines: bool = False) -> Columns:
        """Column conversions; an ASCII file needs no source, unless line lengths are wanted (`whole_lines`)."""
        key = (path, whole_lines)
        if key not in self._columns:
            fi = self.view.files.get(path)
            plain = fi is not None and fi.ascii and not whole_lines
            self._columns[key] = Columns(b"" if plain else self.view.source(path), self.encoding, plain or None)
        return self._columns[key]

    def uri(self, path: str) -> str:
        return self.view.absolute(path).as_uri()

    def range(self, path: str, line: int, col: int, end_line: int, end_col: int) -> lsp.Range:
        cols = self.columns(path)
        return lsp.Range(
            start=lsp.Position(line=line, character=cols.to_client(line, col)),
            end=lsp.Position(line=end_line, character=cols.to_client(end_line, end_col)),
        )

    def location(self, path: str, line: int, col: int, end_col: int) -> dict:
        cols = self.columns(path)
        return {
            "uri": self.uri(path),
            "range": {
                "start": {"line": line, "character": cols.to_client(line, col)},
                "end": {"line": line, "character": cols.to_client(line, end_col)},
            },
        }

    def target_location(self, t: Target) -> dict:
        return self.location(t.path, t.line, t.col, t.col + (0 if t.module else len(t.name.encode())))

    def occurrence(self, uri: str, position: lsp.Position) -> tuple[Facts, int] | None:
        path, fi = self.file(uri)
        if path is None or fi is None:
            return None
        facts = self.view.facts(path)
        if facts is None:
            return None
        k = facts.at(position.line, self.columns(path).to_bytes(position.line, position.character))
        return (facts, k) if k is not None else None

    def target_at(self, uri: str, position: lsp.Position) -> tuple[Facts, int, Target] | None:
        found = self.occurrence(uri, position)
        if found is None:
            return None
        facts, k = found
        t = self.resolver.definition(facts, k)
        return (facts, k, t) if t is not None else None
