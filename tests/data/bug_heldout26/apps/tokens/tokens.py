"""Signed tokens on the stdlib: a JSON payload in canonical form (sorted keys, no spaces), base64url without padding,
signed with HMAC-SHA256 under one of several keys named by a key id (`kid`), verified in constant time, with an expiry,
a not-before time and an audience checked against a clock passed in, a leeway in seconds, and key rotation that keeps
the old keys for verifying."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass


class TokenError(Exception):
    pass


class BadSignature(TokenError):
    pass


class Expired(TokenError):
    pass


class NotYetValid(TokenError):
    pass


class WrongAudience(TokenError):
    pass


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes:
    padded = text + "=" * (-len(text) % 4)
    return base64.urlsafe_b64decode(padded.encode("ascii"))


def canonical(payload: dict) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode("utf-8")


@dataclass
class Signer:
    keys: dict[str, bytes]  # key id -> secret
    current: str  # the key id new tokens are signed with
    leeway: int = 0  # seconds of clock skew allowed on exp and nbf
    audience: str | None = None

    def signature(self, kid: str, signing_input: bytes) -> bytes:
        try:
            key = self.keys[kid]
        except KeyError:
            raise BadSignature(f"unknown key id {kid!r}") from None
        return hmac.new(key, signing_input, hashlib.sha256).digest()

    def sign(self, payload: dict, now: int, ttl: int, not_before: int | None = None) -> str:
        claims = {**payload, "iat": now, "exp": now + ttl}
        if not_before is not None:
            claims["nbf"] = not_before
        if self.audience is not None:
            claims["aud"] = self.audience
        header = b64encode(canonical({"alg": "HS256", "kid": self.current}))
        body = b64encode(canonical(claims))
        signing_input = f"{header}.{body}".encode("ascii")
        return f"{header}.{body}.{b64encode(self.signature(self.current, signing_input))}"

    def verify(self, token: str, now: int) -> dict:
        parts = token.split(".")
        if len(parts) != 3:
            raise TokenError(f"a token has 3 parts, not {len(parts)}")
        header_b64, body_b64, sig_b64 = parts
        header = json.loads(b64decode(header_b64))
        if header.get("alg") != "HS256":
            raise TokenError(f"algorithm {header.get('alg')!r} not allowed")
        expected = self.signature(header.get("kid", ""), f"{header_b64}.{body_b64}".encode("ascii"))
        if not hmac.compare_digest(expected, b64decode(sig_b64)):
            raise BadSignature("signature does not match")
        claims = json.loads(b64decode(body_b64))
        if now >= claims["exp"] + self.leeway:
            raise Expired(f"expired at {claims['exp']}, now {now}")
        if "nbf" in claims and now < claims["nbf"] - self.leeway:
            raise NotYetValid(f"not valid before {claims['nbf']}, now {now}")
        if self.audience is not None and claims.get("aud") != self.audience:
            raise WrongAudience(f"audience {claims.get('aud')!r}, expected {self.audience!r}")
        return claims

    def rotate(self, kid: str, key: bytes) -> None:
        """Sign with a new key from now on; tokens signed with the old keys still verify."""
        self.keys[kid] = key
        self.current = kid
