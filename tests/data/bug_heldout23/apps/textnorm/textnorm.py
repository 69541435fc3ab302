"""Text normalisation: accent stripping (NFKD without combining marks), caseless keys (NFKC + casefold), slugs,
whitespace cleaning with str.translate, terminal display widths (East Asian wide/fullwidth = 2, combining = 0),
width-aware truncation and padding, and wrapping with textwrap."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Iterable

SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\t": " ", "\u200b": None, "\ufeff": None})
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})
NON_WORD = re.compile(r"[^0-9a-z]+")


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def caseless(text: str) -> str:
    """A key under which texts that differ only in case or compatibility forms are equal."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", text).casefold())


def clean_whitespace(text: str) -> str:
    """Non-breaking and figure spaces and tabs to spaces, zero-width characters dropped, runs collapsed."""
    return re.sub(r" {2,}", " ", text.translate(SPACES)).strip()


def ascii_punctuation(text: str) -> str:
    return text.translate(QUOTES)


def slugify(text: str, sep: str = "-", max_length: int | None = None) -> str:
    ascii_text = strip_accents(ascii_punctuation(text)).casefold()
    slug = NON_WORD.sub(sep, ascii_text).strip(sep)
    if max_length is not None and len(slug) > max_length:
        cut = slug[: max_length + 1]
        slug = cut[: cut.rfind(sep)] if sep in cut else slug[:max_length]
    return slug


def unique_slug(text: str, taken: Iterable[str]) -> str:
    base = slugify(text)
    used = set(taken)
    if base not in used:
        return base
    n = 2
    while f"{base}-{n}" in used:
        n += 1
    return f"{base}-{n}"


def char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    return sum(char_width(ch) for ch in text)


def truncate(text: str, width: int, ellipsis: str = "…") -> str:
    """text cut to at most `width` columns, the ellipsis included, never splitting a wide character."""
    if display_width(text) <= width:
        return text
    room = width - display_width(ellipsis)
    out, used = [], 0
    for ch in text:
        w = char_width(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out) + ellipsis


def pad(text: str, width: int, align: str = "<") -> str:
    gap = max(0, width - display_width(text))
    if align == ">":
        return " " * gap + text
    if align == "^":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    return text + " " * gap


def wrap(text: str, width: int = 40, indent: str = "") -> list[str]:
    """Paragraph text wrapped to width; hyphenated words and long URLs are never split."""
    wrapper = textwrap.TextWrapper(
        width=width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return wrapper.wrap(clean_whitespace(text))


def initials(name: str) -> str:
    parts = [p for p in re.split(r"[\s\-]+", clean_whitespace(name)) if p]
    return "".join(p[0] for p in parts).upper()


def table(rows: list[list[str]]) -> list[str]:
    """Rows as aligned columns (display widths), numbers right-aligned, separated by two spaces."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [pad(c, w, ">" if c.replace(".", "", 1).isdigit() else "<") for c, w in zip(row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines
