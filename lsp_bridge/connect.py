"""`lsp-bridge connect`: bridge stdin/stdout to the workspace's daemon, starting the daemon when none listens."""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

START_TIMEOUT = 30.0


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


def pump(sock: socket.socket) -> int:
    """Copy stdin -> socket and socket -> stdout until the daemon closes the connection."""
    stdin, stdout = sys.stdin.buffer.fileno(), sys.stdout.buffer.fileno()

    def upstream() -> None:
        try:
            while data := os.read(stdin, 65536):
                sock.sendall(data)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_WR)

    threading.Thread(target=upstream, daemon=True).start()
    try:
        while data := sock.recv(65536):
            view = memoryview(data)
            while view:
                view = view[os.write(stdout, view) :]
    except OSError:
        return 1
    return 0
