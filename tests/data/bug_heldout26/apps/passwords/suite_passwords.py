from __future__ import annotations

import pytest
from passwords import (
    Accounts,
    HashFormatError,
    LockedOut,
    PolicyError,
    check_policy,
    decode,
    encode,
    needs_rehash,
    verify,
)

SALT = b"0123456789abcdef"
GOOD = "Tr0ub4dor-and-3"
KNOWN = "pbkdf2_sha256$1000$MDEyMzQ1Njc4OWFiY2RlZg==$tiKWHy4FAGCWE8gn6GtKhaxD2OeeAUUWXFT/p1aaNl8="


def test_encode_format() -> None:
    encoded = encode("secret", SALT, 1000)
    algorithm, iterations, salt, digest = encoded.split("$")
    assert (algorithm, iterations, salt) == ("pbkdf2_sha256", "1000", "MDEyMzQ1Njc4OWFiY2RlZg==")
    assert len(digest) == 44


def test_known_hash() -> None:
    assert encode("secret", SALT, 1000) == KNOWN


def test_salt_changes_hash() -> None:
    assert encode("secret", SALT, 1000) != encode("secret", b"fedcba9876543210", 1000)


def test_decode() -> None:
    assert decode(KNOWN)[:3] == ("pbkdf2_sha256", 1000, SALT)


@pytest.mark.parametrize("bad", ["pbkdf2_sha256$1000$abc", "md5$1000$abc$def", ""])
def test_decode_rejects(bad: str) -> None:
    with pytest.raises(HashFormatError):
        decode(bad)


def test_verify() -> None:
    assert verify("secret", KNOWN) is True
    assert verify("Secret", KNOWN) is False
    assert verify("", KNOWN) is False


def test_verify_unicode() -> None:
    encoded = encode("pässwörd-密码", SALT, 1000)
    assert verify("pässwörd-密码", encoded)
    assert not verify("passwort-密码", encoded)


def test_needs_rehash() -> None:
    assert needs_rehash(encode("secret", SALT, 500), 1000) is True
    assert needs_rehash(encode("secret", SALT, 1000), 1000) is False
    assert needs_rehash(encode("secret", SALT, 2000), 1000) is False


def test_policy_accepts_good() -> None:
    check_policy(GOOD, "alice")
    check_policy("correct7HorseBattery", "bob")


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("Sh0rt", "shorter than 10 characters"),
        ("alllowercase1", "no uppercase"),
        ("NoDigitsHereAtAll", "no digit"),
        ("ALLUPPER123456", "no lowercase"),
        ("aliceInWonderland9", "contains the user name"),
        ("ALICE-rules-42", "contains the user name"),
        ("Password123", "a common password"),
    ],
)
def test_policy_rejects(password: str, message: str) -> None:
    with pytest.raises(PolicyError, match=message):
        check_policy(password, "Alice")


def test_policy_lists_every_problem() -> None:
    with pytest.raises(PolicyError) as info:
        check_policy("abc", "bob")
    assert str(info.value) == "shorter than 10 characters; no uppercase, no digit"


def test_register_and_login() -> None:
    accounts = Accounts()
    accounts.register("alice", GOOD, SALT)
    assert accounts.login("alice", GOOD, now=1000) is True
    assert accounts.login("alice", "wrong", now=1001) is False
    assert accounts.login("nobody", GOOD, now=1002) is False


def test_register_applies_policy() -> None:
    with pytest.raises(PolicyError, match="contains the user name"):
        Accounts().register("alice", "alice-Secure-99", SALT)


def test_lockout_after_three_failures() -> None:
    accounts = Accounts()
    accounts.register("alice", GOOD, SALT)
    for t in (1000, 1010, 1020):
        assert accounts.login("alice", "wrong", now=t) is False
    with pytest.raises(LockedOut, match="alice locked until 1920"):
        accounts.login("alice", GOOD, now=1030)
    assert accounts.login("alice", GOOD, now=1920) is True


def test_failures_outside_window_forgotten() -> None:
    accounts = Accounts()
    accounts.register("alice", GOOD, SALT)
    assert accounts.login("alice", "wrong", now=1000) is False
    assert accounts.login("alice", "wrong", now=1200) is False
    assert accounts.login("alice", "wrong", now=1300) is False
    assert accounts.failures["alice"] == [1200, 1300]
    assert accounts.login("alice", GOOD, now=1301) is True


def test_success_resets_failures() -> None:
    accounts = Accounts()
    accounts.register("alice", GOOD, SALT)
    accounts.login("alice", "wrong", now=1000)
    accounts.login("alice", "wrong", now=1001)
    assert accounts.login("alice", GOOD, now=1002) is True
    assert accounts.login("alice", "wrong", now=1003) is False
    assert accounts.login("alice", GOOD, now=1004) is True


def test_rehash_on_login() -> None:
    accounts = Accounts(iterations=500)
    accounts.register("alice", GOOD, SALT)
    accounts.iterations = 1000
    assert accounts.login("alice", GOOD, now=1000) is True
    assert accounts.hashes["alice"] == encode(GOOD, SALT, 1000)
    assert accounts.login("alice", GOOD, now=1001) is True
