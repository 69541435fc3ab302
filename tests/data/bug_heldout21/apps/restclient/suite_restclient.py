from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest
from restclient import ApiError, ApiTimeout, ApiUnavailable, Client, NotFound, Unauthorized


class Handler(BaseHTTPRequestHandler):
    server: ScriptedServer

    def log_message(self, format: str, *args: object) -> None:
        pass

    def reply(self, status: int, payload: object = None, headers: dict[str, str] | None = None) -> None:
        body = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        self.server.seen.append(f"{self.command} {self.path}")
        if url.path == "/echo":
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length)) if length else None
            headers = {k.lower(): v for k, v in self.headers.items() if k.lower() in ("accept", "authorization")}
            self.reply(200, {"method": self.command, "query": parse_qs(url.query), "body": body, "headers": headers})
        elif url.path == "/flaky":
            self.server.calls += 1
            if self.server.calls <= self.server.failures:
                self.reply(503, {"error": "busy"}, {"Retry-After": self.server.retry_after})
            else:
                self.reply(200, {"calls": self.server.calls})
        elif url.path == "/slow":
            time.sleep(0.6)
            self.reply(200, {"slow": True})
        elif url.path == "/old":
            self.reply(301, None, {"Location": "/echo?moved=1"})
        elif url.path == "/private":
            if self.headers.get("Authorization") == "Bearer s3cret":
                self.reply(200, {"secret": 42})
            else:
                self.reply(401, {"error": "bad token"})
        elif url.path == "/teapot":
            self.reply(418, {"error": "short and stout"})
        elif url.path == "/plain-error":
            body = b"upstream exploded"
            self.send_response(500)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.reply(404, {"error": f"no route {url.path}"})

    do_POST = do_GET


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.seen: list[str] = []
        self.calls = 0
        self.failures = 0
        self.retry_after = "0"

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that timed out is not a server error
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=5)


@pytest.fixture
def client(server: ScriptedServer) -> Client:
    host, port = server.server_address[:2]
    return Client(f"http://{host!s}:{port}/", timeout=2.0, sleep=lambda s: None)


def test_url_building(client: Client) -> None:
    base = client.base_url.rstrip("/")
    assert client.url("/echo") == f"{base}/echo"
    assert client.url("echo", {"q": "a b", "tag": ["x", "y"], "skip": None}) == f"{base}/echo?q=a+b&tag=x&tag=y"


def test_get_with_params(client: Client) -> None:
    data = client.get("/echo", q="café", n=3)
    assert data == {
        "method": "GET",
        "query": {"q": ["café"], "n": ["3"]},
        "body": None,
        "headers": {"accept": "application/json"},
    }


def test_post_json_body(client: Client) -> None:
    data = client.post("/echo", {"name": "x", "n": [1, 2]})
    assert data["method"] == "POST"  # type: ignore[index]
    assert data["body"] == {"name": "x", "n": [1, 2]}  # type: ignore[index]


def test_bearer_token(server: ScriptedServer, client: Client) -> None:
    client.token = "s3cret"
    assert client.get("/private") == {"secret": 42}


def test_unauthorized(client: Client) -> None:
    client.token = "wrong"
    with pytest.raises(Unauthorized) as info:
        client.get("/private")
    assert (info.value.status, info.value.message) == (401, "bad token")


def test_not_found(client: Client) -> None:
    with pytest.raises(NotFound) as info:
        client.get("/nowhere")
    assert str(info.value) == "404: no route /nowhere"


def test_other_status_is_api_error(client: Client) -> None:
    with pytest.raises(ApiError) as info:
        client.get("/teapot")
    assert type(info.value) is ApiError
    assert str(info.value) == "418: short and stout"


def test_plain_text_error(client: Client) -> None:
    with pytest.raises(ApiError, match=r"^500: upstream exploded$"):
        client.get("/plain-error")


def test_retries_then_succeeds(server: ScriptedServer, client: Client) -> None:
    server.failures = 2
    assert client.get("/flaky") == {"calls": 3}
    assert client.slept == [0.01, 0.02]


def test_retry_after_header(server: ScriptedServer, client: Client) -> None:
    server.failures, server.retry_after = 1, "3"
    assert client.get("/flaky") == {"calls": 2}
    assert client.slept == [3.0]


def test_retries_exhausted(server: ScriptedServer, client: Client) -> None:
    server.failures = 5
    with pytest.raises(ApiError, match=r"^503: busy$"):
        client.get("/flaky")
    assert server.calls == 3
    assert len(client.slept) == 2


def test_no_retries(server: ScriptedServer, client: Client) -> None:
    server.failures = 1
    client.retries = 0
    with pytest.raises(ApiError, match=r"^503: busy$"):
        client.get("/flaky")
    assert server.calls == 1


def test_timeout(client: Client) -> None:
    client.timeout = 0.2
    start = time.monotonic()
    with pytest.raises(ApiTimeout, match=r"^GET /slow timed out after 0.2s$"):
        client.get("/slow")
    assert time.monotonic() - start < 0.5


def test_slow_within_timeout(client: Client) -> None:
    assert client.get("/slow") == {"slow": True}


def test_redirect_followed(server: ScriptedServer, client: Client) -> None:
    resp = client.request("GET", "/old")
    assert resp.status == 200
    assert resp.url.endswith("/echo?moved=1")
    assert server.seen == ["GET /old", "GET /echo?moved=1"]


def test_connection_refused() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = Client(f"http://127.0.0.1:{port}", retries=1, sleep=lambda s: None)
    with pytest.raises(ApiUnavailable, match="Connection refused"):
        client.get("/x")
    assert client.slept == [0.01]
