"""How bug_heldout18's runs are made: one injected fault in a small concurrent program written for the set (threading
with queue.Queue, locks, events, conditions and a barrier; concurrent.futures thread and process pools;
multiprocessing Pool, Process, Value, Lock, Pipe and Queue; sched), surfaced by the program's own pytest suite.

A run copies the pristine module (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Every wait
in the programs and suites has a timeout, so a deadlock fails as a TimeoutError, an assertion or a terminated worker
(exit code -15), never a hang. Only runs that fail with the expected exception type are kept. The output is the
failing test's section of the report, with the worker's traceback where pytest shows it (a process pool's remote
traceback, a worker process's stderr). The run folder is shown as /home/user/project, the venv as /home/user/.venv,
the interpreter's library as /usr/local/lib, pytest's temporary folders, durations, object addresses, thread idents
and process ids as fixed values, so a regeneration writes the same rows.
"""

from __future__ import annotations

import re
from pathlib import Path

from fault_set import SUITE_PINS, Fault, FaultSet, Run, SuiteSet, pytest_user
from fault_set import SuiteApp as App

__all__ = ["App", "Fault", "Run", "one", "probe", "setup"]


def machine(text: str) -> str:
    """What differs between machines and runs beyond fault_set's own list: the user name in pytest's temporary root,
    thread idents in a Thread repr, process ids."""
    text = re.sub(r"\b(started(?: daemon)?) \d+", r"\1 140000000000000", pytest_user(text))
    return re.sub(r"\bpid[=: ]\s*\d+", "pid=4242", text)


RUNNER = SuiteSet(
    Path(__file__).resolve().parent / "apps",
    FaultSet(Path("/tmp/bugset18/venv"), SUITE_PINS, stdlib=True, more_clean=machine),  # venv made by `runs.py --setup`
    "fault injected into {module}, a small concurrent program written for bug_heldout18 on {stack}, surfaced by its"
    " own pytest suite (pytest pinned from PyPI)",
)
setup, probe, one = RUNNER.setup, RUNNER.probe, RUNNER.one
