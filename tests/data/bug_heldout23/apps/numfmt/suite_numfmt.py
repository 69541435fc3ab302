from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from numfmt import (
    FormatError,
    format_bytes,
    format_currency,
    format_duration,
    format_number,
    format_percent,
    format_timestamp,
    iso_week,
    ordinal,
    parse_number,
    pluralize,
    relative_day,
    week_start,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, "0.00"),
        (7, "7.00"),
        (999, "999.00"),
        (1000, "1,000.00"),
        (1234567.891, "1,234,567.89"),
        (-1234.5, "-1,234.50"),
    ],
)
def test_format_number(value: object, expected: str) -> None:
    assert format_number(value) == expected


def test_grouping_of_exact_multiples() -> None:
    assert format_number(123456, 0) == "123,456"
    assert format_number(-123456789, 0) == "-123,456,789"


@pytest.mark.parametrize(
    ("value", "expected"), [("0.125", "0.13"), ("2.675", "2.68"), ("-0.005", "-0.01"), (1.005, "1.01")]
)
def test_rounding_half_up(value: object, expected: str) -> None:
    assert format_number(value) == expected


def test_separators() -> None:
    assert format_number(1234567.5, 1, sep=".", point=",") == "1.234.567,5"
    assert format_number(1234567, 0, sep="\u202f") == "1\u202f234\u202f567"


@pytest.mark.parametrize(
    ("value", "code", "expected"),
    [
        ("1234.5", "USD", "$1,234.50"),
        ("-3.1", "USD", "-$3.10"),
        ("1234.5", "EUR", "1,234.50 €"),
        ("1234.5", "JPY", "¥1,235"),
        ("2.5", "KWD", "KWD 2.500"),
    ],
)
def test_format_currency(value: str, code: str, expected: str) -> None:
    assert format_currency(value, code) == expected


def test_unknown_currency() -> None:
    with pytest.raises(FormatError, match="unknown currency 'XYZ'"):
        format_currency(1, "XYZ")
    with pytest.raises(FormatError, match="not a number"):
        format_currency("n/a", "USD")


def test_not_a_number() -> None:
    with pytest.raises(FormatError, match="not a number: 'abc'"):
        format_number("abc")


def test_format_percent() -> None:
    assert format_percent("0.256") == "26%"
    assert format_percent("0.12345", 1) == "12.3%"


def test_parse_number() -> None:
    assert parse_number("1,234.50") == Decimal("1234.50")
    assert parse_number("1.234,5", sep=".", point=",") == Decimal("1234.5")
    with pytest.raises(FormatError):
        parse_number("1.2.3")


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (0, "0 B"),
        (1023, "1023 B"),
        (1024, "1.0 KiB"),
        (1536, "1.5 KiB"),
        (5 * 1024**3, "5.0 GiB"),
        (2**50, "1,024.0 TiB"),
    ],
)
def test_format_bytes(size: int, expected: str) -> None:
    assert format_bytes(size) == expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [(dt.date(2024, 3, 14), "2024-W11"), (dt.date(2021, 1, 1), "2020-W53"), (dt.date(2024, 12, 30), "2025-W01")],
)
def test_iso_week(day: dt.date, expected: str) -> None:
    assert iso_week(day) == expected


def test_week_start() -> None:
    assert week_start(dt.date(2024, 3, 14)) == dt.date(2024, 3, 11)
    assert week_start(dt.date(2024, 3, 17)) == dt.date(2024, 3, 11)
    assert week_start(dt.date(2024, 3, 11)) == dt.date(2024, 3, 11)


def test_ordinals() -> None:
    got = [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112)]
    assert got == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th", "112th"]


def test_plural_english() -> None:
    forms = {"one": "{n} file", "other": "{n} files"}
    assert [pluralize(n, forms) for n in (0, 1, 2, 1500)] == ["0 files", "1 file", "2 files", "1,500 files"]


def test_plural_french() -> None:
    forms = {"one": "{n} fichier", "other": "{n} fichiers"}
    assert [pluralize(n, forms, "fr") for n in (0, 1, 2)] == ["0 fichier", "1 fichier", "2 fichiers"]


def test_plural_polish() -> None:
    forms = {"one": "{n} plik", "few": "{n} pliki", "many": "{n} plików"}
    got = [pluralize(n, forms, "pl") for n in (1, 2, 4, 5, 12, 14, 22, 25, 112)]
    assert got == [
        "1 plik",
        "2 pliki",
        "4 pliki",
        "5 plików",
        "12 plików",
        "14 plików",
        "22 pliki",
        "25 plików",
        "112 plików",
    ]


@pytest.mark.parametrize(
    ("seconds", "expected"), [(5, "5s"), (65, "1m 05s"), (3600, "1h 00m 00s"), (3725, "1h 02m 05s")]
)
def test_format_duration(seconds: int, expected: str) -> None:
    assert format_duration(seconds) == expected


def test_relative_day() -> None:
    today = dt.date(2024, 3, 14)
    days = [today + dt.timedelta(days=d) for d in (0, 1, -1, 3, -6, 7, -30)]
    got = [relative_day(d, today) for d in days]
    assert got == ["today", "tomorrow", "yesterday", "in 3 days", "6 days ago", "21 Mar 2024", "13 Feb 2024"]


def test_format_timestamp() -> None:
    tz = dt.timezone(dt.timedelta(hours=2))
    assert format_timestamp(dt.datetime(2024, 3, 14, 12, 30, 5, 999, tzinfo=tz)) == "2024-03-14T10:30:05Z"
    with pytest.raises(FormatError, match="naive"):
        format_timestamp(dt.datetime(2024, 3, 14))
