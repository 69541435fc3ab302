"""A blocking client for synchronous agents: starts a bridge command and answers in plain dicts.

Positions given to and returned by this client are 1-based lines and columns; files are workspace-relative.

    with BridgeClient(["docker", "exec", "-i", container, "lsp-bridge", "connect"]) as bridge:
        bridge.definition("pkg/mod.py", 42, name="helper")
        bridge.render_context([{"file": "pkg/mod.py", "function": "helper", "lines": [42]}])
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, Union
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from lsp_bridge import __version__, framing
from lsp_bridge.blocks import FileBlock
from lsp_bridge.pygls_adapter import ClientProtocol, client_protocol, converter

log = logging.getLogger(__name__)

Stderr = Union[int, IO[bytes], None]


class BridgeError(RuntimeError):
    pass


class BridgeClient:
    def __init__(
        self,
        command: list[str],
        root: str | None = None,
        timeout: float = 120.0,
        stderr: Stderr = subprocess.DEVNULL,
        env: dict[str, str] | None = None,
    ) -> None:
        self.command = command
        self.timeout = timeout
        self.root = str(Path(root).resolve()) if root else ""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="lsp-bridge-client", daemon=True)
        self._thread.start()
        self._client = LanguageClient(
            "lsp-bridge-client", __version__, protocol_cls=ClientProtocol, converter_factory=converter
        )
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Future | None = None
        self.context_updates: list[dict] = []
        self._diagnostics: dict[str, list[dict]] = {}
        self._client.feature("lspBridge/agentContextChanged")(lambda params: self.context_updates.append(params))
        self._client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: self._on_diagnostics(params))
        try:
            self._call(self._start(stderr, env), timeout)
            self._call(self._initialize(root), timeout)
            self.root = self.root or self.status()["root"]
        except BaseException:
            self.close()
            raise

    @classmethod
    def local(cls, workspace: str | Path, *args: str, **kwargs: Any) -> BridgeClient:
        """A bridge process of this Python on `workspace`, speaking stdio."""
        command = [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(workspace), *args]
        return cls(command, root=str(workspace), **kwargs)

    @classmethod
    def docker(cls, container: str, *args: str, **kwargs: Any) -> BridgeClient:
        """The shared daemon inside a running container (started on first use)."""
        return cls(["docker", "exec", "-i", container, "lsp-bridge", "connect", *args], **kwargs)

    # ---- plumbing

    async def _start(self, stderr: Stderr, env: dict[str, str] | None) -> None:
        proc = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            env={**os.environ, **env} if env else None,
            # a session of its own: a Ctrl-C at the terminal (SIGINT to the whole foreground process group) is the
            # caller's to handle; it must not kill the bridge under a batch whose workers are still finishing
            start_new_session=True,
        )
        self._process = proc
        assert proc.stdin is not None and proc.stdout is not None
        self._client.protocol.set_writer(proc.stdin)
        self._reader = asyncio.ensure_future(self._read(proc.stdout))

    async def _initialize(self, root: str | None) -> None:
        root_uri = Path(root).resolve().as_uri() if root else None
        await self._client.initialize_async(
            lsp.InitializeParams(
                process_id=os.getpid(),
                root_uri=root_uri,
                capabilities=lsp.ClientCapabilities(
                    general=lsp.GeneralClientCapabilities(position_encodings=[lsp.PositionEncodingKind.Utf16])
                ),
                client_info=lsp.ClientInfo(name="lsp-bridge-client", version=__version__),
            )
        )
        self._client.initialized(lsp.InitializedParams())

    async def _read(self, stdout: asyncio.StreamReader) -> None:
        protocol = client_protocol(self._client)
        async for event in framing.read_frames(stdout.read, stall_after=None, max_body=2**62):
            if isinstance(event, framing.FramingError):
                log.warning("bad frame from the bridge: %s", event.reason)
                continue
            try:
                protocol.receive(json.loads(event))
            except Exception:
                log.exception("cannot handle a message from the bridge")

    def _call(self, coro: Any, timeout: float | None = None, guard: bool = True) -> Any:
        """Run `coro` on the client's loop; a bridge that ends its output or does not answer is a `BridgeError`."""
        timeout = timeout or self.timeout
        if guard and self._process is not None and self._process.returncode is not None:
            coro.close()
            raise BridgeError(f"the bridge process exited with code {self._process.returncode}")
        future = asyncio.run_coroutine_threadsafe(self._guarded(coro, timeout, guard), self._loop)
        return future.result(timeout + 15)

    async def _guarded(self, coro: Any, timeout: float, guard: bool) -> Any:
        task = asyncio.ensure_future(coro)
        reader = self._reader if guard else None
        done, _ = await asyncio.wait({task} | ({reader} if reader else set()), timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        if task in done:
            return task.result()
        task.cancel()
        if reader is not None and reader in done and self._process is not None:
            try:
                code = await asyncio.wait_for(self._process.wait(), 5)
            except asyncio.TimeoutError:
                code = None
            raise BridgeError(f"the bridge ended its output (exit code {code}): {' '.join(self.command)}")
        raise BridgeError(f"no answer from the bridge within {timeout:.0f}s")

    def _object(self, method: str, params: dict) -> dict:
        result = self.request(method, params)
        if not isinstance(result, dict):
            raise BridgeError(f"{method} answered {type(result).__name__}, not an object")
        return result

    def request(self, method: str, params: Any = None) -> Any:
        """Any JSON-RPC request (dict params are fine); custom (`lspBridge/*`) results come back as plain dicts."""
        params = client_protocol(self._client).structure_params(method, params)

        async def send() -> Any:
            return await self._client.protocol.send_request_async(method, params)

        return self._call(send())

    def close(self) -> None:
        """shutdown + exit, then wait for the process (killed if it lingers)."""
        proc = self._process
        if proc is not None and proc.returncode is None:
            try:
                self._call(self._client.shutdown_async(None), 10)
                self._client.exit(None)
                self._call(proc.wait(), 10, guard=False)
            except Exception:
                if proc.returncode is None:
                    proc.kill()
                    self._call(proc.wait(), 10, guard=False)
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)

    def __enter__(self) -> BridgeClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def diagnostics(self) -> dict[str, list[dict]]:
        """What the bridge shows editors (the agent's shared context), per file."""
        return {self.file_of(uri): items for uri, items in self._diagnostics.items()}

    def _on_diagnostics(self, params: lsp.PublishDiagnosticsParams) -> None:
        self._diagnostics[params.uri] = [
            {"line": d.range.start.line + 1, "end_line": d.range.end.line, "message": d.message, "source": d.source}
            for d in params.diagnostics
        ]

    # ---- conversions

    def uri(self, file: str) -> str:
        path = Path(file)
        return (path if path.is_absolute() else Path(self.root, file)).as_uri()

    def file_of(self, uri: str) -> str:
        path = unquote(urlparse(uri).path)
        root = str(self.root).rstrip("/") + "/"
        return path[len(root) :] if path.startswith(root) else path

    def _doc(self, file: str) -> lsp.TextDocumentIdentifier:
        return lsp.TextDocumentIdentifier(uri=self.uri(file))

    def _position(self, file: str, line: int, column: int | None, name: str | None) -> lsp.Position | None:
        if name is not None:
            found = self.request("lspBridge/position", {"file": file, "line": line, "name": name})
            return lsp.Position(line=found["line"], character=found["character"]) if found else None
        return lsp.Position(line=line - 1, character=(column or 1) - 1)

    def _location(self, loc: lsp.Location) -> dict:
        return {
            "file": self.file_of(loc.uri),
            "line": loc.range.start.line + 1,
            "column": loc.range.start.character + 1,
            "end_line": loc.range.end.line + 1,
            "end_column": loc.range.end.character + 1,
        }

    # ---- standard requests

    def document_symbols(self, file: str) -> list[dict]:
        result = self._call(
            self._client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=self._doc(file)))
        )

        def convert(s: lsp.DocumentSymbol) -> dict:
            return {
                "name": s.name,
                "kind": lsp.SymbolKind(s.kind).name,
                "line": s.selection_range.start.line + 1,
                "start_line": s.range.start.line + 1,  # its first decorator's line, when decorated
                "end_line": s.range.end.line + 1,
                "detail": s.detail,
                "children": [convert(c) for c in s.children or []],
            }

        return [convert(s) for s in result or []]

    def workspace_symbols(self, query: str) -> list[dict]:
        result = self._call(self._client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query=query)))
        return [
            {
                "name": s.name,
                "kind": lsp.SymbolKind(s.kind).name,
                "container": s.container_name,
                **self._location(s.location),
            }
            for s in result or []
        ]

    def definition(self, file: str, line: int, column: int | None = None, name: str | None = None) -> list[dict]:
        position = self._position(file, line, column, name)
        if position is None:
            return []
        result = self._call(
            self._client.text_document_definition_async(
                lsp.DefinitionParams(text_document=self._doc(file), position=position)
            )
        )
        return [self._location(loc) for loc in _as_list(result)]

    def references(
        self, file: str, line: int, column: int | None = None, name: str | None = None, include_declaration: bool = True
    ) -> list[dict]:
        position = self._position(file, line, column, name)
        if position is None:
            return []
        result = self._call(
            self._client.text_document_references_async(
                lsp.ReferenceParams(
                    text_document=self._doc(file),
                    position=position,
                    context=lsp.ReferenceContext(include_declaration=include_declaration),
                )
            )
        )
        return [self._location(loc) for loc in result or []]

    def hover(self, file: str, line: int, column: int | None = None, name: str | None = None) -> str | None:
        position = self._position(file, line, column, name)
        if position is None:
            return None
        result = self._call(
            self._client.text_document_hover_async(lsp.HoverParams(text_document=self._doc(file), position=position))
        )
        contents = getattr(result, "contents", None)
        return getattr(contents, "value", None) if contents is not None else None

    # ---- custom requests

    def render_context(self, chunks: list[dict], threshold: float | None = None) -> str:
        return str(self.request("lspBridge/renderContext", {"chunks": chunks, "threshold": threshold})["text"])

    def render_blocks(self, chunks: list[dict], threshold: float | None = None) -> list[FileBlock]:
        """`render_context`, one block per file with its numbered lines: nothing needs to parse the text."""
        result = self.request("lspBridge/renderContext", {"chunks": chunks, "threshold": threshold})
        return [FileBlock.from_dict(f) for f in result["files"]]

    def locate(
        self, file: str | None = None, line: int | None = None, symbol: str | None = None, whole_function: bool = False
    ) -> dict:
        params = {"symbol": symbol} if symbol else {"file": file, "line": line, "whole_function": whole_function}
        return self._object("lspBridge/locate", params)

    def overview(self, file: str, cls: str | None = None) -> dict:
        return self._object("lspBridge/overview", {"file": file, "class": cls})

    def file_digests(self, files: list[str]) -> dict[str, str]:
        """Each file's digest as a rendering would read it now (`FileBlock.digest`; "" when it is not in the
        workspace): a rendering whose file's digest is unchanged is still what the bridge would render."""
        return {str(k): str(v) for k, v in self._object("lspBridge/fileDigests", {"files": files})["digests"].items()}

    def set_agent_context(self, chunks: list[dict]) -> dict:
        return self._object("lspBridge/setAgentContext", {"chunks": chunks})

    def sync(self) -> dict:
        return self._object("lspBridge/sync", {})

    def status(self) -> dict:
        return self._object("lspBridge/status", {})


def _as_list(result: Any) -> list[lsp.Location]:
    if result is None:
        return []
    items = result if isinstance(result, list) else [result]
    return [
        lsp.Location(uri=i.target_uri, range=i.target_selection_range) if hasattr(i, "target_uri") else i for i in items
    ]
