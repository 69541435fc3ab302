"""One client's LSP session (a pygls server instance) over the shared hub; `exit` ends only this session."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, default_converter, lsp_method
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

from lsp_bridge import __version__, agent_methods, features
from lsp_bridge.extract import digest, extract
from lsp_bridge.hub import Hub
from lsp_bridge.render import Chunk, Renderer
from lsp_bridge.view import View, uri_to_path

log = logging.getLogger(__name__)
CONTEXT_SOURCE = "lsp-bridge agent"


def converter():
    """pygls' converter, but custom methods keep plain dicts (chunk fields such as `class` are keywords)."""
    conv = default_converter()
    for cls in (JsonRPCRequestMessage, JsonRPCNotification, JsonRPCResponseMessage):
        conv.register_structure_hook(cls, lambda obj, cls: cls(**obj))
    return conv


class BridgeProtocol(LanguageServerProtocol):
    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is None and isinstance(result, (list, dict)):  # plain JSON: skip cattrs on the hot paths
            self._send_data({"jsonrpc": "2.0", "id": msg_id, "result": result})
        else:
            super()._send_response(msg_id, result, error)

    @lsp_method(lsp.EXIT)
    def lsp_exit(self, *args: Any) -> None:
        self._server.end(0 if self._shutdown else 1)


class Session(LanguageServer):
    def __init__(self, hub: Hub, on_end: Callable[[int], None]) -> None:
        super().__init__(
            "lsp-bridge",
            __version__,
            protocol_cls=BridgeProtocol,
            converter_factory=converter,
            max_workers=4,
        )
        self.hub = hub
        self.on_end = on_end
        self.overlays: dict[str, tuple[Any, bytes]] = {}
        self.outside: dict[str, bytes] = {}
        self._shown_files: set[str] = set()
        self.ended = False
        register(self)

    # ---- lifecycle

    def end(self, code: int) -> None:
        if self in self.hub.sessions:
            self.hub.sessions.remove(self)
        if not self.ended:
            self.ended = True
            self.on_end(code)

    @property
    def encoding(self) -> str:
        caps = getattr(self.protocol, "server_capabilities", None)
        return str(getattr(caps, "position_encoding", None) or "utf-16")

    def view(self) -> View:
        index = self.hub.ready_index()
        if index is None:
            raise RuntimeError("the workspace index is not available")
        return View(index, self.overlays)

    # ---- documents

    def sync_document(self, uri: str) -> None:
        doc = self.workspace.get_text_document(uri)
        text = doc.source.encode("utf-8")
        index = self.hub.ready_index()
        rel = index.path_of(uri_to_path(uri)) if index else None
        if rel is None:
            self.outside[uri_to_path(uri)] = text
            return
        on_disk = index.refresh_file(rel)
        if on_disk is not None and on_disk.digest == digest(text):
            self.overlays.pop(rel, None)
        else:
            self.overlays[rel] = (extract(rel, text), text)

    def close_document(self, uri: str) -> None:
        path = uri_to_path(uri)
        self.outside.pop(path, None)
        index = self.hub.index
        rel = index.path_of(path) if index else None
        if rel is not None:
            self.overlays.pop(rel, None)

    # ---- the agent's code context, shown to editors

    def show_agent_context(self) -> None:
        """Informational diagnostics on the chunks the agent is looking at (with scores), and a lens refresh."""
        index = self.hub.index
        if index is None or not index.ready.is_set():
            return
        view = View(index, self.overlays)
        per_file: dict[str, list[lsp.Diagnostic]] = {}
        for chunk, start, end in context_spans(view, self.hub.context):
            per_file.setdefault(chunk.file, []).append(
                lsp.Diagnostic(
                    range=lsp.Range(
                        start=lsp.Position(line=start, character=0), end=lsp.Position(line=end, character=0)
                    ),
                    message=context_label(chunk),
                    severity=lsp.DiagnosticSeverity.Information,
                    source=CONTEXT_SOURCE,
                )
            )
        for path in self._shown_files - set(per_file):
            per_file[path] = []
        for path, diagnostics in per_file.items():
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=view.absolute(path).as_uri(), diagnostics=diagnostics)
            )
        self._shown_files = {p for p, d in per_file.items() if d}
        self.protocol.notify("lspBridge/agentContextChanged", {"chunks": [c.to_dict() for c in self.hub.context]})
        caps = getattr(self.protocol, "client_capabilities", None)
        if getattr(getattr(getattr(caps, "workspace", None), "code_lens", None), "refresh_support", False):
            self.workspace_code_lens_refresh(None)


def context_label(chunk: Chunk) -> str:
    where = ".".join(x for x in (chunk.cls, chunk.function) if x) or chunk.file
    score = f" (score {chunk.score:.2f})" if isinstance(chunk.score, (int, float)) else ""
    return f"agent context: {where}{score}"


def context_spans(view: View, chunks: list[Chunk]) -> list[tuple[Chunk, int, int]]:
    """(chunk with a workspace path, first line, line after the last) of each chunk the agent holds."""
    renderer = Renderer(view)
    out = []
    for chunk in chunks:
        path = view.normalize(chunk.file)
        fi = view.files.get(path) if path else None
        if fi is None:
            continue
        shown = renderer.shown_lines(fi, chunk)
        if shown:
            out.append(
                (
                    Chunk(path, chunk.cls, chunk.function, chunk.whole_function, chunk.lines, chunk.score),
                    min(shown),
                    max(shown) + 1,
                )
            )
    return out


def code_lenses(session: Session, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    index = session.hub.ready_index()
    if index is None:
        return []
    view = View(index, session.overlays)
    path = view.normalize(params.text_document.uri)
    return [
        lsp.CodeLens(
            range=lsp.Range(start=lsp.Position(line=start, character=0), end=lsp.Position(line=start, character=0)),
            command=lsp.Command(title=context_label(chunk), command=""),
        )
        for chunk, start, _ in context_spans(view, session.hub.context)
        if chunk.file == path
    ]


# ---- registration


def register(server: Session) -> None:
    def threaded(method: str, fn: Callable[[Session, Any], Any], options: Any = None) -> None:
        def handler(params: Any) -> Any:
            try:
                return fn(server, params)
            except agent_methods.BadParams as e:
                raise JsonRpcInvalidParams(str(e)) from None

        server.feature(method, options)(server.thread()(handler))

    @server.feature(lsp.INITIALIZE)
    def initialize(params: lsp.InitializeParams) -> None:
        if server.hub.fixed:
            return
        root = _root_of(params)
        server.hub.open(root)

    def sync(params: lsp.DidOpenTextDocumentParams | lsp.DidChangeTextDocumentParams) -> None:
        server.sync_document(params.text_document.uri)

    # document sync runs on the loop, in arrival order: a request that follows it sees the new text
    for method in (lsp.TEXT_DOCUMENT_DID_OPEN, lsp.TEXT_DOCUMENT_DID_CHANGE, lsp.TEXT_DOCUMENT_DID_SAVE):
        server.feature(method)(sync)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
        server.close_document(params.text_document.uri)

    @server.feature(lsp.INITIALIZED)
    def initialized(params: lsp.InitializedParams) -> None:
        server.hub.sessions.append(server)
        if server.hub.context:
            server.thread_pool.submit(server.show_agent_context)

    threaded(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, features.document_symbols)
    threaded(lsp.WORKSPACE_SYMBOL, features.workspace_symbols)
    threaded(lsp.TEXT_DOCUMENT_DEFINITION, features.definition)
    threaded(lsp.TEXT_DOCUMENT_REFERENCES, features.references)
    threaded(lsp.TEXT_DOCUMENT_HOVER, features.hover)
    threaded(lsp.TEXT_DOCUMENT_FOLDING_RANGE, features.folding_ranges)
    threaded(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, features.prepare_call_hierarchy)
    threaded(lsp.CALL_HIERARCHY_INCOMING_CALLS, features.incoming_calls)
    threaded(lsp.CALL_HIERARCHY_OUTGOING_CALLS, features.outgoing_calls)
    threaded(lsp.TEXT_DOCUMENT_CODE_LENS, code_lenses, lsp.CodeLensOptions(resolve_provider=False))
    for method, fn in agent_methods.METHODS.items():
        threaded(method, fn)


def _root_of(params: lsp.InitializeParams) -> Path:
    for candidate in (
        *(uri_to_path(f.uri) for f in params.workspace_folders or []),
        uri_to_path(params.root_uri) if params.root_uri else None,
        params.root_path,
        "/testbed",
    ):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return Path.cwd()
