from datetime import UTC, date, datetime

import pytest
from shifts import (
    add_months,
    business_days,
    hours_per_local_day,
    latest,
    local_day,
    local_start,
    parse_stamp,
    shift_hours,
    week_start,
)


def test_parse_stamp_naive_is_utc():
    assert parse_stamp("2024-03-10T08:00:00") == datetime(2024, 3, 10, 8, tzinfo=UTC)


def test_parse_stamp_with_offset():
    assert parse_stamp("2024-03-10T08:00:00-05:00") == datetime(2024, 3, 10, 13, tzinfo=UTC)


def test_latest_mixes_naive_and_aware():
    assert latest(["2024-01-01T10:00:00+02:00", "2024-01-01T09:00:00", "2023-12-31T23:00:00-05:00"]) == datetime(
        2024, 1, 1, 9, tzinfo=UTC
    )


def test_local_day_crosses_midnight():
    stamp = datetime(2024, 6, 1, 2, 30, tzinfo=UTC)
    assert local_day(stamp, "America/New_York") == date(2024, 5, 31)
    assert local_day(stamp, "Asia/Tokyo") == date(2024, 6, 1)


def test_shift_hours_across_dst_start():
    assert shift_hours("2024-03-10T00:00:00-05:00", "2024-03-10T08:00:00-04:00") == 7.0


def test_local_start_in_summer_and_winter():
    assert local_start(date(2024, 7, 1), 9, "Europe/Berlin") == datetime(2024, 7, 1, 7, tzinfo=UTC)
    assert local_start(date(2024, 1, 15), 9, "Europe/Berlin") == datetime(2024, 1, 15, 8, tzinfo=UTC)


def test_business_days():
    assert business_days(date(2024, 3, 4), date(2024, 3, 11)) == 5
    assert business_days(date(2024, 3, 8), date(2024, 3, 12)) == 2


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        (date(2024, 1, 31), 1, date(2024, 2, 29)),
        (date(2024, 11, 15), 2, date(2025, 1, 15)),
        (date(2024, 12, 31), 12, date(2025, 12, 31)),
        (date(2024, 3, 31), -1, date(2024, 2, 29)),
    ],
)
def test_add_months(day, months, expected):
    assert add_months(day, months) == expected


def test_week_start():
    assert week_start(date(2024, 3, 14)) == date(2024, 3, 11)
    assert week_start(date(2024, 3, 11)) == date(2024, 3, 11)


def test_hours_per_local_day():
    shifts = [
        ("2024-11-03T03:00:00Z", "2024-11-03T11:00:00Z"),
        ("2024-11-03T22:00:00Z", "2024-11-04T06:00:00Z"),
        ("2024-11-04T14:00:00Z", "2024-11-04T18:30:00Z"),
    ]
    assert hours_per_local_day(shifts, "America/Chicago") == {
        date(2024, 11, 2): 8.0,
        date(2024, 11, 3): 8.0,
        date(2024, 11, 4): 4.5,
    }
