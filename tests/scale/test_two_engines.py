"""Two machines: the real engine and a second dockerd (its own data root, exec root, pid file and socket) reached
through DOCKER_HOST, sharing a real registry on loopback. Provision and push on one, pull with zero builds on the other;
the agent environment with `tool_registry` on the second; two processes on two engines provisioning one key."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, TESTBED
from tests.scale.conftest import BASE, copy_image, docker, registry_labels, toolprov

pytestmark = pytest.mark.docker


def test_push_on_one_engine_pull_on_another_with_zero_builds(registry: str, engine2: str, specs: Path):
    repo = f"{registry}/tools"
    copy_image(BASE, engine2, registry)  # the base is on both machines (as SWE-bench's instance images are)
    one = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), "--push", repo, "--json")
    assert one.returncode == 0, one.stderr
    built = json.loads(one.stdout)
    assert built["status"] == "built" and built["pushed"]

    two = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), "--registry", repo, "--json", host=engine2)
    assert two.returncode == 0, two.stderr
    pulled = json.loads(two.stdout)
    assert (pulled["status"], pulled["built"], pulled["pulled"]) == ("pulled", [], ["fileedit"])
    assert (pulled["image"], pulled["image_id"], pulled["key"]) == (built["image"], built["image_id"], built["key"])
    assert toolprov("verify", pulled["image"], host=engine2).stdout.startswith("fileedit: ok")
    leftovers = json.loads(toolprov("list", "--json", host=engine2).stdout)["leftovers"]
    assert leftovers == []  # no probe, build or lock container was left on the second engine
    assert docker("image", "inspect", built["image"], host=engine2).returncode == 0
    assert toolprov("remove", pulled["image"], host=engine2).returncode == 0


def test_two_processes_on_two_engines_provision_one_key(registry: str, engine2: str, specs: Path):
    """Both look the key up, then build under their own engine's lock, looking again first. Either one builds and
    the other pulls, or both build at once: then both push, and the registry keeps one image for the key (the last
    push), which carries the key like the other."""
    repo = f"{registry}/race"
    copy_image(BASE, engine2, registry)
    args = ["install", "fileedit", "-i", BASE, "--specs", str(specs), "--push", repo, "--json"]
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    procs = [
        subprocess.Popen(["toolprov", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env | h)
        for h in ({}, {"DOCKER_HOST": engine2})
    ]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1] for o in outs]
    results = [json.loads(o[0]) for o in outs]
    key = results[0]["key"]
    assert results[1]["key"] == key
    statuses = sorted(r["status"] for r in results)
    assert statuses in (["built", "built"], ["built", "pulled"])
    name, tag = results[0]["remote"].rsplit(":", 1)
    labels = registry_labels(registry, name.split("/", 1)[1], tag)
    assert labels["toolprov.key"] == key  # one valid image for the key in the registry
    if statuses == ["built", "pulled"]:
        assert results[0]["image_id"] == results[1]["image_id"]
    toolprov("remove", results[1]["image"], host=engine2)


AGENT_ON_ENGINE2 = """
import json, sys
from agent.environment import LLMIDEEnvironment
from tests.agent_e2e.conftest import SWEBENCH_ENV, remove_container
env = LLMIDEEnvironment(image=sys.argv[1], tools=["lsp", "fileedit"], tool_registry=sys.argv[2], **SWEBENCH_ENV)
try:
    found = env.execute_action("find_symbol", "last").observation.splitlines()[0]
    print(json.dumps({"image": env.config.image, "found": found}))
finally:
    env.cleanup()
    remove_container(env.container_id)  # upstream stops it in the background
"""


def test_agent_environment_pulls_its_tools_on_another_engine(registry: str, engine2: str):
    """The agent's environment on the second engine with `environment.tool_registry`: the tool image comes from the
    registry (the same image id as on the engine that pushed it, so nothing was built there)."""
    repo = f"{registry}/agent"
    pushed = toolprov("install", "lsp", "fileedit", "-i", TESTBED, "--push", repo, "--json")
    assert pushed.returncode == 0, pushed.stderr
    expected = json.loads(pushed.stdout)
    copy_image(TESTBED, engine2, registry)
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {"DOCKER_HOST": engine2}
    run = subprocess.run([sys.executable, "-c", AGENT_ON_ENGINE2, TESTBED, repo], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["image"] == expected["image"]
    assert out["found"] == "more_itertools/more.py:224  last  def last(iterable, default=_marker)"
    again = json.loads(toolprov("install", "lsp", "fileedit", "-i", TESTBED, "--json", host=engine2).stdout)
    assert (again["status"], again["image_id"]) == ("cached", expected["image_id"])  # pulled, not built, there
    assert docker("ps", "-aq", host=engine2).stdout.strip() == ""  # the agent's container is gone too


def test_literal_mini_extra_swebench_on_another_engine_pulls_every_tool_image(
    registry: str, engine2: str, tmp_path: Path
):
    """The literal `mini-extra swebench` with DOCKER_HOST on the second engine and `-c environment.tool_registry=…`:
    the instance's tool image is pulled (the image id the first engine pushed: zero builds there), and the patch is
    the one the same run makes on the first engine."""
    from tests.agent_e2e.instances import INSTANCES, write_dataset
    from tests.agent_e2e.scripted import llm_ide_outputs, write_outputs

    inst = INSTANCES[0]
    repo = f"{registry}/e2e"
    pushed = toolprov("install", "debugger", "lsp", "fileedit", "-i", inst.image_name, "--push", repo, "--json")
    assert pushed.returncode == 0, pushed.stderr
    expected = json.loads(pushed.stdout)
    copy_image(inst.image_name, engine2, registry)
    write_dataset(tmp_path / "data", [inst])
    write_outputs(tmp_path / "llm_ide.yaml", llm_ide_outputs())
    base_env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    base_env |= {"HF_DATASETS_OFFLINE": "1", "MSWEA_SILENT_STARTUP": "1"}
    patches = {}
    for name, host in (("local", None), ("engine2", engine2)):
        out = tmp_path / name
        args = [
            "swebench",
            "--subset",
            str(tmp_path / "data"),
            "--split",
            "test",
            "--model-class",
            "deterministic",
            "-c",
            str(tmp_path / "llm_ide.yaml"),
            "-c",
            f"environment.tool_registry={repo}",
            "-o",
            str(out),
        ]
        env = base_env | ({"DOCKER_HOST": host} if host else {})
        run = subprocess.run(["mini-extra", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        patches[name] = json.loads((out / "preds.json").read_text())[inst.instance_id]["model_patch"]
    assert patches["engine2"] == patches["local"] and "+            return iterable[-1]" in patches["local"]
    there = json.loads(toolprov("install", "debugger", "lsp", "fileedit", "-i", inst.image_name, "--json",
                                host=engine2).stdout)  # fmt: skip
    assert (there["status"], there["image_id"]) == ("cached", expected["image_id"])  # pulled by the run, not built
    for cid in docker("ps", "-aq", host=engine2).stdout.split():
        docker("rm", "-f", cid, host=engine2)  # upstream stops its container in the background


def test_toolprov_follows_the_current_docker_context(engine2: str, tmp_path: Path):
    """`docker context use` (not DOCKER_HOST) picks the engine for the docker CLI; toolprov follows it too (the SDK
    alone would not). A private DOCKER_CONFIG keeps the user's own contexts untouched."""
    cfg = tmp_path / "docker-config"
    cfg.mkdir()
    (cfg / "config.json").write_text("{}")
    env = {k: v for k, v in os.environ.items() if k not in ("DOCKER_HOST", "DOCKER_CONTEXT")} | {
        "DOCKER_CONFIG": str(cfg)
    }
    for args in (["context", "create", "runner-2", "--docker", f"host={engine2}"], ["context", "use", "runner-2"]):
        assert subprocess.run(["docker", *args], env=env, capture_output=True).returncode == 0
    res = subprocess.run(["toolprov", "install", "fileedit", "-i", "toolprov-absent:1"], env=env, capture_output=True,
                         text=True, timeout=120)  # fmt: skip
    assert res.returncode == 1
    assert res.stderr.strip() == (
        f"toolprov: error: image 'toolprov-absent:1' not found locally (on {engine2}: pull or build it first)"
    )
    listed = subprocess.run(["toolprov", "list", "--json"], env=env | {"DOCKER_CONTEXT": "default"},
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert listed.returncode == 0  # DOCKER_CONTEXT=default: back to the local engine


def test_two_machines_on_one_engine_build_a_key_once(engine, specs: Path):
    """Two toolprov processes as two machines (one in its own UTS namespace, another host name) sharing one engine:
    the lock is the engine's (a container named after the key), not a file on either machine, so one builds and the
    other waits and finds the image."""
    args = ["toolprov", "install", "fileedit", "-i", BASE, "--specs", str(specs), "--json"]
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    other = ["unshare", "--uts", "sh", "-c", 'hostname toolprov-other-machine && exec "$@"', "sh", *args]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for cmd in (args, other)]  # fmt: skip
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1] for o in outs]
    results = [json.loads(o[0]) for o in outs]
    assert sorted(r["status"] for r in results) == ["built", "cached"]
    assert results[0]["image_id"] == results[1]["image_id"]
    assert len(engine.images.list(filters={"label": f"toolprov.key={results[0]['key']}"})) == 1
