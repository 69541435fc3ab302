"""Where a session lives on disk, and how the CLI talks to its server (one JSON request per connection).

Sessions live in a private per-user directory: `$DEBUGGER_SESSIONS`, else `$XDG_RUNTIME_DIR/debugger-sessions`,
else `/tmp/debugger-sessions-<uid>`. Every directory on the way is opened without following symlinks and must
belong to the caller; a session folder that another user made first is refused, never used.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import stat
from pathlib import Path
from typing import Any

SESSIONS_DIR_ENV = "DEBUGGER_SESSIONS"
LOG_HEAD = 1 << 20  # the output log keeps the program's first 1 MiB of output
LOG_TAIL = 2 << 20  # and at least its last 2 MiB: the middle is dropped
LOG_CAP = LOG_HEAD + 2 * LOG_TAIL  # the most it holds on disk
_DROPPED = re.compile(rb"\n\[\.\.\. debugger: (\d+) bytes of output dropped here")
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,39}$")
NAME_RULE = "letters, digits, '_', '.' or '-', not starting with '.' or '-', at most 40"


class DebuggerError(Exception):
    """A problem to report to the user as one line."""


class UsageError(DebuggerError):
    """Bad usage: exit status 2."""


def check_name(name: str) -> str:
    """A session name is a plain name: never a path, never `.` or `..`."""
    if not _NAME.match(name) or name in (".", ".."):
        raise UsageError(f"bad session name {name!r}: use {NAME_RULE}")
    return name


class Session:
    def __init__(self, name: str, dir: Path):
        self.name, self.dir = name, dir

    @property
    def server(self) -> Path:
        """Written by a live server: its pid, socket, token, target, the debuggee's pid."""
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

    def exists(self) -> bool:
        """True when the session folder is there (checked: ours, private, not a symlink)."""
        return private_dir(self.dir, create=False, what="session folder")

    def ensure(self) -> None:
        private_dir(self.dir, create=True, what="session folder")


def _owner_name(uid: int) -> str:
    import pwd

    try:
        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except KeyError:
        return f"uid {uid}"


def private_dir(path: Path, create: bool, what: str) -> bool:
    """Make sure `path` is a directory of ours that nobody else can write into (or a sticky one, like /tmp);
    False if absent and not `create`d. Opened with O_NOFOLLOW: a symlink planted at the name is refused.
    """
    if create:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError as e:
            raise DebuggerError(f"cannot create the {what} {path}: {e.strerror}") from None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    except OSError as e:
        if os.path.islink(path):
            raise DebuggerError(f"the {what} {path} is a symlink: refused (remove it)") from None
        raise DebuggerError(f"cannot open the {what} {path}: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid():
            raise DebuggerError(
                f"the {what} {path} belongs to {_owner_name(st.st_uid)}, not to you (uid {os.getuid()}): refused; "
                f"set {SESSIONS_DIR_ENV} to a directory of your own"
            )
        if st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:  # others could plant files in it
            raise DebuggerError(f"the {what} {path} is writable by other users: refused (chmod 700 it)")
    finally:
        os.close(fd)
    return True


def _private_runtime_dir(path: str) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def sessions_dir() -> Path:
    """The caller's private sessions directory, created if needed."""
    explicit = os.environ.get(SESSIONS_DIR_ENV)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if explicit:
        base = Path(explicit).absolute()
        try:
            base.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):  # a file where a folder must be: say which one
            blocker = next((p for p in base.parents if p.exists() and not p.is_dir()), base.parent)
            raise DebuggerError(f"cannot create the sessions directory {base}: {blocker} is not a directory") from None
        except OSError as e:
            raise DebuggerError(f"cannot create the sessions directory {base}: {e.strerror}") from None
    elif runtime and _private_runtime_dir(runtime):
        base = Path(runtime) / "debugger-sessions"
    else:
        base = Path(f"/tmp/debugger-sessions-{os.getuid()}")
    _check_parent(base.parent)
    private_dir(base, create=True, what="sessions directory")
    return base


def _check_parent(parent: Path) -> None:
    """Whoever may rename entries in the parent could swap our directory for theirs after we checked it."""
    try:
        st = os.stat(parent)
    except OSError as e:
        raise DebuggerError(f"cannot use {parent} for sessions: {e.strerror}") from None
    if st.st_uid not in (0, os.getuid()) or (st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX):
        raise DebuggerError(
            f"the sessions directory would live in {parent}, which {_owner_name(st.st_uid)} or others can change: "
            f"refused; set {SESSIONS_DIR_ENV} to a directory of your own"
        )


def session(name: str) -> Session:
    check_name(name)
    return Session(name, sessions_dir() / name)


def dropped_note(count: int) -> bytes:
    """What the output log says, at LOG_HEAD, where it dropped the middle of a long output."""
    return (
        f"\n[... debugger: {count} bytes of output dropped here; the log keeps the first {LOG_HEAD >> 20} MB "
        f"and the last {LOG_TAIL >> 20} MB or more ...]\n"
    ).encode()


def dropped_in_log(data: bytes) -> int:
    """How many bytes the output log `data` dropped (0 when it holds the whole output)."""
    found = _DROPPED.match(data, LOG_HEAD)
    return int(found.group(1)) if found else 0


def read_json(path: Path, default: Any = None) -> Any:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return default
    try:
        with os.fdopen(fd, "rb") as f:
            return json.loads(f.read(1 << 20))
    except (OSError, ValueError):
        return default


def write_json(path: Path, data: object) -> None:
    """Atomically, never through a symlink (the temporary file is created exclusively)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps(data))
    tmp.replace(path)


def pid_alive(pid: int | None) -> bool:
    """True for a live process; a zombie (exited, not yet reaped) counts as gone."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return stat_line.rpartition(")")[2].split()[0] not in ("Z", "X")


def socket_is_ours(path: Path) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISSOCK(st.st_mode) and st.st_uid == os.getuid()


def send_request(sock_path: Path, request: dict, timeout: float) -> dict | None:
    """One request to a session server; None when the server went away before answering."""
    if not socket_is_ours(sock_path):
        raise FileNotFoundError(sock_path)
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
