"""Signed cookie sessions and Basic auth for a small http.server app.

A session cookie is `<payload>.<signature>`: the payload is URL-safe base64 (no padding) of compact JSON
{"user": ..., "exp": <unix seconds>}, the signature the hex HMAC-SHA256 of the payload under the server's key.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from http import HTTPStatus
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COOKIE = "sid"
LIFETIME = timedelta(minutes=30)
ITERATIONS = 1000


class AuthError(Exception):
    pass


def hash_password(password: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, ITERATIONS)


def b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    def __init__(self, key: bytes, now: Callable[[], datetime]) -> None:
        self.key, self.now = key, now

    def sign(self, payload: str) -> str:
        return hmac.new(self.key, payload.encode("ascii"), hashlib.sha256).hexdigest()

    def issue(self, user: str) -> str:
        expires = self.now() + LIFETIME
        payload = b64encode(json.dumps({"user": user, "exp": int(expires.timestamp())}, separators=(",", ":")).encode())
        return f"{payload}.{self.sign(payload)}"

    def verify(self, token: str) -> str:
        payload, sep, signature = token.rpartition(".")
        if not sep or not hmac.compare_digest(signature, self.sign(payload)):
            raise AuthError("bad signature")
        try:
            data = json.loads(b64decode(payload))
        except (binascii.Error, ValueError) as exc:
            raise AuthError("bad payload") from exc
        expires = datetime.fromtimestamp(data["exp"], tz=timezone.utc)
        if self.now() >= expires:
            raise AuthError(f"session expired at {expires:%Y-%m-%d %H:%M:%S}")
        return str(data["user"])


def parse_basic(header: str | None) -> tuple[str, str]:
    if not header:
        raise AuthError("missing credentials")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "basic":
        raise AuthError(f"unsupported scheme {scheme}")
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError) as exc:
        raise AuthError("malformed credentials") from exc
    user, sep, password = decoded.partition(":")
    if not sep:
        raise AuthError("malformed credentials")
    return user, password


def session_cookie(token: str, max_age: int) -> str:
    cookie: SimpleCookie = SimpleCookie()
    cookie[COOKIE] = token
    morsel = cookie[COOKIE]
    morsel["path"] = "/"
    morsel["httponly"] = True
    morsel["samesite"] = "Lax"
    morsel["max-age"] = max_age
    return morsel.OutputString()


class Handler(BaseHTTPRequestHandler):
    server: AuthServer

    def log_message(self, format: str, *args: object) -> None:
        pass

    def reply(self, status: HTTPStatus, payload: object, headers: list[tuple[str, str]] = []) -> None:  # noqa: B006
        body = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def current_user(self) -> str:
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(self.headers.get("Cookie", ""))
        except CookieError as exc:
            raise AuthError("bad cookie header") from exc
        if COOKIE not in cookie:
            raise AuthError("not logged in")
        return self.server.signer.verify(cookie[COOKIE].value)

    def do_POST(self) -> None:
        if self.path == "/login":
            try:
                user, password = parse_basic(self.headers.get("Authorization"))
                salt, stored = self.server.users.get(user, (b"", b""))
                if not stored or not hmac.compare_digest(hash_password(password, salt), stored):
                    raise AuthError("invalid user or password")
            except AuthError as err:
                challenge = [("WWW-Authenticate", 'Basic realm="app", charset="UTF-8"')]
                return self.reply(HTTPStatus.UNAUTHORIZED, {"error": str(err)}, challenge)
            token = self.server.signer.issue(user)
            cookie = session_cookie(token, int(LIFETIME.total_seconds()))
            return self.reply(HTTPStatus.OK, {"user": user}, [("Set-Cookie", cookie)])
        if self.path == "/logout":
            return self.reply(HTTPStatus.OK, {"user": None}, [("Set-Cookie", session_cookie("", 0))])
        self.reply(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_GET(self) -> None:
        if self.path != "/me":
            return self.reply(HTTPStatus.NOT_FOUND, {"error": "not found"})
        try:
            user = self.current_user()
        except AuthError as err:
            return self.reply(HTTPStatus.UNAUTHORIZED, {"error": str(err)})
        self.reply(HTTPStatus.OK, {"user": user})


class AuthServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, key: bytes, now: Callable[[], datetime], address: tuple[str, int] = ("127.0.0.1", 0)) -> None:
        super().__init__(address, Handler)
        self.signer = Signer(key, now)
        self.users: dict[str, tuple[bytes, bytes]] = {}

    def add_user(self, user: str, password: str) -> None:
        salt = hashlib.sha256(user.encode("utf-8")).digest()[:16]
        self.users[user] = (salt, hash_password(password, salt))
