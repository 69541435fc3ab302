"""The Unix-socket daemon: many sessions over one index, `connect` (starting it when needed), shared agent context."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lsp_bridge.client import BridgeClient, BridgeError
from lsp_bridge.framing import Deframer, encode
from tests.lsp_bridge.conftest import SHOP


def connect_command(root: Path, sock: Path, cache: Path) -> list[str]:
    return [sys.executable, "-m", "lsp_bridge", "connect", "--workspace", str(root), "--socket", str(sock),
            "--cache-dir", str(cache)]  # fmt: skip


def wait_until(predicate, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while not (value := predicate()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


@contextlib.contextmanager
def running_daemon(root: Path, sock: Path, cache: Path, stderr: Any = subprocess.DEVNULL) -> Iterator[None]:
    """`lsp-bridge daemon` serving `root` on `sock`, stopped by SIGTERM (it must exit 0)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lsp_bridge", "daemon", "--workspace", str(root), "--socket", str(sock),
         "--cache-dir", str(cache)],
        stderr=stderr,
    )  # fmt: skip
    try:
        assert wait_until(sock.exists)
        yield
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0


@pytest.fixture
def daemon(shop, tmp_path) -> Iterator[Path]:
    sock = tmp_path / "bridge.sock"
    with running_daemon(shop, sock, tmp_path / "cache"):
        yield sock
    assert not sock.exists() and not Path(f"{sock}.pid").exists()


def test_sessions_share_the_index_and_one_exit_ends_only_its_session(daemon, shop, tmp_path):
    command = connect_command(shop, daemon, tmp_path / "cache")
    agent = BridgeClient(command)
    editor = BridgeClient(command)
    try:
        assert agent.root == str(shop.resolve()) == editor.root
        assert agent.status()["sessions"] == 2
        assert [d["file"] for d in editor.definition("app.py", 9, name="discount")] == ["shop/pricing.py"]
        # the agent shares its code context; the attached editor is shown it
        agent.set_agent_context(
            [
                {"file": "app.py", "function": "main", "lines": [9], "score": 0.87},
                {"file": "shop/pricing.py", "function": "discount", "whole_function": True, "score": 0.5},
            ]
        )
        assert wait_until(lambda: editor.diagnostics.get("app.py")) == [
            {"line": 6, "end_line": 9, "message": "agent context: main (score 0.87)", "source": "lsp-bridge agent"}
        ]
        assert wait_until(lambda: editor.diagnostics.get("shop/pricing.py"))[0]["message"] == (
            "agent context: discount (score 0.50)"
        )
        assert wait_until(lambda: editor.context_updates)[-1]["chunks"][0]["score"] == 0.87
        assert agent.diagnostics == {}
        lenses = editor.request("textDocument/codeLens", {"textDocument": {"uri": editor.uri("app.py")}})
        assert [(lens.range.start.line, lens.command.title) for lens in lenses] == [
            (5, "agent context: main (score 0.87)")
        ]
        editor.close()  # shutdown + exit: ends the editor's session, not the daemon
        assert agent.status()["sessions"] == 1
        assert agent.workspace_symbols("VipCart")[0]["file"] == "shop/models.py"
        late = BridgeClient(command)  # a newcomer sees the context at once
        assert wait_until(lambda: late.diagnostics.get("app.py"))[0]["message"] == "agent context: main (score 0.87)"
        late.close()
    finally:
        agent.close()
        editor.close()


def test_connect_starts_the_daemon_once(shop, tmp_path):
    sock = tmp_path / "auto.sock"
    command = connect_command(shop, sock, tmp_path / "cache")
    first = BridgeClient(command)
    second = BridgeClient(command)
    try:
        pid = int(Path(f"{sock}.pid").read_text())
        assert first.status()["sessions"] == second.status()["sessions"] == 2
        first.close()
        second.close()
        os.kill(pid, 0)  # still serving with no session attached
        third = BridgeClient(command)
        assert third.document_symbols("shop/pricing.py")[0]["name"] == "discount"
        third.close()
    finally:
        os.kill(int(Path(f"{sock}.pid").read_text()), signal.SIGTERM)
    assert wait_until(lambda: not sock.exists())


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A fresh folder under /tmp (pytest's own are too long to hold a socket path of every size)."""
    folder = Path(tempfile.mkdtemp(prefix="lspsock-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _path_of(folder: Path, size: int) -> Path:
    return folder / ("s" * (size - len(str(folder)) - len("/.sock")) + ".sock")


@pytest.mark.parametrize("command", ["connect", "daemon"])
def test_a_socket_path_too_long_to_connect_to_is_refused_at_once(shop, tmp_path, short_folder, command):
    """Found trying the README's commands: the daemon bound a 131-byte path (in a short folder, then renamed) that no
    client could connect to; `connect` waited 30 s for it, left it running, and started another one next time."""
    sock = _path_of(short_folder, 108)
    argv = [sys.executable, "-m", "lsp_bridge", command, "--workspace", str(shop), "--socket", str(sock),
            "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    started = time.monotonic()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 10
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"lsp-bridge: the socket path {sock} is too long for a Unix socket (108 bytes, at most 107): "
        "give a shorter --socket or $LSP_BRIDGE_SOCKET\n"
    )
    assert list(short_folder.iterdir()) == []  # no socket, pid file or log: nothing was started


def test_the_longest_socket_path_works(shop, tmp_path, short_folder):
    sock = _path_of(short_folder, 107)
    with BridgeClient(connect_command(shop, sock, tmp_path / "cache")) as client:
        assert client.document_symbols("shop/pricing.py")[0]["name"] == "discount"
        pid = int(Path(f"{sock}.pid").read_text())
    os.kill(pid, signal.SIGTERM)
    assert wait_until(lambda: not sock.exists())


def test_connect_fails_at_once_when_the_daemon_it_starts_exits(shop, tmp_path, short_folder):
    """A user trial found `connect` waiting its full 30 s for a daemon that had died at start (here: its pid file's
    name is taken by a folder); it now says so at once, in one line with the daemon's own last line."""
    sock = short_folder / "d.sock"
    Path(f"{sock}.pid").mkdir()
    argv = [sys.executable, "-m", "lsp_bridge", "connect", "--workspace", str(shop), "--socket", str(sock),
            "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    started = time.monotonic()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 10
    assert (done.returncode, done.stdout) == (1, "")
    folder, name = re.escape(str(short_folder)), re.escape(str(sock))
    assert re.fullmatch(
        rf"lsp-bridge: the lsp-bridge daemon for {name} exited at start \(exit code 1: \[Errno 21\] "
        rf"Is a directory: '{folder}/\.d\.sock\.pid\.\d+\.tmp' -> '{name}\.pid'\)\n",
        done.stderr,
    ), done.stderr
    assert not sock.exists()


@pytest.mark.parametrize("command", ["connect", "daemon"])
def test_a_socket_path_below_a_file_is_refused_in_one_line(shop, tmp_path, command):
    """A user trial found a bare "[Errno 20] Not a directory"."""
    (tmp_path / "a_file").write_text("")
    sock = tmp_path / "a_file" / "sub" / "d.sock"
    argv = [sys.executable, "-m", "lsp_bridge", command, "--workspace", str(shop), "--socket", str(sock),
            "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"lsp-bridge: cannot use the socket path {sock}: {tmp_path / 'a_file'} is not a folder\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]  # nothing indexed, nothing started


def test_connect_whose_client_stops_reading_says_so_in_one_line(daemon, shop, tmp_path):
    """Found with `connect | head -1`: exit code 1 with nothing said; the daemon serves the next session."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(connect_command(shop, daemon, tmp_path / "cache"), input=encode(body.encode()),
                              stdout=write, stderr=subprocess.PIPE, text=False, timeout=60)  # fmt: skip
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (
        1,
        b"lsp-bridge: the client stopped reading the replies (stdout closed) before the session ended\n",
    )
    with BridgeClient(connect_command(shop, daemon, tmp_path / "cache")) as client:
        assert client.document_symbols("shop/pricing.py")[0]["name"] == "discount"


def test_connect_maps_editor_paths_to_the_workspace(daemon, shop, tmp_path):
    """An editor with its own copy of the repository elsewhere (e.g. outside the container)."""
    elsewhere = tmp_path / "host checkout"
    command = [*connect_command(shop, daemon, tmp_path / "cache"), "--map", f"{elsewhere}={shop}"]
    with BridgeClient(command, root=str(elsewhere)) as editor:
        found = editor.definition("app.py", 9, name="discount")
        assert [(d["file"], d["line"]) for d in found] == [("shop/pricing.py", 1)]
        assert editor.uri("app.py") == (elsewhere / "app.py").as_uri()
        refs = editor.references("shop/pricing.py", 1, name="discount")
        assert {r["file"] for r in refs} == {"app.py", "shop/models.py", "shop/pricing.py"}


@pytest.mark.parametrize("mapping", ["no-equals-sign", "relative/dir=/testbed", "/host=", "=/testbed"])
def test_a_bridge_command_that_fails_is_reported_at_once(shop, tmp_path, mapping):
    # a bad --map is bad usage: exit code 2 (1 until session 19)
    command = [*connect_command(shop, tmp_path / "x.sock", tmp_path / "cache"), "--map", mapping]
    started = time.monotonic()
    with pytest.raises(BridgeError, match=r"ended its output \(exit code 2\)"):
        BridgeClient(command, timeout=60)
    assert time.monotonic() - started < 10


def test_sessions_that_come_and_go_leave_no_threads_behind(daemon, shop, tmp_path):
    pid = int(Path(f"{daemon}.pid").read_text())
    threads = lambda: len(list(Path(f"/proc/{pid}/task").iterdir()))  # noqa: E731
    command = connect_command(shop, daemon, tmp_path / "cache")
    with BridgeClient(command) as first:
        first.document_symbols("app.py")
    before = threads()
    for _ in range(20):
        with BridgeClient(command) as client:
            assert client.document_symbols("app.py")[0]["name"] == "main"
    # a few threads come and stay (the loop's default executor: at most cores + 4), never one per session
    assert wait_until(lambda: threads() <= before + 6), (before, threads())


def test_connect_maps_escaped_and_percent_encoded_uris(daemon, shop, tmp_path):
    """What Neovim sends: every `/` escaped as `\\/` and the space in the path as `%20`; document text untouched."""
    elsewhere = tmp_path / "host checkout"
    command = [*connect_command(shop, daemon, tmp_path / "cache"), "--map", f"{elsewhere}={shop}"]
    uri = (elsewhere / "app.py").as_uri()
    assert "%20" in uri
    text = f"# see {uri}\n" + SHOP["app.py"]
    position = {"line": 9, "character": 40}  # `discount` in `p.discount(1.0, None)`, one line lower
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"capabilities": {}, "processId": None, "rootUri": elsewhere.as_uri()},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
        },
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "textDocument/definition",
            "params": {"textDocument": {"uri": uri}, "position": position},
        },
        {"jsonrpc": "2.0", "id": 3, "method": "lspBridge/status", "params": {}},
    ]  # fmt: skip (then the input ends: the replies still come)
    stream = b"".join(encode(json.dumps(m).replace("/", "\\/").encode()) for m in messages)
    out = subprocess.run(command, input=stream, capture_output=True, timeout=60).stdout
    replies = {m["id"]: m for m in map(json.loads, Deframer().feed(out)) if "id" in m}  # type: ignore[arg-type]
    assert [(d["uri"], d["range"]["start"]["line"]) for d in replies[2]["result"]] == [
        ((elsewhere / "shop/pricing.py").as_uri(), 0)
    ]
    assert replies[3]["result"]["root"] == str(elsewhere)
