"""A second, real user on the same host (as on a shared GPU box) plants sockets and symlinks where the daemon keeps its
files: `lsp-bridge connect` never talks to an impostor (so never sends it the editor's buffers) and the daemon, run by
root, never follows a planted link."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsp_bridge.framing import encode
from lsp_bridge.runtime import socket_name
from tests.lsp_bridge.test_daemon import wait_until

USER = "lspmallory"
SYSTEM_PYTHON = "/usr/bin/python3"  # the other user cannot enter /root, where this interpreter may live
IMPOSTOR = """
import os, socket, sys
path, record = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
os.chmod(path, 0o777)
s.listen(8)
open(record + ".ready", "w").close()
while True:
    conn, _ = s.accept()
    conn.settimeout(2)
    try:
        data = conn.recv(65536)
    except OSError:
        data = b""
    with open(record, "ab") as f:
        f.write(b"CONNECTED:" + data)
"""
SECRET = "UNSAVED_SECRET_BUFFER"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("useradd") is None or not Path(SYSTEM_PYTHON).exists(),
    reason="needs root (to add a second user) and the system python3",
)


@pytest.fixture(scope="module")
def mallory() -> Iterator[pwd.struct_passwd]:
    created = False
    try:
        user = pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER], check=True)
        created, user = True, pwd.getpwnam(USER)
    yield user
    if created:
        subprocess.run(["userdel", USER], check=False)


@pytest.fixture
def shared() -> Iterator[Path]:
    """A world-writable sticky directory, like /tmp, that both users can reach."""
    path = Path(tempfile.mkdtemp(prefix="lsp-shared-", dir="/tmp"))
    path.chmod(0o1777)
    yield path
    for pid_file in path.rglob("*.pid"):
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
    shutil.rmtree(path, ignore_errors=True)


def as_user(user: pwd.struct_passwd, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        list(args), user=user.pw_uid, group=user.pw_gid, extra_groups=[], cwd="/", env={"PATH": "/usr/bin:/bin"},
        **kwargs,
    )  # fmt: skip


@pytest.fixture
def impostor(mallory, shared) -> Iterator:
    """Start the other user's fake daemon at a path; `record` collects whatever anyone sends it."""
    procs: list[subprocess.Popen] = []

    def start(path: Path) -> Path:
        record = shared / f"record-{len(procs)}"
        procs.append(as_user(mallory, SYSTEM_PYTHON, "-c", IMPOSTOR, str(path), str(record)))
        assert wait_until(lambda: Path(f"{record}.ready").exists())
        return record

    yield start
    for proc in procs:
        proc.kill()
        proc.wait()


def our_env(shared: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_RUNTIME_DIR", "LSP_BRIDGE_SOCKET")}
    return {**env, "TMPDIR": str(shared), **extra}


EDITOR_INPUT = encode(
    json.dumps(
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///testbed/app.py", "languageId": "python", "version": 1, "text": SECRET}}}
    ).encode()
)  # fmt: skip


def connect(shop: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "lsp_bridge", "connect", "--workspace", str(shop), *args]
    return subprocess.run(command, input=EDITOR_INPUT, env=env, capture_output=True, timeout=60)


def refused(result: subprocess.CompletedProcess, why: str) -> None:
    lines = result.stderr.decode().splitlines()
    assert (result.returncode, len(lines)) == (1, 1), result.stderr
    assert lines[0].startswith("lsp-bridge: refusing") and why in lines[0], lines


def test_a_runtime_dir_planted_by_another_user_is_refused(mallory, shared, impostor, shop):
    planted = shared / f"lsp-bridge-{os.getuid()}"
    as_user(mallory, "mkdir", "-m", "0777", str(planted)).wait()
    record = impostor(planted / socket_name(shop))
    refused(connect(shop, our_env(shared)), f"belongs to uid {mallory.pw_uid}")
    assert not record.exists()  # the impostor never even saw a connection


def test_an_impostor_socket_is_never_connected_to(mallory, shared, impostor, shop):
    record = impostor(shared / "bridge.sock")
    refused(connect(shop, our_env(shared), "--socket", str(shared / "bridge.sock")), "belongs to uid")
    # a socket file that looks like ours but with the other user's process behind it
    record_peer = impostor(shared / "peer.sock")
    os.lchown(shared / "peer.sock", os.getuid(), os.getgid())
    refused(connect(shop, our_env(shared), "--socket", str(shared / "peer.sock")), "is not ours")
    # a symlink to the impostor's socket
    (shared / "link.sock").symlink_to(shared / "bridge.sock")
    refused(connect(shop, our_env(shared), "--socket", str(shared / "link.sock")), "not a socket")
    assert not record.exists()
    assert wait_until(record_peer.exists)  # it was connected to, found out, and told nothing
    assert record_peer.read_bytes() == b"CONNECTED:"


def test_the_other_users_xdg_runtime_dir_is_not_used(mallory, shared, shop, tmp_path):
    theirs = shared / "run-user"
    as_user(mallory, "mkdir", "-m", "0700", str(theirs)).wait()
    env = our_env(shared, XDG_RUNTIME_DIR=str(theirs))
    result = connect(shop, env, "--cache-dir", str(tmp_path / "cache"))
    assert result.returncode == 0, result.stderr
    ours = shared / f"lsp-bridge-{os.getuid()}"
    st = ours.lstat()
    assert (st.st_uid, oct(st.st_mode & 0o777)) == (os.getuid(), "0o700")
    sock = ours / socket_name(shop)
    assert sock.is_socket() and oct(sock.stat().st_mode & 0o777) == "0o600"
    assert {p.name for p in ours.iterdir()} == {sock.name, f"{sock.name}.pid", f"{sock.name}.lock", f"{sock.name}.log"}
    # the other user cannot reach our daemon
    reach = f"import socket; socket.socket(socket.AF_UNIX).connect({str(sock)!r})"
    _, err = as_user(mallory, SYSTEM_PYTHON, "-c", reach, stderr=subprocess.PIPE).communicate(timeout=10)
    assert b"PermissionError" in err


def test_planted_symlinks_are_never_followed(mallory, shared, shop, tmp_path):
    victim_dir = Path(tempfile.mkdtemp(dir="/tmp"))
    victim = victim_dir / "victim"
    victim.write_text("precious\n")
    try:
        sock = shared / "d.sock"
        for suffix in (".lock", ".log"):
            as_user(mallory, "ln", "-s", str(victim), f"{sock}{suffix}").wait()
        assert Path(f"{sock}.lock").is_symlink()
        refused(connect(shop, our_env(shared), "--socket", str(sock)), "symlink")
        Path(f"{sock}.lock").unlink()
        refused(connect(shop, our_env(shared), "--socket", str(sock)), "symlink")  # now the log
        as_user(mallory, "ln", "-s", str(victim), str(shared / "mine.log")).wait()
        index = [sys.executable, "-m", "lsp_bridge", "index", "--workspace", str(shop), "--log-file"]
        refused(subprocess.run([*index, str(shared / "mine.log")], capture_output=True, timeout=60), "symlink")
        # the daemon itself, with links planted at its socket and pid file
        Path(f"{sock}.log").unlink()
        as_user(mallory, "ln", "-s", str(victim), str(sock)).wait()
        as_user(mallory, "ln", "-s", str(victim), f"{sock}.pid").wait()
        refused(
            subprocess.run(
                [sys.executable, "-m", "lsp_bridge", "daemon", "--workspace", str(shop), "--socket", str(sock)],
                env=our_env(shared), capture_output=True, timeout=60,
            ),
            "not a socket",
        )  # fmt: skip
        sock.unlink()
        daemon = subprocess.Popen(
            [sys.executable, "-m", "lsp_bridge", "daemon", "--workspace", str(shop), "--socket", str(sock),
             "--cache-dir", str(tmp_path / "cache")],
            env=our_env(shared), stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            assert wait_until(lambda: sock.is_socket() and not Path(f"{sock}.pid").is_symlink())
            assert Path(f"{sock}.pid").read_text() == f"{daemon.pid}\n"
        finally:
            daemon.send_signal(signal.SIGTERM)
            assert daemon.wait(10) == 0
        assert victim.read_text() == "precious\n"
    finally:
        shutil.rmtree(victim_dir)
