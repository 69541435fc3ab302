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

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from regression_runner import failure_section, function_source

HERE = Path(__file__).resolve().parent
APPS = HERE / "apps"
VENV = Path("/tmp/bugset14/venv")  # made by `runs.py --setup`
PROJECT = "/home/user/project"
VENV_SHOWN = "/home/user/.venv"
ADDRESS = "0x7f3a5c2e1d90"  # what every `0x...` object address becomes
PYTEST = ["-m", "pytest", "-q", "--tb=short", "-p", "no:cacheprovider", "-p", "no:randomly"]
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


@dataclass(frozen=True)
class Fault:
    """One injected root cause: `old` replaced by `new` in the application module."""

    name: str  # the group
    app: App
    old: str
    new: str
    kind: str  # the bug kind, for the README


@dataclass(frozen=True)
class Run:
    fault: Fault
    test: str  # the test function in the app's suite
    expect: str  # the exception type the run must end with
    callsite: str  # how this test reaches the fault


def setup() -> None:
    """The venv with the pinned libraries (PyPI only)."""
    py = VENV / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    if not py.exists():
        print(f"setup: venv {VENV}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, env=env)
    print("setup: pip install " + " ".join(PINS), flush=True)
    subprocess.run([str(py), "-m", "pip", "install", "-q", *PINS], check=True, timeout=900, env=env)


def prepare(fault: Fault, root: Path) -> None:
    """The pristine application under root, its suite as test_<module>.py, with the fault applied."""
    root.mkdir(parents=True)
    src = APPS / fault.app.name
    shutil.copyfile(src / f"{fault.app.module}.py", root / f"{fault.app.module}.py")
    shutil.copyfile(src / f"suite_{fault.app.module}.py", root / fault.app.test_file)
    path = root / f"{fault.app.module}.py"
    text = path.read_text()
    if text.count(fault.old) != 1:
        raise SystemExit(f"error: fault {fault.name}: the text to replace occurs {text.count(fault.old)} times")
    path.write_text(text.replace(fault.old, fault.new))


def pytest(root: Path, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "NO_COLOR", "FORCE_COLOR"))}
    env.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "COLUMNS": "120"})
    env.update({"HOME": str(home), "TERM": "xterm", "TZ": "UTC", "PYTEST_DEBUG_TEMPROOT": str(home)})
    return subprocess.run(
        [str(VENV / "bin" / "python"), *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        errors="replace",
    )


def command(node: str) -> str:
    return shlex.join(["python", *PYTEST, node])


def clean(text: str, root: Path, tmp: Path) -> str:
    text = text.replace(str(root) + "/", "").replace(str(root), PROJECT)
    text = text.replace(str(VENV), VENV_SHOWN).replace(str(tmp), "/tmp")
    text = re.sub(r"pytest-of-[^/\s]+/pytest-\d+", "pytest-of-user/pytest-0", text)
    text = re.sub(r" in \d+\.\d+s\b", " in 0.01s", text)
    return re.sub(r"0x[0-9a-fA-F]{6,}", ADDRESS, text)


def probe(fault: Fault) -> str:
    """Every failing test of the application's suite under the fault, with its exception line."""
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp).resolve() / "project"
        prepare(fault, root)
        res = pytest(root, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=line", "-rf"], Path(tmp))
    keep = ("FAILED", "ERROR", "/")
    return "\n".join(ln for ln in res.stdout.splitlines() if ln.startswith(keep) or " passed" in ln or "failed" in ln)


def exception_line(output: str) -> str:
    """The exception: the first `E` line of the last traceback entry (pytest's short style names no type after a
    rewritten `assert`: that is an AssertionError)."""
    lines = output.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith("E ") and (i == 0 or not lines[i - 1].startswith("E "))]
    if not starts:
        return ""
    first = lines[starts[-1]][1:].strip()
    return f"AssertionError: {first}" if first.startswith("assert ") else first


def one(run: Run) -> tuple[dict[str, object] | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    node = f"{app.test_file}::{run.test}"
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        home = Path(tmp).resolve()
        root = home / "project"
        prepare(run.fault, root)
        (home / "tmp").mkdir()
        try:
            res = pytest(root, [*PYTEST, node], home / "tmp")
        except subprocess.TimeoutExpired:
            return None, "timeout"
        stdout = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
        if res.returncode != 1 or ("= FAILURES =" not in stdout and "= ERRORS =" not in stdout):
            return None, f"no failure (rc={res.returncode}) {stdout[-300:]}{res.stderr[-300:]}"
        output = clean(failure_section(stdout), root, home / "tmp")
        exception = exception_line(output)
        if not exception or run.expect != exception.split(":", 1)[0].rsplit(".", 1)[-1]:
            return None, "unexpected exception: " + exception
        code = f"# file: {app.test_file}\n" + function_source(root / app.test_file, run.test)
        mine = f"{app.module}.py"
        lines = [int(m.group(1)) for m in re.finditer(rf"^{re.escape(mine)}:(\d+): ", output, flags=re.M)]
        if lines:  # the innermost frame in the application module, as the faulted copy has it
            code += f"\n# file: {mine}\n" + function_source(root / mine, line=lines[-1])
    row: dict[str, object] = {
        "group": run.fault.name,
        "library": app.library,
        "callsite": run.callsite,
        "path": app.test_file,
        "code": code,
        "command": command(node),
        "returncode": res.returncode,
        "output": output,
        "exception": exception,
        "source": f"fault injected into {mine}, a small application on {app.library} written for bug_heldout14 "
        f"({app.library}: {app.licence}; pinned from PyPI), surfaced by the application's own pytest suite",
    }
    return row, exception
