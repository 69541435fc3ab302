"""BugTracker, the agent's view: failing commands start records, re-runs are trials, success completes them."""

from __future__ import annotations

import shutil

import pytest

from agent.bug_consultant import BugTracker
from agent.bug_consultant.tracker import command_key

BROKEN = "import yaml\n\n\ndef load(text):\n    return yaml.safe_load(text)\n\n\nprint(load('name: a: b'))\n"
STILL_BROKEN = BROKEN.replace("'name: a: b'", "'name: a: b\\n'")
FIXED = BROKEN.replace("'name: a: b'", "'name: \"a: b\"'")


def episode(tracker: BugTracker, run_script, script: str = "repro.py") -> list[str]:
    """error -> edit -> failed attempt -> edit -> success; returns the advice shown before each step."""
    shown = []
    for thought, command, code in [
        ("reproduce the issue", f"cd /repo && python {script}", BROKEN),
        ("Strip the text first. It may end oddly", f"sed -i 's/a: b/a: b\\n/' {script}", None),
        ("rerun", f"python {script}", STILL_BROKEN),
        (
            "Quote the value. A colon inside a plain scalar starts a mapping",
            f"sed -i 's/a: b/\"a: b\"/' {script}",
            None,
        ),
        ("rerun", f"python  {script}", FIXED),
    ]:
        shown.append(tracker.advice())
        if code is None:
            tracker.observe(command, "", 0, thought, len(shown))
        else:
            proc = run_script(code, script)
            tracker.observe(command, proc.stdout + proc.stderr, proc.returncode, thought, len(shown))
    shown.append(tracker.advice())
    return shown


def test_episode_leaves_one_record_with_two_trials_and_advice(make_config, run_script):
    tracker = BugTracker(make_config(), run_id="run-1")
    shown = episode(tracker, run_script)
    consultant = tracker.consultant
    assert consultant is not None
    (record,) = consultant.bug_records
    assert consultant.store is not None
    stored = consultant.store.get(record.id)
    assert stored is not None
    assert (stored.command, stored.num_trials, stored.resolved) == ("python repro.py", 2, True)
    assert [t.outcome for t in stored.trials] == ["failed", "success"]
    assert stored.exception_type == "yaml.scanner.ScannerError" and stored.libraries == ["yaml"]
    assert stored.failed_strategies == ["Strip the text first"]
    assert stored.successful_strategy == "Quote the value"
    assert stored.trials[0].debug_code == "sed -i 's/a: b/a: b\\n/' repro.py"
    assert shown[:3] == ["", "", ""]  # a fresh store: nothing above threshold, no failed trial yet
    assert "### Approaches that failed on this bug (don't repeat)\n- Strip the text first" in shown[3]
    assert shown[5] == ""  # fixed: no open bug, no advice
    stats = tracker.stats()
    assert stats["bugs"] == [
        {"command": "python repro.py", "fingerprint": record.fingerprint, "step": 1, "attempts": 2, "resolved": True,
         "first_attempt_fix": False, "repeated_errors": 1, "record_id": record.id, "resolved_step": 5}
    ]  # fmt: skip
    assert (stats["records"], stats["trials"], stats["error_events"], stats["repeated_error_events"]) == (1, 2, 2, 1)
    assert stats["summary_calls"] == 0 and stats["advice_prompts"] == 2


def test_a_new_run_gets_the_fix_of_the_earlier_one(make_config, run_script):
    episode(BugTracker(make_config(), run_id="run-1"), run_script)
    tracker = BugTracker(make_config(), run_id="run-2")
    code = BROKEN.replace("def load", "def read_settings").replace("print(load", "print(read_settings")
    proc = run_script(code.replace("name: a: b", "host: x: 1"), "app/settings.py")
    tracker.observe("python app/settings.py", proc.stderr, proc.returncode, "start the app", 1)
    advice = tracker.advice()
    assert advice.startswith("### Similar past bugs\n1. yaml.scanner.ScannerError: mapping values are not allowed here")
    assert "(command: `python repro.py`)\n   Fixed by: Quote the value" in advice
    assert tracker.constraints() == ['"Strip the text first" does not fix yaml.scanner.ScannerError']
    stats = tracker.stats()
    assert stats["retrieved_above_threshold"] >= 1 and stats["advice_items_shown"] >= 1


def test_switched_off_no_record_no_advice_but_figures(tmp_path, run_script):
    store = tmp_path / "off" / "bugs.sqlite"
    tracker = BugTracker({"use_bug_consultant": False, "store_path": str(store)})
    shown = episode(tracker, run_script)
    assert set(shown) == {""} and tracker.constraints() == []
    assert tracker.consultant is None and not store.parent.exists()
    stats = tracker.stats()
    assert (stats["enabled"], stats["records"], stats["summary_calls"]) == (False, 0, 0)
    assert [(b["attempts"], b["resolved"], b["record_id"]) for b in stats["bugs"]] == [(2, True, None)]


@pytest.mark.parametrize(
    ("command", "output", "returncode"),
    [
        ("cat missing.txt", "cat: missing.txt: No such file or directory\n", 1),
        ("grep -rn needle src/", "", 1),
        ("ls /nope", "ls: cannot access '/nope': No such file or directory\n", 2),
        ("fileedit replace a.py --old=x --new=y", "Error: the old text is not in a.py\n", 1),
        ("debugger start tests/test_x.py::test_y", "Traceback (most recent call last):\nKeyError: 'x'\n", 1),
        ("python -c 'print(1)'", "1\n", 0),
    ],
)
def test_lookups_and_successes_are_not_bugs(command, output, returncode, make_config):
    tracker = BugTracker(make_config())
    tracker.observe(command, output, returncode, "look around", 1)
    assert tracker.consultant is not None and tracker.consultant.bug_records == []
    assert tracker.bugs == [] and tracker.advice() == ""


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("cd /testbed && python repro.py", "python repro.py"),
        ("timeout 60 python  repro.py", "python repro.py"),
        ("cd /a && timeout 5 pytest -q tests/x.py", "pytest -q tests/x.py"),
        ("python repro.py 2>&1 | tail -20", "python repro.py"),
        ("cd /testbed && reproduce 2>&1 | grep -v Warning | head -50", "reproduce"),
    ],
)
def test_command_key(a, b):
    assert command_key(a) == command_key(b) == b


def test_a_failing_store_never_stops_the_agent(make_config, run_script):
    tracker = BugTracker(make_config())
    store = tracker.consultant.store if tracker.consultant else None
    assert store is not None and store.json_dir is not None
    json_dir = store.json_dir
    shutil.rmtree(json_dir)
    json_dir.write_text("not a directory")  # every record save now fails
    proc = run_script(BROKEN)
    tracker.observe("python repro.py", proc.stderr, proc.returncode, "reproduce", 1)
    assert tracker.stats()["observe_errors"] == 1
    tracker.observe("python repro.py", "ok\n", 0, "rerun", 2)  # the agent goes on; the tracker keeps answering
    assert tracker.stats()["observe_errors"] == 1 and tracker.advice() == "" and tracker.bugs == []
