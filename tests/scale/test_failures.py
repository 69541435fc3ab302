"""Failure behaviour against real parts: a registry that is down, a registry that refuses us (htpasswd auth), an engine
that stops in the middle of a build, a push interrupted half way, an engine whose disk is full, Ctrl-C of a sharded
batch on two engines. Each is one clear line and a nonzero exit; nothing is half-tagged (not in the registry, not on
the engine); no container is left behind; the next run resumes."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import bcrypt
import pytest
from docker.models.images import Image

from provisioner import api
from provisioner.batch import shard_of
from provisioner.builder import _tag_fenced
from provisioner.containers import KIND_LABEL, OWNER_LABEL, LockLost, engine_lock, remove
from provisioner.engine import client
from tests.scale.conftest import (
    BASE,
    Pushed,
    docker,
    drop_key,
    keyed,
    private_specs,
    registry_labels,
    registry_tags,
    remove_marked,
    toolprov,
    untag_registry,
)
from tests.scale.daemons import Daemon, Engine, start_registry

pytestmark = pytest.mark.docker


def one_error_line(res: subprocess.CompletedProcess) -> str:
    lines = res.stderr.splitlines()
    assert res.returncode == 1 and len(lines) == 1 and lines[0].startswith("toolprov: error: "), res.stderr
    return lines[0]


def finished(proc: subprocess.Popen) -> subprocess.CompletedProcess:
    out, err = proc.communicate(timeout=300)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def owned_by(pid: int, host: str | None = None) -> list[str]:
    """The containers (any state) on an engine whose owner label names the process `pid` of this machine."""
    fmt = '{{.Names}} {{.Label "toolprov.owner"}}'
    rows = docker("ps", "-a", "--filter", "label=toolprov.owner", "--format", fmt, host=host).stdout.splitlines()
    return [r.split(" ", 1)[0] for r in rows if json.loads(r.split(" ", 1)[1] or "{}").get("pid") == pid]


def _uploading(data: Path, name: str) -> bool:
    """Whether the registry is receiving a blob of repository `name` (a partial upload of more than 1 MB)."""
    uploads = data.glob(f"docker/registry/v2/repositories/{name}/_uploads/*/data")
    return any(f.stat().st_size > 1 << 20 for f in uploads)


NOISE = "head -c 48000000 /dev/urandom > /opt/noise"  # 48 MB that do not compress: an upload that lasts


@dataclass
class DyingPush:
    """A `toolprov install --push` on the second engine to a registry that was killed (SIGKILL) while it received the
    layer and stays down: the engine retries for ~50 s before the push fails. Started by one test, judged by the last
    test of this module, so the other tests run during the engine's retries instead of a wait."""

    proc: subprocess.Popen
    registry: Daemon
    root: Path  # the dying registry's config folder (it comes back there, on the same port)
    data: Path  # its storage: the session registry's, as replicas of one registry share theirs
    key: str
    args: list[str]
    host: str


@pytest.fixture(scope="module")
def dying_push() -> Iterator[list[DyingPush]]:
    started: list[DyingPush] = []
    yield started
    for d in started:
        if d.proc.poll() is None:
            d.proc.kill()
        d.registry.stop()
        untag_registry(d.registry.address, d.host)


def start_dying_push(registry_daemon: Daemon, host: str, specs: Path, root: Path) -> DyingPush:
    """Push the layer of `specs` (on engine `host`) to a second registry process serving the session registry's
    storage (the base is there under mirror/: only the layer travels), and kill that process while it receives it."""
    data = Path(registry_daemon.log).parent / "data"
    key = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1].key
    args = ["install", "pyflakes", "-i", BASE, "--specs", str(specs)]
    dying = start_registry(root, storage=data)
    doomed = subprocess.Popen(["toolprov", *args, "--push", f"{dying.address}/mirror"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env={**os.environ, "DOCKER_HOST": host})  # fmt: skip
    d = DyingPush(doomed, dying, root, data, key, args, host)
    deadline = time.monotonic() + 120
    while not _uploading(data, "mirror/toolprov-base") and doomed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if doomed.poll() is not None or not _uploading(data, "mirror/toolprov-base"):
        dying.stop()
        raise AssertionError(f"the push ended before its registry could die: {doomed.communicate()}")
    os.killpg(dying.process.pid, signal.SIGKILL)  # the registry dies mid-upload; the engine retries for ~50 s
    dying.process.wait()
    return d


def test_an_engine_that_stops_mid_build_and_a_push_cut_half_way_resume(
    registry_daemon, engine2_daemon: Engine, tmp_path: Path, dying_push: list[DyingPush]
):
    """One layer through two failures on one machine. Its engine stops in the middle of the build: one line, nothing
    tagged, and the next run (after the engine is back) sweeps the dead run's build container and builds. That run's
    push is interrupted half way (Ctrl-C while the registry receives the layer): no tag on the engine, none in the
    registry (it writes a tag only after all the blobs). Then a push of the layer to a registry that dies while it
    receives it starts (judged by the last test of this module, after the engine's retries); meanwhile a batch run
    after the Ctrl-C does not build again and pushes, and another engine pulls that push (its labels verified)."""
    host = engine2_daemon.address
    specs = private_specs(tmp_path / f"cut-{uuid.uuid4().hex[:8]}", setup=NOISE)
    key = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1].key
    args = ["install", "pyflakes", "-i", BASE, "--specs", str(specs)]
    env = {**os.environ, "DOCKER_HOST": host}
    proc = subprocess.Popen(["toolprov", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 120
    while "toolprov-build-" not in docker("ps", "--format", "{{.Names}}", host=host).stdout:
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.1)
    engine2_daemon.stop()  # the machine's engine goes away in the middle of the build
    line = one_error_line(finished(proc))
    lost = f"toolprov: error: lost the connection to the Docker engine at {host} "
    failed = f"toolprov: error: the Docker engine at {host} failed: "  # it answered while shutting down
    assert line.startswith((lost, failed, "toolprov: error: container toolprov-build-pyflakes-")), line
    engine2_daemon.restart()  # back: the dead run's build container is still there
    assert keyed(key, host) == []

    repo = f"{registry_daemon.address}/cut"
    data = Path(registry_daemon.log).parent / "data"
    proc = subprocess.Popen(["toolprov", *args, "--push", repo], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)  # fmt: skip
    deadline = time.monotonic() + 300
    while not _uploading(data, "cut/toolprov-base") and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, f"the push ended before it could be cut: {proc.communicate()}"
    proc.send_signal(signal.SIGINT)
    res = finished(proc)
    assert res.returncode == 130 and res.stderr.splitlines()[-1].startswith("toolprov: interrupted (SIGINT)")
    assert len(keyed(key, host)) == 1  # built (the run resumed after the engine came back)
    tags = docker("images", "--format", "{{.Repository}}:{{.Tag}}", host=host).stdout.split()
    assert not [t for t in tags if t.startswith(f"{repo}/")]  # no local tag claims a push
    assert [t for t in registry_tags(registry_daemon.address, "cut/toolprov-base") if key[:12] in t] == []
    assert json.loads(toolprov("list", "--json", host=host).stdout)["leftovers"] == []  # the dead run's swept too

    dying_push.append(start_dying_push(registry_daemon, host, specs, tmp_path / "dying"))

    # the resumed run, as a batch (an instances file of one): nothing built, the layer pushed, the summary says so
    (batch := tmp_path / "instances.jsonl").write_text(json.dumps({"instance_id": "cut__proj-1", "image_name": BASE}))
    resumed = toolprov("install", "pyflakes", "--instances", str(batch), "--specs", str(specs), "--push", repo,
                       "--json", host=host)  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    report = json.loads(resumed.stdout)
    ref = f"{repo}/toolprov-base:bookworm-tp-{key[:12]}"
    assert report["summary"] == {"pulled": 0, "built": 0, "cached": 1, "failed": 0, "pushed": 1}, report
    assert (report["results"][0]["status"], report["results"][0]["pushed"]) == ("cached", [ref])
    labels = registry_labels(registry_daemon.address, "cut/toolprov-base", ref.rsplit(":", 1)[1])
    assert labels["toolprov.key"] == key
    pulled = toolprov("install", "pyflakes", "-i", BASE, "--specs", str(specs), "--registry", repo, "--json")
    assert pulled.returncode == 0, pulled.stderr  # the first engine gets the push: its labels carry the key
    assert (json.loads(pulled.stdout)["status"], len(set(keyed(key)))) == ("pulled", 1)
    drop_key(key)


def test_a_registry_that_is_down_is_one_line_before_any_build(tmp_path: Path, specs: Path):
    reg = start_registry(tmp_path / "reg")
    reg.stop()
    key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
    for option in ("--registry", "--push"):
        res = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), option, f"{reg.address}/tools")
        line = one_error_line(res)
        assert re.match(
            rf"toolprov: error: cannot pull {reg.address}/tools/toolprov-base:bookworm-tp-{key[:12]}: ", line
        )
        assert "connection refused" in line
    assert api.find_by_key(key) is None  # nothing was built


def test_a_registry_whose_host_does_not_resolve_is_one_line_before_any_build(specs: Path):
    """The engine's 'lookup …: no such host' is no miss: it must not be read as 'the registry has no such tag' (a
    silent local build, exit 0, and a --push that fails only after it)."""
    key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
    for option in ("--registry", "--push"):
        res = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), option, "registry.invalid:5000/tools")
        line = one_error_line(res)
        assert line.startswith(f"toolprov: error: cannot pull registry.invalid:5000/tools/toolprov-base:bookworm-tp-"
                               f"{key[:12]}: "), line  # fmt: skip
        assert "registry.invalid" in line.split(": ", 3)[-1]  # the engine's own reason names the host
        assert res.stdout == ""
    assert api.find_by_key(key) is None  # nothing was built


def test_a_registry_that_refuses_us_is_one_line_and_nothing_is_tagged(tmp_path: Path, specs: Path, pushed: Pushed):
    """A registry behind htpasswd auth that this engine has no login for (auth is the engine's: toolprov never reads,
    prints or stores credentials). A refused lookup stops before any build; a refused push leaves no tag on the
    engine and none in the registry. The password is random and thrown away: nobody logs in."""
    (tmp_path / "htpasswd").write_bytes(b"tester:" + bcrypt.hashpw(secrets.token_bytes(18), bcrypt.gensalt()) + b"\n")
    reg = start_registry(tmp_path / "reg", htpasswd=tmp_path / "htpasswd")
    repo = f"{reg.address}/tools"
    try:
        key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
        res = toolprov("install", "fileedit", "-i", BASE, "--specs", str(specs), "--registry", repo)
        line = one_error_line(res)
        assert line.startswith(f"toolprov: error: registry refused to pull {repo}/toolprov-base:bookworm-tp-{key[:12]} "
                               "(authentication: run `docker login` for it): ")  # fmt: skip
        assert api.find_by_key(key) is None  # nothing was built

        # the session's image is here (no lookup needed): only its push is refused
        ok = toolprov("install", "pyflakes", "-i", BASE, "--specs", str(pushed.specs), "--registry", pushed.repo)
        assert ok.returncode == 0, ok.stderr
        res = toolprov("install", "pyflakes", "-i", BASE, "--specs", str(pushed.specs), "--push", repo)
        line = one_error_line(res)
        assert line.startswith(f"toolprov: error: registry refused to push {repo}/toolprov-base:{pushed.tag} ")
        refs = docker("images", "--format", "{{.Repository}}:{{.Tag}}").stdout.split()
        assert not [r for r in refs if r.startswith(f"{reg.address}/")]  # no local tag claims a push
        assert not list((tmp_path / "reg" / "data").glob("docker/registry/v2/repositories/**/_manifests/tags/*"))
    finally:
        reg.stop()


def test_a_full_disk_on_the_engine_is_one_line_and_the_next_run_resumes(engine2_daemon: Engine, pushed: Pushed):
    """The engine's data root fills up: a pull and a build each fail in one line with the engine's own reason, leave
    no image with the key and no container; once there is room, the next run gets the layer (pulled)."""
    host = engine2_daemon.address
    args = ["install", "pyflakes", "-i", BASE, "--specs", str(pushed.specs)]
    drop_key(pushed.key, host)
    ballast = engine2_daemon.root / "ballast"
    subprocess.run(["fallocate", "-l", str(shutil.disk_usage(engine2_daemon.root).free), str(ballast)], check=True)
    try:
        for extra in (["--registry", pushed.repo], []):  # the pull of the layer, then a build of it
            line = one_error_line(toolprov(*args, *extra, host=host))
            assert "no space left on device" in line.lower(), line
            assert keyed(pushed.key, host) == []
        assert json.loads(toolprov("list", "--json", host=host).stdout)["leftovers"] == []
    finally:
        ballast.unlink()
    resumed = toolprov(*args, "--registry", pushed.repo, "--json", host=host)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["status"] == "pulled"
    drop_key(pushed.key, host)


def test_sigterm_of_a_batch_mid_push_leaves_no_local_registry_tag_the_registry_lacks(tmp_path: Path):
    """Two provisioned images pushed as a batch (-j 2: the pushes run in worker threads) to a registry that has none of
    their layers yet; SIGTERM once both pushes began. A push that did not finish keeps no local registry tag (a
    single image's interrupted push already removed it; a batch's worker threads were never unwound)."""
    images = [BASE, "toolprov-testbed:bookworm"]
    assert toolprov("install", "pyflakes", "-i", images[0], "-i", images[1]).returncode == 0
    reg = start_registry(tmp_path / "reg")
    try:

        def local_refs() -> list[str]:
            refs = docker("images", "--format", "{{.Repository}}:{{.Tag}}").stdout.split()
            return [r for r in refs if r.startswith(f"{reg.address}/")]

        cmd = ["toolprov", "install", "pyflakes", "-i", images[0], "-i", images[1], "-j", "2", "--push",
               f"{reg.address}/tools"]  # fmt: skip
        env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 120
        while len(local_refs()) < 2:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr and proc.stderr.read()
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        res = finished(proc)
        assert res.returncode == 143, res.stderr
        # the finished builds of the batch keep their tags: the line claims only what holds ('nothing tagged' did not)
        assert re.fullmatch(r"toolprov: interrupted \(SIGTERM\) after [\d.]+s; build containers removed, no unfinished "
                            r"build or push tagged\n", res.stderr), res.stderr  # fmt: skip
        time.sleep(3)  # a push the engine went on with after the process left ends in the registry, not here
        held = {f"{reg.address}/tools/{name.split(':')[0]}:{t}" for name in images
                for t in registry_tags(reg.address, f"tools/{name.split(':')[0]}")}  # fmt: skip
        assert set(local_refs()) <= held
    finally:
        untag_registry(reg.address)
        reg.stop()


def test_ctrl_c_of_a_sharded_batch_on_two_engines_leaves_no_containers(engine, engine2: str, specs: Path,
                                                                       tmp_path: Path):  # fmt: skip
    """A batch split in two shards, one per engine, each shard two instances (-j 2: one builds, the other waits on the
    engine lock for the same layer). Ctrl-C while both engines build: every probe, build and lock container either
    process made is gone from both engines, and nothing is tagged."""
    spec = specs / "fileedit.yaml"
    spec.write_text(spec.read_text().replace("setup_script: |\n", "setup_script: |\n  sleep 3074\n"))
    key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
    ids = [f"ctrlc__proj-{n}" for n in range(40)]
    rows = [i for s in (0, 1) for i in [i for i in ids if shard_of(i, 2) == s][:2]]
    images = {i: f"toolprov-ctrlc-{tmp_path.name.lower()}-{n}:1" for n, i in enumerate(rows)}
    (path := tmp_path / "instances.jsonl").write_text("".join(
        json.dumps({"instance_id": i, "image_name": img}) + "\n" for i, img in images.items()))  # fmt: skip
    hosts = [None, engine2]
    for i, img in images.items():
        assert docker("tag", BASE, img, host=hosts[shard_of(i, 2)]).returncode == 0
    procs: list[subprocess.Popen] = []
    try:
        env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
        for s, host in enumerate(hosts):
            cmd = ["toolprov", "install", "fileedit", "--instances", str(path), "--shard", f"{s}/2", "-j", "2",
                   "--specs", str(specs)]  # fmt: skip
            on = env | ({"DOCKER_HOST": host} if host else {})
            procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=on))
        pairs = list(zip(procs, hosts, strict=True))
        deadline = time.monotonic() + 180
        while not all(any(n.startswith("toolprov-build-") for n in owned_by(p.pid, h)) for p, h in pairs):
            assert all(p.poll() is None for p in procs) and time.monotonic() < deadline, [p.stderr for p in procs]
            time.sleep(0.2)
        for p in procs:
            p.send_signal(signal.SIGINT)
        for p, h in pairs:
            res = finished(p)
            assert res.returncode == 130 and res.stderr.splitlines()[-1].startswith("toolprov: interrupted (SIGINT)")
            assert owned_by(p.pid, h) == []  # no probe, build or lock container of it on its engine
            assert keyed(key, h) == []
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for i, img in images.items():
            docker("rmi", img, host=hosts[shard_of(i, 2)])


def test_a_lock_whose_machine_died_is_taken_over_once_its_heartbeat_stops(engine, specs: Path):
    """Another machine sharing the engine (its own UTS namespace: another host name, so its pid is not ours to judge)
    holds the engine lock of a layer and builds it. While it lives, its heartbeat in the lock container keeps a second
    process here waiting; when it dies without any cleanup (SIGKILL, as a machine that loses power), the heartbeat
    stops and the process here takes the lock over after TOOLPROV_LOCK_TTL seconds, not TOOLPROV_LOCK_WAIT."""
    spec = specs / "fileedit.yaml"
    spec.write_text(spec.read_text().replace("setup_script: |\n", "setup_script: |\n  sleep 3075\n"))
    key = api.plan_install(["fileedit"], BASE, specs_dir=specs)[-1].key
    lock = f"toolprov-lock-{key[:32]}"
    args = ["toolprov", "install", "fileedit", "-i", BASE, "--specs", str(specs)]
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {
        "TOOLPROV_LOCK_TTL": "3", "TOOLPROV_LOCK_WAIT": "600"}  # fmt: skip
    other = ["unshare", "--uts", "sh", "-c", 'hostname toolprov-dead-machine && exec "$@"', "sh", *args]
    dead = subprocess.Popen(other, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    here: subprocess.Popen | None = None
    try:
        deadline = time.monotonic() + 120
        while not any(n.startswith("toolprov-build-") for n in owned_by(dead.pid)):
            assert dead.poll() is None and time.monotonic() < deadline, dead.communicate()
            time.sleep(0.2)
        first = docker("inspect", "--format", "{{.Id}}", lock).stdout.strip()
        here = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        time.sleep(9)  # planning (a few seconds), then 2 TTLs at the lock: a live heartbeat (every 0.75 s) holds it
        assert here.poll() is None and owned_by(here.pid) == []
        dead.kill()  # the other machine dies: its lock and build container stay on the engine, its heartbeat stops
        dead.wait()
        deadline = time.monotonic() + 60
        while not any(n.startswith("toolprov-build-") for n in owned_by(here.pid)):
            assert here.poll() is None and time.monotonic() < deadline, here.communicate()
            time.sleep(0.2)
        assert docker("inspect", "--format", "{{.Id}}", lock).stdout.strip() not in ("", first)  # a new holder's lock
        here.send_signal(signal.SIGINT)
        assert finished(here).returncode == 130
        assert owned_by(here.pid) == [] and keyed(key) == []
    finally:
        for p in (dead, here):
            if p is not None and p.poll() is None:
                p.kill()
        for name in owned_by(dead.pid):  # the dead machine's build container (`toolprov cleanup --all` would too)
            docker("rm", "-f", name)


def test_a_holder_that_stood_still_past_the_ttl_loses_its_lock_and_commits_nothing(engine, tmp_path: Path):
    """Another machine's toolprov (its own host name) holds the lock of a layer and builds it, then stands still
    (SIGSTOP: a starved or suspended process; its heartbeat stops too) past TOOLPROV_LOCK_TTL. A process here takes the
    lock over and builds the layer. When the first one goes on (SIGCONT), its fence before the commit sees that the
    lock is no longer its own: it drops its build, says so in one line, waits for the new holder and uses its image.
    One image carries the key; both runs name it."""
    specs = private_specs(tmp_path / f"fence-{uuid.uuid4().hex[:8]}")
    key = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1].key
    args = ["toolprov", "install", "pyflakes", "-i", BASE, "--specs", str(specs), "--json"]
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {
        "TOOLPROV_LOCK_TTL": "3", "TOOLPROV_LOCK_WAIT": "600"}  # fmt: skip
    other = ["unshare", "--uts", "sh", "-c", 'hostname toolprov-stalled-machine && exec "$@"', "sh", *args]
    stalled = subprocess.Popen(other, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    here: subprocess.Popen | None = None
    try:
        deadline = time.monotonic() + 120
        while not any(n.startswith("toolprov-build-") for n in owned_by(stalled.pid)):
            assert stalled.poll() is None and time.monotonic() < deadline, stalled.communicate()
            time.sleep(0.1)
        os.kill(stalled.pid, signal.SIGSTOP)  # mid-build: its build container goes on, its heartbeat does not
        here = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 60
        while not any(n.startswith("toolprov-build-") for n in owned_by(here.pid)):
            assert here.poll() is None and time.monotonic() < deadline, here.communicate()
            time.sleep(0.1)
        os.kill(stalled.pid, signal.SIGCONT)  # it goes on while the new holder builds
        late, now = finished(stalled), finished(here)
        assert now.returncode == 0, now.stderr
        assert late.returncode == 0, late.stderr
        won, lost = json.loads(now.stdout), json.loads(late.stdout)
        assert won["built"] == ["pyflakes"] and lost["built"] == []
        assert lost["image_id"] == won["image_id"] and keyed(key) == [won["image_id"].split(":")[1][:12]]
        lines = [ln for ln in late.stderr.splitlines() if "lost the engine lock" in ln]
        assert len(lines) == 1 and lines[0].startswith(f"toolprov: pyflakes: lost the engine lock of layer {key[:12]}")
        assert "TOOLPROV_LOCK_TTL=3s" in lines[0] and "its build was dropped, not tagged" in lines[0], lines[0]
        assert owned_by(stalled.pid) == [] and owned_by(here.pid) == []  # its build container went with its build
        checked = toolprov("verify", won["image"])  # the tag names a whole, working image
        assert checked.returncode == 0 and "pyflakes: ok" in checked.stdout, checked.stdout + checked.stderr
    finally:
        for p in (stalled, here):
            if p is not None and p.poll() is None:
                os.kill(p.pid, signal.SIGCONT)
                p.kill()
        remove_marked(specs.name)


def labelled_commit(layer) -> Image:
    """A whole image of the layer's key, committed untagged as a build's commit is (a container of its parent with the
    layer's labels): what the fence around the tag decides about, without a build."""
    made = client().containers.create(layer.parent, command=["true"])
    try:
        return made.commit(conf={"Labels": layer.labels(layer.manifest())})
    finally:
        made.remove(force=True)


def test_a_holder_that_stood_still_between_its_fence_and_its_tag_leaves_the_name_to_the_new_holder(
    engine, tmp_path: Path
):
    """The window the fence before the tag leaves: the check passes, then the holder stands still, its lock is taken
    over, and it tags when it goes on. Its check after the tag sees the lost lock. (1) The new holder (another
    machine's lock) has not committed yet: the late image goes, with its name; nothing carries the key. (2) The new
    holder, a real toolprov process, built and tagged meanwhile (it did not take the late, untagged commit for the
    key's image), and the late tag moved the name: the name goes back to the new holder's image and the late one
    goes. Either way one image carries the key, and the name is the new holder's."""
    specs = private_specs(tmp_path / f"tagfence-{uuid.uuid4().hex[:8]}")
    layer = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1]
    name = layer.tag()
    other = {OWNER_LABEL: json.dumps({"host": "toolprov-other-machine", "pid": 1}), KIND_LABEL: "lock"}
    try:
        with engine_lock(layer.key, layer.parent, print) as lock:
            late = labelled_commit(layer)
            checks: list[str] = []

            def taken_over_after_the_check() -> None:
                lock.check()
                checks.append("passed")
                if len(checks) == 1:  # this process stands still; another machine takes the lock over
                    remove(lock.id)
                    client().api.create_container(layer.parent, command=["true"], name=lock.name, labels=other)

            with pytest.raises(LockLost, match="now held by pid 1 on host toolprov-other-machine"):
                _tag_fenced(late, layer, taken_over_after_the_check)
            assert checks == ["passed"] and keyed(layer.key) == []  # the late image went, with its name
            assert docker("image", "inspect", name).returncode != 0
            remove(lock.name)

        with engine_lock(layer.key, layer.parent, print) as lock:
            late = labelled_commit(layer)
            done: list[subprocess.CompletedProcess] = []

            def new_holder_built_meanwhile() -> None:
                lock.check()
                if not done:  # stands still: its lock is taken over, the new holder builds and tags the layer
                    remove(lock.id)
                    done.append(toolprov("install", "pyflakes", "-i", BASE, "--specs", str(specs), "--json"))

            with pytest.raises(LockLost, match="it was removed"):
                _tag_fenced(late, layer, new_holder_built_meanwhile)
        assert done[0].returncode == 0, done[0].stderr
        won = json.loads(done[0].stdout)
        assert won["built"] == ["pyflakes"]  # the late commit was not taken for the key's image: untagged
        assert docker("image", "inspect", "--format", "{{.Id}}", name).stdout.strip() == won["image_id"]
        assert keyed(layer.key) == [won["image_id"].split(":")[1][:12]]  # the late image went
        checked = toolprov("verify", name)
        assert checked.returncode == 0 and "pyflakes: ok" in checked.stdout, checked.stdout + checked.stderr
    finally:
        remove(f"toolprov-lock-{layer.key[:32]}")
        remove_marked(specs.name)
        drop_key(layer.key)


def test_a_registry_that_died_mid_upload_is_one_line_after_the_engines_retries_and_the_next_run_pushes(
    registry_daemon, engine2_daemon: Engine, tmp_path: Path, dying_push: list[DyingPush]
):
    """The push to a registry that died while it received the layer (started by the engine-stop test above, whose
    layer it is; started here when that test did not run): the engine retried for ~50 s while this module's other
    tests ran, then one line, and no tag anywhere. Once the registry is back on its port, the next run pushes."""
    if not dying_push:  # run on its own: the layer is made here first
        specs = private_specs(tmp_path / f"dying-{uuid.uuid4().hex[:8]}", setup=NOISE)
        made = toolprov("install", "pyflakes", "-i", BASE, "--specs", str(specs), host=engine2_daemon.address)
        assert made.returncode == 0, made.stderr
        dying_push.append(start_dying_push(registry_daemon, engine2_daemon.address, specs, tmp_path / "dying"))
    d = dying_push[0]
    dead = f"{d.registry.address}/mirror/toolprov-base:bookworm-tp-{d.key[:12]}"
    line = one_error_line(finished(d.proc))
    assert line.startswith(f"toolprov: error: cannot push {dead}: "), line
    assert line.endswith("(the upload broke off and the engine's retries failed too; run again when the registry "
                         "answers: pushed layers are skipped)"), line  # fmt: skip
    print(line)  # shown with -s: the engine's own reason, e.g. connection refused
    tags = docker("images", "--format", "{{.Repository}}:{{.Tag}}", host=d.host).stdout.split()
    assert not [t for t in tags if t.startswith(f"{d.registry.address}/")]  # no local tag claims the push
    assert [t for t in registry_tags(registry_daemon.address, "mirror/toolprov-base") if d.key[:12] in t] == []

    port = int(d.registry.address.rsplit(":", 1)[1])
    d.registry = start_registry(d.root, port=port, storage=d.data)  # back
    back = toolprov(*d.args, "--push", f"{d.registry.address}/mirror", "--json", host=d.host)
    assert back.returncode == 0, back.stderr
    assert (json.loads(back.stdout)["status"], json.loads(back.stdout)["pushed"]) == ("cached", [dead])
    assert registry_labels(d.registry.address, "mirror/toolprov-base", dead.rsplit(":", 1)[1])["toolprov.key"] == d.key
