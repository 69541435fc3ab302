"""Real daemons for the scale tests, each started fully detached (new session, stdin /dev/null, output to a log file)
on loopback or a Unix socket, and stopped by whoever started it: a registry (Debian's docker-registry) and a second
Docker engine standing in for another machine (its own data root, exec root, pid file and socket, no bridge)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import yaml


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Daemon:
    process: subprocess.Popen
    log: Path
    address: str

    def stop(self, timeout: float = 30) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)

    def tail(self, n: int = 20) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:]) if self.log.exists() else ""


def _spawn(argv: list[str], log: Path) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)  # fmt: skip


def _wait(check, daemon: Daemon, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if daemon.process.poll() is not None:
            raise RuntimeError(f"{what} stopped (exit {daemon.process.returncode}): {daemon.tail()}")
        if time.monotonic() > deadline:
            daemon.stop()
            raise RuntimeError(f"{what} did not answer within {seconds:.0f} s: {daemon.tail()}")
        time.sleep(0.2)


def start_registry(root: Path, port: int | None = None) -> Daemon:
    """docker-registry on 127.0.0.1 (dockerd treats loopback registries as insecure ones: plain HTTP is fine)."""
    binary = shutil.which("docker-registry")
    assert binary, "docker-registry is missing: run scripts/setup.sh (it installs Debian's docker-registry)"
    root.mkdir(parents=True, exist_ok=True)
    address = f"127.0.0.1:{port or free_port()}"
    config = {
        "version": 0.1, "log": {"level": "warn"}, "http": {"addr": address},
        "storage": {"filesystem": {"rootdirectory": str(root / "data")}, "delete": {"enabled": True}},
    }  # fmt: skip
    (root / "config.yml").write_text(yaml.safe_dump(config))
    daemon = Daemon(_spawn([binary, "serve", str(root / "config.yml")], root / "registry.log"), root / "registry.log",
                    address)  # fmt: skip

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://{address}/v2/", timeout=1):
                return True
        except OSError:
            return False

    _wait(answers, daemon, "docker-registry")
    return daemon


@dataclass
class Engine(Daemon):
    bridge: str = ""

    def stop(self, timeout: float = 30) -> None:
        super().stop(timeout)
        if self.bridge:
            subprocess.run(["ip", "link", "delete", self.bridge], capture_output=True)


def start_dockerd(root: Path, bridge: str | None = None) -> Engine:
    """A second engine on this machine: its own data root, exec root, pid file and Unix socket, and its own bridge
    (made here, removed by stop()) without iptables rules: it touches nothing of the first engine's. Not `--bridge
    none`: a dockerd started with it deletes the host's docker0, the first engine's bridge."""
    root.mkdir(parents=True, exist_ok=True)
    sock = root / "docker.sock"
    bridge = bridge or f"tpbr{uuid.uuid4().hex[:6]}"
    if subprocess.run(["ip", "link", "show", bridge], capture_output=True).returncode != 0:
        subnet = f"10.{random.randint(64, 250)}.{random.randint(0, 250)}"
        for cmd in (["add", "name", bridge, "type", "bridge"], ["set", bridge, "up"]):
            subprocess.run(["ip", "link", *cmd], check=True, capture_output=True)
        subprocess.run(["ip", "addr", "add", f"{subnet}.1/24", "dev", bridge], check=True, capture_output=True)
    argv = [
        "dockerd", "--data-root", str(root / "data"), "--exec-root", str(root / "exec"),
        "--pidfile", str(root / "dockerd.pid"), "-H", f"unix://{sock}", "--bridge", bridge, "--iptables=false",
        "--ip-masq=false", "--storage-driver", "overlay2",
    ]  # fmt: skip
    daemon = Engine(_spawn(argv, root / "dockerd.log"), root / "dockerd.log", f"unix://{sock}", bridge)

    def answers() -> bool:
        env = {**os.environ, "DOCKER_HOST": daemon.address}
        res = subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"], env=env, capture_output=True)
        return res.returncode == 0

    _wait(answers, daemon, "the second dockerd", 60)
    return daemon


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
