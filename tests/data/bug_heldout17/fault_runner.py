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

import re
from dataclasses import dataclass
from pathlib import Path

import fault_set
from fault_set import PROBE, Fault, FaultSet, Row, Run, suite_run

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset17/venv")  # made by `runs.py --setup`
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


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/ and the module's name (apps/<name>/<name>.py, its suite suite_<name>.py)
    library: str  # the rows' `library`: what the tool's command line is built on
    stack: str  # what the tool and its tests run on, for the rows' `source`

    @property
    def test_file(self) -> str:
        return f"test_{self.name}.py"


def user(text: str) -> str:
    """pytest's temporary root in a cut-short CompletedProcess repr (`/tmp/pytest-of-root/pytes...`) under one name."""
    return re.sub(r"pytest-of-[A-Za-z0-9_.-]+", "pytest-of-user", text)


FAULT_SET = FaultSet(VENV, PINS, stdlib=True, more_clean=user)
setup = FAULT_SET.setup


def prepare(fault: Fault[App], root: Path) -> None:
    """The pristine tool under root, its suite as test_<name>.py, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.name, fault.app.test_file, fault)


def probe(fault: Fault[App]) -> str:
    """Every failing test of the tool's suite under the fault, with its exception line."""
    return FAULT_SET.probe(lambda root: prepare(fault, root), PROBE)


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app, mine = run.fault.app, f"{run.fault.app.name}.py"
    source = (
        f"fault injected into {mine}, a small command-line tool written for bug_heldout17 on "
        f"{app.stack} (pinned from PyPI), surfaced by the tool's own end-to-end tests"
    )
    return suite_run(FAULT_SET, run, lambda root: prepare(run.fault, root), source)
