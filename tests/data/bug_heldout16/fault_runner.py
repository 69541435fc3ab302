"""How bug_heldout16's runs are made: one injected fault in a small data-analysis module written for the set (pandas,
numpy, pure-Python text parsing checked by doctests, sequence utilities checked by hypothesis properties, stdlib
datetime/zoneinfo), surfaced by the module's own checks: its pytest suite, or the doctests in its docstrings run by
`pytest --doctest-modules`.

A run copies the pristine module (apps/<name>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test (or one doctest item) with pytest from the
pinned venv. Only runs that fail with the expected exception type are kept. The output is the failing test's section
of the report. The run folder is shown as /home/user/project, the venv as /home/user/.venv, pytest's temporary
folders, durations and object addresses as fixed values (the interpreter's own library as /usr/local/lib), so a
regeneration writes the same rows. hypothesis runs derandomized, without its example database and without
reproduction blobs (the suite's settings profile); time zones come from the pinned tzdata wheel (PYTHONTZPATH empty).
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
VENV = Path("/tmp/bugset16/venv")  # made by `runs.py --setup`
DOCTEST = "doctest:"  # a run's `test` that names a doctest item: doctest:<function>
PINS = [  # the venv, exactly (pip freeze after installing the first five)
    "pytest==8.3.4",
    "pandas==2.2.3",
    "numpy==2.1.3",
    "hypothesis==6.122.3",
    "tzdata==2024.2",
    "attrs==26.1.0",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pluggy==1.7.0",
    "python-dateutil==4.0.0",
    "pytz==2026.6",
    "sortedcontainers==2.4.0",
]


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/ and the module's name (apps/<name>/<name>.py, its suite suite_<name>.py)
    library: str  # the rows' `library`: the library the module is built on (or checked with)
    stack: str  # what the module and its checks run on, for the rows' `source`

    @property
    def test_file(self) -> str:
        return f"test_{self.name}.py"


def timings(text: str) -> str:
    return re.sub(r"\b\d+(\.\d+)?ms\b", "10ms", text)  # hypothesis' timings, if any


# zoneinfo reads the pinned tzdata wheel, not the machine's zone files
FAULT_SET = FaultSet(VENV, PINS, timeout=300, env={"PYTHONTZPATH": ""}, stdlib=True, more_clean=timings)
setup = FAULT_SET.setup


def prepare(fault: Fault[App], root: Path) -> None:
    """The pristine module under root, its suite (if any) as test_<name>.py, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.name, fault.app.test_file, fault)


def node_args(app: App, test: str) -> list[str]:
    """pytest's arguments after PYTEST for one test or doctest item."""
    if test.startswith(DOCTEST):
        return ["--doctest-modules", f"{app.name}.py::{app.name}.{test.removeprefix(DOCTEST)}"]
    return [f"{app.test_file}::{test}"]


def probe(fault: Fault[App]) -> str:
    """Every failing test and doctest item of the module under the fault, with its exception line."""
    args = [*PYTEST[:2], "-q", "-p", "no:cacheprovider", "--doctest-modules", "--tb=line", "-rf"]
    return FAULT_SET.probe(lambda root: prepare(fault, root), args)


def doctest_exception(output: str) -> str:
    """A doctest item's exception: for an example that raised, the last line of its traceback; for a wrong result,
    `DocTestFailure: ` and the failed example."""
    lines = output.splitlines()
    if any(ln.startswith("UNEXPECTED EXCEPTION: ") for ln in lines):
        end = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].endswith(": UnexpectedException"))
        return next(ln for ln in reversed(lines[:end]) if ln.strip())
    examples = [ln for ln in lines if re.match(r"^\d{3} +>>> ", ln)]  # the failed one is the last shown
    return "DocTestFailure: " + examples[-1].split(">>> ", 1)[1] if examples else ""


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (an AssertionError after a rewritten `assert`);
    a doctest item's as `doctest_exception` says."""
    if output.splitlines()[0].strip("_ ").startswith("[doctest]"):
        return doctest_exception(output)
    lines = output.splitlines()
    if not (found := first_e_line(lines)):
        return ""
    first, start = found
    if first.endswith(":"):  # numpy.testing puts its message on the next lines: the first of them
        more = (ln[1:].strip() for ln in lines[start + 1 :] if ln.startswith("E "))
        first = f"{first} {next((m for m in more if m), '')}".rstrip()
    return as_assertion(first)


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    args = node_args(app, run.test)

    def finish(stdout: str, root: Path, tmp: Path) -> tuple[Row | None, str]:
        output = FAULT_SET.clean(failure_section(stdout), root, tmp)
        exception = exception_line(output)
        if not expected(exception, run.expect):
            return None, "unexpected exception: " + exception
        mine = f"{app.name}.py"
        if run.test.startswith(DOCTEST):
            path = mine
            code = f"# file: {mine}\n" + function_source(root / mine, run.test.removeprefix(DOCTEST))
            frames = [int(n) for n in re.findall(rf'^  File "{re.escape(mine)}", line (\d+), in ', output, re.M)]
            inner = function_source(root / mine, line=frames[-1]) if frames else ""
            if inner and inner not in code:  # the example raised in another function of the module
                code += f"\n# file: {mine}\n" + inner
        else:
            path = app.test_file
            code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test.split("[")[0])
            lines = [int(m.group(1)) for m in re.finditer(rf"^{re.escape(mine)}:(\d+): ", output, flags=re.M)]
            if lines:  # the innermost frame in the module, as the faulted copy has it
                code += f"\n# file: {mine}\n" + function_source(root / mine, line=lines[-1])
        row: Row = {
            "group": run.fault.name,
            "library": app.library,
            "callsite": run.callsite,
            "path": path,
            "code": code,
            "command": shlex.join(["python", *PYTEST, *args]),
            "returncode": 1,
            "output": output,
            "exception": exception,
            "source": f"fault injected into {mine}, a small data-analysis module written for bug_heldout16 on "
            f"{app.stack} (pinned from PyPI), surfaced by the module's own checks",
        }
        return row, exception

    return FAULT_SET.failing_run(lambda root: prepare(run.fault, root), [*PYTEST, *args], finish)
