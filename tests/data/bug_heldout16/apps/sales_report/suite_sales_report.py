import pandas as pd
import pytest
from pandas.testing import assert_frame_equal, assert_series_equal
from sales_report import (
    add_revenue,
    clean_orders,
    daily_revenue,
    region_mix,
    region_totals,
    segment_share,
    units_by_month,
    with_segments,
)


@pytest.fixture
def raw():
    return pd.DataFrame(
        {
            "order_id": [1, 2, 3, 3, 4, 5, 6],
            "day": ["2024-03-01", "2024-03-01", "2024-03-02", "2024-03-02", "2024-03-04", "2024-04-02", "2024-04-04"],
            "region": ["north", "south", "north", "north", "east", "south", "east"],
            "category": ["tools", "toys", "tools", "tools", "toys", "tools", "toys"],
            "customer": ["ann", "bob", "cid", "cid", None, "ann", "dee"],
            "qty": ["2", "1", "5", "4", "3", "2", "6"],
            "price": ["$10.50", "$1,200.00", "$3.00", "$3.25", "$8.00", "$10.50", "$2.00"],
        }
    )


@pytest.fixture
def orders(raw):
    return clean_orders(raw)


@pytest.fixture
def customers():
    return pd.DataFrame({"customer": ["ann", "bob", "cid"], "segment": ["retail", "business", "retail"]})


def test_clean_orders_types_and_dedup(orders):
    assert list(orders["order_id"]) == [1, 2, 3, 5, 6]
    assert orders["price"].tolist() == [10.5, 1200.0, 3.25, 10.5, 2.0]
    assert orders["qty"].dtype == "int64"
    assert orders.loc[2, "qty"] == 4


def test_clean_orders_leaves_input_alone(raw):
    before = raw.copy()
    clean_orders(raw)
    assert_frame_equal(raw, before)


def test_region_totals(orders):
    expected = pd.DataFrame(
        {"region": ["south", "north", "east"], "revenue": [1221.0, 34.0, 12.0], "orders": [2, 2, 1]}
    )
    assert_frame_equal(region_totals(orders), expected)


def test_region_totals_top_region(orders):
    assert region_totals(orders).loc[0, "region"] == "south"


def test_daily_revenue_fills_gaps(orders):
    out = daily_revenue(orders[orders["day"] < "2024-03-10"])
    expected = pd.DataFrame(
        {
            "day": pd.date_range("2024-03-01", "2024-03-02", freq="D"),
            "revenue": [1221.0, 13.0],
            "trailing": [1221.0, 617.0],
        }
    )
    assert_frame_equal(out, expected)


def test_daily_revenue_april(orders):
    out = daily_revenue(orders[orders["day"] >= "2024-04-01"], window=2)
    expected = pd.DataFrame(
        {
            "day": pd.date_range("2024-04-02", "2024-04-04", freq="D"),
            "revenue": [21.0, 0.0, 12.0],
            "trailing": [21.0, 10.5, 6.0],
        }
    )
    assert_frame_equal(out, expected)


def test_daily_revenue_gap_days(orders):
    out = daily_revenue(orders, window=3)
    assert len(out) == 35
    assert out["revenue"].sum() == pytest.approx(1267.0)
    assert out.loc[out["day"] == "2024-03-03", "revenue"].item() == 0.0
    assert out["trailing"].notna().all()


def test_with_segments_keeps_unknown(orders, customers):
    out = with_segments(orders, customers)
    assert out["segment"].tolist() == ["retail", "business", "retail", "retail", "unknown"]


def test_segment_share(orders, customers):
    expected = pd.Series({"business": 0.947, "retail": 0.043, "unknown": 0.009}, name="revenue")
    expected.index.name = "segment"
    assert_series_equal(segment_share(orders, customers), expected)


def test_region_mix_rows_sum_to_one(orders):
    mix = region_mix(orders)
    expected = pd.DataFrame(
        {"tools": [0.0, 1.0, 2 / 3], "toys": [1.0, 0.0, 1 / 3]},
        index=pd.Index(["east", "north", "south"], name="region"),
    )
    assert_frame_equal(mix, expected)


def test_units_by_month(orders):
    expected = pd.DataFrame(
        {"2024-03": [0, 6, 1], "2024-04": [6, 0, 2]}, index=pd.Index(["east", "north", "south"], name="region")
    )
    assert_frame_equal(units_by_month(orders), expected)


def test_add_revenue_rounds_to_cents():
    df = pd.DataFrame({"qty": [3], "price": [0.335]})
    assert add_revenue(df)["revenue"].tolist() == [1.01]
