"""The debugger driven as the agent drives it: one real `debugger` process per command, real sessions."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TOOL_SRC = Path(__file__).resolve().parents[2] / "tool_specs" / "debugger" / "src"
PROJECT = Path(__file__).resolve().parent / "project"


@dataclass
class Answer:
    code: int
    out: str
    err: str


def line_of(path: Path, text: str) -> int:
    """The number of the one line of `path` that contains `text`."""
    hits = [i for i, line in enumerate(path.read_text().splitlines(), start=1) if text in line]
    assert len(hits) == 1, (path, text, hits)
    return hits[0]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


class Debugger:
    """Runs `debugger ARGS` in the project folder, with the CLI on `tool_python` and the program on `python`."""

    def __init__(self, cwd: Path, sessions: Path, python: str, tool_python: str = sys.executable):
        self.cwd, self.sessions, self.tool_python = cwd, sessions, tool_python
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DEBUGGER_"))},
            "PYTHONPATH": str(TOOL_SRC),
            "DEBUGGER_SESSIONS": str(sessions),
            "DEBUGGER_PYTHON": python,
        }

    def __call__(self, *args: str, env: dict | None = None) -> Answer:
        res = subprocess.run(
            [self.tool_python, "-m", "agent_debugger", *args],
            cwd=self.cwd,
            env=env or self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return Answer(res.returncode, res.stdout, res.stderr)

    def json(self, *args: str) -> dict:
        return json.loads(self("--json", *args).out)

    def server(self, name: str = "default") -> dict:
        return json.loads((self.sessions / name / "server.json").read_text())

    def stop_all(self) -> None:
        for d in self.sessions.iterdir() if self.sessions.exists() else []:
            self("stop", "--session", d.name)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(PROJECT, tmp_path / "project")
    return tmp_path / "project"


@pytest.fixture
def make_debugger(project: Path) -> Iterator:
    """make_debugger(python=sys.executable) -> a Debugger with its own sessions folder; stops them all after."""
    made: list[Debugger] = []
    sessions_root = Path(tempfile.mkdtemp(prefix="dbg-", dir="/tmp"))  # Unix socket paths must stay short

    def make(python: str = sys.executable, tool_python: str = sys.executable) -> Debugger:
        d = Debugger(project, sessions_root / str(len(made)), python, tool_python)
        made.append(d)
        return d

    yield make
    for d in made:
        d.stop_all()
    shutil.rmtree(sessions_root, ignore_errors=True)


@pytest.fixture
def debugger(make_debugger) -> Debugger:
    return make_debugger()


collect_ignore = ["project"]  # the debuggee's own tests, not ours
