from __future__ import annotations

import json

import pytest
from tokens import BadSignature, Expired, NotYetValid, Signer, TokenError, WrongAudience, b64decode, b64encode

NOW = 1_760_000_000
KNOWN = (
    "eyJhbGciOiJIUzI1NiIsImtpZCI6ImsxIn0."
    "eyJleHAiOjE3NjAwMDM2MDAsImlhdCI6MTc2MDAwMDAwMCwicm9sZSI6ImFkbWluIiwic3ViIjoiYWxpY2UifQ."
    "ZCy_USs1pMQlhi9kkkGBd6t-6E-ug3fI0QUt6ngiVwI"
)
KEYS = {"k1": b"first secret key", "k2": b"second secret key"}


def signer(**kw: object) -> Signer:
    return Signer(dict(KEYS), "k1", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [b"", b"a", b"ab", b"abc", b"abcd", b"\xff\xfe\xfd\xfc\xfb"])
def test_b64_round_trip(data: bytes) -> None:
    text = b64encode(data)
    assert "=" not in text
    assert b64decode(text) == data


def test_token_is_url_safe() -> None:
    token = signer().sign({"sub": "u?>>", "note": "~~~~"}, NOW, 60)
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


def test_known_token() -> None:
    token = signer().sign({"sub": "alice", "role": "admin"}, NOW, 3600)
    header, body, _ = token.split(".")
    assert header == "eyJhbGciOiJIUzI1NiIsImtpZCI6ImsxIn0"
    assert body == "eyJleHAiOjE3NjAwMDM2MDAsImlhdCI6MTc2MDAwMDAwMCwicm9sZSI6ImFkbWluIiwic3ViIjoiYWxpY2UifQ"
    assert token == KNOWN


def test_sign_and_verify() -> None:
    s = signer()
    claims = s.verify(s.sign({"sub": "alice"}, NOW, 60), NOW + 30)
    assert claims == {"sub": "alice", "iat": NOW, "exp": NOW + 60}


def test_tampered_body_rejected() -> None:
    s = signer()
    header, _, sig = s.sign({"sub": "alice", "role": "user"}, NOW, 60).split(".")
    forged = b64encode(json.dumps({"sub": "alice", "role": "admin", "iat": NOW, "exp": NOW + 60}).encode())
    with pytest.raises(BadSignature, match="does not match"):
        s.verify(f"{header}.{forged}.{sig}", NOW)


def test_wrong_key_rejected() -> None:
    token = signer().sign({"sub": "alice"}, NOW, 60)
    other = Signer({"k1": b"not the same key"}, "k1")
    with pytest.raises(BadSignature):
        other.verify(token, NOW)


def test_unknown_kid_rejected() -> None:
    token = Signer({"k9": b"elsewhere"}, "k9").sign({"sub": "bob"}, NOW, 60)
    with pytest.raises(BadSignature, match="unknown key id 'k9'"):
        signer().verify(token, NOW)


def test_malformed_token() -> None:
    with pytest.raises(TokenError, match="3 parts, not 2"):
        signer().verify("abc.def", NOW)


def test_alg_none_rejected() -> None:
    s = signer()
    _, body, sig = s.sign({"sub": "alice"}, NOW, 60).split(".")
    header = b64encode(b'{"alg":"none","kid":"k1"}')
    with pytest.raises(TokenError, match="algorithm 'none' not allowed"):
        s.verify(f"{header}.{body}.{sig}", NOW)


def test_expired_at_exp() -> None:
    s = signer()
    token = s.sign({"sub": "alice"}, NOW, 60)
    assert s.verify(token, NOW + 59)["sub"] == "alice"
    with pytest.raises(Expired, match=f"expired at {NOW + 60}"):
        s.verify(token, NOW + 60)


def test_expiry_leeway() -> None:
    s = signer(leeway=10)
    token = s.sign({"sub": "alice"}, NOW, 60)
    assert s.verify(token, NOW + 69)["exp"] == NOW + 60
    with pytest.raises(Expired):
        s.verify(token, NOW + 70)


def test_not_before() -> None:
    s = signer()
    token = s.sign({"sub": "alice"}, NOW, 600, not_before=NOW + 100)
    with pytest.raises(NotYetValid, match=f"not valid before {NOW + 100}"):
        s.verify(token, NOW + 99)
    assert s.verify(token, NOW + 100)["nbf"] == NOW + 100


def test_not_before_leeway() -> None:
    s = signer(leeway=5)
    token = s.sign({"sub": "alice"}, NOW, 600, not_before=NOW + 100)
    assert s.verify(token, NOW + 95)["sub"] == "alice"
    with pytest.raises(NotYetValid):
        s.verify(token, NOW + 94)


def test_audience() -> None:
    s = signer(audience="billing")
    claims = s.verify(s.sign({"sub": "alice"}, NOW, 60), NOW)
    assert claims["aud"] == "billing"
    with pytest.raises(WrongAudience, match="audience 'billing', expected 'reports'"):
        signer(audience="reports").verify(s.sign({"sub": "alice"}, NOW, 60), NOW)


def test_audience_missing_from_token() -> None:
    token = signer().sign({"sub": "alice"}, NOW, 60)
    with pytest.raises(WrongAudience, match="audience None, expected 'billing'"):
        signer(audience="billing").verify(token, NOW)


def test_rotation_keeps_old_tokens() -> None:
    s = signer()
    old = s.sign({"sub": "alice"}, NOW, 600)
    s.rotate("k3", b"third secret key")
    new = s.sign({"sub": "bob"}, NOW, 600)
    assert json.loads(b64decode(new.split(".")[0]))["kid"] == "k3"
    assert s.verify(old, NOW + 1)["sub"] == "alice"
    assert s.verify(new, NOW + 1)["sub"] == "bob"


def test_unicode_claims() -> None:
    s = signer()
    claims = s.verify(s.sign({"sub": "zoë", "city": "Łódź"}, NOW, 60), NOW)
    assert (claims["sub"], claims["city"]) == ("zoë", "Łódź")
