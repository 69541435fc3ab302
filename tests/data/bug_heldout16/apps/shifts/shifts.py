"""Work-shift records in local time zones with the standard library's datetime and zoneinfo: parsing stamps,
local days, durations across daylight-saving changes, business days, month arithmetic and weekly buckets."""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo


def parse_stamp(text: str) -> datetime:
    """An ISO 8601 stamp as an aware UTC datetime; a stamp without an offset is taken as UTC."""
    stamp = datetime.fromisoformat(text)
    if stamp.tzinfo is None:
        return stamp.replace(tzinfo=UTC)
    return stamp.astimezone(UTC)


def local_day(stamp: datetime, tz: str) -> date:
    """The calendar day of an aware stamp in the time zone `tz`."""
    return stamp.astimezone(ZoneInfo(tz)).date()


def shift_hours(start: str, end: str) -> float:
    """Hours actually worked between two ISO stamps (daylight-saving changes included)."""
    return (parse_stamp(end) - parse_stamp(start)).total_seconds() / 3600


def local_start(day: date, hour: int, tz: str) -> datetime:
    """The aware UTC instant of `hour`:00 wall-clock time on `day` in `tz`."""
    return datetime(day.year, day.month, day.day, hour, tzinfo=ZoneInfo(tz)).astimezone(UTC)


def business_days(start: date, end: date) -> int:
    """Monday-to-Friday days in [start, end)."""
    return sum((start + timedelta(days=i)).weekday() < 5 for i in range((end - start).days))


def add_months(day: date, months: int) -> date:
    """The same day `months` later, clamped to the end of a shorter month."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def week_start(day: date) -> date:
    """The Monday of the day's week."""
    return day - timedelta(days=day.weekday())


def hours_per_local_day(shifts: list[tuple[str, str]], tz: str) -> dict[date, float]:
    """Hours worked per local starting day, days in order."""
    totals: dict[date, float] = {}
    for start, end in shifts:
        day = local_day(parse_stamp(start), tz)
        totals[day] = totals.get(day, 0.0) + shift_hours(start, end)
    return dict(sorted(totals.items()))


def latest(stamps: list[str]) -> datetime:
    """The latest of some ISO stamps, with or without offsets."""
    return max(parse_stamp(s) for s in stamps)
