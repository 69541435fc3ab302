"""How bug_heldout12's runs are made: one injected fault in a pinned sdist of a small pure-Python PyPI package, surfaced
by that package's own test suite.

A run copies the package's pristine sdist tree into a fresh folder, applies its fault (one exact text replacement in
one source file, which must occur exactly once), and runs one test of the package's own suite with pytest from the
venv (pytest only; the package is imported from the faulted tree, never installed). Only runs that fail with the
expected exception type are kept. The run folder is shown as /home/user/project, the venv as /home/user/.venv, and
object addresses as one fixed value, so a regeneration writes the same rows.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from regression_runner import exception_line, failure_section, function_source

PROJECT = "/home/user/project"
VENV_SHOWN = "/home/user/.venv"
ADDRESS = "0x7f3a5c2e1d90"  # what every `0x...` object address becomes
PYTEST = ["-m", "pytest", "-x", "-q", "--tb=long", "-p", "no:cacheprovider", "-W", "ignore::DeprecationWarning"]
PYTEST_PIN = "pytest==8.3.3"


@dataclass(frozen=True)
class Package:
    name: str  # the rows' `library` (the import name)
    dist: str  # the PyPI distribution
    version: str  # the pinned release whose sdist is faulted
    src: str  # the folder that holds the importable package in the sdist ("." or "src")
    licence: str

    @property
    def folder(self) -> str:
        return f"{self.dist}-{self.version}"


@dataclass(frozen=True)
class Fault:
    """One injected root cause: `old` replaced by `new` in `file` (relative to the sdist root)."""

    name: str  # the group
    package: Package
    file: str
    old: str
    new: str
    kind: str  # the bug kind, for the README


@dataclass(frozen=True)
class Run:
    fault: Fault
    node: str  # pytest node id relative to the sdist root
    expect: str  # the exception type the run must end with
    callsite: str  # how this test reaches the fault


def sdist_dir(venvs: Path, pkg: Package) -> Path:
    return venvs / "src" / pkg.folder


def venv_python(venvs: Path) -> Path:
    return venvs / "venv-pytest" / "bin" / "python"


def setup(venvs: Path, packages: list[Package]) -> None:
    """The venv with pinned pytest, and each package's pinned sdist extracted under <venvs>/src (PyPI only)."""
    py = venv_python(venvs)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}  # not the caller's PYTHONPATH
    if not py.exists():
        print(f"setup venv: {PYTEST_PIN}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(py.parent.parent)], check=True, env=env)
        subprocess.run([str(py), "-m", "pip", "install", "-q", PYTEST_PIN], check=True, timeout=900, env=env)
    for pkg in packages:
        dest = sdist_dir(venvs, pkg)
        if dest.exists():
            continue
        print(f"setup {pkg.folder}: sdist from PyPI", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:"]
            subprocess.run([*cmd, f"{pkg.dist}=={pkg.version}", "-d", tmp], check=True, timeout=900, env=env)
            archive = next(p for p in Path(tmp).iterdir() if p.name.endswith(".tar.gz"))
            with tarfile.open(archive) as tf:
                tf.extractall(Path(tmp) / "x", filter="data")
            (src,) = list((Path(tmp) / "x").iterdir())
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(src, dest)


def apply(fault: Fault, root: Path) -> None:
    path = root / fault.file
    text = path.read_text()
    if text.count(fault.old) != 1:
        raise SystemExit(f"error: fault {fault.name}: the text to replace occurs {text.count(fault.old)} times")
    path.write_text(text.replace(fault.old, fault.new))


def pytest_env(pkg: Package, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "NO_COLOR", "FORCE_COLOR"))}
    env.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "COLUMNS": "120"})
    env.update({"HOME": str(home), "TERM": "xterm"})
    if pkg.src != ".":
        env["PYTHONPATH"] = pkg.src
    return env


def command(pkg: Package, node: str) -> str:
    prefix = [f"PYTHONPATH={pkg.src}"] if pkg.src != "." else []
    return shlex.join([*prefix, "python", *PYTEST, node])


def clean(text: str, root: Path, venvs: Path) -> str:
    text = text.replace(str(root) + "/", "").replace(str(root), PROJECT)
    text = text.replace(str(venvs / "venv-pytest"), VENV_SHOWN)
    return re.sub(r"0x[0-9a-fA-F]{6,}", ADDRESS, text)


def probe(venvs: Path, fault: Fault, tests: str) -> str:
    """Every failing test of the faulted package (pytest's short summary), to choose the runs of a fault."""
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp) / "project"
        shutil.copytree(sdist_dir(venvs, fault.package), root)
        apply(fault, root)
        res = subprocess.run(
            [
                str(venv_python(venvs)),
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "--tb=line",
                "-rf",
                *shlex.split(tests),
            ],
            cwd=root,
            env=pytest_env(fault.package, Path(tmp)),
            capture_output=True,
            text=True,
            timeout=300,
        )
    return "\n".join(ln for ln in res.stdout.splitlines() if ln.startswith(("FAILED", "ERROR")) or " passed" in ln)


def one(venvs: Path, run: Run) -> tuple[dict[str, object] | None, str]:
    """The row of one run (without id/body), or None and why it was dropped."""
    pkg = run.fault.package
    with tempfile.TemporaryDirectory(prefix="fault-") as tmp:
        root = Path(tmp) / "project"
        shutil.copytree(sdist_dir(venvs, pkg), root)
        apply(run.fault, root)
        try:
            res = subprocess.run(
                [str(venv_python(venvs)), *PYTEST, run.node],
                cwd=root,
                env=pytest_env(pkg, Path(tmp)),
                capture_output=True,
                text=True,
                timeout=120,
                errors="replace",
            )
        except subprocess.TimeoutExpired:
            return None, "timeout"
        stdout = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
        if res.returncode != 1 or "= FAILURES =" not in stdout:
            return None, f"no failure (rc={res.returncode}) {stdout[-300:]}{res.stderr[-300:]}"
        output = clean(failure_section(stdout), root, venvs)
        exception = exception_line(output)
        if not exception or run.expect != exception.split(":", 1)[0].rsplit(".", 1)[-1]:
            return None, "unexpected exception: " + exception
        test_file = run.node.split("::", 1)[0]
        qual = re.sub(r"\[.*$", "", run.node.split("::", 1)[1])
        code = f"# file: {test_file}\n" + function_source(root / test_file, qual)
        frames = [
            (m.group(1), int(m.group(2)))
            for m in re.finditer(r"^(\S+\.py):(\d+): ", output, flags=re.M)
            if m.group(1) != test_file and not m.group(1).startswith(("/", "tests/", "test/"))
        ]
        if frames:  # the innermost frame in the package's own source, as the faulted tree has it
            rel, line = frames[-1]
            code += f"\n# file: {rel}\n" + function_source(root / rel, line=line)
    row: dict[str, object] = {
        "group": run.fault.name,
        "library": pkg.name,
        "callsite": run.callsite,
        "path": test_file,
        "code": code,
        "command": command(pkg, run.node),
        "returncode": res.returncode,
        "output": output,
        "exception": exception,
        "source": f"fault injected into {pkg.dist} {pkg.version} (sdist from PyPI, {pkg.licence}), surfaced by its "
        "own test suite, for bug_heldout12",
    }
    return row, exception
