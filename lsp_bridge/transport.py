"""JSON-RPC framing for sessions: stdio, and a Unix-socket daemon where every connection is its own session.

Unlike pygls' own loop, malformed input (bad JSON, not a request, bad params) is answered with a JSON-RPC
error and the session keeps serving.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from pygls.exceptions import JsonRpcException

from lsp_bridge.hub import Hub
from lsp_bridge.session import Session

log = logging.getLogger(__name__)
MAX_BODY = 256 * 1024 * 1024


class LoopWriter:
    """pygls writes replies from handler threads; hop onto the event loop before touching the stream."""

    def __init__(self, loop: asyncio.AbstractEventLoop, write: Callable[[bytes], Any], close: Callable[[], Any]):
        self._loop = loop
        self._write = write
        self._close = close
        self._thread = threading.get_ident()

    def write(self, data: bytes) -> None:
        if threading.get_ident() == self._thread:
            self._write(data)
        else:
            self._loop.call_soon_threadsafe(self._write, data)

    def close(self) -> None:
        if threading.get_ident() == self._thread:
            self._close()
        else:
            self._loop.call_soon_threadsafe(self._close)


def _error(protocol, msg_id: Any, code: int, message: str) -> None:
    protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})


async def read_messages(session: Session, readline, readexactly) -> None:
    """Feed framed messages to the session until EOF or until it ends."""
    protocol = session.protocol
    while not session.ended:
        length = None
        while True:
            line = await readline()
            if not line:
                return
            if not line.strip():
                break
            name, _, value = line.decode("ascii", "replace").partition(":")
            if name.strip().lower() == "content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    length = None
        if length is None or not 0 <= length <= MAX_BODY:
            _error(protocol, None, -32700, "Parse error: missing or invalid Content-Length header")
            continue
        try:
            body = await readexactly(length)
        except asyncio.IncompleteReadError:
            return
        if len(body) < length:
            return
        dispatch(protocol, body)


def dispatch(protocol, body: bytes) -> None:
    try:
        data = json.loads(body)
    except ValueError as e:
        _error(protocol, None, -32700, f"Parse error: {e}")
        return
    msg_id = data.get("id") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("jsonrpc") != "2.0"
        or ("method" in data and not isinstance(data["method"], str))
        or ("method" not in data and "id" not in data)
    ):
        _error(protocol, msg_id if isinstance(msg_id, (int, str)) else None, -32600, "Invalid Request")
        return
    is_request = "method" in data and "id" in data
    try:
        message = protocol.structure_message(data)
    except JsonRpcException as e:
        if is_request:
            _error(protocol, msg_id, e.code, f"{e.message or 'Invalid params'} for {data['method']}")
        return
    try:
        protocol.handle_message(message)
    except Exception as e:
        log.exception("failed to handle %s", data.get("method"))
        if is_request:
            _error(protocol, msg_id, -32603, f"Internal error: {e}")


# ---- stdio


def serve_stdio(hub: Hub) -> int:
    """One session on stdin/stdout; returns the exit code (0 after shutdown+exit)."""
    from concurrent.futures import ThreadPoolExecutor

    from pygls.io_ import StdinAsyncReader

    stdout = sys.stdout.buffer
    # nothing else may write to fd 1 (stray prints would corrupt the stream)
    sys.stdout = sys.stderr
    code = 1

    async def main() -> None:
        nonlocal code
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def end(rc: int) -> None:
            nonlocal code
            code = rc
            loop.call_soon_threadsafe(done.set)

        session = Session(hub, end)

        def write(data: bytes) -> None:
            stdout.write(data)
            stdout.flush()

        session.protocol.set_writer(LoopWriter(loop, write, stdout.flush))
        reader = StdinAsyncReader(sys.stdin.buffer, ThreadPoolExecutor(1, "lsp-bridge-stdin"))
        task = asyncio.ensure_future(read_messages(session, reader.readline, reader.readexactly))
        loop.call_later(0.3, hub.serving.set)
        await asyncio.wait([task, asyncio.ensure_future(done.wait())], return_when=asyncio.FIRST_COMPLETED)

    try:
        asyncio.run(main())
    except (KeyboardInterrupt, BrokenPipeError):
        pass
    finally:
        hub.close()
    return code


# ---- daemon


def socket_alive(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(str(path))
            return True
        except OSError:
            return False


def serve_daemon(hub: Hub, path: Path) -> int:
    """Serve every connection on the Unix socket as its own session over the shared hub (pid in `<socket>.pid`)."""
    if socket_alive(path):
        log.error("a daemon already listens on %s", path)
        return 3
    path.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    pid_file = Path(f"{path}.pid")

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)

        async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            def end(code: int) -> None:
                loop.call_soon_threadsafe(writer.close)

            session = Session(hub, end)
            session.protocol.set_writer(LoopWriter(loop, writer.write, writer.close))
            try:
                await read_messages(session, reader.readline, reader.readexactly)
            except (ConnectionError, OSError):
                pass
            finally:
                session.end(0)
                writer.close()

        server = await asyncio.start_unix_server(connection, path=str(path), limit=2**20)
        os.chmod(path, 0o600)
        pid_file.write_text(f"{os.getpid()}\n")
        loop.call_later(0.3, hub.serving.set)
        log.info("lsp-bridge daemon on %s for %s", path, hub.index.root if hub.index else "?")
        async with server:
            await stop.wait()

    try:
        asyncio.run(main())
    finally:
        path.unlink(missing_ok=True)
        pid_file.unlink(missing_ok=True)
        hub.close()
    return 0
