"""JSON-RPC's rules applied to every incoming frame before pygls sees it.

Any well-framed message that is not a valid request gets an error reply with the right code, and the session keeps
serving; notifications are never answered (a broken one is logged and dropped).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from typing import Any

from lsprotocol import types as lsp

from lsp_bridge.framing import INVALID_REQUEST, PARSE_ERROR, FramingError
from lsp_bridge.pygls_adapter import BridgeProtocol

log = logging.getLogger(__name__)
METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR, SERVER_NOT_INITIALIZED = -32601, -32602, -32603, -32002
MAX_DEPTH = 128
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+')
_SHALLOW_SCAN = 1 << 20


def valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return False


def _shallow_fields(body: bytes) -> dict:
    """`id`, `method` and `jsonrpc` of a top-level object too deep for `json.loads` (scalar values only)."""
    fields: dict = {}
    depth, key, expect_value = 0, None, False
    for m in _TOKEN.finditer(body, 0, min(len(body), _SHALLOW_SCAN)):
        token = m.group()
        if token in (b"{", b"["):
            depth += 1
            expect_value = False
        elif token in (b"}", b"]"):
            depth -= 1
        elif depth == 1 and token == b":":
            expect_value = True
        elif depth == 1 and token == b",":
            key, expect_value = None, False
        elif depth == 1 and expect_value:
            if key in ("id", "method", "jsonrpc"):
                with contextlib.suppress(ValueError):
                    fields[key] = json.loads(token)
            expect_value = False
        elif depth == 1 and token.startswith(b'"'):
            try:
                key = json.loads(token)
            except ValueError:
                key = None
    return fields


class Dispatcher:
    """Feeds one session's protocol; answers what it must not see."""

    def __init__(self, protocol: BridgeProtocol) -> None:
        self.protocol = protocol

    def error(self, msg_id: Any, code: int, message: str) -> None:
        self.protocol.send_json(
            {"jsonrpc": "2.0", "id": msg_id if valid_id(msg_id) else None, "error": {"code": code, "message": message}}
        )

    def __call__(self, event: bytes | FramingError) -> None:
        if self.protocol.exiting:  # after `exit` nothing more is read
            return
        if isinstance(event, FramingError):
            log.warning("framing error: %s", event.reason)
            self.error(None, event.code, event.reason)
            return
        try:
            data = json.loads(event)
        except RecursionError:
            fields = _shallow_fields(event)
            self._refuse_deep(fields)
            return
        except ValueError as e:  # includes undecodable bytes
            self.error(None, PARSE_ERROR, f"Parse error: {str(e)[:200]}")
            return
        if isinstance(data, dict) and _too_deep(data):
            self._refuse_deep(data)
            return
        self.message(data)

    def _refuse_deep(self, fields: dict) -> None:
        method = fields.get("method")
        if isinstance(method, str) and "id" not in fields:
            log.warning("dropped a notification %.100s nested deeper than %d levels", method, MAX_DEPTH)
            return
        self.error(fields.get("id"), INVALID_REQUEST, f"Invalid Request: nested deeper than {MAX_DEPTH} levels")

    def message(self, data: Any) -> None:
        if not isinstance(data, dict):
            self.error(None, INVALID_REQUEST, "Invalid Request: not an object (batches are not supported)")
            return
        msg_id, method, has_id = data.get("id"), data.get("method"), "id" in data
        if data.get("jsonrpc") != "2.0":
            self.error(msg_id, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"')
            return
        if has_id and not valid_id(msg_id):
            self.error(None, INVALID_REQUEST, 'Invalid Request: "id" must be an integer or a string')
            return
        if "method" not in data:
            self.response(data)
            return
        if not isinstance(method, str):
            self.error(msg_id, INVALID_REQUEST, 'Invalid Request: "method" must be a string')
            return
        if not has_id:
            self.notification(data, method)
            return
        self.request(data, msg_id, method)

    def response(self, data: dict) -> None:
        if not valid_id(data.get("id")) or ("result" in data) == ("error" in data):
            self.error(data.get("id"), INVALID_REQUEST, "Invalid Request: neither a request nor a response")
            return
        try:
            self.protocol.receive(data)
        except Exception:
            log.warning("dropped a malformed response to %r", data.get("id"))

    def notification(self, data: dict, method: str) -> None:
        name = method[:100]
        if data.get("params") is not None and not isinstance(data["params"], (dict, list)):
            log.warning("dropped notification %s: params must be an object or an array", name)
        elif not self.protocol.knows(method) and method != lsp.CANCEL_REQUEST:
            log.debug("ignored notification %s", name)
        elif not self.protocol.initialized and method != lsp.EXIT:
            log.warning("dropped notification %s before initialize", name)
        else:
            try:
                self.protocol.receive(data)
            except Exception as e:
                log.warning("dropped notification %s: %s", name, e)

    def request(self, data: dict, msg_id: Any, method: str) -> None:
        name = method[:100]
        if not self.protocol.knows(method):
            self.error(msg_id, METHOD_NOT_FOUND, f"Method not found: {name}")
        elif data.get("params") is not None and not isinstance(data["params"], (dict, list)):
            self.error(msg_id, INVALID_PARAMS, f"Invalid params for {name}: must be an object or an array")
        elif self.protocol.shut_down:
            self.error(msg_id, INVALID_REQUEST, f"Invalid Request: {name} after shutdown")
        elif method == lsp.INITIALIZE and self.protocol.initialized:
            self.error(msg_id, INVALID_REQUEST, "Invalid Request: initialize was already received")
        elif method not in (lsp.INITIALIZE, lsp.SHUTDOWN) and not self.protocol.initialized:
            self.error(msg_id, SERVER_NOT_INITIALIZED, f"Server not initialized: {name} before initialize")
        else:
            try:
                message = self.protocol.structure_message(data)
            except Exception:
                self.error(msg_id, INVALID_PARAMS, f"Invalid params for {name}")
                return
            try:
                self.protocol.handle_message(message)
            except Exception as e:
                log.exception("failed to handle %s", name)
                self.error(msg_id, INTERNAL_ERROR, f"Internal error: {str(e)[:200]}")
