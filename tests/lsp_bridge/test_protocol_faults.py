"""Hostile JSON-RPC against the real stdio server and the real daemon socket: every well-framed message gets the right
error (or, for a notification, none) and the session keeps serving; after a framing error the reader resynchronises or
closes the session with a logged reason, and the daemon's other sessions never notice."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lsp_bridge.client import BridgeClient
from lsp_bridge.framing import MAX_BODY, STALL_SECONDS, Deframer, encode
from lsp_bridge.transport import LoopWriter
from tests.lsp_bridge.test_daemon import connect_command, running_daemon, wait_until

PARSE, INVALID, NOT_FOUND, PARAMS, NOT_INITIALIZED = -32700, -32600, -32601, -32602, -32002
REQUEST_CODES = {INVALID, NOT_FOUND, PARAMS}


class Raw:
    """A bare JSON-RPC byte stream to the bridge, to send what no well-behaved client would."""

    proc: subprocess.Popen | None = None

    def __init__(self, send: Any, recv_fd: int, recv: Any, close: Any) -> None:
        self._send, self._recv_fd, self._recv, self._close = send, recv_fd, recv, close
        self.deframer = Deframer(max_body=2**62)
        self.frames: list[dict] = []
        self.next_probe = 0

    @classmethod
    def stdio(cls, root: Path, cache: Path) -> Raw:
        proc = subprocess.Popen(
            [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(root), "--cache-dir", str(cache)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        stdin, stdout = proc.stdin, proc.stdout

        def send(data: bytes) -> None:
            stdin.write(data)
            stdin.flush()

        def close() -> None:
            proc.kill()
            proc.wait()

        raw = cls(send, stdout.fileno(), lambda: os.read(stdout.fileno(), 1 << 16), close)
        raw.proc = proc
        return raw

    @classmethod
    def unix(cls, path: Path) -> Raw:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(path))
        return cls(sock.sendall, sock.fileno(), lambda: sock.recv(1 << 16), sock.close)

    def send_bytes(self, data: bytes) -> None:
        self._send(data)

    def send(self, message: Any) -> None:
        self._send(encode(json.dumps(message).encode()))

    def _pull(self, timeout: float) -> bool:
        """Read what arrives within `timeout`; False at the end of the stream."""
        if not select.select([self._recv_fd], [], [], timeout)[0]:
            return True
        data = self._recv()
        if not data:
            return False
        for event in self.deframer.feed(data):
            assert isinstance(event, bytes), event
            message = json.loads(event)
            if "id" in message:  # server notifications (logs, diagnostics) are not answers
                self.frames.append(message)
        return True

    def receive(self, timeout: float = 15.0) -> dict:
        deadline = time.monotonic() + timeout
        while not self.frames:
            assert time.monotonic() < deadline, "no answer"
            assert self._pull(min(0.2, max(0.0, deadline - time.monotonic()))), "the stream ended"
        return self.frames.pop(0)

    def answer(self, msg_id: Any, timeout: float = 15.0) -> tuple[dict, list[dict]]:
        """The reply to `msg_id`, and every other reply that came before it."""
        others = []
        while (reply := self.receive(timeout))["id"] != msg_id:
            others.append(reply)
        return reply, others

    def request(self, method: str, params: Any = None) -> dict:
        self.next_probe += 1
        msg_id = f"probe-{self.next_probe}"
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return self.answer(msg_id)[0]

    def probe(self) -> list[dict]:
        """Ask something only a healthy session answers right; returns the replies that came before."""
        self.next_probe += 1
        msg_id = f"probe-{self.next_probe}"
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": "workspace/symbol", "params": {"query": "VipCart"}})
        reply, others = self.answer(msg_id)
        assert reply["result"][0]["name"] == "VipCart", reply
        return others

    def recover(self, within: float = 10.0) -> list[dict]:
        """After bad bytes: probe until the session answers (a false header found while resynchronising can swallow
        a probe, as a client's next request would be); returns the other replies seen meanwhile."""
        deadline = time.monotonic() + within
        sent: list[str] = []
        others: list[dict] = []
        while time.monotonic() < deadline:
            self.next_probe += 1
            sent.append(f"probe-{self.next_probe}")
            self.send({"jsonrpc": "2.0", "id": sent[-1], "method": "workspace/symbol", "params": {"query": "VipCart"}})
            until = time.monotonic() + 1.0
            while time.monotonic() < until:
                assert self._pull(0.05), "the stream ended"
                while self.frames:
                    reply = self.frames.pop(0)
                    if reply["id"] not in sent:
                        others.append(reply)
                    elif reply.get("result") and reply["result"][0]["name"] == "VipCart":
                        return others
        raise AssertionError(f"the session did not recover within {within} s: {others}")

    def initialize(self) -> Raw:
        reply = self.request("initialize", {"capabilities": {}, "processId": None})
        assert "capabilities" in reply["result"]
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return self

    def ended(self, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self._pull(0.2):
                return True
        return False

    def close(self) -> None:
        self._close()


@pytest.fixture(scope="module")
def daemon_socket(shop, tmp_path_factory) -> Iterator[tuple[Path, Path]]:
    """A daemon whose log we read: (socket, log)."""
    tmp = tmp_path_factory.mktemp("faults")
    sock, log = tmp / "d.sock", tmp / "daemon.log"
    with log.open("wb") as out, running_daemon(shop, sock, tmp / "cache", stderr=out):
        yield sock, log


@pytest.fixture(params=["stdio", "daemon"])
def raw(request, shop, tmp_path) -> Iterator[Raw]:
    if request.param == "stdio":
        session = Raw.stdio(shop, tmp_path / "cache")
    else:
        session = Raw.unix(request.getfixturevalue("daemon_socket")[0])
    try:
        yield session.initialize()
    finally:
        session.close()


def deep(levels: int, inner: str = "1") -> str:
    return "[" * levels + inner + "]" * levels


def message(msg_id: Any = 7, method: Any = "workspace/symbol", params: Any = None, **extra: Any) -> dict:
    out = {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params or {"query": "Cart"}}
    out.update(extra)
    return out


DEEP = deep(10_000).encode()
DEFINITION = {"textDocument": {"uri": "file:///nowhere.py"}, "position": {"line": 0, "character": 0}}
# (what is sent, the id of the error reply, its code); one session takes them all in a row
MALFORMED: list[tuple[bytes, Any, int]] = [
    (b"{this is not json", None, PARSE),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "workspace/symbol"', None, PARSE),
    (b"\xff\xfe\x00garbage", None, PARSE),
    (b"", None, PARSE),
    (b"[]", None, INVALID),
    (b"[1, 2, 3]", None, INVALID),
    (b'[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]', None, INVALID),
    (b"5", None, INVALID),
    (b'"text"', None, INVALID),
    (b"null", None, INVALID),
    (b"true", None, INVALID),
    (json.dumps(message(jsonrpc="1.0")).encode(), 7, INVALID),
    (json.dumps({k: v for k, v in message().items() if k != "jsonrpc"}).encode(), 7, INVALID),
    (json.dumps(message(msg_id={"a": 1})).encode(), None, INVALID),
    (json.dumps(message(msg_id=[1])).encode(), None, INVALID),
    (json.dumps(message(msg_id=1.5)).encode(), None, INVALID),
    (json.dumps(message(msg_id=True)).encode(), None, INVALID),
    (json.dumps(message(msg_id=None)).encode(), None, INVALID),
    (json.dumps(message(method=5)).encode(), 7, INVALID),
    (json.dumps(message(method=None)).encode(), 7, INVALID),
    (json.dumps(message(method=["workspace/symbol"])).encode(), 7, INVALID),
    (b'{"jsonrpc": "2.0", "id": 8}', 8, INVALID),
    (b'{"jsonrpc": "2.0", "id": 8, "result": 1, "error": {"code": 1, "message": "x"}}', 8, INVALID),
    (json.dumps(message(method="no/such/method")).encode(), 7, NOT_FOUND),
    (json.dumps(message(method="$/no.such")).encode(), 7, NOT_FOUND),
    (json.dumps(message(msg_id="s" * 10_000, method="x" * 1_000_000)).encode(), "s" * 10_000, NOT_FOUND),
    (json.dumps(message(method="initialize", params={"capabilities": {}})).encode(), 7, INVALID),
    (json.dumps(message(params=5)).encode(), 7, PARAMS),
    (json.dumps(message(params="query")).encode(), 7, PARAMS),
    (json.dumps(message(params={"query": 5})).encode(), 7, PARAMS),
    (json.dumps(message(params={"query": ["Cart"]})).encode(), 7, PARAMS),
    (json.dumps(message(method="textDocument/definition", params={"textDocument": 5})).encode(), 7, PARAMS),
    (
        json.dumps(
            message(method="textDocument/definition", params={**DEFINITION, "position": {"line": -1, "character": 0}})
        ).encode(),
        7,
        PARAMS,
    ),
    (
        json.dumps(message(method="textDocument/hover", params={**DEFINITION, "position": {"line": "a"}})).encode(),
        7,
        PARAMS,
    ),
    (json.dumps(message(method="textDocument/references", params=DEFINITION)).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/locate", params=[1, 2])).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/locate", params={"file": "app.py", "line": "9"})).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/locate", params={"symbol": 5})).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/renderContext", params={"chunks": "nope"})).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/renderContext", params={"chunks": [{"file": 5}]})).encode(), 7, PARAMS),
    (
        json.dumps(
            message(method="lspBridge/renderContext", params={"chunks": [{"file": "app.py", "lines": ["a"]}]})
        ).encode(),
        7,
        PARAMS,
    ),
    (
        json.dumps(message(method="lspBridge/renderContext", params={"chunks": [], "threshold": "high"})).encode(),
        7,
        PARAMS,
    ),
    (
        json.dumps(
            message(method="lspBridge/setAgentContext", params={"chunks": [{"file": "a.py", "score": "x"}]})
        ).encode(),
        7,
        PARAMS,
    ),
    (json.dumps(message(method="lspBridge/position", params={"file": "app.py", "line": 1})).encode(), 7, PARAMS),
    (json.dumps(message(method="lspBridge/overview", params={"file": "app.py", "class": 3})).encode(), 7, PARAMS),
    # nesting far beyond what json.loads (or any handler) can recurse through, wherever the id is
    (b'{"jsonrpc": "2.0", "id": 20, "method": "workspace/symbol", "params": {"x": ' + DEEP + b"}}", 20, INVALID),
    (
        b'{"jsonrpc": "2.0", "params": {"x": ' + DEEP + b'}, "method": "workspace/symbol", "id": "late"}',
        "late",
        INVALID,
    ),
    (DEEP, None, INVALID),
    (("{" + '"a": {' * 10_000 + "}" * 10_001).encode(), None, INVALID),
    (json.dumps(message(msg_id=21, params={"query": "a", "x": json.loads(deep(200))})).encode(), 21, INVALID),
]
# notifications, valid or not, are never answered
NOTIFICATIONS: list[bytes] = [
    json.dumps({"jsonrpc": "2.0", "method": "no/such/notification", "params": {}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": {"bad": 1}}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 12345}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": 5}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": "x"}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"contentChanges": 1}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "x" * 100_000}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"x": json.loads(deep(500))}}).encode(),
    b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ' + DEEP + b"}",
    json.dumps({"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": 5}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "window/workDoneProgress/cancel", "params": {"token": {}}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "notebookDocument/didOpen", "params": {}}).encode(),
    json.dumps({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": 5}}).encode(),
    json.dumps({"jsonrpc": "2.0", "id": 99, "result": None}).encode(),  # a response to nothing we asked
    json.dumps({"jsonrpc": "2.0", "id": 98, "error": {"code": 1, "message": "no"}}).encode(),
    json.dumps({"jsonrpc": "2.0", "id": 97, "error": "not an error object"}).encode(),
]


def test_every_malformed_message_gets_its_error_and_the_session_keeps_serving(raw):
    for body, msg_id, code in MALFORMED:
        raw.send_bytes(encode(body))
        replies = raw.probe()
        while msg_id is not None and msg_id not in [r["id"] for r in replies]:
            replies.append(raw.receive())  # errors raised in handler threads may come after the probe's answer
        assert [(r["id"], r.get("error", {}).get("code")) for r in replies] == [(msg_id, code)], (body[:120], replies)
        assert len(replies[0]["error"]["message"]) < 1000
    for body in NOTIFICATIONS:
        raw.send_bytes(encode(body))
        assert raw.probe() == [], body[:120]


def test_huge_and_odd_but_well_typed_params_get_answers(raw):
    huge = "Q" * 2_000_000
    reply = raw.request("workspace/symbol", {"query": huge})
    assert reply.get("result") == [] or reply["error"]["code"] == PARAMS
    odd_uris = ["file:///" + "a" * 100_000, "file:///tmp/\x00.py", "not a uri", "file://host/%zz", "file:///"]
    for uri in odd_uris:
        doc = {"textDocument": {"uri": uri}, "position": {"line": 2**31 - 1, "character": 2**31 - 1}}
        assert raw.request("textDocument/definition", doc)["result"] == []
        assert raw.request("textDocument/hover", doc)["result"] is None
        assert raw.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"] == []
        assert raw.request("lspBridge/locate", {"file": uri, "line": 1})["result"] == {"chunks": [], "text": ""}
    lone = {"uri": "file:///tmp/lone.py", "languageId": "python", "version": 1, "text": "def f(\ud800):\n    pass\n"}
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": lone}})
    assert raw.probe() == []


def _mutations(rng: random.Random) -> Iterator[Any]:
    """Valid requests with one field replaced by a value of another JSON type (a small structural fuzzer)."""
    values: list[Any] = [None, True, 0, -1, 2**63, 1.5, "", "x" * 5000, [], [1, "a"], {}, {"k": {"k": [None]}}]
    methods = ["workspace/symbol", "textDocument/definition", "textDocument/references", "textDocument/hover",
               "textDocument/documentSymbol", "textDocument/foldingRange", "callHierarchy/incomingCalls",
               "lspBridge/locate", "lspBridge/renderContext", "lspBridge/overview", "lspBridge/position",
               "lspBridge/status", "lspBridge/agentContext", "workspace/executeCommand"]  # fmt: skip
    base = {
        "textDocument": {"uri": "file:///x.py"},
        "position": {"line": 0, "character": 0},
        "context": {"includeDeclaration": True},
        "query": "Cart",
        "item": {"name": "n", "kind": 12, "uri": "file:///x.py", "data": {"path": "app.py", "symbol": 0},
                 "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
                 "selectionRange": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}},
        "file": "app.py",
        "line": 9,
        "name": "discount",
        "symbol": "Cart.add",
        "chunks": [{"file": "app.py", "function": "main", "lines": [9]}],
        "class": "Cart",
        "command": "lspBridge.none",
        "arguments": [1],
    }  # fmt: skip
    while True:
        params = json.loads(json.dumps(base))
        path: list[Any] = []
        node: Any = params
        while isinstance(node, dict) and node and rng.random() < 0.7:
            key = rng.choice(sorted(node))
            path.append(key)
            if not isinstance(node[key], dict):
                break
            node = node[key]
        if path:
            parent = params
            for key in path[:-1]:
                parent = parent[key]
            if rng.random() < 0.2:
                del parent[path[-1]]
            else:
                parent[path[-1]] = rng.choice(values)
        yield rng.choice(methods), params


def test_fuzzed_requests_never_crash_the_session(raw):
    rng = random.Random(9)
    variants = _mutations(rng)
    for n in range(250):
        method, params = next(variants)
        raw.send({"jsonrpc": "2.0", "id": n, "method": method, "params": params})
        reply = raw.answer(n)[0]
        assert "result" in reply or reply["error"]["code"] in REQUEST_CODES, (method, params, reply)
    raw.probe()


def test_requests_before_initialize_and_after_shutdown(shop, tmp_path):
    raw = Raw.stdio(shop, tmp_path / "cache")
    try:
        raw.send(message(msg_id=1))
        assert raw.receive()["error"]["code"] == NOT_INITIALIZED
        raw.initialize()
        raw.probe()
        assert raw.request("shutdown")["result"] is None
        raw.send(message(msg_id=2))
        assert (lambda r: (r["id"], r["error"]["code"]))(raw.receive()) == (2, INVALID)
        raw.send({"jsonrpc": "2.0", "method": "exit"})
        assert raw.proc is not None and raw.proc.wait(10) == 0
    finally:
        raw.close()


VALID = json.dumps(message(msg_id="framed")).encode()
# byte streams that are not a frame; after each the session must resynchronise (probes get answered)
BAD_FRAMES: list[tuple[str, bytes]] = [
    ("length too small", b"Content-Length: %d\r\n\r\n%s" % (len(VALID) - 10, VALID)),
    ("length of zero", b"Content-Length: 0\r\n\r\n" + VALID),
    ("missing length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + VALID),
    ("no header at all", VALID + b"\r\n"),
    ("garbage header line", b"Garbage\r\nContent-Length: 2\r\n\r\n{}"),
    ("binary header", b"\x00\xff\xfe\x01\r\n\r\n"),
    ("non-numeric length", b"Content-Length: abc\r\n\r\n{}"),
    ("negative length", b"Content-Length: -5\r\n\r\n{}"),
    ("absurd length", b"Content-Length: 999999999999999999999999\r\n\r\n{}"),
    ("conflicting lengths", b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
    ("lowercase header, then junk", b"content-length: 2\r\n\r\n{}junk junk junk"),
    ("header longer than 8 KiB", b"X-Pad: " + b"p" * 20_000 + b"\r\n\r\n"),
    ("endless garbage", bytes(random.Random(1).randrange(256) for _ in range(100_000))),
]


def test_bad_frames_are_answered_and_the_reader_resynchronises(raw):
    for name, data in BAD_FRAMES:
        raw.send_bytes(data)
        others = raw.recover()
        assert others, name  # every bad frame is answered
        assert all(r["id"] is None and r["error"]["code"] in (PARSE, INVALID) for r in others), (name, others)


def test_a_frame_that_stops_short_is_given_up_not_waited_for(raw):
    """Content-Length larger than the body, and the client waits for an answer: the reader must not hang."""
    raw.send_bytes(b"Content-Length: %d\r\n\r\n%s" % (len(VALID) + 500, VALID))
    started = time.monotonic()
    assert raw.receive(timeout=STALL_SECONDS + 10)["error"]["code"] == PARSE
    assert time.monotonic() - started < STALL_SECONDS + 5
    raw.probe()
    raw.send_bytes(b"Content-Length: 40\r\n")  # a header and no blank line
    assert raw.receive(timeout=STALL_SECONDS + 10)["error"]["code"] == PARSE
    raw.probe()


def test_an_oversized_frame_is_refused_and_skipped_exactly(raw):
    size = MAX_BODY + 1
    raw.send_bytes(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b" " * (1 << 20)
    for _ in range(size // len(chunk)):
        raw.send_bytes(chunk)
    raw.send_bytes(b" " * (size % len(chunk)))
    assert [(r["id"], r["error"]["code"]) for r in raw.probe()] == [(None, INVALID)]


def test_fuzzed_byte_streams_resynchronise(raw):
    """Random corruption of valid frames (bytes dropped, inserted, flipped; lengths off by a little)."""
    rng = random.Random(4)
    frames = [encode(json.dumps(message(msg_id=n, params={"query": "Item"})).encode()) for n in range(3)]
    for _ in range(60):
        stream = bytearray(b"".join(frames))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(stream))
            kind = rng.choice(["drop", "insert", "flip", "newline"])
            if kind == "drop":
                del stream[at : at + rng.randint(1, 8)]
            elif kind == "insert":
                stream[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            elif kind == "flip":
                stream[at] ^= 1 << rng.randrange(8)
            else:
                stream[at:at] = b"\r\n"
        raw.send_bytes(bytes(stream))
        others = raw.recover()
        assert all("result" in r or r["error"]["code"] in (PARSE, INVALID, NOT_FOUND, PARAMS) for r in others), others


def test_a_session_that_misbehaves_never_costs_the_others(daemon_socket, shop, tmp_path):
    sock, log = daemon_socket
    editor = BridgeClient(connect_command(shop, sock, tmp_path / "cache"), timeout=30)
    try:
        bad = Raw.unix(sock).initialize()
        bad.send_bytes(b"Content-Length: 1000\r\n\r\n{")  # and then silence
        bad.send_bytes(encode(deep(10_000).encode()))
        started = time.monotonic()
        assert editor.definition("app.py", 9, name="discount")[0]["file"] == "shop/pricing.py"
        assert time.monotonic() - started < 2
        hung = Raw.unix(sock).initialize()
        hung.send_bytes(b"Content-Length: 100\r\n\r\n{")
        hung.close()  # the stream ends inside a frame: the session closes, the reason is logged
        bad.close()
        assert wait_until(lambda: "the stream ended inside a frame" in log.read_text())
        assert editor.workspace_symbols("VipCart")[0]["name"] == "VipCart"
        assert wait_until(lambda: editor.status()["sessions"] == 1)
    finally:
        editor.close()


@pytest.mark.parametrize(
    ("ending", "last_line"),
    [
        ("shutdown and exit", None),
        ("end of input", "lsp-bridge: the client closed its input without shutdown and without exit"),
        ("shutdown", "lsp-bridge: the client closed its input after shutdown and without exit"),
        ("exit", "lsp-bridge: the client sent exit without shutdown"),
    ],
)
def test_a_client_that_pipes_everything_and_closes_gets_every_answer(shop, tmp_path, ending, last_line):
    """Requests, then `shutdown` and `exit` (or less) without waiting for any answer. Exit code 1 unless both came
    (LSP's rule), with one line saying why (a user trial found exit code 1 with nothing said)."""
    ask = [message(msg_id=n, params={"query": "Cart"}) for n in range(2, 30)]
    ask += [message(msg_id=n, method="textDocument/references", params={
        "textDocument": {"uri": (shop / "shop/pricing.py").as_uri()}, "position": {"line": 0, "character": 5},
        "context": {"includeDeclaration": True}}) for n in range(30, 40)]  # fmt: skip
    ending_messages = [message(msg_id=40, method="shutdown", params=None), {"jsonrpc": "2.0", "method": "exit"}]
    stream = [message(msg_id=1, method="initialize", params={"capabilities": {}, "processId": None}),
              {"jsonrpc": "2.0", "method": "initialized", "params": {}}, *ask,
              *(m for m in ending_messages if m.get("method", "") in ending)]  # fmt: skip
    command = [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(shop), "--cache-dir", str(tmp_path)]
    done = subprocess.run(command, input=b"".join(encode(json.dumps(m).encode()) for m in stream),
                          capture_output=True, timeout=120)  # fmt: skip
    replies = {m["id"]: m for m in map(json.loads, Deframer().feed(done.stdout)) if "id" in m}  # type: ignore[arg-type]
    assert sorted(replies) == [m["id"] for m in stream if "id" in m]
    assert all("result" in r for r in replies.values()), [r for r in replies.values() if "error" in r]
    assert len(replies[35]["result"]) == 4  # discount: its definition and three uses
    assert done.returncode == (0 if ending == "shutdown and exit" else 1)
    said = [line for line in done.stderr.decode().splitlines() if "the client" in line]
    assert said == ([last_line] if last_line else [])
    if last_line:
        assert done.stderr.decode().splitlines()[-1] == last_line


def test_input_that_ends_during_a_cold_index_ends_the_process_soon(tmp_path):
    """Found while checking the line above: an editor that closed `serve` during a cold index left the process
    working on every core until the whole build was done (17 s on the stdlib); its pending batches are now cancelled
    and nothing is cached."""
    root = tmp_path / "many"
    root.mkdir()
    body = "".join(
        f"class C{n}:\n    def m{n}(self, a):\n        return [a for _ in range({n})]\n\n" for n in range(300)
    )
    for i in range(400):
        (root / f"m{i}.py").write_text(body)
    bridge, options = [sys.executable, "-m", "lsp_bridge"], ["--workspace", str(root), "--workers", "2"]
    started = time.monotonic()
    done = subprocess.run([*bridge, "serve", *options, "--cache-dir", str(tmp_path / "c1")],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)  # fmt: skip
    took = time.monotonic() - started
    assert (done.returncode, done.stderr) == (
        1,
        "lsp-bridge: the client closed its input without shutdown and without exit\n",
    )
    assert not (tmp_path / "c1").exists()  # a partial index is never cached
    started = time.monotonic()
    full = subprocess.run([*bridge, "index", *options, "--cache-dir", str(tmp_path / "c2")], capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    whole = time.monotonic() - started  # what `serve` took before: the whole build
    assert json.loads(full.stdout)["files"] == 400
    assert took < whole * 0.6, (took, whole)


def test_shutdown_is_answered_after_the_requests_before_it(tmp_path):
    """Found by a user trial: `workspace/symbol` then `shutdown` in one write, the second not waiting for the first;
    now and then shutdown's reply went out first (it was written on the event loop at once while the symbol reply,
    written by its handler thread, still waited for the loop). A request after `shutdown` is refused, never run.
    Many sessions at once on one daemon, so that the race, when there, shows (about 1 session in 30 did)."""
    root = tmp_path / "many"
    root.mkdir()
    (root / "common.py").write_text("".join(f"def function_{n}(arg):\n    return arg\n" for n in range(3_000)))
    sock = tmp_path / "d.sock"
    pipelined = b"".join(
        encode(json.dumps(m).encode())
        for m in [
            message(msg_id="symbols", params={"query": "function"}),
            message(msg_id="shutdown", method="shutdown", params=None),
            message(msg_id="after", params={"query": "function"}),
        ]
    )
    orders: list[list[str]] = []
    failures: list[str] = []

    def sessions(count: int) -> None:
        for _ in range(count):
            raw = Raw.unix(sock)
            try:
                raw.initialize()
                raw.send_bytes(pipelined)
                replies = [raw.receive() for _ in range(3)]
                by_id = {r["id"]: r for r in replies}
                if not by_id["symbols"].get("result") or by_id["shutdown"].get("result", "missing") is not None:
                    failures.append(repr(replies))
                if by_id["after"].get("error", {}).get("code") != INVALID:
                    failures.append(repr(by_id["after"]))
                orders.append([r["id"] for r in replies if r["id"] != "after"])
                raw.send({"jsonrpc": "2.0", "method": "exit"})
            except BaseException as e:  # reported below
                failures.append(repr(e))
            finally:
                raw.close()

    with running_daemon(root, sock, tmp_path / "cache"):
        threads = [threading.Thread(target=sessions, args=(25,)) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    assert failures == []
    assert len(orders) == 150
    assert [o for o in orders if o != ["symbols", "shutdown"]] == []


def test_a_reply_written_on_the_loop_waits_for_those_queued_before_it():
    """The cause of the race above, made certain: a handler thread's reply is queued for the loop; then the loop
    itself writes one (as shutdown's can be). Written in that order, they must go out in that order."""
    out: list[bytes] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        writer = LoopWriter(loop, out.append, lambda: None)
        worker = threading.Thread(target=writer.write, args=(b"from a handler thread",))
        worker.start()
        worker.join()  # queued: the loop runs it only once this callback returns
        writer.write(b"from the loop")
        writer.write(b"from the loop again")
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        writer.write(b"from the loop, nothing queued")
        assert out[-1] == b"from the loop, nothing queued"  # and at once

    asyncio.run(main())
    assert out == [b"from a handler thread", b"from the loop", b"from the loop again", b"from the loop, nothing queued"]


def test_a_client_that_never_reads_is_cut_off_not_buffered_forever(tmp_path):
    """Requests whose big answers are never read: past 64 MiB of unread replies the daemon drops the session."""
    root = tmp_path / "many"
    root.mkdir()
    (root / "names.py").write_text("".join(f"def function_number_{n:04d}(argument):\n    pass\n" for n in range(400)))
    sock, log = tmp_path / "d.sock", tmp_path / "daemon.log"
    with log.open("wb") as out, running_daemon(root, sock, tmp_path / "cache", stderr=out):
        greedy = Raw.unix(sock).initialize()
        assert len(greedy.request("workspace/symbol", {"query": "function"})["result"]) == 200  # ~40 KB each
        ask = b"".join(
            encode(json.dumps(message(msg_id=n, params={"query": "function"})).encode()) for n in range(2200)
        )
        with contextlib.suppress(OSError):  # the daemon may hang up while we still write
            greedy.send_bytes(ask)
        assert wait_until(lambda: "replies unread" in log.read_text(), timeout=120)
        # dropped, not flushed: what reaches the client is what the kernel had buffered, not the 64 MiB
        received = 0
        with contextlib.suppress(OSError):
            while data := greedy._recv():
                received += len(data)
        assert received < 16 * 1024 * 1024
        with BridgeClient(connect_command(root, sock, tmp_path / "cache"), timeout=30) as other:
            assert other.workspace_symbols("function_number_0007")[0]["name"] == "function_number_0007"
            assert wait_until(lambda: other.status()["sessions"] == 1)
        greedy.close()
