from __future__ import annotations

import base64

import pytest
from otp import TOTP, OTPError, Replayed, decode_secret, hotp

RFC_KEY = b"12345678901234567890"
RFC_SECRET = base64.b32encode(RFC_KEY).decode()  # GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ
HOTP_CODES = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]


@pytest.mark.parametrize("counter", range(10))
def test_hotp_rfc4226(counter: int) -> None:
    assert hotp(RFC_KEY, counter) == HOTP_CODES[counter]


@pytest.mark.parametrize(
    ("now", "code"),
    [(59, "94287082"), (1111111109, "07081804"), (1111111111, "14050471"), (1234567890, "89005924")],
)
def test_totp_rfc6238_sha1(now: int, code: str) -> None:
    assert TOTP(RFC_SECRET, digits=8).at(now) == code


def test_totp_sha256() -> None:
    key = base64.b32encode(b"12345678901234567890123456789012").decode()
    assert TOTP(key, digits=8, algorithm="sha256").at(59) == "46119246"


@pytest.mark.parametrize(
    "secret",
    [
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
        "gezd gnbv gy3t qojq gezd gnbv gy3t qojq",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ==",
    ],
)
def test_decode_secret(secret: str) -> None:
    assert decode_secret(secret) == RFC_KEY


def test_decode_secret_unpadded() -> None:
    assert decode_secret("JBSWY3DPEE") == b"Hello!"
    assert decode_secret("jbswy3dpee======") == b"Hello!"


def test_digits_checked() -> None:
    with pytest.raises(OTPError, match="digits must be 6 to 8, not 9"):
        TOTP(RFC_SECRET, digits=9)


def test_counter() -> None:
    otp = TOTP(RFC_SECRET)
    assert [otp.counter(t) for t in (0, 29, 30, 59, 60, 89)] == [0, 0, 1, 1, 2, 2]
    assert TOTP(RFC_SECRET, t0=15).counter(44) == 0


def test_code_stable_within_step() -> None:
    otp = TOTP(RFC_SECRET)
    assert otp.at(1_700_000_010) == otp.at(1_700_000_024) == otp.at(1_700_000_029)
    assert otp.at(1_700_000_010) != otp.at(1_700_000_040)


def test_verify_current() -> None:
    otp = TOTP(RFC_SECRET, digits=8)
    assert otp.verify("07081804", 1111111109) is True
    assert otp.last_step == 37037036


def test_verify_window() -> None:
    now = 1111111109
    assert TOTP(RFC_SECRET, digits=8).verify("14050471", now) is True  # the next step
    assert TOTP(RFC_SECRET, digits=8).verify(hotp(RFC_KEY, 37037035, 8), now) is True  # the previous step
    assert TOTP(RFC_SECRET, digits=8).verify(hotp(RFC_KEY, 37037038, 8), now) is False
    assert TOTP(RFC_SECRET, digits=8, window=0).verify("14050471", now) is False


@pytest.mark.parametrize("code", ["0708180", "070818044", "o7081804", ""])
def test_verify_rejects_malformed(code: str) -> None:
    assert TOTP(RFC_SECRET, digits=8).verify(code, 1111111109) is False


def test_replay_refused() -> None:
    otp = TOTP(RFC_SECRET, digits=8)
    assert otp.verify("07081804", 1111111109)
    with pytest.raises(Replayed, match="step 37037036 already used"):
        otp.verify("07081804", 1111111110)


def test_older_step_refused_after_newer() -> None:
    otp = TOTP(RFC_SECRET, digits=8)
    assert otp.verify("14050471", 1111111109)
    with pytest.raises(Replayed, match=r"step 37037036 already used \(last accepted step 37037037\)"):
        otp.verify("07081804", 1111111109)


def test_next_code_after_replay_check() -> None:
    otp = TOTP(RFC_SECRET, digits=8)
    assert otp.verify("07081804", 1111111109)
    assert otp.verify("14050471", 1111111111)
    assert otp.last_step == 37037037


def test_uri() -> None:
    otp = TOTP("jbsw y3dp ee", digits=6)
    assert otp.uri("alice@example.com", "ACME Co") == (
        "otpauth://totp/ACME%20Co%3Aalice%40example.com"
        "?secret=JBSWY3DPEE&issuer=ACME+Co&algorithm=SHA1&digits=6&period=30"
    )
