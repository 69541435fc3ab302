"""`lsp-bridge connect`: bridge stdin/stdout to the workspace's daemon, starting the daemon when none listens.

With `--map EDITOR=WORKSPACE`, every message is parsed and the file URIs (however the editor escapes or
percent-encodes them) and root paths in it are rewritten; document text is never touched.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from lsp_bridge import framing, runtime

START_TIMEOUT = 30.0
PATH_KEYS = frozenset({"rootPath", "root", "path", "file"})  # keys whose value is a plain path, not a URI
TEXT_KEYS = frozenset({"text", "newText"})  # document contents: never rewritten


def _connect(path: Path) -> socket.socket | None:
    """A connection to the daemon at `path`, only if we own the socket and the process behind it runs as us."""
    runtime.check_socket(path)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(str(path))
    except OSError:
        s.close()
        return None
    if runtime.peer_uid(s) != os.getuid():
        s.close()
        raise runtime.UnsafePath(f"refusing {path}: the process listening there is not ours")
    return s


def ensure_daemon(path: Path, daemon_args: list[str], log_file: Path) -> socket.socket:
    """A connection to the daemon on `path`; spawns `lsp-bridge daemon` (detached) if nothing answers."""
    sock = _connect(path)
    if sock is not None:
        return sock
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_fd = runtime.open_private(Path(f"{path}.lock"), os.O_RDWR | os.O_CREAT)
    with os.fdopen(lock_fd, "r+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one connect starts the daemon, the others wait for it
        sock = _connect(path)
        if sock is not None:
            return sock
        log_fd = runtime.open_private(log_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        with os.fdopen(log_fd, "ab") as log:
            logged = os.fstat(log_fd).st_size  # the daemon's own lines come after this
            daemon = subprocess.Popen(
                [sys.executable, "-m", "lsp_bridge", "daemon", "--socket", str(path), *daemon_args],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            ended = daemon.poll()
            sock = _connect(path)
            if sock is not None:
                return sock
            if ended is not None:  # it will not listen: say why now rather than after the timeout
                reason = _last_line(log_file, logged, ended)
                raise RuntimeError(f"the lsp-bridge daemon for {path} exited at start ({reason})")
            time.sleep(0.05)
    raise RuntimeError(f"the lsp-bridge daemon did not start on {path} (see {log_file})")


def _last_line(log_file: Path, offset: int, code: int) -> str:
    """The daemon's last line in its log since `offset` (its reason), else its exit code."""
    try:
        with log_file.open("rb") as log:
            log.seek(offset)
            lines = log.read(1 << 20).decode(errors="replace").splitlines()
    except OSError:
        lines = []
    said = [line.removeprefix("lsp-bridge: ").strip() for line in lines if line.strip()]
    return f"exit code {code}" + (f": {said[-1]}" if said else f"; see {log_file}")


class PathMap:
    """Editor paths <-> workspace paths in parsed messages."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = [(os.path.normpath(e), os.path.normpath(w)) for e, w in pairs]

    @staticmethod
    def _swap(path: str, src: str, dst: str) -> str | None:
        if path == src:
            return dst
        if path.startswith(src.rstrip("/") + "/"):
            return dst.rstrip("/") + path[len(src.rstrip("/")) :]
        return None

    def _path(self, path: str, up: bool) -> str | None:
        for editor, workspace in self.pairs:
            swapped = self._swap(path, editor, workspace) if up else self._swap(path, workspace, editor)
            if swapped is not None:
                return swapped
        return None

    def _value(self, value: str, key: str | None, up: bool) -> str:
        if value.startswith("file:"):
            parsed = urlparse(value)
            swapped = self._path(unquote(parsed.path), up)
            return Path(swapped).as_uri() if swapped is not None else value
        if key in PATH_KEYS and value.startswith("/"):
            return self._path(value, up) or value
        return value

    def rewrite(self, message: Any, up: bool) -> tuple[Any, bool]:
        """(`message` with its paths mapped in place, whether anything changed); up: editor -> workspace."""
        root = [message]
        stack: list[tuple[Any, Any, str | None]] = [(root, 0, None)]
        changed = False
        while stack:
            parent, slot, key = stack.pop()
            value = parent[slot]
            if isinstance(value, str):
                mapped = self._value(value, key, up)
                if mapped != value:
                    parent[slot], changed = mapped, True
            elif isinstance(value, dict):
                stack.extend((value, k, k) for k in value if k not in TEXT_KEYS)
            elif isinstance(value, list):
                stack.extend((value, i, key) for i in range(len(value)))
        return root[0], changed

    def frame(self, body: bytes, up: bool) -> bytes:
        """A body with its paths mapped; bodies that do not parse go on unchanged (the server answers them)."""
        try:
            message, changed = self.rewrite(json.loads(body), up)
        except (ValueError, RecursionError):
            return body
        return json.dumps(message).encode() if changed else body


def _error_frame(event: framing.FramingError) -> bytes:
    reply = {"jsonrpc": "2.0", "id": None, "error": {"code": event.code, "message": event.reason}}
    return framing.encode(json.dumps(reply).encode())


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def pump(sock: socket.socket, maps: list[tuple[str, str]] | None = None) -> int:
    """Copy stdin -> socket and socket -> stdout until the daemon closes the connection.

    With `maps`, messages are re-framed with their paths rewritten; a framing error on the editor's side is
    answered here (the daemon never sees the bytes)."""
    stdin, stdout = sys.stdin.buffer.fileno(), sys.stdout.buffer.fileno()
    path_map = PathMap(maps) if maps else None
    lock = threading.Lock()

    def emit(data: bytes) -> None:
        with lock:
            _write_all(stdout, data)

    def upstream() -> None:
        deframer = framing.Deframer()
        try:
            while True:
                if path_map is None:
                    data = os.read(stdin, framing.CHUNK)
                    if not data:
                        break
                    sock.sendall(data)
                    continue
                if deframer.mid_frame and not select.select([stdin], [], [], framing.STALL_SECONDS)[0]:
                    events = deframer.stalled()
                elif data := os.read(stdin, framing.CHUNK):
                    events = deframer.feed(data)
                else:
                    break
                for event in events:
                    if isinstance(event, bytes):
                        sock.sendall(framing.encode(path_map.frame(event, up=True)))
                    else:
                        emit(_error_frame(event))
        except OSError:
            pass
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_WR)

    threading.Thread(target=upstream, daemon=True).start()
    deframer = framing.Deframer(max_body=2**62)  # the daemon's own replies: any size
    try:
        while data := sock.recv(framing.CHUNK):
            if path_map is None:
                emit(data)
                continue
            frames = [e for e in deframer.feed(data) if isinstance(e, bytes)]
            emit(b"".join(framing.encode(path_map.frame(body, up=False)) for body in frames))
    except BrokenPipeError:
        raise RuntimeError("the client stopped reading the replies (stdout closed) before the session ended") from None
    except OSError as e:
        raise RuntimeError(f"the connection to the daemon failed: {e.strerror or e}") from None
    return 0
