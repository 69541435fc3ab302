"""One-time passwords on the stdlib: HOTP (RFC 4226) and TOTP (RFC 6238) codes of 6 to 8 digits from a base32
secret (spaces and lowercase allowed, padding optional), verification with a window of steps around now and replay
protection (a step already used is refused, as is any earlier one), and an otpauth:// provisioning URI."""

from __future__ import annotations

import base64
import hashlib
import hmac
import struct
from dataclasses import dataclass
from urllib.parse import quote, urlencode


class OTPError(Exception):
    pass


class Replayed(OTPError):
    pass


def decode_secret(secret: str) -> bytes:
    cleaned = secret.replace(" ", "").upper().rstrip("=")
    return base64.b32decode(cleaned + "=" * (-len(cleaned) % 8))


def hotp(key: bytes, counter: int, digits: int = 6, algorithm: str = "sha1") -> str:
    mac = hmac.new(key, struct.pack(">Q", counter), getattr(hashlib, algorithm)).digest()
    offset = mac[-1] & 0x0F
    value = struct.unpack(">I", mac[offset : offset + 4])[0] & 0x7FFF_FFFF
    return str(value % 10**digits).zfill(digits)


@dataclass
class TOTP:
    secret: str
    step: int = 30
    digits: int = 6
    t0: int = 0
    window: int = 1  # steps accepted before and after the current one
    algorithm: str = "sha1"
    last_step: int | None = None  # the step of the last accepted code

    def __post_init__(self) -> None:
        if not 6 <= self.digits <= 8:
            raise OTPError(f"digits must be 6 to 8, not {self.digits}")
        self.key = decode_secret(self.secret)

    def counter(self, now: int) -> int:
        return (now - self.t0) // self.step

    def at(self, now: int) -> str:
        return hotp(self.key, self.counter(now), self.digits, self.algorithm)

    def verify(self, code: str, now: int) -> bool:
        if len(code) != self.digits or not code.isdigit():
            return False
        current = self.counter(now)
        for step in range(current - self.window, current + self.window + 1):
            if hmac.compare_digest(hotp(self.key, step, self.digits, self.algorithm), code):
                if self.last_step is not None and step <= self.last_step:
                    raise Replayed(f"code for step {step} already used (last accepted step {self.last_step})")
                self.last_step = step
                return True
        return False

    def uri(self, account: str, issuer: str) -> str:
        label = quote(f"{issuer}:{account}")
        secret = self.secret.replace(" ", "").upper().rstrip("=")
        query = {"secret": secret, "issuer": issuer, "algorithm": self.algorithm.upper()}
        query |= {"digits": self.digits, "period": self.step}
        return f"otpauth://totp/{label}?{urlencode(query)}"
