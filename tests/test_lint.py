"""The lint step: ruff's rules and formatting over the whole project, and mypy over the packages listed in
pyproject.toml's [tool.mypy] `files` (a package joins that list once it is clean)."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT

LINTERS = [
    ("ruff-check", [sys.executable, "-m", "ruff", "check", "--no-cache", "."]),
    ("ruff-format", [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."]),
    ("mypy", [sys.executable, "-m", "mypy"]),  # files and strictness from pyproject.toml
]


@pytest.mark.parametrize("argv", [argv for _, argv in LINTERS], ids=[name for name, _ in LINTERS])
def test_project_is_lint_clean(argv: list[str]) -> None:
    res = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, (res.stdout + res.stderr)[-6000:]


def test_mypy_checks_the_provisioner_strictly() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert {"provisioner", "tests/provisioner", "tests/test_wheel_install.py"} <= set(config["files"])
    assert config["disallow_untyped_defs"] and config["check_untyped_defs"] and config["warn_unused_ignores"]
    assert all((ROOT / f).exists() for f in config["files"])  # a renamed package must not drop out silently
