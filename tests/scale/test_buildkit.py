"""The recipes `toolprov dockerfile` writes, built with BuildKit (docker buildx, Debian's package; scripts/setup.sh
fetches it) on one engine with its cache in the registry, and built again on another engine from that cache: no step
runs again there. The builder is the engine's own (buildx's `docker` driver): it exports the cache inline in the
pushed image (`--cache-to type=inline`), which `--cache-from type=registry,ref=…` reads on any machine. A separate
cache manifest (`--cache-to type=registry`) needs a BuildKit builder of its own, whose image is not in a package
registry: the README says so."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest

from provisioner import api
from tests.scale.conftest import BASE, docker, private_specs, toolprov

pytestmark = pytest.mark.docker

BUILDX = Path("/usr/local/lib/toolprov/cli-plugins/docker-buildx")


def buildx_env(tmp_path: Path, host: str | None) -> dict[str, str]:
    """The docker CLI with the buildx plugin (in a DOCKER_CONFIG of the test's own: `docker build` elsewhere on the
    machine stays the classic builder), on the engine `host` names."""
    assert os.access(BUILDX, os.X_OK), f"{BUILDX} is missing: run scripts/setup.sh (it fetches Debian's docker-buildx)"
    config = tmp_path / "docker-config"
    (config / "cli-plugins").mkdir(parents=True, exist_ok=True)
    if not (config / "cli-plugins" / "docker-buildx").exists():
        (config / "cli-plugins" / "docker-buildx").symlink_to(BUILDX)
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {"DOCKER_CONFIG": str(config)}
    return env | ({"DOCKER_HOST": host} if host else {})


def test_buildx_builds_the_export_and_another_engine_reuses_its_registry_cache(
    registry: str, engine2: str, tmp_path: Path
):
    specs = private_specs(tmp_path / f"bk-{uuid.uuid4().hex[:8]}")
    out = tmp_path / "build"
    res = toolprov("dockerfile", "pyflakes", "-i", BASE, "--specs", str(specs), "-o", str(out))
    assert res.returncode == 0, res.stderr
    key = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1].key
    ref = f"{registry}/bk/toolprov-base:bookworm-tools-{key[:12]}"
    local = f"toolprov-bk-{key[:12]}:cached"
    first, second = buildx_env(tmp_path, None), buildx_env(tmp_path, engine2)
    try:
        # the build machine: BuildKit builds the recipe, the image carries its cache; the engine pushes it
        for cmd in (["docker", "buildx", "build", "--cache-to", "type=inline", "-t", ref, str(out)],
                    ["docker", "push", "-q", ref]):  # fmt: skip
            done = subprocess.run(cmd, env=first, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, f"{cmd}: {done.stderr}"
        assert "RUN --mount=type=bind" in (out / "Dockerfile").read_text()

        # another machine (it has the base, not the image): every step of the recipe comes from the registry's cache
        cmd = ["docker", "buildx", "build", "--progress", "plain", "--cache-from", f"type=registry,ref={ref}", "-t",
               local, str(out)]  # fmt: skip
        again = subprocess.run(cmd, env=second, capture_output=True, text=True, timeout=600)
        assert again.returncode == 0, again.stderr
        log = again.stderr
        steps = [ln for ln in log.splitlines() if " RUN " in ln and ln.startswith("#")]
        assert steps, log
        assert log.count("CACHED") >= 2, log  # the install and the check
        assert "==> toolprov step:" not in log, log  # install.sh did not run here
        labels = docker("image", "inspect", "--format", '{{index .Config.Labels "toolprov.key"}}', local, host=engine2)
        assert labels.stdout.strip() == key
        listed = toolprov("list", "--json", host=engine2)
        assert local in listed.stdout  # toolprov sees the BuildKit image as a provisioned one
    finally:
        docker("rmi", ref)
        docker("rmi", local, host=engine2)
