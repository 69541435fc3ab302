"""The daemon's files (socket, `.lock`, `.pid`, `.log`) in a private per-user directory, opened without following links.

The directory is `$XDG_RUNTIME_DIR/lsp-bridge` when `$XDG_RUNTIME_DIR` is ours and private, else
`$TMPDIR/lsp-bridge-<uid>` (`/tmp/...`), created with mode 0700. An existing directory is used only if it is a real
directory owned by us and closed to others; a socket is talked to only if we own it, and only if the process behind
it runs as us (SO_PEERCRED).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import stat
import struct
import tempfile
from pathlib import Path


class UnsafePath(RuntimeError):
    """A runtime path another user could control; the message says which and why."""


def _owned_private_dir(path: Path) -> str | None:
    """Why `path` is not a private directory of ours (None when it is)."""
    try:
        st = os.lstat(path)
    except OSError as e:
        return f"cannot stat it ({e.strerror})"
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        return "it is not a directory (a symlink or a file)"
    if st.st_uid != os.getuid():
        return f"it belongs to uid {st.st_uid}"
    if st.st_mode & 0o077:
        return f"its mode is {stat.S_IMODE(st.st_mode):o} (others may write or read it)"
    return None


def runtime_dir() -> Path:
    """This user's private runtime directory (created 0700 if missing); `UnsafePath` if it is not ours."""
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and Path(xdg).is_absolute() and _owned_private_dir(Path(xdg)) is None:
        path = Path(xdg) / "lsp-bridge"
    else:  # e.g. `su` keeps the other user's XDG_RUNTIME_DIR: not ours, not used
        path = Path(tempfile.gettempdir()) / f"lsp-bridge-{os.getuid()}"
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    problem = _owned_private_dir(path)
    if problem:
        raise UnsafePath(f"refusing the runtime directory {path}: {problem}")
    return path


def socket_name(workspace: Path) -> str:
    return hashlib.sha1(str(workspace.resolve()).encode()).hexdigest()[:12] + ".sock"


def default_socket(workspace: Path) -> Path:
    """`$LSP_BRIDGE_SOCKET`, else the workspace's socket in the runtime directory."""
    if env := os.environ.get("LSP_BRIDGE_SOCKET"):
        return Path(env)
    return runtime_dir() / socket_name(workspace)


def open_private(path: Path, flags: int) -> int:
    """An fd for a file of ours at `path` (created 0600), never through a symlink; `UnsafePath` otherwise."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as e:
        if os.path.islink(path):
            raise UnsafePath(f"refusing {path}: it is a symlink") from None
        raise UnsafePath(f"cannot open {path}: {e.strerror}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid():
        os.close(fd)
        raise UnsafePath(f"refusing {path}: not a regular file of ours")
    return fd


def write_pid(path: Path) -> None:
    """Write our pid to `path` atomically: a fresh file (O_EXCL) renamed over whatever is there (even a symlink)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    with os.fdopen(fd, "w") as f:
        f.write(f"{os.getpid()}\n")
    os.rename(tmp, path)


def check_socket(path: Path) -> None:
    """`UnsafePath` unless `path` is a socket owned by us (an impostor's socket is never connected to); ValueError for
    a path too long to connect to (the daemon could bind it, but no client could reach it)."""
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise ValueError(
            f"the socket path {path} is too long for a Unix socket ({len(os.fsencode(path))} bytes, at most "
            f"{MAX_SOCKET_PATH}): give a shorter --socket or $LSP_BRIDGE_SOCKET"
        )
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        blocker = next(p for p in reversed(path.parents) if p.exists() and not p.is_dir())
        raise UnsafePath(f"cannot use the socket path {path}: {blocker} is not a folder") from None
    if not stat.S_ISSOCK(st.st_mode):
        raise UnsafePath(f"refusing {path}: it is not a socket")
    if st.st_uid != os.getuid():
        raise UnsafePath(f"refusing {path}: the socket belongs to uid {st.st_uid}")


MAX_SOCKET_PATH = 107  # bytes of a Unix socket's path on Linux (sun_path holds 108, with the final NUL)


def peer_uid(sock: socket.socket) -> int:
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _, uid, _ = struct.unpack("3i", creds)
    return int(uid)


def peer_pid(sock: socket.socket) -> int:
    """The pid of the process at the other end of a Unix socket (as it was when it connected); 0 if unknown."""
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, AttributeError):
        return 0
    return int(struct.unpack("3i", creds)[0])


def bind_private(path: Path) -> socket.socket:
    """A listening Unix socket at `path`, mode 0600 before anyone can reach it (bound in a private directory, then
    renamed into place; the rename replaces a stale socket or a planted symlink, never following it)."""
    staging = Path(tempfile.mkdtemp(prefix=".lsp-bridge-", dir=path.parent))
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(staging / "s"))
        os.chmod(staging / "s", 0o600)
        os.rename(staging / "s", path)
        sock.listen(128)
    except BaseException:
        sock.close()
        raise
    finally:
        with contextlib.suppress(OSError):
            (staging / "s").unlink()
        with contextlib.suppress(OSError):
            staging.rmdir()
    return sock


def same_file(path: Path, st: os.stat_result) -> bool:
    try:
        now = os.lstat(path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino)
