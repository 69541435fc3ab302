"""fileedit (tool_specs/fileedit): exact edits an agent can trust, run as a real process."""

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SRC = ROOT / "tool_specs" / "fileedit"


def fileedit(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "fileedit.cli", *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)


def test_view_replace_insert(tmp_path: Path):
    (tmp_path / "m.py").write_text("def f(x):\n    return x[len(x)]\n\n\ndef g():\n    return 1\n")
    assert fileedit("view", "m.py", "2", "2", cwd=tmp_path).stdout == "     2      return x[len(x)]\n"
    res = fileedit("replace", "m.py", "--old", "x[len(x)]", "--new", "x[-1]", cwd=tmp_path)
    assert res.returncode == 0 and res.stdout.splitlines()[0] == "m.py: replaced at line 2"
    assert "     2      return x[-1]" in res.stdout
    res = fileedit("insert", "m.py", "0", "--text", "import os", cwd=tmp_path)
    assert res.returncode == 0
    assert (tmp_path / "m.py").read_text().startswith("import os\ndef f(x):\n    return x[-1]\n")


def test_ambiguous_or_missing_text_changes_nothing(tmp_path: Path):
    (tmp_path / "m.py").write_text("a = 1\na = 1\n")
    twice = fileedit("replace", "m.py", "--old", "a = 1", "--new", "b = 2", cwd=tmp_path)
    missing = fileedit("replace", "m.py", "--old", "zzz", "--new", "b", cwd=tmp_path)
    outside = fileedit("insert", "m.py", "9", "--text", "x", cwd=tmp_path)
    assert (twice.returncode, missing.returncode, outside.returncode) == (1, 1, 1)
    assert "found 2 times" in twice.stderr and "not found" in missing.stderr and "outside 0..2" in outside.stderr
    assert (tmp_path / "m.py").read_text() == "a = 1\na = 1\n"
    assert "no such file" in fileedit("view", "nope.py", cwd=tmp_path).stderr
