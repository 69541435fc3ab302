"""What the injected-fault sets (bug_heldout14 and after) share: the pinned venv, a pristine application copied into
a fresh folder with one fault applied, one pytest test run there, and its output made the same on every regeneration
(the run folder shown as /home/user/project, the venv as /home/user/.venv, pytest's temporary folders, durations and
object addresses as fixed values). A set's fault_runner.py names what is its own (a `FaultSet`: venv, pins, pytest
arguments, extra normalisations) and builds its rows from a failing run's report; the sets whose runs are one test of
a small module's own suite (bug_heldout17 and after) hand runs.py a `SuiteSet`, which builds them alike.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from regression_runner import failure_section, function_source

PROJECT = "/home/user/project"
VENV_SHOWN = "/home/user/.venv"
ADDRESS = "0x7f3a5c2e1d90"  # what every `0x...` object address becomes
PYTEST = ["-m", "pytest", "-q", "--tb=short", "-p", "no:cacheprovider", "-p", "no:randomly"]
PROBE = [*PYTEST[:2], "-q", "-p", "no:cacheprovider", "--tb=line", "-rf"]  # every failing test, a line each

Row = dict[str, object]
A = TypeVar("A")
Finish = Callable[[str, Path, Path], tuple[Row | None, str]]  # (report, run folder, temporary folder) -> row, why


@dataclass(frozen=True)
class Fault(Generic[A]):
    """One injected root cause: `old` replaced by `new` in the application module (which must hold it once)."""

    name: str  # the group
    app: A  # the set's own App
    old: str
    new: str
    kind: str  # the bug kind, for the README


@dataclass(frozen=True)
class Run(Generic[A]):
    fault: Fault[A]
    test: str  # the test function in the app's suite (bug_heldout16: with its parameter id, or doctest:<function>)
    expect: str  # the exception type the run must end with
    callsite: str  # how this test reaches the fault


@dataclass(frozen=True)
class FaultSet:
    venv: Path
    pins: list[str]  # the venv, exactly
    timeout: int = 120
    env: dict[str, str] = field(default_factory=dict)  # set for pytest beyond the common environment
    stdlib: bool = False  # show the interpreter's own library as /usr/local/lib
    more_clean: Callable[[str], str] | None = None  # the set's own normalisations, before addresses

    def setup(self) -> None:
        """The venv with the pinned libraries (PyPI only)."""
        py = self.venv / "bin" / "python"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        if not py.exists():
            print(f"setup: venv {self.venv}", flush=True)
            subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True, env=env)
        print("setup: pip install " + " ".join(self.pins), flush=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", *self.pins], check=True, timeout=900, env=env)

    def pytest(self, root: Path, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "NO_COLOR", "FORCE_COLOR"))}
        env.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "COLUMNS": "120"})
        env.update({"HOME": str(home), "TERM": "xterm", "TZ": "UTC", "PYTEST_DEBUG_TEMPROOT": str(home)})
        env.update(self.env)
        return subprocess.run(
            [str(self.venv / "bin" / "python"), *args],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=self.timeout,
            errors="replace",
        )

    def clean(self, text: str, root: Path, tmp: Path) -> str:
        text = text.replace(str(root) + "/", "").replace(str(root), PROJECT)
        text = text.replace(str(self.venv), VENV_SHOWN).replace(str(tmp), "/tmp")
        if self.stdlib:
            text = text.replace(f"{sys.base_prefix}/lib/", "/usr/local/lib/")  # the interpreter the venv was made from
        text = re.sub(r"pytest-of-[^/\s]+/pytest-\d+", "pytest-of-user/pytest-0", text)
        text = re.sub(r" in \d+\.\d+s\b", " in 0.01s", text)
        if self.more_clean:
            text = self.more_clean(text)
        return re.sub(r"0x[0-9a-fA-F]{6,}", ADDRESS, text)

    def probe(self, prepare: Callable[[Path], None], args: list[str]) -> str:
        """Every failing test of the application's suite under the fault, with its exception line."""
        with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
            root = Path(tmp).resolve() / "project"
            prepare(root)
            res = self.pytest(root, args, Path(tmp))
        keep = ("FAILED", "ERROR", "/")
        lines = res.stdout.splitlines()
        return "\n".join(ln for ln in lines if ln.startswith(keep) or " passed" in ln or "failed" in ln)

    def failing_run(self, prepare: Callable[[Path], None], args: list[str], finish: Finish) -> tuple[Row | None, str]:
        """Run pytest with args in a fresh run folder made by prepare; a run that fails (return code 1, a FAILURES or
        ERRORS section) goes to finish while the folder exists."""
        with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
            home = Path(tmp).resolve()
            root = home / "project"
            prepare(root)
            (home / "tmp").mkdir()
            try:
                res = self.pytest(root, args, home / "tmp")
            except subprocess.TimeoutExpired:
                return None, "timeout"
            stdout = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
            if res.returncode != 1 or ("= FAILURES =" not in stdout and "= ERRORS =" not in stdout):
                return None, f"no failure (rc={res.returncode}) {stdout[-300:]}{res.stderr[-300:]}"
            return finish(stdout, root, home / "tmp")


def prepare(root: Path, src: Path, module: str, test_file: str, fault: Fault[Any]) -> None:
    """The pristine module src/<module>.py under root, its suite src/suite_<module>.py (if any) as test_file, with the
    fault applied."""
    root.mkdir(parents=True)
    shutil.copyfile(src / f"{module}.py", root / f"{module}.py")
    if (src / f"suite_{module}.py").exists():
        shutil.copyfile(src / f"suite_{module}.py", root / test_file)
    path = root / f"{module}.py"
    text = path.read_text()
    if text.count(fault.old) != 1:
        raise SystemExit(f"error: fault {fault.name}: the text to replace occurs {text.count(fault.old)} times")
    path.write_text(text.replace(fault.old, fault.new))


def first_e_line(lines: list[str]) -> tuple[str, int] | None:
    """The first `E` line of the last traceback entry (stripped) and its index, or None if there is none."""
    starts = [i for i, ln in enumerate(lines) if ln.startswith("E ") and (i == 0 or not lines[i - 1].startswith("E "))]
    return (lines[starts[-1]][1:].strip(), starts[-1]) if starts else None


def as_assertion(first: str) -> str:
    """pytest's short style names no type after a rewritten `assert`: that is an AssertionError."""
    return f"AssertionError: {first}" if first.startswith("assert ") else first


def expected(exception: str, expect: str) -> bool:
    """Whether the exception line names the expected type (a dotted name by its last part)."""
    return bool(exception) and expect == exception.split(":", 1)[0].rsplit(".", 1)[-1]


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (an AssertionError after a rewritten `assert`;
    for a test whose message is a child's stderr, that message's first line; after an empty message, the failed
    assert)."""
    lines = output.splitlines()
    if not (found := first_e_line(lines)):
        return ""
    first, start = found
    if first == "AssertionError:":  # an empty message (`assert ..., proc.stdout` with nothing on stdout): the assert
        more = (ln[1:].strip() for ln in lines[start + 1 :] if ln.startswith("E "))
        first = f"{first} {next((m for m in more if m), '')}".rstrip()
    return as_assertion(first)


SUITE_PINS = [  # a suite set's venv when its modules use the stdlib only, exactly (pip freeze after installing pytest)
    "pytest==8.3.4",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pluggy==1.7.0",
]


def pytest_user(text: str) -> str:
    """pytest's temporary root (`/tmp/pytest-of-root/...`) under one user name."""
    return re.sub(r"pytest-of-[A-Za-z0-9_.-]+", "pytest-of-user", text)


@dataclass(frozen=True)
class SuiteApp:
    """A module written for a set, failing through its own suite (bug_heldout17 to 22)."""

    name: str  # the folder under apps/ and the module's name (apps/<name>/<name>.py, its suite suite_<name>.py)
    library: str  # the rows' `library`: what the module is built on
    stack: str  # what the module and its suite use, for the rows' `source`

    @property
    def test_file(self) -> str:
        return f"test_{self.name}.py"


@dataclass(frozen=True)
class SuiteSet:
    """A set whose runs are one test each of a small module's own pytest suite (apps/<name>/), the module copied into
    a fresh folder with one fault applied: what a set's fault_runner.py hands to runs.py."""

    apps: Path
    fault_set: FaultSet
    source: str  # the rows' `source`, with {module} (`<name>.py`) and {stack} filled in
    beside: tuple[str, ...] = ()  # folders of apps/<name>/ copied beside the module (golden files)

    def setup(self) -> None:
        self.fault_set.setup()

    def prepare(self, fault: Fault[SuiteApp], root: Path) -> None:
        """The pristine module under root, its suite as test_<name>.py (and the folders beside it), with the fault
        applied."""
        src = self.apps / fault.app.name
        prepare(root, src, fault.app.name, fault.app.test_file, fault)
        for folder in self.beside:
            shutil.copytree(src / folder, root / folder)

    def probe(self, fault: Fault[SuiteApp]) -> str:
        """Every failing test of the module's suite under the fault, with its exception line."""
        return self.fault_set.probe(lambda root: self.prepare(fault, root), PROBE)

    def one(self, run: Run[SuiteApp]) -> tuple[Row | None, str]:
        """The row of one run (without id/body), or None and why it was dropped."""
        app = run.fault.app
        source = self.source.format(module=f"{app.name}.py", stack=app.stack)
        return suite_run(self.fault_set, run, lambda root: self.prepare(run.fault, root), source)


def suite_run(
    fault_set: FaultSet, run: Run[Any], prepare: Callable[[Path], None], source: str
) -> tuple[Row | None, str]:
    """The row of one run of a module's own suite (without id/body), or None and why it was dropped: the failing
    test's section (a child process's frames shown under the project folder), the test's source and the innermost
    frame's function in the module (pytest's frame, else the child's), as the faulted copy has it."""
    app: SuiteApp = run.fault.app
    node = f"{app.test_file}::{run.test}"

    def finish(stdout: str, root: Path, tmp: Path) -> tuple[Row | None, str]:
        section = failure_section(stdout).replace(f'File "{root}/', f'File "{PROJECT}/')
        output = fault_set.clean(section, root, tmp)
        exception = exception_line(output)
        if not expected(exception, run.expect):
            return None, "unexpected exception: " + exception
        mine = f"{app.name}.py"
        code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test.split("[")[0])
        lines = [int(m.group(1)) for m in re.finditer(rf"^{re.escape(mine)}:(\d+): ", output, flags=re.M)]
        child = rf'File "{re.escape(PROJECT)}/{re.escape(mine)}", line (\d+), in '
        lines = lines or [int(n) for n in re.findall(child, output)]
        if lines:
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
            "source": source,
        }
        return row, exception

    return fault_set.failing_run(prepare, [*PYTEST, node], finish)
