"""How bug_heldout22's runs are made: one injected fault in a small introspection or metaprogramming library written
for the set on the stdlib (a dataclass validation and serialization layer driven by typing.get_type_hints, a plugin
and hook registry on inspect.signature and functools.wraps, a dependency-injection container resolving constructor
parameters by annotation, a settings layer on descriptors, __init_subclass__ and functools caches), surfaced by the
module's own pytest suite.

A run copies the pristine module (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The output is the failing test's section of the report. The run
folder is shown as /home/user/project, the venv as /home/user/.venv, the interpreter's library as /usr/local/lib,
pytest's temporary folders, durations and object addresses as fixed values, so a regeneration writes the same rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import fault_set
from fault_set import PROBE, Fault, FaultSet, Row, Run, suite_run

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset22/venv")  # made by `runs.py --setup`
PINS = [  # the venv, exactly (pip freeze after installing pytest)
    "pytest==8.3.4",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pluggy==1.7.0",
]


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/ and the module's name (apps/<name>/<name>.py, its suite suite_<name>.py)
    library: str  # the rows' `library`: the stdlib module the library is built around
    stack: str  # what the module and its suite use, for the rows' `source`

    @property
    def test_file(self) -> str:
        return f"test_{self.name}.py"


def machine(text: str) -> str:
    """What differs between machines beyond fault_set's own list: the user name in pytest's temporary root."""
    return re.sub(r"pytest-of-[A-Za-z0-9_.-]+", "pytest-of-user", text)


FAULT_SET = FaultSet(VENV, PINS, stdlib=True, more_clean=machine)
setup = FAULT_SET.setup


def prepare(fault: Fault[App], root: Path) -> None:
    """The pristine module under root, its suite as test_<name>.py, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.name, fault.app.test_file, fault)


def probe(fault: Fault[App]) -> str:
    """Every failing test of the module's suite under the fault, with its exception line."""
    return FAULT_SET.probe(lambda root: prepare(fault, root), PROBE)


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app, mine = run.fault.app, f"{run.fault.app.name}.py"
    source = (
        f"fault injected into {mine}, a small introspection/metaprogramming library written for bug_heldout22 on "
        f"{app.stack}, surfaced by its own pytest suite (pytest pinned from PyPI)"
    )
    return suite_run(FAULT_SET, run, lambda root: prepare(run.fault, root), source)
