from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from inventory import Inventory, InventoryError, OutOfStock, State

D1, D2, D3 = dt.date(2026, 5, 1), dt.date(2026, 5, 8), dt.date(2026, 5, 15)


def stocked(allow_backorder: bool = False) -> Inventory:
    inv = Inventory(allow_backorder)
    inv.receive("bolt", 10, Decimal("1.00"), D1)
    inv.receive("bolt", 10, Decimal("1.50"), D2)
    return inv


def test_receive_and_on_hand() -> None:
    inv = stocked()
    assert inv.on_hand("bolt") == 20
    assert inv.available("bolt") == 20
    assert inv.value("bolt") == Decimal("25.00")


def test_unknown_sku_is_empty() -> None:
    inv = stocked()
    assert inv.on_hand("nut") == 0
    assert inv.available("nut") == 0
    assert inv.value("nut") == Decimal("0")


def test_receive_nothing() -> None:
    with pytest.raises(InventoryError, match="cannot receive 0 of bolt"):
        Inventory().receive("bolt", 0, Decimal("1"), D1)


def test_reserve_holds_stock() -> None:
    inv = stocked()
    res = inv.reserve("bolt", 7)
    assert (res.id, res.quantity, res.backordered, res.state) == (1, 7, 0, State.HELD)
    assert inv.on_hand("bolt") == 20
    assert inv.available("bolt") == 13


def test_reserve_everything() -> None:
    inv = stocked()
    inv.reserve("bolt", 20)
    assert inv.available("bolt") == 0


def test_reserve_too_much() -> None:
    inv = stocked()
    inv.reserve("bolt", 15)
    with pytest.raises(OutOfStock, match="bolt: 6 wanted, 5 available"):
        inv.reserve("bolt", 6)


def test_reserve_unknown_sku() -> None:
    with pytest.raises(OutOfStock, match="nut: 1 wanted, 0 available"):
        stocked().reserve("nut", 1)


def test_reserve_nothing() -> None:
    with pytest.raises(InventoryError, match="cannot reserve 0 of bolt"):
        stocked().reserve("bolt", 0)


def test_release_returns_stock() -> None:
    inv = stocked()
    res = inv.reserve("bolt", 12)
    inv.release(res.id)
    assert res.state is State.RELEASED
    assert inv.available("bolt") == 20


def test_release_twice() -> None:
    inv = stocked()
    res = inv.reserve("bolt", 5)
    inv.release(res.id)
    with pytest.raises(InventoryError, match="reservation 1 is released"):
        inv.release(res.id)
    assert inv.available("bolt") == 20


def test_unknown_reservation() -> None:
    with pytest.raises(InventoryError, match="no reservation 9"):
        stocked().commit(9)


def test_commit_fifo_cost() -> None:
    inv = stocked()
    res = inv.reserve("bolt", 12)
    assert inv.commit(res.id) == Decimal("13.00")
    assert res.state is State.COMMITTED
    assert inv.on_hand("bolt") == 8
    assert inv.value("bolt") == Decimal("12.00")


def test_commit_then_reserve_rest() -> None:
    inv = stocked()
    inv.commit(inv.reserve("bolt", 5).id)
    res = inv.reserve("bolt", 15)
    assert inv.available("bolt") == 0
    assert inv.commit(res.id) == Decimal("20.00")
    assert inv.on_hand("bolt") == 0


def test_commit_twice() -> None:
    inv = stocked()
    res = inv.reserve("bolt", 2)
    inv.commit(res.id)
    with pytest.raises(InventoryError, match="reservation 1 is committed"):
        inv.commit(res.id)


def test_fifo_by_receipt_date() -> None:
    inv = stocked()
    inv.receive("bolt", 5, Decimal("0.80"), dt.date(2026, 4, 20))
    res = inv.reserve("bolt", 8)
    assert inv.commit(res.id) == Decimal("7.00")
    assert inv.value("bolt") == Decimal("22.00")


def test_commit_whole_lots() -> None:
    inv = stocked()
    inv.receive("bolt", 4, Decimal("2.25"), D3)
    assert inv.commit(inv.reserve("bolt", 20).id) == Decimal("25.00")
    assert inv.value("bolt") == Decimal("9.00")
    assert inv.average_cost("bolt") == Decimal("2.25")


def test_backorder() -> None:
    inv = stocked(allow_backorder=True)
    res = inv.reserve("bolt", 26)
    assert res.backordered == 6
    assert inv.available("bolt") == 0
    with pytest.raises(InventoryError, match="reservation 1 waits for 6 of bolt"):
        inv.commit(res.id)


def test_backorder_filled_on_receipt() -> None:
    inv = stocked(allow_backorder=True)
    res = inv.reserve("bolt", 26)
    inv.receive("bolt", 10, Decimal("2.00"), D3)
    assert res.backordered == 0
    assert inv.available("bolt") == 4
    assert inv.commit(res.id) == Decimal("37.00")


def test_backorders_filled_oldest_first() -> None:
    inv = Inventory(allow_backorder=True)
    first = inv.reserve("nut", 3)
    second = inv.reserve("nut", 4)
    inv.receive("nut", 5, Decimal("0.10"), D1)
    assert (first.backordered, second.backordered) == (0, 2)
    assert inv.available("nut") == 0


def test_release_backordered() -> None:
    inv = stocked(allow_backorder=True)
    res = inv.reserve("bolt", 25)
    inv.release(res.id)
    assert inv.available("bolt") == 20
    inv.receive("bolt", 1, Decimal("1"), D3)
    assert res.backordered == 5
    assert inv.available("bolt") == 21


def test_average_cost() -> None:
    inv = stocked()
    inv.receive("bolt", 10, Decimal("1.25"), D3)
    assert inv.average_cost("bolt") == Decimal("1.25")
    inv.commit(inv.reserve("bolt", 1).id)
    assert inv.average_cost("bolt") == Decimal("1.26")


def test_average_cost_rounded() -> None:
    inv = Inventory()
    inv.receive("nut", 3, Decimal("1.00"), D1)
    inv.receive("nut", 3, Decimal("1.01"), D2)
    inv.receive("nut", 3, Decimal("1.00"), D3)
    assert inv.average_cost("nut") == Decimal("1.00")
    assert str(inv.average_cost("nut")) == "1.00"


def test_average_cost_no_stock() -> None:
    inv = stocked()
    inv.commit(inv.reserve("bolt", 20).id)
    with pytest.raises(InventoryError, match="no stock of bolt"):
        inv.average_cost("bolt")
