"""LLMIDEEnvironment: tools from `environment.tools`, the Tool Usage text, reproduction scripts, the shared code
context an attached editor sees, and the actions usable without an agent (as benchmarks drive them)."""

from __future__ import annotations

import subprocess

import pytest
import yaml
from pydantic import ValidationError

from agent.actions import Actions
from agent.environment import LLMIDEEnvironmentConfig, ToolEntry, tool_specs
from provisioner.spec import DEFAULT_SPECS_DIR, load_spec
from tests.agent_e2e.conftest import TESTBED

MORE = "more_itertools/more.py"


@pytest.mark.docker
def test_tool_usage_is_the_actions_then_each_tools_usage(ide_env):
    usage = ide_env.tool_usage()
    assert usage.startswith("One action per response.")
    assert "\n  find_symbol  NAME | Class.method" in usage
    assert "The issue reproduces with: `reproduce` (run it with bash)." in usage
    debugger, fileedit = usage.index("debugger break FILE:LINE"), usage.index("fileedit replace FILE --old TEXT")
    assert usage.index("submit ") < debugger < fileedit
    assert "lsp-bridge connect" not in usage  # `usage: ""` hides a tool from the agent


@pytest.mark.docker
def test_upstream_execute_setup_script_once_and_reproduce(ide_env):
    assert ide_env.execute({"command": "cat /tmp/setup-count"}) == {
        "output": "once\n",
        "returncode": 0,
        "exception_info": "",
    }
    reproduced = ide_env.execute({"command": "reproduce"})
    assert reproduced["returncode"] == 1 and "1 failed" in reproduced["output"]
    assert ide_env.execute({"command": "which python"})["output"].strip() == "/opt/testbed-env/bin/python"


@pytest.mark.docker
def test_agent_context_is_rendered_and_shown_to_an_attached_editor(ide_env):
    from lsp_bridge.client import BridgeClient

    chunks = [{"file": MORE, "class": None, "function": "last", "whole_function": False, "lines": [238], "score": 0.9}]
    text = ide_env.render_context(chunks)
    assert text.startswith(f"### File: `{MORE}`") and "return iterable[len(iterable)]" in text
    ide_env.set_agent_context(chunks)
    editor = BridgeClient(["docker", "exec", "-i", ide_env.container_id, "lsp-bridge", "connect"])
    try:
        shared = editor.request("lspBridge/agentContext", {})["chunks"]
    finally:
        editor.close()
    assert [(c["file"], c["function"], c["lines"]) for c in shared] == [(MORE, "last", [238])]


@pytest.mark.docker
def test_trajectory_records_the_provisioned_image(ide_env):
    tools = ide_env.serialize()["info"]["config"]["environment_tools"]
    assert tools["base_image"] == TESTBED and tools["image"].startswith(f"{TESTBED}-tp-")
    assert [t["name"] for t in tools["tools"]] == ["debugger", "fileedit", "lsp"]


@pytest.mark.docker
def test_actions_without_an_agent(ide_env):
    """What bench/agent_bench.py does: a BridgeClient and a shell runner, no environment or agent."""
    from lsp_bridge.client import BridgeClient

    def run_shell(command: str) -> tuple[str, int]:
        done = subprocess.run(
            ["docker", "exec", "-w", "/testbed", ide_env.container_id, "bash", "-c", command],
            capture_output=True,
            text=True,
        )
        return done.stdout + done.stderr, done.returncode

    with BridgeClient.docker(ide_env.container_id) as bridge:
        actions = Actions(bridge, run_shell)
        found = actions.execute("find_symbol", "nth_or_last")
        lines = found.observation.split("\n")  # the only definition, a short function: shown whole from its def line
        assert lines[:2] == [f"### File: `{MORE}`", "253 def nth_or_last(iterable, n, default=_marker):"]
        assert actions.execute("bash", "git rev-parse --is-inside-work-tree").observation == "true\n"


def test_tool_names_alone_use_toolprovs_specs():
    assert tool_specs([ToolEntry(name="debugger"), ToolEntry(name="lsp", usage="")]) == (
        ["debugger", "lsp"],
        DEFAULT_SPECS_DIR,
    )


def test_seed_fields_override_a_spec_in_a_generated_folder(tmp_path):
    names, folder = tool_specs(
        [ToolEntry(name="lsp"), ToolEntry(name="fileedit", installation_script="echo ready > {{ tool_dir }}/READY")]
    )
    assert names == ["lsp", "fileedit"] and folder != DEFAULT_SPECS_DIR
    fileedit, lsp = load_spec(folder / "fileedit.yaml"), load_spec(folder / "lsp.yaml")
    assert fileedit.setup_script == "echo ready > {{ tool_dir }}/READY"
    assert fileedit.source == (DEFAULT_SPECS_DIR / "fileedit").resolve()
    # an untouched spec keeps its content key: only the source's location is spelled out
    assert lsp.canonical() == load_spec(DEFAULT_SPECS_DIR / "lsp.yaml").canonical()
    source = tmp_path / "mytool"
    source.mkdir()
    (source / "pyproject.toml").write_text('[project]\nname = "mytool"\nversion = "1.0"\n')
    _, folder = tool_specs([ToolEntry(name="mytool", source=str(source), command="mytool", usage="mytool: does X")])
    spec = yaml.safe_load((folder / "mytool.yaml").read_text())
    assert (spec["source"], spec["executable"], spec["check"]) == (str(source), "mytool", "command -v mytool")


@pytest.mark.parametrize(
    ("tools", "message"),
    [
        ([{"name": "debugger", "target": "/opt/debugger", "command": "dbg"}], "toolprov copies sources to /tools"),
        ([{"name": "nosuchtool", "usage": "x", "command": "x"}], "no spec"),
        # entries that change no spec: provisioning ignored the target and failed on the missing spec (SpecError)
        ([{"name": "lsp", "target": "/opt/x"}], r"tools\[lsp\]\.target: toolprov copies sources to /tools/lsp"),
        (["debugger", {"name": "nosuchtool"}], r"tools\[nosuchtool\]: no spec .*nosuchtool.yaml and no source"),
    ],
)
def test_tool_entries_that_cannot_be_provisioned(tools, message):
    """Refused by the config (so `mini-extra swebench` stops before any instance: README, config errors), and by
    tool_specs for a caller that builds entries alone."""
    with pytest.raises(ValidationError, match=message):
        LLMIDEEnvironmentConfig(image="x", tools=tools)
    entries = [ToolEntry(**t) if isinstance(t, dict) else ToolEntry(name=t) for t in tools]
    if any(e.changes_spec for e in entries):
        with pytest.raises(ValueError, match=message):
            tool_specs(entries)


def test_tool_entries_accept_only_the_seed_fields():
    with pytest.raises(ValidationError, match="installation"):
        LLMIDEEnvironmentConfig.model_validate({"image": "x", "tools": [{"name": "debugger", "installation": "pip"}]})


@pytest.mark.docker
def test_the_start_waits_for_the_first_index(engine):
    """The first LSP action must not spend its request timeout on indexing: a workspace of some size (the image's
    standard library, about 670 files) is indexed before the environment is handed to the agent."""
    from agent.environment import LLMIDEEnvironment
    from tests.agent_e2e.conftest import SWEBENCH_ENV, remove_container

    env = LLMIDEEnvironment(image=TESTBED, tools=["lsp"], lsp_workspace="/usr/lib/python3.11", **SWEBENCH_ENV)
    try:
        status = env.bridge.status()
        assert status["ready"] is True and status["files"] > 600
    finally:
        env.cleanup()
        remove_container(env.container_id)
