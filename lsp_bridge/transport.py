"""Sessions on stdio, and a Unix-socket daemon where every connection is its own session over one shared hub.

Incoming bytes go through `framing` (which resynchronises after bad frames) and `dispatch` (which answers malformed
messages); a framing problem or a client that stops reading its replies is logged, and never stalls other sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from lsp_bridge import framing, runtime
from lsp_bridge.dispatch import Dispatcher
from lsp_bridge.hub import Hub
from lsp_bridge.session import Session

log = logging.getLogger(__name__)
MAX_UNREAD = 64 * 1024 * 1024  # replies a daemon client may leave unread before its session is closed


class LoopWriter:
    """pygls writes replies from handler threads; hop onto the event loop before touching the stream.

    Replies go out in the order they were written: one written on the loop itself waits behind those handler threads
    queued before it (a `shutdown` answered on the loop went out before the reply to a request it had waited for)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, write: Callable[[bytes], Any], close: Callable[[], Any]):
        self._loop = loop
        self._write = write
        self._close = close
        self._thread = threading.get_ident()
        self._lock = threading.Lock()
        self._queued = 0  # writes handed to the loop and not yet done

    def write(self, data: bytes) -> None:
        with self._lock:
            if threading.get_ident() != self._thread or self._queued:
                self._queued += 1
                self._loop.call_soon_threadsafe(self._write_queued, data)
                return
        self._write(data)

    def _write_queued(self, data: bytes) -> None:
        with self._lock:
            self._queued -= 1
        self._write(data)

    def close(self) -> None:
        if threading.get_ident() == self._thread:
            self._close()
        else:
            self._loop.call_soon_threadsafe(self._close)


async def serve_session(session: Session, read: Callable[[int], Any]) -> None:
    """Feed the session every frame until the session ends, or until EOF; then answer what was asked before it."""
    dispatch = Dispatcher(session.protocol)
    async for event in framing.read_frames(read):
        dispatch(event)
        if session.ended:
            return
    if session.protocol.exit_task is not None:  # `exit` came before the end of the input: it ends the session
        await session.protocol.exit_task
        return
    if not await asyncio.get_running_loop().run_in_executor(None, session.protocol.wait_answered):
        log.warning(
            "a session's requests were unanswered %.0f s after its input ended", session.protocol.finish_seconds
        )
    await asyncio.sleep(0)  # let the replies the handler threads queued onto the loop go out


# ---- stdio


def _stdin_reader(loop: asyncio.AbstractEventLoop) -> Callable[[int], Any]:
    """Blocking reads of fd 0 in a thread (works for pipes, files and ttys alike)."""
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    fd = sys.stdin.fileno()

    def pump() -> None:
        while True:
            try:
                data = os.read(fd, framing.CHUNK)
            except OSError:
                data = b""
            loop.call_soon_threadsafe(queue.put_nowait, data)
            if not data:
                return

    threading.Thread(target=pump, name="lsp-bridge-stdin", daemon=True).start()
    return lambda n: queue.get()


def serve_stdio(hub: Hub) -> int:
    """One session on stdin/stdout; returns the exit code (0 after shutdown+exit)."""
    stdout = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else may write to fd 1 (stray prints would corrupt the stream)
    code = 1
    session: Session | None = None

    async def main() -> None:
        nonlocal code, session
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def end(rc: int) -> None:
            nonlocal code
            code = rc
            loop.call_soon_threadsafe(done.set)

        session = Session(hub, end)

        def write(data: bytes) -> None:
            with contextlib.suppress(BrokenPipeError, ValueError):
                stdout.write(data)
                stdout.flush()

        session.protocol.set_writer(LoopWriter(loop, write, stdout.flush), include_headers=False)
        task = asyncio.ensure_future(serve_session(session, _stdin_reader(loop)))
        loop.call_later(0.3, hub.serving.set)
        await asyncio.wait([task, asyncio.ensure_future(done.wait())], return_when=asyncio.FIRST_COMPLETED)

    try:
        asyncio.run(main())
    except (KeyboardInterrupt, BrokenPipeError):
        return code
    finally:
        hub.close()
    if code != 0:  # exit code 1, as LSP has it; and the one line every error gets
        print(f"lsp-bridge: {_unclean_end(session)}", file=sys.stderr)
    return code


def _unclean_end(session: Session | None) -> str:
    if session is not None and session.end_reason:
        return session.end_reason
    if session is None or not session.ended:
        shut_down = session is not None and session.protocol.shut_down
        return f"the client closed its input {'after shutdown' if shut_down else 'without shutdown'} and without exit"
    return "the client sent exit without shutdown"


# ---- daemon


def _alive(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(str(path))
            return True
        except OSError:
            return False


def serve_daemon(hub: Hub, path: Path) -> int:
    """Serve every connection on the Unix socket as its own session over the shared hub (pid in `<socket>.pid`)."""
    runtime.check_socket(path)
    if _alive(path):
        log.error("a daemon already listens on %s", path)
        return 3
    path.parent.mkdir(parents=True, exist_ok=True)
    pid_file = Path(f"{path}.pid")
    runtime.write_pid(pid_file)  # before the socket appears: whoever finds the socket finds the pid
    try:
        listener = runtime.bind_private(path)
    except BaseException:
        pid_file.unlink(missing_ok=True)
        raise
    bound = os.lstat(path)
    uid = os.getuid()

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, stop.set)

        async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peer = runtime.peer_uid(writer.get_extra_info("socket"))
            if peer not in (uid, 0):
                log.warning("refused a connection from uid %d", peer)
                writer.close()
                return

            def end(code: int) -> None:
                loop.call_soon_threadsafe(writer.close)

            session = Session(hub, end)
            session.peer = runtime.peer_pid(writer.get_extra_info("socket")) or session.peer

            def write(data: bytes) -> None:
                if writer.is_closing():
                    return
                writer.write(data)
                if writer.transport.get_write_buffer_size() > MAX_UNREAD:
                    log.warning("closed a session: its client left %d bytes of replies unread", MAX_UNREAD)
                    writer.transport.abort()  # close() would wait for the client to read them
                    session.end(1)

            session.protocol.set_writer(LoopWriter(loop, write, writer.close), include_headers=False)
            try:
                await serve_session(session, reader.read)
            except (ConnectionError, OSError) as e:
                log.info("a session's connection failed: %s", e)
            finally:
                session.end(0)
                writer.close()

        server = await asyncio.start_unix_server(connection, sock=listener, limit=framing.CHUNK)
        loop.call_later(0.3, hub.serving.set)
        log.info("lsp-bridge daemon on %s for %s", path, hub.index.root if hub.index else "?")
        async with server:
            await stop.wait()

    try:
        asyncio.run(main())
    finally:
        if runtime.same_file(path, bound):  # never remove a socket a newer daemon put there
            path.unlink()
        with contextlib.suppress(OSError):
            pid_file.unlink()
        hub.close()
    return 0
