"""Everything lsp_bridge uses of pygls (2.1) beyond its documented API, in one place.

pygls keeps its message plumbing private (`_send_data`, `_send_response`, `_converter`, `_shutdown`, the feature
manager); the bridge needs it to frame messages itself, to answer malformed input, and to keep custom results plain.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Callable, cast

from cattrs import Converter
from lsprotocol import types as lsp
from pygls.client import JsonRPCClient
from pygls.protocol import JsonRPCProtocol, LanguageServerProtocol, default_converter, lsp_method
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage
from pygls.server import JsonRPCServer

from lsp_bridge import framing

log = logging.getLogger(__name__)


def _strict(kind: type, accepted: type | tuple[type, ...]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, target: Any) -> Any:
        if target is not kind:  # an enum derived from the scalar
            return target(value)
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, accepted):
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


def converter() -> Converter:
    """pygls' converter, but strict about scalars (cattrs would turn `5` into `"5"`), and custom methods keep plain
    dicts (chunk fields such as `class` are keywords)."""
    conv: Converter = default_converter()
    for scalar, accepted in ((str, str), (int, int), (bool, bool), (float, (int, float))):
        conv.register_structure_hook(scalar, _strict(scalar, accepted))
    for cls in (JsonRPCRequestMessage, JsonRPCNotification, JsonRPCResponseMessage):
        conv.register_structure_hook(cls, lambda obj, cls: cls(**obj))
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


class BridgeProtocol(_Framed, LanguageServerProtocol):
    on_exit: Callable[[int], None] = staticmethod(lambda code: None)

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is None and isinstance(result, (list, dict)):  # plain JSON: skip cattrs on the hot paths
            self._send_data({"jsonrpc": "2.0", "id": msg_id, "result": result})
        else:
            super()._send_response(msg_id, result, error)

    @lsp_method(lsp.EXIT)
    def lsp_exit(self, *args: Any) -> Any:  # ends this session, not the process (pygls would call sys.exit)
        self.on_exit(0 if self._shutdown else 1)

    def knows(self, method: str) -> bool:
        return method in self.fm.features or method in self.fm.builtin_features

    @property
    def initialized(self) -> bool:
        return getattr(self, "client_capabilities", None) is not None

    @property
    def shut_down(self) -> bool:
        return self._shutdown

    @property
    def position_encoding(self) -> str:
        caps = getattr(self, "server_capabilities", None)
        return str(getattr(caps, "position_encoding", None) or "utf-16")

    def client_supports_code_lens_refresh(self) -> bool:
        caps = getattr(self, "client_capabilities", None)
        return bool(getattr(getattr(getattr(caps, "workspace", None), "code_lens", None), "refresh_support", False))


def release_threads(server: JsonRPCServer) -> None:
    """Stop a finished session's handler threads without waiting for them (pygls' `shutdown()` would block)."""
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
