"""The literal `mini-extra swebench` / `swebench-single` commands on two SWE-bench-like instances, with a scripted
model (`--model-class deterministic`): the LLM-IDE agent by default, the upstream agent by the documented switches.

Needs the startup hook (`llm-ide install-hook`, which scripts/setup.sh runs). The instance images' tools are
provisioned by the environment itself (cached by toolprov, so only a first run builds them).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.agent_e2e.instances import INSTANCES, Instance, run_test_with_patch, write_dataset
from tests.agent_e2e.scripted import llm_ide_outputs, upstream_outputs, write_outputs

pytestmark = pytest.mark.docker

MORE = "more_itertools/more.py"
RUN_ENV = {**os.environ, "HF_DATASETS_OFFLINE": "1", "MSWEA_SILENT_STARTUP": "1"}


def mini_extra(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(
        ["mini-extra", *args], cwd=cwd, env=env or RUN_ENV, capture_output=True, text=True, timeout=1200
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


@pytest.fixture(scope="module")
def work(tmp_path_factory, engine) -> Path:
    from agent.hook import status

    if not status()["pth_installed"]:
        pytest.fail("the startup hook is not installed: run `llm-ide install-hook` (scripts/setup.sh does)")
    root = tmp_path_factory.mktemp("e2e")
    write_dataset(root / "data")
    write_dataset(root / "one", INSTANCES[:1])
    write_outputs(root / "llm_ide.yaml", llm_ide_outputs())
    write_outputs(root / "upstream.yaml", upstream_outputs())
    return root


@pytest.fixture(scope="module")
def batch(work) -> Path:
    """The literal batch command over both instances, two at a time (each worker thread has its own environment,
    bridge session and provisioning of a different image)."""
    out = work / "batch"
    args = ["swebench", "--subset", str(work / "data"), "--split", "test", "--model-class", "deterministic"]
    mini_extra([*args, "-c", str(work / "llm_ide.yaml"), "-o", str(out), "--workers", "2"], work)
    return out


def trajectory(out: Path, instance: Instance) -> dict:
    return json.loads((out / instance.instance_id / f"{instance.instance_id}.traj.json").read_text())


@pytest.mark.parametrize("instance", INSTANCES, ids=lambda i: i.instance_id)
def test_batch_patch_makes_the_failing_test_pass_in_a_fresh_container(batch, instance):
    code, output = run_test_with_patch(instance.image_name, "")
    assert code != 0 and "1 failed" in output  # the instance's test really fails before the patch
    patch = json.loads((batch / "preds.json").read_text())[instance.instance_id]["model_patch"]
    assert patch.startswith(f"diff --git a/{MORE} b/{MORE}")
    assert "+            return iterable[-1]" in patch
    code, output = run_test_with_patch(instance.image_name, patch)
    assert code == 0 and "1 passed" in output, output


@pytest.mark.parametrize("instance", INSTANCES, ids=lambda i: i.instance_id)
def test_batch_trajectory_keeps_upstream_format_plus_tree_chain_chunks(batch, instance):
    traj = trajectory(batch, instance)
    info = traj["info"]
    assert traj["trajectory_format"] == "mini-swe-agent-1.1" and traj["instance_id"] == instance.instance_id
    assert info["exit_status"] == "Submitted"
    assert info["config"]["agent_type"] == "agent.llm_ide_agent.LLMIDEAgent"
    assert info["config"]["environment_type"] == "agent.environment.LLMIDEEnvironment"
    assert info["config"]["environment_tools"]["base_image"] == instance.image_name
    assert [t["name"] for t in info["config"]["environment_tools"]["tools"]] == ["debugger", "fileedit", "lsp"]

    memory = info["llm_ide"]["memory"]
    nodes = memory["nodes"]
    assert [n["action_type"] for n in nodes] == [
        "find_symbol", "open", "open", "references", "debugger", "debugger", "debugger", "debugger", "edit", "bash",
        "submit",
    ]  # fmt: skip
    # the bad `open` (node 1) became a sibling branch: its replacement (node 2) has the same parent
    assert (nodes[1]["bad_action"], nodes[1]["parent"], nodes[2]["parent"]) == (True, 0, 0)
    assert nodes[0]["children"] == [1, 2] and nodes[1]["children"] == []
    assert memory["chain"] == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # the chain skips the bad branch
    assert nodes[1]["lessons"] == ["open ranges are START-END with START <= END"]
    last = next(c for c in memory["chunks"] if c["function"] == "last" and c["whole_function"])
    assert last["file_path"] == MORE and last["lines"][0] == 224 and 238 in last["lines"]
    assert last["activity"]["accessed"][2] == 1 and sum(last["activity"]["referred"]) >= 3
    assert last["activity"]["score"] == max(c["activity"]["score"] for c in memory["chunks"])

    observations = [m for m in traj["messages"] if m.get("extra", {}).get("action")]
    by_type = {m["extra"]["action"]["action_type"]: m for m in observations}
    assert "IndexError" in "".join(
        m["content"] for m in observations if m["extra"]["action"]["action_type"] == "debugger"
    )
    found = by_type["find_symbol"]["content"]  # last, the only definition, shown whole from its numbered def line
    assert f"### File: `{MORE}`\n224 def last(iterable, default=_marker):\n" in found
    assert re.search(r"^238 +return iterable\[len\(iterable\)\]$", found, re.MULTILINE)  # the sequence branch
    assert all("memory" in m["extra"]["llm_ide"] for m in observations)  # the memory after every step
    assert info["submission"] == json.loads((batch / "preds.json").read_text())[instance.instance_id]["model_patch"]


def test_swebench_single_runs_the_llm_ide_agent(work):
    instance = INSTANCES[0]
    out = work / "single.traj.json"
    args = ["swebench-single", "--subset", str(work / "data"), "--split", "test", "-i", instance.instance_id]
    mini_extra([*args, "--model-class", "deterministic", "-c", str(work / "llm_ide.yaml"), "-o", str(out)], work)
    traj = json.loads(out.read_text())
    assert traj["info"]["config"]["agent_type"] == "agent.llm_ide_agent.LLMIDEAgent"
    assert traj["info"]["exit_status"] == "Submitted"
    assert traj["instance_id"] == instance.instance_id  # upstream's single runner names none; the environment does
    assert traj["info"]["llm_ide"]["memory"]["chain"] == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    code, output = run_test_with_patch(instance.image_name, traj["info"]["submission"])
    assert code == 0 and "1 passed" in output, output


def test_upstream_agent_by_environment_variable(work):
    """LLM_IDE_AGENT=upstream: the hook changes nothing, so upstream's own rules apply (with -c, name its config)."""
    out = work / "upstream-batch"
    args = ["swebench", "--subset", str(work / "one"), "--split", "test", "--model-class", "deterministic"]
    config = ["-c", "swebench.yaml", "-c", str(work / "upstream.yaml")]
    mini_extra([*args, *config, "-o", str(out)], work, {**RUN_ENV, "LLM_IDE_AGENT": "upstream"})
    traj = trajectory(out, INSTANCES[0])
    assert traj["info"]["config"]["agent_type"] == "minisweagent.run.benchmarks.utils.common.ProgressTrackingAgent"
    assert traj["info"]["config"]["environment_type"] == "minisweagent.environments.docker.DockerEnvironment"
    assert "llm_ide" not in traj["info"]
    patch = json.loads((out / "preds.json").read_text())[INSTANCES[0].instance_id]["model_patch"]
    code, output = run_test_with_patch(INSTANCES[0].image_name, patch)
    assert code == 0 and "1 passed" in output, output


def test_upstream_agent_per_run_option(work):
    """`-c agent.agent_class=default` picks upstream's agent for one run; its config is then upstream's own."""
    instance = INSTANCES[0]
    out = work / "upstream-single.traj.json"
    args = ["swebench-single", "--subset", str(work / "one"), "--split", "test", "-i", instance.instance_id]
    config = ["-c", str(work / "upstream.yaml"), "-c", "agent.agent_class=default"]
    mini_extra([*args, "--model-class", "deterministic", *config, "-o", str(out)], work)
    traj = json.loads(out.read_text())
    assert traj["info"]["config"]["agent_type"] == "minisweagent.agents.default.DefaultAgent"
    assert traj["info"]["config"]["environment_type"] == "minisweagent.environments.docker.DockerEnvironment"
    assert traj["info"]["config"]["agent"]["step_limit"] == 250  # upstream's swebench.yaml was the base
    assert traj["info"]["exit_status"] == "Submitted"
    assert "+            return iterable[-1]" in traj["info"]["submission"]
    assert yaml.safe_load((work / "upstream.yaml").read_text())["model"]["outputs"][0]["extra"]["actions"]


def test_html_view_of_a_batch_trajectory(batch, tmp_path):
    instance = INSTANCES[0]
    traj = batch / instance.instance_id / f"{instance.instance_id}.traj.json"
    out = tmp_path / "tree.html"
    result = subprocess.run(["llm-ide", "html", str(traj), "-o", str(out)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"wrote {out}", result.stderr
    page = out.read_text()
    assert "<html" in page and "find_symbol" in page and "run-to-exception" in page


def test_upstream_agent_per_run_option_in_batch(work):
    """The batch runner ignores `agent.agent_class` upstream; with the hook it picks upstream's agent for the run."""
    out = work / "upstream-option-batch"
    args = ["swebench", "--subset", str(work / "one"), "--split", "test", "--model-class", "deterministic"]
    mini_extra([*args, "-c", str(work / "upstream.yaml"), "-c", "agent.agent_class=default", "-o", str(out)], work)
    traj = trajectory(out, INSTANCES[0])
    assert traj["info"]["config"]["agent_type"] == "minisweagent.run.benchmarks.utils.common.ProgressTrackingAgent"
    assert traj["info"]["config"]["environment_type"] == "minisweagent.environments.docker.DockerEnvironment"
    assert traj["info"]["exit_status"] == "Submitted"


def test_batch_bug_consultant_experiment_is_the_output_folder(work):
    """Upstream's batch gives its agent no output_path; the Bug Consultant then saw no experiment folder and gave
    each instance a random run id and a store of its own under ~/.cache, so instances of one batch never shared
    records and the run folder held no store. Both instances are now one experiment: the output folder's."""
    out = work / "consultant-batch"
    args = ["swebench", "--subset", str(work / "data"), "--split", "test", "--model-class", "deterministic"]
    config = ["-c", str(work / "llm_ide.yaml"), "-c", "agent.bug_consultant.use_bug_consultant=true"]
    mini_extra([*args, *config, "-o", str(out), "--workers", "2"], work)
    assert (out / "bug_consultant" / "bugs.sqlite").is_file()
    preds = json.loads((out / "preds.json").read_text())
    for instance in INSTANCES:
        traj = trajectory(out, instance)
        assert traj["instance_id"] == instance.instance_id and traj["info"]["exit_status"] == "Submitted"
        assert (traj["info"]["bug_consultant"]["enabled"], traj["info"]["bug_consultant"]["run_id"]) == (True, out.name)
        assert traj["info"]["submission"] == preds[instance.instance_id]["model_patch"]
        assert traj["info"]["config"]["agent"]["output_path"] == str(
            out / instance.instance_id / f"{instance.instance_id}.traj.json"
        )
