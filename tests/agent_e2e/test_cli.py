"""`llm-ide`: the hook commands, status, and one-line errors with their exit codes."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from agent.hook import PTH_NAME, pth_line


def llm_ide(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["llm-ide", *args], capture_output=True, text=True, timeout=120)


def test_install_status_uninstall_hook(tmp_path):
    installed = llm_ide("install-hook", "--target", str(tmp_path))
    assert installed.returncode == 0 and (tmp_path / PTH_NAME).read_text() == pth_line()
    assert "LLM_IDE_AGENT=upstream" in installed.stdout
    removed = llm_ide("uninstall-hook", "--target", str(tmp_path))
    assert removed.returncode == 0 and removed.stdout.startswith("startup hook removed:")
    assert not (tmp_path / PTH_NAME).exists()
    assert llm_ide("uninstall-hook", "--target", str(tmp_path)).stdout.startswith("startup hook was not installed:")


@pytest.mark.parametrize("command", ["install-hook", "uninstall-hook"])
@pytest.mark.parametrize(
    ("target", "message"), [("", "empty"), ("{tmp}/file.txt", "no such folder"), ("{tmp}/no", "no such folder")]
)
def test_hook_target_must_be_a_folder(command: str, target: str, message: str, tmp_path: Path) -> None:
    """An empty --target was the working directory: install-hook wrote the .pth there, uninstall-hook removed one."""
    (tmp_path / "file.txt").write_text("x")
    (tmp_path / PTH_NAME).write_text("kept")
    result = subprocess.run(
        ["llm-ide", command, "--target", target.replace("{tmp}", str(tmp_path))],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "COLUMNS": "400"},  # the error box unwrapped
    )
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["file.txt", PTH_NAME])
    assert (tmp_path / PTH_NAME).read_text() == "kept"


def test_status_says_which_agent_runs():
    info = json.loads(llm_ide("status", "--json").stdout)
    assert set(info) >= {"pth", "pth_installed", "switched_off", "mini_swe_agent", "supported", "config"}
    assert info["supported"] and info["mini_swe_agent"].startswith("2.")
    assert Path(info["config"]).name == "swebench.yaml" and Path(info["config"]).is_file()
    text = llm_ide("status").stdout
    expected = "the LLM-IDE agent" if info["pth_installed"] else "upstream mini-swe-agent"
    assert text.startswith(f"`mini-extra swebench` runs: {expected}")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("upsteam", "'upsteam' (on, not a known value; 0, false, no, off, upstream switch it off)"),  # a typo: on
        ("off", "'off' (switched off: upstream)"),
        ("1", "'1' (on; 0, false, no, off, upstream switch it off)"),
    ],
)
def test_status_shows_the_switch_as_set(value: str, shown: str) -> None:
    env = {**os.environ, "LLM_IDE_AGENT": value}
    text = subprocess.run(["llm-ide", "status"], capture_output=True, text=True, timeout=120, env=env).stdout
    assert f"  LLM_IDE_AGENT   {shown}\n" in text


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["html", "/nonexistent.traj.json", "-o", "{tmp}/x.html"],
            1,
            "llm-ide: /nonexistent.traj.json: no such trajectory file",
        ),
        (["html", "{tmp}/text.json", "-o", "{tmp}/x.html"], 1, "llm-ide: {tmp}/text.json: not a trajectory (not JSON"),
        (["html", "{tmp}/preds.json", "-o", "{tmp}/x.html"], 1, "llm-ide: {tmp}/preds.json: not a trajectory (no list"),
        # a memory node of another shape: the template's StrictUndefined error, not a traceback; no folder made
        (["html", "{tmp}/odd.json", "-o", "{tmp}/new/x.html"], 1, "llm-ide: {tmp}/odd.json: not a trajectory ("),
        # -o naming the trajectory itself: refused, the trajectory left as it was
        (["html", "{tmp}/odd.json", "-o", "{tmp}/odd.json"], 1, "llm-ide: {tmp}/odd.json: is the trajectory itself"),
        (["html", "{tmp}", "-o", "{tmp}/x.html"], 1, "llm-ide: {tmp}: a folder, not a trajectory file"),
        (["bug-report", "/nonexistent-a", "/tmp"], 1, "llm-ide: /nonexistent-a: no such run folder"),
        (["frobnicate"], 2, "No such command"),
        (["html"], 2, "Missing argument"),
    ],
)
def test_errors_are_one_line_with_exit_codes(args, code, message, tmp_path):
    (tmp_path / "text.json").write_text("not json\n")
    (tmp_path / "preds.json").write_text(json.dumps({"iid": {"model_patch": "diff --git a/x b/x"}}))  # not a trajectory
    odd = json.dumps({"messages": [], "info": {"llm_ide": {"memory": {"nodes": [{"id": 0}]}}}})
    (tmp_path / "odd.json").write_text(odd)
    result = llm_ide(*(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert result.returncode == code
    assert message.replace("{tmp}", str(tmp_path)) in result.stderr
    if code == 1:
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
        assert not (tmp_path / "x.html").exists() and not (tmp_path / "new").exists()
        assert (tmp_path / "odd.json").read_text() == odd
