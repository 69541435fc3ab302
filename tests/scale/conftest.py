"""Fixtures of the scale tests: a loopback registry and a second engine, started once per session and stopped (with
their data removed) at its end; a private copy of a tool spec, so each test's keys are new to every engine."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator

import pytest

from tests.scale.daemons import Daemon, remove_tree, start_dockerd, start_registry

BASE = "toolprov-base:bookworm"  # the smallest local image with a Python that can make a venv


def toolprov(*args: str, host: str | None = None, timeout: float = 600, **kw) -> subprocess.CompletedProcess:
    """The toolprov CLI, on the engine `host` names (DOCKER_HOST) or the default one."""
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | ({"DOCKER_HOST": host} if host else {})
    return subprocess.run(["toolprov", *args], capture_output=True, text=True, timeout=timeout, env=env, **kw)


def docker(*args: str, host: str | None = None, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | ({"DOCKER_HOST": host} if host else {})
    return subprocess.run(["docker", *args], capture_output=True, text=True, env=env, timeout=600, **kw)


def copy_image(image: str, host: str, registry: str) -> None:
    """Give the second engine an image as another machine would have it: same name, same id, pulled from a registry
    (so that engine knows its layers' digests, and a later pull of a tool image on top fetches only the tool layers;
    a `docker load`ed base would be fetched again)."""
    if docker("image", "inspect", image, host=host).returncode == 0:
        return
    ref = f"{registry}/mirror/{image}"
    for args, on in ((["tag", image, ref], None), (["push", "-q", ref], None), (["rmi", ref], None),
                     (["pull", "-q", ref], host), (["tag", ref, image], host), (["rmi", ref], host)):  # fmt: skip
        res = docker(*args, host=on)
        assert res.returncode == 0, f"docker {' '.join(args)}: {res.stderr}"


def untag_registry(address: str, host: str | None = None) -> None:
    """Remove the engine's tags that name the registry `address` (only the names: images with other tags stay)."""
    refs = docker("images", "--format", "{{.Repository}}:{{.Tag}}", host=host).stdout.split()
    mine = [r for r in refs if r.startswith(f"{address}/")]
    if mine:
        docker("rmi", *mine, host=host)


def registry_json(address: str, path: str, accept: str = "") -> dict:
    import urllib.request

    req = urllib.request.Request(f"http://{address}/v2/{path}", headers={"Accept": accept} if accept else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def registry_tags(address: str, name: str) -> list[str]:
    """The tags the registry holds for NAME ([] when it has none: the repository is unknown until a tag is written)."""
    import urllib.error

    try:
        return registry_json(address, f"{name}/tags/list").get("tags") or []
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return []
        raise


def registry_labels(address: str, name: str, tag: str) -> dict:
    """The labels of NAME:TAG as the registry stores them (its config blob), read over the distribution API."""
    manifest = registry_json(address, f"{name}/manifests/{tag}", "application/vnd.docker.distribution.manifest.v2+json")
    config = registry_json(address, f"{name}/blobs/{manifest['config']['digest']}")
    return config["config"].get("Labels") or {}


@pytest.fixture(scope="session")
def registry_daemon(engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    root = tmp_path_factory.mktemp("registry")
    daemon = start_registry(root)
    yield daemon
    daemon.stop()
    untag_registry(daemon.address)
    remove_tree(root / "data")  # pushed layers (hundreds of MB)


@pytest.fixture(scope="session")
def registry(registry_daemon: Daemon) -> str:
    return registry_daemon.address


@pytest.fixture(scope="session")
def engine2(engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """DOCKER_HOST of a second, empty engine standing in for another machine."""
    root = tmp_path_factory.mktemp("engine2")
    had_docker0 = subprocess.run(["ip", "link", "show", "docker0"], capture_output=True).returncode == 0
    daemon = start_dockerd(root)
    if had_docker0:  # the first engine's bridge is untouched (`--bridge none` would have deleted it)
        assert subprocess.run(["ip", "link", "show", "docker0"], capture_output=True).returncode == 0
    yield daemon.address
    daemon.stop(timeout=60)
    remove_tree(root)  # its images (the data root)
