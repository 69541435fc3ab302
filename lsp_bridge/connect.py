"""`lsp-bridge connect`: bridge stdin/stdout to the workspace's daemon, starting the daemon when none listens."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable

START_TIMEOUT = 30.0


def default_socket(root: Path) -> Path:
    if env := os.environ.get("LSP_BRIDGE_SOCKET"):
        return Path(env)
    key = hashlib.sha1(str(root.resolve()).encode()).hexdigest()[:10]
    return Path("/tmp") / f"lsp-bridge-{os.getuid()}-{key}.sock"


def _connect(path: Path) -> socket.socket | None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(str(path))
        return s
    except OSError:
        s.close()
        return None


def ensure_daemon(path: Path, daemon_args: list[str], log_file: Path) -> socket.socket:
    """A connection to the daemon on `path`; spawns `lsp-bridge daemon` (detached) if nothing answers."""
    sock = _connect(path)
    if sock is not None:
        return sock
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{path}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one connect starts the daemon, the others wait for it
        sock = _connect(path)
        if sock is not None:
            return sock
        with open(log_file, "ab") as log:
            subprocess.Popen(
                [sys.executable, "-m", "lsp_bridge", "daemon", "--socket", str(path), *daemon_args],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            sock = _connect(path)
            if sock is not None:
                return sock
            time.sleep(0.05)
    raise RuntimeError(f"the lsp-bridge daemon did not start on {path} (see {log_file})")


class Frames:
    """Re-frames a JSON-RPC byte stream, passing each message body through `rewrite`."""

    def __init__(self, rewrite: Callable[[bytes], bytes]) -> None:
        self.rewrite = rewrite
        self.buffer = b""

    def feed(self, data: bytes) -> bytes:
        self.buffer += data
        out = []
        while (end := self.buffer.find(b"\r\n\r\n")) >= 0:
            length = re.search(rb"(?i)content-length:\s*(\d+)", self.buffer[:end])
            if length is None:  # not a frame we understand: pass it on untouched
                out.append(self.buffer)
                self.buffer = b""
                break
            total = end + 4 + int(length.group(1))
            if len(self.buffer) < total:
                break
            body = self.rewrite(self.buffer[end + 4 : total])
            out.append(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            self.buffer = self.buffer[total:]
        return b"".join(out)


def path_mapper(pairs: list[tuple[str, str]]) -> tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]:
    """Rewriters for file URIs: editor paths -> daemon paths (up) and back (down)."""

    def rewriter(src_dst: list[tuple[bytes, bytes]]) -> Callable[[bytes], bytes]:
        def rewrite(body: bytes) -> bytes:
            for src, dst in src_dst:
                body = body.replace(src + b"/", dst + b"/").replace(src + b'"', dst + b'"')
            return body

        return rewrite

    uris = [(Path(h).resolve().as_uri().encode(), Path(c).as_uri().encode()) for h, c in pairs]
    return rewriter(uris), rewriter([(c, h) for h, c in uris])


def pump(sock: socket.socket, maps: list[tuple[str, str]] | None = None) -> int:
    """Copy stdin -> socket and socket -> stdout until the daemon closes the connection (rewriting paths)."""
    stdin, stdout = sys.stdin.buffer.fileno(), sys.stdout.buffer.fileno()
    up, down = (Frames(f).feed for f in path_mapper(maps)) if maps else (bytes, bytes)

    def upstream() -> None:
        try:
            while data := os.read(stdin, 65536):
                sock.sendall(up(data))
        except OSError:
            pass
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_WR)

    threading.Thread(target=upstream, daemon=True).start()
    try:
        while data := sock.recv(65536):
            view = memoryview(down(data))
            while view:
                view = view[os.write(stdout, view) :]
    except OSError:
        return 1
    return 0
