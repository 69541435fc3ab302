"""In-process half of the debugger: runs inside the debuggee, under the repository's own interpreter.

It is started as ``<python> tracer.py <fd>`` by the session server, which holds the other end of the socket
``fd``; messages are JSON objects, one per line. Stdlib only, and only syntax that every Python from 3.5 on
accepts (no f-strings, walrus, annotations, positional-only parameters): tests/debugger checks this.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if sys.path and os.path.abspath(sys.path[0] or ".") == _HERE:
    del sys.path[0]  # the script's folder must not shadow the debuggee's modules

import bdb  # noqa: E402
import dis  # noqa: E402
import json  # noqa: E402
import linecache  # noqa: E402
import runpy  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import sysconfig  # noqa: E402
import threading  # noqa: E402
import tokenize  # noqa: E402
import traceback  # noqa: E402
import types  # noqa: E402

VALUE_LIMIT = 2000
LOCAL_LIMIT = 300
CONTEXT = 2
LIST_CONTEXT = 5
RESUME = ("continue", "step", "next", "return", "until", "run-to-exception")
QUIET_EXCEPTIONS = (StopIteration, GeneratorExit, StopAsyncIteration, SystemExit, bdb.BdbQuit)
FINISHING = (StopIteration, StopAsyncIteration, GeneratorExit)  # a generator or coroutine ending, not an error
GENERATOR_FLAGS = 0x20 | 0x80 | 0x100 | 0x200  # CO_GENERATOR, CO_COROUTINE, CO_ITERABLE_COROUTINE, CO_ASYNC_GENERATOR
RECURSION_HEADROOM = 200
SKIP_MODULES = ["runpy", "importlib._bootstrap", "importlib._bootstrap_external", "_agent_debugger_tracer"]


def _lib_dirs():
    dirs = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            dirs.add(os.path.realpath(path) + os.sep)
            dirs.add(os.path.abspath(path) + os.sep)
    return tuple(dirs)


LIB_DIRS = _lib_dirs()
HIDDEN = set([os.path.abspath(__file__), os.path.abspath(runpy.__file__), os.path.abspath(bdb.__file__)])


def is_hidden(filename):
    return filename.startswith("<frozen") or os.path.abspath(filename) in HIDDEN


def is_library(filename, _cache={}):  # the mutable default is the cache
    if filename not in _cache:
        path = os.path.abspath(filename)
        _cache[filename] = filename.startswith("<") or (
            path.startswith(LIB_DIRS) or "site-packages" in path or "dist-packages" in path
        )
    return _cache[filename]


def cut(text, limit):
    if len(text) <= limit:
        return text
    return text[:limit] + "...[{} chars cut]".format(len(text) - limit)


def safe_repr(value, limit):
    try:
        text = repr(value)
    except Exception as e:  # a broken __repr__ must not break the debugger
        text = "<repr failed: {}>".format(describe_exception(e))
    return cut(text, limit)


def returns_or_yields(frame):
    """Whether the frame's last instruction returns or yields (else a `return` event is an exception leaving it)."""
    op = dis.opname[frame.f_code.co_code[frame.f_lasti]]
    return op.startswith(("RETURN", "YIELD", "INSTRUMENTED_RETURN", "INSTRUMENTED_YIELD", "RESUME", "SEND"))


def describe_exception(exc):
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()


def source_line(filename, lineno):
    return linecache.getline(filename, lineno).rstrip("\n")


def code_lines(filename):
    """Line numbers where code starts, as this interpreter compiles the file (raises SyntaxError/OSError)."""
    with tokenize.open(filename) as f:
        source = f.read()
    todo = [compile(source, filename, "exec", dont_inherit=True)]
    lines = set()
    while todo:
        code = todo.pop()
        for _, line in dis.findlinestarts(code):
            if line:
                lines.add(line)
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return lines


def check_breakpoint(filename, lineno, cond, strict=True):
    """None if a breakpoint may go there, else the reason it may not.

    Not `strict` (the CLI, checking before the program runs under another Python): a file this Python cannot
    compile is given the benefit of the doubt when the line is not blank or a comment.
    """
    if not os.path.isfile(filename):
        return "no such file: {}".format(filename)
    if cond:
        try:
            compile(cond, "<condition>", "eval")
        except SyntaxError as e:
            return "syntax error in condition {!r}: {}".format(cond, e.msg)
    try:
        lines = code_lines(filename)
    except SyntaxError as e:
        text = source_line(filename, lineno).strip()
        if not strict and text and not text.startswith("#"):
            return None
        return "{} does not compile under this Python: {} (line {})".format(filename, e.msg, e.lineno)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return "cannot read {}: {}".format(filename, e)
    if lineno in lines:
        return None
    after = [n for n in lines if n > lineno]
    before = [n for n in lines if n < lineno]
    near = []
    if before:
        near.append(str(max(before)))
    if after:
        near.append(str(min(after)))
    hint = " (nearest lines with code: {})".format(", ".join(near)) if near else ""
    return "no code at {}:{}{}".format(filename, lineno, hint)


class EvalInterrupted(BaseException):
    """Raised into an evaluation that took too long (or was paused): the program keeps its stop."""


class ExitRefused(BaseException):
    pass


CONDITION_ERRORS = {}  # breakpoint number -> what its condition raised at the last hit


def effective(file, line, frame):
    """bdb.effective, except that a condition that raises is remembered (and still stops, as pdb does)."""
    for b in bdb.Breakpoint.bplist[file, line]:
        if not b.enabled or not bdb.checkfuncname(b, frame):
            continue
        b.hits += 1
        if b.cond:
            try:
                if not eval(b.cond, frame.f_globals, frame.f_locals):
                    continue
            except Exception as e:
                CONDITION_ERRORS[b.number] = describe_exception(e)
                return (b, False)
        if b.ignore > 0:
            b.ignore -= 1
            continue
        return (b, True)
    return (None, None)


bdb.effective = effective  # Bdb.break_here looks it up at each call


thread_ident = threading.get_ident  # C: cheap enough for every traced line


def async_raise(ident, exc_type):
    """Raise `exc_type` in another thread at its next bytecode (CPython; without ctypes: nothing happens)."""
    try:
        import ctypes

        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exc_type))
    except Exception:
        pass


def die_with_parent(parent_pid):
    """Linux: the kernel kills us when the session server dies, even while the program runs."""
    try:
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except Exception:
        return
    if os.getppid() != parent_pid:  # it died before we asked
        os._exit(1)


class NoExit(object):
    """While an expression is evaluated, exiting the process is refused: the program keeps its state."""

    NAMES = ("_exit", "abort")

    def __enter__(self):
        import builtins

        self.saved = []
        for module in (os, sys.modules.get("posix")):
            for name in self.NAMES:
                if module is not None and hasattr(module, name):
                    self.saved.append((module, name, getattr(module, name)))
                    setattr(module, name, self.refuse(name))
        for name in ("exit", "quit"):
            if hasattr(builtins, name):
                self.saved.append((builtins, name, getattr(builtins, name)))
                setattr(builtins, name, self.raise_exit)
        return self

    def __exit__(self, *exc):
        for module, name, value in self.saved:
            setattr(module, name, value)
        return False

    @staticmethod
    def refuse(name):
        def refused(*args):
            raise ExitRefused("os.{}() refused while evaluating: the program keeps its state".format(name))

        return refused

    @staticmethod
    def raise_exit(code=None):
        raise SystemExit(code)


class Channel(object):
    """JSON lines over the socket inherited from the session server."""

    def __init__(self, fd):
        self.sock = socket.fromfd(fd, socket.AF_UNIX, socket.SOCK_STREAM)
        os.close(fd)
        self.reader = self.sock.makefile("rb")
        self.pid = os.getpid()

    def send(self, message):
        if os.getpid() != self.pid:  # a forked child never speaks for the program
            return
        self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))

    def close_in_child(self):
        """After a fork, in the child: drop our end of the socket, so the parent's server sees only the parent."""
        try:
            os.close(self.sock.detach())
        except (OSError, ValueError):
            pass

    def recv(self):
        line = self.reader.readline()
        return json.loads(line.decode("utf-8")) if line else None


class Tracer(bdb.Bdb):
    def __init__(self, channel):
        bdb.Bdb.__init__(self, skip=SKIP_MODULES)
        self.channel = channel
        self.pid = os.getpid()
        self.entry = None  # (file, function name): stop at its first line unless a breakpoint comes first
        self.catch = None  # while run-to-exception is on: {"types": [...], "anywhere": bool}
        self.seen_exception = None
        self.currentbp = 0
        self.pause_requested = False
        self.stack = []
        self.index = 0
        self.frame_locals = {}
        self.entering = False
        self.anywhere = False
        self.step_thread = None  # `step` stops in the thread it was given in, not in any thread
        self.evaluating = None  # the thread evaluating a `print`, while it does
        self.tracing_off = False
        self.lock = threading.RLock()  # one stopped thread talks to the server at a time
        self.limit = None  # the program's recursion limit, while we have raised it for our own frames
        self.raising = False
        self.propagating = None  # (frame, exception) of the last exception event: what a frame may be leaving by

    # -- when to stop --------------------------------------------------------------------------------------

    def stop_here(self, frame):
        if not bdb.Bdb.stop_here(self, frame):
            return False
        if self.stopframe is None and self.step_thread is not None and thread_ident() != self.step_thread:
            return False
        # stepping stops in the project's code only, unless asked (or paused) to stop anywhere
        return self.anywhere or self.stopframe is not None or not is_library(frame.f_code.co_filename)

    def is_skipped_module(self, module_name, _cache={}):  # the mutable default is the cache
        if module_name not in _cache:
            _cache[module_name] = module_name is not None and bdb.Bdb.is_skipped_module(self, module_name)
        return _cache[module_name]

    def do_clear(self, arg):
        self.clear_bpbynumber(arg)

    def is_entry(self, frame):
        return (
            self.entry is not None
            and frame.f_code.co_name == self.entry[1]
            and self.canonic(frame.f_code.co_filename) == self.entry[0]
        )

    def break_anywhere(self, frame):
        if self.entry is not None and self.canonic(frame.f_code.co_filename) == self.entry[0]:
            return True
        return bdb.Bdb.break_anywhere(self, frame)

    def break_here(self, frame):
        if self.is_entry(frame):
            self.entry = None
            return True
        return bdb.Bdb.break_here(self, frame)

    def set_continue(self):
        self.tracing_off = False
        if self.catch is not None or self.entry is not None:
            self._set_stopinfo(self.botframe, None, -1)  # keep tracing: bdb would switch it off without breaks
        else:
            self.tracing_off = not self.breaks
            bdb.Bdb.set_continue(self)

    def set_step(self):
        self.step_thread = thread_ident()
        bdb.Bdb.set_step(self)

    def trace_dispatch(self, frame, event, arg):
        """bdb's, inlined (it runs for every event), with a guard for programs at their recursion limit."""
        try:
            if self.quitting:
                return None
            if event == "line":
                return self.dispatch_line(frame)
            if event == "call":
                if self.limit is not None and frame_depth(frame) > self.limit:
                    self.at_recursion_limit(frame)
                return self.dispatch_call(frame, arg)
            if event == "return":
                return self.dispatch_return(frame, arg)
            if event == "exception":
                return self.dispatch_exception(frame, arg)
            return self.trace_dispatch
        except RecursionError:
            if self.limit is not None and event == "call" and self.raising:
                self.raising = False
                raise  # the program's own RecursionError, raised at its own limit
            if self.limit is None:  # our frames come on top of the program's: give them room
                self.limit = sys.getrecursionlimit()
                sys.setrecursionlimit(self.limit + RECURSION_HEADROOM)
            return self.trace_dispatch

    def dispatch_call(self, frame, arg):
        result = bdb.Bdb.dispatch_call(self, frame, arg)
        if result is not None:
            _trace_lines(frame, True)
            return result
        if self.catch is not None:
            _trace_lines(frame, False)  # only exception events are needed here: much faster
            return self.trace_dispatch
        return None

    def dispatch_exception(self, frame, arg):
        self.propagating = (frame, arg[1])
        if self.catch is not None and self.wants_exception(frame, arg):
            self.catch = None
            self.user_exception(frame, arg)
            if self.quitting:
                raise bdb.BdbQuit
            return self.trace_dispatch
        if self.catch is None and isinstance(arg[0], type) and issubclass(arg[0], FINISHING):
            stepping_in = self.stopframe
            if (
                stepping_in is not None
                and stepping_in is not frame
                and stepping_in is not self.botframe
                and stepping_in.f_code.co_flags & GENERATOR_FLAGS
            ):
                self.set_step()  # `next`/`return` out of a generator or coroutine: stop at the next line of ours
            return self.trace_dispatch
        return bdb.Bdb.dispatch_exception(self, frame, arg)

    def at_recursion_limit(self, frame):
        """The program calls past its recursion limit (which we raised for our own frames): stop where it
        recursed if run-to-exception waits for that, then fail the call with RecursionError as Python would."""
        error = RecursionError("maximum recursion depth exceeded")
        caller = frame.f_back
        while caller is not None and not self.anywhere and is_library(caller.f_code.co_filename):
            caller = caller.f_back
        if (
            self.catch is not None
            and caller is not None
            and self.wants_exception(caller, (RecursionError, error, None))
        ):
            self.catch = None
            self.user_exception(caller, (RecursionError, error, None))
        sys.setprofile(self.unwinding)  # the raise below switches tracing off: switch it on when the stack is back
        self.raising = True
        raise error

    def unwinding(self, frame, event, arg):
        if event == "return" and self.limit is not None and frame_depth(frame) < self.limit - RECURSION_HEADROOM:
            sys.setprofile(None)
            sys.setrecursionlimit(self.limit)
            self.limit = None
            self.trace_frames(frame.f_back)
            sys.settrace(self.trace_dispatch)

    def wants_exception(self, frame, exc_info):
        exc_type, exc_value = exc_info[0], exc_info[1]
        if exc_value is self.seen_exception or not isinstance(exc_type, type):
            return False
        if issubclass(exc_type, QUIET_EXCEPTIONS) or is_hidden(frame.f_code.co_filename):
            return False
        if self.catch["types"]:
            names = set(c.__name__ for c in exc_type.__mro__)
            if not names.intersection(self.catch["types"]):
                return False
        return self.catch["anywhere"] or not is_library(frame.f_code.co_filename)

    # -- stops ---------------------------------------------------------------------------------------------

    def user_call(self, frame, argument_list):
        pass  # stepping into a function stops at its first line, not at the call

    def user_line(self, frame):
        if self.pause_requested:
            reason, extra = "paused", {}
        elif self.currentbp:
            bp = bdb.Breakpoint.bpbynumber[self.currentbp]
            reason, extra = "breakpoint", {"bp": self.currentbp, "hits": bp.hits if bp else None}
            if self.currentbp in CONDITION_ERRORS:
                extra["cond_error"] = CONDITION_ERRORS.pop(self.currentbp)
        elif self.entering:
            reason, extra = "entry", {}
        else:
            reason, extra = "step", {}
        self.entering = False
        self.interaction(frame, None, reason, extra)

    def user_return(self, frame, return_value):
        leaving = self.propagating
        if return_value is None and leaving is not None and leaving[0] is frame and not returns_or_yields(frame):
            # an exception leaves the frame: Python's `return` event carries None then, not a value
            self.interaction(frame, None, "unwinding", {"exception": describe_exception(leaving[1])})
            return
        self.interaction(frame, None, "return", {"value": safe_repr(return_value, VALUE_LIMIT)})

    def user_exception(self, frame, exc_info):
        self.seen_exception = exc_info[1]
        self.interaction(frame, None, "exception", {"exception": describe_exception(exc_info[1])})

    def on_pause(self, signum, frame):
        """SIGUSR1 from the server: interrupt an evaluation, or stop the running program where it is."""
        evaluating = self.evaluating
        if evaluating is not None:
            if evaluating == thread_ident():
                raise EvalInterrupted()
            async_raise(evaluating, EvalInterrupted)
            return
        if self.stack or os.getpid() != self.pid:  # stopped already (or a forked child): nothing to interrupt
            return
        self.trace_frames(frame)
        if frame is None or is_hidden(frame.f_code.co_filename) or frame.f_code.co_filename == bdb.__file__:
            # inside the debugger's own code: stop at the next line the program runs
            self.pause_requested = self.anywhere = True
            self.set_step()
            sys.settrace(self.trace_dispatch)
            return
        # stop right here, even in the middle of a blocking call (time.sleep goes on when resumed)
        sys.settrace(None)
        self.anywhere = True
        try:
            self.interaction(frame, None, "paused", {})
        finally:
            if not self.tracing_off:
                sys.settrace(self.trace_dispatch)

    def trace_frames(self, frame):
        f = frame
        while f is not None and f is not self.botframe:
            f.f_trace = self.trace_dispatch
            _trace_lines(f, True)
            f = f.f_back

    # -- talking to the server -----------------------------------------------------------------------------

    def interaction(self, frame, tb, reason, extra):
        if os.getpid() != self.pid:  # a forked child: let it run untraced
            self.forget_in_child()
            return
        with self.lock:
            if reason == "breakpoint" and not self.breakpoint_exists(extra.get("bp")):
                return  # another thread's stop meanwhile cleared it: this thread runs on
            self.talk(frame, tb, reason, extra)

    def breakpoint_exists(self, number):
        bps = bdb.Breakpoint.bpbynumber
        return number is not None and 0 < number < len(bps) and bps[number] is not None

    def forget_in_child(self):
        self.clear_all_breaks()
        self.catch = self.entry = None
        self._set_stopinfo(self.botframe, None, -1)
        sys.settrace(None)
        threading.settrace(None)

    def talk(self, frame, tb, reason, extra):
        self.pause_requested = self.entering = False
        self.currentbp = 0
        self.setup_stack(frame, tb)
        event = {"type": "stop", "reason": reason}
        event.update(extra)
        event.update(self.where())
        self.channel.send(event)
        while True:
            message = self.channel.recv()
            if message is None:  # the server is gone: nobody can ever resume us
                os._exit(1)
            cmd = message.get("cmd")
            if cmd in RESUME and tb is None:
                error = self.resume(cmd, message)
                if error is None:
                    break
                self.channel.send({"type": "result", "id": message.get("id"), "ok": False, "error": error})
                continue
            if cmd in RESUME or cmd == "quit":  # resuming from a crash: the program ends
                break
            try:
                reply = self.inspect(cmd, message)
                reply["ok"] = True
            except CommandError as e:
                reply = {"ok": False, "error": str(e)}
                if e.interrupted:
                    reply["interrupted"] = True
            reply.update({"type": "result", "id": message.get("id")})
            self.channel.send(reply)
        self.frame_locals = {}
        self.stack = []

    def setup_stack(self, frame, tb):
        stack, _ = self.get_stack(frame, tb)
        self.stack = [(f, n) for f, n in stack if f is not self.botframe and not is_hidden(f.f_code.co_filename)]
        if not self.stack:  # only our own frames: show the innermost anyway
            self.stack = stack[-1:]
        self.index = len(self.stack) - 1
        for f, _ in self.stack:
            _trace_lines(f, True)

    @property
    def frame(self):
        return self.stack[self.index][0]

    def locals_of(self, frame):
        # one snapshot per stop: writes by `print 'x = 1'` must survive until the frame resumes
        if id(frame) not in self.frame_locals:
            self.frame_locals[id(frame)] = frame.f_locals
        return self.frame_locals[id(frame)]

    def frame_info(self, frame, lineno):
        filename = frame.f_code.co_filename
        return {
            "file": os.path.abspath(filename) if not filename.startswith("<") else filename,
            "line": lineno,
            "func": frame.f_code.co_name,
            "code": source_line(filename, lineno).strip(),
            "lib": is_library(filename),
        }

    def lines_around(self, filename, center, radius):
        lines = []
        for n in range(max(1, center - radius), center + radius + 1):
            text = linecache.getline(filename, n)
            if not text:
                break
            lines.append([n, text.rstrip("\n")])
        return lines

    def where(self):
        frame, lineno = self.stack[self.index]
        return {
            "frame": self.frame_info(frame, lineno),
            "depth": len(self.stack) - 1 - self.index,
            "context": self.lines_around(frame.f_code.co_filename, lineno, CONTEXT),
        }

    def resume(self, cmd, message):
        frame = self.frame
        self.anywhere = bool(message.get("anywhere"))
        if cmd == "continue":
            self.set_continue()
        elif cmd == "step":
            self.set_step()
        elif cmd == "next":
            self.set_next(frame)
        elif cmd == "return":
            self.set_return(frame)
        elif cmd == "until":
            line = message.get("line")
            if line is not None and line <= frame.f_lineno:
                return "until needs a line after the current one ({})".format(frame.f_lineno)
            self.set_until(frame, line)
        elif cmd == "run-to-exception":
            self.catch = {"types": message.get("types") or [], "anywhere": bool(message.get("anywhere"))}
            f = self.stack[-1][0]
            while f is not None and f is not self.botframe:
                if not f.f_trace:
                    f.f_trace = self.trace_dispatch
                f = f.f_back
            sys.settrace(self.trace_dispatch)
            self.set_continue()
        return None

    # -- inspection ----------------------------------------------------------------------------------------

    def inspect(self, cmd, message):
        """Run an inspection; the program's own code in it (expressions, __repr__) may not exit and is
        interrupted by the server's SIGUSR1 when it takes too long."""
        try:
            with NoExit():
                self.evaluating = thread_ident()
                try:
                    return self.command(cmd, message)
                finally:
                    self.evaluating = None
        except CommandError:
            raise
        except EvalInterrupted:
            raise CommandError("interrupted", interrupted=True)
        except ExitRefused as e:
            raise CommandError(str(e))
        except BaseException as e:  # exit(), KeyboardInterrupt: an error line, the program stays
            raise CommandError(describe_exception(e) + " (raised by the expression; the program keeps its state)")

    def command(self, cmd, message):
        if cmd == "print":
            return self.evaluate(message["expr"])
        if cmd == "locals":
            return {"vars": self.local_vars(self.frame)}
        if cmd == "stack":
            return {"frames": [self.frame_info(f, n) for f, n in self.stack], "index": self.index}
        if cmd in ("up", "down"):
            count = int(message.get("count") or 1)
            index = self.index - count if cmd == "up" else self.index + count
            if not 0 <= index < len(self.stack):
                raise CommandError("already at the {} frame".format("outermost" if cmd == "up" else "innermost"))
            self.index = index
            return self.where()
        if cmd == "where":
            return self.where()
        if cmd == "list":
            frame, lineno = self.stack[self.index]
            center = message.get("line") or lineno
            lines = self.lines_around(frame.f_code.co_filename, center, LIST_CONTEXT)
            if not lines:
                raise CommandError("line {} is past the end of {}".format(center, frame.f_code.co_filename))
            return {"file": self.frame_info(frame, lineno)["file"], "current": lineno, "lines": lines}
        if cmd == "break":
            return self.add_breakpoint(message["file"], message["line"], message.get("cond"))
        if cmd == "clear":
            return self.clear(message.get("target"), message.get("shown"))
        if cmd == "breaks":
            return {"breakpoints": self.breakpoints()}
        raise CommandError("unknown command {!r}".format(cmd))

    def evaluate(self, expr):
        frame = self.frame
        scope = self.locals_of(frame)
        try:
            code = compile(expr, "<print>", "eval")
            mode = "eval"
        except SyntaxError:
            try:
                code = compile(expr, "<print>", "exec")
                mode = "exec"
            except SyntaxError as e:
                raise CommandError("syntax error in {!r}: {}".format(expr, e.msg))
        if mode == "eval":  # one namespace, so that comprehensions and lambdas in EXPR see the frame's locals
            namespace = dict(frame.f_globals)
            namespace.update(scope)
            args = (namespace,)
        else:  # statements write to the frame's own locals
            args = (frame.f_globals, scope)
        try:
            value = eval(code, *args)
        except Exception as e:
            raise CommandError(describe_exception(e))
        if mode == "exec":
            return {"expr": expr, "executed": True}
        return {"expr": expr, "value": safe_repr(value, VALUE_LIMIT), "value_type": type(value).__name__}

    def local_vars(self, frame):
        scope = self.locals_of(frame)
        code = frame.f_code
        order = dict((name, i) for i, name in enumerate(code.co_varnames + code.co_cellvars + code.co_freevars))
        module_level = frame.f_globals is scope
        names = sorted(scope, key=lambda n: (order.get(n, len(order)), n))
        result = []
        for name in names:
            value = scope[name]
            if name.startswith("__") or (
                module_level and isinstance(value, (types.ModuleType, types.FunctionType, type))
            ):
                continue
            result.append([name, safe_repr(value, LOCAL_LIMIT)])
        return result

    # -- breakpoints ---------------------------------------------------------------------------------------

    def add_breakpoint(self, filename, lineno, cond):
        filename = self.canonic(filename)
        error = check_breakpoint(filename, lineno, cond)
        if error:
            raise CommandError(error)
        self.set_break(filename, lineno, cond=cond or None)
        bp = self.get_breaks(filename, lineno)[-1]
        return {"breakpoint": self.bp_info(bp), "breakpoints": self.breakpoints()}

    def clear(self, target, shown=None):
        if not target:
            self.clear_all_breaks()
            return {"cleared": "all", "breakpoints": []}
        if ":" in str(target):
            filename, _, line = str(target).rpartition(":")
            error = self.clear_break(self.canonic(filename), int(line))
        else:
            error = self.clear_bpbynumber(str(target))
        if error:  # bdb's words ("Breakpoint number 7 out of range") differ from ours before start
            raise CommandError("no breakpoint {}".format(shown or target))
        return {"cleared": target, "breakpoints": self.breakpoints()}

    def bp_info(self, bp):
        return {"number": bp.number, "file": bp.file, "line": bp.line, "cond": bp.cond, "hits": bp.hits}

    def breakpoints(self):
        return [self.bp_info(bp) for bp in bdb.Breakpoint.bpbynumber if bp]

    # -- running the target --------------------------------------------------------------------------------

    def run_target(self, target):
        """Run the program described by the server's init message; return its exit code."""
        kind, args = target["kind"], list(target["args"])
        self.reset()
        self.botframe = sys._getframe()  # everything the program runs is above this frame
        self.entering = True
        if kind == "module" and not module_exists(target["module"]):
            sys.stderr.write("No module named {}\n".format(target["module"]))
            return 1
        if not self.breaks:
            self.entry = self.find_entry(target)
        self._set_stopinfo(self.botframe, None, -1)
        if hasattr(signal, "SIGUSR1"):
            signal.signal(signal.SIGUSR1, self.on_pause)
        threading.settrace(self.trace_dispatch)  # breakpoints in the program's threads are hit too
        try:
            sys.settrace(self.trace_dispatch)
            if kind == "script":
                run_script(args[0], args)
            else:
                sys.argv = [target["module"]] + args
                runpy.run_module(target["module"], run_name="__main__", alter_sys=True)
        except SystemExit as e:
            return exit_code(e.code)
        except bdb.BdbQuit:
            return 1
        except Exception:
            exc_type, exc_value, tb = sys.exc_info()
            sys.settrace(None)
            while tb is not None and is_hidden(tb.tb_frame.f_code.co_filename):
                tb = tb.tb_next
            if tb is not None:  # else it never got going (e.g. a SyntaxError in the script): nothing to inspect
                self.interaction(None, tb, "uncaught", {"exception": describe_exception(exc_value)})
            traceback.print_exception(exc_type, exc_value, tb)
            return 1
        finally:
            sys.settrace(None)
            threading.settrace(None)
            self.entry = self.catch = None
        return 0

    def find_entry(self, target):
        if target["kind"] == "script":
            return (self.canonic(target["args"][0]), "<module>")
        if target.get("test_file"):
            return (self.canonic(target["test_file"]), target["test_function"]) if target.get("test_function") else None
        import importlib.util

        name = target["module"]
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations is not None:
            spec = importlib.util.find_spec(name + ".__main__")
        if spec is None or not spec.origin or not os.path.isfile(spec.origin):
            return None
        return (self.canonic(spec.origin), "<module>")


class CommandError(Exception):
    def __init__(self, message, interrupted=False):
        Exception.__init__(self, message)
        self.interrupted = interrupted


def frame_depth(frame):
    depth = 0
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


def _trace_lines(frame, on):
    try:
        frame.f_trace_lines = on
    except AttributeError:  # Python < 3.7: always on
        pass


def exit_code(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(str(code) + "\n")
    return 1


def module_exists(name):
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


def run_script(path, argv):
    import __main__

    main = types.ModuleType("__main__")
    main.__dict__.update({"__file__": path, "__builtins__": __builtins__, "__cached__": None, "__spec__": None})
    sys.modules["__main__"] = main
    sys.modules["_agent_debugger_tracer"] = __main__
    sys.argv = list(argv)
    with tokenize.open(path) as f:
        source = f.read()
    exec(compile(source, path, "exec", dont_inherit=True), main.__dict__)


def start(tracer, init):
    """Apply the server's init message: sys.path, breakpoints. Returns the reply."""
    target = init["target"]
    if target["kind"] == "script":
        sys.path.insert(0, os.path.dirname(os.path.abspath(target["args"][0])))
    else:
        sys.path.insert(0, os.getcwd())
    accepted, rejected = [], []
    for bp in init.get("breakpoints") or []:
        try:
            accepted.append(tracer.add_breakpoint(bp["file"], bp["line"], bp.get("cond"))["breakpoint"])
        except CommandError as e:
            rejected.append({"file": bp["file"], "line": bp["line"], "error": str(e)})
    return {
        "type": "ready",
        "pid": os.getpid(),
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "breakpoints": accepted,
        "rejected": rejected,
    }


def watch_forks(tracer):
    """A forked child runs on untraced and silent: it must never report or stop for the program."""

    def in_child():
        tracer.forget_in_child()
        tracer.channel.close_in_child()

    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=in_child)
    elif hasattr(os, "fork"):  # Python < 3.7
        fork = os.fork

        def traced_fork():
            pid = fork()
            if pid == 0:
                in_child()
            return pid

        os.fork = traced_fork


def main():
    if len(sys.argv) > 2:
        die_with_parent(int(sys.argv[2]))
    channel = Channel(int(sys.argv[1]))
    init = channel.recv()
    if init is None:
        return 1
    tracer = Tracer(channel)
    watch_forks(tracer)
    channel.send(start(tracer, init))
    try:
        code = tracer.run_target(init["target"])
    except ImportError as e:  # runpy: no such module
        sys.stderr.write(describe_exception(e) + "\n")
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    channel.send({"type": "exit", "code": code})
    return code


if __name__ == "__main__":
    globals()["__name__"] = "_agent_debugger_tracer"  # our frames must not look like the debuggee's __main__
    sys.exit(main())
