"""The code context costs a bridge round trip only for what changed: a file whose chunks are unchanged is not
rendered again after a read-only action (open), nor after one that may change files (bash) but left its text as it
was (the bridge's digest of the text the rendering came from is unchanged); a file that did change is rendered again,
and the prompt always shows the bridge's rendering of the current files, also when a file cannot be rendered."""

from __future__ import annotations

from typing import Any

from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from agent.types import ChunkRef
from tests.agent.conftest import BridgeTestEnvironment, act, reflect, scripted, sections_of

CART, TEST = "shop/cart.py", "tests/test_cart.py"
FIX = "sed -i 's/total += price$/total += price * qty/' shop/cart.py"


def test_unchanged_files_are_not_rendered_again(env: BridgeTestEnvironment, agent_config: dict[str, Any]) -> None:
    outputs = scripted(
        act("Where is the total?", "open", f"{CART}:12"),
        reflect(False, "Cart.total at shop/cart.py:12."),
        act("And the test?", "open", f"{TEST}:5"),
        reflect(False, "test_total at tests/test_cart.py:4."),
        act("The total again.", "open", f"{CART}:12"),
        reflect(False, "Same code."),
        act("Anything changed?", "bash", "git status --short"),
        reflect(False, "Nothing changed."),
        act("Multiply by qty.", "bash", FIX),
        reflect(False, "Fixed."),
        act("Submit.", "submit", ""),
    )
    agent = LLMIDEAgent(DeterministicModel(outputs=outputs), env, **agent_config)
    assert agent.run("Cart.total() ignores the quantity.")["exit_status"] == "Submitted"

    # op 1: cart.py; op 2: only the new file; op 3: nothing changed; op 4 (bash, no file changed): nothing rendered
    # again; op 5 (bash, the fix): only the file it changed
    assert env.rendered == [[CART], [TEST], [CART]]
    assert len(env.pushed) == 5  # the live context goes to the bridge after every operation all the same
    prompts = [sections_of(m) for m in agent.messages if m.get("extra", {}).get("llm_ide", {}).get("phase")]
    # no rebuild in 6 steps: each file's code came in once, as the update after the step that opened it; the edit
    # brought the changed file again (the update after step 5), rendered as the bridge renders its chunks now
    updates = [p["context_update"] for p in prompts if "context_update" in p]
    assert [u.splitlines()[0] for u in updates] == [
        f"Code Context update after step {i} (these files as they are now):" for i in (1, 2, 5)
    ]
    assert "total += price\n" in updates[0] and f"### File: `{TEST}`" in updates[1] and TEST not in updates[2]
    chunks = [c.to_bridge() for c in agent.memory.code_context.chunks]
    assert [c["file"] for c in chunks] == [CART, TEST]
    assert updates[2].endswith("\n" + env.bridge.render_context(chunks[:1]))
    assert "total += price * qty" in updates[2]
    assert "Observation (returncode 0): the code it showed, now in Code Context above." in prompts[5]["last_step"]


def test_a_file_the_bridge_cannot_find_leaves_the_others_shown(
    env: BridgeTestEnvironment, agent_config: dict[str, Any]
) -> None:
    agent = LLMIDEAgent(DeterministicModel(outputs=[]), env, **agent_config)
    for file, lines in ((CART, (12,)), ("gone.py", (3,)), (TEST, (5,))):
        agent.memory.record_operation("", [ChunkRef(file, None, None, False, lines)])
    chunks = [c.to_bridge() for c in agent.memory.code_context.chunks]
    text = agent.render_code_context()
    assert text == env.bridge.render_context(chunks)
    assert text.startswith(f"### File: `{CART}`") and f"\n\n### File: `{TEST}`" in text and "gone.py" not in text
