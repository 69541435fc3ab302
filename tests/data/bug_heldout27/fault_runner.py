"""How bug_heldout27's runs are made: one injected fault in a small resilience or scheduling module written for
the set on the stdlib (retries with backoff and seeded jitter on random, rate limiters on fractions and bisect, a TTL +
LRU cache on collections.OrderedDict and functools, a job scheduler on heapq; every clock injected), surfaced by the
module's own pytest suite.

A run copies the pristine module (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The output is the failing test's section of the report. The run
folder is shown as /home/user/project, the venv as /home/user/.venv, the interpreter's library as /usr/local/lib,
pytest's temporary folders, durations and object addresses as fixed values, so a regeneration writes the same rows.
"""

from __future__ import annotations

from pathlib import Path

from fault_set import SUITE_PINS, Fault, FaultSet, Run, SuiteSet, pytest_user
from fault_set import SuiteApp as App

__all__ = ["App", "Fault", "Run", "one", "probe", "setup"]

RUNNER = SuiteSet(
    Path(__file__).resolve().parent / "apps",
    FaultSet(Path("/tmp/bugset27/venv"), SUITE_PINS, stdlib=True, more_clean=pytest_user),  # `runs.py --setup`
    "fault injected into {module}, a small resilience or scheduling module written for bug_heldout27 on"
    " {stack}, surfaced by its own pytest suite (pytest pinned from PyPI)",
)
setup, probe, one = RUNNER.setup, RUNNER.probe, RUNNER.one
