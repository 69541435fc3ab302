"""Fixtures of the scale tests, each started once per session and stopped (with its data removed) at its end: a loopback
registry, a second engine that has the base image as another machine would, an sshd in front of the first engine, and
one tool image provisioned over ssh and pushed (the image most tests pull, verify or push again: built once)."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import tarfile
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.scale.daemons import (
    Daemon,
    Engine,
    _spawn,
    _wait,
    free_port,
    mount_tmpfs,
    remove_tree,
    start_dockerd,
    start_registry,
    unmount,
)

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
    if (pushing := _mirroring.get((registry, image))) is not None:
        pushing.join()  # started with the registry (tests/scale/conftest.py registry_daemon)
    ref = f"{registry}/mirror/{image}"
    for args, on in ((["tag", image, ref], None), (["push", "-q", ref], None), (["rmi", ref], None),
                     (["pull", "-q", ref], host), (["tag", ref, image], host), (["rmi", ref], host)):  # fmt: skip
        res = docker(*args, host=on)
        assert res.returncode == 0, f"docker {' '.join(args)}: {res.stderr}"


_mirroring: dict[tuple[str, str], threading.Thread] = {}


def mirror(image: str, registry: str) -> None:
    """Push `image` from the first engine to REGISTRY/mirror/IMAGE (the engine then knows its layers' digests there: a
    later push of an image on top mounts them instead of uploading them again)."""
    ref = f"{registry}/mirror/{image}"
    for args in (["tag", image, ref], ["push", "-q", ref], ["rmi", ref]):
        docker(*args)


def keyed(key: str, host: str | None = None) -> list[str]:
    """The images on an engine that carry `key` (a half-built layer would show here)."""
    return docker("images", "-q", "--filter", f"label=toolprov.key={key}", host=host).stdout.split()


def drop_key(key: str, host: str | None = None) -> None:
    """Remove the images carrying `key` from an engine (a test that needs the engine without them)."""
    if found := keyed(key, host):
        docker("rmi", "-f", *found, host=host)


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
    # the base's first push (its ~290 MB compressed once, ~35 s) runs while the first tests build, not before them
    _mirroring[(daemon.address, BASE)] = threading.Thread(target=mirror, args=(BASE, daemon.address), daemon=True)
    _mirroring[(daemon.address, BASE)].start()
    yield daemon
    _mirroring.pop((daemon.address, BASE)).join()
    daemon.stop()
    untag_registry(daemon.address)
    remove_tree(root / "data")  # pushed layers (hundreds of MB)


@pytest.fixture(scope="session")
def registry(registry_daemon: Daemon) -> str:
    return registry_daemon.address


@pytest.fixture(scope="session")
def engine2_daemon(engine, registry: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A second engine standing in for another machine, reached on a Unix socket and on tcp:// with TLS, whose data
    root is a disk of its own (a tmpfs: a test fills it, and another stops and restarts the engine); it has the base
    image (pulled from the registry, as SWE-bench machines pull their instance images) and nothing else."""
    root = tmp_path_factory.mktemp("engine2")
    mount_tmpfs(root, "2g")  # its data root in memory (it holds ~1 GB; a test fills it): removed at once by unmount
    had_docker0 = subprocess.run(["ip", "link", "show", "docker0"], capture_output=True).returncode == 0
    daemon = start_dockerd(root, tcp=True)
    try:
        if had_docker0:  # the first engine's bridge is untouched (`--bridge none` would have deleted it)
            assert subprocess.run(["ip", "link", "show", "docker0"], capture_output=True).returncode == 0
        copy_image(BASE, daemon.address, registry)
        yield daemon
    finally:
        daemon.stop(timeout=60)
        unmount(root)  # its images (the data root)
        remove_tree(root)


@pytest.fixture(scope="session")
def engine2(engine2_daemon: Engine) -> str:
    """DOCKER_HOST of the second engine (its Unix socket)."""
    return engine2_daemon.address


SSHD = "/usr/sbin/sshd"


@pytest.fixture(scope="session")
def ssh_host(engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """An environment with DOCKER_HOST=ssh://root@127.0.0.1:PORT (a real sshd in front of the first engine, with a
    host key and a client key made here) and a PATH whose `ssh` uses the test's key and known-hosts file."""
    assert os.access(SSHD, os.X_OK), "openssh-server is missing: run scripts/setup.sh (it installs it, not started)"
    d = tmp_path_factory.mktemp("ssh")
    for name in ("host_key", "id"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / name)], check=True)
    shutil.copy(d / "id.pub", d / "authorized_keys")
    port = free_port()
    (d / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d / 'host_key'}\nPidFile {d / 'sshd.pid'}\n"
        f"AuthorizedKeysFile {d / 'authorized_keys'}\nPermitRootLogin prohibit-password\nPasswordAuthentication no\n"
        "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nX11Forwarding no\nPrintMotd no\n"
    )
    (d / "ssh_config").write_text(
        f"Host *\n  IdentityFile {d / 'id'}\n  IdentitiesOnly yes\n  BatchMode yes\n"
        f"  UserKnownHostsFile {d / 'known_hosts'}\n  StrictHostKeyChecking accept-new\n"
        f"  ControlMaster auto\n  ControlPath {d / 'cm-%C'}\n  ControlPersist 30\n"  # one handshake, many connections
    )
    (d / "bin").mkdir()
    (d / "bin" / "ssh").write_text(f'#!/bin/sh\nexec /usr/bin/ssh -F {d / "ssh_config"} "$@"\n')
    (d / "bin" / "ssh").chmod(0o755)
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege separation directory (the package's service makes it)
    daemon = Daemon(_spawn([SSHD, "-D", "-e", "-f", str(d / "sshd_config")], d / "sshd.log"), d / "sshd.log",
                    f"ssh://root@127.0.0.1:{port}")  # fmt: skip
    env = {**os.environ, "DOCKER_HOST": daemon.address, "PATH": f"{d / 'bin'}:{os.environ['PATH']}"}

    def answers() -> bool:
        res = subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"], env=env, capture_output=True)
        return res.returncode == 0

    _wait(answers, daemon, "sshd (docker over ssh)")
    yield env
    subprocess.run(["ssh", "-O", "exit", "-p", str(port), "root@127.0.0.1"], env=env, capture_output=True, timeout=30)
    daemon.stop()


def private_specs(folder: Path, tool: str = "pyflakes", setup: str = "") -> Path:
    """A copy of a shipped tool spec with a unique description (so its keys are new to every engine) and `setup` as
    the first line of its setup script. pyflakes by default: the cheapest real build (a wheel from the wheelhouse,
    ~15 s; fileedit's editable install of its own source takes ~30 s)."""
    from provisioner.spec import DEFAULT_SPECS_DIR

    folder.mkdir(parents=True, exist_ok=True)
    if (DEFAULT_SPECS_DIR / tool).is_dir():
        shutil.copytree(DEFAULT_SPECS_DIR / tool, folder / tool)
    text = (DEFAULT_SPECS_DIR / f"{tool}.yaml").read_text().replace("description: ", f"description: {folder.name} ")
    if setup:
        text = text.replace("setup_script: null\n", "setup_script: |\n").replace(
            "setup_script: |\n", f"setup_script: |\n  {setup}\n", 1
        )
    (folder / f"{tool}.yaml").write_text(text)
    return folder


def remove_marked(marker: str) -> None:
    """Remove the first engine's provisioned images whose manifest mentions `marker` (a private spec's description)."""
    from provisioner import api

    mine = [i for i in api.list_provisioned() if marker in json.dumps(i.manifest)]
    if mine:
        api.remove([i.tags[0] if i.tags else i.id for i in mine])


@dataclass
class Pushed:
    specs: Path  # the private spec it was provisioned from
    repo: str  # the registry repository it was pushed to
    name: str  # its name and tag there
    tag: str
    key: str
    first: dict  # the --json report of the install that looked it up (a foreign tag) and built it
    second: dict  # the --json report of the install that pushed it


@pytest.fixture(scope="session")
def pushed(registry: str, ssh_host: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pushed]:
    """`pyflakes` on the base image from a private spec, provisioned once through ssh:// (a build machine reaching its
    engine remotely): looked up in the registry (which holds an image that is not ours under the layer's name: it
    must be ignored), built, then pushed by a second run."""
    from provisioner import api
    from provisioner import registry as reg

    specs = private_specs(tmp_path_factory.mktemp(f"scale-{uuid.uuid4().hex[:8]}-"))
    repo = f"{registry}/tools"
    layer = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1]
    name, tag = reg.remote_ref(repo, layer)
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w") as t:
        info = tarfile.TarInfo("not-a-toolprov-image")
        t.addfile(info, io.BytesIO(b""))
    local = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"}
    imported = subprocess.run(["docker", "import", "-", f"{name}:{tag}"], input=tar.getvalue(), env=local,
                              capture_output=True, timeout=120)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    for args in (["push", "-q", f"{name}:{tag}"], ["rmi", f"{name}:{tag}"]):
        assert docker(*args).returncode == 0, args

    def run(*args: str) -> dict:
        res = subprocess.run(["toolprov", "install", "pyflakes", "-i", BASE, "--specs", str(specs), *args, "--json"],
                             env=ssh_host, capture_output=True, timeout=600)  # fmt: skip
        assert res.returncode == 0, res.stderr.decode()
        return json.loads(res.stdout)

    first = run("--registry", repo)
    _mirroring[(registry, BASE)].join()  # the base is in the registry: this push mounts it, uploads only pyflakes
    yield Pushed(specs, repo, name, tag, layer.key, first, run("--push", repo))
    remove_marked(specs.name)
