"""A process's signal may be delivered to any of its threads that does not block it; toolprov's helper threads (a
held lock's heartbeat, a batch's build workers) block Ctrl-C, SIGTERM and SIGHUP, so the main thread takes them even
while it sits in an engine read (a build's exec stream), where a signal taken by a helper left it blocked."""

import re
import signal
import subprocess
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from provisioner import containers

pytestmark = pytest.mark.docker


def blocked(native_id: int | None) -> set[int]:
    """The signal numbers a thread of this process blocks, as the kernel reports them."""
    assert native_id is not None  # a started thread
    status = Path(f"/proc/self/task/{native_id}/status").read_text()
    mask = int(next(ln.split()[1] for ln in status.splitlines() if ln.startswith("SigBlk:")), 16)
    return {n for n in range(1, 65) if mask >> (n - 1) & 1}


def test_a_held_locks_heartbeat_leaves_stop_signals_to_the_main_thread(engine) -> None:
    with containers.engine_lock(uuid.uuid4().hex, "toolprov-base:bookworm", waiting=print) as lock:
        beat = next(t for t in threading.enumerate() if t.name == f"{lock.name}-heartbeat")
        deadline = time.monotonic() + 10
        while not blocked(beat.native_id) >= containers.STOP_SIGNALS and time.monotonic() < deadline:
            time.sleep(0.05)  # the thread blocks them as its first step
        assert blocked(beat.native_id) >= containers.STOP_SIGNALS
        assert not containers.STOP_SIGNALS & blocked(threading.main_thread().native_id)


def test_build_workers_leave_stop_signals_to_the_main_thread() -> None:
    with ThreadPoolExecutor(max_workers=2, initializer=containers.without_stop_signals) as pool:
        masks = list(pool.map(lambda _: blocked(threading.get_native_id()), range(2)))
    assert all(m >= containers.STOP_SIGNALS for m in masks)
    assert not containers.STOP_SIGNALS & blocked(threading.main_thread().native_id)


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_the_cli_loads_is_one_line_not_a_traceback(signum: int, code: int) -> None:
    """Ctrl-C in toolprov's first second (its modules load before main() takes the signals over) used to end in a
    KeyboardInterrupt traceback of 16-32 lines. The signal lands at a third, a half and two thirds of the start-up."""
    started = time.monotonic()
    assert subprocess.run(["toolprov", "specs", "--json"], capture_output=True, timeout=120).returncode == 0
    startup = time.monotonic() - started
    for share in (0.35, 0.5, 0.65):
        proc = subprocess.Popen(["toolprov", "specs", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)  # fmt: skip
        time.sleep(startup * share)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=120)
        if proc.returncode == 0:
            continue  # it was done already
        assert proc.returncode == code and err.count("\n") == 1, (share, proc.returncode, err)
        assert re.fullmatch(rf"toolprov: interrupted \({signal.Signals(signum).name}\) [^\n]+\n", err), err
