"""`debugger`: a debugger for agents. Every command is one shell command that answers within its time limit."""

from __future__ import annotations

import json
import math
import os
import socket
import sys
import time
from pathlib import Path

from agent_debugger import __version__, processes
from agent_debugger.render import render
from agent_debugger.sessions import (
    DebuggerError,
    Session,
    UsageError,
    check_name,
    dropped_in_log,
    pid_alive,
    read_json,
    send_request,
    session,
    write_json,
)

TYPE_CHECKING = False  # typing itself costs startup time on every command
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_ENDED = 0, 1, 2, 3
DEFAULT_TIMEOUT = 5.0
START_TIMEOUT = 15.0  # pytest's collection under a tracer takes a moment
MAX_TIMEOUT = 86400.0
PACKAGE_ROOT = Path(__file__).resolve().parent.parent

EPILOG = """\
examples:
  debugger break pkg/module.py:42                    breakpoints may be set before start
  debugger start tests/test_module.py::TestThing::test_case
  debugger start -- script.py --its-args             or: debugger start -m package.module args
  debugger print 'len(items)'
  debugger run-to-exception                          stop where the next exception is raised
  debugger stop

exit status: 0 ok, 1 error (one line on stderr), 2 bad usage (one line), 3 the program has ended or crashed.
The program runs under the `python` on PATH (the repository's env) unless --python or DEBUGGER_PYTHON says
otherwise; its output is shown with each answer. Sessions live in a private directory of yours:
$DEBUGGER_SESSIONS, else $XDG_RUNTIME_DIR/debugger-sessions, else /tmp/debugger-sessions-UID.
"""


def positive(text: str) -> int:
    """A line number or a frame count: 1 or more, in ASCII digits (int() also takes " 3" and other scripts' digits)."""
    if not (text.isascii() and text.isdigit() and int(text) > 0):
        import argparse

        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {text!r}")
    return int(text)


_INT_OPT = {"nargs": "?", "type": positive}
_ANYWHERE = (("--anywhere",), {"action": "store_true", "help": "also stop in the stdlib and site-packages"})
_ALL = (("--all",), {"action": "store_true", "help": "everything, not only the project's part"})
# name: (help, aliases, [(argument names, add_argument keywords), ...])
COMMANDS: dict[str, tuple[str, tuple[str, ...], list[tuple[tuple[str, ...], dict]]]] = {
    "start": (
        "run a program, stop at its first line (a test: its first line) or at a breakpoint",
        (),
        [
            (("--python",), {"help": "the program's interpreter (default: `python` on PATH)"}),
            (("-m",), {"dest": "module", "nargs": "...", "metavar": "MODULE", "help": "run a module, as python -m"}),
            (("target",), {"nargs": "...", "help": "SCRIPT [ARGS] | TEST_NODE_ID [PYTEST ARGS]"}),
        ],
    ),
    "break": (
        "set a breakpoint: break FILE:LINE [if COND]; without arguments: list them",
        ("b",),
        [(("location",), {"nargs": "?", "help": "FILE:LINE"}), (("condition",), {"nargs": "*", "help": "if COND"})],
    ),
    "clear": ("delete breakpoints: clear (all) | clear NUMBER | clear FILE:LINE", (), [(("target",), {"nargs": "?"})]),
    "continue": ("run until a breakpoint, the end, or the time limit", ("c",), []),
    "step": ("run one line, stepping into calls (your code only)", ("s",), [_ANYWHERE]),
    "next": ("run one line, stepping over calls", ("n",), [_ANYWHERE]),
    "return": ("run until the current function returns", ("r",), []),
    "until": (
        "run until line LINE or a later one in the current frame (default: the next line; leaves loops)",
        (),
        [(("line",), _INT_OPT)],
    ),
    "run-to-exception": (
        "run until an exception is raised in your code; stop in the raising frame",
        (),
        [
            (("types",), {"nargs": "*", "help": "only these exception class names (default: any)"}),
            _ANYWHERE,
        ],
    ),
    "print": ("evaluate an expression in the current frame", ("p",), [(("expr",), {"nargs": "+"})]),
    "locals": ("show the current frame's variables", (), []),
    "stack": ("show the call stack, innermost last", ("where", "bt"), [_ALL]),
    "up": ("select the caller's frame", (), [(("count",), {**_INT_OPT, "default": 1})]),
    "down": ("select the callee's frame", (), [(("count",), {**_INT_OPT, "default": 1})]),
    "list": ("show source around the current line", ("l",), [(("line",), _INT_OPT)]),
    "status": ("where the session is: stopped, running or ended", (), []),
    "pause": ("interrupt a running program (or a slow print)", (), []),
    "output": ("show the program's output so far", (), [_ALL]),
    "stop": ("end the session and kill the program", (), []),
}
ALIASES = {alias: name for name, (_, aliases, _) in COMMANDS.items() for alias in aliases}
USAGE = "debugger [--session NAME] [--timeout S] [--json] COMMAND [ARGS]"
START_USAGE = "debugger start [--python PY] [--timeout S] [--] SCRIPT [ARGS] | -m MODULE [ARGS] | TEST_NODE_ID [ARGS]"


def session_name(text: str) -> str:
    try:
        return check_name(text)
    except UsageError as e:
        import argparse

        raise argparse.ArgumentTypeError(str(e)) from None


def seconds(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"--timeout takes seconds, more than 0 and at most {MAX_TIMEOUT:g}: {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The one parser of the CLI: every command, its options, and `start`'s program command line.

    A command's own parser is built only when that command is used: argparse costs startup time on every answer.
    """
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:  # one line, exit status 2
            usage = " ".join(self.format_usage().split())
            raise UsageError(f"{message} ({usage}; `debugger --help` lists the commands)")

    class Command(Parser):
        """What `add_parser` makes for a command: the real parser comes when argparse hands it the arguments."""

        def __init__(self, arguments: list[tuple[tuple[str, ...], dict]], **kwargs: Any) -> None:
            self.arguments, self.kwargs = arguments, kwargs

        def parse_known_args(  # type: ignore[override]  # argparse calls it as (args, namespace)
            self, args: Any = None, namespace: Any = None
        ) -> tuple[argparse.Namespace, list[str]]:
            parser = Parser(parents=[common], **self.kwargs)
            for names, kwargs in self.arguments:
                parser.add_argument(*names, **kwargs)
            return parser.parse_known_args(args, namespace)

    common = Parser(add_help=False)
    common.add_argument(
        "--session", type=session_name, default=argparse.SUPPRESS, metavar="NAME", help="session name (default)"
    )
    common.add_argument(
        "--timeout", type=seconds, default=argparse.SUPPRESS, metavar="S", help="seconds to wait (default 5; start: 15)"
    )
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="answer in JSON")
    parser = Parser(
        prog="debugger",
        usage=USAGE,
        description="Debug a Python program one shell command at a time; a session keeps it between commands.",
        epilog=EPILOG,
        parents=[common],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"debugger {__version__}")
    sub = parser.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=Command, prog="debugger")
    sub.required = True
    for name, (help, aliases, arguments) in COMMANDS.items():
        usage = START_USAGE if name == "start" else None
        sub.add_parser(name, help=help, aliases=list(aliases), usage=usage, arguments=arguments)
    return parser


def program_argv(args: argparse.Namespace) -> list[str]:
    """`start`'s program command line, as classify() takes it."""
    if args.module is not None:
        if not args.module:
            raise UsageError(f"-m needs a module name (usage: {START_USAGE})")
        return ["-m", *args.module]
    target: list[str] = args.target[1:] if args.target[:1] == ["--"] else args.target
    if not target:
        raise UsageError(f"start needs a target (usage: {START_USAGE})")
    return target


def resolve_python(explicit: str | None) -> tuple[str, str]:
    """The program's interpreter, and where it came from (for messages): `--python X`, `DEBUGGER_PYTHON=X`, PATH."""
    import shutil

    if explicit == "":
        raise UsageError("--python needs an interpreter: a path or a command name on PATH")
    name = explicit or os.environ.get("DEBUGGER_PYTHON")
    if name:
        origin = f"--python {name}" if explicit else f"DEBUGGER_PYTHON={name}"
        path = os.path.abspath(name) if os.sep in name else shutil.which(name)
        if not path:
            raise DebuggerError(f"{origin}: no such command on PATH")
        if os.path.isdir(path):
            raise DebuggerError(f"{origin}: a directory, not an interpreter")
        if not os.path.exists(path):
            raise DebuggerError(f"{origin}: no such file")
        if not os.access(path, os.X_OK):
            raise DebuggerError(f"{origin}: not executable")
        return path, origin
    path = shutil.which("python") or shutil.which("python3")
    if path:
        return path, f"the python on PATH ({path})"
    raise DebuggerError("no python on PATH: activate the repository's environment or pass --python PATH")


def _is_test_file(arg: str) -> bool:
    name = os.path.basename(arg)
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def classify(argv: list[str], cwd: str) -> dict:
    """The program to run: a script, a module, or pytest with a node id (then it stops in the test)."""
    first, rest = argv[0], argv[1:]
    if first == "-m":
        module, args = rest[0], rest[1:]
    elif first in ("pytest", "py.test"):
        module, args = "pytest", rest
    elif "::" in first or _is_test_file(first):
        module, args = "pytest", argv
    else:
        path = os.path.join(cwd, first)
        if not os.path.isfile(path):
            raise DebuggerError(f"no such file: {first} (start takes SCRIPT, -m MODULE, or a test node id)")
        return {"kind": "script", "args": [os.path.abspath(path), *rest]}
    target: dict[str, object] = {"kind": "module", "module": module, "args": args}
    if module == "pytest":
        if "cacheprovider" not in " ".join(args):  # leave no .pytest_cache in the repository
            target["args"] = ["-p", "no:cacheprovider", *args]
        nodes = [a for a in args if not a.startswith("-") and ("::" in a or a.endswith(".py"))]
        if nodes:
            file, *parts = nodes[0].split("::")
            if not os.path.isfile(os.path.join(cwd, file)):
                raise DebuggerError(f"no such file: {file}")
            func: str | None = parts[-1].split("[")[0] if parts else None
            target["test_file"] = os.path.abspath(os.path.join(cwd, file))
            target["test_function"] = func if func and not func[0].isupper() else None
    return target


def spawn_server(s: Session) -> None:
    import subprocess

    s.ensure()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    with s.log.open("ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "agent_debugger.server", str(s.dir)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            env=env,
            start_new_session=True,
        )
    deadline = time.monotonic() + 10
    while not (s.socket.exists() and read_json(s.server)):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            tail = s.log.read_text(errors="replace").strip().splitlines()[-1:] if s.log.exists() else []
            raise DebuggerError(f"the session server did not start: {' '.join(tail) or 'no log'}")
        time.sleep(0.005)


def live_server(s: Session) -> dict | None:
    """server.json, if a session server of ours (verified: uid, command line) is behind it; else clean up."""
    if not s.exists():
        return None
    info = read_json(s.server)
    if not isinstance(info, dict):
        return None
    if processes.is_our_server(info.get("pid"), s.dir):
        return info
    _bury(s, info)
    return None


def ask(s: Session, info: dict | None, request: dict, timeout: float) -> dict | None:
    """Send a request to the session's server (`info`: what live_server() found); None when no server is alive."""
    if not info:
        return None
    try:
        return send_request(s.socket, request, timeout + 30)
    except (FileNotFoundError, ConnectionRefusedError):
        for _ in range(100):  # the server is finishing: wait for it to leave final.json
            if not read_json(s.server) or not pid_alive(info.get("pid")):
                break
            time.sleep(0.01)
        return None
    except socket.timeout:
        raise DebuggerError(f"the session server for {s.name!r} does not answer; `debugger stop` ends it") from None


def _bury(s: Session, info: dict) -> None:
    """A server that died without cleaning up: end what its program left (only processes carrying the session's
    token in their environment), keep the breakpoints, and leave the news of the end for the next command."""
    processes.kill_all(lambda: processes.tagged(info.get("token")))
    if info.get("debuggee") and not pid_alive(info.get("pid")) and not read_json(s.final):  # a real server, gone
        exit = {"code": None, "note": "its session server died; the debugger ended what was left of it"}
        write_json(s.final, {"exit": exit, "target": info.get("target"), "root": info.get("cwd"), "unreported": True})
    for path in (s.server, s.socket):
        path.unlink(missing_ok=True)


def start(s: Session, args: argparse.Namespace, target_argv: list[str]) -> dict:
    info = live_server(s)
    if info:
        running = " ".join(info.get("target") or [])
        raise DebuggerError(
            f"session {s.name!r} is already debugging `{running}`: `debugger stop` ends it, "
            "or use --session NAME for another one"
        )
    cwd = os.getcwd()
    target = classify(target_argv, cwd)
    python, python_origin = resolve_python(args.python)
    s.ensure()
    for path in (s.final, s.output):
        path.unlink(missing_ok=True)
    spawn_server(s)
    request = {
        "cmd": "start",
        "target": target,
        "argv": target_argv,
        "cwd": cwd,
        "python": python,
        "python_origin": python_origin,
        "env": dict(os.environ),
        "timeout": args.timeout,
    }
    resp = ask(s, live_server(s), request, args.timeout)
    return resp if resp is not None else offline(s, request)


# -- without a live server: pending breakpoints, an ended program, no session ---------------------------------


def offline(s: Session, request: dict) -> dict:
    cmd = request["cmd"]
    base = {"session": s.name, "root": os.getcwd()}
    if cmd in ("break", "clear", "breaks"):
        return {**base, **local_breakpoints(s, request)}
    if cmd == "stop":
        if not s.exists():
            raise DebuggerError(f"no debugging session {s.name!r}")
        import shutil

        final = read_json(s.final)
        shutil.rmtree(s.dir, ignore_errors=True)
        if isinstance(final, dict) and final.get("unreported"):  # the news `status` would have given
            notice = "the program ended while you were away"
            return {**base, "stopped": True, "notice": notice, "exit": final.get("exit"), "output": final.get("output")}
        return {**base, "stopped": True}
    final = read_json(s.final)
    if not final:
        raise DebuggerError(f"no debugging session {s.name!r}: start one with `debugger start ...`")
    base.update(root=final.get("root"), state="exited", exit=final["exit"])
    if final.get("unreported"):
        write_json(s.final, {**final, "unreported": False, "output": None})
        return {**base, "notice": "the program ended while you were away", "output": final.get("output")}
    if cmd == "status":
        return base
    return {**base, "ok": False, "error": f"no program is running in session {s.name!r}"}


def local_breakpoints(s: Session, request: dict) -> dict:
    bps = read_json(s.breakpoints, [])
    numbered = [{**b, "number": i, "hits": 0} for i, b in enumerate(bps, start=1)]
    cmd = request["cmd"]
    if cmd == "breaks":
        return {"result": {"breakpoints": numbered}}
    if cmd == "break":
        from agent_debugger.tracer import check_breakpoint

        error = check_breakpoint(request["file"], request["line"], request.get("cond"), strict=False)
        if error:
            raise DebuggerError(error)
        bp = {"file": request["file"], "line": request["line"], "cond": request.get("cond")}
        s.ensure()
        write_json(s.breakpoints, [*bps, bp])
        return {"result": {"breakpoint": {**bp, "number": len(bps) + 1}, "pending": True}}
    target = request.get("target")
    if target is None:
        keep = []
    elif target.isdigit() and 1 <= int(target) <= len(bps):
        keep = [b for i, b in enumerate(bps, start=1) if i != int(target)]
    elif ":" in target and any(f"{b['file']}:{b['line']}" == target for b in bps):
        keep = [b for b in bps if f"{b['file']}:{b['line']}" != target]
    else:
        raise DebuggerError(f"no breakpoint {request.get('shown') or target}")
    if s.exists():
        write_json(s.breakpoints, keep)
    return {"result": {"cleared": target or "all", "breakpoints": keep}}


# -- commands ---------------------------------------------------------------------------------------------------


def parse_location(text: str) -> tuple[str, int]:
    file, sep, line = text.rpartition(":")
    if not sep or not file or not (line.isascii() and line.isdigit()) or int(line) < 1 or "\0" in file:
        raise UsageError(f"expected FILE:LINE with a line number of 1 or more, got {text!r}")
    return os.path.abspath(file), int(line)


def repository_root(s: Session) -> str:
    """The session's repository (where its program runs), else the git work tree around us, else here."""
    known = (read_json(s.server) or read_json(s.final) or {}) if s.exists() else {}
    root = known.get("cwd") or known.get("root") if isinstance(known, dict) else None
    if isinstance(root, str) and os.path.isdir(root):
        return root
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return str(folder)
    return str(here)


def check_in_repository(file: str, root: str) -> None:
    real, real_root = os.path.realpath(file), os.path.realpath(root)
    if os.path.commonpath([real, real_root]) != real_root:
        raise DebuggerError(
            f"{file} is outside the repository ({root}): breakpoints go in its files; "
            "`step --anywhere` enters library code"
        )


def build_request(args: argparse.Namespace, s: Session) -> dict:
    cmd = args.cmd
    if cmd == "break":
        if not args.location:
            return {"cmd": "breaks"}
        file, line = parse_location(args.location)
        words = args.condition
        if words and words[0] != "if":
            raise UsageError(f"expected `if COND` after {args.location}, got {' '.join(words)!r}")
        cond = " ".join(words[1:]).strip() or None
        if words and not cond:
            raise UsageError("`if` needs a condition, e.g. break file.py:12 if 'n > 3'")
        check_in_repository(file, repository_root(s))
        return {"cmd": "break", "file": file, "line": line, "cond": cond}
    if cmd == "clear":
        target = args.target
        if target and not (target.isascii() and target.isdigit()):
            file, line = parse_location(target)
            return {"cmd": "clear", "target": f"{file}:{line}", "shown": args.target}
        if target and int(target) < 1:
            raise UsageError(f"breakpoints are numbered from 1, got {target!r}")
        return {"cmd": "clear", "target": target}
    if cmd == "until":
        return {"cmd": "until", "line": args.line}
    if cmd == "run-to-exception":
        return {"cmd": cmd, "types": args.types, "anywhere": args.anywhere}
    if cmd in ("step", "next"):
        return {"cmd": cmd, "anywhere": args.anywhere}
    if cmd == "print":
        return {"cmd": "print", "expr": " ".join(args.expr)}
    if cmd in ("up", "down"):
        return {"cmd": cmd, "count": args.count}
    if cmd == "list":
        return {"cmd": "list", "line": args.line}
    return {"cmd": cmd}


def show_output(s: Session, show_all: bool) -> str:
    if not s.exists() or not s.output.exists():
        raise DebuggerError(f"no output recorded for session {s.name!r}")
    data = s.output.read_bytes()  # at most LOG_CAP: the server drops the middle of a longer output
    text = data.decode(errors="replace")
    if not show_all and len(text) > 4000:
        dropped = dropped_in_log(data)
        more = f" (the log dropped {dropped} bytes in their middle)" if dropped else ""
        note = f"[... {len(text) - 4000} earlier characters{more}; `debugger output --all` shows them ...]\n"
        text = note + text[-4000:]
    return text


def exit_status(resp: dict) -> int:
    if resp.get("stopped"):  # the session is gone, as asked, also when the program had ended before
        return EXIT_OK
    if not resp.get("ok", True):  # a command that needs a live program, after its end: the end is the news
        return EXIT_ENDED if resp.get("exit") else EXIT_ERROR
    crashed = (resp.get("stop") or {}).get("reason") == "uncaught"
    return EXIT_ENDED if resp.get("exit") or crashed else EXIT_OK


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    args.cmd = ALIASES.get(args.cmd, args.cmd)
    use_json = getattr(args, "json", False)
    s = session(getattr(args, "session", None) or os.environ.get("DEBUGGER_SESSION") or "default")  # checked there
    if args.cmd == "output":
        say(show_output(s, args.all))
        return EXIT_OK
    args.timeout = getattr(args, "timeout", None) or (START_TIMEOUT if args.cmd == "start" else DEFAULT_TIMEOUT)
    if args.cmd == "start":
        resp = start(s, args, program_argv(args))
    else:
        request = build_request(args, s)
        request["timeout"] = args.timeout
        server = live_server(s)
        answer = ask(s, server, request, args.timeout)
        resp = answer if answer is not None else offline(s, request)
        if server and request["cmd"] == "stop":  # answer only once the server is gone
            deadline = time.monotonic() + 3
            while processes.is_our_server(server.get("pid"), s.dir) and time.monotonic() < deadline:
                time.sleep(0.01)
    if use_json:
        say(json.dumps(resp))
    else:
        cmd = "breaks" if args.cmd == "break" and not args.location else args.cmd
        text = render(cmd, resp, show_all=getattr(args, "all", False))
        if not resp.get("ok", True):
            lines = text.splitlines()
            error = next(i for i, line in enumerate(lines) if line.startswith("error: "))
            say(lines.pop(error), sys.stderr)
            text = "\n".join(lines)
        if text:
            say(text)
    return exit_status(resp)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        return run(argv)
    except DebuggerError as e:
        code = EXIT_USAGE if isinstance(e, UsageError) else EXIT_ERROR
        message = " ".join(str(e).split()) or type(e).__name__
        if code == EXIT_USAGE and "debugger --help" not in message:
            message += " (`debugger --help` lists the commands)"
        if "--json" in argv:
            say(json.dumps({"ok": False, "error": message, "usage": code == EXIT_USAGE}))
        else:
            say(f"error: {message}", sys.stderr)
        return code
    except KeyboardInterrupt:
        return 130
    finally:  # what argparse printed (--help, --version) is flushed here, not at exit, where a closed pipe gives 120
        say("", end="")


def say(text: str, stream: Any = None, end: str = "\n") -> None:
    """print; a reader that has what it wanted (`debugger status | head -1`) ends the output, not the command."""
    stream = stream or sys.stdout
    try:
        print(text, file=stream, end=end, flush=True)
    except BrokenPipeError:  # the rest of the output, and Python's flush at exit, go nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


if __name__ == "__main__":
    sys.exit(main())
