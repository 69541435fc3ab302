"""A real editor: headless Neovim (Debian's 0.7) attaches through `lsp-bridge connect` and sees the agent's context."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from lsp_bridge.client import BridgeClient
from tests.lsp_bridge.test_daemon import connect_command, wait_until

HERE = Path(__file__).parent


@pytest.mark.skipif(shutil.which("nvim") is None, reason="needs Neovim (apt-get install neovim)")
def test_neovim_attaches_and_gets_symbols_definition_and_agent_context(shop, tmp_path):
    sock = tmp_path / "nvim.sock"
    command = connect_command(shop, sock, tmp_path / "cache")
    agent = BridgeClient(command)  # starts the daemon
    try:
        agent.set_agent_context([{"file": "app.py", "function": "main", "lines": [9], "score": 0.75}])
        out = tmp_path / "out.json"
        env = {**os.environ, "ROOT": str(shop), "CMD": json.dumps(command), "OUT": str(out)}
        subprocess.run(
            ["nvim", "--headless", "-n", "-i", "NONE", "-u", "NONE", "-c", f"luafile {HERE / 'nvim_attach.lua'}"],
            env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=90, check=True,
        )  # fmt: skip
        result = json.loads(out.read_text())
        assert "error" not in result, result.get("error")
        assert [s["name"] for s in result["symbols"]] == ["main"]
        assert result["symbols"][0]["selectionRange"]["start"] == {"line": 5, "character": 4}
        assert [(d["uri"], d["range"]["start"]) for d in result["definition"]] == [
            ((shop / "shop/pricing.py").as_uri(), {"line": 0, "character": 4})
        ]
        assert result["diagnostics"] == [{"lnum": 5, "message": "agent context: main (score 0.75)"}]
        assert agent.status()["sessions"] == 1  # Neovim's exit ended its session only
    finally:
        agent.close()
        os.kill(int(Path(f"{sock}.pid").read_text()), signal.SIGTERM)
    assert wait_until(lambda: not sock.exists())
