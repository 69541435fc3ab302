import sqlite3

import pytest
import pytest_asyncio
from orders_repo import DuplicateEmail, Repo


@pytest_asyncio.fixture
async def repo(tmp_path):
    r = await Repo.open(tmp_path / "shop.db")
    yield r
    await r.close()


@pytest.mark.asyncio
async def test_add_and_find_customer(repo):
    cid = await repo.add_customer("Ada@Example.org", "Ada")
    assert await repo.customer("ada@example.org") == {"id": cid, "email": "ada@example.org", "name": "Ada"}


@pytest.mark.asyncio
async def test_unknown_customer_is_none(repo):
    await repo.add_customer("ada@example.org", "Ada")
    assert await repo.customer("bob@example.org") is None


@pytest.mark.asyncio
async def test_duplicate_email(repo):
    await repo.add_customer("ada@example.org", "Ada")
    with pytest.raises(DuplicateEmail, match="ADA@example"):
        await repo.add_customer("ADA@example.org", "Ada again")


@pytest.mark.asyncio
async def test_open_orders_in_order(repo):
    cid = await repo.add_customer("ada@example.org", "Ada")
    first = await repo.add_order(cid, 1200)
    second = await repo.add_order(cid, 350)
    assert [o["id"] for o in await repo.orders(cid)] == [first, second]


@pytest.mark.asyncio
async def test_orders_are_per_customer(repo):
    ada = await repo.add_customer("ada@example.org", "Ada")
    bob = await repo.add_customer("bob@example.org", "Bob")
    await repo.add_order(bob, 700)
    assert await repo.orders(ada) == []
    assert await repo.orders(bob) == [{"id": 1, "total_cents": 700, "status": "open"}]


@pytest.mark.asyncio
async def test_ship_moves_order(repo):
    cid = await repo.add_customer("ada@example.org", "Ada")
    oid = await repo.add_order(cid, 1200)
    assert await repo.ship(oid) is True
    assert await repo.ship(oid) is False
    assert await repo.orders(cid) == []
    assert await repo.orders(cid, "shipped") == [{"id": oid, "total_cents": 1200, "status": "shipped"}]


@pytest.mark.asyncio
async def test_orders_survive_reopen(tmp_path):
    repo = await Repo.open(tmp_path / "shop.db")
    cid = await repo.add_customer("ada@example.org", "Ada")
    await repo.add_order(cid, 990)
    await repo.close()
    again = await Repo.open(tmp_path / "shop.db")
    try:
        assert await again.orders(cid) == [{"id": 1, "total_cents": 990, "status": "open"}]
    finally:
        await again.close()


@pytest.mark.asyncio
async def test_negative_total_rejected(repo):
    cid = await repo.add_customer("ada@example.org", "Ada")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK constraint failed"):
        await repo.add_order(cid, -5)


@pytest.mark.asyncio
async def test_totals(repo):
    ada = await repo.add_customer("ada@example.org", "Ada")
    await repo.add_customer("bob@example.org", "Bob")
    await repo.add_order(ada, 1200)
    await repo.add_order(ada, 300)
    assert await repo.totals() == {"ada@example.org": 1500, "bob@example.org": 0}
