"""The trajectory is saved at every step by appending the new messages: after each save the file is exactly the
JSON of the whole trajectory; anything unexpected (a replaced message list, a file someone else changed, another
path) writes the whole file again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent.trajectory_file import TrajectoryFile


def trajectory(messages: list[dict], step: int) -> dict[str, Any]:
    memory = {"nodes": [{"id": i, "children": [i + 1]} for i in range(step)], "chunks": [{"accessed": [1, 0] * step}]}
    return {
        "info": {"exit_status": "", "llm_ide": {"memory": memory, "code_context": "### File: `a.py`\n1 x = 1"}},
        "messages": messages,
        "trajectory_format": "mini-swe-agent-1.1",
    }


def test_each_save_appends_and_the_file_is_the_whole_trajectory(tmp_path: Path) -> None:
    path = tmp_path / "run" / "t.traj.json"
    writer = TrajectoryFile()
    messages: list[dict] = []
    sizes = []
    for step in range(4):
        data = trajectory(messages, step)
        writer.write(path, data)
        assert json.loads(path.read_text()) == data
        sizes.append(path.stat().st_size)
        messages.append({"role": "user", "content": f'step {step} \u00e9 "quoted"\n' * 3, "extra": {"n": step}})
    assert sizes == sorted(sizes)
    text = path.read_text()
    assert text.startswith('{\n  "messages": [\n    {"role": "user"')
    # three levels as upstream's indent=2 shows them, deeper ones (the memory) on one line
    assert '    "llm_ide": {\n      "memory": {"nodes": [{"id": 0, "children": [1]}' in text
    assert '\n  "info": {\n    "exit_status": "",\n' in text
    assert text.endswith('\n  "trajectory_format": "mini-swe-agent-1.1"\n}')


@pytest.mark.parametrize("change", ["replaced messages", "file changed", "other path", "empty"])
def test_anything_unexpected_rewrites_the_whole_file(change: str, tmp_path: Path) -> None:
    path = tmp_path / "t.traj.json"
    writer = TrajectoryFile()
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    writer.write(path, trajectory(messages, 1))
    if change == "replaced messages":
        messages = [{"role": "system", "content": "other"}, *messages[1:], {"role": "assistant", "content": "a"}]
    elif change == "file changed":
        path.write_text(path.read_text() + " ")
        messages = [*messages, {"role": "assistant", "content": "a"}]
    elif change == "other path":
        path = tmp_path / "other.traj.json"
    else:
        messages = []
    data = trajectory(messages, 2)
    writer.write(path, data)
    assert json.loads(path.read_text()) == data
