"""How bug_heldout21's runs are made: one injected fault in a small network service or client written for the set on
the stdlib (a JSON REST service on http.server, a JSON client on urllib.request, a line-based TCP protocol server and
client on socketserver, signed cookie sessions and Basic auth on http.cookies and hmac), surfaced by the module's own
pytest suite, which talks to a real server on 127.0.0.1 on an ephemeral port.

A run copies the pristine module (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The output is the failing test's section of the report. The run
folder is shown as /home/user/project, the venv as /home/user/.venv, the interpreter's library as /usr/local/lib,
pytest's temporary folders, durations, object addresses, ports and socket descriptors as fixed values, so a
regeneration writes the same rows.
"""

from __future__ import annotations

import re
from pathlib import Path

from fault_set import SUITE_PINS, Fault, FaultSet, Run, SuiteSet, pytest_user
from fault_set import SuiteApp as App

__all__ = ["App", "Fault", "Run", "one", "probe", "setup"]

PORT = "8080"  # what every ephemeral port on 127.0.0.1 becomes


def machine(text: str) -> str:
    """What differs between machines and runs beyond fault_set's own list: the user name in pytest's temporary root,
    the ephemeral ports the servers and clients bind, socket descriptors."""
    text = re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{PORT}", pytest_user(text))
    text = re.sub(r"\('127\.0\.0\.1', \d+\)", f"('127.0.0.1', {PORT})", text)
    return re.sub(r"\bfd=\d+", "fd=3", text)


RUNNER = SuiteSet(
    Path(__file__).resolve().parent / "apps",
    FaultSet(Path("/tmp/bugset21/venv"), SUITE_PINS, stdlib=True, more_clean=machine),  # venv made by `runs.py --setup`
    "fault injected into {module}, a small network service or client written for bug_heldout21 on {stack}, surfaced"
    " by its own pytest suite against a real server on 127.0.0.1 (pytest pinned from PyPI)",
)
setup, probe, one = RUNNER.setup, RUNNER.probe, RUNNER.one
