from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from pricing import (
    Coupon,
    CouponError,
    Item,
    PricingError,
    Rounding,
    Tier,
    cents,
    price,
    tax_rate,
    tier_percent,
)

TODAY = dt.date(2026, 3, 14)


def bulk() -> dict[str, list[Tier]]:
    return {"pen": [Tier(10, "5"), Tier(50, "10"), Tier(100, "15")]}


def cart() -> list[Item]:
    return [Item("pen", Decimal("1.20"), 12), Item("bread", Decimal("3.49"), 2, "food"), Item("lamp", Decimal("40"))]


@pytest.mark.parametrize(
    ("amount", "expected"),
    [("0.125", "0.13"), ("2.675", "2.68"), ("0.135", "0.14"), ("-0.125", "-0.13"), ("1.004", "1.00")],
)
def test_cents_half_up(amount: str, expected: str) -> None:
    assert cents(Decimal(amount)) == Decimal(expected)


@pytest.mark.parametrize(
    ("quantity", "expected"),
    [
        (1, Decimal("0")),
        (9, Decimal("0")),
        (10, Decimal("5")),
        (50, Decimal("10")),
        (99, Decimal("10")),
        (100, Decimal("15")),
        (500, Decimal("15")),
    ],
)
def test_tier_percent(quantity: int, expected: Decimal) -> None:
    assert tier_percent(bulk()["pen"], quantity) == expected


def test_tier_percent_any_order() -> None:
    tiers = [Tier(100, 15), Tier(10, 5), Tier(50, 10)]
    assert tier_percent(tiers, 60) == Decimal("10")
    assert tier_percent(tiers, 150) == Decimal("15")


def test_tier_percent_from_float() -> None:
    assert Tier(20, 2.5).percent == Decimal("2.5")
    assert Tier(20, 0.1).percent == Decimal("0.1")


def test_item_price_from_float() -> None:
    item = Item("nib", 2.675, 3)
    assert item.unit_price == Decimal("2.675")
    assert price([item], "US-OR", today=TODAY).total == Decimal("8.03")


def test_item_needs_quantity() -> None:
    with pytest.raises(PricingError, match="quantity must be at least 1, not 0"):
        Item("pen", Decimal("1"), 0)


@pytest.mark.parametrize(
    ("region", "category", "expected"),
    [
        ("DE", "general", "0.19"),
        ("DE", "food", "0.07"),
        ("FR", "food", "0.055"),
        ("JP", "food", "0.10"),
        ("US-OR", "books", "0"),
    ],
)
def test_tax_rate(region: str, category: str, expected: str) -> None:
    assert tax_rate(region, category) == Decimal(expected)


def test_tax_rate_unknown_region() -> None:
    with pytest.raises(PricingError, match="no tax rate for region 'XX'"):
        tax_rate("XX", "general")


def test_price_plain() -> None:
    quote = price(cart(), "DE", today=TODAY)
    assert [line.net for line in quote.lines] == [Decimal("14.40"), Decimal("6.98"), Decimal("40")]
    assert [line.tax for line in quote.lines] == [Decimal("2.74"), Decimal("0.49"), Decimal("7.60")]
    assert (quote.subtotal, quote.tax, quote.total) == (Decimal("61.38"), Decimal("10.83"), Decimal("72.21"))


def test_price_with_tiers() -> None:
    quote = price(cart(), "DE", today=TODAY, tiers=bulk())
    assert quote.lines[0].discount == Decimal("0.72")
    assert quote.lines[0].net == Decimal("13.68")
    assert quote.total == Decimal("71.35")


def test_price_tier_at_threshold() -> None:
    quote = price([Item("pen", Decimal("2.00"), 50)], "FR", today=TODAY, tiers=bulk())
    assert quote.lines[0].discount == Decimal("10.00")
    assert quote.total == Decimal("108.00")


def test_price_coupon_on_category() -> None:
    coupon = Coupon("FOOD10", Decimal("10"), categories=frozenset({"food"}))
    quote = price(cart(), "DE", today=TODAY, coupon=coupon)
    assert [line.discount for line in quote.lines] == [Decimal("0"), Decimal("0.70"), Decimal("0")]
    assert quote.notes == ["coupon FOOD10"]
    assert quote.total == Decimal("71.46")


def test_price_coupon_after_tiers() -> None:
    coupon = Coupon("ALL20", Decimal("20"))
    quote = price([Item("pen", Decimal("1.00"), 100)], "US-OR", today=TODAY, tiers=bulk(), coupon=coupon)
    assert quote.lines[0].discount == Decimal("32.00")
    assert quote.total == Decimal("68.00")


def test_coupon_min_subtotal_after_tiers() -> None:
    coupon = Coupon("BIG", Decimal("5"), min_subtotal=Decimal("100"))
    with pytest.raises(CouponError, match=r"needs a subtotal of 100, not 91\.80"):
        price([Item("pen", Decimal("2.04"), 50)], "DE", today=TODAY, tiers=bulk(), coupon=coupon)


def test_coupon_valid_on_expiry_day() -> None:
    coupon = Coupon("SPRING", Decimal("15"), expires=TODAY)
    quote = price([Item("lamp", Decimal("40"))], "JP", today=TODAY, coupon=coupon)
    assert quote.total == Decimal("37.40")


def test_coupon_expired() -> None:
    coupon = Coupon("WINTER", Decimal("15"), expires=dt.date(2026, 2, 28))
    with pytest.raises(CouponError, match="expired on 2026-02-28"):
        price([Item("lamp", Decimal("40"))], "JP", today=TODAY, coupon=coupon)


def test_price_reduced_rate_region_without_reductions() -> None:
    quote = price([Item("rice", Decimal("5.00"), 3, "food")], "JP", today=TODAY)
    assert quote.tax == Decimal("1.50")
    assert quote.total == Decimal("16.50")


def test_rounding_per_line() -> None:
    items = [Item(f"clip{i}", Decimal("0.05"), 1) for i in range(3)]
    quote = price(items, "DE", today=TODAY)
    assert [line.tax for line in quote.lines] == [Decimal("0.01")] * 3
    assert quote.tax == Decimal("0.03")
    assert quote.total == Decimal("0.18")


def test_rounding_per_total() -> None:
    items = [Item(f"clip{i}", Decimal("0.05"), 1) for i in range(3)]
    quote = price(items, "DE", today=TODAY, rounding=Rounding.PER_TOTAL)
    assert quote.lines[0].tax == Decimal("0.0095")
    assert quote.tax == Decimal("0.03")
    quote = price(items * 2, "DE", today=TODAY, rounding=Rounding.PER_TOTAL)
    assert quote.tax == Decimal("0.06")
    assert quote.total == Decimal("0.36")


def test_rounding_per_line_discounts() -> None:
    coupon = Coupon("THIRD", Decimal("33"))
    items = [Item("a", Decimal("0.15")), Item("b", Decimal("0.15")), Item("c", Decimal("0.15"))]
    per_line = price(items, "US-OR", today=TODAY, coupon=coupon)
    per_total = price(items, "US-OR", today=TODAY, coupon=coupon, rounding=Rounding.PER_TOTAL)
    assert [line.discount for line in per_line.lines] == [Decimal("0.05")] * 3
    assert per_line.subtotal == Decimal("0.30")
    assert per_total.subtotal == Decimal("0.30")
    assert per_total.lines[0].net == Decimal("0.1005")


def test_price_unknown_region() -> None:
    with pytest.raises(PricingError, match="no tax rate for region 'MARS'"):
        price(cart(), "MARS", today=TODAY)
