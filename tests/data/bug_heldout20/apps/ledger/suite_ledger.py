import sqlite3
from pathlib import Path

import pytest
from ledger import Account, Duplicate, InsufficientFunds, Ledger, LedgerError, NotFound, Transfer


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    led = Ledger(tmp_path / "ledger.db")
    led.open_account("alice", 100)
    led.open_account("bob", 20)
    led.open_account("carol")
    return led


def test_open_and_read(ledger: Ledger) -> None:
    assert ledger.account("bob") == Account(2, "bob", 20)
    assert ledger.accounts() == [Account(1, "alice", 100), Account(2, "bob", 20), Account(3, "carol", 0)]
    assert ledger.open_account("dave", 5) == Account(4, "dave", 5)


def test_open_errors(ledger: Ledger) -> None:
    with pytest.raises(Duplicate, match=r"^account 'alice' exists$"):
        ledger.open_account("alice", 1)
    with pytest.raises(LedgerError, match=r"^bad opening balance -5$"):
        ledger.open_account("eve", -5)
    with pytest.raises(NotFound, match=r"^no account 'zed'$"):
        ledger.account("zed")


def test_transfer_moves_money(ledger: Ledger) -> None:
    t = ledger.transfer("alice", "bob", 30, "rent")
    assert t == Transfer(1, "alice", "bob", 30, "rent")
    assert [a.balance for a in ledger.accounts()] == [70, 50, 0]


def test_changes_are_committed(ledger: Ledger, tmp_path: Path) -> None:
    ledger.transfer("alice", "carol", 40)
    ledger.rename("carol", "caroline")
    other = sqlite3.connect(tmp_path / "ledger.db")
    rows = other.execute("SELECT name, balance FROM accounts ORDER BY id").fetchall()
    assert rows == [("alice", 60), ("bob", 20), ("caroline", 40)]
    assert other.execute("SELECT src, dst, amount, memo FROM transfers").fetchall() == [(1, 3, 40, "")]


def test_insufficient_funds_rolls_back(ledger: Ledger) -> None:
    with pytest.raises(InsufficientFunds, match=r"^bob has 20, needs 25$"):
        ledger.transfer("bob", "carol", 25)
    assert [a.balance for a in ledger.accounts()] == [100, 20, 0]
    assert ledger.history("bob") == []


@pytest.mark.parametrize(
    ("src", "dst", "amount", "error", "message"),
    [
        ("alice", "alice", 5, LedgerError, "transfer to the same account"),
        ("alice", "bob", 0, LedgerError, "amount must be positive, got 0"),
        ("alice", "nobody", 5, NotFound, "no account 'nobody'"),
    ],
    ids=["same", "zero", "unknown"],
)
def test_transfer_errors(ledger: Ledger, src: str, dst: str, amount: int, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        ledger.transfer(src, dst, amount)
    assert str(info.value) == message
    assert [a.balance for a in ledger.accounts()] == [100, 20, 0]


def test_history_newest_first(ledger: Ledger) -> None:
    ledger.transfer("alice", "bob", 10, "one")
    ledger.transfer("bob", "carol", 5, "two")
    ledger.transfer("alice", "carol", 1, "three")
    assert [t.memo for t in ledger.history("carol")] == ["three", "two"]
    assert ledger.history("alice", limit=1) == [Transfer(3, "alice", "carol", 1, "three")]
    assert [t.id for t in ledger.history("bob")] == [2, 1]


def test_rename(ledger: Ledger) -> None:
    ledger.rename("bob", "robert")
    assert ledger.account("robert") == Account(2, "robert", 20)
    with pytest.raises(NotFound, match=r"^no account 'bob'$"):
        ledger.rename("bob", "bobby")
    with pytest.raises(Duplicate, match=r"^account 'alice' exists$"):
        ledger.rename("robert", "alice")


def test_close_account(ledger: Ledger) -> None:
    ledger.close_account("carol")
    assert [a.name for a in ledger.accounts()] == ["alice", "bob"]
    with pytest.raises(LedgerError, match=r"^account 'bob' still holds 20$"):
        ledger.close_account("bob")
    ledger.transfer("bob", "alice", 20)
    with pytest.raises(LedgerError, match=r"^account 'bob' has transfers$"):
        ledger.close_account("bob")


def test_import_all_or_none(ledger: Ledger, tmp_path: Path) -> None:
    assert ledger.import_accounts([("dave", 1), ("erin", 2)]) == 2
    other = sqlite3.connect(tmp_path / "ledger.db")
    assert other.execute("SELECT COUNT(*), SUM(balance) FROM accounts").fetchone() == (5, 123)
    other.close()
    with pytest.raises(Duplicate, match=r"UNIQUE constraint failed: accounts.name"):
        ledger.import_accounts([("frank", 3), ("dave", 4)])
    assert [a.name for a in ledger.accounts()] == ["alice", "bob", "carol", "dave", "erin"]


def test_totals(ledger: Ledger) -> None:
    ledger.transfer("alice", "bob", 10)
    ledger.transfer("bob", "carol", 25)
    ledger.transfer("alice", "carol", 5)
    assert ledger.totals() == {"alice": -15, "bob": -15, "carol": 30}


def test_reopen_keeps_data(ledger: Ledger, tmp_path: Path) -> None:
    ledger.transfer("alice", "bob", 7, "café")
    ledger.close()
    again = Ledger(tmp_path / "ledger.db")
    assert again.history("bob") == [Transfer(1, "alice", "bob", 7, "café")]
    assert again.open_account("zoe") == Account(4, "zoe", 0)
