"""lsp_bridge/ installs on its own (`pip install .` and `pip install -e .`) into a fresh venv, with only its deps."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

SOURCE = Path(__file__).resolve().parents[2] / "lsp_bridge"


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory) -> Path:
    """The bridge's build and runtime requirements, downloaded once (pip's cache makes reruns quick)."""
    data = tomllib.loads((SOURCE / "pyproject.toml").read_text())
    wheels = tmp_path_factory.mktemp("wheels")
    requirements = [*data["build-system"]["requires"], *data["project"]["dependencies"]]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--only-binary", ":all:", "-d", str(wheels), *requirements],
        check=True,
    )
    return wheels


@pytest.mark.parametrize("editable", [True, False])
def test_installs_alone_into_a_fresh_venv(wheelhouse, tmp_path, editable):
    source = shutil.copytree(SOURCE, tmp_path / "lsp_bridge", ignore=shutil.ignore_patterns("__pycache__", "build"))
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_dir = tmp_path / "venv" / "bin"
    target = ["-e", "."] if editable else ["."]
    subprocess.run(
        [bin_dir / "pip", "install", "-q", "--no-index", "--find-links", str(wheelhouse), *target],
        cwd=source, check=True, capture_output=True,
    )  # fmt: skip
    installed = subprocess.run([bin_dir / "pip", "list", "--format=freeze"], capture_output=True, text=True).stdout
    names = {line.split("==")[0].lower() for line in installed.splitlines()}
    assert {"lsp-bridge", "pygls", "lsprotocol", "tree-sitter", "tree-sitter-python"} <= names
    assert not names & {"docker", "litellm", "mini-swe-agent", "jinja2", "typer", "jedi"}
    where = subprocess.run(
        [bin_dir / "python", "-c", "import lsp_bridge; print(lsp_bridge.__file__)"],
        cwd="/", capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert (Path(where).parent == source) is editable
    assert ("/site-packages/lsp_bridge/" in where) is not editable
    check = subprocess.run([bin_dir / "lsp-bridge", "check"], cwd="/", capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("lsp-bridge 0.1.0: ok")
