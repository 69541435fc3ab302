"""Bad command-line values are refused before any work with exit code 2 and the value named (a user trial found a
missing workspace indexed as an empty one with exit 0 and its cache written, and negative workers and poll intervals
taken)."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["index", "--workspace", "/nonexistent"], "argument --workspace: /nonexistent: no such folder"),
        # a file was 'no such folder' (a user trial in session 22: it is there, just not a folder)
        (["index", "--workspace", "/etc/passwd"], "argument --workspace: /etc/passwd: not a folder"),
        (["serve", "--workspace", "/etc/passwd"], "argument --workspace: /etc/passwd: not a folder"),
        (["index", "--workspace", ""], "argument --workspace: empty (a folder is needed)"),  # was the cwd, indexed
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
    command = f"lsp-bridge {argv[3]}"
    assert res.stderr == f"{command}: error: {message} (see {command} --help)\n"  # one line, no usage block
    assert not cache.exists()  # nothing indexed, nothing cached


@pytest.mark.parametrize("command", ["serve", "daemon", "connect", "index", "check", None])
def test_an_unknown_option_is_one_line_with_exit_code_2(tmp_path, command: str | None) -> None:
    """A user trial found argparse's multi-line usage printed before the error; the debugger prints one line."""
    argv = [sys.executable, "-m", "lsp_bridge", *([command] if command else []), "--bogus", "x"]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=tmp_path)
    prefix = f"lsp-bridge {command or 'serve'}"  # serve: the default command
    assert (res.returncode, res.stdout) == (2, "")
    assert res.stderr == f"{prefix}: error: unrecognized arguments: --bogus x (see {prefix} --help)\n"
    missing = subprocess.run(
        [sys.executable, "-m", "lsp_bridge", command or "serve", "--workspace"], capture_output=True, text=True
    )
    assert (missing.returncode, missing.stdout) == (2, "")
    if command == "check":  # takes no options at all
        assert missing.stderr == f"{prefix}: error: unrecognized arguments: --workspace (see {prefix} --help)\n"
    else:
        assert missing.stderr == f"{prefix}: error: argument --workspace: expected one argument (see {prefix} --help)\n"


def test_index_that_cannot_write_its_cache_exits_1_with_one_line(tmp_path) -> None:
    """Found trying the README's commands: `lsp-bridge index` (run to pre-build the cache, e.g. into an image's
    layer) logged two warnings and exited 0, printing statistics that named a cache file it had not written."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mod.py").write_text("def f():\n    pass\n")
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    argv = [sys.executable, "-m", "lsp_bridge", "index", "--workspace", str(workspace), "--cache-dir"]
    res = subprocess.run([*argv, str(blocker / "cache")], capture_output=True, text=True, timeout=60)
    assert (res.returncode, res.stdout) == (1, "")
    assert res.stderr.splitlines() == [
        f"lsp-bridge: cannot write the index cache {blocker / 'cache'}/ws-{_key(workspace)}.pickle: "
        f"[Errno 20] Not a directory: '{blocker / 'cache'}'"
    ]
    written = subprocess.run([*argv, str(tmp_path / "cache")], capture_output=True, text=True, timeout=60)
    assert (written.returncode, written.stderr) == (0, "")
    assert json.loads(written.stdout)["cache"] == str(tmp_path / "cache" / f"ws-{_key(workspace)}.pickle")
    assert (tmp_path / "cache" / f"ws-{_key(workspace)}.pickle").is_file()


def _key(workspace: Path) -> str:
    return hashlib.sha1(str(workspace.resolve()).encode()).hexdigest()[:16]


def test_a_closed_stdout_ends_the_output_not_the_command(tmp_path) -> None:
    """A user trial found `lsp-bridge check | head -1` exiting 1 with "[Errno 32] Broken pipe": the reader has what it
    wanted, so the command keeps its own exit code, says nothing, and still does its work (the cache is written)."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mod.py").write_text("def f():\n    pass\n")
    read, write = os.pipe()
    os.close(read)  # as `| head -1` leaves it once it has its line
    try:
        for argv in (["check"], ["index", "--workspace", str(workspace), "--cache-dir", str(tmp_path / "c")], ["-h"]):
            res = subprocess.run([sys.executable, "-m", "lsp_bridge", *argv], stdout=write, stderr=subprocess.PIPE,
                                 text=True, timeout=60)  # fmt: skip
            assert (res.returncode, res.stderr) == (0, ""), argv
    finally:
        os.close(write)
    assert (tmp_path / "c" / f"ws-{_key(workspace)}.pickle").is_file()


@pytest.mark.parametrize("word", ["indx", "frobnicate", "demon"])
def test_a_misspelt_command_is_named_as_a_command(tmp_path, word: str) -> None:
    """A user trial (session 22) found `lsp-bridge indx` answered `lsp-bridge serve: error: unrecognized arguments:
    indx`: the word was taken for an argument of the default command, which takes none."""
    argv = [sys.executable, "-m", "lsp_bridge", word, "--workspace", str(tmp_path)]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert (res.returncode, res.stdout) == (2, "")
    assert res.stderr == (
        f"lsp-bridge: error: unknown command '{word}' (commands: serve, daemon, connect, index, check)"
        " (see lsp-bridge --help)\n"
    )
    explicit = subprocess.run([*argv[:3], "serve", word], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert explicit.stderr == f"lsp-bridge serve: error: unrecognized arguments: {word} (see lsp-bridge serve --help)\n"


def test_index_with_a_file_for_its_cache_folder_says_not_a_directory(tmp_path) -> None:
    """A user trial (session 22): `--cache-dir` naming a file said '[Errno 17] File exists: …' (mkdir's words)."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    argv = [sys.executable, "-m", "lsp_bridge", "index", "--workspace", str(workspace), "--cache-dir", str(blocker)]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert (res.returncode, res.stdout) == (1, "")
    assert res.stderr.splitlines() == [
        f"lsp-bridge: cannot write the index cache {blocker}/ws-{_key(workspace)}.pickle: "
        f"[Errno 20] Not a directory: '{blocker}'"
    ]
