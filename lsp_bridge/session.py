"""One client's LSP session (a pygls server instance) over the shared hub; `exit` ends only this session.

This is the one module that registers handlers: the lifecycle and document sync here, then the two tables,
`features.HANDLERS` (standard LSP) and `agent_methods.METHODS` (`lspBridge/*`), each handler taking the session as
its `request.Context`.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any, Callable

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from lsp_bridge import __version__, agent_methods, features
from lsp_bridge.extract import digest, extract
from lsp_bridge.hub import Hub
from lsp_bridge.model import FileIndex
from lsp_bridge.pygls_adapter import BridgeProtocol, converter, release_threads
from lsp_bridge.request import BadParams, Context
from lsp_bridge.shared_context import CONTEXT_SOURCE, context_label, context_spans
from lsp_bridge.view import View, uri_to_path

log = logging.getLogger(__name__)


def _stat(pid: int) -> list[bytes]:
    """The fields of /proc/PID/stat after the command name (state, ppid, ...); [] without procfs or process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()
    except OSError:
        return []


def process_alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, dead but not yet reaped by its parent, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: it exists
        pass
    except OSError:
        return False
    stat = _stat(pid)
    return not stat or stat[0] != b"Z"  # no procfs: the signal's answer stands


def lineage(pid: int, limit: int = 64) -> set[int]:
    """`pid` and its ancestors (without procfs: `pid` and, for this process, its parent)."""
    out = {pid}
    if not _stat(pid):
        return out | ({os.getppid()} if pid == os.getpid() else set())
    while len(out) < limit:
        stat = _stat(pid)
        if len(stat) < 2 or not stat[1].isdigit() or int(stat[1]) <= 1:  # 0: the kernel; 1: init, never the client
            break
        pid = int(stat[1])
        out.add(pid)
    return out


class Session(LanguageServer):
    protocol: BridgeProtocol
    watch_seconds = 3.0  # how often the client's process (initialize's `processId`) is checked

    def __init__(self, hub: Hub, on_end: Callable[[int], None]) -> None:
        super().__init__(
            "lsp-bridge",
            __version__,
            protocol_cls=BridgeProtocol,
            converter_factory=converter,
            max_workers=4,
        )
        self.protocol.on_exit = self.end
        self.hub = hub
        self.on_end = on_end
        self.overlays: dict[str, tuple[FileIndex, bytes]] = {}
        self.outside: dict[str, bytes] = {}
        self._shown_files: set[str] = set()
        self.ended = False
        self.end_reason = ""  # why the session ended, when it was not the client's doing
        self.peer = os.getpid()  # a process the client started (a daemon session: the connecting process)
        self._client_watch: asyncio.Future | None = None
        register(self)

    # ---- lifecycle

    def end(self, code: int) -> None:
        if self in self.hub.sessions:
            self.hub.sessions.remove(self)
        if not self.ended:
            self.ended = True
            release_threads(self)
            self.on_end(code)

    def watch_client(self, pid: int | None) -> None:
        """LSP: the server exits when the process that started it (initialize's `processId`) is gone. Its death
        normally ends the input too; not when a child of the editor (a shell, a formatter) still holds the pipe
        after the editor was killed. Watched only if that process is an ancestor of this one (of the connecting
        process, for a daemon session), as it is when it started the server: an editor on the host of a `docker exec`
        names a pid of another namespace, which here may be anything or nothing."""
        if pid is None or pid <= 0 or pid == os.getpid():
            return
        if pid not in lineage(self.peer) or not process_alive(pid):
            log.info("the client's processId %d is not a parent of the server here: not watched", pid)
            return

        async def watch() -> None:
            while not self.ended:
                await asyncio.sleep(self.watch_seconds)
                if not self.ended and not process_alive(pid):
                    self.end_reason = f"the client process {pid} is gone"
                    log.warning("%s: ending its session", self.end_reason)
                    self.end(1)

        self._client_watch = asyncio.ensure_future(watch())

    @property
    def encoding(self) -> str:
        return self.protocol.position_encoding

    def view(self) -> View:
        index = self.hub.ready_index()
        if index is None:
            raise RuntimeError("the workspace index is not available")
        return View(index, self.overlays)

    # ---- documents

    def sync_document(self, uri: str) -> None:
        doc = self.workspace.get_text_document(uri)
        text = doc.source.encode("utf-8", "replace")
        index = self.hub.ready_index()
        rel = index.path_of(uri_to_path(uri)) if index else None
        if index is None or rel is None:
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
        if index is None or not index.ready.is_set() or self.ended:
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
        if self.protocol.client_supports_code_lens_refresh():
            self.workspace_code_lens_refresh(None)


# ---- registration


def register(server: Session) -> None:
    def threaded(method: str, fn: Callable[[Context, Any], Any], options: Any = None) -> None:
        def handler(params: Any) -> Any:
            try:
                return fn(server, params)
            except BadParams as e:
                raise JsonRpcInvalidParams(str(e)) from None

        server.feature(method, options)(server.thread()(handler))

    @server.feature(lsp.INITIALIZE)
    def initialize(params: lsp.InitializeParams) -> None:
        if not server.hub.fixed:
            root, refused = _root_of(params)
            if refused:  # a mistyped or deleted folder: say what is served instead (it may be a large tree)
                message = f"lsp-bridge: the client's root {refused} is not a folder; serving {root}"
                log.warning("%s", message)
                server.window_show_message(lsp.ShowMessageParams(type=lsp.MessageType.Warning, message=message))
            server.hub.open(root)
        server.watch_client(params.process_id)

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
        if server not in server.hub.sessions:
            server.hub.sessions.append(server)
        if server.hub.context:
            server.thread_pool.submit(server.show_agent_context)

    for method, (fn, options) in features.HANDLERS.items():
        threaded(method, fn, options)
    for method, fn in agent_methods.METHODS.items():
        threaded(method, fn)


def _root_of(params: lsp.InitializeParams) -> tuple[Path, str]:
    """The folder to serve, and the first root the client named that is not a folder ("" if none was refused)."""
    named: list[str | None] = []
    for f in params.workspace_folders or []:
        named.append(uri_to_path(f.uri) or f.uri)
    if params.root_uri:
        named.append(uri_to_path(params.root_uri) or params.root_uri)
    named.append(params.root_path)
    refused = ""
    for candidate in (*named, "/testbed"):
        try:
            if candidate and Path(candidate).is_dir():
                return Path(candidate), refused
        except (OSError, ValueError):
            pass
        if candidate and candidate != "/testbed" and not refused:
            refused = str(candidate)
    return Path.cwd(), refused
