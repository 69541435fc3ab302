"""Defects a user trial of the bridge found and left in session 22, each against a real bridge process over JSON-RPC
(stdio)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp

from lsp_bridge.client import BridgeClient
from lsp_bridge.framing import Deframer, encode
from tests.lsp_bridge.conftest import places, write_files
from tests.lsp_bridge.test_daemon import connect_command, running_daemon

# old Mac line endings, and a stray CR among CRLF ones: LSP ends a line at `\r\n`, `\n` and a lone `\r`
CR = "class Old:\r    def go(self):\r        '''Go.'''\r        return 1\r\r\rdef use():\r    return Old().go()\r"
MIXED = "x = 1\r\ny = 2\rz = x + y\r\ndef f():\r\n    return z\r"

FILES: dict[str, str] = {
    "cr.py": CR,
    "mixed.py": MIXED,
    "enc.py": 'é = 1\ns = "é"; t = é\n',
    "short.py": "class A:\n    def f(self):\n        return 1\n\n\ndef g():\n    return 2\n",
    "overloaded.py": """\
import typing
from typing import overload


@overload
def conv(x: int) -> int: ...
@overload
def conv(x: str) -> str: ...
def conv(x):
    \'\'\'Convert x.\'\'\'
    return x


@overload
def many(x: int) -> int: ...
@overload
def many(x: str) -> str: ...
@overload
def many(x: bytes) -> bytes: ...
@overload
def many(x: float) -> float: ...
@overload
def many(x: list) -> list: ...
@overload
def many(x: dict) -> dict: ...
@overload
def many(x: set) -> set: ...
def many(x):
    return x


class Reader:
    @typing.overload
    def read(self, n: int) -> bytes:
        \'\'\'Read n bytes.\'\'\'
    @typing.overload
    def read(self) -> str: ...
    def read(self, n=None):
        return n

    def plain(self, n=None):
        return n


conv(1), many(1), Reader().read(), Reader().plain()
""",
    "gruss.py": "def grüße():\n    pass\n\n\nclass Straße:\n    ΣΊΣΥΦΟΣ = 1\n",
}


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = write_files(tmp_path_factory.mktemp("trial22left"), FILES)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


# ---- 1. a lone `\r` is a line break


def test_a_lone_cr_ends_a_line_for_definitions_and_references(bridge):
    # tree-sitter and the bridge's own splitting counted `\n` only: everything after a lone `\r` was lines off
    assert places(bridge.definition("cr.py", 8, column=12)) == [("cr.py", 1, 7)]  # `Old` in `return Old().go()`
    assert places(bridge.definition("cr.py", 8, column=18)) == [("cr.py", 2, 9)]  # `.go`
    assert places(bridge.references("cr.py", 2, column=9)) == [("cr.py", 2, 9), ("cr.py", 8, 18)]
    assert places(bridge.definition("mixed.py", 3, column=5)) == [("mixed.py", 1, 1)]  # `x` after a stray CR
    assert places(bridge.definition("mixed.py", 3, column=9)) == [("mixed.py", 2, 1)]
    assert places(bridge.definition("mixed.py", 5, column=12)) == [("mixed.py", 3, 1)]


def test_a_lone_cr_ends_a_line_for_symbols_and_hover(bridge):
    symbols = bridge.document_symbols("cr.py")
    assert [(s["name"], s["line"], s["start_line"], s["end_line"]) for s in symbols] == [
        ("Old", 1, 1, 4),
        ("use", 7, 7, 8),
    ]
    assert [(s["name"], s["line"], s["end_line"]) for s in symbols[0]["children"]] == [("go", 2, 4)]
    assert bridge.hover("cr.py", 8, column=18) == "```python\ndef go(self)\n```\n\nGo."
    assert [(s["name"], s["line"]) for s in bridge.document_symbols("mixed.py")] == [
        ("x", 1), ("y", 2), ("z", 3), ("f", 4),
    ]  # fmt: skip
    assert [(s["name"], s["line"], s["column"]) for s in bridge.workspace_symbols("use")] == [("use", 7, 5)]
    assert bridge.request("lspBridge/position", {"file": "cr.py", "line": 8, "name": "go"}) == {
        "line": 7,
        "character": 17,
    }


def test_a_lone_cr_ends_a_line_in_renderings(bridge):
    blocks = bridge.render_blocks([{"file": "cr.py", "function": "use", "lines": [8]}])
    assert blocks[0].lines == [(7, "def use():"), (8, "    return Old().go()")]
    located = bridge.locate(file="cr.py", line=3)["chunks"]
    assert [(c["class"], c["function"]) for c in located] == [("Old", "go")]


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\rb = a\r",  # a lone CR
        "a = 1\r\n\x0c\r\nb = a\r\n",  # a form feed (`^L`) on its own line: not a line break for LSP, as for Python
    ],
)
def test_line_breaks_in_an_unsaved_buffer_and_its_incremental_edits(bridge, text):
    uri = bridge.uri("mixed.py")
    last = text.count("\n") or text.count("\r")  # 1-based: the line of `b = a`
    bridge._client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        )
    )
    try:
        assert places(bridge.definition("mixed.py", last, column=5)) == [("mixed.py", 1, 1)]
        # an incremental edit of that line, `b = a` -> `b = a + a`: pygls cut the buffer with str.splitlines, which
        # also breaks at a form feed
        position = lsp.Position(line=last - 1, character=5)
        bridge._client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[
                    lsp.TextDocumentContentChangePartial(range=lsp.Range(start=position, end=position), text=" + a")
                ],
            )
        )
        assert places(bridge.references("mixed.py", 1, column=1)) == [
            ("mixed.py", 1, 1), ("mixed.py", last, 5), ("mixed.py", last, 9),
        ]  # fmt: skip
    finally:
        bridge._client.text_document_did_close(
            lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
        )


# ---- 2. workspace/symbol ignores case as Unicode does


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("GRÜSSE", ["grüße"]),  # exact, by case folding: `ß` folds to `ss`
        ("grüsse", ["grüße"]),
        ("GRÜß", ["grüße"]),  # a prefix
        ("üss", ["grüße"]),  # a substring
        ("strasse", ["Straße"]),
        ("sísyfos", []),  # folding is not accent stripping
        ("σίσυφοσ", ["ΣΊΣΥΦΟΣ"]),  # lower() makes the last capital sigma a final one, folding every sigma alike
        ("gße", ["grüße"]),  # in order
    ],
)
def test_workspace_symbols_fold_case_beyond_ascii(bridge, query, expected):
    # the table and the query were lower()ed: `GRÜSSE`.lower() is `grüsse`, `grüße`.lower() stays `grüße`
    assert [s["name"] for s in bridge.workspace_symbols(query)] == expected


# ---- 3. positionEncodings as one string


def raw_session(root: Path, requests: list[dict], until: int, timeout: float = 60) -> list[dict]:
    """Every message a `serve` on `root` sends until the request with id `until` is answered."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(root), "--cache-dir", str(root / ".cache")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    messages: list[dict] = []
    try:
        for request in requests:
            proc.stdin.write(encode(json.dumps(request).encode()))
        proc.stdin.flush()
        deframer, deadline = Deframer(), time.monotonic() + timeout
        while not any(m.get("id") == until for m in messages) and time.monotonic() < deadline:
            if select.select([proc.stdout], [], [], 0.5)[0]:
                data = os.read(proc.stdout.fileno(), 1 << 16)
                assert data, "the stream ended"
                messages += [json.loads(event) for event in deframer.feed(data)]
    finally:
        proc.kill()
        proc.wait()
    return messages


def initialize(capabilities: dict, process_id: int | None = None) -> list[dict]:
    return [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": process_id, "capabilities": capabilities},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    ]


@pytest.mark.parametrize(
    ("encodings", "expected"),
    [
        ("utf-8", "utf-8"),  # one string, not a list: taken as the one encoding the client speaks
        ("utf-32", "utf-32"),
        (["utf-8"], "utf-8"),
        (None, "utf-16"),  # no choice: the LSP default
        ("latin-1", "utf-16"),  # no encoding the bridge knows
    ],
)
def test_position_encodings_as_one_string(tmp_path, encodings: Any, expected: str):
    # cattrs made "utf-8" the sequence ("u", "t", "f", "-", "8"), no encoding among them: the session answered in
    # UTF-16 without a word while the client counted in UTF-8
    root = write_files(tmp_path, {"enc.py": FILES["enc.py"]})
    general = {} if encodings is None else {"positionEncodings": encodings}
    uri = (root / "enc.py").as_uri()
    position = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
    params = {**position, "context": {"includeDeclaration": True}}
    references = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/references", "params": params}
    messages = raw_session(root, [*initialize({"general": general}), references], until=2)
    result = next(m for m in messages if m.get("id") == 1)["result"]
    assert result["capabilities"]["positionEncoding"] == expected
    found = next(m for m in messages if m.get("id") == 2)["result"]
    # `t = é` after `s = "é"; `: é is 2 UTF-8 bytes, 1 UTF-16 unit, 1 UTF-32 unit
    column = {"utf-8": 14, "utf-16": 13, "utf-32": 13}[expected]
    assert sorted((r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in found) == [
        (0, 0),
        (1, column),
    ]


def test_position_encodings_of_another_type_are_invalid_params(tmp_path):
    root = write_files(tmp_path, {"enc.py": FILES["enc.py"]})
    messages = raw_session(root, initialize({"general": {"positionEncodings": 8}})[:1], until=1)
    assert next(m for m in messages if m.get("id") == 1)["error"]["code"] == -32602


# ---- 4. renderContext reports the chunks it cannot show


@pytest.mark.parametrize(
    ("chunk", "missing", "shown"),
    [
        ({"file": "short.py", "lines": [40, 41, 42]}, ["short.py:40-42"], []),  # past the end (7 lines)
        ({"file": "short.py", "lines": [0, -3]}, ["short.py:-3,0"], []),
        ({"file": "short.py", "lines": [7, 8, 50]}, ["short.py:8,50"], [6, 7]),  # partly: the lines it has are shown
        ({"file": "short.py", "function": "g", "lines": [99]}, ["short.py:99"], [6]),  # the def's signature
        ({"file": "short.py"}, ["short.py:"], []),  # no lines, no class or function
        ({"file": "short.py", "class": "A", "function": "nothing"}, [], [1]),  # the class it names is shown
        ({"file": "short.py", "class": "B", "function": "nothing"}, ["short.py:B.nothing"], []),
        ({"file": "short.py", "function": "g"}, [], [6]),
        ({"file": "nowhere.py", "lines": [1]}, ["nowhere.py"], None),  # as before
    ],
)
def test_render_context_reports_chunks_it_cannot_show(bridge, chunk, missing, shown):
    # lines past the end, or a chunk without lines, rendered the file's header alone and `missing` stayed empty
    result = bridge.request("lspBridge/renderContext", {"chunks": [chunk]})
    assert result["missing"] == missing
    assert [n for n, _ in result["files"][0]["lines"]] == shown if shown is not None else result["files"] == []


def test_render_context_reports_each_thing_missing_once(bridge):
    chunks = [
        {"file": "short.py", "lines": [40]},
        {"file": "short.py", "lines": [40]},
        {"file": "short.py", "function": "g", "lines": [7]},
        {"file": "nowhere.py"},
        {"file": "nowhere.py", "lines": [2]},
    ]
    result = bridge.request("lspBridge/renderContext", {"chunks": chunks})
    assert result["missing"] == ["short.py:40", "nowhere.py"]
    assert [n for n, _ in result["files"][0]["lines"]] == [6, 7]


# ---- 5. the client's process is watched

# an editor that starts the bridge on its own stdin/stdout (writing the bridge's pid to argv[1]) and waits
EDITOR = (
    "import subprocess, sys, time; p = subprocess.Popen(sys.argv[2:]); open(sys.argv[1], 'w').write(str(p.pid)); "
    "time.sleep(120)"
)


def running(pid: int) -> bool:
    """Whether `pid` runs (a zombie left unreaped by whoever adopted it does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0] != b"Z"
    except OSError:
        return False


def request(msg_id: int, method: str, params: Any = None) -> bytes:
    return encode(json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}).encode())


def read_until(stream: Any, deframer: Deframer, msg_id: int | None, timeout: float) -> list[dict]:
    """Messages read until the one with `msg_id` (None: until the stream ends, which must happen)."""
    messages: list[dict] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if msg_id is not None and any(m.get("id") == msg_id for m in messages):
            return messages
        if select.select([stream], [], [], 0.2)[0]:
            data = os.read(stream.fileno(), 1 << 16)
            if not data:
                assert msg_id is None, "the stream ended"
                return messages
            messages += [json.loads(event) for event in deframer.feed(data)]
    raise AssertionError(f"nothing more within {timeout} s: {messages}")


@pytest.mark.parametrize("watched", ["the editor", "a stranger", "none"])
def test_the_server_ends_when_the_client_process_is_gone(tmp_path, watched):
    # the editor killed without its pipe closing (a child of it keeps it: here the test does) left the server running
    # forever; LSP has the server exit when the process that started it (initialize's `processId`) is gone
    root = write_files(tmp_path / "ws", {"a.py": "def a():\n    pass\n"})
    pid_file, stderr = tmp_path / "bridge.pid", tmp_path / "stderr"
    bridge = [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(root), "--cache-dir", str(tmp_path / "c")]
    stranger = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    with open(stderr, "wb") as err:
        editor = subprocess.Popen([sys.executable, "-c", EDITOR, str(pid_file), *bridge],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)  # fmt: skip
    assert editor.stdin is not None and editor.stdout is not None
    process_id = {"the editor": editor.pid, "a stranger": stranger.pid, "none": None}[watched]
    deframer = Deframer()
    bridge_pid = 0
    try:
        editor.stdin.write(request(1, "initialize", {"processId": process_id, "capabilities": {}}))
        editor.stdin.write(request(2, "lspBridge/status", {}))
        editor.stdin.flush()
        read_until(editor.stdout, deframer, 2, 60)
        bridge_pid = int(pid_file.read_text())
        for process in (editor, stranger):
            process.send_signal(signal.SIGKILL)
            process.wait()
        if watched == "the editor":
            read_until(editor.stdout, deframer, None, 20)  # every writer of the pipe is gone: the bridge exited
            assert f"lsp-bridge: the client process {editor.pid} is gone" in stderr.read_text()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and running(bridge_pid):
                time.sleep(0.1)
            assert not running(bridge_pid)
        else:  # a process that did not start the server (or none) is not watched: still serving after 2 checks
            time.sleep(7)
            editor.stdin.write(request(3, "lspBridge/status", {}))
            editor.stdin.flush()
            assert next(m for m in read_until(editor.stdout, deframer, 3, 30) if m.get("id") == 3)["result"]
    finally:
        editor.stdin.close()  # the bridge's input ends: it exits
        for process in (editor, stranger):
            process.kill()
            process.wait()
        editor.stdout.close()
        if bridge_pid and running(bridge_pid):
            os.kill(bridge_pid, signal.SIGKILL)


def test_a_daemon_session_ends_when_its_client_process_is_gone(tmp_path):
    # the same through `connect`: the editor's session ends (the daemon watches the connecting process's parents),
    # `connect` exits with it, and the daemon serves on
    root = write_files(tmp_path / "ws", {"a.py": "def a():\n    pass\n"})
    sock, cache = tmp_path / "bridge.sock", tmp_path / "cache"
    with running_daemon(root, sock, cache):
        command = [sys.executable, "-c", EDITOR, str(tmp_path / "connect.pid"), *connect_command(root, sock, cache)]
        editor = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert editor.stdin is not None and editor.stdout is not None
        deframer = Deframer()
        try:
            editor.stdin.write(request(1, "initialize", {"processId": editor.pid, "capabilities": {}}))
            editor.stdin.write(encode(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode()))
            editor.stdin.write(request(2, "lspBridge/status", {}))
            editor.stdin.flush()
            assert read_until(editor.stdout, deframer, 2, 60)[-1]["result"]["sessions"] == 1
            editor.send_signal(signal.SIGKILL)
            editor.wait()
            read_until(editor.stdout, deframer, None, 20)  # the session was closed: `connect` exited
            with BridgeClient(connect_command(root, sock, cache), root=str(root), timeout=30) as other:
                assert other.status()["sessions"] == 1
        finally:
            editor.stdin.close()
            editor.kill()
            editor.wait()
            editor.stdout.close()


# ---- 6. hover shows every overload


@pytest.mark.parametrize(
    ("line", "name", "expected"),
    [
        (45, "conv", "def conv(x: int) -> int\ndef conv(x: str) -> str\n```\n\nConvert x."),
        (9, "conv", "def conv(x: int) -> int\ndef conv(x: str) -> str\n```\n\nConvert x."),  # at the implementation
        (
            45,
            "many",
            "def many(x: int) -> int\ndef many(x: str) -> str\ndef many(x: bytes) -> bytes\n"
            "def many(x: float) -> float\ndef many(x: list) -> list\n# … 2 more overloads\n```",
        ),
        (45, "read", "def read(self, n: int) -> bytes\ndef read(self) -> str\n```\n\nRead n bytes."),
        (45, "plain", "def plain(self, n=None)\n```"),  # not overloaded: as before
    ],
)
def test_hover_shows_every_overload(bridge, line, name, expected):
    # the hover of an overloaded function showed its first @overload signature alone
    assert bridge.hover("overloaded.py", line, name=name) == "```python\n" + expected
