"""How bug_heldout13's runs are made: one injected fault in a copy of a pure-Python module of CPython's standard
library, surfaced by CPython's own unittest suite (Debian's libpython3.11-testsuite, Lib/test).

A run copies the pristine module (or its package) from /usr/lib/python3.11 into `stdlib_faults/` of a fresh folder,
applies its fault (one exact text replacement, which must occur exactly once) and runs one test of the module's test
file with `python3 -m unittest <test id>` from that folder, `PYTHONPATH=stdlib_faults`, so the test (and everything
it imports) gets the faulted copy. Only runs that fail with the expected exception type are kept. The run folder is
shown as /home/user/project, test durations and object addresses as fixed values, so a regeneration writes the same
rows.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bugset_runner import exception_line
from regression_runner import function_source

PYTHON = "/usr/bin/python3.11"  # Debian's interpreter, whose Lib/test libpython3.11-testsuite installs
STDLIB = Path("/usr/lib/python3.11")
TESTSUITE = "libpython3.11-testsuite"
OVERLAY = "stdlib_faults"  # the folder first on sys.path that holds the faulted copy
PROJECT = "/home/user/project"
ADDRESS = "0x7f3a5c2e1d90"  # what every `0x...` object address becomes


@dataclass(frozen=True)
class Fault:
    """One injected root cause: `old` replaced by `new` in `file` (relative to the stdlib folder)."""

    name: str  # the group
    module: str  # the rows' `library`: the stdlib module
    file: str
    old: str
    new: str
    kind: str  # the bug kind, for the README


@dataclass(frozen=True)
class Run:
    fault: Fault
    test: str  # the unittest id, e.g. test.test_textwrap.WrapTestCase.test_simple
    expect: str  # the exception type the run must end with
    callsite: str  # how this test reaches the fault


def setup() -> None:
    """CPython's test suite for the interpreter that runs the tests (Debian only; needs root)."""
    if (STDLIB / "test" / "test_textwrap.py").exists():
        print(f"setup: {TESTSUITE} is installed", flush=True)
        return
    print(f"setup: apt-get install {TESTSUITE}", flush=True)
    subprocess.run(["apt-get", "install", "-y", "-q", TESTSUITE], check=True, timeout=900)


def prepare(fault: Fault, root: Path) -> None:
    """The pristine module (its whole package for a submodule) under root/OVERLAY, with the fault applied."""
    top = fault.file.split("/", 1)[0]
    dest = root / OVERLAY / top
    if "/" in fault.file:
        shutil.copytree(STDLIB / top, dest, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        dest.parent.mkdir(parents=True)
        shutil.copyfile(STDLIB / top, dest)
    path = root / OVERLAY / fault.file
    text = path.read_text()
    if text.count(fault.old) != 1:
        raise SystemExit(f"error: fault {fault.name}: the text to replace occurs {text.count(fault.old)} times")
    path.write_text(text.replace(fault.old, fault.new))


def unittest(root: Path, target: str, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NO_COLOR", "FORCE_COLOR"))}
    env.update({"PYTHONPATH": OVERLAY, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8"})
    env.update({"HOME": str(root), "COLUMNS": "120", "TZ": "UTC"})
    return subprocess.run(
        [PYTHON, "-m", "unittest", target],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        errors="replace",
    )


def command(test: str) -> str:
    return f"PYTHONPATH={OVERLAY} python3 -m unittest {test}"


def clean(text: str, root: Path, tmp: str) -> str:
    text = text.replace(str(root), PROJECT).replace(tmp, "/home/user")
    text = re.sub(r"^(Ran \d+ tests? in )\d+\.\d+s$", r"\g<1>0.001s", text, flags=re.M)
    return re.sub(r"0x[0-9a-fA-F]{6,}", ADDRESS, text)


def probe(fault: Fault, tests: str) -> str:
    """Every failing test of the module's test file under the fault (unittest's FAIL/ERROR headers)."""
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp).resolve() / "project"
        prepare(fault, root)
        res = unittest(root, tests, 600)
    heads = [ln for ln in res.stderr.splitlines() if ln.startswith(("FAIL:", "ERROR:"))]
    tail = [ln for ln in res.stderr.splitlines() if ln.startswith(("Ran ", "FAILED", "OK"))]
    exc = [ln for ln in res.stderr.splitlines() if re.match(r"^[\w.]+(Error|Exception)\b", ln)]
    return "\n".join([*heads, *tail, *sorted(set(exc))[:12]])


def one(run: Run) -> tuple[dict[str, object] | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp).resolve() / "project"
        prepare(run.fault, root)
        try:
            res = unittest(root, run.test, 120)
        except subprocess.TimeoutExpired:
            return None, "timeout"
        output = clean(res.stderr.rstrip("\n"), root, str(Path(tmp).resolve()))
        if res.returncode != 1 or not re.search(r"^FAILED \(", output, flags=re.M):
            return None, f"no failure (rc={res.returncode}) {output[-300:]}"
        exception = exception_line(output)
        if not exception or run.expect != exception.split(":", 1)[0].rsplit(".", 1)[-1]:
            return None, "unexpected exception: " + exception
        frames = [(m.group(1), int(m.group(2))) for m in re.finditer(r'^  File "([^"]+)", line (\d+)', output, re.M)]
        test_file, test_line = next((f, n) for f, n in frames if f.startswith(str(STDLIB / "test") + "/"))
        code = f"# file: {test_file}\n" + function_source(Path(test_file), line=test_line)
        ours = [(f, n) for f, n in frames if f.startswith(f"{PROJECT}/{OVERLAY}/")]
        if ours:  # the innermost frame in the faulted module, as the faulted copy has it
            shown, line = ours[-1]
            local = root / shown.removeprefix(PROJECT + "/")
            code += f"\n# file: {shown.removeprefix(PROJECT + '/')}\n" + function_source(local, line=line)
    row: dict[str, object] = {
        "group": run.fault.name,
        "library": run.fault.module,
        "callsite": run.callsite,
        "path": test_file,
        "code": code,
        "command": command(run.test),
        "returncode": res.returncode,
        "output": output,
        "exception": exception,
        "source": f"fault injected into a copy of CPython 3.11's Lib/{run.fault.file} (Debian python3.11, PSF-2.0), "
        f"surfaced by CPython's own unittest suite ({TESTSUITE}), for bug_heldout13",
    }
    return row, exception
