from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from lineproto import MAX_LINE, Client, LineServer, ProtocolError


@pytest.fixture
def server() -> Iterator[LineServer]:
    srv = LineServer()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=5)


@pytest.fixture
def client(server: LineServer) -> Iterator[Client]:
    c = Client(*server.server_address[:2])
    yield c
    c.close()


def raw_exchange(server: LineServer, data: bytes, replies: int) -> list[bytes]:
    """Send raw bytes, read `replies` CRLF-terminated lines back."""
    with socket.create_connection(server.server_address[:2], timeout=2) as sock:
        sock.sendall(data)
        buf = b""
        while buf.count(b"\r\n") < replies:
            chunk = sock.recv(1024)
            if not chunk:
                break
            buf += chunk
    return buf.split(b"\r\n")[:replies]


def test_set_get(client: Client) -> None:
    assert client.call("SET", "name", "ada") == "OK"
    assert client.call("GET", "name") == "ada"
    assert client.call("GET", "nobody") is None


def test_value_with_spaces(client: Client) -> None:
    assert client.call("SET", "greeting", "hello  there world") == "OK"
    assert client.call("GET", "greeting") == "hello  there world"


def test_unicode_values(client: Client) -> None:
    client.call("SET", "city", "Zürich ☃")
    assert client.call("GET", "city") == "Zürich ☃"
    assert client.call("KEYS", "ci") == ["city"]


def test_del(client: Client) -> None:
    client.call("SET", "a", "1")
    assert client.call("DEL", "a") == 1
    assert client.call("DEL", "a") == 0


def test_incr(client: Client) -> None:
    assert client.call("INCR", "hits") == 1
    assert client.call("INCR", "hits", "10") == 11
    assert client.call("INCR", "hits", "-2") == 9
    client.call("SET", "word", "abc")
    with pytest.raises(ProtocolError, match=r"^not an integer$"):
        client.call("INCR", "word")


def test_keys_prefix_sorted(client: Client) -> None:
    for key in ("user:2", "user:10", "group:1", "user:1"):
        client.call("SET", key, "x")
    assert client.call("KEYS", "user:") == ["user:1", "user:10", "user:2"]
    assert client.call("KEYS", "none") == []


@pytest.mark.parametrize(
    ("words", "message"),
    [(("SET", "lonely"), "usage: SET key value"), (("FLY", "away"), "unknown command 'FLY'")],
    ids=["set-usage", "unknown"],
)
def test_errors(client: Client, words: tuple[str, ...], message: str) -> None:
    with pytest.raises(ProtocolError) as info:
        client.call(*words)
    assert str(info.value) == message
    assert client.call("GET", "still-alive") is None


def test_lowercase_commands(client: Client) -> None:
    assert client.call("set", "k", "v") == "OK"
    assert client.call("get", "k") == "v"


def test_pipelined_requests(server: LineServer) -> None:
    replies = raw_exchange(server, b"SET a 1\r\nINCR a\r\nGET a\r\n", 3)
    assert replies == [b"+OK", b":2", b"$2"]


def test_partial_writes(server: LineServer) -> None:
    with socket.create_connection(server.server_address[:2], timeout=2) as sock:
        for piece in (b"SE", b"T k ", "välue".encode()[:2], "välue".encode()[2:], b"\r", b"\n"):
            sock.sendall(piece)
            time.sleep(0.02)
        assert sock.recv(64) == b"+OK\r\n"
    assert server.store.data == {"k": "välue"}


def test_client_reads_split_replies(server: LineServer, client: Client) -> None:
    client.call("SET", "long", "y" * 150)
    assert client.call("GET", "long") == "y" * 150
    assert client.call("KEYS", "") == ["long"]


def test_line_too_long(server: LineServer) -> None:
    replies = raw_exchange(server, b"SET k " + b"x" * (MAX_LINE + 10) + b"\r\n", 1)
    assert replies == [b"-ERR line too long"]
    assert server.store.data == {}


def test_longest_line_accepted(server: LineServer) -> None:
    line = b"SET k " + b"x" * (MAX_LINE - 6) + b"\r\n"
    assert raw_exchange(server, line, 1) == [b"+OK"]


def test_invalid_utf8(server: LineServer) -> None:
    replies = raw_exchange(server, b"SET k \xff\xfe\r\nGET k\r\n", 2)
    assert replies == [b"-ERR invalid utf-8", b"$-"]


def test_quit_closes(server: LineServer, client: Client) -> None:
    assert client.call("QUIT") == "BYE"
    with pytest.raises(ProtocolError, match="connection closed by server"):
        client.call("GET", "x")


def test_concurrent_incr(server: LineServer) -> None:
    def work() -> None:
        c = Client(*server.server_address[:2])
        try:
            for _ in range(50):
                c.call("INCR", "n")
        finally:
            c.close()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert server.store.data["n"] == "200"


def test_client_timeout(server: LineServer) -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        c = Client(*silent.getsockname()[:2], timeout=0.2)
        try:
            with pytest.raises(TimeoutError):
                c.call("GET", "x")
        finally:
            c.close()
