"""A small async repository on aiosqlite: customers and their orders in one SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

SCHEMA = """
CREATE TABLE IF NOT EXISTS customers (
    id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
    status TEXT NOT NULL DEFAULT 'open'
);
"""


class DuplicateEmail(Exception):
    pass


class Repo:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    @classmethod
    async def open(cls, path: Path) -> Repo:
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        await db.executescript(SCHEMA)
        await db.execute("PRAGMA foreign_keys = ON")
        return cls(db)

    async def close(self) -> None:
        await self.db.close()

    async def add_customer(self, email: str, name: str) -> int:
        try:
            cur = await self.db.execute("INSERT INTO customers (email, name) VALUES (?, ?)", (email.lower(), name))
        except sqlite3.IntegrityError as exc:
            raise DuplicateEmail(email) from exc
        await self.db.commit()
        return cur.lastrowid

    async def customer(self, email: str) -> dict | None:
        async with self.db.execute("SELECT id, email, name FROM customers WHERE email = ?", (email.lower(),)) as cur:
            row = await cur.fetchone()
        return dict(row) if row else None

    async def add_order(self, customer_id: int, total_cents: int) -> int:
        cur = await self.db.execute(
            "INSERT INTO orders (customer_id, total_cents) VALUES (?, ?)", (customer_id, total_cents)
        )
        await self.db.commit()
        return cur.lastrowid

    async def orders(self, customer_id: int, status: str = "open") -> list[dict]:
        async with self.db.execute(
            "SELECT id, total_cents, status FROM orders WHERE customer_id = ? AND status = ? ORDER BY id",
            (customer_id, status),
        ) as cur:
            rows = await cur.fetchall()
        return [dict(row) for row in rows]

    async def ship(self, order_id: int) -> bool:
        cur = await self.db.execute(
            "UPDATE orders SET status = 'shipped' WHERE id = ? AND status = 'open'", (order_id,)
        )
        await self.db.commit()
        return cur.rowcount == 1

    async def totals(self) -> dict[str, int]:
        """Each customer's email and the sum of their orders (0 without orders)."""
        async with self.db.execute(
            "SELECT c.email, COALESCE(SUM(o.total_cents), 0) AS total FROM customers c "
            "LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY c.email"
        ) as cur:
            return {row["email"]: row["total"] async for row in cur}
