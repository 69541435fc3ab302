"""How bug_heldout17's runs are made: one injected fault in a small command-line tool written for the set (argparse,
click, typer, stdlib csv/json), surfaced by the tool's own end-to-end tests: subprocess runs of `python -m <tool>`
checking exit codes, stdout and stderr, and click's / typer's `CliRunner`.

A run copies the pristine tool (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The output is the failing test's section of the report; a
subprocess-driven test shows the child's traceback only inside its assertion message (the captured stderr), as pytest
prints it. The run folder is shown as /home/user/project (the child's own frames with that absolute path), the venv
as /home/user/.venv, pytest's temporary folders, durations and object addresses as fixed values, so a regeneration
writes the same rows.
"""

from __future__ import annotations

from pathlib import Path

from fault_set import Fault, FaultSet, Run, SuiteSet, pytest_user
from fault_set import SuiteApp as App

__all__ = ["App", "Fault", "Run", "one", "probe", "setup"]

PINS = [  # the venv, exactly (pip freeze after installing the first three)
    "pytest==8.3.4",
    "click==8.1.8",
    "typer==0.15.1",
    "iniconfig==2.3.1",
    "markdown-it-py==4.3.0",
    "mdurl==0.1.2",
    "packaging==26.4",
    "pluggy==1.7.0",
    "Pygments==2.21.0",
    "rich==15.0.0",
    "shellingham==1.5.4",
    "typing_extensions==4.16.0",
]
RUNNER = SuiteSet(
    Path(__file__).resolve().parent / "apps",
    FaultSet(Path("/tmp/bugset17/venv"), PINS, stdlib=True, more_clean=pytest_user),  # made by `runs.py --setup`
    "fault injected into {module}, a small command-line tool written for bug_heldout17 on {stack} (pinned from PyPI),"
    " surfaced by the tool's own end-to-end tests",
)
setup, probe, one = RUNNER.setup, RUNNER.probe, RUNNER.one
