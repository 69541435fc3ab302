"""Password storage on the stdlib: PBKDF2-HMAC-SHA256 hashes encoded as `pbkdf2_sha256$<iterations>$<salt>$<hash>`
(salt and hash in base64), verified in constant time; a policy for new passwords (length, character classes, not
containing the user name, not a common password); rehashing on login when the iteration count was raised; and lockout
after repeated failures within a window, on a clock passed in."""

from __future__ import annotations

import base64
import hashlib
import hmac
import string
from dataclasses import dataclass, field

ALGORITHM = "pbkdf2_sha256"
DEFAULT_ITERATIONS = 1000
COMMON = frozenset({"password", "123456", "qwerty", "letmein", "iloveyou", "password123"})


class PolicyError(ValueError):
    pass


class HashFormatError(ValueError):
    pass


class LockedOut(Exception):
    pass


def derive(password: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)


def encode(password: str, salt: bytes, iterations: int = DEFAULT_ITERATIONS) -> str:
    digest = derive(password, salt, iterations)
    fields = [ALGORITHM, str(iterations), base64.b64encode(salt).decode("ascii"), base64.b64encode(digest).decode()]
    return "$".join(fields)


def decode(encoded: str) -> tuple[str, int, bytes, bytes]:
    parts = encoded.split("$")
    if len(parts) != 4:
        raise HashFormatError(f"expected 4 fields, got {len(parts)}")
    algorithm, iterations, salt, digest = parts
    if algorithm != ALGORITHM:
        raise HashFormatError(f"unknown algorithm {algorithm!r}")
    return algorithm, int(iterations), base64.b64decode(salt), base64.b64decode(digest)


def verify(password: str, encoded: str) -> bool:
    _, iterations, salt, digest = decode(encoded)
    return hmac.compare_digest(derive(password, salt, iterations), digest)


def needs_rehash(encoded: str, iterations: int = DEFAULT_ITERATIONS) -> bool:
    return decode(encoded)[1] < iterations


def check_policy(password: str, username: str = "", min_length: int = 10) -> None:
    problems = []
    if len(password) < min_length:
        problems.append(f"shorter than {min_length} characters")
    classes = {"lowercase": string.ascii_lowercase, "uppercase": string.ascii_uppercase, "digit": string.digits}
    missing = [name for name, chars in classes.items() if not any(c in chars for c in password)]
    if missing:
        problems.append("no " + ", no ".join(missing))
    if username and username.lower() in password.lower():
        problems.append("contains the user name")
    if password.lower() in COMMON:
        problems.append("a common password")
    if problems:
        raise PolicyError("; ".join(problems))


@dataclass
class Accounts:
    max_failures: int = 3  # failures within `window` seconds that lock the account
    window: int = 300
    lockout: int = 900  # seconds an account stays locked
    iterations: int = DEFAULT_ITERATIONS
    hashes: dict[str, str] = field(default_factory=dict)
    failures: dict[str, list[int]] = field(default_factory=dict)
    locked_until: dict[str, int] = field(default_factory=dict)

    def register(self, username: str, password: str, salt: bytes) -> None:
        check_policy(password, username)
        self.hashes[username] = encode(password, salt, self.iterations)

    def login(self, username: str, password: str, now: int) -> bool:
        if now < self.locked_until.get(username, 0):
            raise LockedOut(f"{username} locked until {self.locked_until[username]}")
        stored = self.hashes.get(username)
        if stored is not None and verify(password, stored):
            self.failures.pop(username, None)
            if needs_rehash(stored, self.iterations):
                self.hashes[username] = encode(password, decode(stored)[2], self.iterations)
            return True
        recent = [t for t in self.failures.get(username, []) if now - t < self.window]
        recent.append(now)
        self.failures[username] = recent
        if len(recent) >= self.max_failures:
            self.locked_until[username] = now + self.lockout
        return False
