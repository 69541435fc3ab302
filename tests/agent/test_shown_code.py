"""What the prompt's code context already shows (`agent.context.ShownCode`), matched against the bridge's own
renderings: a line that continues the statement above it (a signature's parameters, a docstring's lines) is rendered
without a number, and an observation holding such lines is still recognised as shown."""

from __future__ import annotations

from pathlib import Path

from agent.context import ShownCode, elide, normalized, within
from lsp_bridge.client import BridgeClient

PAY = '''\
def pay(
    amount,
    currency="EUR",
):
    """Pay an amount.

    The amount is in cents.
    """
    return amount, currency
'''
MARKER = "... ({n} lines shown in Code Context above) ..."


def test_continuation_lines_count_as_shown(repo: Path, bridge: BridgeClient) -> None:
    (repo / "shop/pay.py").write_text(PAY)
    bridge.sync()
    chunk = {"file": "shop/pay.py", "class": None, "function": "pay", "whole_function": True, "lines": [1]}
    shown = ShownCode()
    shown.add([chunk], bridge.render_blocks([chunk]))
    observation = bridge.locate(file="shop/pay.py", line=9, whole_function=True)["text"]
    rows = observation.splitlines()
    assert "1 def pay(" in rows and "      amount," in rows and "      The amount is in cents." in rows  # no numbers
    assert within(observation, shown.texts())  # `open pay`: the prompt says it is in Code Context
    elided = elide(observation + "\n(1 more)", normalized(shown.texts()), MARKER)
    assert elided == "... (8 lines shown in Code Context above) ...\n(1 more)"  # 8 code lines, the blank one aside
    # lines the code context does not show stay, and a run of unnumbered lines alone is never left out
    assert not within(observation + "\n    return amount * 2", shown.texts())
    assert elide('    amount,\n    currency="EUR",\n):\n', normalized(shown.texts()), MARKER).count("amount") == 1
