"""toolprov benchmark: cold install vs plain `docker run … pip install … && docker commit`, warm re-install vs
cold, and image growth per tool. Every figure is printed beside its baseline, measured in the same run.

    python bench/toolprov_bench.py [--image toolprov-testbed:bookworm] [--runs 3]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import docker

from provisioner import api
from provisioner.spec import DEFAULT_SPECS_DIR, available_specs

CA = os.environ.get("PIP_CERT") or "/etc/ssl/certs/ca-certificates.crt"
TOOLPROV = str(Path(sys.executable).parent / "toolprov")  # the console script itself, not a version-manager shim


def fresh_specs(tool: str) -> Path:
    """A copy of a shipped spec with a new description: same tool, a key the engine has never seen."""
    d = Path(tempfile.mkdtemp(prefix="tp-bench-"))
    if (DEFAULT_SPECS_DIR / tool).is_dir():
        shutil.copytree(DEFAULT_SPECS_DIR / tool, d / tool)
    text = (DEFAULT_SPECS_DIR / f"{tool}.yaml").read_text()
    (d / f"{tool}.yaml").write_text(text.replace("description: ", f"description: bench-{uuid.uuid4().hex[:8]} ", 1))
    return d


def baseline_install(client: docker.DockerClient, image: str, package: str) -> tuple[float, float]:
    """The usual way: a container with network, pip install into a venv, docker commit. Returns (s, MB added)."""
    start = time.monotonic()
    c = client.containers.run(
        image, ["sh", "-c", f"python3 -m venv /opt/tool && /opt/tool/bin/pip install -q {package}"], detach=True,
        network_mode="host", environment={"PIP_CERT": "/ca.pem"}, volumes={CA: {"bind": "/ca.pem", "mode": "ro"}},
    )  # fmt: skip
    assert c.wait()["StatusCode"] == 0, c.logs()[-500:]
    img = c.commit()
    elapsed = time.monotonic() - start
    c.remove()
    grown = (img.attrs["Size"] - client.images.get(image).attrs["Size"]) / 1e6
    client.images.remove(img.id)
    return elapsed, grown


def cold_install(tool: str, image: str, fresh_cache: bool) -> tuple[float, str]:
    specs = fresh_specs(tool)
    env = {**os.environ, **({"TOOLPROV_CACHE": tempfile.mkdtemp(prefix="tp-cache-")} if fresh_cache else {})}
    start = time.monotonic()
    res = subprocess.run([TOOLPROV, "install", tool, "-i", image, "--specs", str(specs), "--json"],
                         capture_output=True, text=True, env=env)  # fmt: skip
    elapsed = time.monotonic() - start
    assert res.returncode == 0, res.stderr
    tag = json.loads(res.stdout)["image"]
    return elapsed, tag


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--image", default="toolprov-testbed:bookworm")
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    client = docker.from_env()
    base_size = client.images.get(a.image).attrs["Size"]
    print(f"toolprov benchmark on {a.image} ({a.runs} runs each, medians)\n")

    base_t, base_mb, cold_t, cold_nc_t, tags = [], [], [], [], []
    for _ in range(a.runs):
        t, mb = baseline_install(client, a.image, "pyflakes==3.2.0")
        base_t.append(t), base_mb.append(mb)
        t, tag = cold_install("pyflakes", a.image, fresh_cache=False)
        cold_t.append(t), tags.append(tag)
        t, tag = cold_install("pyflakes", a.image, fresh_cache=True)
        cold_nc_t.append(t), tags.append(tag)
    b, c, cnc = statistics.median(base_t), statistics.median(cold_t), statistics.median(cold_nc_t)
    print("cold install of pyflakes (baseline: docker run … pip install … && docker commit, from PyPI)")
    print(f"  baseline                      {b:6.2f} s")
    print(f"  toolprov, wheel cache warm    {c:6.2f} s   ratio {c / b:4.2f}x   (goal <= 1.2x)")
    print(f"  toolprov, empty cache         {cnc:6.2f} s   ratio {cnc / b:4.2f}x   (includes probe + wheel resolution)")

    warm_cli, warm_api = [], []
    for _ in range(max(5, a.runs)):
        start = time.monotonic()
        subprocess.run([TOOLPROV, "install", "pyflakes", "-i", a.image, "--json"], capture_output=True, check=True)
        warm_cli.append(time.monotonic() - start)
        warm_api.append(api.install_tools(["pyflakes"], image=a.image).seconds)
    w, wa = statistics.median(warm_cli), statistics.median(warm_api)
    print("\nwarm re-install (already provisioned) vs cold")
    print(f"  toolprov CLI process          {w:6.3f} s   {c / w:5.0f}x faster than cold   (goal <= 0.5 s, >= 50x)")
    print(f"  install_tools() in-process    {wa:6.3f} s   {c / wa:5.0f}x faster than cold")

    print(f"\nimage growth per tool (baseline plain venv + pip of pyflakes: {statistics.median(base_mb):.1f} MB)")
    for spec in available_specs():
        try:
            res = api.install_tools([spec.stem], image=a.image)
        except Exception as e:  # a tool that cannot be provisioned here is reported, not fatal to the benchmark
            print(f"  {spec.stem:<12} failed: {str(e).splitlines()[0][:100]}")
            continue
        grown = (client.images.get(res.image).attrs["Size"] - base_size) / 1e6
        print(f"  {spec.stem:<12} {grown:6.1f} MB   (goal <= 30 MB for a small tool)")
    for tag in tags:
        client.images.remove(tag)


if __name__ == "__main__":
    main()
