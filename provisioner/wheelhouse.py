"""Offline wheelhouses: a tool's wheels resolved on the host for an image's Python and platform, cached by
(requirements, target). `pip download --python-version` does not evaluate environment markers for the target,
so requirements whose markers hold only on the target are added until the set is closed."""

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

from provisioner.engine import cache_dir
from provisioner.errors import ToolprovError

MANYLINUX_ALIASES = {(2, 5): "manylinux1", (2, 12): "manylinux2010", (2, 17): "manylinux2014"}


@dataclass(frozen=True)
class Target:
    python: tuple[int, int]
    machine: str = "x86_64"
    glibc: tuple[int, int] | None = (2, 17)

    def platforms(self) -> list[str]:
        if not self.glibc:
            return [f"linux_{self.machine}"]
        major, top = self.glibc
        tags = [f"manylinux_{major}_{m}_{self.machine}" for m in range(top, 4, -1)]
        return tags + [f"{alias}_{self.machine}" for (_, m), alias in MANYLINUX_ALIASES.items() if m <= top]

    def marker_env(self) -> dict[str, str]:
        v = ".".join(map(str, self.python))
        return {
            "python_version": v, "python_full_version": f"{v}.0", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "sys_platform": "linux", "os_name": "posix",
            "platform_system": "Linux", "platform_machine": self.machine, "implementation_version": f"{v}.0",
            "platform_release": "", "platform_version": "", "extra": "",
        }  # fmt: skip


@dataclass(frozen=True)
class Wheelhouse:
    path: Path
    files: tuple[str, ...]

    def versions(self) -> dict[str, str]:
        from packaging.utils import parse_wheel_filename

        return {str(parse_wheel_filename(f)[0]): str(parse_wheel_filename(f)[1]) for f in self.files}

    def wheel_for(self, name: str) -> str:
        from packaging.utils import canonicalize_name, parse_wheel_filename

        return next(f for f in self.files if parse_wheel_filename(f)[0] == canonicalize_name(name))


def _requires(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        return Parser().parsestr(z.read(meta).decode()).get_all("Requires-Dist") or []


def _missing(dest: Path, target: Target, extras: dict[str, set[str]]) -> list[str]:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename

    have = {parse_wheel_filename(w.name)[0] for w in dest.glob("*.whl")}
    env, need = target.marker_env(), []
    for wheel in dest.glob("*.whl"):
        name = parse_wheel_filename(wheel.name)[0]
        for line in _requires(wheel):
            req = Requirement(line)
            if req.marker and not any(
                req.marker.evaluate({**env, "extra": e}) for e in ({""} | extras.get(name, set()))
            ):
                continue
            if canonicalize_name(req.name) not in have:
                req.marker = None
                need.append(str(req))
    return sorted(set(need))


def _pip_download(dest: Path, target: Target, requirements: list[str]) -> None:
    py = "".join(map(str, target.python))
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--only-binary=:all:",
           "--dest", str(dest), "--python-version", ".".join(map(str, target.python)), "--implementation", "cp",
           "--abi", f"cp{py}", "--abi", "abi3", "--abi", "none"]  # fmt: skip
    for platform in target.platforms():
        cmd += ["--platform", platform]
    res = subprocess.run([*cmd, *requirements], capture_output=True, text=True)
    if res.returncode:
        err = [ln for ln in res.stderr.splitlines() if ln.startswith("ERROR")] or res.stderr.splitlines()[-3:]
        raise ToolprovError(
            f"cannot resolve wheels for Python {'.'.join(map(str, target.python))}/{target.machine} "
            f"({' '.join(requirements)}): {' '.join(err)[:400]}"
        )


def resolve(requirements: list[str], target: Target, refresh: bool = False) -> Wheelhouse:
    """Download (or reuse) the wheels for `requirements` plus pip, for `target`; returns the closed set."""
    reqs = sorted({*requirements, "pip"})
    digest = hashlib.sha256(json.dumps([reqs, target.python, target.machine, target.glibc]).encode()).hexdigest()
    path = cache_dir() / "wheels" / digest[:24]
    index = path / "resolved.json"
    if index.is_file() and not refresh:
        return Wheelhouse(path, tuple(json.loads(index.read_text())["files"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    from filelock import FileLock  # the resolved (cached) path above needs neither filelock nor packaging

    with FileLock(path.parent / f"{digest[:24]}.lock"):
        if index.is_file() and not refresh:
            return Wheelhouse(path, tuple(json.loads(index.read_text())["files"]))
        return _download(path, reqs, target)


def _download(path: Path, reqs: list[str], target: Target) -> Wheelhouse:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    for stale in path.parent.glob(f".resolving-{path.name}-*"):  # left by a killed process (we hold the lock)
        shutil.rmtree(stale, ignore_errors=True)
    tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".resolving-{path.name}-"))
    try:
        extras: dict[str, set[str]] = {}
        for r in map(Requirement, reqs):
            extras.setdefault(canonicalize_name(r.name), set()).update(r.extras)
        todo = reqs
        for _ in range(10):
            _pip_download(tmp, target, todo)
            if not (todo := _missing(tmp, target, extras)):
                break
        files = sorted(w.name for w in tmp.glob("*.whl"))
        (tmp / "resolved.json").write_text(json.dumps({"requirements": reqs, "files": files}, indent=1))
        if path.exists():
            shutil.rmtree(path)
        tmp.rename(path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Wheelhouse(path, tuple(files))
