"""Real daemons for the scale tests, each started fully detached (new session, stdin /dev/null, output to a log file)
on loopback or a Unix socket, and stopped by whoever started it: a registry (Debian's docker-registry, optionally
behind htpasswd auth) and a second Docker engine standing in for another machine (its own data root, exec root, pid
file, socket and bridge)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
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


def start_registry(
    root: Path, port: int | None = None, htpasswd: Path | None = None, storage: Path | None = None
) -> Daemon:
    """docker-registry on 127.0.0.1 (dockerd treats loopback registries as insecure ones: plain HTTP is fine); with
    `htpasswd` (bcrypt entries) every request needs basic auth. Its blobs go to `storage` (default ROOT/data): a
    second registry process may serve another one's storage, as the replicas of one registry share theirs."""
    binary = shutil.which("docker-registry")
    assert binary, "docker-registry is missing: run scripts/setup.sh (it installs Debian's docker-registry)"
    root.mkdir(parents=True, exist_ok=True)
    address = f"127.0.0.1:{port or free_port()}"
    config = {
        "version": 0.1, "log": {"level": "warn"}, "http": {"addr": address},
        "storage": {"filesystem": {"rootdirectory": str(storage or root / "data")}, "delete": {"enabled": True}},
    }  # fmt: skip
    if htpasswd:
        config["auth"] = {"htpasswd": {"realm": "toolprov-test", "path": str(htpasswd)}}
    (root / "config.yml").write_text(yaml.safe_dump(config))
    daemon = Daemon(_spawn([binary, "serve", str(root / "config.yml")], root / "registry.log"), root / "registry.log",
                    address)  # fmt: skip

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://{address}/v2/", timeout=1):
                return True
        except urllib.error.HTTPError as e:
            return e.code == 401  # it answers: auth required
        except OSError:
            return False

    _wait(answers, daemon, "docker-registry")
    return daemon


@dataclass
class Engine(Daemon):
    root: Path = Path()
    bridge: str = ""
    tcp: str = ""  # tcp://127.0.0.1:PORT with TLS (client certificates in root/tls), when started with one

    def stop(self, timeout: float = 30) -> None:
        super().stop(timeout)
        if self.bridge:
            subprocess.run(["ip", "link", "delete", self.bridge], capture_output=True)

    def restart(self) -> None:
        """The same engine back after a stop (same data root, socket and bridge), as a machine's engine comes back."""
        self.process = start_dockerd(self.root, self.bridge, self.tcp).process


def make_tls(d: Path) -> None:
    """A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl into `d` (the client's
    ca.pem, cert.pem and key.pem are what DOCKER_CERT_PATH names)."""
    d.mkdir(parents=True, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    sign = ["-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial", "-days", "2"]
    (d / "server.ext").write_text("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    (d / "client.ext").write_text("extendedKeyUsage=clientAuth\n")
    for cmd in (
        ["req", "-x509", *ec, "-keyout", "ca-key.pem", "-out", "ca.pem", "-days", "2", "-subj", "/CN=toolprov-test-ca"],
        ["req", *ec, "-keyout", "server-key.pem", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
        ["x509", "-req", "-in", "server.csr", *sign, "-out", "server-cert.pem", "-extfile", "server.ext"],
        ["req", *ec, "-keyout", "key.pem", "-out", "client.csr", "-subj", "/CN=toolprov-test-client"],
        ["x509", "-req", "-in", "client.csr", *sign, "-out", "cert.pem", "-extfile", "client.ext"],
    ):
        subprocess.run(["openssl", *cmd], cwd=d, check=True, capture_output=True)


def start_dockerd(root: Path, bridge: str | None = None, tcp: str | bool = False) -> Engine:
    """A second engine on this machine: its own data root, exec root, pid file and Unix socket, and its own bridge
    (made here, removed by stop()) without iptables rules: it touches nothing of the first engine's. Not `--bridge
    none`: a dockerd started with it deletes the host's docker0, the first engine's bridge. With `tcp` it also listens
    on tcp://127.0.0.1 (a given address, or a free port when True) with TLS, client certificates required."""
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
    if tcp:
        tcp = tcp if isinstance(tcp, str) else f"tcp://127.0.0.1:{free_port()}"
        if not (root / "tls" / "ca.pem").exists():
            make_tls(root / "tls")
        argv += ["-H", tcp, "--tlsverify", "--tlscacert", str(root / "tls" / "ca.pem"), "--tlscert",
                 str(root / "tls" / "server-cert.pem"), "--tlskey", str(root / "tls" / "server-key.pem")]  # fmt: skip
    daemon = Engine(_spawn(argv, root / "dockerd.log"), root / "dockerd.log", f"unix://{sock}", root, bridge,
                    tcp or "")  # fmt: skip

    def answers() -> bool:
        env = {**os.environ, "DOCKER_HOST": daemon.address}
        res = subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"], env=env, capture_output=True)
        return res.returncode == 0

    _wait(answers, daemon, "the second dockerd", 60)
    return daemon


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def mount_tmpfs(path: Path, size: str) -> None:
    """A tmpfs of `size` at `path`: a disk of its own that a test can fill (and that goes away with the unmount)."""
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "toolprov-test", str(path)], check=True)


def unmount(path: Path) -> None:
    if subprocess.run(["umount", str(path)], capture_output=True).returncode:
        subprocess.run(["umount", "--lazy", str(path)], capture_output=True)  # busy: detached now, freed when idle
