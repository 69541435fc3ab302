"""The store shared by parallel workers: processes and threads writing at once lose nothing; runs see each other."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
from contextlib import closing
from pathlib import Path

import pytest

from agent.bug_consultant import BugConsultant, BugRecord
from agent.bug_consultant.store import BugStore

ROOT = Path(__file__).resolve().parents[2]

WORKER = textwrap.dedent(
    """
    import json, sys
    from agent.bug_consultant import BugConsultant

    store, worker, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": store}, run_id=f"worker-{worker}")
    ids = []
    for i in range(n):
        error = (
            'Traceback (most recent call last):\\n'
            f'  File "/repo/job_{worker}.py", line {i + 1}, in step_{i}\\n'
            f'    rows[{i}]["col_{i}"]\\n'
            f"KeyError: 'col_{worker}_{i}'\\n"
        )
        command = f"python job_{worker}.py"
        record = consultant.start_bug_record(node_id=f"{worker}-{i}", error_output=error, command=command)
        consultant.record_trial(record, debug_plan=f"rename col_{i}", outcome="failed", error_output=error)
        ids.append(record.id)
    print(json.dumps(ids))
    """
)


def test_four_processes_writing_fifty_records_each_lose_none(tmp_path):
    store = tmp_path / "shared" / "bugs.sqlite"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(store), str(w), "50"], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        for w in range(4)
    ]
    written = []
    for proc in procs:
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == 0
        written.extend(json.loads(out))
    assert len(written) == len(set(written)) == 200
    reader = BugStore(store)
    assert reader.count() == 200
    assert set(reader.all_ids()) == set(written)
    records = reader.get_many(written)
    assert all(r.num_trials == 1 and len(r.trials) == 1 and r.failed_strategies for r in records.values())
    assert {r.run_id for r in records.values()} == {f"worker-{w}" for w in range(4)}
    json_files = sorted((store.parent / "records").glob("bug_*.json"))
    assert len(json_files) == 200
    sample = json.loads(json_files[0].read_text())
    assert sample["id"] in written and sample["trials"][0]["outcome"] == "failed"
    assert sample["created_at"].endswith("+00:00") and sample["trials"][0]["created_at"] >= sample["created_at"]


def test_threads_share_one_consultant(make_config):
    consultant = BugConsultant(make_config())
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for i in range(50):
                error = (
                    f'Traceback (most recent call last):\n  File "/r/t{t}.py", line {i}, in f\nValueError: v{t}-{i}\n'
                )
                record = consultant.start_bug_record(error_output=error, command=f"python t{t}.py")
                consultant.record_trial(record, outcome="success", debug_plan="fix")
                consultant.complete_bug_record(record)
        except BaseException as exc:  # collected for the assert below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert consultant.store is not None
    assert consultant.store.count() == 200 == len(consultant.bug_records)
    stored = consultant.store.get_many([r.id for r in consultant.bug_records])
    assert all(r.resolved and r.completed_at for r in stored.values())


def test_records_persist_and_are_retrieved_from_a_new_process(tmp_path, run_script):
    # with the programs' code, as the agent records bugs: without code this pair (raised inside numpy's C code, on the
    # project's line) is gated by the no-code gate, which wants a library raise point in common (retrieval.py)
    store = tmp_path / "runs" / "bugs.sqlite"
    code = "import numpy as np\n\n\ndef fit(x):\n    return x.reshape((3, 4))\n\n\nfit(np.arange(10))\n"
    first = run_script(code)
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": store}, run_id="run-1")
    record = consultant.start_bug_record(code=code, error_output=first.stderr, command="python repro.py")
    consultant.record_trial(record, debug_plan="reshape to (2, 5), the array has 10 elements", outcome="success")
    consultant.complete_bug_record(record)
    assert consultant.store is not None
    consultant.store.close()

    other = (
        "import numpy as np\n\n\nclass Model:\n    def prepare(self, v):\n"
        "        return v.reshape((4, 3))\n\n\nModel().prepare(np.zeros(14))\n"
    )
    second = run_script(other, "train.py")
    query = textwrap.dedent(
        """
        import json, sys
        from agent.bug_consultant import BugConsultant

        consultant = BugConsultant({"use_bug_consultant": True, "store_path": sys.argv[1]}, run_id="run-2")
        record = consultant.start_bug_record(code=sys.argv[2], error_output=sys.stdin.read(), command="python train.py")
        found = consultant.retrieve_similar_bugs(record)
        print(json.dumps({"found": [[r.id, r.run_id, r.successful_strategy] for r in found],
                          "advice": consultant.get_advice(record), "llm_calls": consultant.summarizer.stats.calls}))
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", query, str(store), other], input=second.stderr, cwd=ROOT, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["found"][0] == [record.id, "run-1", "reshape to (2, 5), the array has 10 elements"]
    assert "Fixed by: reshape to (2, 5), the array has 10 elements" in result["advice"]
    assert "cannot reshape array of size 10 into shape (3,4)" in result["advice"]
    assert result["llm_calls"] == 0


def test_parallel_agents_in_one_process_share_the_index(make_config, tmp_path):
    first, second = BugConsultant(make_config(), tmp_path / "a"), BugConsultant(make_config(), tmp_path / "b")
    assert first.index is second.index and first.store is not second.store
    error = 'Traceback (most recent call last):\n  File "/r/x.py", line 1, in <module>\n'
    error += "ZeroDivisionError: division by zero\n"
    mine = first.start_bug_record(error_output=error, command="python x.py")
    theirs = second.start_bug_record(error_output=error, command="python x.py")
    assert second.retrieve_similar_bugs(theirs) == []  # not completed yet: not retrievable
    first.record_trial(mine, debug_plan="guard the denominator", outcome="success")
    assert second.retrieve_similar_bugs(theirs) == []
    first.complete_bug_record(mine)
    assert [r.id for r in second.retrieve_similar_bugs(theirs)] == [mine.id]
    assert "Fixed by: guard the denominator" in second.get_advice(theirs)
    assert (tmp_path / "a" / "bug_consultant" / f"bug_{mine.id}.json").exists()
    assert (tmp_path / "b" / "bug_consultant" / f"bug_{theirs.id}.json").exists()


def test_a_store_of_the_previous_release_is_migrated_and_searchable(tmp_path, run_script):
    """A store written before instance ids, completion and versions existed: the columns are added, completion is
    read from the records, and the retrieval fields are computed again from each record's error and code."""
    import sqlite3

    code = "def ratio(a, b):\n    return a / b\n\n\nratio(1, 0)\n"
    error = run_script(code).stderr
    path = tmp_path / "old" / "bugs.sqlite"
    path.parent.mkdir()
    old_schema = (
        "CREATE TABLE records (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE NOT NULL, run_id TEXT NOT NULL"
        " DEFAULT '', fingerprint TEXT NOT NULL DEFAULT '', resolved INTEGER NOT NULL DEFAULT 0, document TEXT NOT"
        " NULL DEFAULT '', signature TEXT NOT NULL DEFAULT '', embedding BLOB, data TEXT NOT NULL, created_at TEXT"
        " NOT NULL, updated_at TEXT NOT NULL)"
    )
    done = BugRecord(id="done", run_id="old-run", original_error=error, original_code=code, completed_at="2026-01-01")
    open_ = BugRecord(id="open", run_id="old-run", original_error=error, original_code=code)
    with sqlite3.connect(path) as db:
        db.execute(old_schema)
        for r in (done, open_):
            db.execute(
                "INSERT INTO records (id, run_id, document, signature, data, created_at, updated_at)"
                " VALUES (?, ?, 'zero division tokens', 'ZeroDivisionError', ?, 'x', 'x')",
                (r.id, r.run_id, json.dumps(r.to_dict())),
            )
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": path}, run_id="new-run")
    record = consultant.start_bug_record("n", 1, code, error, "")
    assert [s.record.id for s in consultant.search(record)] == ["done"]
    assert {s.record.id for s in consultant.search(record, include_incomplete=True)} == {"done", "open"}


def test_a_path_that_is_no_store_is_named_in_the_error_and_left_alone(tmp_path):
    """An experiment's store that is a text file, or a store path that is a folder, fails with the path in the
    message (sqlite's own names none: "file is not a database"), and the file is left as it was."""
    notes = tmp_path / "bug_consultant" / "bugs.sqlite"
    notes.parent.mkdir()
    notes.write_text("my notes, not a database\n" * 50)
    with pytest.raises(sqlite3.DatabaseError) as failed:
        BugConsultant({"use_bug_consultant": True}, tmp_path)
    assert str(failed.value) == f"{notes}: not a usable bug store (file is not a database)"
    with pytest.raises(sqlite3.OperationalError) as failed:
        BugConsultant({"use_bug_consultant": True, "store_path": tmp_path})
    assert str(failed.value) == f"{tmp_path}: not a usable bug store (unable to open database file)"
    assert notes.read_text() == "my notes, not a database\n" * 50 and sorted(notes.parent.iterdir()) == [notes]


def test_a_store_deleted_and_made_again_in_one_process_is_a_new_store(tmp_path):
    """A notebook deletes its experiment folder and runs it again, the first consultant still alive: the process's
    index of the deleted store was reused (it is keyed by path), so the new store's records, whose versions the
    old index had already passed, were never retrieved, and the old index read the deleted file."""
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"

    def run(n: int, name: str) -> BugConsultant:
        consultant = BugConsultant({"use_bug_consultant": True}, tmp_path / "exp", instance_id="query")
        for i in range(n):
            record = consultant.start_bug_record(f"{name}{i}", 0, "", error, instance_id=f"{name}{i}")
            consultant.record_trial(record, 1, f"fix {name}", "", "success")
            consultant.complete_bug_record(record)
        return consultant

    first = run(4, "old")
    assert sorted(s.record.instance_id for s in first.ranking(error)) == ["old0", "old1", "old2", "old3"]
    shutil.rmtree(tmp_path / "exp")
    again = run(3, "new")
    assert again.store is not None and first.store is not None and again.store.id != first.store.id
    assert sorted(s.record.instance_id for s in again.ranking(error)) == ["new0", "new1", "new2"]
    assert BugConsultant({"use_bug_consultant": True}, tmp_path / "exp").store.id == again.store.id  # type: ignore


def test_a_record_a_newer_release_wrote_is_read(tmp_path):
    """A store shared across runs (`store_path`) by two releases: a record whose trials carry a field this release
    does not know made every search that found it fail (`DebugTrial.__init__() got an unexpected keyword
    argument`); unknown fields of the record itself were already left out."""
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"
    block = {"use_bug_consultant": True, "store_path": tmp_path / "shared.sqlite"}
    newer = BugConsultant(block, run_id="newer", instance_id="t1")
    record = newer.start_bug_record("n1", 0, "", error)
    newer.record_trial(record, 1, "use the right key", "", "success")
    newer.complete_bug_record(record)
    db = sqlite3.connect(tmp_path / "shared.sqlite")
    data = json.loads(db.execute("SELECT data FROM records WHERE id = ?", (record.id,)).fetchone()[0])
    data["trials"][0]["tokens_used"], data["reviewer"] = 812, "bot"
    db.execute("UPDATE records SET data = ? WHERE id = ?", (json.dumps(data), record.id))
    db.commit()
    db.close()
    (hit,) = BugConsultant(block, run_id="older", instance_id="t2").search(error)
    assert hit.record.id == record.id and [t.why_worked for t in hit.record.trials] == [record.trials[0].why_worked]
    assert hit.record.successful_strategy == "use the right key" and not hasattr(hit.record.trials[0], "tokens_used")


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    """`store_path` (or LLM_IDE_BUG_STORE) naming another program's SQLite file: the store added its three tables
    to it and switched it to WAL mode; now it is refused with its tables named, and the file is not changed."""
    other = tmp_path / "app.db"
    with closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE users (id INTEGER, name TEXT)")
        db.execute("INSERT INTO users VALUES (1, 'ann')")
        db.commit()
    before = other.read_bytes()
    with pytest.raises(sqlite3.DatabaseError) as failed:
        BugConsultant({"use_bug_consultant": True, "store_path": other})
    assert str(failed.value) == f"{other}: not a usable bug store (a database of something else, tables users)"
    assert other.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["app.db"]
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()  # an empty SQLite file is a store to be
    assert BugConsultant({"use_bug_consultant": True, "store_path": empty}).store.count() == 0  # type: ignore
