from __future__ import annotations

import pytest
from textnorm import (
    ascii_punctuation,
    caseless,
    clean_whitespace,
    display_width,
    initials,
    pad,
    slugify,
    strip_accents,
    table,
    truncate,
    unique_slug,
    wrap,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Crème Brûlée", "Creme Brulee"), ("naïve façade", "naive facade"), ("Ångström", "Angstrom"), ("ﬁle", "file")],
)
def test_strip_accents(text: str, expected: str) -> None:
    assert strip_accents(text) == expected


def test_caseless_matching() -> None:
    assert caseless("Straße") == caseless("STRASSE")
    assert caseless("ﬁle") == caseless("FILE")
    assert caseless("Café") == caseless("CAFE\u0301")


def test_caseless_keys_group_names() -> None:
    names = ["Müller", "MÜLLER", "Mueller", "müller"]
    assert len({caseless(n) for n in names}) == 2


def test_clean_whitespace() -> None:
    assert clean_whitespace("  a\u00a0b\tc\u200bd  \u202fe ") == "a b cd e"
    assert clean_whitespace("\ufeffhello   world") == "hello world"


def test_ascii_punctuation() -> None:
    assert ascii_punctuation("\u201cit\u2019s\u201d \u2013 ok") == '"it\'s" - ok'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello, World!", "hello-world"),
        ("  Crème Brûlée  Recipe ", "creme-brulee-recipe"),
        ("Straße 5", "strasse-5"),
        ("\u201cQuoted\u201d \u2014 Title", "quoted-title"),
        ("ﬁve ½ ways", "five-1-2-ways"),
    ],
)
def test_slugify(text: str, expected: str) -> None:
    assert slugify(text) == expected


def test_slugify_separator() -> None:
    assert slugify("Déjà Vu Again", sep="_") == "deja_vu_again"


def test_slugify_max_length_at_word_boundary() -> None:
    assert slugify("the quick brown fox", max_length=15) == "the-quick-brown"
    assert slugify("the quick brown fox", max_length=14) == "the-quick"
    assert slugify("supercalifragilistic", max_length=5) == "super"


def test_unique_slug() -> None:
    assert unique_slug("My Post", []) == "my-post"
    assert unique_slug("My Post", ["my-post"]) == "my-post-2"
    assert unique_slug("My Post", ["my-post", "my-post-2"]) == "my-post-3"


@pytest.mark.parametrize(
    ("text", "width"),
    [("abc", 3), ("日本語", 6), ("\uff46\uff55\uff4c\uff4c", 8), ("e\u0301", 1), ("a\u200bb", 2), ("한국", 4)],
)
def test_display_width(text: str, width: int) -> None:
    assert display_width(text) == width


def test_truncate() -> None:
    assert truncate("hello world", 20) == "hello world"
    assert truncate("hello world", 8) == "hello w…"
    assert display_width(truncate("hello world", 8)) == 8


def test_truncate_wide() -> None:
    assert truncate("日本語のテキスト", 7) == "日本語…"
    assert truncate("日本語のテキスト", 8) == "日本語…"


def test_pad() -> None:
    assert pad("ab", 5) == "ab   "
    assert pad("ab", 5, ">") == "   ab"
    assert pad("ab", 5, "^") == " ab  "
    assert pad("日本", 6, "^") == " 日本 "


def test_wrap_keeps_hyphenated_words() -> None:
    text = "a well-known state-of-the-art approach to text wrapping"
    assert wrap(text, 20) == ["a well-known", "state-of-the-art", "approach to text", "wrapping"]


def test_wrap_long_url_and_indent() -> None:
    text = "see https://example.org/a/very/long/path/to/a/page for\u00a0details"
    assert wrap(text, 24, indent="  ") == ["  see", "  https://example.org/a/very/long/path/to/a/page", "  for details"]


def test_initials() -> None:
    assert initials("jean-luc  picard") == "JLP"
    assert initials("ada\u00a0lovelace") == "AL"


def test_table() -> None:
    rows = [["name", "qty"], ["日本", "12"], ["apple", "3.5"]]
    assert table(rows) == ["name   qty", "日本    12", "apple  3.5"]


def test_unique_slug_caseless() -> None:
    assert unique_slug("STRASSE", []) == "strasse"
    assert unique_slug("Straße", ["strasse"]) == "strasse-2"
