"""Bad command-line values are refused before any work with exit code 2 and the value named (a user trial found a
missing workspace indexed as an empty one with exit 0 and its cache written, and negative workers and poll intervals
taken)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["index", "--workspace", "/nonexistent"], "argument --workspace: /nonexistent: no such folder"),
        (["index", "--workspace", "/etc/passwd"], "argument --workspace: /etc/passwd: no such folder"),
        (["index", "--workers", "-3"], "argument --workers: a whole number of at least 1: '-3'"),
        (["serve", "--poll", "-1"], "argument --poll: seconds, 0 or more: '-1'"),
        (["serve", "--poll", "nan"], "argument --poll: seconds, 0 or more: 'nan'"),
        (["connect", "--map", "foo"], "argument --map: EDITOR_PATH=WORKSPACE_PATH, both absolute: 'foo'"),
    ],
)
def test_a_bad_value_is_refused_with_exit_code_2(tmp_path, argv: list[str], message: str) -> None:
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "lsp_bridge", *argv, "--cache-dir", str(cache)]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.splitlines()[-1].endswith(message)
    assert not cache.exists()  # nothing indexed, nothing cached
