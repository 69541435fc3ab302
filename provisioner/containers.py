"""The short-lived containers toolprov runs (probe, build): each labelled with its owner process, removed on any
exit of that process that Python sees (errors, SIGINT, SIGTERM, SIGHUP), and found again after one it does not
see (SIGKILL, a crash, a reboot) so the next run or `toolprov cleanup` removes it."""

import contextlib
import json
import os
import secrets
import socket
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

OWNER_LABEL = "toolprov.owner"
KIND_LABEL = "toolprov.container"
PREFIXES = ("toolprov-build-", "toolprov-probe-", "toolprov-lock-")
Kind = Literal["build", "probe"]
LOCK_WAIT = float(os.environ.get("TOOLPROV_LOCK_WAIT") or 3600)  # seconds to wait for another host's build

_active: set[str] = set()
_lock = threading.Lock()
_cancelled: list[int] = []  # the signal that cancelled this process's work, if any


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


def _holder(name: str) -> tuple[str, Literal["live", "dead", "unknown"] | None]:
    """Who holds the lock container `name` (for messages), and its owner's state (None: the lock is gone)."""
    try:
        labels = client().api.inspect_container(name)["Config"].get("Labels") or {}
    except docker.errors.NotFound:
        return "", None
    pid, state = _owner_state(labels.get(OWNER_LABEL))
    try:
        host = json.loads(labels.get(OWNER_LABEL) or "{}").get("host", "?")
    except ValueError:
        host = "?"
    return f"pid {pid} on host {host}", state


@contextlib.contextmanager
def engine_lock(key: str, image: str, waiting: Callable[[str], None]) -> Iterator[None]:
    """Held by one process per key on one engine, wherever the processes run: a container named after the key
    (created, never started) is the lock, since the engine refuses a second container of that name. A lock whose
    owner is gone on this machine is taken over; another machine's is waited for up to TOOLPROV_LOCK_WAIT seconds."""
    name = f"toolprov-lock-{key[:32]}"
    labels = {OWNER_LABEL: json.dumps(owner(), separators=(",", ":")), KIND_LABEL: "lock"}
    start, said = time.monotonic(), False
    while True:
        check_cancelled()
        try:
            client().api.create_container(image, command=["true"], name=name, labels=labels, network_disabled=True)
            break
        except docker.errors.APIError as e:
            if e.status_code != 409:  # 409: the name is taken, i.e. the lock is held
                raise
        who, state = _holder(name)
        if state == "dead":
            remove(name)
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
    with _lock:
        _active.add(name)
    try:
        yield
    finally:
        with contextlib.suppress(docker.errors.APIError):
            remove(name)
        with _lock:
            _active.discard(name)


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


def cancel_all(signum: int) -> None:
    """Stop every container this process is using (their exec streams end; no new one starts, nothing commits)."""
    with _lock:
        if not _cancelled:
            _cancelled.append(signum)
        names = list(_active)
    for name in names:
        with contextlib.suppress(Exception):
            remove(name)


@contextlib.contextmanager
def owned_container(kind: Kind, hint: str, image: str, **create: Any) -> Iterator[Container]:
    """A container that carries its owner's labels and is removed whenever the block exits."""
    name = f"toolprov-{kind}-{hint}-{secrets.token_hex(3)}"
    with _lock:
        check_cancelled()
        _active.add(name)
    try:
        labels = {OWNER_LABEL: json.dumps(owner(), separators=(",", ":")), KIND_LABEL: kind}
        yield client().containers.create(image, name=name, labels=labels, **create)
    finally:
        with contextlib.suppress(docker.errors.APIError):
            remove(name)  # by name: also when the create call itself was interrupted after the engine made it
        with _lock:
            _active.discard(name)
