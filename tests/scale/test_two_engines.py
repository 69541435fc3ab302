"""Two machines: the real engine and a second dockerd (its own data root, exec root, pid file and socket) reached
through DOCKER_HOST, sharing a real registry on loopback. Provision and push on one, pull with zero builds on the other;
the literal `mini-extra swebench` (the agent environment with `tool_registry`) on the second; three processes on two
engines provisioning one key; toolprov following `docker context use`."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import certifi
import pytest

from provisioner.batch import shard_of
from tests.scale.conftest import (
    BASE,
    Pushed,
    copy_image,
    docker,
    private_specs,
    registry_labels,
    remove_marked,
    toolprov,
)
from tests.scale.daemons import Engine

pytestmark = pytest.mark.docker


def test_push_on_one_engine_pull_on_another_with_zero_builds(engine2: str, pushed: Pushed, tmp_path: Path):
    """The session's image, built and pushed on the first engine, on the second (which has only the base), as that
    machine's shard of a batch: pulled, verified by its labels, the same image id, nothing built and no container left
    there; the report's summary counts the pull."""
    ids = [f"pull__proj-{n}" for n in range(20)]
    mine = next(i for i in ids if shard_of(i, 2) == 1)  # the base image is this shard's one instance
    rows = [{"instance_id": mine, "image_name": BASE}, {"instance_id": next(i for i in ids if shard_of(i, 2) == 0),
                                                        "image_name": "toolprov-absent-elsewhere:1"}]  # fmt: skip
    (batch := tmp_path / "instances.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    args = ["install", "pyflakes", "--instances", str(batch), "--shard", "1/2", "--specs", str(pushed.specs),
            "--registry", pushed.repo, "--json"]  # fmt: skip
    two = toolprov(*args, host=engine2)
    assert two.returncode == 0, two.stderr
    report = json.loads(two.stdout)
    assert (report["shard"], report["images"], report["of"]) == ("1/2", 1, 2)
    assert report["summary"] == {"pulled": 1, "built": 0, "cached": 0, "failed": 0, "pushed": 0}, report
    pulled = report["results"][0]
    assert (pulled["status"], pulled["built"], pulled["pulled"]) == ("pulled", [], ["pyflakes"])
    built = pushed.first
    assert (pulled["image"], pulled["image_id"], pulled["key"]) == (built["image"], built["image_id"], built["key"])
    assert toolprov("verify", pulled["image"], host=engine2).stdout.startswith("pyflakes: ok")
    leftovers = json.loads(toolprov("list", "--json", host=engine2).stdout)["leftovers"]
    assert leftovers == []  # no probe, build or lock container was left on the second engine
    assert docker("image", "inspect", built["image"], host=engine2).returncode == 0
    assert toolprov("remove", pulled["image"], host=engine2).returncode == 0


def test_three_machines_on_two_engines_provision_one_key(engine, registry: str, engine2: str, tmp_path: Path):
    """Three toolprov processes provision one new key at once and push it to one registry: A and B are two machines
    sharing the first engine (B in its own UTS namespace: another host name), C a machine with its own engine.
    A and B meet at the engine's lock (a container named after the key, not a file on either machine): one of them
    builds (or pulls) and the other waits and finds the image. C looks the key up, then builds under its own engine's
    lock, looking again first: either it pulls what the first engine pushed, or both engines build at once; then both
    push, and the registry keeps one image for the key (the last push), which carries the key like the other."""
    repo = f"{registry}/race"
    specs = private_specs(tmp_path / f"race-{uuid.uuid4().hex[:8]}")
    args = ["toolprov", "install", "pyflakes", "-i", BASE, "--specs", str(specs), "--push", repo, "--json"]
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    other = ["unshare", "--uts", "sh", "-c", 'hostname toolprov-other-machine && exec "$@"', "sh", *args]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env | host)
             for cmd, host in ((args, {}), (other, {}), (args, {"DOCKER_HOST": engine2}))]  # fmt: skip
    try:
        outs = [p.communicate(timeout=600) for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], [o[1] for o in outs]
        a, b, c = (json.loads(o[0]) for o in outs)
        key = a["key"]
        assert b["key"] == c["key"] == key
        assert sorted([a["status"], b["status"]]) in (["built", "cached"], ["cached", "pulled"], ["pulled", "pulled"])
        assert a["image_id"] == b["image_id"]
        assert len(engine.images.list(filters={"label": f"toolprov.key={key}"})) == 1  # one image on the shared engine
        assert c["status"] in ("built", "pulled")
        if c["status"] == "pulled":
            assert c["image_id"] == a["image_id"]
        name, tag = a["remote"].rsplit(":", 1)
        labels = registry_labels(registry, name.split("/", 1)[1], tag)
        assert labels["toolprov.key"] == key  # one valid image for the key
    finally:
        remove_marked(specs.name)  # its images on the first engine (the second goes at the end of the session)


def test_literal_mini_extra_swebench_on_another_engine_pulls_every_tool_image(
    registry: str, engine2: str, ssh_host: dict[str, str], tmp_path: Path
):
    """The literal `mini-extra swebench` with DOCKER_HOST on the second engine and `-c environment.tool_registry=…`:
    the agent environment pulls the instance's tool image (the image id the first engine pushed: zero builds there),
    its tools answer there (the scripted episode searches with lsp, reads and edits with fileedit), and the patch is
    the one the same run makes on the first engine, reached over ssh:// (DOCKER_HOST=ssh://…: upstream's docker CLI,
    the language server's `docker exec -i` stream and toolprov's SDK all go through the ssh client)."""
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
    runs = {}
    over_ssh = {k: ssh_host[k] for k in ("DOCKER_HOST", "PATH")}  # the first engine, through the test's sshd
    for name, extra in (("local", over_ssh), ("engine2", {"DOCKER_HOST": engine2})):  # both at once (each waits)
        args = ["swebench", "--subset", str(tmp_path / "data"), "--split", "test", "--model-class", "deterministic",
                "-c", str(tmp_path / "llm_ide.yaml"), "-c", f"environment.tool_registry={repo}",
                "-o", str(tmp_path / name)]  # fmt: skip
        env = base_env | extra
        runs[name] = subprocess.Popen(["mini-extra", *args], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)  # fmt: skip
    patches = {}
    for name, proc in runs.items():
        out, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, out[-2000:] + err[-2000:]
        patches[name] = json.loads((tmp_path / name / "preds.json").read_text())[inst.instance_id]["model_patch"]
    assert patches["engine2"] == patches["local"] and "+            return iterable[-1]" in patches["local"]
    traj = json.loads((tmp_path / "engine2" / inst.instance_id / f"{inst.instance_id}.traj.json").read_text())
    seen = {m["extra"]["action"]["action_type"]: m["content"] for m in traj["messages"]
            if m.get("extra", {}).get("action")}  # fmt: skip
    last = "### File: `more_itertools/more.py`\n224 def last(iterable, default=_marker):\n"  # shown whole: lsp there
    assert last in seen["find_symbol"]
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


def test_toolprov_on_a_tcp_engine_with_tls(engine2_daemon: Engine, pushed: Pushed):
    """A remote engine on tcp:// that requires TLS client certificates (made by the test with openssl), named the way
    the docker CLI reads it (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH): toolprov pulls and verifies there, and
    the docker CLI sees the same image; without the certificates the engine refuses and toolprov says so in one line."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCKER_")}
    # REQUESTS_CA_BUNDLE names another CA bundle (as on many machines): the engine's own CA must still decide
    tls = env | {
        "DOCKER_HOST": engine2_daemon.tcp,
        "DOCKER_TLS_VERIFY": "1",
        "DOCKER_CERT_PATH": str(engine2_daemon.root / "tls"),
        "REQUESTS_CA_BUNDLE": certifi.where(),
    }
    run = lambda e, *a: subprocess.run(["toolprov", *a], env=e, capture_output=True, text=True, timeout=300)  # noqa: E731
    res = run(tls, "install", "pyflakes", "-i", BASE, "--specs", str(pushed.specs), "--registry", pushed.repo, "--json")
    assert res.returncode == 0, res.stderr
    got = json.loads(res.stdout)
    assert got["status"] in ("pulled", "cached") and got["image_id"] == pushed.first["image_id"]  # nothing built there
    assert run(tls, "verify", got["image"]).stdout.startswith("pyflakes: ok")
    cli = subprocess.run(
        ["docker", "images", "-q", "--no-trunc", got["image"]], env=tls, capture_output=True, text=True
    )
    assert cli.stdout.strip() == got["image_id"]
    refused = run(env | {"DOCKER_HOST": engine2_daemon.tcp}, "list")  # plain HTTP to the TLS port
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith(f"toolprov: error: no Docker engine answers at {engine2_daemon.tcp} (")
    assert run(tls, "remove", got["image"]).returncode == 0
