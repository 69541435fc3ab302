import json

import pytest
from click.testing import CliRunner
from todo_cli import cli


@pytest.fixture
def run(tmp_path):
    runner = CliRunner()
    db = tmp_path / "todo.json"

    def invoke(*args):
        return runner.invoke(cli, ["--db", str(db), *args], catch_exceptions=False)

    invoke.db = db
    return invoke


def test_add_writes_item(run):
    res = run("add", "buy milk", "-p", "2", "--tag", "home", "--tag", "shop")
    assert res.exit_code == 0
    assert res.output == "added #1: buy milk\n"
    assert json.loads(run.db.read_text()) == [
        {"title": "buy milk", "priority": 2, "tags": ["home", "shop"], "done": False}
    ]


def test_add_rejects_priority_out_of_range(run):
    res = run("add", "x", "-p", "9")
    assert res.exit_code == 2
    assert "not in the range 1<=x<=5" in res.output


def test_list_sorted_by_priority(run):
    run("add", "write report", "-p", "4")
    run("add", "call bank", "-p", "1")
    res = run("list")
    assert res.exit_code == 0
    assert res.output.splitlines() == ["[ ] #2 p1 call bank", "[ ] #1 p4 write report"]


def test_list_sorted_by_title(run):
    run("add", "write report")
    run("add", "call bank")
    res = run("list", "--sort", "title")
    assert res.output.splitlines() == ["[ ] #2 p3 call bank", "[ ] #1 p3 write report"]


def test_done_hides_item(run):
    run("add", "a")
    run("add", "b")
    assert run("done", "2").output == "done #2\n"
    assert run("list").output.splitlines() == ["[ ] #1 p3 a"]
    assert run("list", "--all").output.splitlines() == ["[ ] #1 p3 a", "[x] #2 p3 b"]


def test_done_unknown_number(run):
    run("add", "a")
    res = run("done", "5")
    assert res.exit_code == 2
    assert "no item #5" in res.output


def test_stats(run):
    for title in ["a", "b", "c"]:
        run("add", title)
    run("done", "1")
    assert run("stats").output == "3 items, 2 open\n"


def test_stats_empty(run):
    assert run("stats").output == "0 items, 0 open\n"
