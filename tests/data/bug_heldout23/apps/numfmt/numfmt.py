"""Number, currency, size, date and plural formatting on decimal and datetime, without the locale module: half-up
rounding, thousands separators, currencies with their minor units, byte sizes, ISO weeks, ordinals, relative dates and
plural rules for a few languages."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

CURRENCIES = {"USD": ("$", 2, True), "EUR": ("€", 2, False), "JPY": ("¥", 0, True), "KWD": ("KWD ", 3, True)}
UNITS = ["B", "KiB", "MiB", "GiB", "TiB"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


class FormatError(ValueError):
    pass


def to_decimal(value: object) -> Decimal:
    if isinstance(value, float):
        return Decimal(repr(value))
    try:
        return Decimal(str(value))
    except InvalidOperation:
        raise FormatError(f"not a number: {value!r}") from None


def group(digits: str, sep: str = ",") -> str:
    """An integer's digits (no sign) in groups of three from the right."""
    parts = []
    while len(digits) > 3:
        parts.append(digits[-3:])
        digits = digits[:-3]
    parts.append(digits)
    return sep.join(reversed(parts))


def format_number(value: object, places: int = 2, sep: str = ",", point: str = ".") -> str:
    number = to_decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    sign = "-" if number < 0 else ""
    whole, _, frac = f"{abs(number):f}".partition(".")
    text = sign + group(whole, sep)
    return f"{text}{point}{frac}" if frac else text


def format_currency(value: object, code: str) -> str:
    if code not in CURRENCIES:
        raise FormatError(f"unknown currency {code!r}")
    symbol, minor, before = CURRENCIES[code]
    text = format_number(abs(to_decimal(value)), minor)
    sign = "-" if to_decimal(value) < 0 else ""
    return f"{sign}{symbol}{text}" if before else f"{sign}{text} {symbol}"


def format_percent(value: object, places: int = 0) -> str:
    return format_number(to_decimal(value) * 100, places) + "%"


def parse_number(text: str, sep: str = ",", point: str = ".") -> Decimal:
    cleaned = text.strip().replace(sep, "").replace(point, ".")
    if not cleaned or cleaned.count(".") > 1:
        raise FormatError(f"not a number: {text!r}")
    return to_decimal(cleaned)


def format_bytes(size: int) -> str:
    value = Decimal(size)
    for unit in UNITS:
        if abs(value) < 1024 or unit == UNITS[-1]:
            break
        value /= 1024
    if unit == "B":
        return f"{size} B"
    return f"{format_number(value, 1)} {unit}"


def iso_week(day: dt.date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def week_start(day: dt.date) -> dt.date:
    """The Monday of day's ISO week."""
    return day - dt.timedelta(days=day.isoweekday() - 1)


def ordinal(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural_form(n: int, lang: str) -> str:
    """The CLDR plural category of an integer count."""
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def pluralize(n: int, forms: dict[str, str], lang: str = "en") -> str:
    return forms[plural_form(n, lang)].format(n=format_number(n, 0))


def format_duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m {secs:02d}s"
    if minutes:
        return f"{minutes}m {secs:02d}s"
    return f"{secs}s"


def relative_day(day: dt.date, today: dt.date) -> str:
    delta = (day - today).days
    if delta == 0:
        return "today"
    if delta == 1:
        return "tomorrow"
    if delta == -1:
        return "yesterday"
    if abs(delta) < 7:
        return f"in {delta} days" if delta > 0 else f"{-delta} days ago"
    return f"{day.day:02d} {MONTHS[day.month - 1]} {day.year}"


def format_timestamp(moment: dt.datetime) -> str:
    """An aware datetime in UTC, ISO 8601 with a Z and whole seconds."""
    if moment.tzinfo is None:
        raise FormatError("naive datetime")
    return moment.astimezone(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
