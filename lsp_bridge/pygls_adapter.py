"""Everything lsp_bridge uses of pygls (2.1) beyond its documented API, in one place.

pygls keeps its message plumbing private (`_send_data`, `_send_response`, `_converter`, `_shutdown`, the feature
manager); the bridge needs it to frame messages itself, to answer malformed input, and to keep custom results plain.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import Generator, Sequence
from typing import Any, Callable, cast, get_args, get_type_hints

from cattrs import Converter
from lsprotocol import types as lsp
from pygls.client import JsonRPCClient
from pygls.protocol import JsonRPCProtocol, LanguageServerProtocol, default_converter, lsp_method
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage
from pygls.server import JsonRPCServer
from pygls.workspace import TextDocument, Workspace

from lsp_bridge import framing
from lsp_bridge.positions import encoding_name

log = logging.getLogger(__name__)


def _strict(kind: type, accepted: type | tuple[type, ...]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, target: Any) -> Any:
        if target is not kind:  # an enum derived from the scalar
            return target(value)
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, accepted):
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


# lsprotocol resolves its types' forward references the first time a converter is made, mutating the map it iterates
# over: two threads making their first client at once (mini-extra --workers 2) raised "dictionary changed size
# during iteration" in one of them
_CONVERTER_LOCK = threading.Lock()


_OPTIONAL_ENCODINGS = get_type_hints(lsp.GeneralClientCapabilities)["position_encodings"]  # Optional[Sequence[...]]
_ENCODINGS = next(t for t in get_args(_OPTIONAL_ENCODINGS) if t is not type(None))


def converter() -> Converter:
    """pygls' converter, but strict about scalars (cattrs would turn `5` into `"5"`), and custom methods keep plain
    dicts (chunk fields such as `class` are keywords). A client's `positionEncodings` given as one string instead of
    a list (some clients send `"utf-8"`) is taken as that one encoding: cattrs made it a sequence of characters,
    none of them an encoding, and the session fell back to UTF-16 without a word."""
    with _CONVERTER_LOCK:
        conv: Converter = default_converter()
    for scalar, accepted in ((str, str), (int, int), (bool, bool), (float, (int, float))):
        conv.register_structure_hook(scalar, _strict(scalar, accepted))
    for cls in (JsonRPCRequestMessage, JsonRPCNotification, JsonRPCResponseMessage):
        conv.register_structure_hook(cls, lambda obj, cls: cls(**obj))
    encodings = conv.get_structure_hook(_ENCODINGS)
    conv.register_structure_hook(
        _OPTIONAL_ENCODINGS,
        lambda value, _: None if value is None else encodings([value] if isinstance(value, str) else value, _ENCODINGS),
    )
    return conv


class _Framed(JsonRPCProtocol):
    """Writes every outgoing message through `framing`."""

    def _send_data(self, data: Any) -> None:
        if not data or self.writer is None:
            return
        try:
            body = json.dumps(data, default=self._serialize_message).encode()
        except (TypeError, ValueError):
            log.exception("cannot serialise a message")
            return
        self.writer.write(framing.encode(body))

    def send_json(self, message: dict) -> None:
        """Send a message that is already plain JSON."""
        self._send_data(message)

    def receive(self, message: dict) -> None:
        """Structure and handle one incoming message (raises what structuring raises)."""
        self.handle_message(self.structure_message(message))


_LSP_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class _LspLinesDocument(TextDocument):
    """pygls cuts a document into lines with `str.splitlines`, which also ends a line at `\f`, `\v`, `\x1c`-`\x1e`,
    `\x85`, `\u2028` and `\u2029`: an incremental edit after a form feed landed lines off. LSP ends lines at `\r\n`,
    `\n` and `\r` only."""

    @property
    def lines(self) -> Sequence[str]:
        return tuple(_LSP_LINE.findall(self.source))


class _LspLinesWorkspace(Workspace):
    def _create_text_document(self, *args: Any, **kwargs: Any) -> TextDocument:
        doc = super()._create_text_document(*args, **kwargs)
        doc.__class__ = _LspLinesDocument
        return doc


class BridgeProtocol(_Framed, LanguageServerProtocol):
    """The server side; counts the requests not yet answered, so `shutdown`, `exit` and the end of the input answer
    everything asked before them (a client may pipe its requests and close)."""

    on_exit: Callable[[int], None] = staticmethod(lambda code: None)
    finish_seconds = 30.0
    # a `shutdown` came: later requests are refused while it waits for the earlier ones (a class attribute: pygls'
    # own __init__ reads every attribute, our properties included, before ours runs)
    shutdown_received = False

    def __init__(self, server: Any, converter: Converter) -> None:
        super().__init__(server, converter)
        self._pending = 0
        self._idle = threading.Condition()
        self.exiting = False
        self.exit_task: asyncio.Future | None = None

    def _handle_request(self, msg_id: Any, method_name: str, params: Any) -> None:
        with self._idle:
            self._pending += 1
        super()._handle_request(msg_id, method_name, params)

    def _send_handler_result(self, future: Any, *, msg_id: Any) -> None:
        try:
            super()._send_handler_result(future, msg_id=msg_id)
        finally:  # the reply is queued: a reply sent after this one comes after it
            with self._idle:
                self._pending -= 1
                self._idle.notify_all()

    def wait_answered(self, but: int = 0) -> bool:
        """Block until at most `but` requests are unanswered (False after `finish_seconds`)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending <= but, self.finish_seconds)

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is None and isinstance(result, (list, dict)):  # plain JSON: skip cattrs on the hot paths
            self._send_data({"jsonrpc": "2.0", "id": msg_id, "result": result})
        else:
            super()._send_response(msg_id, result, error)

    @lsp_method(lsp.INITIALIZE)
    def lsp_initialize(self, params: lsp.InitializeParams) -> Generator[Any, Any, lsp.InitializeResult]:
        """pygls' initialize, its workspace's documents cut into lines as LSP counts them."""
        result = yield from super().lsp_initialize(params)
        if self._workspace is not None:
            self._workspace.__class__ = _LspLinesWorkspace
        return result

    @lsp_method(lsp.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """Answered after the requests received before it (pygls cancels them, iterating a dict other threads
        change)."""
        self.shutdown_received = True
        yield self.fm.thread()(lambda: self.wait_answered(but=1)), (), None
        self._shutdown = True

    @lsp_method(lsp.EXIT)
    def lsp_exit(self, *args: Any) -> Any:
        """Ends this session, not the process (pygls would call sys.exit), once earlier requests are answered."""
        self.exiting = True
        loop = asyncio.get_running_loop()  # exit is dispatched on the loop

        async def finish() -> None:
            await loop.run_in_executor(None, self.wait_answered)  # a `shutdown` sent just before included
            self.on_exit(0 if self._shutdown else 1)

        self.exit_task = asyncio.ensure_future(finish())

    def knows(self, method: str) -> bool:
        return method in self.fm.features or method in self.fm.builtin_features

    @property
    def initialized(self) -> bool:
        return getattr(self, "client_capabilities", None) is not None

    @property
    def shut_down(self) -> bool:
        """A `shutdown` came: no request after it is processed (its answer may still wait for earlier ones)."""
        return self._shutdown or self.shutdown_received

    @property
    def position_encoding(self) -> str:
        """`utf-8`, `utf-16` or `utf-32`: the negotiated PositionEncodingKind's value, UTF-16 when none was."""
        return encoding_name(getattr(getattr(self, "server_capabilities", None), "position_encoding", None))

    def client_supports_code_lens_refresh(self) -> bool:
        caps = getattr(self, "client_capabilities", None)
        return bool(getattr(getattr(getattr(caps, "workspace", None), "code_lens", None), "refresh_support", False))


def release_threads(server: JsonRPCServer) -> None:
    """Stop a finished session's handler threads at once (pygls' `shutdown()` would wait for them)."""
    pool = server._thread_pool
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


class ClientProtocol(_Framed, LanguageServerProtocol):
    """The client's side: framed writes; `structure_params` for requests given as plain dicts."""

    def structure_params(self, method: str, params: Any) -> Any:
        types = lsp.METHOD_TO_TYPES.get(method)
        if types and types[2] is not None and isinstance(params, dict):
            return self._converter.structure(params, cast(type, types[2]))
        return params


def client_protocol(client: JsonRPCClient) -> ClientProtocol:
    protocol = client.protocol
    assert isinstance(protocol, ClientProtocol)
    return protocol
