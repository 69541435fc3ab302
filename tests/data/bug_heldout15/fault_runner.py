"""How bug_heldout15's runs are made: one injected fault in a small asynchronous application written for the set on
top of an async library (Starlette with httpx, anyio, aiosqlite, aiohttp, trio), surfaced by the application's own
pytest suite (anyio's pytest plugin, pytest-asyncio, pytest-aiohttp or pytest-trio).

A run copies the pristine application (apps/<app>/: the module and its suite, stored as `suite_<name>.py` so the
repository's own pytest does not collect it, written as `test_<name>.py`) into a fresh folder, applies its fault (one
exact text replacement, which must occur exactly once) and runs one test with pytest from the pinned venv. Only runs
that fail with the expected exception type are kept. The output is the failing test's section of the report, then
the `warnings summary` section when pytest printed one (a coroutine that was never awaited). The run folder is shown
as /home/user/project, the venv as /home/user/.venv, pytest's temporary folders, localhost ports, durations and
object addresses as fixed values (the interpreter's own library as
/usr/local/lib), so a regeneration writes the same rows.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import fault_set
from fault_set import ADDRESS, Fault, FaultSet, Row, Run, as_assertion, expected, first_e_line
from regression_runner import failure_section, function_source

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset15/venv")  # made by `runs.py --setup`
PORT = "8080"  # what every localhost port becomes
PYTEST = [*fault_set.PYTEST, "-o", "asyncio_default_fixture_loop_scope=function"]
PINS = [  # the venv, exactly (pip freeze after installing the first ten)
    "pytest==8.3.4",
    "starlette==0.41.3",
    "httpx==0.28.1",
    "anyio==4.7.0",
    "aiosqlite==0.20.0",
    "aiohttp==3.11.11",
    "pytest-asyncio==0.24.0",
    "pytest-aiohttp==1.0.5",
    "trio==0.27.0",
    "pytest-trio==0.8.0",
    "aiohappyeyeballs==2.7.1",
    "aiosignal==1.4.0",
    "attrs==26.1.0",
    "certifi==2026.10.19.post1",
    "frozenlist==1.8.0",
    "h11==0.16.0",
    "httpcore==1.0.9",
    "idna==3.20",
    "iniconfig==2.3.1",
    "multidict==6.9.1",
    "outcome==1.3.0.post0",
    "packaging==26.4",
    "pluggy==1.7.0",
    "propcache==0.5.4",
    "sniffio==1.3.1",
    "sortedcontainers==2.4.0",
    "typing_extensions==4.16.0",
    "yarl==1.25.1",
]


@dataclass(frozen=True)
class App:
    name: str  # the folder under apps/
    module: str  # the application module (apps/<name>/<module>.py; its suite apps/<name>/suite_<module>.py)
    library: str  # the rows' `library`: the async library the application is built on
    stack: str  # what the application and its suite run on, for the rows' `source`

    @property
    def test_file(self) -> str:
        return f"test_{self.module}.py"


def ports_and_scopes(text: str) -> str:
    """Localhost ports as PORT, anyio's cancel scopes (named by their id) as ADDRESS."""
    text = re.sub(r"\b(127\.0\.0\.1|localhost):\d+", rf"\1:{PORT}", text)
    text = re.sub(r"(port=|'port': )\d{4,5}\b", rf"\g<1>{PORT}", text)
    return re.sub(r"(cancel scope )[0-9a-f]{6,}", rf"\g<1>{ADDRESS[2:]}", text)


FAULT_SET = FaultSet(VENV, PINS, stdlib=True, more_clean=ports_and_scopes)
setup = FAULT_SET.setup


def prepare(fault: Fault[App], root: Path) -> None:
    """The pristine application under root, its suite as test_<module>.py, with the fault applied."""
    fault_set.prepare(root, APPS / fault.app.name, fault.app.module, fault.app.test_file, fault)


def command(node: str) -> str:
    return shlex.join(["python", *PYTEST, node])


def warnings_section(stdout: str) -> str:
    """pytest's `warnings summary` section, without its link to the documentation."""
    lines = stdout.splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(r"^={3,} warnings summary ={3,}$", ln)), None)
    if start is None:
        return ""
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^={3,} .* ={3,}$", lines[i])), len(lines))
    return "\n".join(ln for ln in lines[start:end] if not ln.startswith("-- Docs: ")).rstrip("\n")


def probe(fault: Fault[App]) -> str:
    """Every failing test of the application's suite under the fault, with its exception line."""
    args = [*PYTEST[:2], "-q", "-p", "no:cacheprovider", *PYTEST[-2:], "--tb=line", "-rf"]
    return FAULT_SET.probe(lambda root: prepare(fault, root), args)


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (an AssertionError after a rewritten `assert`);
    for an exception group, which pytest draws as the interpreter does (`+ Exception Group Traceback`, `| ...`), the
    outermost group's line."""
    lines = output.splitlines()
    if found := first_e_line(lines):
        return as_assertion(found[0])
    return next((m.group(1) for ln in lines if (m := re.match(r"^  \| (\w*ExceptionGroup: .*)$", ln))), "")


def one(run: Run[App]) -> tuple[Row | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    node = f"{app.test_file}::{run.test}"

    def finish(stdout: str, root: Path, tmp: Path) -> tuple[Row | None, str]:
        failure = FAULT_SET.clean(failure_section(stdout), root, tmp)
        warned = FAULT_SET.clean(warnings_section(stdout), root, tmp)
        output = failure + ("\n" + warned if warned else "")
        exception = exception_line(failure)
        if not expected(exception, run.expect):
            return None, "unexpected exception: " + exception
        code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test)
        mine = f"{app.module}.py"
        trace = re.split(r"^-{3,} Captured ", failure, flags=re.M)[0]  # not a server's logged traceback
        frame = rf"^{re.escape(mine)}:(\d+): |^ +\| +File \"{re.escape(mine)}\", line (\d+), "
        lines = [int(m.group(1) or m.group(2)) for m in re.finditer(frame, trace, flags=re.M)]
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
            "source": f"fault injected into {mine}, a small asynchronous application written for bug_heldout15 on "
            f"{app.stack} (pinned from PyPI), surfaced by the application's own pytest suite",
        }
        return row, exception

    return FAULT_SET.failing_run(lambda root: prepare(run.fault, root), [*PYTEST, node], finish)
