"""Scripted model answers for `--model-class deterministic` (one output per model call, replayed in order).

The LLM-IDE agent makes one call in its first step (the action) and two in every later step (a reflection on the
last operation, then the next action); the upstream agent makes one call per step, whose `extra.actions` are run.
Every output costs 0.0, so the config's cost limit never stops a scripted run.
"""

from __future__ import annotations

from pathlib import Path

import yaml

MORE = "more_itertools/more.py"
TEST = "tests/test_more.py::LastTests::test_basic"
LESSON = "open ranges are START-END with START <= END"


def act(thought: str, action_type: str, params: str) -> str:
    return (
        f"<thought>{thought}</thought>\n<action_type>{action_type}</action_type>\n"
        f"<action_params>\n{params}\n</action_params>"
    )


def reflect(bad: bool, summary: str, lessons: str = "") -> str:
    return f"<bad_action>{str(bad).lower()}</bad_action>\n<lessons>{lessons}</lessons>\n<summary>{summary}</summary>"


def output(content: str, commands: list[str] | None = None) -> dict:
    return {
        "role": "assistant",
        "content": content,
        "extra": {"actions": [{"command": c} for c in commands or []], "cost": 0.0},
    }


# (reflection on the previous operation, next action); the first step has no reflection
LLM_IDE_STEPS: list[tuple[str | None, str]] = [
    (None, act("The issue is about last(); find where it is defined.", "find_symbol", "last")),
    (
        reflect(False, f"last is defined once, at {MORE}:224, and shown whole; its Sequence branch looks wrong."),
        act("Open the lines of last() to read the sequence branch.", "open", f"{MORE}:250-224"),
    ),
    (
        reflect(True, "open refused the range: it ends before it starts.", LESSON),
        act("Open last() by name instead, the whole function.", "open", "last"),
    ),
    (
        reflect(False, f"For a Sequence, last() returns iterable[len(iterable)] ({MORE}:238), one past the end."),
        act(
            "[The sequence branch](more_itertools/more.py:238) indexes past the end; check who calls last().",
            "references",
            "last",
        ),
    ),
    (
        reflect(False, "last() is used by nth_or_last and combination_index, and by LastTests."),
        act(
            "Run the failing test under the debugger to see [the raise](more_itertools/more.py:238).",
            "debugger",
            f"start {TEST}",
        ),
    ),
    (
        reflect(False, "The test stopped at its first line (tests/test_more.py:150)."),
        act("Run until the exception is raised in project code.", "debugger", "run-to-exception"),
    ),
    (
        reflect(False, f"IndexError raised at {MORE}:238 for range(4)."),
        act(
            "Check the index used at [the failing line](more_itertools/more.py:238).",
            "debugger",
            "print 'len(iterable)'",
        ),
    ),
    (
        reflect(False, "len(iterable) is 4, so iterable[4] is out of range; the last item is iterable[-1]."),
        act("Stop the debugging session.", "debugger", "stop"),
    ),
    (
        reflect(False, "The session is stopped."),
        act(
            "Fix [the index](more_itertools/more.py:238): the last item of a sequence is iterable[-1].",
            "edit",
            f"file: {MORE}\nold:\n            return iterable[len(iterable)]\nnew:\n            return iterable[-1]",
        ),
    ),
    (
        reflect(False, f"Line 238 of {MORE} now returns iterable[-1]."),
        act("Run the whole LastTests class.", "bash", "python -m pytest -q tests/test_more.py::LastTests"),
    ),
    (
        reflect(False, "All LastTests pass."),
        act("The fix is done and tested; submit it.", "submit", ""),
    ),
]

UPSTREAM_COMMANDS = [
    f"sed -i 's/return iterable\\[len(iterable)\\]/return iterable[-1]/' {MORE} && python -m pytest -q {TEST}",
    "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff",
]


def llm_ide_outputs() -> list[dict]:
    texts = [text for step in LLM_IDE_STEPS for text in step if text is not None]
    return [output(t) for t in texts]


def upstream_outputs() -> list[dict]:
    return [output(f"THOUGHT: step {i + 1}", [c]) for i, c in enumerate(UPSTREAM_COMMANDS)]


def write_outputs(path: Path, outputs: list[dict]) -> Path:
    """A `-c` config file: the outputs, and a model name (no `--model` is given with `--model-class deterministic`)."""
    path.write_text(yaml.safe_dump({"model": {"model_name": "scripted", "outputs": outputs}}, sort_keys=False))
    return path
