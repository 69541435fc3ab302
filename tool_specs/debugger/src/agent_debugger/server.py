"""Session server: holds one debugging session between the CLI's commands.

Runs in the tool's own env (`python -m agent_debugger.server <session dir>`), listens on a Unix socket in the
session folder, starts the program under `tracer.py` with the repository's interpreter, relays commands to it
with a time limit, and captures the program's output. It exits when the program has ended (leaving
`final.json`), on `stop`, or after a long idle time.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

from agent_debugger import processes
from agent_debugger.sessions import LOG_CAP, LOG_HEAD, LOG_TAIL, Session, dropped_note, read_json, write_json

TRACER = Path(__file__).resolve().with_name("tracer.py")
RESUME = ("continue", "step", "next", "return", "until", "run-to-exception")
INSPECT = ("print", "locals", "stack", "up", "down", "where", "list", "break", "clear", "breaks")
INTERRUPT_GRACE = 2.0  # after a timed-out inspection is interrupted, how long its answer may take
READY_WITHIN = 3.0  # the least time `start` gives the interpreter to run the tracer and say `ready`
IDLE_LIMIT = float(os.environ.get("DEBUGGER_IDLE_LIMIT", "3600"))
OUTPUT_HEAD = 600
OUTPUT_TAIL = 1800
FLUSH_EVERY = 0.1  # past the log's cap, how often output reaches it


class OutputTap:
    """Reads the program's stdout+stderr into the session log; hands out what is new, cut to a readable size.

    The log keeps the first LOG_HEAD bytes and the latest LOG_TAIL or more, never more than LOG_CAP (a program
    that printed without end filled the disk at 1 GB/s). Past the cap, output reaches the log at most every
    FLUSH_EVERY seconds, its middle dropped in memory, so rewriting the log costs little however fast it comes.
    """

    def __init__(self, fd: int, log: Path):
        self.fd = fd
        os.set_blocking(fd, False)
        self.path = log
        self.log = log.open("a+b")  # read too: dropping the middle copies the log's head and tail
        self.logged = self.seen = self.log.tell()  # bytes in the log file; bytes of output it was given
        self.dropped = 0
        self.pending: deque[bytes] = deque()  # output past the cap, not yet in the log: its last LOG_TAIL bytes
        self.pending_size = 0
        self.flushed = time.monotonic()
        self.keep = True
        self.lock = threading.Lock()
        self.eof = False
        self._reset()
        threading.Thread(target=self._pump, daemon=True).start()

    def _reset(self) -> None:
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def _pump(self) -> None:
        while not self.eof:
            select.select([self.fd], [], [], FLUSH_EVERY if self.pending else 0.5)
            with self.lock:
                self._read_available()
                if time.monotonic() - self.flushed >= FLUSH_EVERY:
                    self._flush()

    def _read_available(self) -> None:
        while not self.eof:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self.eof = True
                self._flush()
                self.log.close()
                return
            self._log(data)
            self.total += len(data)
            room = OUTPUT_HEAD - len(self.head)
            if room > 0:
                self.head += data[:room]
                data = data[room:]
            self.tail += data
            del self.tail[:-OUTPUT_TAIL]

    def _log(self, data: bytes) -> None:
        if not self.keep:
            return
        self.seen += len(data)
        self.pending.append(data)
        self.pending_size += len(data)
        while self.pending_size - len(self.pending[0]) >= LOG_TAIL:
            self.pending_size -= len(self.pending.popleft())
        if self.logged + self.pending_size <= LOG_CAP or time.monotonic() - self.flushed >= FLUSH_EVERY:
            self._flush()

    def _flush(self) -> None:
        self.flushed = time.monotonic()
        if self.pending and self.keep:
            try:
                self._write_pending()
            except OSError:  # a full disk, a removed session folder: the log stops, the session goes on
                self.keep = False

    def _write_pending(self) -> None:
        """Past LOG_CAP, rewrite the log as its head, a note of what was dropped and its last LOG_TAIL bytes, swapped
        in atomically (`debugger output` may be reading the old one)."""
        pending = b"".join(self.pending)
        self.pending.clear()
        self.pending_size = 0
        if self.logged + len(pending) <= LOG_CAP:
            self.log.write(pending)
            self.log.flush()
            self.logged += len(pending)
        else:
            pending = pending[-LOG_TAIL:]
            fd, older = self.log.fileno(), LOG_TAIL - len(pending)
            head = os.pread(fd, LOG_HEAD, 0)
            tail = os.pread(fd, older, self.logged - older) if older else b""
            tmp = self.path.with_name(f".{self.path.name}.new")
            tmp.unlink(missing_ok=True)
            new = tmp.open("x+b")  # exclusive: never through a symlink
            self.dropped = self.seen - LOG_HEAD - LOG_TAIL
            new.write(head + dropped_note(self.dropped) + tail + pending)
            new.flush()
            tmp.replace(self.path)
            self.log.close()
            self.log, self.logged = new, new.tell()

    def forget(self) -> None:
        """Remove the log and keep nothing more in it (a start that failed)."""
        with self.lock:
            self.keep = False
            self.log.close()
            self.path.unlink(missing_ok=True)

    def drain(self, wait: float = 0.0) -> None:
        """Read what is there; with `wait`, until end of file or that many seconds."""
        deadline = time.monotonic() + wait
        while True:
            with self.lock:
                self._read_available()
            if self.eof or time.monotonic() >= deadline:
                return
            select.select([self.fd], [], [], 0.05)

    def take(self, log_path: Path) -> dict:
        with self.lock:
            self._read_available()
            self._flush()
            shown = len(self.head) + len(self.tail)
            text = self.head.decode(errors="replace")
            if self.total > shown:
                where = f"whole output: {log_path}"
                if self.dropped:
                    where = f"its start and end: {log_path} (`debugger output --all`; {self.dropped} bytes dropped)"
                text += f"\n[... {self.total - shown} characters cut; {where} ...]\n"
            text += self.tail.decode(errors="replace")
            result = {"text": text, "total": self.total, "cut": self.total - shown}
            self._reset()
        return result


class Debuggee:
    """The program under the debugger: its process, the socket to its tracer, and its output."""

    def __init__(self, python: str, cwd: str, env: dict, session: Session, token: str):
        parent, child = socket.socketpair()
        env = {**env, "PYTHONUNBUFFERED": "1", processes.TOKEN_ENV: token}
        self.token = token
        try:
            self.proc = subprocess.Popen(
                [python, str(TRACER), str(child.fileno()), str(os.getpid())],
                pass_fds=(child.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd=cwd,
                env=env,
                start_new_session=True,
            )
        finally:
            child.close()
        self.sock = parent
        self.events: queue.Queue[dict] = queue.Queue()
        assert self.proc.stdout is not None
        self.output = OutputTap(self.proc.stdout.fileno(), session.output)
        threading.Thread(target=self._read_events, daemon=True).start()

    def _read_events(self) -> None:
        try:
            with self.sock.makefile("rb") as reader:
                for line in reader:
                    self.events.put(json.loads(line))
        except OSError:  # ECONNRESET: the program died with our last message unread (`init` to a /bin/sh)
            pass
        finally:
            self.events.put({"type": "eof"})

    def send(self, message: dict) -> None:
        with contextlib.suppress(OSError):  # the program is gone; its eof event tells the rest
            self.sock.sendall(json.dumps(message).encode() + b"\n")

    def next_event(self, deadline: float) -> dict | None:
        try:
            return self.events.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def pending_event(self) -> dict | None:
        try:
            return self.events.get_nowait()
        except queue.Empty:
            return None

    def reap(self, exit_event: dict | None) -> dict:
        """Wait for the process to end after its last event; returns {"code": ..., "signal": ...}."""
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.proc.returncode
        self.output.drain(wait=1.0)
        if code < 0:
            return {"code": code, "signal": signal.Signals(-code).name}
        if exit_event is None:
            return {"code": code, "note": "the program ended without telling the debugger (os._exit or a crash)"}
        return {"code": exit_event.get("code", code)}

    def interrupt(self) -> None:
        """SIGUSR1: the tracer stops a running program where it is, or interrupts an evaluation."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.proc.pid, signal.SIGUSR1)

    def kill(self) -> None:
        """Kill the program and everything it started: its process group, orphans below us, setsid children."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        me = os.getpid()
        processes.kill_all(
            lambda: sorted(set(processes.descendants(me)) | set(processes.tagged(self.token))), keep=self.proc.pid
        )
        self.proc.wait()
        processes.reap_children()


class Server:
    def __init__(self, session: Session):
        self.session = session
        self.state = "starting"  # then "running", "stopped", "exited"
        self.debuggee: Debuggee | None = None
        self.stop_event: dict | None = None
        self.exit: dict | None = None
        self.info: dict = {}
        self.running_since = time.monotonic()
        self.finished = False
        self.remove_session = False
        self.busy: dict | None = None  # an inspection that could not be interrupted: the tracer is still at it
        self.ids = 0
        self.token = secrets.token_hex(16)
        self.child_exited = False

    # -- the loop ------------------------------------------------------------------------------------------

    def serve(self) -> None:
        session = self.session
        session.ensure()
        processes.become_subreaper()
        signal.signal(signal.SIGCHLD, self.on_child_exit)
        session.socket.unlink(missing_ok=True)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old_umask = os.umask(0o177)  # the socket is never accessible to others, not even for a moment
        try:
            listener.bind(str(session.socket))
        finally:
            os.umask(old_umask)
        listener.listen(16)
        write_json(session.server, {"pid": os.getpid(), "socket": str(session.socket), "token": self.token})
        last_request = time.monotonic()
        try:
            while not self.finished:
                readable, _, _ = select.select([listener], [], [], 0.25)
                if readable:
                    conn, _ = listener.accept()
                    with conn:
                        self.serve_connection(conn)
                    last_request = time.monotonic()
                else:
                    self.watch_background()
                    if self.child_exited:  # an orphan of the program (we are its subreaper) ended: reap it
                        self.child_exited = False
                        processes.reap_children(keep=self.debuggee.proc.pid if self.debuggee else None)
                    if time.monotonic() - last_request > (IDLE_LIMIT if self.debuggee else 60):
                        self.end_program(f"idle for {IDLE_LIMIT:.0f}s: the debugger ended the session")
        finally:
            listener.close()
            if self.debuggee:
                self.debuggee.kill()
                if not self.finished:  # SIGTERM ended the loop, not the program's end or `stop`: leave the news
                    self.exit = {
                        "code": None,
                        "note": "its session server was ended (SIGTERM), and the program with it",
                    }
                    self.finish({"background": True, "output": self.debuggee.output.take(session.output)})
            session.socket.unlink(missing_ok=True)
            session.server.unlink(missing_ok=True)
            if self.remove_session:
                shutil.rmtree(session.dir, ignore_errors=True)

    def on_child_exit(self, signum: int, frame: object) -> None:
        self.child_exited = True

    def serve_connection(self, conn: socket.socket) -> None:
        conn.settimeout(10)
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        if struct.unpack("3i", creds)[1] != os.getuid():  # only our own user talks to our sessions
            return
        try:
            with conn.makefile("rb") as reader:
                request = json.loads(reader.readline() or b"{}")
        except (OSError, ValueError):
            return
        try:
            response = self.handle(request)
        except Exception as e:  # report, keep serving: the session must survive one bad request
            response = {"ok": False, "error": f"internal error: {type(e).__name__}: {e}"}
        response.setdefault("ok", True)
        response.update(session=self.session.name, state=self.state, root=self.info.get("cwd"))
        if self.debuggee and "output" not in response:
            response["output"] = self.debuggee.output.take(self.session.output)
        if self.state == "exited":
            self.finish(response)
        with contextlib.suppress(OSError):  # the client gave up; final.json or the next answer carries the news
            conn.sendall(json.dumps(response).encode() + b"\n")

    def watch_background(self) -> None:
        """Notice a stop or the end of the program while no client is asking."""
        if self.take_death_while_stopped():
            self.finish({"background": True, "output": self.program.output.take(self.session.output)})
            return
        if (self.state != "running" and not self.busy) or not self.debuggee:
            return
        event = self.debuggee.pending_event()
        if event is not None:
            self.apply(event)
            if self.state == "exited":
                response = {"background": True, "output": self.debuggee.output.take(self.session.output)}
                self.finish(response)

    def finish(self, response: dict) -> None:
        """The program has ended: leave what the next command needs to know, then let the loop end."""
        final = {
            "exit": self.exit,
            "target": self.info.get("target"),
            "root": self.info.get("cwd"),
            "unreported": bool(response.get("background")),
            "output": response.get("output") if response.get("background") else None,
        }
        write_json(self.session.final, final)
        self.finished = True

    @property
    def program(self) -> Debuggee:
        if self.debuggee is None:
            raise RuntimeError("no program in this session")
        return self.debuggee

    # -- requests ------------------------------------------------------------------------------------------

    def handle(self, request: dict) -> dict:
        cmd = request.get("cmd")
        timeout = float(request.get("timeout") or 5)
        if cmd == "start":
            return self.start(request, timeout)
        if cmd == "stop":
            return self.stop()
        notice = self.catch_up()
        response = self.dispatch(str(cmd), request, timeout)
        if notice:
            response["notice"] = notice
        return response

    def take_death_while_stopped(self) -> bool:
        """A stopped program that is gone all the same (`kill -9` from outside): take its end, as when running."""
        if self.state != "stopped" or self.busy or not self.debuggee or self.debuggee.proc.poll() is None:
            return False
        deadline = time.monotonic() + 2  # the eof event follows at once: its reader thread is all that lags
        while self.state != "exited":
            self.apply(self.debuggee.next_event(deadline) or {"type": "eof"})
        return True

    def catch_up(self) -> str | None:
        """Apply events that arrived in the background; say what happened meanwhile."""
        if self.take_death_while_stopped():
            return "the program ended while you were away"
        if (self.state != "running" and not self.busy) or not self.debuggee:
            return None
        event = self.debuggee.pending_event()
        if event is None:
            return None
        self.apply(event)
        if event.get("type") == "result":
            return f"`{event.get('busy_cmd', 'the command')}` finished" if not self.busy else None
        if event.get("type") in ("exit", "eof"):
            return "the program ended while you were away"
        return "the program stopped while you were away" if event.get("type") == "stop" else None

    def dispatch(self, cmd: str, request: dict, timeout: float) -> dict:
        if cmd == "status":
            return self.status()
        if self.state == "exited":  # it ended just now, between our last look and this request
            return {**self.describe(), "ok": False, "error": f"no program is running in session {self.session.name!r}"}
        if self.busy:
            if cmd == "pause":
                return self.interrupt_busy(timeout)
            error = self.busy_text() + ": `debugger pause` interrupts it, `debugger stop` ends it"
            return {"ok": False, "error": error}
        if self.state == "running":
            if cmd == "continue":
                return self.wait(timeout)
            if cmd == "pause":
                self.program.interrupt()
                return self.wait(timeout)
            elapsed = time.monotonic() - self.running_since
            return {
                "ok": False,
                "error": f"the program is running ({elapsed:.1f}s): `debugger continue` waits for it to stop, "
                "`debugger pause` interrupts it, `debugger stop` ends it",
            }
        if cmd == "pause":
            return {"ok": False, "error": "the program is not running (it is stopped already)"}
        if cmd in RESUME:
            self.ids += 1
            self.program.send({**request, "id": self.ids})
            self.state, self.running_since = "running", time.monotonic()
            return self.wait(timeout, request_id=self.ids)
        if cmd in INSPECT:
            return self.inspect(request, timeout)
        return {"ok": False, "error": f"unknown command {cmd!r}"}

    def inspect(self, request: dict, timeout: float) -> dict:
        self.ids += 1
        self.program.send({**request, "id": self.ids})
        deadline = time.monotonic() + timeout
        interrupted = False
        while True:
            event = self.program.next_event(deadline)
            if event is None:
                if not interrupted:  # too slow: interrupt it, keep the stop
                    interrupted = True
                    self.program.interrupt()
                    deadline = time.monotonic() + INTERRUPT_GRACE
                    continue
                shown = request["cmd"] + (f" {request['expr']}" if request.get("expr") else "")
                self.busy = {"cmd": shown, "id": self.ids, "since": time.monotonic() - timeout}
                return {
                    "ok": False,
                    "error": f"`{request['cmd']}` did not finish within {timeout:g}s and "
                    + ("could not be interrupted; " + self.busy_text()),
                }
            if event.get("type") == "result":
                if event.get("id") != self.ids:
                    continue  # the late answer to a request that timed out
                if event.get("interrupted"):
                    return {
                        "ok": False,
                        "error": f"`{request['cmd']}` did not finish within {timeout:g}s: interrupted; "
                        "the program is still stopped where it was",
                    }
                return self.result(event)
            self.apply(event)
            return self.describe()

    def busy_text(self) -> str:
        busy = self.busy or {}
        return f"the program is still evaluating `{busy.get('cmd')}` ({time.monotonic() - busy.get('since', 0):.1f}s)"

    def interrupt_busy(self, timeout: float) -> dict:
        busy = self.busy or {}
        self.program.interrupt()
        deadline = time.monotonic() + timeout
        while self.busy:
            event = self.program.next_event(deadline)
            if event is None:
                return {"ok": False, "error": self.busy_text() + " and does not react: `debugger stop` ends it"}
            self.apply(event)
            if self.state == "exited":
                return self.describe()
        return {**self.describe(), "notice": f"interrupted `{busy.get('cmd')}`"}

    def result(self, event: dict) -> dict:
        if "breakpoints" in event:
            self.save_breakpoints(event["breakpoints"])
        if not event.get("ok"):
            return {"ok": False, "error": event.get("error", "failed")}
        result = {k: v for k, v in event.items() if k not in ("type", "id", "ok")}
        return {"result": result}

    def wait(self, timeout: float, request_id: int | None = None) -> dict:
        """Wait for the running program to stop or end, at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while self.state == "running":
            event = self.program.next_event(deadline)
            if event is None:
                return {"running": round(time.monotonic() - self.running_since, 2), "timeout": timeout}
            if event.get("type") == "result" and request_id is not None and event.get("id") == request_id:
                self.state = "stopped"  # the tracer refused the command (e.g. `until` a line behind us)
                return {"ok": False, "error": event.get("error")}
            self.apply(event)
        return self.describe()

    def apply(self, event: dict) -> None:
        kind = event.get("type")
        if kind == "stop":
            self.state, self.stop_event, self.busy = "stopped", event, None
        elif kind == "result" and self.busy and event.get("id") == self.busy["id"]:
            event["busy_cmd"] = self.busy["cmd"]  # the late answer to an inspection that timed out
            self.busy = None
        elif kind == "ready":
            self.info.update(python=event["python"], executable=event["executable"], pid=event["pid"])
            self.save_breakpoints(event["breakpoints"])
            self.info["rejected"] = event["rejected"]
        elif kind in ("exit", "eof"):
            self.exit = self.program.reap(event if kind == "exit" else None)
            self.state, self.stop_event = "exited", None

    def describe(self) -> dict:
        if self.state == "stopped":
            return {"stop": self.stop_event}
        if self.state == "exited":
            return {"exit": self.exit}
        return {"running": round(time.monotonic() - self.running_since, 2)}

    def status(self) -> dict:
        breakpoints = read_json(self.session.breakpoints, [])
        response = {**self.describe(), "status": {**self.info, "breakpoints": breakpoints}}
        if self.busy:
            response["busy"] = self.busy_text()
        return response

    def save_breakpoints(self, breakpoints: list[dict]) -> None:
        write_json(self.session.breakpoints, [{k: b[k] for k in ("file", "line", "cond")} for b in breakpoints])

    # -- start and stop ------------------------------------------------------------------------------------

    def start(self, request: dict, timeout: float) -> dict:
        if self.debuggee:
            return {"ok": False, "error": "this session has a program already"}
        target, cwd = request["target"], request["cwd"]
        self.info = {"target": request["argv"], "cwd": cwd, "python": None, "executable": request["python"]}
        try:
            self.debuggee = Debuggee(request["python"], cwd, request["env"], self.session, self.token)
        except OSError as e:
            self.finished = True
            return {"ok": False, "error": f"cannot run {request['python']}: {e.strerror or e}"}
        self.state, self.running_since = "running", time.monotonic()
        write_json(
            self.session.server,
            {
                "pid": os.getpid(),
                "socket": str(self.session.socket),
                "token": self.token,
                "debuggee": self.debuggee.proc.pid,
                **self.info,
            },
        )
        breakpoints = read_json(self.session.breakpoints, [])
        self.debuggee.send({"cmd": "init", "target": target, "breakpoints": breakpoints})
        response = self.wait(timeout)
        within = max(timeout, READY_WITHIN)  # a short --timeout is for the program, not for Python's own start
        while (
            self.state == "running" and not self.info.get("python") and time.monotonic() < self.running_since + within
        ):
            response = self.wait(0.05)
        origin = request.get("python_origin") or request["python"]
        if self.state == "exited" and not self.info.get("python"):  # it ended before the tracer said `ready`
            return self.not_an_interpreter(origin)
        if not self.info.get("python"):  # `--python yes`, a script that sleeps: it never ran the tracer
            self.program.kill()
            return self.no_debugger(origin, f"did not start the debugger within {within:g}s, so it was killed")
        rejected = self.info.pop("rejected", None)
        if rejected:
            response["rejected"] = rejected
        response["status"] = dict(self.info)
        return response

    def not_an_interpreter(self, origin: str) -> dict:
        """The interpreter never ran the debugger's part (/bin/false, a shell, a Python older than 3.5): no session."""
        exit = self.exit or {}
        why = f"killed by {exit['signal']}" if exit.get("signal") else f"exited with code {exit.get('code')}"
        return self.no_debugger(origin, f"could not run the debugger (is it Python 3.5 or later?): it {why} at once")

    def no_debugger(self, origin: str, what: str) -> dict:
        """The start's one error line when the interpreter never ran the tracer; the session stays as it was."""
        said = [line.strip() for line in self.program.output.take(self.session.output)["text"].splitlines()]
        self.program.output.forget()  # `yes` writes 400 MB a second: keep none of it
        last = next((line for line in reversed(said) if line), "")
        if len(last) > 200:
            last = last[:200] + "..."
        self.state, self.finished = "starting", True  # no program, no final.json
        return {"ok": False, "error": f"{origin} {what}" + (f", saying: {last}" if last else ", saying nothing")}

    def stop(self) -> dict:
        response: dict = {"stopped": True}
        notice = self.catch_up()
        if notice and self.state == "exited":  # it ended on its own first (`kill -9`): say so, as `status` would
            response.update(notice=notice, exit=self.exit)
        if self.debuggee:
            self.debuggee.kill()
            self.debuggee.output.drain(wait=0.5)
            response["output"] = self.debuggee.output.take(self.session.output)
        self.state, self.finished, self.remove_session = "exited", True, True
        return response

    def end_program(self, why: str) -> None:
        self.exit = {"code": None, "note": why}
        self.state = "exited"
        output = None
        if self.debuggee:
            self.debuggee.kill()
            output = self.debuggee.output.take(self.session.output)
        self.finish({"background": True, "output": output})


def main() -> None:
    session_dir = Path(sys.argv[1])
    server = Server(Session(session_dir.name, session_dir))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server.serve()


if __name__ == "__main__":
    main()
