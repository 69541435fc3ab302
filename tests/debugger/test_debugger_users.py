"""Two real users on one host: sessions are private, and nothing another user plants is used or obeyed."""

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PROJECT, TOOL_SRC

PEER = "dbgpeer"
PEER_PYTHON = "/usr/bin/python3"  # pyenv's pythons live under /root, which the peer cannot enter

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("useradd") or not Path(PEER_PYTHON).exists(),
    reason="needs root (to add a second user) and a system python",
)


@pytest.fixture(scope="module")
def peer() -> Iterator[pwd.struct_passwd]:
    """A second, unprivileged user; removed again after the tests."""
    made = False
    try:
        pwd.getpwnam(PEER)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", PEER], check=True)
        made = True
    user = pwd.getpwnam(PEER)
    yield user
    run(["-m", "agent_debugger", "stop"], Path("/"), {}, user)  # whatever a failed test left in the peer's session
    shutil.rmtree(f"/tmp/debugger-sessions-{user.pw_uid}", ignore_errors=True)
    if made:
        subprocess.run(["userdel", PEER], check=False)


@pytest.fixture
def shared() -> Iterator[Path]:
    """A world-readable folder with a copy of the project; `sessions` in it is like /tmp (1777)."""
    root = Path(tempfile.mkdtemp(prefix="dbg-users-", dir="/tmp"))
    root.chmod(0o755)
    shutil.copytree(PROJECT, root / "project")
    for path in [root / "project", *(root / "project").rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    (root / "sessions").mkdir()
    (root / "sessions").chmod(0o1777)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def run(args: list[str], cwd: Path, env: dict, user: pwd.struct_passwd | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(TOOL_SRC), **env}
    if user is not None:
        env["HOME"] = "/"
    return subprocess.run(
        [PEER_PYTHON if user else sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        user=user.pw_uid if user else None,
        group=user.pw_gid if user else None,
        extra_groups=[] if user else None,
    )


def debugger(shared: Path, *args: str, user: pwd.struct_passwd | None = None, **env: str):
    return run(["-m", "agent_debugger", *args], shared / "project", {"DEBUGGER_PYTHON": PEER_PYTHON, **env}, user)


def as_peer(peer: pwd.struct_passwd, code: str, *args: str) -> None:
    res = run(["-c", code, *args], Path("/"), {}, peer)
    assert res.returncode == 0, res.stderr


def one_error_line(res: subprocess.CompletedProcess) -> str:
    assert res.stdout == "" and "Traceback" not in res.stderr, res
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


@pytest.fixture
def victim() -> Iterator[subprocess.Popen]:
    """A process of ours that a planted server.json points at: it must survive everything."""
    proc = subprocess.Popen(["sleep", "120"], start_new_session=True)
    yield proc
    proc.kill()
    proc.wait()


PLANT_FOLDER = """
import json, os, sys
folder = sys.argv[1]
os.mkdir(folder)
os.chmod(folder, 0o777)
victim = int(sys.argv[2])
with open(os.path.join(folder, "server.json"), "w") as f:
    json.dump({"pid": victim, "debuggee": victim, "token": "a" * 32, "socket": folder + "/ctl.sock"}, f)
"""
PLANT_LINK = "import os, sys; os.symlink(sys.argv[2], sys.argv[1])"


@pytest.mark.parametrize(
    "command", [("start", "main.py"), ("stop",), ("status",), ("print", "1"), ("break", "main.py:1")]
)
@pytest.mark.parametrize("planted", ["folder", "symlink"])
def test_a_session_folder_another_user_made_first_is_refused(
    peer, shared: Path, victim: subprocess.Popen, command: tuple, planted: str
):
    sessions = shared / "sessions"
    target = shared / "project"  # a symlink would lead root's session into this folder
    if planted == "folder":
        as_peer(peer, PLANT_FOLDER, str(sessions / "default"), str(victim.pid))
    else:
        as_peer(peer, PLANT_LINK, str(sessions / "default"), str(target))
    before = sorted(p.name for p in target.iterdir())

    res = debugger(shared, *command, DEBUGGER_SESSIONS=str(sessions))
    line = one_error_line(res)
    assert res.returncode == 1
    if planted == "folder":
        assert line == (
            f"error: the session folder {sessions}/default belongs to {PEER} (uid {peer.pw_uid}), not to you (uid 0): "
            "refused; set DEBUGGER_SESSIONS to a directory of your own"
        )
        assert json.loads((sessions / "default" / "server.json").read_text())["pid"] == victim.pid  # untouched
    else:
        assert line == f"error: the session folder {sessions}/default is a symlink: refused (remove it)"
    assert victim.poll() is None
    assert sorted(p.name for p in target.iterdir()) == before
    # another session name in the same shared folder works: the refusal is about that folder only
    assert debugger(shared, "--session", "mine", "start", "main.py", DEBUGGER_SESSIONS=str(sessions)).returncode == 0
    assert (sessions / "mine").stat().st_mode & 0o777 == 0o700
    assert debugger(shared, "--session", "mine", "stop", DEBUGGER_SESSIONS=str(sessions)).returncode == 0


@pytest.mark.parametrize("planted", ["folder", "symlink", "parent"])
def test_a_sessions_directory_another_user_made_first_is_refused(peer, shared: Path, planted: str):
    base = shared / "sessions" / "base"
    if planted == "parent":  # the peer's folder, open to all but not sticky: our directory could be swapped
        as_peer(peer, "import os, sys; os.mkdir(sys.argv[1]); os.chmod(sys.argv[1], 0o777)", str(base))
        base = base / "inner"
        expected = f"which {PEER} (uid {peer.pw_uid}) or others can change: refused"
    elif planted == "folder":
        as_peer(peer, "import os, sys; os.mkdir(sys.argv[1], 0o700)", str(base))
        expected = f"belongs to {PEER} (uid {peer.pw_uid}), not to you (uid 0): refused"
    else:
        as_peer(peer, PLANT_LINK, str(base), "/root")
        expected = "is a symlink: refused"
    res = debugger(shared, "start", "main.py", DEBUGGER_SESSIONS=str(base))
    assert res.returncode == 1
    assert expected in one_error_line(res)
    assert not (Path("/root") / "default").exists()


@pytest.fixture
def runtime(shared: Path, tmp_path: Path) -> Iterator[Path]:
    """Root's $XDG_RUNTIME_DIR; whatever session a failed test left in it is stopped after."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    yield runtime
    debugger(shared, "stop", XDG_RUNTIME_DIR=str(runtime))


def test_two_users_debug_side_by_side_and_cannot_reach_each_other(peer, shared: Path, runtime: Path):
    mine = {"XDG_RUNTIME_DIR": str(runtime)}  # root's sessions: $XDG_RUNTIME_DIR/debugger-sessions
    assert debugger(shared, "break", "shop/cart.py:13", **mine).returncode == 0
    assert "in apply_discount()" in debugger(shared, "start", "main.py", **mine).stdout
    assert (runtime / "debugger-sessions" / "default" / "server.json").exists()

    peer_dir = Path(f"/tmp/debugger-sessions-{peer.pw_uid}")  # the peer's default
    started = debugger(shared, "start", "main.py", "x", user=peer)
    assert started.returncode == 0, started.stderr
    assert started.stdout.startswith("Stopped at main.py:1 in <module>() [start]")
    assert (peer_dir.stat().st_uid, peer_dir.stat().st_mode & 0o777) == (peer.pw_uid, 0o700)
    assert debugger(shared, "print", "__import__('sys').argv[1:]", user=peer).stdout.strip().endswith("= ['x']")
    assert debugger(shared, "print", "amount", **mine).stdout.strip() == "amount = 60"

    # the peer aims at root's sessions: one clear line, no traceback, root's session untouched
    for command in (("status",), ("stop",), ("start", "main.py")):
        res = debugger(shared, *command, user=peer, DEBUGGER_SESSIONS=str(runtime / "debugger-sessions"))
        assert res.returncode == 1
        assert "Permission denied" in one_error_line(res)
    # root aims at the peer's sessions: refused too (root could, but must not use another user's folder)
    res = debugger(shared, "status", DEBUGGER_SESSIONS=str(peer_dir))
    assert (res.returncode, f"belongs to {PEER}" in one_error_line(res)) == (1, True)

    assert debugger(shared, "print", "amount", **mine).stdout.strip() == "amount = 60"
    assert debugger(shared, "stop", user=peer).stdout.strip() == "Session default stopped; no process left."
    assert debugger(shared, "stop", **mine).stdout.strip() == "Session default stopped; no process left."
