"""A booking calendar on the stdlib: slots of aware datetimes, a calendar in one fixed UTC offset with opening hours,
overlap checks, weekly and monthly series (a month-end start keeps to each month's last day), cancellation up to a
window before the start, and the free slots of a day. The clock is always passed in (`now`)."""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass
from enum import Enum


class BookingError(Exception):
    pass


class Overlap(BookingError):
    pass


class TooLate(BookingError):
    pass


class Freq(Enum):
    WEEKLY = "weekly"
    MONTHLY = "monthly"


class Status(Enum):
    ACTIVE = "active"
    CANCELLED = "cancelled"


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day `months` later, on the month's last day when it is shorter."""
    index = day.month - 1 + months
    year = day.year + index // 12
    month = index % 12 + 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def fixed_offset(hours: float) -> dt.timezone:
    return dt.timezone(dt.timedelta(hours=hours))


def parse_local(text: str, tz: dt.timezone) -> dt.datetime:
    """A wall-clock time written without an offset, in the zone tz."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=tz)


@dataclass(frozen=True)
class Slot:
    start: dt.datetime
    end: dt.datetime

    def __post_init__(self) -> None:
        if self.end <= self.start:
            raise BookingError(f"slot ends at {self.end} before it starts at {self.start}")

    def overlaps(self, other: Slot) -> bool:
        return self.start < other.end and other.start < self.end

    def shifted(self, delta: dt.timedelta) -> Slot:
        return Slot(self.start + delta, self.end + delta)


@dataclass
class Booking:
    id: int
    who: str
    slot: Slot
    status: Status = Status.ACTIVE


def series(first: Slot, freq: Freq, count: int) -> list[Slot]:
    """`count` slots from `first`: every week, or every month on the first slot's day (each from the first, so a
    series started on the 31st keeps to month ends)."""
    slots = []
    for i in range(count):
        if freq is Freq.WEEKLY:
            slots.append(first.shifted(dt.timedelta(weeks=i)))
        else:
            day = add_months(first.start.date(), i)
            slots.append(first.shifted(day - first.start.date()))
    return slots


class Calendar:
    def __init__(
        self,
        offset_hours: float = 0,
        *,
        opening: dt.time = dt.time(9),
        closing: dt.time = dt.time(17),
        cancel_window: dt.timedelta = dt.timedelta(hours=24),
    ) -> None:
        self.tz = fixed_offset(offset_hours)
        self.opening, self.closing, self.cancel_window = opening, closing, cancel_window
        self._bookings: dict[int, Booking] = {}

    def at(self, year: int, month: int, day: int, hour: int, minute: int = 0) -> dt.datetime:
        """A wall-clock time in the calendar's zone."""
        return dt.datetime(year, month, day, hour, minute, tzinfo=self.tz)

    def active(self) -> list[Booking]:
        return [b for b in self._bookings.values() if b.status is Status.ACTIVE]

    def check(self, slot: Slot) -> None:
        start, end = slot.start.astimezone(self.tz), slot.end.astimezone(self.tz)
        if start.date() != end.date() or start.time() < self.opening or end.time() > self.closing:
            raise BookingError(f"{start:%Y-%m-%d %H:%M}-{end:%H:%M} is outside opening hours")
        for booking in self.active():
            if booking.slot.overlaps(slot):
                raise Overlap(f"{start:%Y-%m-%d %H:%M} overlaps booking {booking.id} of {booking.who}")

    def book(self, who: str, slot: Slot) -> Booking:
        self.check(slot)
        booking = self._bookings[len(self._bookings) + 1] = Booking(len(self._bookings) + 1, who, slot)
        return booking

    def book_series(self, who: str, first: Slot, freq: Freq, count: int) -> list[Booking]:
        """Every slot of the series, or none: each is checked before any is booked."""
        slots = series(first, freq, count)
        for slot in slots:
            self.check(slot)
        return [self.book(who, slot) for slot in slots]

    def cancel(self, booking_id: int, now: dt.datetime) -> Booking:
        if booking_id not in self._bookings:
            raise BookingError(f"no booking {booking_id}")
        booking = self._bookings[booking_id]
        if now > booking.slot.start - self.cancel_window:
            raise TooLate(f"booking {booking_id} can be cancelled until {booking.slot.start - self.cancel_window}")
        booking.status = Status.CANCELLED
        return booking

    def free_slots(self, day: dt.date, length: dt.timedelta) -> list[Slot]:
        """The day's free slots of `length`, on a grid of `length` from opening time."""
        free = []
        start = dt.datetime.combine(day, self.opening, tzinfo=self.tz)
        closing = dt.datetime.combine(day, self.closing, tzinfo=self.tz)
        while start + length <= closing:
            slot = Slot(start, start + length)
            if not any(b.slot.overlaps(slot) for b in self.active()):
                free.append(slot)
            start += length
        return free
