"""The three summaries through litellm function calling (litellm's own mock responses, no other mocks), and the
deterministic summary whenever a call fails, is refused or comes back malformed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.bug_consultant import BugConsultant

MODEL = "gpt-4o-mini"
BUG = "import json\n\n\ndef save(report):\n    return json.dumps(report, indentation=2)\n\n\nsave({'ok': True})\n"


def tool_call(name: str, args: dict | str) -> list[dict]:
    arguments = args if isinstance(args, str) else json.dumps(args)
    return [{"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}]


START = {
    "error_signature": "TypeError: JSONEncoder.__init__() got an unexpected keyword argument 'indentation'",
    "error_category": "API_MISUSE",
    "initial_hypothesis": "json.dumps takes indent=, not indentation=",
    "context_tags": ["json", "dumps", "kwargs"],
}
FAILURE = {
    "why_failed": "indent_level is not a json.dumps argument either",
    "failed_strategy_summary": "renamed indentation to indent_level",
    "learned_constraint": "json.dumps accepts indent, never indentation or indent_level",
}
SUCCESS = {
    "why_worked": "indent is the keyword json.dumps forwards to JSONEncoder",
    "successful_strategy_summary": "pass indent=2 to json.dumps",
    "key_insight": "check the real signature of json.dumps before renaming keywords",
}


def test_llm_summaries_fill_all_three_stages(make_config, run_script):
    config = make_config(
        summary_model=MODEL,
        summary_stage_kwargs={
            "bug_start": {"mock_tool_calls": tool_call("submit_bug_start_summary", START)},
            "trial_failure": {"mock_tool_calls": tool_call("submit_trial_failure", FAILURE)},
            "trial_success": {"mock_tool_calls": tool_call("submit_trial_success", SUCCESS)},
        },
    )
    consultant = BugConsultant(config)
    error = run_script(BUG).stderr
    record = consultant.start_bug_record(error_output=error, code=BUG, command="python repro.py")
    assert (record.error_category, record.context_tags, record.summary_source) == (
        "API_MISUSE",
        START["context_tags"],
        "llm",
    )
    assert record.error_signature == START["error_signature"]
    consultant.record_trial(record, debug_plan="rename the keyword", outcome="failed", error_output=error)
    consultant.record_trial(record, debug_plan="use indent", outcome="success")
    consultant.complete_bug_record(record)
    assert consultant.store is not None
    stored = consultant.store.get(record.id)
    assert stored is not None
    assert [t.summary_source for t in stored.trials] == ["llm", "llm"]
    assert stored.failed_strategies == ["renamed indentation to indent_level"]
    assert stored.learned_constraints == [FAILURE["learned_constraint"]]
    assert (stored.successful_strategy, stored.resolved) == ("pass indent=2 to json.dumps", True)
    stats = consultant.summarizer.stats
    assert (stats.calls, stats.failures) == (3, 0)
    assert stats.by_stage == {"bug_start": 1, "trial_failure": 1, "trial_success": 1}
    assert stats.cost > 0  # litellm prices the mocked usage with the model's known rates
    assert consultant.world_model.api_constraints == [FAILURE["learned_constraint"]]


@pytest.mark.parametrize(
    ("label", "kwargs"),
    [
        ("refusal", {"mock_response": "I can't help with that."}),
        ("not json", {"mock_tool_calls": tool_call("submit_bug_start_summary", "{'error_signature': oops")}),
        ("wrong function", {"mock_tool_calls": tool_call("submit_summary", {**START, **FAILURE, **SUCCESS})}),
        ("missing field", {"mock_tool_calls": tool_call("submit_bug_start_summary", {**START, "context_tags": None})}),
        ("bad enum", {"mock_tool_calls": tool_call("submit_bug_start_summary", {**START, "error_category": "OOPS"})}),
        ("provider error", {"mock_response": Exception("503 upstream unavailable")}),
    ],
)
def test_broken_summary_responses_degrade_to_the_deterministic_summary(label, kwargs, make_config, run_script):
    consultant = BugConsultant(make_config(summary_model=MODEL, summary_model_kwargs=kwargs))
    error = run_script(BUG).stderr
    record = consultant.start_bug_record(error_output=error, command="python repro.py", plan="save the report")
    assert record.summary_source == "deterministic", label
    assert (
        record.error_signature == "TypeError: JSONEncoder.__init__() got an unexpected keyword argument 'indentation'"
    )
    assert record.error_category == "TYPE_ERROR"
    assert record.context_tags == ["json", "TypeError"]
    assert "save" in record.initial_hypothesis and "json" in record.initial_hypothesis
    trial = consultant.record_trial(
        record, debug_plan="Rename indentation to indent_level. Then rerun.", outcome="failed", error_output=error,
        commands=["sed -i s/indentation/indent_level/ repro.py"],
    )  # fmt: skip
    assert trial.summary_source == "deterministic"
    assert trial.failed_strategy_summary == "Rename indentation to indent_level"
    assert trial.why_failed == "the command still fails with the same error"
    assert trial.learned_constraint == '"Rename indentation to indent_level" does not fix TypeError'
    consultant.record_trial(record, outcome="success", commands=["sed -i s/indent_level/indent/ repro.py"])
    consultant.complete_bug_record(record)
    assert record.successful_strategy == "ran sed -i s/indent_level/indent/ repro.py"
    assert (consultant.summarizer.stats.calls, consultant.summarizer.stats.failures) == (3, 3)
    advice = consultant.get_advice(record)
    assert "- Rename indentation to indent_level" in advice


def test_no_summary_model_means_no_llm_call(make_config, run_script):
    consultant = BugConsultant(make_config())
    record = consultant.start_bug_record(error_output=run_script(BUG).stderr)
    consultant.record_trial(record, outcome="success", debug_plan="use indent")
    assert (consultant.summarizer.stats.calls, consultant.summarizer.stats.failures) == (0, 0)
    assert record.summary_source == "deterministic" and record.resolved


def test_retrieval_and_advice_make_no_llm_call(make_config, run_script):
    """Summaries call the model; retrieval and advice never do (counted by litellm's own input callback)."""
    import litellm

    calls: list[str] = []
    saved = litellm.input_callback
    litellm.input_callback = [lambda *args, **kwargs: calls.append(MODEL)]
    try:
        config = make_config(
            summary_model=MODEL,
            summary_stage_kwargs={
                "bug_start": {"mock_tool_calls": tool_call("submit_bug_start_summary", START)},
                "trial_success": {"mock_tool_calls": tool_call("submit_trial_success", SUCCESS)},
            },
        )
        consultant = BugConsultant(config)
        error = run_script(BUG).stderr
        first = consultant.start_bug_record(error_output=error, command="python repro.py")
        consultant.record_trial(first, debug_plan="use indent", outcome="success")
        consultant.complete_bug_record(first)
        second = consultant.start_bug_record(error_output=error, command="python repro.py")
        assert calls == [MODEL] * 3
        assert "Fixed by: pass indent=2 to json.dumps" in consultant.get_advice(second)
        assert [r.id for r in consultant.retrieve_similar_bugs(second)] == [first.id]
        # by the summary's signature and tags: the completed record, not the open one that has this signature
        by_text = consultant.retrieve_similar_bugs(str(START["error_signature"]), ["json"])
        assert [r.id for r in by_text] == [first.id]
        assert calls == [MODEL] * 3
    finally:
        litellm.input_callback = saved


def test_summary_tags_are_an_optional_extra_signal(make_config):
    """When a summary model wrote the summaries, their category and tags are one more field of the score (weight 8
    of about 17 when both records have model tags, chosen in session 9 on the two sets with model summaries), counted
    only where the stored record has model tags too: a record with the deterministic summary is scored as without
    summaries. The tags re-rank, they never move the gate: a record's confidence is the same with and without them.
    Real runs of two confusable causes with one message (`IndexError: list index out of range`)."""
    path = Path(__file__).resolve().parents[1] / "data" / "bug_tuning_confusable" / "bug_tuning.jsonl"
    rows = {r["id"]: r for r in map(json.loads, path.read_text().splitlines())}
    query_row, same, other = rows["index_off_by_one/0"], rows["index_off_by_one/1"], rows["index_empty_result/0"]
    success = {"mock_tool_calls": tool_call("submit_trial_success", SUCCESS)}

    def record(row: dict, tags: list[str] | None, run: str):
        stages: dict = {"trial_success": success}
        if tags is not None:
            summary = {**START, "error_category": "LOGIC_ERROR", "context_tags": tags}
            stages["bug_start"] = {"mock_tool_calls": tool_call("submit_bug_start_summary", summary)}
        model = {"summary_model": MODEL, "summary_stage_kwargs": stages} if stages.get("bug_start") else {}
        consultant = BugConsultant(make_config(store_path=Path(run) / "bugs.sqlite", **model), instance_id=row["id"])
        rec = consultant.start_bug_record(code=row["code"], error_output=row["output"], command=row["command"])
        consultant.record_trial(rec, debug_plan="fix", outcome="success")
        consultant.complete_bug_record(rec)
        return consultant, rec

    def scores(tmp: str, query_tags: list[str] | None, stored_tags: list[str] | None) -> dict[str, dict]:
        record(same, stored_tags and ["off-by-one", "range", "loop bound"], tmp)
        record(other, stored_tags and ["empty result", "filter"], tmp)
        consultant, query = record(query_row, query_tags, tmp)
        return {
            s.record.instance_id: {"score": s.score, "confidence": s.confidence, **s.fields}
            for s in consultant.search(query, top_k=None, threshold=0.0, include_incomplete=True)
        }

    base = make_config().store_path.parent
    plain = scores(str(base / "plain"), None, None)
    tagged = scores(str(base / "tagged"), ["off-by-one", "loop bound"], ["stored"])
    query_only = scores(str(base / "query-only"), ["off-by-one", "loop bound"], None)
    assert "tags" not in plain[same["id"]] and plain[same["id"]]["score"] > 0
    # the same-cause record shares the model's tags, the other cause only the category: the gap widens
    assert tagged[same["id"]]["tags"] > tagged[other["id"]]["tags"] > 0
    gap_plain = plain[same["id"]]["score"] - plain[other["id"]]["score"]
    assert tagged[same["id"]]["score"] - tagged[other["id"]]["score"] > gap_plain
    # records without model tags: the query's tags change nothing
    for rid in (same["id"], other["id"]):
        assert query_only[rid]["score"] == pytest.approx(plain[rid]["score"], abs=1e-6)
        # the gate reads the score without the tags
        assert tagged[rid]["confidence"] == pytest.approx(plain[rid]["confidence"], abs=1e-6)
        assert tagged[rid]["score"] != pytest.approx(plain[rid]["score"], abs=1e-6)  # while the score moves


def test_a_misspelt_stage_of_summary_stage_kwargs_is_refused(make_config):
    """`summary_stage_kwargs: {trial_fail: ...}` was accepted and never used (the stage is `trial_failure`), so the
    call ran without the kwargs meant for it; the config refuses a stage it does not have, naming the three."""
    with pytest.raises(ValueError, match="'bug_start', 'trial_failure' or 'trial_success'"):
        make_config(summary_model=MODEL, summary_stage_kwargs={"trial_fail": {"temperature": 0}})
    with pytest.raises(ValueError, match="summary_stage_kwargs"):
        BugConsultant({"use_bug_consultant": True, "summary_stage_kwargs": {"bugstart": {}}})
    stages = {"trial_failure": {"temperature": 0}, "trial_success": {"temperature": 1}}
    assert make_config(summary_stage_kwargs=stages).summary_stage_kwargs == stages
