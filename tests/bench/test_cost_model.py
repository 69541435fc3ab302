"""The cost model's caching rules on hand-made requests (exact token counts: `user:\\n` is 2 tokens, " x" * n is n),
prices from litellm's bundled cost map, and the bench's cost part on a tiny repository over a real lsp-bridge."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from cost_model import (
    AnthropicCache,
    Call,
    OpenAICache,
    Price,
    Totals,
    common_prefix,
    encode,
    output_tokens,
    price_calls,
    request,
    text_at,
    with_upstream_cache_control,
    without_cache_control,
)


def msg(role: str, text: str, mark: bool = False) -> dict:
    if mark:
        return {"role": role, "content": [{"type": "text", "text": text, "cache_control": {"type": "ephemeral"}}]}
    return {"role": role, "content": text}


def words(word: str, n: int) -> str:
    return f" {word}" * n


def lookups(cache: OpenAICache | AnthropicCache, calls: list[list[dict]]) -> list[tuple[int, int, int]]:
    """(input, cached, written) per call, in order."""
    out = []
    for messages in calls:
        req = request(messages)
        out.append((req.n, *cache.lookup(req)))
    return out


def test_tokens_are_counted_per_block() -> None:
    assert len(encode(words("x", 1000))) == 1000
    assert len(encode(words("y", 300) + words("z", 200))) == 500
    req = request([msg("system", words("x", 998)), msg("user", words("y", 10), mark=True)])
    assert (req.n, req.ends, req.breakpoints) == (1012, [1000, 1012], [1])


def test_openai_rule_rounds_to_128_from_1024_against_any_earlier_call() -> None:
    system = msg("system", words("x", 998))  # 1000 tokens with its header
    calls = [
        [system, msg("user", words("y", 500))],  # 1502: nothing before it
        [system, msg("user", words("y", 300) + words("z", 200))],  # shares 1302 with call 1: 10 chunks of 128
        [system, msg("user", words("y", 500) + words("w", 100))],  # all of call 1 (1502, not call 2's 1302): 11 chunks
        [msg("system", words("x", 900)), msg("user", words("v", 400))],  # shares 902 < 1024: nothing
    ]
    assert lookups(OpenAICache(), calls) == [(1502, 0, 0), (1502, 1280, 0), (1602, 1408, 0), (1304, 0, 0)]
    first, second = request(calls[0]), request(calls[1])
    assert common_prefix(first, second) == 1302 and text_at(second, 1302, 3) == " z z z"


def test_anthropic_rule_breakpoints_read_write_minimum() -> None:
    system = msg("system", words("x", 1498), mark=True)  # a 1500-token breakpoint prefix
    calls = [
        [system, msg("user", words("y", 100))],  # writes 1500, reads nothing
        [system, msg("user", words("z", 50))],  # reads the system prefix
        [msg("system", words("x", 1498)), msg("user", words("z", 50))],  # no breakpoint: nothing read or written
        [msg("system", words("u", 998), mark=True), msg("user", words("z", 50))],  # 1000 < 1024: not written
        [msg("system", words("u", 998), mark=True), msg("user", words("z", 50))],  # so not read either
    ]
    assert lookups(AnthropicCache(), calls) == [
        (1602, 0, 1500),
        (1552, 1500, 0),
        (1552, 0, 0),
        (1052, 0, 0),
        (1052, 0, 0),
    ]
    with pytest.raises(ValueError, match="5 cache_control breakpoints"):
        AnthropicCache().lookup(request([msg("user", words("a", 10), mark=True) for _ in range(5)]))


def test_anthropic_lookback_reads_the_previous_breakpoint_of_a_growing_chat() -> None:
    """Upstream's `default_end` marks only the last message; the next call finds the earlier entry by looking back."""
    chat = [msg("system", words("x", 1498)), msg("user", words("y", 100))]
    first = with_upstream_cache_control(chat)
    second = with_upstream_cache_control([*chat, msg("assistant", words("b", 50)), msg("user", words("c", 100))])
    assert "cache_control" in first[-1]["content"][0] and isinstance(second[1]["content"], str)
    assert lookups(AnthropicCache(), [first, second]) == [(1602, 0, 1602), (1756, 1602, 154)]


def test_prices_come_from_the_bundled_cost_map() -> None:
    import litellm

    mini, sonnet = Price.of("gpt-5-mini"), Price.of("claude-sonnet-4-5")
    assert mini == Price("gpt-5-mini", "openai", 2.5e-07, 2.5e-08, 2.5e-07, 2e-06)
    assert Price.of("gpt-4o") == Price("gpt-4o", "openai", 2.5e-06, 1.25e-06, 2.5e-06, 1e-05)
    assert sonnet == Price("claude-sonnet-4-5", "anthropic", 3e-06, 3e-07, 3.75e-06, 1.5e-05)
    assert sonnet.cache_write == litellm.model_cost["claude-sonnet-4-5"]["cache_creation_input_token_cost"]
    with pytest.raises(KeyError, match="not in litellm"):
        Price.of("no-such-model")


def test_costs_per_call_and_totals() -> None:
    system = msg("system", words("x", 1498), mark=True)
    calls = [
        Call([system, msg("user", words("y", 100))], words("o", 20), 1),
        Call([system, msg("user", words("z", 50))], words("o", 10), 2),
    ]
    requests = [request(c.messages) for c in calls]
    assert output_tokens(calls) == [20, 10] and output_tokens(calls, reasoning=100, fixed=5) == [105, 105]
    sonnet = Price.of("claude-sonnet-4-5")
    first, second = price_calls(requests, output_tokens(calls, reasoning=100), sonnet)
    assert (first.uncached, second.uncached) == (102, 52)
    assert first.input_cost == pytest.approx(1500 * 3.75e-06 + 102 * 3e-06)
    assert second.cost == pytest.approx(1500 * 3e-07 + 52 * 3e-06 + 110 * 1.5e-05)
    # the same requests under OpenAI's rule at a synthetic 10 %: call 2 shares 1502 tokens -> 1408 cached
    t = Totals.of(price_calls(requests, [0, 0], Price.cached_at(0.10)))
    assert (t.calls, t.input, t.cached, t.uncached) == (2, 3154, 1408, 1746)
    assert t.input_cost == pytest.approx(1746 + 140.8)


CART = """\
class Cart:
    def total(self):
        return sum(self.items)


def checkout(cart):
    return cart.total()
"""


@pytest.mark.parametrize(("single_call", "ide_steps"), [(False, [1, 2, 2, 3, 3, 4, 4]), (True, [1, 2, 3, 4])])
def test_cost_part_records_both_agents_calls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], single_call: bool, ide_steps: list[int]
) -> None:
    """The bench's cost part on a tiny git repository over a real lsp-bridge: both agents run the same plan (an edit,
    then a submission ends the run), every call is captured as sent, priced and reported; LLMIDEAgent answers a
    reflection and an action per step, or both in one answer."""
    import agent_bench

    from lsp_bridge.client import BridgeClient

    (tmp_path / "shop").mkdir()
    (tmp_path / "shop/__init__.py").write_text("")
    (tmp_path / "shop/cart.py").write_text(CART)
    root = agent_bench.git_copy(tmp_path, "shop-repo")
    plan = [
        ("Where is the total?", "find_symbol", "Cart.total"),
        ("Read it.", "open", "shop/cart.py:2"),
        ("Fix it.", "bash", "sed -i 's/sum(self.items)/sum(self.items) or 0/' shop/cart.py"),
        ("Submit.", "submit", ""),
    ]
    with BridgeClient.local(root) as bridge:
        bridge.sync()
        calls = agent_bench.cost_episode(plan, "Cart.total fails on an empty cart.", root, bridge, single_call)
    ide, claude, base = calls["LLMIDEAgent"], calls["LLMIDEAgent@claude"], calls["DefaultAgent"]
    assert [c.step for c in base] == [1, 2, 3, 4]
    assert [c.step for c in ide] == [c.step for c in claude] == ide_steps
    for earlier, later in itertools.pairwise(base):  # upstream's chat only appends
        assert later.messages[: len(earlier.messages)] == earlier.messages
    assert all("extra" not in m for c in ide + base for m in c.messages)
    assert "@submit" in base[-1].output and "<action_type>submit</action_type>" in ide[-1].output
    assert ("<summary>Step 3: Fix it.</summary>" in ide[-1].output) is single_call
    # under a Claude model name the agent marks its own breakpoints; the same text otherwise
    assert not any(request(c.messages).breakpoints for c in ide)
    assert all(0 < len(request(c.messages).breakpoints) <= 4 for c in claude)
    assert [request(c.messages).tokens.tolist() for c in ide] == [request(c.messages).tokens.tolist() for c in claude]
    # the repository is back at HEAD after each run
    assert subprocess.run(["git", "status", "--short"], cwd=root, capture_output=True, text=True).stdout == ""

    tables = agent_bench.cost_tables(calls, reasoning=100, fixed_output=None)
    summary = agent_bench.report_cost("tiny", tables, (2, 4), 100, None)
    agent_bench.report_cost_goals(summary, None, at=4)
    out = capsys.readouterr().out
    assert summary[4]["DefaultAgent"]["gpt-5-mini"].calls == 4
    assert summary[4]["LLMIDEAgent"]["@10%"].calls == summary[4]["LLMIDEAgent"]["claude-sonnet-4-5"].calls == len(ide)
    assert summary[2]["LLMIDEAgent"]["gpt-4o"].calls == ide_steps.count(1) + ide_steps.count(2)
    assert summary[4]["DefaultAgent"]["gpt-5-mini"].output == sum(len(encode(c.output)) + 100 for c in base)
    assert "    4 ratio" in out and "total cost, output at gpt-5-mini, over 4 steps" in out


@pytest.mark.parametrize("opened", [False, True])
def test_an_edit_of_a_function_not_on_screen_is_preceded_by_opening_it(tmp_path: Path, opened: bool) -> None:
    """LLMIDEAgent edits from what its prompt shows: before an edit of a function its prompt does not show, it opens
    the function again (a step DefaultAgent, whose chat keeps every observation, does not take); right after opening
    it, it does not."""
    import agent_bench

    from lsp_bridge.client import BridgeClient

    (tmp_path / "shop").mkdir()
    (tmp_path / "shop/__init__.py").write_text("")
    (tmp_path / "shop/cart.py").write_text(CART)
    root = agent_bench.git_copy(tmp_path, f"shop-edit-{opened}")
    edit = ("Fix it.", "bash", "sed -i '2a\\        # the fix goes here' shop/cart.py")
    plan = [("Read it.", "open", "shop/cart.py:2")] * opened + [edit, ("Submit.", "submit", "")]
    assert agent_bench.edit_needs(plan, root) == {
        int(opened): ("shop/cart.py:2", ["def total(self):", "return sum(self.items)"])
    }
    stats: dict = {}
    with BridgeClient.local(root) as bridge:
        bridge.sync()
        calls = agent_bench.cost_episode(plan, "Cart.total fails on an empty cart.", root, bridge, True, stats=stats)
    actions = [c.output.split("<action_type>")[1].split("</action_type>")[0] for c in calls["LLMIDEAgent"]]
    assert stats == {"refetches": 0 if opened else 1}
    assert actions == (["open", "bash", "submit"])
    assert "<action_params>shop/cart.py:2</action_params>" in calls["LLMIDEAgent"][0].output
    assert len(calls["DefaultAgent"]) == len(plan)


def test_realistic_plans_with_each_agents_own_tools(tmp_path: Path) -> None:
    """The realistic episode's plan for the same task two ways, on a real repository over a real lsp-bridge: with the
    agent's actions, and as a grep/sed/cat agent makes it (every step a shell command: the grep/sed policy's def lines
    and sed windows, references as a word grep, the overview as def/class lines, the function read again by sed);
    both end with the same edit, diff and submission, and DefaultAgent runs the grep plan to the submission."""
    import agent_bench
    from localization.search import Gold, Task
    from test_agent_bench_smoke import CART as SHOP  # Cart.total, called by checkout

    from lsp_bridge.client import BridgeClient

    (tmp_path / "shop").mkdir()
    (tmp_path / "shop/__init__.py").write_text("")
    (tmp_path / "shop/cart.py").write_text(SHOP)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_cart.py").write_text(
        "from shop.cart import Cart\n\n\ndef test_total():\n    Cart().total()\n"
    )
    root = agent_bench.git_copy(tmp_path, "shop-plans")
    gold = [Gold("shop/cart.py", "Cart.total")]
    task = Task("cart", "shop", "1", "2", False, "Cart.total ignores the quantity.", gold)
    with BridgeClient.local(root) as bridge:
        bridge.sync()
        actions = agent_bench.realistic_plan(root, bridge, [task], 1, 1, 2)
        grep = agent_bench.realistic_plan(root, bridge, [task], 1, 1, 2, grep=True)
        calls = agent_bench.default_calls(grep, task.problem, root, bridge)
    assert {kind for _, kind, _ in actions} > {"find_symbol", "references", "overview", "open", "bash"}
    assert {kind for _, kind, _ in grep} == {"bash", "submit"}
    commands = [params for _, kind, params in grep if kind == "bash"]
    assert commands[0].startswith("grep -rnE") and "def|class" in commands[0]  # the policy's find Cart.total
    assert any(c.startswith("grep -rn -w") and "'total'" in c for c in commands)  # its references
    assert "grep -nE '^\\s*(async\\s+)?(def|class) ' shop/cart.py" in commands  # its file's overview
    assert "grep -rn 'total' tests/ | head -20" in commands
    # the fix: the same edits and diff in both plans; the function read again as one sed window instead of `open`
    assert actions[-6:-1] != grep[-6:-1] and actions[-5:-2] == grep[-5:-2] and grep[-1] == actions[-1]
    assert actions[-2][1:] == ("open", "shop/cart.py:5") and grep[-2][1:] == ("bash", "sed -n '5,44p' shop/cart.py")
    assert [c.step for c in calls] == list(range(1, len(grep) + 1)) and "@submit" in calls[-1].output
    assert "def total(self):" in calls[-1].messages[-1]["content"]  # the last sed window's observation


def test_which_configs_get_upstreams_marking(tmp_path: Path) -> None:
    """get_model adds `default_end` to a Claude model unless the model config sets `set_cache_control`."""
    import agent_bench

    (tmp_path / "own.yaml").write_text("model:\n  set_cache_control: null\n")
    (tmp_path / "plain.yaml").write_text("model:\n  model_class: x\n")
    assert agent_bench.upstream_marks_claude(None)
    assert agent_bench.upstream_marks_claude(tmp_path / "plain.yaml")
    assert not agent_bench.upstream_marks_claude(tmp_path / "own.yaml")
    marked = [msg("system", "a", mark=True), {"role": "tool", "content": "b", "cache_control": {"type": "ephemeral"}}]
    assert without_cache_control(marked) == [
        {"role": "system", "content": [{"type": "text", "text": "a"}]},
        {"role": "tool", "content": "b"},
    ]


def test_agent_set_assigns_nested_yaml_values_and_rejects_malformed_ones() -> None:
    import agent_bench
    import typer

    config = {"prompt_layout": {"rebuild_chars": 6000}, "memory": {"gamma": 0.85}}
    agent_bench.set_keys(config, ["prompt_layout.rebuild_chars=9000", "memory.recent_nodes=5", "single_call=true"])
    assert config == {
        "prompt_layout": {"rebuild_chars": 9000},
        "memory": {"gamma": 0.85, "recent_nodes": 5},
        "single_call": True,
    }
    for bad in ("rebuild_chars", "=1", "memory.gamma.x=1"):
        with pytest.raises(typer.BadParameter):
            agent_bench.set_keys(config, [bad])
