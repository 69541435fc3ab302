"""Where a session lives on disk, and how the CLI talks to its server (one JSON request per connection)."""

from __future__ import annotations

import json
import os
import re
import socket
from pathlib import Path

SESSIONS_DIR_ENV = "DEBUGGER_SESSIONS"
DEFAULT_SESSIONS_DIR = "/tmp/debugger-sessions"
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


class DebuggerError(Exception):
    """A problem to report to the user as one line."""


class Session:
    def __init__(self, name: str, dir: Path):
        self.name, self.dir = name, dir

    @property
    def server(self) -> Path:
        """Written by a live server: its pid, socket, target, the debuggee's pid."""
        return self.dir / "server.json"

    @property
    def socket(self) -> Path:
        return self.dir / "ctl.sock"

    @property
    def final(self) -> Path:
        """Written when the program has ended and the server is gone."""
        return self.dir / "final.json"

    @property
    def breakpoints(self) -> Path:
        return self.dir / "breakpoints.json"

    @property
    def output(self) -> Path:
        return self.dir / "output.log"

    @property
    def log(self) -> Path:
        return self.dir / "server.log"


def session(name: str) -> Session:
    if not _NAME.match(name):
        raise DebuggerError(f"bad session name {name!r}: use letters, digits, '.', '_' or '-' (at most 40)")
    base = Path(os.environ.get(SESSIONS_DIR_ENV) or DEFAULT_SESSIONS_DIR)
    return Session(name, base / name)


def read_json(path: Path, default=None):
    try:
        return json.loads(path.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return default


def write_json(path: Path, data) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


def pid_alive(pid: int | None) -> bool:
    """True for a live process; a zombie (exited, not yet reaped) counts as gone."""
    if not pid:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def send_request(sock_path: Path, request: dict, timeout: float) -> dict | None:
    """One request to a session server; None when the server went away before answering."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(str(sock_path))
        sock.sendall(json.dumps(request).encode() + b"\n")
        chunks = []
        try:
            chunk = sock.recv(65536)
            while chunk:
                chunks.append(chunk)
                chunk = sock.recv(65536)
        except ConnectionResetError:
            return None
    data = b"".join(chunks)
    return json.loads(data) if data.strip() else None
