"""The debugger in the task images: provisioned by toolprov, driven with `bash -lc` per command as the agent does."""

import io
import re
import tarfile

import pytest
from conftest import PROJECT, TOOL_SRC, line_of

from tests.conftest import TESTBED, TESTBED_PY39, sh

pytestmark = pytest.mark.docker
INDEX_ERROR = "IndexError: range object index out of range"

# lists the other processes of the container: (state, command line); the scanner itself and PID 1 left out
SCAN = """
import os
for pid in sorted(p for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, os.getpid())):
    try:
        state = open('/proc/%s/stat' % pid).read().rpartition(')')[2].split()[0]
        cmd = open('/proc/%s/cmdline' % pid).read().replace('\\0', ' ').strip()
    except IOError:
        continue
    print(state, cmd)
"""


def other_processes(container) -> list[tuple[str, str]]:
    res = container.exec_run(["python3", "-c", SCAN])
    assert res.exit_code == 0, res.output
    return [tuple((line + " ").split(" ", 1)) for line in res.output.decode().splitlines()]


def live(processes: list[tuple[str, str]]) -> list[str]:
    return [cmd.strip() for state, cmd in processes if state not in ("Z", "X")]


@pytest.mark.parametrize(("image", "version"), [(TESTBED, "3.11"), (TESTBED_PY39, "3.9")])
def test_failing_test_debugged_in_the_testbed(provisioned, container_of, image: str, version: str):
    c = container_of(provisioned(["debugger"], image))
    bug = int(sh(c, "grep -n 'return iterable\\[len(iterable)\\]' more_itertools/more.py")[1].split(":")[0])

    code, out = sh(c, "debugger start tests/test_more.py::LastTests::test_basic")
    assert code == 0, out
    assert re.search(r"^Stopped at tests/test_more.py:1[45]\d in test_basic\(\) \[start\]$", out, re.M), out
    assert "collected 1 item" in out  # pytest's own output, captured

    assert sh(c, f"debugger break more_itertools/more.py:{bug}") == (
        0,
        f"Set breakpoint 1 at more_itertools/more.py:{bug}\n",
    )
    code, out = sh(c, "debugger continue")
    assert out.splitlines()[0] == f"Stopped at more_itertools/more.py:{bug} in last() [breakpoint 1, hit 1 time]"
    assert f"-> {bug}              return iterable[len(iterable)]" in out
    assert sh(c, "debugger print 'len(iterable)'") == (0, "len(iterable) = 4\n")
    assert sh(c, "debugger print 'iterable[-1]'") == (0, "iterable[-1] = 3\n")
    assert sh(c, "debugger print 'iterable[len(iterable)]'") == (
        1,
        "error: IndexError: range object index out of range\n",
    )

    assert sh(c, "debugger clear")[0] == 0
    raised = sh(c, "debugger run-to-exception")[1].splitlines()[0]
    assert raised == f"Stopped at more_itertools/more.py:{bug} in last() [exception raised: {INDEX_ERROR}]"
    stack = sh(c, "debugger stack")[1].splitlines()
    assert stack[-2:] == [
        "  tests/test_more.py:161 in test_basic(): self.assertEqual(mi.last(iterable), expected)",
        f"> more_itertools/more.py:{bug} in last(): return iterable[len(iterable)]",
    ]
    status = sh(c, "debugger status")[1]
    assert re.search(rf"^python: {re.escape(version)}\.\d+ \(/opt/testbed-env/bin/python\), pid \d+$", status, re.M)

    assert live(other_processes(c)) != []  # the session's server and the test run are there...
    assert sh(c, "debugger stop") == (0, "Session default stopped; no process left.\n")
    assert live(other_processes(c)) == []  # ...and gone (PID 1 `sleep` reaps nothing: zombie entries may stay)
    assert sh(c, "ls /tmp/debugger-sessions-0") == (0, "")


def test_stop_leaves_not_even_a_zombie_under_an_init(engine, provisioned):
    c = engine.containers.run(
        provisioned(["debugger"], TESTBED), ["sleep", "infinity"], detach=True, network_mode="none", init=True
    )
    try:
        before = other_processes(c)
        assert sh(c, "debugger break more_itertools/more.py:238 && debugger start tests/test_more.py")[0] == 0
        assert len(other_processes(c)) == len(before) + 2  # session server and debuggee
        assert sh(c, "debugger stop")[0] == 0
        assert other_processes(c) == before
    finally:
        c.remove(force=True)


def _sources_tar() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for root, name in ((TOOL_SRC / "agent_debugger", "debugger/agent_debugger"), (PROJECT, "project")):
            for path in sorted(root.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and ".pytest_cache" not in path.parts:
                    tar.add(path, arcname=f"{name}/{path.relative_to(root)}")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("image", "version"),
    [("toolprov-base:bullseye", "3.9"), ("toolprov-base:bookworm", "3.11"), ("toolprov-base:trixie", "3.13")],
)
def test_debugger_runs_on_the_base_interpreters(container_of, image: str, version: str):
    c = container_of(image)
    assert c.put_archive("/opt", _sources_tar())

    def debugger(args: str) -> tuple[int, str]:
        return sh(c, f"cd /opt/project && PYTHONPATH=/opt/debugger python3 -m agent_debugger {args}", login=False)

    cart = PROJECT / "shop" / "cart.py"
    assert debugger("break shop/cart.py:13") == (0, "Set breakpoint 1 at shop/cart.py:13\n")
    started = debugger("start main.py")[1]  # no `python` on PATH here: the program runs on python3
    assert started.splitlines()[0] == "Stopped at shop/cart.py:13 in apply_discount() [breakpoint 1, hit 1 time]"
    assert debugger("print amount") == (0, "amount = 60\n")
    assert debugger("step")[1].splitlines()[0] == "Stopped at shop/cart.py:14 in apply_discount() [step]"
    assert debugger("locals")[1].splitlines() == ["amount = 60", "discount = 0", "rate = 0"]
    assert debugger("clear") == (0, "Cleared all breakpoints; 0 left\n")
    out = debugger("run-to-exception ZeroDivisionError")[1]
    average = line_of(cart, "return total(prices) / len(prices)")
    assert out.splitlines()[0].startswith(
        f"Stopped at shop/cart.py:{average} in average() [exception raised: ZeroDivisionError"
    )
    assert re.search(rf"^python: {re.escape(version)}\.\d+ ", debugger("status")[1], re.M)
    assert debugger("continue")[0] == 3
    assert debugger("stop") == (0, "Session default stopped; no process left.\n")
    assert live(other_processes(c)) == []


def _hostile_tar() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        tar.add(PROJECT / "hostile.py", arcname="hostile.py")
    return buf.getvalue()


def running(container, pid: int) -> bool:
    """The process is there and not a zombie (PID 1 here is `sleep`, which reaps nothing)."""
    code, out = sh(container, f"cat /proc/{pid}/stat 2>/dev/null", login=False)
    return code == 0 and out.rpartition(")")[2].split()[0] not in ("Z", "X")


def _pid_in(text: str, after: str) -> int:
    return int(text.split(after, 1)[1].split()[0])


def test_hostile_programs_in_the_testbed(provisioned, container_of):
    c = container_of(provisioned(["debugger"], TESTBED))
    assert c.put_archive("/testbed", _hostile_tar())
    hostile = PROJECT / "hostile.py"

    # session names are plain names: `..` and `.` touch nothing (they used to empty /tmp or every session)
    assert sh(c, "touch /tmp/canary && debugger --session keep start hostile.py sleeper")[0] == 0
    for name in ("..", ".", "a/b", ""):
        code, out = sh(c, f"debugger --session '{name}' stop")
        assert code == 2 and out.startswith("error: ") and len(out.splitlines()) == 1, out
    assert "canary" in sh(c, "ls /tmp")[1]
    assert sh(c, "debugger --session keep print __name__") == (0, "__name__ = '__main__'\n")
    assert sh(c, "debugger")[0] == 2

    # a forked child runs to its end while the parent waits at a breakpoint
    stop_at = line_of(hostile, "print(status)")
    assert sh(c, f"debugger break hostile.py:{stop_at}")[0] == 0
    code, out = sh(c, "debugger start hostile.py forked")
    assert (code, f"Stopped at hostile.py:{stop_at} in forked() [breakpoint 1, hit 1 time]" in out) == (0, True), out
    assert "runs to the end" in out
    assert sh(c, "debugger print status") == (0, "status = 'parent after the child'\n")
    assert sh(c, "debugger print 'exit(5)'") == (
        1,
        "error: SystemExit: 5 (raised by the expression; the program keeps its state)\n",
    )
    assert sh(c, "debugger print 'sum(endless())' --timeout 1") == (
        1,
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was\n",
    )
    code, out = sh(c, "debugger continue")
    assert (code, "The program exited with code 0" in out) == (3, True), out
    assert sh(c, "debugger clear")[0] == 0

    # worker threads stop at their breakpoints
    worker = line_of(hostile, "results.append(square)")
    sh(c, f"debugger break hostile.py:{worker}")
    assert (
        f"hostile.py:{worker} in worker() [breakpoint 1, hit 1 time]" in sh(c, "debugger start hostile.py threads")[1]
    )
    assert sh(c, "debugger clear && debugger continue")[0] == 3

    # pause gets into time.sleep; stop ends a child that left the process group
    sh(c, "debugger start hostile.py detached && debugger continue --timeout 1")
    code, out = sh(c, "debugger pause")
    assert out.splitlines()[0] == f"Stopped at hostile.py:{line_of(hostile, '# detached')} in detached() [paused]", out
    child = _pid_in(sh(c, "debugger output")[1], "detached ")
    assert running(c, child)
    assert sh(c, "debugger stop") == (0, "Session default stopped; no process left.\n")
    assert not running(c, child)

    # a killed server takes its program along at once, and the next command ends what was left
    sh(c, "debugger start hostile.py detached && debugger continue --timeout 1")
    server = sh(c, "cat /tmp/debugger-sessions-0/default/server.json")[1]
    pid, debuggee = (int(server.split(f'"{key}": ', 1)[1].split(",")[0].split("}")[0]) for key in ("pid", "debuggee"))
    sh(c, f"kill -9 {pid}; sleep 1")
    assert not running(c, debuggee)
    sh(c, "debugger status; debugger --session keep stop")
    assert live(other_processes(c)) == []


def test_another_user_cannot_prepare_roots_session_folder(provisioned, container_of):
    c = container_of(provisioned(["debugger"], TESTBED))
    assert c.exec_run(["useradd", "--no-create-home", "peer"]).exit_code == 0
    victim = int(sh(c, "setsid sleep 300 >/dev/null 2>&1 & echo $!")[1].strip())
    plant = (
        "mkdir -m 777 /tmp/debugger-sessions-0 /tmp/debugger-sessions-0/default && "
        f'echo \'{{"pid": {victim}, "debuggee": {victim}, "token": "{"a" * 32}"}}\' '
        "> /tmp/debugger-sessions-0/default/server.json"
    )
    assert c.exec_run(["sh", "-c", plant], user="peer").exit_code == 0

    for command in ("start -m json.tool", "stop", "status"):
        code, out = sh(c, f"debugger {command}")
        assert code == 1
        assert out == (
            "error: the sessions directory /tmp/debugger-sessions-0 belongs to peer (uid 1000), not to you (uid 0): "
            "refused; set DEBUGGER_SESSIONS to a directory of your own\n"
        )
    assert running(c, victim)
    assert sh(c, "ls /tmp/debugger-sessions-0/default")[1].split() == ["server.json"]

    # the peer's own sessions work, in its own private folder; root's work once the impostor is gone
    as_peer = "cd /testbed && debugger start -m json.tool && debugger print __name__ && debugger stop"
    res = c.exec_run(["bash", "-lc", as_peer], user="peer")
    assert res.exit_code == 0, res.output
    assert sh(c, "stat -c '%U %a' /tmp/debugger-sessions-1000") == (0, "peer 700\n")
    sh(c, "rm -rf /tmp/debugger-sessions-0")
    assert sh(c, "debugger start -m json.tool")[0] == 0
    assert sh(c, "stat -c '%U %a' /tmp/debugger-sessions-0 /tmp/debugger-sessions-0/default") == (
        0,
        "root 700\nroot 700\n",
    )
    assert sh(c, "debugger stop")[0] == 0
    assert running(c, victim)
