"""Scale-out benchmark (issue 16), every figure beside a baseline measured in the same run, on real parts: a second
dockerd (own data root, socket) stands in for a second machine, Debian's docker-registry on loopback is the shared
cache.

1. A second machine's cost to get a provisioned image: pull from the registry (`--registry`) vs a local cold build of
   the same tool layers (goal <= 0.3x); the base image is present on both engines.
2. Pushed bytes per tool layer when the base is already in the registry (goal: only the tool layers travel).
3. A batch of N instances (distinct instance images) in 2 shards on 2 engines vs the whole batch on 1 engine.
   Both engines run on this machine and share its cores: with 2 cores the 2-engine figure shows the plumbing, not a
   speed-up a second machine would give.

4. A toolprov call's start-up (imports, and a whole `toolprov list --json`): paramiko deferred vs imported.

    python3 bench/scale_bench.py [--tools debugger lsp fileedit] [--instances 20] [--jobs 2]
                                 [--only pull|bytes|batch|startup] [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from provisioner.spec import DEFAULT_SPECS_DIR  # noqa: E402
from tests.scale.daemons import Daemon, remove_tree, start_dockerd, start_registry  # noqa: E402

TOOLPROV = str(Path(sys.executable).parent / "toolprov")
BASE = "toolprov-base:bookworm"


def env_for(host: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    return env | ({"DOCKER_HOST": host} if host else {})


def toolprov(*args: str, host: str | None = None) -> tuple[float, dict]:
    start = time.monotonic()
    res = subprocess.run([TOOLPROV, *args, "--json"], capture_output=True, text=True, env=env_for(host))
    took = time.monotonic() - start
    if res.returncode != 0:
        raise SystemExit(f"toolprov {' '.join(args)} failed: {res.stderr.strip()[-600:]}")
    return took, json.loads(res.stdout)


def docker(*args: str, host: str | None = None) -> str:
    res = subprocess.run(["docker", *args], capture_output=True, text=True, env=env_for(host))
    if res.returncode != 0:
        raise SystemExit(f"docker {' '.join(args)} failed: {res.stderr.strip()[-400:]}")
    return res.stdout


def copy_images(images: list[str], host: str) -> None:
    save = subprocess.Popen(["docker", "save", *images], stdout=subprocess.PIPE, env=env_for(None))
    subprocess.run(["docker", "load", "-q"], stdin=save.stdout, check=True, capture_output=True, env=env_for(host))
    assert save.stdout is not None
    save.stdout.close()
    save.wait()


def fresh_specs(tools: list[str]) -> Path:
    """A copy of the shipped specs with a new description: the same tools under keys no engine has seen."""
    d = Path(tempfile.mkdtemp(prefix="tp-scale-"))
    marker = f"scale-bench-{uuid.uuid4().hex[:8]}"
    for tool in tools:
        if (DEFAULT_SPECS_DIR / tool).is_dir():
            shutil.copytree(DEFAULT_SPECS_DIR / tool, d / tool)
        spec = yaml.safe_load((DEFAULT_SPECS_DIR / f"{tool}.yaml").read_text())
        if spec.get("source"):
            spec["source"] = str((DEFAULT_SPECS_DIR / spec["source"]).resolve())
        spec["description"] = f"{marker} {spec.get('description', '')}"
        (d / f"{tool}.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    return d


def blob_bytes(data: Path) -> int:
    return sum(f.stat().st_size for f in (data / "docker/registry/v2/blobs").rglob("data") if f.is_file())


def remove_provisioned(images: list[str], host: str | None = None) -> None:
    for img in images:
        subprocess.run([TOOLPROV, "remove", img], capture_output=True, env=env_for(host))


def bench_pull(tools: list[str], registry: str, engine2: str, data: Path) -> None:
    print(f"\n1. second machine: pull from the registry vs a local cold build of {' '.join(tools)} on {BASE}")
    specs = fresh_specs(tools)
    repo = f"{registry}/pull"
    # the base is in the registry already (pushed by main(), as a team's instance images would be)
    build_s, built = toolprov("install", *tools, "-i", BASE, "--specs", str(specs))
    assert built["status"] == "built", built
    before = blob_bytes(data)
    push_s, pushed = toolprov("install", *tools, "-i", BASE, "--specs", str(specs), "--push", repo)
    pushed_bytes = blob_bytes(data) - before
    pull_s, pulled = toolprov("install", *tools, "-i", BASE, "--specs", str(specs), "--registry", repo, host=engine2)
    assert pulled["status"] == "pulled" and pulled["image_id"] == built["image_id"], pulled
    print(f"   local cold build (engine 1, wheels cached on the host): {build_s:6.1f} s   (baseline)")
    print(f"   push of {len(pushed['pushed'])} layer(s) (one per tool stack) from engine 1:  {push_s:6.1f} s")
    print(f"   pull on engine 2 (zero builds, same image id):          {pull_s:6.1f} s   "
          f"= {pull_s / build_s:.2f}x the cold build (goal <= 0.3x)")  # fmt: skip
    history = json.loads(docker("image", "inspect", built["image"]))[0]["RootFS"]["Layers"]
    base_layers = json.loads(docker("image", "inspect", BASE))[0]["RootFS"]["Layers"]
    tool_layers = len(history) - len(base_layers)
    base_mb = float(json.loads(docker("image", "inspect", BASE))[0]["Size"]) / 1e6
    image_mb = float(json.loads(docker("image", "inspect", built["image"]))[0]["Size"]) / 1e6
    print("\n2. pushed bytes per tool layer (base already in the registry)")
    print(f"   base image {base_mb:.0f} MB (uncompressed) in the registry before the push: not sent again")
    print(f"   tool layers: {tool_layers} filesystem layers, {image_mb - base_mb:.1f} MB uncompressed; new blobs in "
          f"the registry: {pushed_bytes / 1e6:.1f} MB compressed = {pushed_bytes / 1e6 / len(tools):.1f} MB per tool "
          f"({pushed_bytes / 1e6 / max(image_mb - base_mb, 0.001):.2f}x the tool layers' size, "
          f"{pushed_bytes / 1e6 / image_mb:.3f}x the whole image)")  # fmt: skip
    remove_provisioned([built["image"]])
    remove_provisioned([pulled["image"]], engine2)


def instance_images(n: int) -> list[str]:
    """n distinct instance images (a file each on top of the base): n distinct keys, as n SWE-bench instances."""
    names = []
    ctx = Path(tempfile.mkdtemp(prefix="tp-inst-"))
    for i in range(n):
        (ctx / "Dockerfile").write_text(f"FROM {BASE}\nRUN echo instance-{i} > /instance\n")
        name = f"toolprov-scale-instance:{i}"
        docker("build", "-q", "-t", name, str(ctx))
        names.append(name)
    shutil.rmtree(ctx)
    return names


def bench_batch(n: int, jobs: int, engine2: str) -> None:
    print(f"\n3. a batch of {n} instances (fileedit on {n} distinct instance images), -j {jobs} per engine")
    images = instance_images(n)
    copy_images(images, engine2)
    rows = [{"instance_id": f"scale__inst-{i}", "image_name": img} for i, img in enumerate(images)]
    inst = Path(tempfile.mkdtemp(prefix="tp-inst-")) / "instances.jsonl"
    inst.write_text("".join(json.dumps(r) + "\n" for r in rows))

    specs = fresh_specs(["fileedit"])
    one_s, one = toolprov("install", "fileedit", "--instances", str(inst), "-j", str(jobs), "--specs", str(specs))
    specs2 = fresh_specs(["fileedit"])  # new keys: the same work again, split over two engines
    results: dict[int, tuple[float, dict]] = {}
    failed: dict[int, str] = {}

    def shard(i: int, host: str | None) -> None:
        args = ("install", "fileedit", "--instances", str(inst), "-j", str(jobs), "--specs", str(specs2))
        try:
            results[i] = toolprov(*args, "--shard", f"{i}/2", host=host)
        except SystemExit as e:  # a thread's exit would be silent: the main thread reports it
            failed[i] = str(e)

    start = time.monotonic()
    threads = [threading.Thread(target=shard, args=(i, h)) for i, h in ((0, None), (1, engine2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two_s = time.monotonic() - start
    if failed:
        raise SystemExit("; ".join(f"shard {i}/2: {why}" for i, why in sorted(failed.items())))
    sizes = [results[i][1]["images"] for i in (0, 1)]
    print(f"   1 engine, all {n}:                    {one_s:6.1f} s   (baseline; {one['summary']})")
    print(f"   2 engines, shards of {sizes[0]} + {sizes[1]}:       {two_s:6.1f} s   = {two_s / one_s:.2f}x  "
          f"(shard times {results[0][0]:.1f} s, {results[1][0]:.1f} s)")  # fmt: skip
    print(f"   both engines share this machine's {os.cpu_count()} cores (and whatever else runs on it); the")
    print(f"   2-engine run has 2 x -j {jobs} builds in flight, so part of any gain is more parallelism")
    print(f"   (-j {2 * jobs} on one engine would get it too); only a second machine adds cores")
    for r in (one, results[0][1]):
        remove_provisioned([x["image"] for x in r["results"] if "image" in x])
    remove_provisioned([x["image"] for x in results[1][1]["results"] if "image" in x], engine2)
    for img in images:
        subprocess.run(["docker", "rmi", img], capture_output=True, env=env_for(None))


def bench_startup(runs: int) -> None:
    """What each toolprov call pays before it does anything (a batch of 2,000 instances on N machines makes many):
    the CLI's imports with paramiko deferred (provisioner/__init__.py) vs imported as the docker SDK does on its own,
    and a whole `toolprov list --json` against the engine, each pair alternated so both see the same machine load."""
    print(f"\n4. a toolprov call's start-up, median of {runs} alternated runs (paramiko imported = the code before)")
    cli = "import sys; sys.argv = ['toolprov', 'list', '--json']; from provisioner.cli import main; main()"
    for what, code in (("import provisioner.cli", "import provisioner.cli"), ("toolprov list --json", cli)):
        times: dict[str, list[float]] = {"deferred": [], "imported": []}
        for _ in range(runs):
            for label, prefix in (("imported", "import paramiko; "), ("deferred", "")):
                start = time.monotonic()
                subprocess.run([sys.executable, "-c", prefix + code], check=True, capture_output=True,
                               env=env_for(None))  # fmt: skip
                times[label].append(time.monotonic() - start)
        old, new = statistics.median(times["imported"]), statistics.median(times["deferred"])
        print(f"   {what + ':':24} paramiko imported {old:5.2f} s (baseline), deferred {new:5.2f} s = {new / old:.2f}x")
    print(f"   (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", nargs="+", default=["debugger", "lsp", "fileedit"])
    ap.add_argument("--instances", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["pull", "bytes", "batch", "startup"])
    ap.add_argument("--runs", type=int, default=9, help="runs of each start-up figure")
    a = ap.parse_args()
    if a.only == "startup":  # no registry or second engine needed
        bench_startup(a.runs)
        return
    work = Path(tempfile.mkdtemp(prefix="tp-scale-bench-"))
    daemons: list[Daemon] = []
    try:
        reg = start_registry(work / "registry")
        daemons.append(reg)
        e2 = start_dockerd(work / "engine2")
        daemons.append(e2)
        mirror = f"{reg.address}/pull/toolprov-base:bookworm"  # engine 2 gets the base from the registry, as a
        docker("tag", BASE, mirror)  # machine pulls its instance images: it then knows the base layers' digests
        docker("push", "-q", mirror)
        docker("pull", "-q", mirror, host=e2.address)
        docker("tag", mirror, BASE, host=e2.address)
        print(f"registry {reg.address}, second engine {e2.address}, {os.cpu_count()} cores")
        if a.only in (None, "pull", "bytes"):
            bench_pull(a.tools, reg.address, e2.address, work / "registry" / "data")
        if a.only in (None, "batch"):
            bench_batch(a.instances, a.jobs, e2.address)
        if a.only is None:
            bench_startup(a.runs)
    finally:
        for d in reversed(daemons):
            d.stop(timeout=60)
        if daemons:  # the registry's names on this engine, and the benchmark's own provisioned images
            refs = docker("images", "--format", "{{.Repository}}:{{.Tag}}").split()
            subprocess.run(["docker", "rmi", *[r for r in refs if r.startswith(f"{daemons[0].address}/")]],
                           capture_output=True)  # fmt: skip
            from provisioner import api

            mine = [i for i in api.list_provisioned() if "scale-bench-" in json.dumps(i.manifest.get("tools", []))]
            remove_provisioned([i.tags[0] if i.tags else i.id for i in mine])
        remove_tree(work)


if __name__ == "__main__":
    main()
