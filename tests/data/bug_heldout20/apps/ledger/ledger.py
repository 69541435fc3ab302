"""A small repository layer on sqlite3: accounts and transfers in one database file, each change in a transaction,
rows read through sqlite3.Row into dataclasses, constraint violations turned into the layer's own errors."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    balance INTEGER NOT NULL CHECK (balance >= 0)
);
CREATE TABLE IF NOT EXISTS transfers (
    id INTEGER PRIMARY KEY,
    src INTEGER NOT NULL REFERENCES accounts(id),
    dst INTEGER NOT NULL REFERENCES accounts(id),
    amount INTEGER NOT NULL CHECK (amount > 0),
    memo TEXT NOT NULL DEFAULT ''
);
"""


class LedgerError(Exception):
    pass


class NotFound(LedgerError):
    pass


class Duplicate(LedgerError):
    pass


class InsufficientFunds(LedgerError):
    pass


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    balance: int


@dataclass(frozen=True)
class Transfer:
    id: int
    src: str
    dst: str
    amount: int
    memo: str


class Ledger:
    def __init__(self, path: Path | str) -> None:
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.conn.executescript(SCHEMA)

    def close(self) -> None:
        self.conn.close()

    def open_account(self, name: str, balance: int = 0) -> Account:
        try:
            with self.conn:
                cur = self.conn.execute("INSERT INTO accounts (name, balance) VALUES (?, ?)", (name, balance))
        except sqlite3.IntegrityError as exc:
            if "UNIQUE" in str(exc):
                raise Duplicate(f"account {name!r} exists") from exc
            raise LedgerError(f"bad opening balance {balance}") from exc
        return Account(cur.lastrowid or 0, name, balance)

    def account(self, name: str) -> Account:
        row = self.conn.execute("SELECT id, name, balance FROM accounts WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise NotFound(f"no account {name!r}")
        return Account(row["id"], row["name"], row["balance"])

    def accounts(self) -> list[Account]:
        rows = self.conn.execute("SELECT id, name, balance FROM accounts ORDER BY name").fetchall()
        return [Account(**dict(row)) for row in rows]

    def transfer(self, src: str, dst: str, amount: int, memo: str = "") -> Transfer:
        if src == dst:
            raise LedgerError("transfer to the same account")
        a, b = self.account(src), self.account(dst)
        try:
            with self.conn:
                self.conn.execute("UPDATE accounts SET balance = balance - ? WHERE id = ?", (amount, a.id))
                self.conn.execute("UPDATE accounts SET balance = balance + ? WHERE id = ?", (amount, b.id))
                cur = self.conn.execute(
                    "INSERT INTO transfers (src, dst, amount, memo) VALUES (?, ?, ?, ?)", (a.id, b.id, amount, memo)
                )
        except sqlite3.IntegrityError as exc:
            if amount <= 0:
                raise LedgerError(f"amount must be positive, got {amount}") from exc
            raise InsufficientFunds(f"{src} has {a.balance}, needs {amount}") from exc
        return Transfer(cur.lastrowid or 0, src, dst, amount, memo)

    def history(self, name: str, limit: int = 10) -> list[Transfer]:
        """The account's transfers, newest first."""
        acc = self.account(name)
        rows = self.conn.execute(
            """SELECT t.id, s.name AS src, d.name AS dst, t.amount, t.memo
               FROM transfers t JOIN accounts s ON s.id = t.src JOIN accounts d ON d.id = t.dst
               WHERE t.src = :id OR t.dst = :id ORDER BY t.id DESC LIMIT :limit""",
            {"id": acc.id, "limit": limit},
        ).fetchall()
        return [Transfer(*row) for row in rows]

    def rename(self, old: str, new: str) -> None:
        try:
            with self.conn:
                cur = self.conn.execute("UPDATE accounts SET name = ? WHERE name = ?", (new, old))
        except sqlite3.IntegrityError as exc:
            raise Duplicate(f"account {new!r} exists") from exc
        if cur.rowcount == 0:
            raise NotFound(f"no account {old!r}")

    def close_account(self, name: str) -> None:
        acc = self.account(name)
        if acc.balance:
            raise LedgerError(f"account {name!r} still holds {acc.balance}")
        try:
            with self.conn:
                self.conn.execute("DELETE FROM accounts WHERE id = ?", (acc.id,))
        except sqlite3.IntegrityError as exc:
            raise LedgerError(f"account {name!r} has transfers") from exc

    def import_accounts(self, rows: list[tuple[str, int]]) -> int:
        """Open many accounts at once; all or none."""
        cur = self.conn.cursor()
        try:
            cur.executemany("INSERT INTO accounts (name, balance) VALUES (?, ?)", rows)
        except sqlite3.IntegrityError as exc:
            self.conn.rollback()
            raise Duplicate(f"import failed: {exc}") from exc
        self.conn.commit()
        return cur.rowcount

    def totals(self) -> dict[str, int]:
        """Money sent and received per account name (accounts without transfers included)."""
        rows = self.conn.execute(
            """SELECT a.name,
                      COALESCE((SELECT SUM(amount) FROM transfers WHERE src = a.id), 0) AS sent,
                      COALESCE((SELECT SUM(amount) FROM transfers WHERE dst = a.id), 0) AS received
               FROM accounts a ORDER BY a.name"""
        ).fetchall()
        return {row["name"]: row["received"] - row["sent"] for row in rows}
