"""Small text parsing helpers, documented and checked by the doctests in their docstrings
(`pytest --doctest-modules textkit.py`)."""

from __future__ import annotations

import re

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def slugify(title: str) -> str:
    """A URL slug: lower case, runs of other characters as one '-', no '-' at either end.

    >>> slugify("Hello, World!")
    'hello-world'
    >>> slugify("  Data -- Analysis 101 ")
    'data-analysis-101'
    """
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def parse_duration(text: str) -> int:
    """Seconds in a duration such as '1h30m' or '2d 45s'.

    >>> parse_duration("1h30m")
    5400
    >>> parse_duration("2d 45s")
    172845
    >>> parse_duration("90s")
    90
    """
    return sum(int(n) * UNITS[u] for n, u in re.findall(r"(\d+)\s*([dhms])", text))


def parse_pairs(text: str) -> dict[str, str]:
    """'key=value' pairs separated by ';' (a value may itself hold '='; blanks around keys and values dropped).

    >>> parse_pairs("host = db1; port=5432")
    {'host': 'db1', 'port': '5432'}
    >>> parse_pairs("url=http://x/?a=1;mode=ro")
    {'url': 'http://x/?a=1', 'mode': 'ro'}
    """
    pairs = {}
    for part in text.split(";"):
        if part.strip():
            key, value = part.split("=", 1)
            pairs[key.strip()] = value.strip()
    return pairs


def split_fields(line: str, sep: str = ",") -> list[str]:
    """Fields of one delimited line; a field in double quotes may hold the separator.

    >>> split_fields('a,"b,c",d')
    ['a', 'b,c', 'd']
    >>> split_fields('x,,"y"')
    ['x', '', 'y']
    """
    fields, field, quoted = [], "", False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            fields.append(field)
            field = ""
        else:
            field += ch
    fields.append(field)
    return fields


def wrap(text: str, width: int) -> list[str]:
    """Words greedily packed into lines of at most `width` characters.

    >>> wrap("the quick brown fox jumps over the lazy dog", 10)
    ['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            if current:
                lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def truncate(text: str, limit: int) -> str:
    """At most `limit` characters; a cut text ends with '...' within the limit.

    >>> truncate("short", 10)
    'short'
    >>> truncate("a rather long sentence", 10)
    'a rathe...'
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."


def roman(n: int) -> str:
    """The Roman numeral of 1 <= n < 4000.

    >>> roman(1994)
    'MCMXCIV'
    >>> [roman(i) for i in (4, 9, 14, 40)]
    ['IV', 'IX', 'XIV', 'XL']
    """
    out = ""
    for value, sym in [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ]:
        while n >= value:
            out += sym
            n -= value
    return out


def word_counts(text: str) -> list[tuple[str, int]]:
    """Words (lower case, letters and apostrophes) by count, most frequent first; ties in order of first use.

    >>> word_counts("the cat and the hat and the bat")
    [('the', 3), ('and', 2), ('cat', 1), ('hat', 1), ('bat', 1)]
    """
    counts: dict[str, int] = {}
    for word in re.findall(r"[a-z']+", text.lower()):
        counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1])


def slug_path(*parts: str) -> str:
    """A URL path of slugs.

    >>> slug_path("Reports!", "Q1 Sales ", "by region")
    'reports/q1-sales/by-region'
    """
    return "/".join(slugify(part) for part in parts)


def total_seconds(entries: str) -> int:
    """Seconds in a comma-separated list of durations.

    >>> total_seconds("1h, 30m, 45s")
    5445
    """
    return sum(parse_duration(entry) for entry in entries.split(","))


def read_settings(text: str) -> dict[str, object]:
    """Settings from 'key=value' pairs, digits as ints.

    >>> read_settings("host=db1;port=5432;dsn=pg://u@h/db?sslmode=require")
    {'host': 'db1', 'port': 5432, 'dsn': 'pg://u@h/db?sslmode=require'}
    """
    return {k: int(v) if v.isdigit() else v for k, v in parse_pairs(text).items()}


def read_table(text: str) -> list[list[str]]:
    """Rows of comma-separated fields, one per line.

    >>> read_table('name,city\\n"Doe, J.",Oslo\\nAli,"Rome, IT"')
    [['name', 'city'], ['Doe, J.', 'Oslo'], ['Ali', 'Rome, IT']]
    """
    return [split_fields(line) for line in text.splitlines()]


def paragraph(text: str, width: int) -> str:
    """The text wrapped at `width`, as one string.

    >>> print(paragraph("pack these words into short lines", 11))
    pack these
    words into
    short lines
    """
    return "\n".join(wrap(text, width))
