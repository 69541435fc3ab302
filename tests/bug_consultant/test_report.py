"""The A/B report over two runs' trajectories, as a function and through both command lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agent.bug_consultant import BugTracker
from agent.bug_consultant.report import ReportError, bug_report

ROOT = Path(__file__).resolve().parents[2]
BROKEN = "values = [1, 2]\nprint(values[{i}])\n"


def write_run(run: Path, tracker_config: dict, run_script, episodes: list[list[int]]) -> None:
    """One trajectory per episode; each episode re-runs `python job.py` with the listed indices until it passes."""
    for n, indices in enumerate(episodes):
        tracker = BugTracker(tracker_config, run_id=f"{run.name}-{n}")
        for step, i in enumerate(indices, 1):
            tracker.advice()  # the agent asks for advice when it builds each prompt
            proc = run_script(BROKEN.format(i=i), "job.py")
            tracker.observe("python job.py", proc.stdout + proc.stderr, proc.returncode, f"try index {i}", step)
        tracker.finish()
        traj = run / f"inst-{n}" / f"inst-{n}.traj.json"
        traj.parent.mkdir(parents=True, exist_ok=True)
        data = {"info": {"exit_status": "Submitted", "bug_consultant": tracker.stats()}, "messages": [],
                "trajectory_format": "mini-swe-agent-1.1"}  # fmt: skip
        traj.write_text(json.dumps(data))


@pytest.fixture
def runs(tmp_path, run_script) -> tuple[Path, Path]:
    a, b = tmp_path / "run_a", tmp_path / "run_b"
    # A (off): episode 1 fails twice with the same error before the fix; episode 2 never gets fixed
    write_run(a, {"use_bug_consultant": False}, run_script, [[5, 5, 5, 1], [9, 9]])
    # B (on): episode 1 is fixed at the first attempt; episode 2 after one failed attempt
    store = str(tmp_path / "store" / "bugs.sqlite")
    write_run(b, {"use_bug_consultant": True, "store_path": store}, run_script, [[5, 0], [7, 8, 1]])
    (b / "notes.json").write_text("[1, 2]")  # other JSON in a run folder is ignored
    return a, b


def test_report_metrics_side_by_side(runs, tmp_path):
    a, b = runs
    data = json.loads(bug_report(a, b, json_out=True))
    assert (data["A"]["enabled"], data["B"]["enabled"]) == (False, True)
    assert (data["A"]["trajectories"], data["A"]["bugs"], data["B"]["bugs"]) == (2, 2, 2)
    assert (data["A"]["resolution_rate"], data["B"]["resolution_rate"]) == (0.5, 1.0)
    assert (data["A"]["attempts_per_bug"], data["B"]["attempts_per_bug"]) == (2.0, 1.5)
    assert (data["A"]["first_attempt_fix_rate"], data["B"]["first_attempt_fix_rate"]) == (0.0, 0.5)
    # time to resolution over resolved bugs only: A's unresolved episode (one attempt) does not pull it down
    assert (data["A"]["time_to_resolution"], data["B"]["time_to_resolution"]) == (3.0, 1.5)
    assert (data["A"]["steps_to_resolution"], data["B"]["steps_to_resolution"]) == (3.0, 1.5)
    # world-model growth: B's two fixes are two insights, its one failed attempt one learned constraint
    assert (data["A"]["world_model_insights"], data["B"]["world_model_insights"]) == (0, 2)
    assert (data["A"]["world_model_constraints"], data["B"]["world_model_constraints"]) == (0, 1)
    # A: errors at 5,5,5 (2 repeats after attempts) and 9,9 (1 repeat) of 5 events; B: 5 | 7,8 (same fingerprint)
    assert data["A"]["repeated_error_rate"] == pytest.approx(3 / 5)
    assert data["B"]["repeated_error_rate"] == pytest.approx(1 / 3)
    assert data["A"]["summary_calls"] == 0 and data["B"]["summary_calls"] == 0
    assert data["B"]["retrieved_candidates"] >= data["B"]["retrieved_above_threshold"] >= 1

    out = tmp_path / "report.txt"
    text = bug_report(a, b, out)
    assert out.read_text() == text + "\n"
    lines = {line[:44].strip(): line[44:].split() for line in text.splitlines()[1:]}
    assert lines["consultant"] == ["off", "on"]
    assert lines["bug resolution rate"] == ["50.0", "%", "100.0", "%"]
    assert lines["attempts per bug"] == ["2.00", "1.50"]
    assert lines["time to resolution (attempts, resolved bugs)"] == ["3.00", "1.50"]
    assert lines["world-model growth: insights"] == ["0", "2"]
    assert lines["first-attempt fix rate"] == ["0.0", "%", "50.0", "%"]
    assert lines["repeated-error rate (of error events)"] == ["60.0", "%", "33.3", "%"]
    assert lines["retrieved candidates above threshold"][0] == "n/a"


def test_command_lines(runs, tmp_path):
    a, b = runs
    proc = subprocess.run([sys.executable, "-m", "agent.bug_consultant.report", str(a), str(b), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["B"]["resolution_rate"] == 1.0
    proc = subprocess.run([sys.executable, "-m", "agent.cli", "bug-report", str(a), str(b)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Bug Consultant A/B report") and "bug resolution rate" in proc.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = subprocess.run([sys.executable, "-m", "agent.bug_consultant.report", str(empty), str(b)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"bug-report: {empty}: no trajectory with info.bug_consultant"
    with pytest.raises(ReportError):
        bug_report(empty, b)


def test_a_truncated_trajectory_is_counted_and_a_malformed_one_is_one_line(runs, tmp_path):
    a, b = runs
    cut = b / "inst-9" / "inst-9.traj.json"  # a run killed while writing its trajectory
    cut.parent.mkdir()
    cut.write_text('{"info": {"exit_status": "Subm')
    data = json.loads(bug_report(a, b, json_out=True))
    assert (data["A"]["unreadable"], data["B"]["unreadable"], data["B"]["trajectories"]) == (0, 1, 2)
    lines = {line[:44].strip(): line[44:].split() for line in bug_report(a, b).splitlines()[1:]}
    assert lines["unreadable trajectory files (not counted)"] == ["0", "1"]
    odd = a / "inst-8" / "inst-8.traj.json"  # stats of another shape than ours
    odd.parent.mkdir()
    odd.write_text(json.dumps({"info": {"bug_consultant": {"bugs": "notalist"}}}))
    proc = subprocess.run([sys.executable, "-m", "agent.cli", "bug-report", str(a), str(b)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().startswith(f"llm-ide: {a}: a trajectory's info.bug_consultant is malformed (TypeError")


@pytest.mark.parametrize("command", [["agent.bug_consultant.report"], ["agent.cli", "bug-report"]])
def test_a_missing_folder_and_an_unwritable_output_are_one_line(command, runs, tmp_path):
    """`-o` naming a folder was a traceback from `python -m agent.bug_consultant.report`; a missing run folder was
    "no trajectory with info.bug_consultant" there and "no such run folder" from `llm-ide bug-report`."""
    a, b = runs
    prefix = "bug-report" if command[0] == "agent.bug_consultant.report" else "llm-ide"
    traj = b / "inst-0" / "inst-0.traj.json"  # -o naming a trajectory: refused, the trajectory kept
    before = traj.read_text()
    cases = [
        ([str(tmp_path / "nope"), str(b)], f"{tmp_path / 'nope'}: no such run folder"),
        ([str(a), str(b), "-o", str(a)], f"{a}: cannot write the report (Is a directory)"),
        ([str(a), str(b), "-o", str(traj / "r.txt")], "r.txt: cannot write the report (Not a directory"),
        ([str(a), str(b), "-o", str(traj)], f"{traj}: a file of run folder {b}, not a report; -o names a new file"),
    ]
    for args, message in cases:
        proc = subprocess.run([sys.executable, "-m", *command, *args],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith(f"{prefix}: "), proc.stderr
        assert message in proc.stderr
    assert traj.read_text() == before
    made = tmp_path / "no" / "such" / "r.txt"  # missing folders are made, as `llm-ide html -o` makes them
    proc = subprocess.run([sys.executable, "-m", *command, str(a), str(b), "-o", str(made)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0 and made.read_text().strip() == proc.stdout.strip(), proc.stderr


def test_output_never_overwrites_the_runs_store_or_log_but_rewrites_a_report(runs):
    """`-o RUN/bug_consultant/bugs.sqlite` (the experiment's store, in the run folder the report reads) replaced the
    store by the table; only `.json` files were refused. Every file of a run folder but an earlier report is now."""
    a, b = runs
    store, log = b / "bug_consultant" / "bugs.sqlite", a / "minisweagent.log"
    store.parent.mkdir()
    store.write_bytes(b"SQLite format 3\x00" + bytes(100))
    log.write_text("INFO run started\n")
    for output in (store, log):
        with pytest.raises(ReportError, match=f"^{output}: a file of run folder .*, not a report; -o names a new"):
            bug_report(a, b, output)
    assert store.read_bytes() == b"SQLite format 3\x00" + bytes(100) and log.read_text() == "INFO run started\n"
    table, as_json = b / "report.txt", b / "report.json"
    for json_out in (False, True, False):  # a re-run rewrites its own reports, in either form
        assert bug_report(a, b, table, json_out=json_out) + "\n" == table.read_text()
        assert bug_report(a, b, as_json, json_out=json_out) + "\n" == as_json.read_text()


def test_a_run_folder_inside_the_other_is_refused(runs, tmp_path):
    """`bug-report exp exp/on`: every folder is searched through, so A counted B's trajectories as its own and the
    report compared a mix with B; refused, one line, either way round. The same folder twice is still a report."""
    a, b = runs
    nested = a / "arm_b"
    b.rename(nested)
    for first, second in ((a, nested), (nested, a)):
        with pytest.raises(ReportError, match=f"^{nested}: inside the other run folder {a}, whose figures would"):
            bug_report(first, second)
    proc = subprocess.run([sys.executable, "-m", "agent.cli", "bug-report", str(a), str(nested)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    message = f"llm-ide: {nested}: inside the other run folder {a}, whose figures would count it too"
    assert proc.returncode == 1 and proc.stderr.strip() == message
    assert json.loads(bug_report(nested, nested, json_out=True))["A"]["trajectories"] == 2
