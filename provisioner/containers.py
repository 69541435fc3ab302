"""The short-lived containers toolprov runs (probe, build): each labelled with its owner process, removed on any
exit of that process that Python sees (errors, SIGINT, SIGTERM, SIGHUP), and found again after one it does not
see (SIGKILL, a crash, a reboot) so the next run or `toolprov cleanup` removes it."""

import contextlib
import io
import json
import os
import secrets
import signal
import socket
import tarfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import docker.errors
from docker.models.containers import Container

from provisioner.engine import client
from provisioner.errors import Interrupted, ToolprovError


class LockLost(ToolprovError):
    """The engine lock of a layer was taken over while this process held it (it stood still past TOOLPROV_LOCK_TTL,
    e.g. stopped or starved, and another machine took it for dead): its build must not be committed."""


OWNER_LABEL = "toolprov.owner"
KIND_LABEL = "toolprov.container"
PREFIXES = ("toolprov-build-", "toolprov-probe-", "toolprov-lock-")
Kind = Literal["build", "probe"]
LOCK_WAIT = float(os.environ.get("TOOLPROV_LOCK_WAIT") or 3600)  # seconds to wait for another host's build
LOCK_TTL = float(os.environ.get("TOOLPROV_LOCK_TTL") or 60)  # a lock whose heartbeat stood still this long is dead
HEARTBEAT = "toolprov-heartbeat"  # a file in the lock container, rewritten by its holder every LOCK_TTL/4 seconds

_active: set[str] = set()
_lock = threading.Lock()
_cancelled: list[int] = []  # the signal that cancelled this process's work, if any
_creating = [0]  # container creations sent to the engine and not answered yet (cancel_all waits for them)


def _start_ticks(pid: int) -> str:
    """A process's start time (clock ticks since boot): with the pid it names one process, even after pid reuse."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[19]


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _machine_id() -> str:
    """Tells two machines apart that share a host name (pods, cloned VMs): a pid is only judged on its own machine."""
    for path in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        try:
            return Path(path).read_text().strip()
        except OSError:
            continue
    return ""


def owner() -> dict[str, Any]:
    pid = os.getpid()
    return {
        "host": socket.gethostname(), "machine": _machine_id(), "boot": _boot_id(), "pid": pid,
        "start": _start_ticks(pid),
    }  # fmt: skip


@dataclass
class Leftover:
    name: str
    id: str
    kind: str
    pid: int | None
    state: Literal["live", "dead", "unknown"]  # its owner process: still running, gone, or not on this host

    def describe(self) -> str:
        why = {"live": "its toolprov process is running", "dead": "its toolprov process is gone"}
        return f"{self.name} (pid {self.pid}: {why.get(self.state, 'owner not on this host')})"


def _owner_state(raw: str | None) -> tuple[int | None, Literal["live", "dead", "unknown"]]:
    try:
        o = json.loads(raw or "")
        pid = int(o["pid"])
    except (ValueError, KeyError, TypeError):
        return None, "unknown"
    if o.get("host") != socket.gethostname() or o.get("machine", _machine_id()) != _machine_id():
        return pid, "unknown"  # another machine (the engine is shared, or remote): its pids are not ours to judge
    if o.get("boot") != _boot_id():
        return pid, "dead"  # the machine rebooted since
    alive = _start_ticks(pid) == o["start"] if o.get("start") else _pid_exists(pid)  # no /proc: the pid alone
    return pid, "live" if alive else "dead"


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def leftovers() -> list[Leftover]:
    """Every probe/build container on the engine, with the state of the process that made it."""
    found = []
    for c in client().api.containers(all=True, filters={"name": list(PREFIXES)}):
        name = c["Names"][0].lstrip("/") if c.get("Names") else c["Id"][:12]
        if not name.startswith(PREFIXES):
            continue
        labels = c.get("Labels") or {}
        pid, state = _owner_state(labels.get(OWNER_LABEL))
        found.append(Leftover(name, c["Id"], labels.get(KIND_LABEL, name.split("-")[1]), pid, state))
    return found


def _holder(name: str) -> tuple[str, str, Literal["live", "dead", "unknown"] | None]:
    """Who holds the lock container `name` (for messages), its id, and its owner's state (None: the lock is gone)."""
    try:
        info = client().api.inspect_container(name)
    except docker.errors.NotFound:
        return "", "", None
    labels = info["Config"].get("Labels") or {}
    pid, state = _owner_state(labels.get(OWNER_LABEL))
    try:
        host = json.loads(labels.get(OWNER_LABEL) or "{}").get("host", "?")
    except ValueError:
        host = "?"
    return f"pid {pid} on host {host}", str(info["Id"]), state


def _beat(lock_id: str, count: int) -> None:
    """Rewrite the heartbeat file in the (never started) lock container: the engine is the only shared part, so the
    beat lives there, and a waiter on any machine sees it change without comparing clocks."""
    data = f"{count}\n".encode()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo(HEARTBEAT)
        info.size, info.mode = len(data), 0o644
        tar.addfile(info, io.BytesIO(data))
    client().api.put_archive(lock_id, "/", buf.getvalue())


def _last_beat(lock_id: str) -> bytes | None:
    """The lock's heartbeat as last written (None: there is none, e.g. a lock of a toolprov without heartbeats)."""
    try:
        stream, _ = client().api.get_archive(lock_id, f"/{HEARTBEAT}")
        return b"".join(stream)
    except docker.errors.NotFound:
        return None


STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


def without_stop_signals() -> None:
    """Block Ctrl-C, SIGTERM and SIGHUP in the calling (helper) thread: the kernel may deliver a process's signal to
    any thread that does not block it, and one taken by a helper leaves the main thread blocked in its engine read
    (a build's exec stream) until that read returns, while the handler that ends the run waits for the main thread."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def _heartbeat(lock_id: str, stop: threading.Event) -> None:
    without_stop_signals()
    count = 1
    while not stop.wait(LOCK_TTL / 4):
        count += 1
        try:
            _beat(lock_id, count)
        except Exception:  # the lock is gone (cancelled, or the engine went away): nothing left to keep alive
            return


@dataclass
class HeldLock:
    """A held engine lock. `check()` is the fence a holder passes right before it commits (tags) a layer: the lock
    container of the key must still be the one this process created, else another process took it over."""

    key: str
    name: str
    id: str

    def check(self) -> None:
        who, held_by, _ = _holder(self.name)
        if held_by != self.id:
            by = f"now held by {who}" if held_by else "it was removed"
            raise LockLost(
                f"lost the engine lock of layer {self.key[:12]} while building ({by}): this process stood still for "
                f"over TOOLPROV_LOCK_TTL={LOCK_TTL:g}s and was taken for dead; its build was dropped, not tagged"
            )


@contextlib.contextmanager
def engine_lock(key: str, image: str, waiting: Callable[[str], None]) -> Iterator[HeldLock]:
    """Held by one process per key on one engine, wherever the processes run: a container named after the key
    (created, never started) is the lock, since the engine refuses a second container of that name. Its holder
    rewrites a heartbeat file in it every LOCK_TTL/4 seconds. A lock whose owner is gone on this machine is taken over
    at once; another machine's when its heartbeat stood still for LOCK_TTL seconds (that machine died or lost the
    engine); one without a heartbeat is waited for up to TOOLPROV_LOCK_WAIT seconds. A holder that stood still that
    long itself (stopped, starved) may have lost the lock meanwhile: it calls the yielded lock's check() before it
    commits anything (fencing), so one key gives one image."""
    name = f"toolprov-lock-{key[:32]}"
    labels = {OWNER_LABEL: json.dumps(owner(), separators=(",", ":")), KIND_LABEL: "lock"}
    start, said = time.monotonic(), False
    seen: tuple[str, bytes | None, float] = ("", None, start)  # (lock id, its last beat, when that beat was first seen)
    while True:
        with _lock:  # no creation starts once this process is cancelled; one under way is waited for by cancel_all
            check_cancelled()
            _creating[0] += 1
        try:
            lock_id = str(client().api.create_container(image, command=["true"], name=name, labels=labels,
                                                        network_disabled=True)["Id"])  # fmt: skip
            with _lock:
                _active.add(lock_id)  # by id: if this lock was ever taken over, the new holder's is not ours to remove
            break
        except docker.errors.APIError as e:
            if e.status_code != 409:  # 409: the name is taken, i.e. the lock is held
                raise
        finally:
            with _lock:
                _creating[0] -= 1
        who, held_by, state = _holder(name)
        if state == "dead":
            remove(held_by)  # by id: a lock another waiter already replaced stays
            continue
        if state == "unknown":
            beat, now = _last_beat(held_by), time.monotonic()
            if (held_by, beat) != seen[:2]:
                seen = (held_by, beat, now)
            elif beat is not None and now - seen[2] > LOCK_TTL:
                waiting(f"taking over the lock of {who}: its heartbeat stopped {LOCK_TTL:.0f}s ago")
                remove(held_by)
                continue
        if state is not None and not said:
            waiting(f"waiting for {who} (building the same layer)")
            said = True
        if time.monotonic() - start > LOCK_WAIT:
            raise ToolprovError(
                f"the layer {key[:12]} has been locked by {who} for {LOCK_WAIT:.0f}s (container {name}); if that "
                "process is gone, `toolprov cleanup --all` removes its lock"
            )
        time.sleep(1)
    stop = threading.Event()
    try:
        _beat(lock_id, 1)
        threading.Thread(target=_heartbeat, args=(lock_id, stop), daemon=True, name=f"{name}-heartbeat").start()
        yield HeldLock(key, name, lock_id)
    finally:
        stop.set()
        with contextlib.suppress(docker.errors.APIError):
            remove(lock_id)
        with _lock:
            _active.discard(lock_id)


def remove(name_or_id: str) -> bool:
    try:
        client().api.remove_container(name_or_id, force=True, v=True)
        return True
    except docker.errors.NotFound:
        return False
    except docker.errors.APIError as e:
        if e.status_code == 409:  # removal already in progress
            return False
        raise


def sweep(include_unknown: bool = False) -> list[Leftover]:
    """Remove the containers whose owner process is gone (and, if asked, those of owners on other hosts)."""
    gone = [lo for lo in leftovers() if lo.state == "dead" or (include_unknown and lo.state == "unknown")]
    return [lo for lo in gone if remove(lo.id)]


def check_cancelled() -> None:
    if _cancelled:
        raise Interrupted(_cancelled[0])


def cancel_all(signum: int, wait: float = 10) -> None:
    """Stop every container this process is using (their exec streams end; no new one starts, nothing commits).
    A creation another thread sent before the cancel may land after the first removals (e.g. a lock a waiting thread
    gets the moment the holder's lock is removed): removals repeat until no creation is under way (at most `wait` s),
    so the process leaves nothing behind when it exits right after."""
    with _lock:
        if not _cancelled:
            _cancelled.append(signum)
    deadline = time.monotonic() + wait
    while True:
        with _lock:
            names, busy = list(_active), _creating[0] > 0
        for name in names:
            with contextlib.suppress(Exception):
                remove(name)
        if not busy or time.monotonic() > deadline:
            return
        time.sleep(0.05)


@contextlib.contextmanager
def owned_container(kind: Kind, hint: str, image: str, **create: Any) -> Iterator[Container]:
    """A container that carries its owner's labels and is removed whenever the block exits."""
    name = f"toolprov-{kind}-{hint}-{secrets.token_hex(3)}"
    labels = {OWNER_LABEL: json.dumps(owner(), separators=(",", ":")), KIND_LABEL: kind}
    with _lock:
        check_cancelled()
        _active.add(name)
        _creating[0] += 1
    try:
        try:
            container = client().containers.create(image, name=name, labels=labels, **create)
        finally:
            with _lock:
                _creating[0] -= 1
        yield container
    finally:
        with contextlib.suppress(docker.errors.APIError):
            remove(name)  # by name: also when the create call itself was interrupted after the engine made it
        with _lock:
            _active.discard(name)
