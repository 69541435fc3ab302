"""The bridge provisioned by toolprov into the testbed images, driven with `docker exec -i <ctr> lsp-bridge connect`."""

from __future__ import annotations

import pytest

from lsp_bridge.client import BridgeClient
from tests.conftest import TESTBED, TESTBED_PY39, sh
from tests.lsp_bridge.test_daemon import wait_until

pytestmark = pytest.mark.docker


def grep_line(container, pattern: str, file: str) -> int:
    code, out = sh(container, f"grep -n -m1 -E '{pattern}' /testbed/{file}")
    assert code == 0, out
    return int(out.split(":", 1)[0])


@pytest.fixture(scope="module")
def lsp_image(provisioned) -> str:
    return provisioned(["lsp"], TESTBED)


def test_provisioned_bridge_answers_the_agent_and_an_editor(lsp_image, container_of):
    ctr = container_of(lsp_image)
    assert sh(ctr, "lsp-bridge --version")[1].strip() == "lsp-bridge 0.1.0"
    agent = BridgeClient.docker(ctr.id, timeout=60)
    editor = BridgeClient.docker(ctr.id, timeout=60)
    try:
        agent.sync()  # returns once the index has loaded
        status = agent.status()
        assert (status["root"], status["ready"], status["sessions"]) == ("/testbed", True, 2)
        # the index was warmed while provisioning: nothing had to be parsed again
        assert status["stats"]["from_cache"] == status["stats"]["files"] > 5
        use = grep_line(ctr, r"^\s+.*[^_a-z]take\(", "more_itertools/more.py")
        defined = grep_line(ctr, r"^def take\(", "more_itertools/recipes.py")
        assert [(d["file"], d["line"]) for d in agent.definition("more_itertools/more.py", use, name="take")] == [
            ("more_itertools/recipes.py", defined)
        ]
        refs = editor.references("more_itertools/recipes.py", defined, name="take")
        assert ("more_itertools/more.py", use) in {(r["file"], r["line"]) for r in refs}
        windowed = agent.workspace_symbols("windowed")[0]
        assert (windowed["file"], windowed["kind"]) == ("more_itertools/more.py", "Function")
        text = agent.render_context([{"file": "more_itertools/recipes.py", "function": "take", "whole_function": True}])
        header, first = text.splitlines()[:2]  # numbers are left-aligned to the block's widest one
        assert (header, first.split(maxsplit=1)) == (
            "### File: `more_itertools/recipes.py`",
            [str(defined), "def take(n, iterable):"],
        )
        # a shell command changes the repository; the bridge notices without being told
        code, _ = sh(ctr, "printf '\\n\\ndef brand_new_helper():\\n    return 1\\n' >> /testbed/more_itertools/more.py")
        assert code == 0
        found = wait_until(lambda: editor.workspace_symbols("brand_new_helper"), timeout=15)
        assert [(s["name"], s["file"]) for s in found] == [("brand_new_helper", "more_itertools/more.py")]
        # nothing listens on TCP/UDP: the daemon is reachable through its Unix socket only
        code, out = sh(ctr, "cat /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6 2>/dev/null")
        assert [line for line in out.splitlines()[1:] if line.split()[3:4] == ["0A"]] == []
        assert sh(ctr, 'test "$(stat -c %a /tmp/lsp-bridge-0)" = 700 && ls /tmp/lsp-bridge-0/*.sock')[0] == 0
    finally:
        editor.close()
        agent.close()


def test_provisioned_bridge_runs_on_python_39(provisioned, container_of):
    ctr = container_of(provisioned(["lsp"], TESTBED_PY39))
    code, out = sh(ctr, "lsp-bridge check")
    assert code == 0, out
    assert "python 3.9" in out.splitlines()[0]
    with BridgeClient.docker(ctr.id, timeout=60) as bridge:
        symbols = bridge.document_symbols("more_itertools/recipes.py")
        assert "take" in [s["name"] for s in symbols]
        assert bridge.locate(symbol="take")["chunks"][0]["file"] == "more_itertools/recipes.py"
