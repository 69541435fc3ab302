"""The debugger under bad input and hostile programs, on the host: real CLI processes, real servers, real debuggees."""

import glob
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import TOOL_SRC, alive, line_of

sys.path.insert(0, str(TOOL_SRC))
from agent_debugger.sessions import LOG_CAP, LOG_HEAD, LOG_TAIL, UsageError, check_name

OLDEST = sorted(glob.glob("/root/.pyenv/versions/3.6.*/bin/python3.6"))
NEWEST = sorted(glob.glob("/root/.pyenv/versions/3.13.*/bin/python3.13"))
PYTHONS = sorted({sys.executable, *OLDEST[:1], *NEWEST[:1]})


def wait_until(predicate, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def one_line_error(answer) -> str:
    assert answer.out == ""
    lines = answer.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), answer.err
    assert "Traceback" not in answer.err
    return lines[0]


# -- session names --------------------------------------------------------------------------------------------

BAD_NAMES = ["..", ".", "a/b", "../x", "/tmp", "", ".hidden", "-x", "x" * 41, "a b", "ü", "~", "$HOME", "a\nb", "*"]


@pytest.mark.parametrize("command", [("stop",), ("status",), ("start", "main.py"), ("break", "main.py:1")])
def test_bad_session_names_are_usage_errors_and_touch_nothing(debugger, command: tuple):
    d = debugger
    assert d("start", "--session", "live", "main.py").code == 0
    canary = d.sessions.parent / "canary"
    canary.write_text("keep")
    before = sorted(p.name for p in d.sessions.parent.iterdir()), sorted(p.name for p in d.sessions.iterdir())

    for name in BAD_NAMES:
        answer = d(*command[:1], f"--session={name}", *command[1:])
        assert answer.code == 2, name
        assert "bad session name" in one_line_error(answer)
        if name and command == ("stop",):
            by_env = d(*command, env={**d.env, "DEBUGGER_SESSION": name})
            assert by_env.code == 2 and "bad session name" in one_line_error(by_env), name

    after = sorted(p.name for p in d.sessions.parent.iterdir()), sorted(p.name for p in d.sessions.iterdir())
    assert (after, canary.read_text()) == (before, "keep")
    assert d("--session", "live", "print", "__name__").out.strip() == "__name__ = '__main__'"


@pytest.mark.parametrize("name", ["a\0b", "\0", "ok\0"])
def test_nul_in_a_session_name_is_refused(name: str):
    with pytest.raises(UsageError, match="bad session name"):
        check_name(name)


@pytest.mark.parametrize("name", ["default", "a", "A.b-c_d", "x" * 40, "1", "_"])
def test_plain_session_names_work(debugger, name: str):
    d = debugger
    assert d("--session", name, "start", "main.py").code == 0
    assert (d.sessions / name / "server.json").exists()
    assert d("--session", name, "stop").out.strip() == f"Session {name} stopped; no process left."


# -- usage errors: one line, exit status 2 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((), "the following arguments are required: COMMAND"),
        (("bogus",), "invalid choice: 'bogus'"),
        (("--timeout", "-1", "status"), "--timeout takes seconds"),
        (("status", "--timeout", "nan"), "--timeout takes seconds"),
        (("status", "--timeout", "abc"), "--timeout takes seconds"),
        (("status", "--timeout", "1e9"), "--timeout takes seconds"),
        (("break", "shop/cart.py"), "expected FILE:LINE with a line number of 1 or more, got 'shop/cart.py'"),
        (("break", "shop/cart.py:x"), "expected FILE:LINE"),
        # found by a user trial: line 0 was an error (exit 1: "no code at ...:0"), not bad usage
        (("break", "shop/cart.py:0"), "expected FILE:LINE with a line number of 1 or more, got 'shop/cart.py:0'"),
        (("break", "shop/cart.py:00"), "expected FILE:LINE with a line number of 1 or more"),
        (("break", "shop/cart.py:-3"), "expected FILE:LINE with a line number of 1 or more"),
        (("break", "shop/cart.py:\uff13"), "expected FILE:LINE with a line number of 1 or more"),  # a fullwidth 3
        (("clear", "shop/cart.py:0"), "expected FILE:LINE with a line number of 1 or more"),
        (("clear", "0"), "breakpoints are numbered from 1, got '0'"),
        (("up", "0"), "argument count: expected a number of 1 or more, got '0'"),
        (("down", "-1"), "argument count: expected a number of 1 or more, got '-1'"),
        (("list", "0"), "argument line: expected a number of 1 or more, got '0'"),
        (("until", "-2"), "argument line: expected a number of 1 or more, got '-2'"),
        (("break", "shop/cart.py:9", "when", "x"), "expected `if COND` after shop/cart.py:9"),
        (("break", "shop/cart.py:9", "if"), "`if` needs a condition"),
        (("start",), "start needs a target"),
        (("start", "--"), "start needs a target"),
        (("start", "-m"), "-m needs a module name"),
        (("start", "--python", "", "main.py"), "--python needs an interpreter: a path or a command name on PATH"),
        (("print",), "the following arguments are required: expr"),
        (("until", "abc"), "argument line: expected a number of 1 or more, got 'abc'"),
        (("status", "--bogus"), "unrecognized arguments: --bogus"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(debugger, args: tuple, says: str):
    answer = debugger(*args)
    assert answer.code == 2
    line = one_line_error(answer)
    assert says in line
    assert "debugger --help" in line


@pytest.mark.parametrize("below", ["x", "x/y"])
def test_sessions_directory_below_a_file_names_the_file(debugger, tmp_path: Path, below: str):
    """Found trying the README's commands: DEBUGGER_SESSIONS=/etc/passwd/x said "File exists" (and x/y "Not a
    directory") without saying what was in the way."""
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    answer = debugger("status", env={**debugger.env, "DEBUGGER_SESSIONS": str(blocker / below)})
    assert answer.code == 1
    assert (
        one_line_error(answer)
        == f"error: cannot create the sessions directory {blocker / below}: {blocker} is not a directory"
    )


def test_help_still_works_and_json_errors_say_usage(debugger):
    assert debugger("--help").code == 0
    assert debugger("print", "--help").out.startswith("usage: debugger print")
    answer = debugger("--json", "bogus")
    assert answer.code == 2
    assert json.loads(answer.out)["usage"] is True


def test_print_of_an_expression_that_looks_like_an_option(debugger):
    d = debugger
    d("start", "main.py")
    assert d("print", "-1").out.strip() == "-1 = -1"
    assert d("print", "--", "-len('ab')").out.strip() == "-len('ab') = -2"


# -- break: only files of the repository ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "where", ["/etc/passwd:1", "{outside}:1", "../outside.py:1", "{link}:1", "/usr/lib/python3/x.py:1"]
)
def test_break_refuses_files_outside_the_repository_at_once(debugger, project: Path, where: str):
    outside = project.parent / "outside.py"
    outside.write_text("x = 1\n")
    (project / "link.py").symlink_to(outside)
    location = where.format(outside=outside, link="link.py")
    answer = debugger("break", location)
    assert answer.code == 1
    assert "is outside the repository" in one_line_error(answer)
    assert debugger("break").out.strip() == "No breakpoints"


def test_break_inside_a_git_work_tree_from_a_subfolder(debugger, project: Path):
    (project / ".git").mkdir()
    answer = subprocess.run(
        [sys.executable, "-m", "agent_debugger", "break", "../main.py:14"],
        cwd=project / "shop",
        env=debugger.env,
        capture_output=True,
        text=True,
    )
    assert (answer.returncode, answer.stdout.strip()) == (0, f"Set breakpoint 1 at {project}/main.py:14")


# -- forks and threads ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("python", "stop_at"),
    [*((python, "os.waitpid(pid, 0)") for python in PYTHONS), (sys.executable, "print(status)")],
)
def test_a_forked_child_running_to_the_end_leaves_the_parent_alone(
    make_debugger, project: Path, python: str, stop_at: str
):
    d = make_debugger(python)
    hostile = project / "hostile.py"
    d("break", f"hostile.py:{line_of(hostile, stop_at)}")
    d("break", f"hostile.py:{line_of(hostile, 'return 0  # child')}")  # the child runs untraced: never hit
    started = d("start", "hostile.py", "forked")
    assert started.code == 0, started
    assert f"Stopped at hostile.py:{line_of(hostile, stop_at)} in forked() [breakpoint 1" in started.out
    debuggee = d.server()["debuggee"]
    assert wait_until(lambda: "runs to the end" in d("output").out)
    time.sleep(0.3)
    status = d("status")
    assert (status.code, status.out.splitlines()[0].startswith("Stopped at hostile.py:")) == (0, True)
    assert alive(debuggee)
    assert d("print", "pid > 0").out.strip() == "pid > 0 = True"
    ended = d("continue")
    assert (ended.code, ended.out.splitlines()[0]) == (
        3,
        "The program exited with code 0; `debugger start ...` runs it again, breakpoints are kept.",
    )
    assert "parent after the child" in ended.out


@pytest.mark.parametrize("python", PYTHONS)
def test_breakpoints_in_worker_threads_are_hit(make_debugger, project: Path, python: str):
    d = make_debugger(python)
    line = line_of(project / "hostile.py", "results.append(square)")
    d("break", f"hostile.py:{line}")
    first = d("start", "hostile.py", "threads")
    assert f"Stopped at hostile.py:{line} in worker() [breakpoint 1, hit 1 time]" in first.out
    seen = {d("print", "square").out.strip()}
    second = d("continue")
    assert f"Stopped at hostile.py:{line} in worker() [breakpoint 1, hit 2 times]" in second.out
    seen.add(d("print", "square").out.strip())
    assert seen == {"square = 4", "square = 9"}
    assert d("step").out.startswith("Stopped at hostile.py:")  # stepping stays in the stopped thread
    ended = d("continue")
    assert (ended.code, "squares [4, 9]" in ended.out) == (3, True)


# -- print: expressions that never return, exit, or raise BaseException -------------------------------------------


HOSTILE_PRINTS = [
    ("exit(5)", "error: SystemExit: 5 (raised by the expression; the program keeps its state)"),
    ("quit()", "error: SystemExit: None (raised by the expression; the program keeps its state)"),
    ("import sys; sys.exit(1)", "error: SystemExit: 1 (raised by the expression; the program keeps its state)"),
    ("raise KeyboardInterrupt", "error: KeyboardInterrupt (raised by the expression; the program keeps its state)"),
    ("raise GeneratorExit('x')", "error: GeneratorExit: x (raised by the expression; the program keeps its state)"),
    ("os._exit(5)", "error: os._exit() refused while evaluating: the program keeps its state"),
    ("__import__('posix')._exit(5)", "error: os._exit() refused while evaluating: the program keeps its state"),
    ("os.abort()", "error: os.abort() refused while evaluating: the program keeps its state"),
    (
        "sum(endless())",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "list(endless())",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "while True: pass",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "__import__('time').sleep(60)",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "[x for x in endless() if x < 0]",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "type('R', (), {'__repr__': lambda self: str(sum(endless()))})()",
        "error: `print` did not finish within 1s: interrupted; the program is still stopped where it was",
    ),
    (
        "type('R', (), {'__repr__': lambda self: exit(3)})()",
        "error: SystemExit: 3 (raised by the expression; the program keeps its state)",
    ),
]


def test_hostile_prints_give_an_error_line_and_keep_the_stop(debugger, project: Path):
    d = debugger
    line = line_of(project / "hostile.py", "print(status)")
    d("break", f"hostile.py:{line}")
    assert d("start", "hostile.py", "forked").code == 0
    for expr, error in HOSTILE_PRINTS:
        began = time.monotonic()
        answer = d("print", expr, "--timeout", "1")
        assert (answer.code, answer.err.strip()) == (1, error), expr
        assert time.monotonic() - began < 8, expr
        assert d("print", "status").out.strip() == "status = 'parent after the child'", expr
    assert d("status").out.splitlines()[0] == f"Stopped at hostile.py:{line} in forked() [breakpoint 1, hit 1 time]"
    ended = d("continue")
    assert (ended.code, "exited with code 0" in ended.out, "parent after the child" in ended.out) == (3, True, True)


def test_an_uninterruptible_print_leaves_status_and_stop_working(debugger):
    d = debugger
    d("start", "main.py")
    stuck = d("print", "sum(__import__('itertools').count())", "--timeout", "0.5")  # a C loop: no signal gets in
    assert stuck.code == 1
    assert "could not be interrupted; the program is still evaluating" in stuck.err
    status = d("status", "--timeout", "1")
    assert status.code == 0
    assert status.out.splitlines()[0] == "Stopped at main.py:1 in <module>() [start]"
    assert "Busy: the program is still evaluating `print sum(" in status.out
    assert "`debugger pause` interrupts it" in d("locals").err
    assert "does not react" in d("pause", "--timeout", "0.5").err
    debuggee = d.server()["debuggee"]
    assert d("stop").out.strip() == "Session default stopped; no process left."
    assert not alive(debuggee)


def closed_stdout(d, *args: str) -> tuple[int, str]:
    """`debugger ARGS` writing into a pipe nobody reads any more (as `| head -1` leaves it): (exit code, stderr)."""
    read, write = os.pipe()
    os.close(read)
    try:
        res = subprocess.run([d.tool_python, "-m", "agent_debugger", *args], cwd=d.cwd, env=d.env, stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=60)  # fmt: skip
    finally:
        os.close(write)
    return res.returncode, res.stderr


def test_a_closed_stdout_ends_the_output_not_the_command(debugger):
    """A user trial found `debugger status | head -1` exiting 1: each command keeps its own exit code, says nothing
    on stderr but its own error line, and does what it was asked."""
    d = debugger
    assert closed_stdout(d, "start", "main.py") == (0, "")
    for args in [("status",), ("list",), ("--json", "status"), ("stack",), ("break", "main.py:16"), ("break",)]:
        assert closed_stdout(d, *args) == (0, ""), args
    assert closed_stdout(d, "print", "no_such_name") == (1, "error: NameError: name 'no_such_name' is not defined\n")
    assert closed_stdout(d, "continue") == (0, "")
    assert d("status").out.startswith("Stopped at main.py:16 in main() [breakpoint 1, hit 1 time]")
    assert closed_stdout(d, "continue") == (3, "")
    assert (closed_stdout(d, "output"), closed_stdout(d, "--help")) == ((0, ""), (0, ""))
    assert closed_stdout(d, "stop") == (0, "")
    assert d("status").err == "error: no debugging session 'default': start one with `debugger start ...`\n"


# -- pause, stop, a dead server ----------------------------------------------------------------------------------


@pytest.mark.parametrize("python", PYTHONS)
def test_pause_interrupts_a_program_in_time_sleep(make_debugger, project: Path, python: str):
    d = make_debugger(python)
    d("start", "hostile.py", "sleeper")
    assert d("continue", "--timeout", "0.5").out.startswith("Still running")
    began = time.monotonic()
    paused = d("pause")
    assert time.monotonic() - began < 5
    assert paused.out.splitlines()[0] == (
        f"Stopped at hostile.py:{line_of(project / 'hostile.py', '# sleeper')} in sleeper() [paused]"
    )
    assert d("print", "argv").out.strip() == "argv = []"
    assert d("continue", "--timeout", "0.5").out.startswith("Still running")  # the sleep goes on
    assert d("pause").out.startswith("Stopped at hostile.py:")


def test_stop_ends_a_child_started_in_a_new_session(debugger):
    d = debugger
    d("start", "hostile.py", "detached")
    running = d("continue", "--timeout", "1")
    child = int(running.out.split("detached ", 1)[1].split()[0])
    assert alive(child)
    assert os.getsid(child) == child  # setsid: out of the program's process group
    assert d("stop").out.strip() == "Session default stopped; no process left."
    assert wait_until(lambda: not alive(child), 3)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
@pytest.mark.parametrize("state", ["running", "stopped"])
def test_the_program_ends_soon_after_its_server_is_killed(debugger, project: Path, how: int, state: str):
    d = debugger
    if state == "stopped":
        d("break", f"hostile.py:{line_of(project / 'hostile.py', '# detached')}")
    started = d("start", "hostile.py", "detached")
    assert started.out.startswith("Stopped at hostile.py:" if state == "stopped" else "Stopped at hostile.py:1 ")
    if state == "running":
        assert d("continue", "--timeout", "1").out.startswith("Still running")
    assert wait_until(lambda: "detached " in d("output").out)
    child = int(d("output").out.split("detached ", 1)[1].split()[0])
    server = d.server()
    os.kill(server["pid"], how)
    assert wait_until(lambda: not alive(server["debuggee"]), 3)  # promptly, not at the next command
    assert wait_until(lambda: not alive(server["pid"]), 3)
    status = d("status")  # the next command cleans up what the dead server left: the detached child too
    assert wait_until(lambda: not alive(child), 3)
    # and says what became of the program, once (found trying the README's commands: "no debugging session")
    why = "its session server died; the debugger ended what was left of it"
    if how == signal.SIGTERM:
        why = "its session server was ended (SIGTERM), and the program with it"
    assert (status.code, status.out.splitlines()[:2]) == (
        3,
        [
            "(the program ended while you were away)",
            f"The program ended ({why}); `debugger start ...` runs it again, breakpoints are kept.",
        ],
    )
    assert d("status").code == 3
    assert d("stop").out.strip() == "Session default stopped; no process left."


@pytest.mark.parametrize("first", ["status", "stop"])
@pytest.mark.parametrize("state", ["running", "stopped", "crashed"])
def test_status_and_stop_agree_on_a_program_killed_from_outside(debugger, state: str, first: str):
    """Found by a user trial: after `kill -9` of a stopped program, `status` still showed the stop (exit 0)."""
    d = debugger
    d("start", "main.py", "--crash" if state == "crashed" else "--loop")
    if state == "running":
        assert d("continue", "--timeout", "0.3").out.startswith("Still running")
    if state == "crashed":
        assert d("continue").code == 3  # stopped post mortem, alive
    server = d.server()
    os.kill(server["debuggee"], signal.SIGKILL)
    killed = "The program was killed by SIGKILL"
    if first == "status":
        status = d("status")
        assert (status.code, status.err) == (3, "")
        assert status.out.splitlines()[:2] == [
            "(the program ended while you were away)",
            f"{killed}; `debugger start ...` runs it again, breakpoints are kept.",
        ]
        assert d("status").out.splitlines()[0].startswith(killed)  # told once, the end stays
        assert d("print", "1").code == 3
        assert d("stop").out.strip() == "Session default stopped; no process left."
    else:
        stop = d("stop")
        assert (stop.code, stop.err) == (0, "")
        assert stop.out.splitlines() == [
            "(the program ended while you were away)",
            f"{killed}.",
            "Session default stopped; no process left.",
        ]
    assert wait_until(lambda: not alive(server["pid"]), 3)
    assert not (d.sessions / "default").exists()
    assert d("status").err.strip() == "error: no debugging session 'default': start one with `debugger start ...`"


def test_a_planted_server_json_never_makes_us_kill_a_stranger(debugger):
    d = debugger
    victim = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        folder = d.sessions / "default"
        folder.mkdir(parents=True, mode=0o700)
        planted = {"pid": victim.pid, "debuggee": victim.pid, "token": "f" * 32, "socket": str(folder / "ctl.sock")}
        (folder / "server.json").write_text(json.dumps(planted))
        assert d("status").err.strip() == "error: no debugging session 'default': start one with `debugger start ...`"
        (folder / "server.json").write_text(json.dumps(planted))
        assert d("start", "main.py").code == 0
        assert d("stop").code == 0
        assert victim.poll() is None
    finally:
        victim.kill()
        victim.wait()


# -- breakpoints with conditions; exceptions in coroutines and deep recursion --------------------------------------


@pytest.mark.parametrize(
    ("cond", "raised"),
    [
        ("nope > 1", "NameError: name 'nope' is not defined"),
        ("n / 0", "ZeroDivisionError: division by zero"),
    ],
)
def test_a_breakpoint_condition_that_raises_is_reported(debugger, project: Path, cond: str, raised: str):
    d = debugger
    line = line_of(project / "hostile.py", "square = n * n")
    d("break", f"hostile.py:{line}", "if", cond)
    started = d("start", "hostile.py", "threads").out.splitlines()[0]
    assert (
        started == f"Stopped at hostile.py:{line} in worker() [breakpoint 1, hit 1 time; its condition raised {raised}]"
    )
    again = d("continue").out.splitlines()[0]
    assert again.endswith(f"[breakpoint 1, hit 2 times; its condition raised {raised}]")
    assert d("continue").code == 3


@pytest.mark.parametrize("python", PYTHONS)
def test_run_to_exception_on_recursion_error_stops_in_project_code(make_debugger, project: Path, python: str):
    d = make_debugger(python)
    hostile = project / "hostile.py"
    d("start", "hostile.py", "recursion")
    raised = d("run-to-exception", "RecursionError")
    recursing = line_of(hostile, "return recurse(n + 1)")
    assert raised.out.splitlines()[0] == (
        f"Stopped at hostile.py:{recursing} in recurse() "
        "[exception raised: RecursionError: maximum recursion depth exceeded]"
    )
    assert int(d("print", "n").out.split("= ")[1]) > 100
    assert d("stack").out.splitlines()[-1] == f"> hostile.py:{recursing} in recurse(): return recurse(n + 1)"
    after = line_of(hostile, 'after = "traced again"')
    assert d("break", f"hostile.py:{after}").code == 0
    resumed = d("continue")
    assert resumed.out.splitlines()[0] == f"Stopped at hostile.py:{after} in recursion() [breakpoint 1, hit 1 time]"
    assert "recursion caught" in resumed.out
    assert d("continue").code == 3


@pytest.mark.parametrize("python", PYTHONS)
def test_a_return_in_a_coroutine_is_no_exception(make_debugger, project: Path, python: str):
    d = make_debugger(python)
    hostile = project / "hostile.py"
    d("break", f"hostile.py:{line_of(hostile, 'return doubled')}")
    assert "in inner() [breakpoint 1, hit 1 time]" in d("start", "hostile.py", "coroutines").out
    stepped = d("next").out.splitlines()[0]
    assert "StopIteration" not in stepped
    awaited = line_of(hostile, 'print("awaited", value)')
    assert stepped == f"Stopped at hostile.py:{awaited} in outer() [step]"
    assert d("print", "value").out.strip() == "value = 6"
    d("clear")
    ended = d("run-to-exception")  # coroutines returning are not exceptions
    assert (ended.code, "result 7" in ended.out) == (3, True)


FLOODS = {
    "python": 'n = 0\nwhile True:\n    n += 1\n    print(n, "y" * 1000)\n',
    "child": "import subprocess\nsubprocess.run(['sh', '-c', "
    '\'y=$(printf %1000s | tr " " y); n=0; while :; do n=$((n+1)); echo "$n $y"; done\'])\n',
}


def _whole_lines(text: str) -> list[int]:
    """The numbers of the lines `text` has whole (a flood's lines: a number, a space, 1000 times `y`)."""
    return [int(n) for n in re.findall(r"^(\d+) y{1000}$", text, re.M)]


@pytest.mark.parametrize("flood", sorted(FLOODS))
def test_a_program_printing_without_end_keeps_a_bounded_log(debugger, project: Path, flood: str):
    """Found by a brief: a program printing without end (a print loop, `yes` in a child) filled the session's
    output.log without limit (~1 GB in 2 s) until the disk was full. The log keeps the output's first MB and its
    last ones, at most LOG_CAP, and says how much it dropped in between."""
    d = debugger
    (project / "flood.py").write_text(FLOODS[flood])
    log = d.sessions / "default" / "output.log"
    d("start", "flood.py")
    running = d("continue", "--timeout", "2")
    assert running.out.startswith("Still running after 2.0s")
    assert "bytes dropped)" in running.out
    assert log.stat().st_size <= LOG_CAP
    time.sleep(0.5)  # it prints on between commands
    assert log.stat().st_size <= LOG_CAP
    whole = d("output", "--all").out
    assert whole.startswith("1 " + "y" * 1000 + "\n2 ")
    head, dropped, tail = re.split(r"\n\[\.\.\. debugger: (\d+) bytes of output dropped here; .*\]\n", whole)
    assert (len(head), len(tail) >= LOG_TAIL) == (LOG_HEAD, True)  # its first MB and at least its last 2
    first, last = _whole_lines(head), _whole_lines(tail.split("\n", 1)[1])  # the tail's first line is cut
    assert first == list(range(1, len(first) + 1))
    assert last == list(range(last[0], last[0] + len(last)))
    assert int(dropped) // 1010 <= last[0] - first[-1] <= int(dropped) // 1003 + 3  # lines of 1003 to 1009 bytes
    latest = d("output").out
    assert re.match(r"\[\.\.\. \d+ earlier characters \(the log dropped \d+ bytes in their middle\);", latest)
    assert _whole_lines(latest.split("\n", 2)[2])[-1] > last[-1]  # it went on meanwhile
    program = d.server()["debuggee"]
    stopped = d("stop")
    assert (stopped.code, "Session default stopped; no process left." in stopped.out) == (0, True)
    assert not log.parent.exists()
    flooding = ["pgrep", "-f", "while :; do n="]
    assert wait_until(lambda: not alive(program) and subprocess.run(flooding).returncode == 1, 3)
