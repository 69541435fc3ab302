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
VENV = Path("/tmp/bugset16/venv")  # made by `runs.py --setup`
PROJECT = "/home/user/project"
VENV_SHOWN = "/home/user/.venv"
ADDRESS = "0x7f3a5c2e1d90"  # what every `0x...` object address becomes
PYTEST = ["-m", "pytest", "-q", "--tb=short", "-p", "no:cacheprovider", "-p", "no:randomly"]
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


@dataclass(frozen=True)
class Fault:
    """One injected root cause: `old` replaced by `new` in the module."""

    name: str  # the group
    app: App
    old: str
    new: str
    kind: str  # the bug kind, for the README


@dataclass(frozen=True)
class Run:
    fault: Fault
    test: str  # the test function (with its parameter id) in the suite, or doctest:<function>
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
    """The pristine module under root, its suite (if any) as test_<name>.py, with the fault applied."""
    root.mkdir(parents=True)
    src = APPS / fault.app.name
    shutil.copyfile(src / f"{fault.app.name}.py", root / f"{fault.app.name}.py")
    if (src / f"suite_{fault.app.name}.py").exists():
        shutil.copyfile(src / f"suite_{fault.app.name}.py", root / fault.app.test_file)
    path = root / f"{fault.app.name}.py"
    text = path.read_text()
    if text.count(fault.old) != 1:
        raise SystemExit(f"error: fault {fault.name}: the text to replace occurs {text.count(fault.old)} times")
    path.write_text(text.replace(fault.old, fault.new))


def pytest(root: Path, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "NO_COLOR", "FORCE_COLOR"))}
    env.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "COLUMNS": "120"})
    env.update({"HOME": str(home), "TERM": "xterm", "TZ": "UTC", "PYTEST_DEBUG_TEMPROOT": str(home)})
    env["PYTHONTZPATH"] = ""  # zoneinfo reads the pinned tzdata wheel, not the machine's zone files
    return subprocess.run(
        [str(VENV / "bin" / "python"), *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        errors="replace",
    )


def node_args(app: App, test: str) -> list[str]:
    """pytest's arguments after PYTEST for one test or doctest item."""
    if test.startswith(DOCTEST):
        return ["--doctest-modules", f"{app.name}.py::{app.name}.{test.removeprefix(DOCTEST)}"]
    return [f"{app.test_file}::{test}"]


def clean(text: str, root: Path, tmp: Path) -> str:
    text = text.replace(str(root) + "/", "").replace(str(root), PROJECT)
    text = text.replace(str(VENV), VENV_SHOWN).replace(str(tmp), "/tmp")
    text = text.replace(f"{sys.base_prefix}/lib/", "/usr/local/lib/")  # the interpreter the venv was made from
    text = re.sub(r"pytest-of-[^/\s]+/pytest-\d+", "pytest-of-user/pytest-0", text)
    text = re.sub(r" in \d+\.\d+s\b", " in 0.01s", text)
    text = re.sub(r"\b\d+(\.\d+)?ms\b", "10ms", text)  # hypothesis' timings, if any
    return re.sub(r"0x[0-9a-fA-F]{6,}", ADDRESS, text)


def probe(fault: Fault) -> str:
    """Every failing test and doctest item of the module under the fault, with its exception line."""
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp).resolve() / "project"
        prepare(fault, root)
        args = [*PYTEST[:2], "-q", "-p", "no:cacheprovider", "--doctest-modules", "--tb=line", "-rf"]
        res = pytest(root, args, Path(tmp))
    keep = ("FAILED", "ERROR", "/")
    return "\n".join(ln for ln in res.stdout.splitlines() if ln.startswith(keep) or " passed" in ln or "failed" in ln)


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
    """The exception: the first `E` line of the last traceback entry (pytest's short style names no type after a
    rewritten `assert`: that is an AssertionError); a doctest item's as `doctest_exception` says."""
    if output.splitlines()[0].strip("_ ").startswith("[doctest]"):
        return doctest_exception(output)
    lines = output.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith("E ") and (i == 0 or not lines[i - 1].startswith("E "))]
    if not starts:
        return ""
    first = lines[starts[-1]][1:].strip()
    if first.endswith(":"):  # numpy.testing puts its message on the next lines: the first of them
        more = (ln[1:].strip() for ln in lines[starts[-1] + 1 :] if ln.startswith("E "))
        first = f"{first} {next((m for m in more if m), '')}".rstrip()
    return f"AssertionError: {first}" if first.startswith("assert ") else first


def one(run: Run) -> tuple[dict[str, object] | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    app = run.fault.app
    args = node_args(app, run.test)
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        home = Path(tmp).resolve()
        root = home / "project"
        prepare(run.fault, root)
        (home / "tmp").mkdir()
        try:
            res = pytest(root, [*PYTEST, *args], home / "tmp")
        except subprocess.TimeoutExpired:
            return None, "timeout"
        stdout = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
        if res.returncode != 1 or ("= FAILURES =" not in stdout and "= ERRORS =" not in stdout):
            return None, f"no failure (rc={res.returncode}) {stdout[-300:]}{res.stderr[-300:]}"
        output = clean(failure_section(stdout), root, home / "tmp")
        exception = exception_line(output)
        if not exception or run.expect != exception.split(":", 1)[0].rsplit(".", 1)[-1]:
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
    row: dict[str, object] = {
        "group": run.fault.name,
        "library": app.library,
        "callsite": run.callsite,
        "path": path,
        "code": code,
        "command": shlex.join(["python", *PYTEST, *args]),
        "returncode": res.returncode,
        "output": output,
        "exception": exception,
        "source": f"fault injected into {mine}, a small data-analysis module written for bug_heldout16 on "
        f"{app.stack} (pinned from PyPI), surfaced by the module's own checks",
    }
    return row, exception
