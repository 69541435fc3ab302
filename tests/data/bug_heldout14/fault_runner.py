"""How bug_heldout14's runs are made: one injected fault in a small application written for the set on top of a
popular library (Flask, click, SQLAlchemy, pydantic, Jinja2), surfaced by the application's own pytest suite.

A run copies the pristine application (apps/<app>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The run folder is shown as /home/user/project, the venv as
/home/user/.venv, pytest's temporary folders and object addresses as fixed values, so a regeneration writes the same
rows.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import fault_set
from fault_set import PYTEST, Fault, FaultSet, Row, Run, as_assertion, expected, first_e_line
from regression_runner import failure_section, function_source

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset14/venv")  # made by `runs.py --setup`
PINS = [  # the venv, exactly (pip freeze after installing the first six)
    "pytest==8.3.4",
    "Flask==3.1.0",
    "click==8.1.8",
    "SQLAlchemy==2.0.36",
    "pydantic==2.10.4",
    "Jinja2==3.1.5",
    "annotated-types==0.8.0",
    "blinker==1.9.0",
    "greenlet==3.5.6",
    "iniconfig==2.3.1",
    "itsdangerous==2.2.0",
    "MarkupSafe==3.0.4",
    "packaging==26.4",
    "pluggy==1.7.0",
    "pydantic_core==2.27.2",
    "typing_extensions==4.16.0",
    "Werkzeug==3.1.9",
]


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/
    module: str  # the application module (apps/<name>/<module>.py; its suite apps/<name>/suite_<module>.py)
    library: str  # the rows' `library`: the framework the application is built on
    licence: str  # the library's licence

    @property
    def test_file(self) -> str:
        return f"test_{self.module}.py"


FAULT_SET = FaultSet(VENV, PINS)
setup = FAULT_SET.setup


def prepare(fault: Fault[App], root: Path) -> None:
    """The pristine application under root, its suite as test_<module>.py, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.module, fault.app.test_file, fault)


def command(node: str) -> str:
    return shlex.join(["python", *PYTEST, node])


def probe(fault: Fault[App]) -> str:
    """Every failing test of the application's suite under the fault, with its exception line."""
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=line", "-rf"]
    return FAULT_SET.probe(lambda root: prepare(fault, root), args)


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (an AssertionError after a rewritten `assert`)."""
    found = first_e_line(output.splitlines())
    return as_assertion(found[0]) if found else ""


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    node = f"{app.test_file}::{run.test}"

    def finish(stdout: str, root: Path, tmp: Path) -> tuple[Row | None, str]:
        output = FAULT_SET.clean(failure_section(stdout), root, tmp)
        exception = exception_line(output)
        if not expected(exception, run.expect):
            return None, "unexpected exception: " + exception
        code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test)
        mine = f"{app.module}.py"
        lines = [int(m.group(1)) for m in re.finditer(rf"^{re.escape(mine)}:(\d+): ", output, flags=re.M)]
        if lines:  # the innermost frame in the application module, as the faulted copy has it
            code += f"\n# file: {mine}\n" + function_source(root / mine, line=lines[-1])
        row: Row = {
            "group": run.fault.name,
            "library": app.library,
            "callsite": run.callsite,
            "path": app.test_file,
            "code": code,
            "command": command(node),
            "returncode": 1,
            "output": output,
            "exception": exception,
            "source": f"fault injected into {mine}, a small application on {app.library} written for bug_heldout14 "
            f"({app.library}: {app.licence}; pinned from PyPI), surfaced by the application's own pytest suite",
        }
        return row, exception

    return FAULT_SET.failing_run(lambda root: prepare(run.fault, root), [*PYTEST, node], finish)
