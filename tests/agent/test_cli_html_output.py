"""`llm-ide html -o`: the page is written over an earlier page, never over a run's other files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path


def html(trajectory: Path, output: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["llm-ide", "html", str(trajectory), "-o", str(output)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_output_never_overwrites_another_trajectory_but_rewrites_a_page(tmp_path: Path) -> None:
    """`llm-ide html a.traj.json -o b.traj.json` (a slip of tab completion) replaced trajectory b by a's page; only
    -o naming the trajectory read was refused."""
    run = {"info": {"exit_status": "Submitted", "submission": "diff", "model_stats": {}}, "messages": []}
    first, second = tmp_path / "a" / "a.traj.json", tmp_path / "b" / "b.traj.json"
    for path in (first, second):
        path.parent.mkdir()
        path.write_text(json.dumps({**run, "instance": path.stem}))
    kept = second.read_text()
    refused = html(first, second)
    assert refused.returncode == 1 and second.read_text() == kept and "Traceback" not in refused.stderr
    message = f"llm-ide: {second}: exists and is not an HTML page (-o names the HTML file to write)"
    assert refused.stderr.strip() == message
    page = tmp_path / "a" / "a.html"
    for source in (first, second):  # a page rewritten: a re-run, or another trajectory's page in its place
        written = html(source, page)
        assert written.returncode == 0 and written.stdout.strip() == f"wrote {page}", written.stderr
        assert page.read_text().lstrip().lower().startswith("<!doctype html")
    assert json.loads(second.read_text())["instance"] == "b.traj"


def test_an_output_that_cannot_be_written_says_which_path(tmp_path: Path) -> None:
    """`-o` a folder, or a file where a folder goes: the error was Python's (`[Errno 21] Is a directory: 'out'`);
    now the page named, as `bug-report` names its report, one line, exit 1."""
    trajectory = tmp_path / "run.traj.json"
    trajectory.write_text(json.dumps({"info": {"exit_status": "Submitted", "submission": ""}, "messages": []}))
    (tmp_path / "afile").write_text("x")
    (tmp_path / "folder").mkdir()
    cases = [
        (tmp_path / "folder", f"{tmp_path / 'folder'}: cannot write the page (Is a directory)"),
        (tmp_path / "afile" / "x.html", f"{tmp_path / 'afile' / 'x.html'}: cannot write the page (Not a directory)"),
    ]
    for output, message in cases:
        result = html(trajectory, output)
        assert result.returncode == 1 and result.stderr.startswith(f"llm-ide: {message}"), result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert (tmp_path / "afile").read_text() == "x" and list((tmp_path / "folder").iterdir()) == []
