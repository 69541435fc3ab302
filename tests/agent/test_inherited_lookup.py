"""The agent's `find_symbol` / `open` of an inherited method (`Child.run`) land on the base's definition at once,
over a real local lsp-bridge (no second search by the bare name)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from agent.actions.executor import Actions
from agent.types import ChunkRef
from lsp_bridge.client import BridgeClient

FILES = {
    "base.py": "class Base:\n    def run(self):\n        return 1\n",
    "child.py": "from base import Base\n\n\nclass Child(Base):\n    pass\n\n\ndef run():\n    return 0\n",
}


def test_find_symbol_and_open_of_an_inherited_method_show_the_base_definition(tmp_path: Path):
    for rel, text in FILES.items():
        (tmp_path / rel).write_text(text)

    def run_shell(command: str) -> tuple[str, int]:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True)
        return done.stdout + done.stderr, done.returncode

    with BridgeClient.local(tmp_path, "--cache-dir", str(tmp_path / ".cache"), timeout=60) as bridge:
        actions = Actions(bridge, run_shell, root=str(tmp_path))
        found = actions.execute("find_symbol", "Child.run")
        # the one definition, not the module-level `run` of child.py: (short) the method whole, its block saying
        assert found.returncode == 0  # where it is (no located line above it)
        assert found.observation.splitlines() == [
            "### File: `base.py`",
            "1 class Base:",
            "2     def run(self):",
            "3         return 1",
        ]
        assert found.chunks == [ChunkRef("base.py", "Base", "run", True, (2, 3))]
        opened = actions.execute("open", "Child.run")
        assert opened.observation.splitlines() == [
            "### File: `base.py`",
            "1 class Base:",
            "2     def run(self):",
            "3         return 1",
        ]
        assert opened.chunks == [ChunkRef("base.py", "Base", "run", True, (2, 3))]
