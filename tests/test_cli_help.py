"""Every command's `--help` of the three CLIs works, as a user types it: a help text is rendered by rich, whose
markup reads `[/PATH]` as a closing tag (`toolprov install --help` exited 1 on such a text, session 19)."""

import subprocess
from typing import Any

import pytest
import typer

from agent.cli import app as llm_ide
from lsp_bridge.cli import COMMANDS as LSP_BRIDGE_COMMANDS
from provisioner.cli import app as toolprov


def command_paths(app: typer.Typer) -> list[list[str]]:
    """Every command path of a typer app, the app itself first (`[]`)."""

    def walk(command: Any, path: list[str]) -> list[list[str]]:  # typer's own (vendored) click classes
        subs = getattr(command, "commands", {})
        return [path] + [p for name, sub in sorted(subs.items()) if not sub.hidden for p in walk(sub, [*path, name])]

    return walk(typer.main.get_command(app), [])


CASES = (
    [["toolprov", *p] for p in command_paths(toolprov)]
    + [["llm-ide", *p] for p in command_paths(llm_ide)]
    + [["lsp-bridge"]] + [["lsp-bridge", c] for c in LSP_BRIDGE_COMMANDS]
)  # fmt: skip


def test_every_command_is_covered() -> None:
    assert ["toolprov", "install"] in CASES and ["llm-ide", "html"] in CASES and ["lsp-bridge", "daemon"] in CASES


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(c) for c in CASES])
def test_help(argv: list[str]) -> None:
    res = subprocess.run([*argv, "--help"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stderr == "" and "usage" in res.stdout.lower()
    if len(argv) > 1:
        assert argv[-1] in res.stdout  # the command's own help, not the app's
