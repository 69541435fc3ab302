"""The seed's library API driven the way an AIDE/ML-Master search agent's `_debug` step uses it — no LLM-IDE agent.

A tiny search agent: nodes hold code, execution runs it for real, a scripted "model" proposes each fix.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from agent.bug_consultant import BugConsultant, BugRecord
from agent.bug_consultant.config import DEFAULT_STORE_ENV, BugConsultantConfig
from agent.bug_consultant.consultant import config_from

BUGGY = """\
import pandas as pd

frame = pd.DataFrame({"price": [3.0, 4.5], "qty": [1, 2]})
frame["total"] = frame["{col}"] * frame["qty"]
print(frame["total"].sum())
"""


def buggy(col: str) -> str:
    return BUGGY.replace("{col}", col)


@dataclass
class Node:
    id: str
    step: int
    code: str
    plan: str
    term_out: str = ""
    is_buggy: bool = False
    parent: Node | None = None
    bug_record_id: str | None = None
    prompt: dict[str, Any] = field(default_factory=dict)


class MiniSearchAgent:
    """Just the debug path of an MCTS agent (seed step 4), with a scripted model."""

    def __init__(self, cfg: Any, log_dir: Path, fixes: list[tuple[str, str]], workdir: Path):
        self.bug_consultant = BugConsultant(cfg, log_dir) if cfg.agent.search.use_bug_consultant else None
        self.active_bug_records: dict[str, BugRecord] = {}
        self.fixes = iter(fixes)
        self.workdir = workdir
        self.step = 0

    def execute(self, node: Node) -> Node:
        script = self.workdir / f"node_{node.id}.py"
        script.write_text(node.code)
        proc = subprocess.run([sys.executable, script.name], cwd=self.workdir, capture_output=True, text=True)
        node.term_out, node.is_buggy = proc.stdout + proc.stderr, proc.returncode != 0
        return node

    def draft(self, code: str) -> Node:
        self.step += 1
        return self.execute(Node(id=f"n{self.step}", step=self.step, code=code, plan="draft"))

    def _debug(self, parent: Node) -> Node:
        advice = ""
        record = None
        if self.bug_consultant:
            record = self.active_bug_records.get(parent.id) or self.bug_consultant.start_bug_record(
                node_id=parent.id, node_step=parent.step, code=parent.code, error_output=parent.term_out,
                plan=parent.plan,
            )  # fmt: skip
            self.active_bug_records[parent.id] = record
            advice = self.bug_consultant.get_advice(record)
        prompt: dict[str, Any] = {"Introduction": "Your previous solution had a bug.", "Task description": "sum"}
        if advice:
            prompt["Debugging Advice"] = advice
        prompt |= {"Previous (buggy) implementation": parent.code, "Execution output": parent.term_out}
        plan, code = next(self.fixes)
        self.step += 1
        child = Node(id=f"n{self.step}", step=self.step, code=code, plan=plan, parent=parent, prompt=prompt)
        if record:
            child.bug_record_id = record.id
        return child

    def record_debug_outcome(self, node: Node) -> None:
        if not self.bug_consultant or node.bug_record_id is None or node.parent is None:
            return
        record = self.active_bug_records[node.parent.id]
        self.bug_consultant.record_trial(
            bug_record=record, trial_num=record.num_trials + 1, debug_plan=node.plan, debug_code=node.code,
            outcome="failed" if node.is_buggy else "success", error_output=node.term_out if node.is_buggy else None,
        )  # fmt: skip
        if node.is_buggy:  # the next debug step keeps working on the same bug record
            self.active_bug_records[node.id] = record
        else:
            self.bug_consultant.complete_bug_record(record)

    def solve(self, code: str, max_debug: int = 4) -> list[Node]:
        node = self.draft(code)
        nodes = [node]
        while node.is_buggy and len(nodes) <= max_debug:
            node = self.execute(self._debug(node))
            self.record_debug_outcome(node)
            nodes.append(node)
        return nodes


def seed_cfg(use: bool) -> SimpleNamespace:
    """The ML-Master config layout of the seed (`agent.search.use_bug_consultant`, `agent.search.bug_consultant`)."""
    block = SimpleNamespace(max_similar_bugs=3, max_failed_strategies=5, embedding_model="text-embedding-3-small",
                            enable_world_model=True)  # fmt: skip
    return SimpleNamespace(agent=SimpleNamespace(search=SimpleNamespace(use_bug_consultant=use, bug_consultant=block)))


def test_the_seed_layout_as_nested_mappings_and_without_its_block() -> None:
    """OmegaConf's DictConfig (what AIDE and ML-Master pass) is a Mapping at every level: the seed's layout is read
    from it as from objects, and a search section without a `bug_consultant` block gets the defaults."""
    as_mappings = {"agent": {"search": {"use_bug_consultant": True, "bug_consultant": {"max_similar_bugs": 2,
                   "embedding_model": "text-embedding-3-small"}}}}  # fmt: skip
    cfg = config_from(as_mappings)
    assert cfg.use_bug_consultant and cfg.max_similar_bugs == 2
    no_block = config_from(SimpleNamespace(agent=SimpleNamespace(search=SimpleNamespace(use_bug_consultant=False))))
    assert no_block == BugConsultantConfig(use_bug_consultant=False)
    assert config_from({"max_similar_bugs": 4}).max_similar_bugs == 4  # our own block as a mapping, as before


def test_debug_steps_of_a_search_agent_learn_across_tasks(tmp_path, monkeypatch):
    # the seed's config has no store path: the default one, here put under tmp_path through its variable
    monkeypatch.setenv(DEFAULT_STORE_ENV, str(tmp_path / "store" / "bugs.sqlite"))
    work = tmp_path / "work"
    work.mkdir()
    fixes = [
        ("use the cost column", buggy("cost")),
        ("the column is called price: use price", buggy("price")),
        ("use price, the existing column", buggy("price").replace("frame", "df")),
    ]
    agent = MiniSearchAgent(seed_cfg(True), tmp_path / "logs", fixes, work)

    consultant = agent.bug_consultant
    assert consultant is not None
    first = agent.solve(buggy("unit_price"))
    assert [n.is_buggy for n in first] == [True, True, False]
    assert "Debugging Advice" not in first[1].prompt  # nothing learned yet, nothing shown
    assert "- use the cost column" in first[2].prompt["Debugging Advice"]  # don't repeat the failed strategy
    (record,) = consultant.bug_records
    assert (record.num_trials, record.resolved, record.successful_strategy) == (
        2,
        True,
        "the column is called price: use price",
    )
    assert record.error_signature == "KeyError: 'unit_price'" and record.completed_at

    # a later task hits the same root cause under other names: its first debug prompt carries the fix
    second = agent.solve(buggy("unit_cost").replace("frame", "df"))
    advice = second[1].prompt["Debugging Advice"]
    assert "### Similar past bugs" in advice and "KeyError: 'unit_price'" in advice
    assert "Fixed by: the column is called price: use price" in advice
    assert [n.is_buggy for n in second] == [True, False]

    consultant_dir = tmp_path / "logs" / "bug_consultant"
    saved = {json.loads(p.read_text())["id"] for p in consultant_dir.glob("bug_*.json")}
    assert saved == {r.id for r in consultant.bug_records}
    assert (tmp_path / "store" / "bugs.sqlite").exists() and not (consultant_dir / "bugs.sqlite").exists()
    assert consultant.world_model.insights[0] == "DATA_ERROR: the column is called price: use price"
    world = json.loads((consultant_dir / "world_model.json").read_text())
    assert world["insights"] == consultant.world_model.insights and world["api_constraints"][0].startswith('"use the')


def test_switched_off_the_search_agent_debugs_without_advice(tmp_path, monkeypatch):
    monkeypatch.setenv(DEFAULT_STORE_ENV, str(tmp_path / "store" / "bugs.sqlite"))
    work = tmp_path / "work"
    work.mkdir()
    agent = MiniSearchAgent(seed_cfg(False), tmp_path / "logs", [("use price", buggy("price"))], work)
    nodes = agent.solve(buggy("unit_price"))
    assert [n.is_buggy for n in nodes] == [True, False]
    assert agent.bug_consultant is None and "Debugging Advice" not in nodes[1].prompt
    assert not (tmp_path / "logs").exists() and not (tmp_path / "store").exists()


def test_an_outcome_other_than_success_or_failed_is_refused(tmp_path) -> None:
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, tmp_path / "logs")
    record = consultant.start_bug_record("n1", 0, "x = 1\n", "Traceback (most recent call last):\nKeyError: 'a'\n")
    with pytest.raises(ValueError, match="outcome must be 'success' or 'failed', not 'maybe'"):
        consultant.record_trial(record, 1, "plan", "code", "maybe")  # type: ignore[arg-type]
    assert record.num_trials == 0


def test_one_string_of_tags_or_commands_is_one_item(tmp_path) -> None:
    """`retrieve_similar_bugs(error, "numpy")` and `commands="pytest -x"`: one tag, one command. Before, a string
    was split into its letters: the tag scored nothing against a record tagged `numpy`, and the strategy read
    "ran t; -; x"."""
    error = 'Traceback (most recent call last):\n  File "/w/a.py", line 1, in <module>\nValueError: bad value\n'
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, instance_id="q")
    tagged = BugRecord(instance_id="old", original_error=error, summary_source="llm", context_tags=["numpy", "io"],
                       error_category="ValueError", completed_at="2026-01-01T00:00:00+00:00")  # fmt: skip
    consultant.store.save(tagged)  # type: ignore[union-attr]  # a record summarised by a model, as another run wrote
    as_list, as_text = consultant.ranking(error, tags=["numpy"]), consultant.ranking(error, tags="numpy")
    assert as_text == as_list and as_list[0].fields["tags"] > 0 and as_list[0].record.id == tagged.id
    assert consultant.retrieve_similar_bugs(error, "numpy") == consultant.retrieve_similar_bugs(error, ["numpy"])
    record = consultant.start_bug_record("n1", 0, "", error)
    consultant.record_trial(record, 1, "", "", "failed", error, commands="pytest -x")
    consultant.record_trial(record, 2, "", "", "success", commands="pytest -q")
    assert record.failed_strategies == ["ran pytest -x"] and record.successful_strategy == "ran pytest -q"


def test_retrieve_similar_bugs_takes_the_seeds_positional_top_k(tmp_path) -> None:
    """The seed's `retrieve_similar_bugs(error_signature, context_tags, top_k)`: a seed caller passing `top_k`
    third gets that many records (before, a TypeError: `top_k` was keyword-only)."""
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, instance_id="q")
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"
    for task in ("t1", "t2", "t3"):
        record = consultant.start_bug_record(f"n-{task}", 0, "", error, instance_id=task)
        consultant.record_trial(record, 1, "use the right key", "", "success")
        consultant.complete_bug_record(record)
    best = consultant.retrieve_similar_bugs(error, [], 2)
    assert len(best) == 2 and best == [s.record for s in consultant.search(error, top_k=2)]
    assert len(consultant.retrieve_similar_bugs(error, [])) == 3 and {r.instance_id for r in best} < {"t1", "t2", "t3"}


def test_completing_a_record_again_adds_no_insight_twice(tmp_path) -> None:
    """A search agent that completes every record at the end, some a second time: the world model (and the
    `world_model_insights` figure the A/B report reads) holds each insight once, as the store does; before, each
    completion appended the fix's insight again."""
    consultant = BugConsultant({"use_bug_consultant": True}, tmp_path / "logs", instance_id="q")
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"
    record = consultant.start_bug_record("n1", 0, "", error)
    consultant.record_trial(record, 1, "rename the column", "", "failed", error)
    consultant.record_trial(record, 2, "use the right key", "", "success")
    for _ in range(3):
        consultant.complete_bug_record(record)
    stored = json.loads((tmp_path / "logs" / "bug_consultant" / "world_model.json").read_text())
    assert len(consultant.world_model.insights) == 1 and "use the right key" in consultant.world_model.insights[0]
    assert stored["insights"] == consultant.world_model.insights and len(stored["api_constraints"]) == 1
    assert consultant.store is not None and consultant.store.world_model().insights == stored["insights"]


def test_consultants_of_one_experiment_keep_one_world_model_file(tmp_path) -> None:
    """One consultant per task (the README's per-task use), all of one experiment (log_dir): world_model.json holds
    every task's insight; each consultant wrote its own view over the file before (the last task's alone)."""
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"
    for task, fix in (("t1", "use the right key"), ("t2", "read the header first")):
        consultant = BugConsultant({"use_bug_consultant": True}, tmp_path / "logs", "exp-a", instance_id=task)
        record = consultant.start_bug_record(f"n-{task}", 0, "", error)
        consultant.record_trial(record, 1, fix, "", "success")
        consultant.complete_bug_record(record)
    stored = json.loads((tmp_path / "logs" / "bug_consultant" / "world_model.json").read_text())
    assert [fix in " ".join(stored["insights"]) for fix in ("use the right key", "read the header first")] == [True] * 2
    assert not [p.name for p in (tmp_path / "logs" / "bug_consultant").glob(".world_model.json.*")]  # no part left


@pytest.mark.parametrize(("arguments", "message"), [
    ({"threshold": 60}, "threshold must be in [0, 1] (a confidence, as similarity_threshold), not 60"),
    ({"threshold": -0.1}, "threshold must be in [0, 1]"),
    ({"top_k": -1}, "top_k must be 0 or more, not -1"),
])  # fmt: skip
def test_a_threshold_or_top_k_out_of_range_is_refused(tmp_path, arguments: dict, message: str) -> None:
    """`search(record, threshold=60)` (a percentage) and `top_k=-1` returned [] as if no past bug were similar;
    the config's `similarity_threshold` was already checked to be in [0, 1]."""
    error = "Traceback (most recent call last):\n  File \"/w/a.py\", line 2, in <module>\nKeyError: 'price'\n"
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, instance_id="q")
    past = consultant.start_bug_record("n1", 0, "", error, instance_id="t1")
    consultant.complete_bug_record(past)
    query = consultant.start_bug_record("n2", 1, "", error)
    with pytest.raises(ValueError, match=re.escape(message)):
        consultant.search(query, **arguments)
    with pytest.raises(ValueError, match=re.escape(message)):
        consultant.search(error, **arguments)  # a text query too
    assert consultant.search(query, threshold=0.0, top_k=0) == []
    assert [s.record.id for s in consultant.search(query, threshold=0.0)] == [past.id]


def test_a_failure_without_output_retrieves_nothing(tmp_path) -> None:
    """A node killed without output (an empty `term_out`): every such record read as `Error: unknown error`, so
    each new one retrieved all earlier ones at score 1.0 past the gate, and their fixes were shown as advice."""
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, instance_id="q")
    for task, output in [("t1", ""), ("t2", "\n  \n"), ("t3", "Traceback (most recent call last):\nKeyError: 'a'\n")]:
        record = consultant.start_bug_record(f"n-{task}", 0, "", output, instance_id=task)
        consultant.record_trial(record, 1, f"the fix of {task}", "", "success")
        consultant.complete_bug_record(record)
    silent = consultant.start_bug_record("n-q", 1, "x = 1\n", "")
    assert consultant.search(silent) == [] and consultant.ranking(silent) == [] and consultant.get_advice(silent) == ""
    assert consultant.search("") == [] and consultant.retrieve_similar_bugs(" \n") == []
    keyed = consultant.start_bug_record("n-k", 2, "", "Traceback (most recent call last):\nKeyError: 'a'\n")
    assert [s.record.instance_id for s in consultant.search(keyed)] == ["t3"]


def test_output_that_is_not_text_is_refused_by_name(tmp_path) -> None:
    """A run's output passed undecoded (`subprocess.run(..., capture_output=True).stderr` is bytes) or None failed
    deep inside the error parser (`cannot use a string pattern on a bytes-like object`, `'NoneType' object has no
    attribute 'strip'`); the API now names the argument, and nothing is recorded."""
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"})
    proc = subprocess.run([sys.executable, "-c", "{}['k']"], capture_output=True, timeout=60)
    with pytest.raises(TypeError, match=r"^error_output must be a str, not bytes \(decode the run's output first\)$"):
        consultant.start_bug_record("n1", 0, "{}['k']", proc.stderr)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^code must be a str, not NoneType$"):
        consultant.start_bug_record("n1", 0, None, proc.stderr.decode())  # type: ignore[arg-type]
    assert consultant.bug_records == [] and consultant.store is not None and consultant.store.count() == 0
    record = consultant.start_bug_record("n1", 0, "{}['k']", proc.stderr.decode())
    with pytest.raises(TypeError, match=r"^error_output must be a str, not bytes"):
        consultant.record_trial(record, 1, "use get", "{}.get('k')", "failed", proc.stderr)  # type: ignore[arg-type]
    consultant.record_trial(record, 2, "use get", "{}.get('k')", "success", None)
    assert [t.outcome for t in record.trials] == ["success"] and record.error_signature == "KeyError: 'k'"


def test_an_identical_past_bug_scores_one_not_more(tmp_path) -> None:
    """The same failure on another task: its score (and every field's) is at most 1, the documented range; float32
    sums gave 1.0000000778 (`0 <= score <= 1` failed for the best possible match)."""
    error = 'Traceback (most recent call last):\n  File "/w/main.py", line 3, in <module>\n    x = int("")\n' \
        "ValueError: invalid literal for int() with base 10: ''\n"  # fmt: skip
    consultant = BugConsultant({"use_bug_consultant": True, "store_path": tmp_path / "bugs.sqlite"}, instance_id="q")
    past = consultant.start_bug_record("n1", 0, "x = int('')", error, instance_id="t1")
    consultant.record_trial(past, 1, "parse '0'", "x = int('0')", "success")
    consultant.complete_bug_record(past)
    query = consultant.start_bug_record("n2", 1, "x = int('')", error)
    for hits in (consultant.search(query), consultant.ranking(query), consultant.search(error)):
        assert [h.record.id for h in hits] == [past.id] and hits[0].score == 1.0
        assert all(0.0 <= f <= 1.0 for f in hits[0].fields.values()) and max(hits[0].fields.values()) == 1.0


@pytest.mark.parametrize(
    ("switch", "in_block", "enabled"), [(False, True, False), (True, False, True), (None, False, False)]
)
def test_the_seeds_switch_wins_over_one_left_in_the_block(tmp_path, switch, in_block: bool, enabled: bool) -> None:
    """The control arm of an A/B run set the seed's way (`agent.search.use_bug_consultant=false`) while the block
    still said `use_bug_consultant: true` (copied from our config) ran with the consultant on: the block won. The
    seed's switch decides when it is set; the block's only when it is not."""
    block = {"use_bug_consultant": in_block, "max_similar_bugs": 2}
    cfg = {"agent": {"search": {"bug_consultant": block, **({} if switch is None else {"use_bug_consultant": switch})}}}
    consultant = BugConsultant(cfg, tmp_path / "logs")
    assert (consultant.enabled, consultant.config.max_similar_bugs) == (enabled, 2)
    assert (consultant.store is not None) == enabled == (tmp_path / "logs" / "bug_consultant" / "bugs.sqlite").exists()
    assert block == {"use_bug_consultant": in_block, "max_similar_bugs": 2}  # the caller's config left as it was
