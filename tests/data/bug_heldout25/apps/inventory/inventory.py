"""An inventory with reservations on the stdlib: stock kept in lots received on a date at a unit cost, reservations
that are held, committed (the stock leaves first in, first out and is costed by its lots) or released, backorders
filled in order as stock arrives, and the stock's value and average cost in cents."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

CENT = Decimal("0.01")


class InventoryError(Exception):
    pass


class OutOfStock(InventoryError):
    pass


class State(Enum):
    HELD = "held"
    COMMITTED = "committed"
    RELEASED = "released"


@dataclass
class Lot:
    received: dt.date
    quantity: int
    unit_cost: Decimal


@dataclass
class Reservation:
    id: int
    sku: str
    quantity: int
    backordered: int = 0
    state: State = State.HELD


class Inventory:
    def __init__(self, allow_backorder: bool = False) -> None:
        self.allow_backorder = allow_backorder
        self._lots: dict[str, list[Lot]] = {}
        self._held: dict[str, int] = {}  # reserved and in stock, per SKU
        self._reservations: dict[int, Reservation] = {}

    def receive(self, sku: str, quantity: int, unit_cost: Decimal, received: dt.date) -> None:
        """A lot into stock (kept in order of receipt date); waiting backorders are filled first, oldest first."""
        if quantity <= 0:
            raise InventoryError(f"cannot receive {quantity} of {sku}")
        lots = self._lots.setdefault(sku, [])
        lots.append(Lot(received, quantity, unit_cost))
        lots.sort(key=lambda lot: lot.received)
        for res in sorted(self._reservations.values(), key=lambda r: r.id):
            if res.sku == sku and res.backordered and res.state is State.HELD:
                filled = min(res.backordered, self.available(sku))
                res.backordered -= filled
                self._held[sku] = self._held.get(sku, 0) + filled

    def on_hand(self, sku: str) -> int:
        return sum(lot.quantity for lot in self._lots.get(sku, []))

    def available(self, sku: str) -> int:
        return self.on_hand(sku) - self._held.get(sku, 0)

    def reserve(self, sku: str, quantity: int) -> Reservation:
        if quantity <= 0:
            raise InventoryError(f"cannot reserve {quantity} of {sku}")
        free = self.available(sku)
        short = 0
        if quantity > free:
            if not self.allow_backorder:
                raise OutOfStock(f"{sku}: {quantity} wanted, {free} available")
            short = quantity - free
        res = Reservation(len(self._reservations) + 1, sku, quantity, short)
        self._reservations[res.id] = res
        self._held[sku] = self._held.get(sku, 0) + quantity - short
        return res

    def _get(self, res_id: int) -> Reservation:
        res = self._reservations.get(res_id)
        if res is None:
            raise InventoryError(f"no reservation {res_id}")
        if res.state is not State.HELD:
            raise InventoryError(f"reservation {res_id} is {res.state.value}")
        return res

    def release(self, res_id: int) -> None:
        res = self._get(res_id)
        self._held[res.sku] -= res.quantity - res.backordered
        res.state = State.RELEASED

    def commit(self, res_id: int) -> Decimal:
        """Take the reserved stock out, oldest lots first; the cost of the goods."""
        res = self._get(res_id)
        if res.backordered:
            raise InventoryError(f"reservation {res_id} waits for {res.backordered} of {res.sku}")
        lots = self._lots[res.sku]
        cost, wanted = Decimal(0), res.quantity
        while wanted:
            lot = lots[0]
            take = min(lot.quantity, wanted)
            cost += take * lot.unit_cost
            lot.quantity -= take
            wanted -= take
            if lot.quantity == 0:
                lots.remove(lot)
        self._held[res.sku] -= res.quantity
        res.state = State.COMMITTED
        return cost

    def value(self, sku: str) -> Decimal:
        return sum((lot.quantity * lot.unit_cost for lot in self._lots.get(sku, [])), Decimal(0))

    def average_cost(self, sku: str) -> Decimal:
        quantity = self.on_hand(sku)
        if quantity == 0:
            raise InventoryError(f"no stock of {sku}")
        return (self.value(sku) / quantity).quantize(CENT, rounding=ROUND_HALF_UP)
