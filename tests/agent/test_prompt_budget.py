"""A 60-step scripted episode stays lean: the largest call of the last step (the action call, which extends the
reflection call) is at most 6k tokens and at least 3x smaller than upstream's full-history prompt would be on the
same episode (upstream's own SWE-bench templates, same answers and outputs). Tokens are litellm's count (its bundled
tokenizer; nothing is downloaded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import litellm
import minisweagent
import yaml
from jinja2 import Template

from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import BridgeTestEnvironment, RecordingModel, act, flat, reflect, scripted

STEPS = 60
UPSTREAM_CONFIG = Path(minisweagent.__file__).parent / "config/benchmarks/swebench.yaml"


def tokens(text: str) -> int:
    return litellm.token_counter(model="gpt-4o", text=text)


def long_episode() -> list[str]:
    answers = []
    for i in range(STEPS):
        thought = f"Step {i}: " + "the quantity is dropped somewhere between add and total, so check it. " * 5
        if i % 3 == 0:
            action = act(thought + "See [the sum](shop/cart.py:12).", "open", "shop/cart.py:12")
        else:  # about 3000 characters of output, like a test run or a file listing
            action = act(
                thought, "bash", f"python -c \"print('\\n'.join('line %d of output {i}' % n for n in range(150)))\""
            )
        if i:
            summary = f"Operation {i} showed 150 lines of output; nothing new about Cart.total at shop/cart.py:12. " * 2
            answers.append(reflect(i % 9 == 0, summary, "prefer open over cat" if i % 10 == 0 else ""))
        answers.append(action)
    answers += [reflect(False, "done"), act("Submit.", "submit", "")]
    return answers


def test_prompt_at_step_60_is_lean(env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path) -> None:
    task = "Cart.total() ignores the quantity of each item. " * 20
    config = agent_config | {"step_limit": 0}
    agent = LLMIDEAgent(RecordingModel(outputs=scripted(*long_episode())), env, **config)
    assert agent.run(task)["exit_status"] == "Submitted"
    assert agent.memory.n_operations == STEPS + 1

    reflection_call, action_call = agent.model.calls[-2:]  # type: ignore[attr-defined]
    assert action_call[: len(reflection_call)] == reflection_call
    ours = tokens(flat(action_call))

    upstream = yaml.safe_load(UPSTREAM_CONFIG.read_text())
    observation = Template(upstream["model"]["observation_template"])
    full = tokens(upstream["agent"]["system_template"]) + tokens(
        Template(upstream["agent"]["instance_template"]).render(task=task)
    )
    answers = [m for m in agent.messages if m.get("role") == "assistant" and "<action_type>" in m["content"]]
    outputs = [m["extra"] for m in agent.messages if "raw_output" in m.get("extra", {})]
    for answer, out in zip(answers, outputs, strict=False):
        rendered = {"output": out["raw_output"], "returncode": out["returncode"], "exception_info": ""}
        full += tokens(answer["content"]) + tokens(observation.render(output=rendered))

    assert ours <= 6_000, ours
    assert full >= 3 * ours, (ours, full)
