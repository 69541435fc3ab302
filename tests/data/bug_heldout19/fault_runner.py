"""How bug_heldout19's runs are made: one injected fault in a small file-format reader/writer written for the set (a
binary record file on struct and zlib.crc32, an XML catalogue on xml.etree.ElementTree with namespaces, INI settings on
configparser with interpolation and typed getters, e-mail messages on the email package), surfaced by the module's own
pytest suite: golden files, round trips on fixed examples, and error tests.

A run copies the pristine module (apps/<name>/: the module, its suite stored as `suite_<name>.py` so the repository's
own pytest does not collect it and written as `test_<name>.py`, and its golden files under golden/) into a fresh
folder, applies its fault (one exact text replacement, which must occur exactly once) and runs one test with pytest
from the pinned venv. Only runs that fail with the expected exception type are kept. The output is the failing test's
section of the report. The run folder is shown as /home/user/project, the venv as /home/user/.venv, the interpreter's
library as /usr/local/lib, pytest's temporary folders, durations and object addresses as fixed values, so a
regeneration writes the same rows.
"""

from __future__ import annotations

from pathlib import Path

from fault_set import SUITE_PINS, Fault, FaultSet, Run, SuiteSet, pytest_user
from fault_set import SuiteApp as App

__all__ = ["App", "Fault", "Run", "one", "probe", "setup"]

RUNNER = SuiteSet(
    Path(__file__).resolve().parent / "apps",
    FaultSet(Path("/tmp/bugset19/venv"), SUITE_PINS, stdlib=True, more_clean=pytest_user),  # `runs.py --setup`
    "fault injected into {module}, a small file-format reader/writer written for bug_heldout19 on {stack}, surfaced"
    " by its own pytest suite (pytest pinned from PyPI)",
    beside=("golden",),
)
setup, probe, one = RUNNER.setup, RUNNER.probe, RUNNER.one
