from __future__ import annotations

import base64
import http.client
import json
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from http.cookies import SimpleCookie

import pytest
from sessions import AuthError, AuthServer, Signer, b64decode, b64encode, parse_basic

START = datetime(2026, 3, 1, 12, 0, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def server(clock: Clock) -> Iterator[AuthServer]:
    srv = AuthServer(b"test-key", clock)
    srv.add_user("ada", "lovelace")
    srv.add_user("zoë", "pä:ss")
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=5)


def call(
    srv: AuthServer, method: str, path: str, headers: dict[str, str]
) -> tuple[int, http.client.HTTPMessage, object]:
    conn = http.client.HTTPConnection(*srv.server_address[:2], timeout=5)
    try:
        conn.request(method, path, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.headers, json.loads(resp.read())
    finally:
        conn.close()


def basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def login(srv: AuthServer, user: str = "ada", password: str = "lovelace") -> str:
    status, headers, body = call(srv, "POST", "/login", basic(user, password))
    assert (status, body) == (200, {"user": user})
    cookie = SimpleCookie(headers["Set-Cookie"])
    return cookie["sid"].value


def test_b64_roundtrip() -> None:
    for raw in (b"", b"a", b"ab", b"abc", b"\xff\xfe\xfd\xfc"):
        text = b64encode(raw)
        assert "=" not in text
        assert b64decode(text) == raw


def test_token_roundtrip(clock: Clock) -> None:
    signer = Signer(b"k", clock)
    token = signer.issue("ada")
    payload, _, signature = token.partition(".")
    assert json.loads(b64decode(payload)) == {"user": "ada", "exp": int((START + timedelta(minutes=30)).timestamp())}
    assert len(signature) == 64
    assert signer.verify(token) == "ada"


def test_tampered_token(clock: Clock) -> None:
    signer = Signer(b"k", clock)
    payload, _, signature = signer.issue("ada").partition(".")
    forged = b64encode(b'{"user":"root","exp":9999999999}')
    with pytest.raises(AuthError, match=r"^bad signature$"):
        signer.verify(f"{forged}.{signature}")
    with pytest.raises(AuthError, match=r"^bad signature$"):
        Signer(b"other", clock).verify(f"{payload}.{signature}")
    with pytest.raises(AuthError, match=r"^bad signature$"):
        signer.verify("no-dot-here")


def test_expiry_boundary(clock: Clock) -> None:
    signer = Signer(b"k", clock)
    token = signer.issue("ada")
    clock.now = START + timedelta(minutes=29, seconds=59)
    assert signer.verify(token) == "ada"
    clock.now = START + timedelta(minutes=30)
    with pytest.raises(AuthError, match=r"^session expired at 2026-03-01 12:30:00$"):
        signer.verify(token)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("Basic " + base64.b64encode(b"ada:lovelace").decode(), ("ada", "lovelace")),
        ("basic " + base64.b64encode(b"ada:a:b:c").decode(), ("ada", "a:b:c")),
        ("Basic " + base64.b64encode("zoë:pä:ss".encode()).decode(), ("zoë", "pä:ss")),
        ("Basic " + base64.b64encode(b"ada:").decode(), ("ada", "")),
    ],
    ids=["plain", "colons-in-password", "utf8", "empty-password"],
)
def test_parse_basic(header: str, expected: tuple[str, str]) -> None:
    assert parse_basic(header) == expected


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (None, "missing credentials"),
        ("Bearer abc", "unsupported scheme Bearer"),
        ("Basic !!!", "malformed credentials"),
        ("Basic " + base64.b64encode(b"nocolon").decode(), "malformed credentials"),
    ],
    ids=["missing", "bearer", "not-base64", "no-colon"],
)
def test_parse_basic_errors(header: str | None, message: str) -> None:
    with pytest.raises(AuthError) as info:
        parse_basic(header)
    assert str(info.value) == message


def test_login_sets_cookie(server: AuthServer) -> None:
    status, headers, _ = call(server, "POST", "/login", basic("ada", "lovelace"))
    assert status == 200
    morsel = SimpleCookie(headers["Set-Cookie"])["sid"]
    assert morsel["path"] == "/"
    assert morsel["httponly"] is True
    assert morsel["samesite"] == "Lax"
    assert morsel["max-age"] == "1800"


def test_login_then_me(server: AuthServer) -> None:
    token = login(server)
    status, _, body = call(server, "GET", "/me", {"Cookie": f"theme=dark; sid={token}"})
    assert (status, body) == (200, {"user": "ada"})


def test_utf8_user_with_colon_password(server: AuthServer) -> None:
    token = login(server, "zoë", "pä:ss")
    assert call(server, "GET", "/me", {"Cookie": f"sid={token}"})[2] == {"user": "zoë"}


@pytest.mark.parametrize(
    ("user", "password"), [("ada", "wrong"), ("bob", "lovelace")], ids=["wrong-password", "unknown-user"]
)
def test_login_rejected(server: AuthServer, user: str, password: str) -> None:
    status, headers, body = call(server, "POST", "/login", basic(user, password))
    assert (status, body) == (401, {"error": "invalid user or password"})
    assert headers["WWW-Authenticate"] == 'Basic realm="app", charset="UTF-8"'
    assert "Set-Cookie" not in headers


def test_me_without_cookie(server: AuthServer) -> None:
    assert call(server, "GET", "/me", {})[:3:2] == (401, {"error": "not logged in"})


def test_me_after_expiry(server: AuthServer, clock: Clock) -> None:
    token = login(server)
    clock.now = START + timedelta(hours=1)
    status, _, body = call(server, "GET", "/me", {"Cookie": f"sid={token}"})
    assert (status, body) == (401, {"error": "session expired at 2026-03-01 12:30:00"})


def test_logout_expires_cookie(server: AuthServer) -> None:
    status, headers, body = call(server, "POST", "/logout", {})
    assert (status, body) == (200, {"user": None})
    morsel = SimpleCookie(headers["Set-Cookie"])["sid"]
    assert morsel.value == ""
    assert morsel["max-age"] == "0"
