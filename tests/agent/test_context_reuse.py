"""The code context costs a bridge round trip only for what changed: a file whose chunks are unchanged is not
rendered again after a read-only action (open), every file is after one that may change files (bash), and the
prompt always shows the bridge's rendering of the current files, also when a file cannot be rendered."""

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
        act("Multiply by qty.", "bash", FIX),
        reflect(False, "Fixed."),
        act("Submit.", "submit", ""),
    )
    agent = LLMIDEAgent(DeterministicModel(outputs=outputs), env, **agent_config)
    assert agent.run("Cart.total() ignores the quantity.")["exit_status"] == "Submitted"

    # op 1: cart.py; op 2: only the new file; op 3: nothing changed; op 4 (bash): every file again, in one request
    assert env.rendered == [[CART], [TEST], [CART, TEST]]
    assert len(env.pushed) == 4  # the live context goes to the bridge after every operation all the same
    prompts = [sections_of(m) for m in agent.messages if "phase" in m.get("extra", {}).get("llm_ide", {})]
    assert [("code_context" in p) for p in prompts] == [False, False, True, False, True, False, True, False, True]
    before, after = prompts[6]["code_context"], prompts[8]["code_context"]
    assert "total += price\n" in before and "price * qty" not in before
    assert "total += price * qty" in after
    # file by file, the same text as the bridge renders for all chunks at once
    chunks = [c.to_bridge() for c in agent.memory.code_context.chunks]
    assert [c["file"] for c in chunks] == [CART, TEST]
    assert after.endswith("\n" + env.bridge.render_context(chunks))


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
