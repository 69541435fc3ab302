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

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import fault_set
from fault_set import PYTEST, Fault, FaultSet, Row, Run, as_assertion, expected, first_e_line
from regression_runner import failure_section, function_source

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset19/venv")  # made by `runs.py --setup`
PINS = [  # the venv, exactly (pip freeze after installing pytest)
    "pytest==8.3.4",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pluggy==1.7.0",
]


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/ and the module's name (apps/<name>/<name>.py, its suite suite_<name>.py)
    library: str  # the rows' `library`: the stdlib module the reader/writer is built on
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
    """The pristine module under root, its suite as test_<name>.py and its golden files, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.name, fault.app.test_file, fault)
    shutil.copytree(APPS / fault.app.name / "golden", root / "golden")


def probe(fault: Fault[App]) -> str:
    """Every failing test of the module's suite under the fault, with its exception line."""
    args = [*PYTEST[:2], "-q", "-p", "no:cacheprovider", "--tb=line", "-rf"]
    return FAULT_SET.probe(lambda root: prepare(fault, root), args)


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (an AssertionError after a rewritten `assert`;
    after an empty message, the failed assert)."""
    lines = output.splitlines()
    if not (found := first_e_line(lines)):
        return ""
    first, start = found
    if first == "AssertionError:":
        more = (ln[1:].strip() for ln in lines[start + 1 :] if ln.startswith("E "))
        first = f"{first} {next((m for m in more if m), '')}".rstrip()
    return as_assertion(first)


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    node = f"{app.test_file}::{run.test}"

    def finish(stdout: str, root: Path, tmp: Path) -> tuple[Row | None, str]:
        output = FAULT_SET.clean(failure_section(stdout), root, tmp)
        exception = exception_line(output)
        if not expected(exception, run.expect):
            return None, "unexpected exception: " + exception
        mine = f"{app.name}.py"
        code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test.split("[")[0])
        lines = [int(m.group(1)) for m in re.finditer(rf"^{re.escape(mine)}:(\d+): ", output, flags=re.M)]
        if lines:  # the innermost frame in the module in pytest's traceback, as the faulted copy has it
            code += f"\n# file: {mine}\n" + function_source(root / mine, line=lines[-1])
        row: Row = {
            "group": run.fault.name,
            "library": app.library,
            "callsite": run.callsite,
            "path": app.test_file,
            "code": code,
            "command": shlex.join(["python", *PYTEST, node]),
            "returncode": 1,
            "output": output,
            "exception": exception,
            "source": f"fault injected into {mine}, a small file-format reader/writer written for bug_heldout19 on "
            f"{app.stack}, surfaced by its own pytest suite (pytest pinned from PyPI)",
        }
        return row, exception

    return FAULT_SET.failing_run(lambda root: prepare(run.fault, root), [*PYTEST, node], finish)
