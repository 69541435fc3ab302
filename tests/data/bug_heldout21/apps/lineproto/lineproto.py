"""A line-based key-value protocol over TCP on socketserver, and its client.

Requests are UTF-8 lines ending in \\r\\n: SET key value | GET key | DEL key | INCR key [by] | KEYS prefix | QUIT.
Replies: +OK, -ERR message, $value (or $- when missing), :integer, *count followed by count lines.
"""

from __future__ import annotations

import socket
import socketserver
import threading

MAX_LINE = 256
ENCODING = "utf-8"


class ProtocolError(Exception):
    pass


class Store:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.lock = threading.Lock()

    def execute(self, line: str) -> str:
        cmd, _, rest = line.partition(" ")
        cmd = cmd.upper()
        with self.lock:
            if cmd == "SET":
                key, sep, value = rest.partition(" ")
                if not key or not sep:
                    return "-ERR usage: SET key value"
                self.data[key] = value
                return "+OK"
            if cmd == "GET":
                return f"${self.data[rest]}" if rest in self.data else "$-"
            if cmd == "DEL":
                return f":{int(self.data.pop(rest, None) is not None)}"
            if cmd == "INCR":
                key, _, by = rest.partition(" ")
                try:
                    value = int(self.data.get(key, "0")) + int(by or "1")
                except ValueError:
                    return "-ERR not an integer"
                self.data[key] = str(value)
                return f":{value}"
            if cmd == "KEYS":
                keys = sorted(k for k in self.data if k.startswith(rest))
                return "\r\n".join([f"*{len(keys)}", *keys])
        return f"-ERR unknown command {cmd!r}"


class Handler(socketserver.StreamRequestHandler):
    server: LineServer
    timeout = 5
    wbufsize = 8192  # buffered: send() flushes each reply

    def handle(self) -> None:
        while True:
            raw = self.rfile.readline(MAX_LINE + 2)
            if not raw:
                return
            if not raw.endswith(b"\n"):
                self.send("-ERR line too long")
                return
            try:
                line = raw.decode(ENCODING).rstrip("\r\n")
            except UnicodeDecodeError:
                self.send("-ERR invalid utf-8")
                continue
            if line.upper() == "QUIT":
                self.send("+BYE")
                return
            self.send(self.server.store.execute(line))

    def send(self, reply: str) -> None:
        self.wfile.write(reply.encode(ENCODING) + b"\r\n")
        self.wfile.flush()


class LineServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int] = ("127.0.0.1", 0)) -> None:
        super().__init__(address, Handler)
        self.store = Store()


class Client:
    def __init__(self, host: str, port: int, timeout: float = 2.0) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.buffer = b""

    def close(self) -> None:
        self.sock.close()

    def readline(self) -> str:
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(64)
            if not chunk:
                raise ProtocolError("connection closed by server")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        return line.decode(ENCODING)

    def call(self, *words: str) -> object:
        self.sock.sendall(" ".join(words).encode(ENCODING) + b"\r\n")
        return self.reply()

    def reply(self) -> object:
        line = self.readline()
        kind, body = line[:1], line[1:]
        if kind == "+":
            return body
        if kind == "-":
            raise ProtocolError(body.removeprefix("ERR "))
        if kind == ":":
            return int(body)
        if kind == "$":
            return None if body == "-" else body
        if kind == "*":
            return [self.readline() for _ in range(int(body))]
        raise ProtocolError(f"bad reply {line!r}")
