"""The processes of a session, found through /proc: verified before anything is killed.

The session server is recognised by its uid and command line; the program and everything it starts carry
`AGENT_DEBUGGER_TOKEN=<token>` in their environment (a fresh random token per session), so even a child that
left the process group (setsid) or lost its parent is found, and a pid written into a file by someone else can
never make us kill an unrelated process.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

TOKEN_ENV = "AGENT_DEBUGGER_TOKEN"


def _status_uid(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Uid:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def is_our_server(pid: object, session_dir: Path) -> bool:
    """`pid` is a live session server of ours for this session folder (same uid, its command line)."""
    if not isinstance(pid, int) or pid <= 0 or _status_uid(pid) != os.getuid():
        return False
    argv = _read(f"/proc/{pid}/cmdline").split(b"\0")
    return b"agent_debugger.server" in argv and os.fsencode(str(session_dir)) in argv


def tagged(token: object) -> list[int]:
    """Our processes whose environment carries this session's token."""
    if not isinstance(token, str) or len(token) < 16:
        return []
    needle = f"{TOKEN_ENV}={token}".encode()
    found = []
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        pid = int(entry)
        if _status_uid(pid) == os.getuid() and needle in _read(f"/proc/{pid}/environ").split(b"\0"):
            found.append(pid)
    return found


def _parents() -> dict[int, int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _read(f"/proc/{entry}/stat")
            with contextlib.suppress(IndexError, ValueError):
                fields = stat.rpartition(b")")[2].split()
                if fields[0] not in (b"Z", b"X"):
                    parents[int(entry)] = int(fields[1])
    return parents


def descendants(pid: int) -> list[int]:
    """Live descendants of `pid` (with the server as child subreaper, orphans of the program stay below it)."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found, todo = [], list(children.get(pid, []))
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def kill_all(find: Callable[[], list[int]], keep: int | None = None, rounds: int = 20) -> None:
    """SIGKILL what `find()` returns until it returns nothing (a forking program may add processes meanwhile)."""
    import signal  # not at the top: the CLI imports this module on every answer and rarely kills anything

    for _ in range(rounds):
        pids = find()
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        reap_children(keep)
        time.sleep(0.01)


def reap_children(keep: int | None = None) -> None:
    """Reap our exited children (orphans adopted as subreaper), except `keep` (the program, reaped by Popen)."""
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == keep:
            continue
        fields = _read(f"/proc/{entry}/stat").rpartition(b")")[2].split()
        if len(fields) > 1 and fields[0] == b"Z" and fields[1] == str(me).encode():
            with contextlib.suppress(ChildProcessError):
                os.waitpid(int(entry), os.WNOHANG)


def become_subreaper() -> None:
    """Linux: orphans of the program are re-parented to us, not to init, so `stop` finds and reaps them."""
    with contextlib.suppress(Exception):
        import ctypes

        PR_SET_CHILD_SUBREAPER = 36
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
