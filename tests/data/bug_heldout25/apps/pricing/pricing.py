"""An order pricing engine on the stdlib: line items as frozen dataclasses, quantity tiers per SKU, coupons with
conditions (a minimum subtotal, categories, an expiry date), tax rates per region with reduced rates per category,
and cents rounded half up per line or once per total."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

CENT = Decimal("0.01")
TAX_RATES = {"DE": Decimal("0.19"), "FR": Decimal("0.20"), "JP": Decimal("0.10"), "US-OR": Decimal("0")}
REDUCED = {"DE": {"food": Decimal("0.07"), "books": Decimal("0.07")}, "FR": {"food": Decimal("0.055")}}


class PricingError(Exception):
    pass


class CouponError(PricingError):
    pass


class Rounding(Enum):
    PER_LINE = "per_line"
    PER_TOTAL = "per_total"


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def as_decimal(value: Decimal | int | float | str) -> Decimal:
    """A price or percentage given as a number or text, as a Decimal (floats by their shortest text)."""
    return value if isinstance(value, Decimal) else Decimal(str(value))


@dataclass(frozen=True)
class Item:
    sku: str
    unit_price: Decimal
    quantity: int = 1
    category: str = "general"

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit_price", as_decimal(self.unit_price))
        if self.quantity < 1:
            raise PricingError(f"{self.sku}: quantity must be at least 1, not {self.quantity}")


@dataclass(frozen=True)
class Tier:
    min_quantity: int
    percent: Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "percent", as_decimal(self.percent))


@dataclass(frozen=True)
class Coupon:
    code: str
    percent: Decimal = Decimal(0)
    min_subtotal: Decimal = Decimal(0)
    categories: frozenset[str] = frozenset()  # empty: every category
    expires: dt.date | None = None  # the last day it is valid

    def applies_to(self, item: Item) -> bool:
        return not self.categories or item.category in self.categories


@dataclass(frozen=True)
class Line:
    sku: str
    gross: Decimal
    discount: Decimal
    net: Decimal
    tax: Decimal


@dataclass
class Quote:
    lines: list[Line] = field(default_factory=list)
    subtotal: Decimal = Decimal(0)
    tax: Decimal = Decimal(0)
    total: Decimal = Decimal(0)
    notes: list[str] = field(default_factory=list)


def tier_percent(tiers: list[Tier], quantity: int) -> Decimal:
    """The percentage of the highest tier the quantity reaches (tiers in any order)."""
    percent = Decimal(0)
    for tier in sorted(tiers, key=lambda t: t.min_quantity):
        if quantity >= tier.min_quantity:
            percent = tier.percent
    return percent


def tax_rate(region: str, category: str) -> Decimal:
    if region not in TAX_RATES:
        raise PricingError(f"no tax rate for region {region!r}")
    return REDUCED.get(region, {}).get(category, TAX_RATES[region])


def check_coupon(coupon: Coupon, subtotal: Decimal, today: dt.date) -> None:
    if coupon.expires is not None and today > coupon.expires:
        raise CouponError(f"coupon {coupon.code} expired on {coupon.expires}")
    if subtotal < coupon.min_subtotal:
        raise CouponError(f"coupon {coupon.code} needs a subtotal of {coupon.min_subtotal}, not {cents(subtotal)}")


def price(
    items: list[Item],
    region: str,
    *,
    today: dt.date,
    tiers: dict[str, list[Tier]] | None = None,
    coupon: Coupon | None = None,
    rounding: Rounding = Rounding.PER_LINE,
) -> Quote:
    """Tier discounts first, then the coupon's percentage on the lines it applies to (on what the tier left), then
    tax on each line's net. Per line: every line's discount and tax in cents; per total: the sums rounded once."""
    tiers = tiers or {}
    per_line = rounding is Rounding.PER_LINE
    after_tiers = []
    for item in items:
        gross = item.unit_price * item.quantity
        after_tiers.append(gross - gross * tier_percent(tiers.get(item.sku, []), item.quantity) / 100)
    if coupon is not None:
        check_coupon(coupon, sum(after_tiers, Decimal(0)), today)
    quote = Quote()
    for item, net in zip(items, after_tiers, strict=True):
        gross = item.unit_price * item.quantity
        if coupon is not None and coupon.applies_to(item):
            net -= net * coupon.percent / 100
        discount = gross - net
        if per_line:
            discount = cents(discount)
            net = gross - discount
        tax = net * tax_rate(region, item.category)
        quote.lines.append(Line(item.sku, gross, discount, net, cents(tax) if per_line else tax))
    quote.subtotal = cents(sum((line.net for line in quote.lines), Decimal(0)))
    quote.tax = cents(sum((line.tax for line in quote.lines), Decimal(0)))
    quote.total = quote.subtotal + quote.tax
    if coupon is not None:
        quote.notes.append(f"coupon {coupon.code}")
    return quote
