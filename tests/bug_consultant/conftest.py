"""Fixtures for the Bug Consultant: real scripts run in a subprocess give the tracebacks; every store is a
file under the test's tmp_path (never the default ~/.cache one)."""

from __future__ import annotations

import os

# litellm fetches its price list from GitHub at import unless told to use its bundled copy (no network here)
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent.bug_consultant.config import BugConsultantConfig

DATA = Path(__file__).resolve().parents[1] / "data" / "bug_pairs" / "bug_pairs.jsonl"


@pytest.fixture
def run_script(tmp_path: Path) -> Callable[[str, str], subprocess.CompletedProcess]:
    """run_script(code, name) -> the finished `python name` run in tmp_path/work (stderr has the traceback)."""
    work = tmp_path / "work"

    def run(code: str, name: str = "repro.py") -> subprocess.CompletedProcess:
        script = work / name
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text(code)
        return subprocess.run([sys.executable, name], cwd=work, capture_output=True, text=True, timeout=120)

    return run


@pytest.fixture
def make_config(tmp_path: Path) -> Callable[..., BugConsultantConfig]:
    def make(**overrides: Any) -> BugConsultantConfig:
        block = {"use_bug_consultant": True, "store_path": tmp_path / "store" / "bugs.sqlite", **overrides}
        return BugConsultantConfig.model_validate(block)

    return make


@pytest.fixture(scope="session")
def labelled() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
