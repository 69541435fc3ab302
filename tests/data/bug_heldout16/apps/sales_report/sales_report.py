"""Clean and aggregate a small sales ledger with pandas: typed orders, revenue per region, per day and per segment."""

from __future__ import annotations

import pandas as pd


def clean_orders(raw: pd.DataFrame) -> pd.DataFrame:
    """Typed, de-duplicated orders: prices as floats ('$' and thousands separators removed), quantities as int64,
    days as datetimes; rows without a customer are dropped and the last record of a repeated order id is kept."""
    df = raw.copy()
    price = df["price"].astype(str).str.replace("$", "", regex=False).str.replace(",", "", regex=False)
    df["price"] = price.astype(float)
    df["qty"] = df["qty"].astype("int64")
    df["day"] = pd.to_datetime(df["day"])
    df = df.dropna(subset=["customer"])
    df = df.drop_duplicates(subset="order_id", keep="last")
    return df.reset_index(drop=True)


def add_revenue(df: pd.DataFrame) -> pd.DataFrame:
    """A copy with `revenue` = qty * price, rounded to cents."""
    out = df.copy()
    out["revenue"] = (out["qty"] * out["price"]).round(2)
    return out


def region_totals(df: pd.DataFrame) -> pd.DataFrame:
    """Revenue and number of orders per region, largest revenue first (ties by region name)."""
    rev = add_revenue(df)
    out = rev.groupby("region", as_index=False).agg(revenue=("revenue", "sum"), orders=("order_id", "count"))
    out = out.sort_values(["revenue", "region"], ascending=[False, True])
    return out.reset_index(drop=True)


def daily_revenue(df: pd.DataFrame, window: int = 3) -> pd.DataFrame:
    """Revenue per calendar day (days without orders count as 0) and its trailing mean over `window` days (fewer
    at the start)."""
    per_day = add_revenue(df).groupby("day")["revenue"].sum()
    full = pd.date_range(per_day.index.min(), per_day.index.max(), freq="D")
    per_day = per_day.reindex(full, fill_value=0.0)
    out = pd.DataFrame({"revenue": per_day})
    out["trailing"] = out["revenue"].rolling(window, min_periods=1).mean()
    out.index.name = "day"
    return out.reset_index()


def with_segments(orders: pd.DataFrame, customers: pd.DataFrame) -> pd.DataFrame:
    """Orders with their customer's segment; orders of customers not in `customers` get segment 'unknown'."""
    merged = orders.merge(customers[["customer", "segment"]], on="customer", how="left")
    merged["segment"] = merged["segment"].fillna("unknown")
    return merged


def segment_share(orders: pd.DataFrame, customers: pd.DataFrame) -> pd.Series:
    """Each segment's share of the revenue (the shares sum to 1), rounded to 3 places."""
    totals = add_revenue(with_segments(orders, customers)).groupby("segment")["revenue"].sum()
    return (totals / totals.sum()).round(3)


def region_mix(df: pd.DataFrame) -> pd.DataFrame:
    """Units per region (rows) and category (columns) as each region's shares: every row sums to 1."""
    table = pd.crosstab(df["region"], df["category"], values=df["qty"], aggfunc="sum").fillna(0)
    table.columns.name = None
    return table.div(table.sum(axis=1), axis=0)


def units_by_month(df: pd.DataFrame) -> pd.DataFrame:
    """Units sold per region (rows) and month (columns, 'YYYY-MM'), missing cells 0, as int64."""
    monthly = df.assign(month=df["day"].dt.strftime("%Y-%m"))
    table = monthly.pivot_table(index="region", columns="month", values="qty", aggfunc="sum", fill_value=0)
    table.columns.name = None
    return table.astype("int64")
