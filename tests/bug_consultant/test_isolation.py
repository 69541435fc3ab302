"""A/B runs that cannot leak, and the library API's contract: instance and experiment scoping, completion,
the `use_bug_consultant` switch, scored search, keyword-only arguments, and no logging configuration at import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent.bug_consultant import BugConsultant, BugTracker
from agent.bug_consultant.config import DEFAULT_STORE_ENV

ROOT = Path(__file__).resolve().parents[2]
# two task instances with the same kind of bug (a missing dict key), so each could answer the other
INSTANCES = {
    "proj__task-1": "config = {'host': 'h'}\n\n\ndef port():\n    return config['port']\n\n\nport()\n",
    "proj__task-2": "settings = {'name': 'n'}\n\n\ndef timeout():\n    return settings['timeout']\n\n\ntimeout()\n",
}
FIX = "config = {'host': 'h', 'port': 1}\nprint(config['port'])\n"


def arm(experiment: Path, use: bool, run_script, block: dict) -> dict[str, list[str]]:
    """One arm of an A/B experiment: every instance's episode (fail, advice, fix) through the agent's tracker,
    in the experiment's folder; returns per instance the record ids retrieval may return (ungated: which records
    can come back at all is the point here, not whether the gate shows them)."""
    seen: dict[str, list[str]] = {}
    for instance, code in INSTANCES.items():
        tracker = BugTracker(
            {"use_bug_consultant": use, **block},
            run_id=experiment.name,
            log_dir=experiment / instance,
            instance_id=instance,
            experiment_dir=experiment,
        )
        failing = run_script(code, "job.py")
        tracker.observe("python job.py", failing.stderr, failing.returncode, "run the job", 1)
        record = tracker.active_record()
        seen[instance] = (
            [s.record.id for s in tracker.consultant.search(record, threshold=0.0)]
            if tracker.consultant and record
            else []
        )
        seen[instance + ":instances"] = (
            [s.record.instance_id for s in tracker.consultant.search(record, threshold=0.0)]
            if tracker.consultant and record
            else []
        )
        tracker.advice()
        fixed = run_script(FIX, "job.py")
        tracker.observe("python job.py", fixed.stdout + fixed.stderr, fixed.returncode, "add the key", 2)
        tracker.finish()
    return seen


def test_ab_pair_over_the_same_instances_cannot_leak(tmp_path, run_script):
    """Control and treatment over the same two instances, twice (a re-run of the experiment): the treatment arm
    never sees a record of the instance it is working on, neither from its own run nor from the earlier one."""
    shared = {"store_path": str(tmp_path / "shared" / "bugs.sqlite")}
    control = arm(tmp_path / "control", False, run_script, shared)
    assert all(ids == [] for ids in control.values())
    assert not (tmp_path / "shared").exists()  # the switched-off arm stores nothing
    first = arm(tmp_path / "treatment-1", True, run_script, shared)
    # task-2 runs after task-1 completed: it gets task-1's record, task-1 got nothing (an empty store)
    assert first["proj__task-1"] == [] and first["proj__task-2:instances"] == ["proj__task-1"]
    rerun = arm(tmp_path / "treatment-2", True, run_script, shared)
    # the shared store now holds both instances' records from the first run: each instance sees only the other's
    assert set(rerun["proj__task-1:instances"]) == {"proj__task-2"}
    assert set(rerun["proj__task-2:instances"]) == {"proj__task-1"}
    # asked for explicitly, the same instance's records come back
    consultant = BugConsultant({"use_bug_consultant": True, **shared, "retrieve_same_instance": True},
                               instance_id="proj__task-1")  # fmt: skip
    failing = run_script(INSTANCES["proj__task-1"], "job.py").stderr
    record = consultant.start_bug_record(code=INSTANCES["proj__task-1"], error_output=failing)
    assert "proj__task-1" in {s.record.instance_id for s in consultant.search(record, threshold=0.0)}


def test_a_store_per_experiment_by_default(tmp_path, run_script, monkeypatch):
    monkeypatch.delenv(DEFAULT_STORE_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    first = arm(tmp_path / "exp-1", True, run_script, {})
    second = arm(tmp_path / "exp-2", True, run_script, {})
    assert (tmp_path / "exp-1" / "bug_consultant" / "bugs.sqlite").exists()
    assert (tmp_path / "exp-2" / "bug_consultant" / "bugs.sqlite").exists()
    assert not (tmp_path / "home").exists()  # the shared cache is used only when configured
    # the second experiment starts from an empty store: its first instance sees nothing of the first experiment
    assert first["proj__task-1"] == second["proj__task-1"] == []
    # no folder at all: a store per run under the cache folder, never the shared file
    consultant = BugConsultant({"use_bug_consultant": True}, run_id="run-x")
    assert consultant.store is not None
    assert consultant.store.path == tmp_path / "home/.cache/llm-ide/bug_consultant/experiments/run-x/bugs.sqlite"


def test_experiment_namespace_in_a_shared_store(tmp_path, run_script):
    block = {"use_bug_consultant": True, "store_path": str(tmp_path / "bugs.sqlite")}
    code = INSTANCES["proj__task-1"]
    error = run_script(code, "job.py").stderr
    other = BugConsultant(block, run_id="exp-a", instance_id="i1")
    other.complete_bug_record(other.start_bug_record(code=code, error_output=error))
    mine = BugConsultant({**block, "experiment_only": True}, run_id="exp-b", instance_id="i2")
    assert mine.search(mine.start_bug_record(code=code, error_output=error)) == []
    everyone = BugConsultant(block, run_id="exp-c", instance_id="i3")
    assert len(everyone.search(everyone.start_bug_record(code=code, error_output=error))) == 1


def test_a_record_is_retrievable_only_once_completed(make_config, run_script):
    code = INSTANCES["proj__task-2"]
    error = run_script(code, "job.py").stderr
    consultant = BugConsultant(make_config())
    past = consultant.start_bug_record("n1", 1, code, error, "first", instance_id="a")
    consultant.record_trial(past, 1, "add the key", FIX, "success")  # resolved, but not completed
    query = consultant.start_bug_record("n2", 2, code, error, "second", instance_id="b")
    assert consultant.search(query) == [] and consultant.get_advice(query) == ""
    assert [s.record.id for s in consultant.search(query, include_incomplete=True)] == [past.id]
    eager = BugConsultant(make_config(retrieve_incomplete=True))
    assert [s.record.id for s in eager.search(query)] == [past.id]
    consultant.complete_bug_record(past)
    assert [s.record.id for s in consultant.search(query)] == [past.id]
    assert "Fixed by: add the key" in consultant.get_advice(query)


def test_use_bug_consultant_is_honoured_by_the_consultant(tmp_path, run_script):
    store = tmp_path / "off" / "bugs.sqlite"
    consultant = BugConsultant({"use_bug_consultant": False, "store_path": str(store)}, tmp_path / "logs")
    record = consultant.start_bug_record("n", 1, "x = 1", run_script("{}['k']\n").stderr, "")
    consultant.record_trial(record, 1, "fix", "x", "success")
    consultant.complete_bug_record(record)
    assert record.resolved and record.completed_at and record.error_signature == "KeyError: 'k'"
    assert consultant.store is None and consultant.search(record) == [] and consultant.get_advice(record) == ""
    assert not store.parent.exists() and not (tmp_path / "logs").exists()


def test_scored_search_and_keyword_only_arguments(make_config, run_script):
    consultant = BugConsultant(make_config())
    for i, code in enumerate(INSTANCES.values()):
        record = consultant.start_bug_record(f"n{i}", i, code, run_script(code, "job.py").stderr, "",
                                             instance_id=f"i{i}")  # fmt: skip
        consultant.complete_bug_record(record)
    query = consultant.start_bug_record("q", 9, INSTANCES["proj__task-1"],
                                        run_script(INSTANCES["proj__task-1"], "job.py").stderr, "")  # fmt: skip
    full = consultant.ranking(query)
    assert len(full) == 2 and full[0].score >= full[1].score and 0 <= full[1].score <= full[0].score <= 1
    assert set(full[0].fields) >= {"message", "where", "program", "embedding"}
    assert consultant.search(query, top_k=1) == full[:1]
    search: Any = consultant.search  # called the way the type checker would refuse
    start: Any = consultant.start_bug_record
    with pytest.raises(TypeError):
        search(query, 1)
    with pytest.raises(TypeError):
        start("n", 1, "code", "error", "plan", "python job.py")


def test_importing_the_package_leaves_the_root_logger_unconfigured():
    probe = (
        "import logging\n"
        "import agent.bug_consultant\n"
        "from agent.bug_consultant.retrieval import embed\n"
        "embed(['KeyError: x'])\n"
        "root = logging.getLogger()\n"
        "print(len(root.handlers), root.level)\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0", str(30)]  # no handler, WARNING: Python's own unconfigured default
    assert "INFO" not in proc.stderr and "DEBUG" not in proc.stderr


def test_ids_that_are_not_text_scope_as_their_text(tmp_path, run_script):
    """A caller's numeric task and run ids (an AIDE node's task index) scope retrieval as the store keeps them, as
    text: before, instance 5 never matched the stored '5' and got its own records back, and experiment 7 with
    `experiment_only` saw none of its own."""
    code = INSTANCES["proj__task-1"]
    error = run_script(code, "job.py").stderr
    block = {"use_bug_consultant": True, "store_path": str(tmp_path / "bugs.sqlite"), "experiment_only": True}
    first = BugConsultant(block, run_id=7, instance_id=5)  # type: ignore[arg-type]
    first.complete_bug_record(first.start_bug_record("n1", 1, code, error, ""))
    again = BugConsultant(block, run_id=7, instance_id=5)  # type: ignore[arg-type]
    query = again.start_bug_record("n2", 2, code, error, "")
    assert (query.run_id, query.instance_id) == ("7", "5")
    assert again.search(query, threshold=0.0) == [] and again.search(error, threshold=0.0) == []
    other = again.start_bug_record("n3", 3, code, error, "", instance_id=6)  # type: ignore[arg-type]
    assert [(s.record.run_id, s.record.instance_id) for s in again.search(other, threshold=0.0)] == [("7", "5")]
    unnamed = BugConsultant({**block, "experiment_only": False}, instance_id=None)  # type: ignore[arg-type]
    assert unnamed.start_bug_record("n4", 4, code, error, "").instance_id == ""


def test_a_home_relative_json_dir_or_store_lands_in_home(tmp_path, run_script, monkeypatch):
    """`json_dir: ~/bugs/records` and `LLM_IDE_BUG_STORE=~/bugs/shared.sqlite` (quoted, so the shell left the `~`)
    mean the home folder, as `store_path: ~/…` already did; before, both made a folder named `~` in the working
    directory."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv(DEFAULT_STORE_ENV, "~/bugs/shared.sqlite")
    monkeypatch.chdir(tmp_path)
    consultant = BugConsultant({"use_bug_consultant": True, "json_dir": "~/bugs/records"}, instance_id="i1")
    code = INSTANCES["proj__task-1"]
    record = consultant.start_bug_record("n", 1, code, run_script(code, "job.py").stderr, "")
    consultant.complete_bug_record(record)
    assert consultant.store is not None and consultant.store.path == home / "bugs" / "shared.sqlite"
    assert (home / "bugs" / "records" / f"bug_{record.id}.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["home", work.name])
