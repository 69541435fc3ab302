"""A whole debugging session on the host: real CLI processes, a real session server, a real debuggee."""

import contextlib
import glob
import os
import re
import sys
import time
from pathlib import Path

import pytest
from conftest import TOOL_SRC, alive, line_of

# every interpreter on this machine the debuggee can run under (pyenv keeps 3.6 to 3.13 here)
INTERPRETERS = sorted(
    {
        sys.executable,
        *glob.glob("/root/.pyenv/versions/3.*/bin/python3.[0-9]"),
        *glob.glob("/root/.pyenv/versions/3.*/bin/python3.1[0-9]"),
    }
)


@pytest.mark.parametrize("python", INTERPRETERS)
def test_breakpoint_step_inspect_and_exceptions(make_debugger, project: Path, python: str):
    d = make_debugger(python)
    cart = project / "shop" / "cart.py"
    loop_line = line_of(cart, "subtotal += price")
    assert d("break", f"shop/cart.py:{loop_line}").out.strip() == f"Set breakpoint 1 at shop/cart.py:{loop_line}"

    started = d("start", "main.py", "a", "b")
    assert started.code == 0, started.err
    assert f"Stopped at shop/cart.py:{loop_line} in total() [breakpoint 1, hit 1 time]" in started.out
    assert f"-> {loop_line}          subtotal += price" in started.out
    assert "args ['a', 'b']" in started.out  # the program's own output comes with the answer

    assert d("print", "subtotal").out.strip() == "subtotal = 0"
    assert d("print", "[p * 2 for p in prices]").out.strip() == "[p * 2 for p in prices] = [20, 40, 60]"
    assert d("locals").out.splitlines() == ["prices = [10, 20, 30]", "discount = 0", "subtotal = 0", "price = 10"]
    assert "[breakpoint 1, hit 2 times]" in d("continue").out
    assert d("print", "subtotal", "+", "price").out.strip() == "subtotal + price = 30"

    stack = d("stack").out.splitlines()
    assert stack[-1] == f"> shop/cart.py:{loop_line} in total(): subtotal += price"
    assert (
        stack[-2]
        == f'  main.py:{line_of(project / "main.py", "total(prices))")} in main(): print("total", total(prices))'
    )
    assert "main.py" in d("up").out
    assert d("print", "argv").out.strip() == "argv = ['a', 'b']"
    assert d("down").code == 0
    assert d("down").err.strip() == "error: already at the innermost frame"

    assert d("clear").out.startswith("Cleared all breakpoints")
    after_loop = line_of(cart, "return apply_discount(subtotal, discount)")
    assert d("until").out.splitlines()[0] == f"Stopped at shop/cart.py:{after_loop} in total() [step]"
    assert d("print", "subtotal").out.strip() == "subtotal = 60"
    assert "[returning 60]" in d("return").out
    raised = d("run-to-exception")
    assert f"Stopped at shop/cart.py:{line_of(cart, 'return total(prices) / len(prices)')} in average()" in raised.out
    assert "[exception raised: ZeroDivisionError: " in raised.out
    left = d("return")  # Python's `return` event carries None while an exception leaves a frame: not a return value
    assert "in average() [leaving by exception: ZeroDivisionError: " in left.out and "returning" not in left.out

    ended = d("continue")
    assert (ended.code, "The program exited with code 0" in ended.out) == (3, True)
    assert "empty cart handled" in ended.out
    assert d("status").code == 3
    assert d("print", "1").err.strip() == "error: no program is running in session 'default'"

    assert d("stop").code == 0
    assert not (d.sessions / "default").exists()


def test_start_stops_at_first_line_then_steps(debugger, project: Path):
    d = debugger
    assert "Stopped at main.py:1 in <module>() [start]" in d("start", "main.py").out
    assert "Stopped at main.py:2 in <module>() [step]" in d("next").out
    main_def = line_of(project / "main.py", "def main(argv):")
    call = line_of(project / "main.py", "sys.exit(main(")
    assert f"Stopped at main.py:{call} in <module>()" in d("until", str(main_def + 1)).out
    first = main_def + 1
    assert f"Stopped at main.py:{first} in main() [step]" in d("step").out
    assert d("until", "3").err.strip() == f"error: until needs a line after the current one ({first})"
    listing = d("list").out.splitlines()
    assert listing[0] == "main.py:"
    assert f'-> {first:>2}      print("args", argv)' in listing
    assert f"Stopped at main.py:{first} in main()" in d("status").out  # a refused command leaves the stop as it was


@pytest.mark.parametrize(("flags", "lands_in"), [((), "main.py:{keep} in keep()"), (("--anywhere",), "textwrap.py:")])
def test_step_skips_library_code_unless_asked(debugger, project: Path, flags: tuple, lands_in: str):
    d = debugger
    main = project / "main.py"
    d("break", f"main.py:{line_of(main, 'textwrap.indent(')}")
    assert "[breakpoint 1, hit 1 time]" in d("start", "main.py", "--indent").out
    stepped = d("step", *flags).out.splitlines()[0]
    assert stepped.startswith("Stopped at ")
    assert lands_in.format(keep=line_of(main, "return bool(line.strip())")) in stepped


def test_pytest_node_stops_in_the_test_and_finds_the_raise(debugger, project: Path):
    d = debugger
    test_file = project / "tests" / "test_cart.py"
    started = d("start", "tests/test_cart.py::test_discount")
    assert (
        f"Stopped at tests/test_cart.py:{line_of(test_file, 'prices = [10, 20, 30]')} in test_discount() [start]"
        in (started.out)
    )
    raised = d("run-to-exception", "AssertionError")
    raised_line = "assert total(prices, discount=10) == 54"
    assert f"tests/test_cart.py:{line_of(test_file, '== 54')} in test_discount()" in raised.out
    assert "[exception raised: AssertionError: " in raised.out
    assert d("print", "total(prices, discount=10)").out.strip() == "total(prices, discount=10) = -540"
    short, full = d("stack").out.splitlines(), d("stack", "--all").out.splitlines()
    assert re.fullmatch(r"   \.\.\. \d+ library frames \(stack --all shows them\)", short[0])
    assert (
        short[-1] == full[-1] == f"> tests/test_cart.py:{line_of(test_file, '== 54')} in test_discount(): {raised_line}"
    )
    assert len(full) > len(short) + 10 and any("_pytest" in line for line in full)
    ended = d("continue")
    assert ended.code == 3
    assert "1 failed" in ended.out


def test_crash_stops_post_mortem(debugger, project: Path):
    d = debugger
    d("start", "main.py", "--crash")
    crash_line = line_of(project / "main.py", '{}["missing"]')
    crashed = d("continue")
    assert crashed.code == 3  # crashed: still inspectable, but done
    assert f"Stopped at main.py:{crash_line} in main() [uncaught exception: KeyError: 'missing']" in crashed.out
    assert d("print", "argv").out.strip() == "argv = ['--crash']"
    ended = d("continue")
    assert ended.code == 3
    assert "The program exited with code 1" in ended.out
    assert "KeyError: 'missing'" in ended.out
    assert "tracer.py" not in ended.out  # the traceback shows the program's frames only


@pytest.mark.parametrize(
    ("flag", "ending"),
    [
        (
            "--exit7",
            "The program exited with code 7 (the program ended without telling the debugger (os._exit or a crash))",
        ),
        ("--segv", "The program was killed by SIGSEGV"),
    ],
)
def test_program_dying_abruptly(debugger, flag: str, ending: str):
    d = debugger
    d("start", "main.py", flag)
    died = d("continue")
    assert (died.code, died.out.splitlines()[0]) == (
        3,
        ending + "; `debugger start ...` runs it again, breakpoints are kept.",
    )
    assert "empty cart handled" in died.out
    assert d("locals").err.strip() == "error: no program is running in session 'default'"


def test_module_target(debugger):
    d = debugger
    assert d("start", "-m", "shop").out.splitlines()[0] == "Stopped at shop/__main__.py:1 in <module>() [start]"
    assert d("break", "shop/cart.py:13").out.strip() == "Set breakpoint 1 at shop/cart.py:13"
    assert d("c").out.splitlines()[0] == "Stopped at shop/cart.py:13 in apply_discount() [breakpoint 1, hit 1 time]"
    ended = d("continue")
    assert (ended.code, "shop total 6" in ended.out) == (3, True)
    assert "No module named nosuch" in d("start", "-m", "nosuch").out


def test_slow_print_is_interrupted_and_the_stop_is_kept(debugger):
    d = debugger
    d("start", "main.py")
    began = time.monotonic()
    slow = d("print", "__import__('time').sleep(30)", "--timeout", "0.3")
    assert slow.err.strip() == (
        "error: `print` did not finish within 0.3s: interrupted; the program is still stopped where it was"
    )
    assert time.monotonic() - began < 10
    assert d("locals").code == 0
    assert d("status").out.splitlines()[0] == "Stopped at main.py:1 in <module>() [start]"
    assert d("print", "__name__").out.strip() == "__name__ = '__main__'"


def test_time_limit_then_pause_and_stop(debugger, project: Path):
    d = debugger
    d("start", "main.py", "--loop")
    began = time.monotonic()
    running = d("continue", "--timeout", "1")
    assert (running.code, running.out.startswith("Still running after 1.")) == (0, True)
    assert time.monotonic() - began < 5
    busy = d("print", "1")
    assert busy.code == 1
    assert busy.err.startswith("error: the program is running")
    paused = d("pause")
    loop = line_of(project / "main.py", "while True:")
    assert any(f"main.py:{n} in main() [paused]" in paused.out for n in (loop, loop + 1)), paused.out
    server = d.server()
    assert alive(server["pid"]) and alive(server["debuggee"])
    assert d("stop").out.strip() == "Session default stopped; no process left."
    assert (alive(server["pid"]), alive(server["debuggee"])) == (False, False)


def test_program_ending_in_the_background_is_reported_once(debugger):
    d = debugger
    d("start", "main.py", "--sleep")
    running = d("continue", "--timeout", "0.2").out
    assert running.startswith("Still running")
    assert "empty cart handled" in running  # output so far comes with every answer
    server = d.server()
    deadline = time.monotonic() + 10
    while alive(server["pid"]) and time.monotonic() < deadline:
        time.sleep(0.05)
    first = d("status")
    assert first.code == 3
    assert first.out.splitlines()[:2] == [
        "(the program ended while you were away)",
        "The program exited with code 0; `debugger start ...` runs it again, breakpoints are kept.",
    ]
    again = d("continue")
    assert (again.code, again.err.strip()) == (3, "error: no program is running in session 'default'")


LIVE_ONLY = [
    ("print", "x"),
    ("locals",),
    ("stack",),
    ("up",),
    ("down",),
    ("list",),
    ("continue",),
    ("step",),
    ("next",),
    ("return",),
    ("until",),
    ("run-to-exception",),
    ("pause",),
]


def test_commands_needing_the_program_exit_3_once_it_has_ended(debugger):
    """Found by a user trial: they exited 1 (an error), as if the session had refused them; the end is exit 3."""
    d = debugger
    d("start", "main.py", "--exit7")
    assert d("continue").code == 3
    ended = "The program exited with code 7 (the program ended without telling the debugger (os._exit or a crash));"
    for args in LIVE_ONLY:
        answer = d(*args)
        assert (answer.code, answer.err) == (3, "error: no program is running in session 'default'\n"), args
        assert answer.out.startswith(ended), args
        assert d("--json", *args).code == 3
    assert d("status").code == 3
    assert (d("break", "shop/cart.py:13").code, d("break").code, d("clear").code, d("output").code) == (0, 0, 0, 0)
    assert d("stop").code == 0
    assert d("print", "x").code == 1  # no session at all: an error, not an end


def test_output_is_cut_with_a_note(debugger):
    d = debugger
    d("start", "main.py", "--noisy")
    ended = d("continue")
    assert "characters cut; whole output: " in ended.out
    assert "line 2999" in ended.out
    assert len(ended.out) < 4000
    assert "line 1500\n" in d("output", "--all").out


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("break", "nosuch.py:3"), "error: no such file: {project}/nosuch.py"),
        (("break", "shop/cart.py:8"), "error: no code at {project}/shop/cart.py:8 (nearest lines with code: 7, 9)"),
        (("break", "shop/cart.py:9", "if", "x ==="), "error: syntax error in condition 'x ===': invalid syntax"),
        (("print", "x"), "error: no debugging session 'default': start one with `debugger start ...`"),
        (("stop",), "error: no debugging session 'default'"),
        (("start", "nosuch.py"), "error: no such file: nosuch.py (start takes SCRIPT, -m MODULE, or a test node id)"),
        (("start", "--python", "/nonexistent/python", "main.py"), "error: --python /nonexistent/python: no such file"),
        (("start", "--python", "nosuchpython", "main.py"), "error: --python nosuchpython: no such command on PATH"),
        (("start", "--python", "/etc/passwd", "main.py"), "error: --python /etc/passwd: not executable"),
        (("start", "--python", "/tmp", "main.py"), "error: --python /tmp: a directory, not an interpreter"),
    ],
)
def test_bad_input_is_one_line(debugger, project: Path, args: tuple, error: str):
    answer = debugger(*args)
    assert (answer.code, answer.out, answer.err) == (1, "", error.format(project=project) + "\n")


PYTHON2 = sorted(glob.glob("/root/.pyenv/versions/2.*/bin/python2.[0-9]"))


@pytest.mark.parametrize(
    ("how", "interpreter", "says"),
    [
        ("--python", "/bin/false", "it exited with code 1 at once, saying nothing"),
        ("DEBUGGER_PYTHON", "/bin/false", "it exited with code 1 at once, saying nothing"),
        ("--python", "/bin/sh", 'it exited with code 2 at once, saying: {tracer}: 11: Syntax error: "(" unexpected'),
        *[("DEBUGGER_PYTHON", python, "it exited with code 1 at once, saying: NameError: ") for python in PYTHON2],
    ],
)
def test_an_interpreter_that_cannot_run_the_debugger_is_one_line(debugger, how: str, interpreter: str, says: str):
    """Found by a user trial: /bin/false "exited with code 1 (the program ended without telling the debugger)" with
    exit 3, and /bin/sh either that or, when it died before reading `init`, a session "still running" for ever."""
    d = debugger
    env = {**d.env, "DEBUGGER_PYTHON": interpreter}
    args = ("start", "--python", interpreter, "main.py") if how == "--python" else ("start", "main.py")
    began = time.monotonic()
    answer = d(*args, env=env)
    assert time.monotonic() - began < 10
    origin = f"--python {interpreter}" if how == "--python" else f"DEBUGGER_PYTHON={interpreter}"
    tracer = Path(TOOL_SRC, "agent_debugger", "tracer.py")
    assert (answer.code, answer.out) == (1, "")
    assert answer.err.startswith(f"error: {origin} could not run the debugger (is it Python 3.5 or later?): ")
    assert says.format(tracer=tracer) in answer.err
    assert answer.err.count("\n") == 1
    assert d("status").err.startswith("error: no debugging session 'default'")  # nothing left behind
    assert d("start", "main.py").out.startswith("Stopped at main.py:1 in <module>() [start]")


def _in_folder(folder: Path) -> list[int]:
    """The pids of the processes working in `folder` (the program under the debugger runs there)."""
    found = []
    for proc in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if proc.name.isdigit() and Path(os.readlink(proc / "cwd")) == folder:
                found.append(int(proc.name))
    return found


@pytest.mark.parametrize(
    ("interpreter", "says"),
    [("yes", ", saying: "), ("./sleeper", ", saying: going to sleep\n")],  # yes: its last line, maybe cut
)
def test_an_interpreter_that_never_answers_is_killed_in_one_line(debugger, project: Path, interpreter: str, says: str):
    """Found by a user trial: `--python yes` (or a script that sleeps) gave a session "still running" for ever."""
    d = debugger
    (project / "sleeper").write_text("#!/bin/sh\necho going to sleep\nexec sleep 1000\n")
    (project / "sleeper").chmod(0o755)
    began = time.monotonic()
    answer = d("start", "--python", interpreter, "--timeout", "3.5", "main.py")
    assert 3.5 <= time.monotonic() - began < 10
    assert (answer.code, answer.out) == (1, "")
    assert answer.err.startswith(
        f"error: --python {interpreter} did not start the debugger within 3.5s, so it was killed"
    )
    assert says in answer.err and answer.err.count("\n") == 1
    deadline = time.monotonic() + 5
    while _in_folder(project) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _in_folder(project) == []  # the interpreter is gone, and its children
    assert not (d.sessions / "default" / "output.log").exists()  # `yes` wrote hundreds of MB there
    assert d("status").err.startswith("error: no debugging session 'default'")  # nothing left behind
    assert d("start", "main.py").out.startswith("Stopped at main.py:1 in <module>() [start]")


def test_bad_input_keeps_the_session(debugger, project: Path):
    d = debugger
    assert d("break", "shop/cart.py:13").code == 0
    stopped = d("start", "main.py").out.splitlines()[0]
    assert stopped == "Stopped at shop/cart.py:13 in apply_discount() [breakpoint 1, hit 1 time]"
    assert d("break", "shop/cart.py:8").err.startswith("error: no code at")
    assert d("break", "shop/cart.py:13", "if", "rate >").err.startswith("error: syntax error in condition")
    assert d("print", "nope").err.strip() == "error: NameError: name 'nope' is not defined"
    assert d("start", "main.py").err.startswith("error: session 'default' is already debugging `main.py`")
    # bad usage with a live program: exit 2, and `up 0` no longer moves a frame up
    for args in [("break", "shop/cart.py:0"), ("clear", "0"), ("up", "0"), ("down", "-1")]:
        assert d(*args).code == 2, args
    assert d("break").out.strip() == "breakpoint 1 at shop/cart.py:13 (hit 1)"
    assert d("status").out.splitlines()[0] == stopped
    assert d("print", "amount").out.strip() == "amount = 60"


def test_clearing_a_missing_breakpoint_says_the_same_before_and_after_start(debugger):
    """Found trying the README's commands: once started, bdb's own words came through ("Breakpoint number 7 out of
    range", "There is no breakpoint at /abs/path:99")."""
    d = debugger
    assert d("break", "shop/cart.py:13").code == 0
    for started in (False, True):
        if started:
            assert d("start", "main.py").code == 0
        for target in ("7", "shop/cart.py:99"):
            answer = d("clear", target)
            assert (answer.code, answer.out, answer.err) == (1, "", f"error: no breakpoint {target}\n"), started
        assert d("break").out.strip().startswith("breakpoint 1 at shop/cart.py:13")


def test_conditional_breakpoint_and_breakpoints_kept_across_runs(debugger):
    d = debugger
    assert d("break", "shop/cart.py:7", "if", "price == 30").code == 0
    first = d("start", "main.py")
    assert "Stopped at shop/cart.py:7 in total() [breakpoint 1, hit 3 times]" in first.out
    assert d("print", "subtotal").out.strip() == "subtotal = 30"
    assert d("continue").code == 3
    second = d("start", "main.py")  # same session, the program ran to its end: breakpoints stay
    assert "Stopped at shop/cart.py:7 in total() [breakpoint 1, hit 3 times]" in second.out


def test_sessions_are_independent(debugger, project: Path):
    d = debugger
    d("break", "shop/cart.py:13", "--session", "one")
    assert "in apply_discount()" in d("--session", "one", "start", "main.py").out
    assert "Stopped at main.py:1 in <module>()" in d("start", "--session", "two", "main.py", "x").out
    assert d("--session", "two", "print", "__name__").out.strip() == "__name__ = '__main__'"
    assert d("--session", "one", "print", "discount").out.strip() == "discount = 0"
    server_one = d.server("one")
    assert d("--session", "one", "stop").code == 0
    assert not alive(server_one["debuggee"])
    imports_done = line_of(project / "main.py", "from shop.cart import")
    assert f"Stopped at main.py:{imports_done}" in d("--session", "two", "until", str(imports_done)).out
    assert d("--session", "two", "print", "sys.argv").out.strip() == f"sys.argv = ['{project}/main.py', 'x']"


def test_json_answers(debugger):
    d = debugger
    started = d.json("start", "main.py")
    assert (started["ok"], started["state"], started["stop"]["frame"]["line"]) == (True, "stopped", 1)
    assert started["status"]["python"] == "{}.{}.{}".format(*sys.version_info[:3])
    printed = d.json("print", "6 * 7")
    assert printed["result"] == {"expr": "6 * 7", "value": "42", "value_type": "int"}
    bad = d.json("break", "shop/cart.py:8")
    assert (bad["ok"], bad["error"].startswith("no code at")) == (False, True)


def test_default_python_is_the_one_on_path(debugger, project: Path, tmp_path: Path):
    bin_dir = tmp_path / "repo-env" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    env = {k: v for k, v in debugger.env.items() if k != "DEBUGGER_PYTHON"}
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    assert debugger("start", "main.py", env=env).code == 0
    assert f"({bin_dir}/python)" in debugger("status").out


def test_version_and_help(debugger):
    assert debugger("--version").out.strip() == "debugger 0.1.0"
    help_text = debugger("--help").out
    for cmd in ("start", "break", "clear", "continue", "step", "next", "return", "until", "run-to-exception"):
        assert f"    {cmd}" in help_text
    for cmd in ("print", "locals", "stack", "up", "down", "list", "status", "stop"):
        assert f"    {cmd}" in help_text


@pytest.mark.skipif(not Path("/root/.pyenv/versions/3.9.18/bin/python3.9").exists(), reason="no Python 3.9 here")
def test_cli_and_server_run_on_python39(make_debugger):
    d = make_debugger(tool_python="/root/.pyenv/versions/3.9.18/bin/python3.9")
    assert d("break", "shop/cart.py:13").code == 0
    assert "Stopped at shop/cart.py:13 in apply_discount()" in d("start", "main.py").out
    assert d("print", "amount").out.strip() == "amount = 60"
    assert d("stop").code == 0


OLD_PYTHON = "/root/.pyenv/versions/3.6.15/bin/python3.6"


@pytest.mark.parametrize(
    ("python", "first_line", "code"),
    [
        case
        for case in [
            (OLD_PYTHON, "Stopped at legacy.py:2 in <module>() [breakpoint 1, hit 1 time]", 0),
            (
                sys.executable,
                "breakpoint at legacy.py:2 dropped: {project}/legacy.py does not compile under this Python",
                3,
            ),
        ]
        if Path(case[0]).exists()  # the 3.6 case runs where pyenv has 3.6 (this machine kind does)
    ],
)
def test_breakpoint_in_code_only_the_repositorys_python_compiles(
    make_debugger, project: Path, python: str, first_line: str, code: int
):
    (project / "legacy.py").write_text("async = 1  # a name until Python 3.7\nprint('async is', async)\n")
    d = make_debugger(python)
    assert d("break", "legacy.py:2").out.strip() == "Set breakpoint 1 at legacy.py:2"  # the CLI cannot tell: kept
    started = d("start", "legacy.py")
    assert (started.code, started.out.startswith(first_line.format(project=project))) == (code, True)
    if code:  # a script that does not compile never runs: its error is the program's output
        assert "SyntaxError: invalid syntax" in started.out
