from __future__ import annotations

import datetime as dt

import pytest
from booking import (
    BookingError,
    Calendar,
    Freq,
    Overlap,
    Slot,
    Status,
    TooLate,
    add_months,
    fixed_offset,
    parse_local,
    series,
)

HOUR = dt.timedelta(hours=1)
UTC = dt.timezone.utc


def slot(cal: Calendar, day: int, hour: int, hours: int = 1, month: int = 4) -> Slot:
    start = cal.at(2026, month, day, hour)
    return Slot(start, start + hours * HOUR)


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        (dt.date(2026, 1, 15), 1, dt.date(2026, 2, 15)),
        (dt.date(2026, 1, 31), 1, dt.date(2026, 2, 28)),
        (dt.date(2028, 1, 31), 1, dt.date(2028, 2, 29)),
        (dt.date(2026, 3, 31), 1, dt.date(2026, 4, 30)),
        (dt.date(2026, 11, 30), 2, dt.date(2027, 1, 30)),
        (dt.date(2026, 12, 5), 1, dt.date(2027, 1, 5)),
        (dt.date(2026, 5, 31), 12, dt.date(2027, 5, 31)),
    ],
)
def test_add_months(day: dt.date, months: int, expected: dt.date) -> None:
    assert add_months(day, months) == expected


def test_parse_local_keeps_wall_clock() -> None:
    tz = fixed_offset(2)
    moment = parse_local("2026-04-01 10:00", tz)
    assert moment.isoformat() == "2026-04-01T10:00:00+02:00"
    assert moment.astimezone(UTC).hour == 8


def test_parse_local_negative_offset() -> None:
    moment = parse_local("2026-04-01T23:30", fixed_offset(-5))
    assert moment.astimezone(UTC) == dt.datetime(2026, 4, 2, 4, 30, tzinfo=UTC)


def test_slot_must_end_after_start() -> None:
    start = dt.datetime(2026, 4, 1, 10, tzinfo=UTC)
    with pytest.raises(BookingError, match="before it starts"):
        Slot(start, start)


def test_slots_overlap() -> None:
    cal = Calendar()
    assert slot(cal, 1, 10, 2).overlaps(slot(cal, 1, 11))
    assert slot(cal, 1, 11).overlaps(slot(cal, 1, 10, 3))
    assert not slot(cal, 1, 10).overlaps(slot(cal, 1, 11))
    assert not slot(cal, 1, 11).overlaps(slot(cal, 1, 10))


def test_book_and_overlap() -> None:
    cal = Calendar()
    first = cal.book("ann", slot(cal, 1, 10, 2))
    assert first.id == 1
    with pytest.raises(Overlap, match="2026-04-01 11:00 overlaps booking 1 of ann"):
        cal.book("bob", slot(cal, 1, 11))


def test_back_to_back_bookings() -> None:
    cal = Calendar()
    cal.book("ann", slot(cal, 1, 10))
    cal.book("bob", slot(cal, 1, 11))
    cal.book("cem", slot(cal, 1, 9))
    assert [b.who for b in cal.active()] == ["ann", "bob", "cem"]


def test_opening_hours() -> None:
    cal = Calendar()
    cal.book("ann", slot(cal, 1, 9))
    cal.book("ann", slot(cal, 1, 16))
    with pytest.raises(BookingError, match="08:00-09:00 is outside opening hours"):
        cal.book("bob", slot(cal, 1, 8))
    with pytest.raises(BookingError, match="outside opening hours"):
        cal.book("bob", slot(cal, 1, 16, 2))


def test_opening_hours_in_calendar_zone() -> None:
    cal = Calendar(2)
    start = dt.datetime(2026, 4, 1, 7, tzinfo=UTC)
    booking = cal.book("ann", Slot(start, start + HOUR))
    assert booking.slot.start.astimezone(cal.tz).hour == 9
    late = dt.datetime(2026, 4, 1, 15, tzinfo=UTC)
    with pytest.raises(BookingError, match="2026-04-01 17:00-18:00 is outside opening hours"):
        cal.book("bob", Slot(late, late + HOUR))


def test_overlap_across_zones() -> None:
    cal = Calendar(2)
    cal.book("ann", slot(cal, 1, 10))
    start = dt.datetime(2026, 4, 1, 8, 30, tzinfo=UTC)
    with pytest.raises(Overlap, match="2026-04-01 10:30 overlaps booking 1"):
        cal.book("bob", Slot(start, start + HOUR))


def test_weekly_series() -> None:
    cal = Calendar()
    slots = series(slot(cal, 28, 10), Freq.WEEKLY, 3)
    assert [s.start.date() for s in slots] == [dt.date(2026, 4, 28), dt.date(2026, 5, 5), dt.date(2026, 5, 12)]
    assert all(s.end - s.start == HOUR for s in slots)


def test_monthly_series_month_end() -> None:
    cal = Calendar()
    slots = series(slot(cal, 31, 14, month=1), Freq.MONTHLY, 4)
    days = [s.start.date().isoformat() for s in slots]
    assert days == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]
    assert {s.start.hour for s in slots} == {14}


def test_monthly_series_over_new_year() -> None:
    cal = Calendar(-5)
    slots = series(slot(cal, 15, 9, month=11), Freq.MONTHLY, 3)
    assert [s.start.date() for s in slots] == [dt.date(2026, 11, 15), dt.date(2026, 12, 15), dt.date(2027, 1, 15)]
    assert slots[-1].start.utcoffset() == dt.timedelta(hours=-5)


def test_book_series() -> None:
    cal = Calendar()
    bookings = cal.book_series("ann", slot(cal, 30, 10, month=1), Freq.MONTHLY, 3)
    assert [b.slot.start.date().isoformat() for b in bookings] == ["2026-01-30", "2026-02-28", "2026-03-30"]
    assert [b.id for b in bookings] == [1, 2, 3]


def test_book_series_all_or_nothing() -> None:
    cal = Calendar()
    cal.book("bob", slot(cal, 15, 10))
    with pytest.raises(Overlap, match="2026-04-15 10:00 overlaps booking 1 of bob"):
        cal.book_series("ann", slot(cal, 1, 10), Freq.WEEKLY, 4)
    assert [b.who for b in cal.active()] == ["bob"]


def test_cancel_before_window() -> None:
    cal = Calendar()
    booking = cal.book("ann", slot(cal, 2, 10))
    cancelled = cal.cancel(booking.id, now=cal.at(2026, 4, 1, 9))
    assert cancelled.status is Status.CANCELLED
    assert cal.active() == []


def test_cancel_at_window_edge() -> None:
    cal = Calendar(1)
    booking = cal.book("ann", slot(cal, 2, 10))
    assert cal.cancel(booking.id, now=dt.datetime(2026, 4, 1, 9, tzinfo=UTC)).status is Status.CANCELLED


def test_cancel_too_late() -> None:
    cal = Calendar()
    booking = cal.book("ann", slot(cal, 2, 10))
    with pytest.raises(TooLate, match=r"until 2026-04-01 10:00:00\+00:00"):
        cal.cancel(booking.id, now=cal.at(2026, 4, 1, 10, 1))
    assert booking.status is Status.ACTIVE


def test_cancel_unknown() -> None:
    with pytest.raises(BookingError, match="no booking 7"):
        Calendar().cancel(7, now=dt.datetime(2026, 4, 1, tzinfo=UTC))


def test_cancelled_slot_can_be_booked_again() -> None:
    cal = Calendar()
    booking = cal.book("ann", slot(cal, 3, 13))
    cal.cancel(booking.id, now=cal.at(2026, 4, 1, 9))
    again = cal.book("bob", slot(cal, 3, 13))
    assert (again.id, again.who) == (2, "bob")


def test_free_slots() -> None:
    cal = Calendar(closing=dt.time(13))
    cal.book("ann", slot(cal, 6, 10))
    free = cal.free_slots(dt.date(2026, 4, 6), HOUR)
    assert [s.start.hour for s in free] == [9, 11, 12]
    assert free[-1].end == cal.at(2026, 4, 6, 13)


def test_free_slots_after_cancel() -> None:
    cal = Calendar(3, opening=dt.time(8), closing=dt.time(10))
    booking = cal.book("ann", slot(cal, 6, 8))
    cal.cancel(booking.id, now=cal.at(2026, 4, 1, 9))
    free = cal.free_slots(dt.date(2026, 4, 6), HOUR / 2)
    assert [s.start.strftime("%H:%M%z") for s in free] == ["08:00+0300", "08:30+0300", "09:00+0300", "09:30+0300"]
