from decimal import Decimal
from pathlib import Path

import pytest
from xmlcat import (
    Book,
    CatalogError,
    Price,
    by_author,
    find_book,
    from_xml,
    read,
    titles_by_year,
    to_xml,
    total_price,
    write,
)

GOLDEN = Path(__file__).parent / "golden"
BOOKS = [
    Book("b2", "Flächen und Körper", ("Ute Maier",), 2004, lang="de", price=Price(Decimal("19.9"))),
    Book(
        "b1",
        "Parsing Things",
        ("Ann Lee", "Bo Chen"),
        1999,
        price=Price(Decimal("12.50"), "USD"),
        tags=("xml", "parsing"),
    ),
    Book("b3", "Untagged", ("Ann Lee",), 2021),
]


def test_write_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "catalog.xml"
    write(BOOKS, out)
    assert out.read_text(encoding="utf-8") == GOLDEN.joinpath("catalog.xml").read_text(encoding="utf-8")


def test_golden_ends_with_one_newline() -> None:
    text = to_xml(BOOKS)
    assert text.endswith("</cat:catalog>\n")
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n<cat:catalog xmlns:cat="urn:example:catalog"')


def test_read_golden() -> None:
    books = read(GOLDEN / "catalog.xml")
    assert [b.id for b in books] == ["b1", "b2", "b3"]
    assert books[0] == BOOKS[1]
    assert books[1].lang == "de"
    assert books[1].price == Price(Decimal("19.90"), "EUR")
    assert books[2].tags == ()


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "rt.xml"
    write(BOOKS, path)
    again = read(path)
    assert sorted(again, key=lambda b: b.id) == sorted(BOOKS, key=lambda b: b.id)
    assert to_xml(again) == to_xml(BOOKS)


def test_reads_other_prefixes() -> None:
    doc = (
        '<c:catalog xmlns:c="urn:example:catalog" xmlns:d="http://purl.org/dc/elements/1.1/" version="1">'
        '<c:book id="x9" lang="fr"><d:title> Les Mots </d:title><d:creator>J. S.</d:creator><c:year>1964</c:year>'
        '<c:price currency="EUR">7</c:price></c:book></c:catalog>'
    )
    assert from_xml(doc) == [Book("x9", "Les Mots", ("J. S.",), 1964, "fr", Price(Decimal("7")))]


def test_by_author_and_total() -> None:
    books = read(GOLDEN / "catalog.xml")
    assert by_author(books) == {
        "Ann Lee": ["Parsing Things", "Untagged"],
        "Bo Chen": ["Parsing Things"],
        "Ute Maier": ["Flächen und Körper"],
    }
    assert total_price(books) == Decimal("19.90")
    assert total_price(books, "USD") == Decimal("12.50")
    assert titles_by_year(books) == {1999: ["Parsing Things"], 2004: ["Flächen und Körper"], 2021: ["Untagged"]}
    assert find_book(books, "b3").authors == ("Ann Lee",)
    with pytest.raises(CatalogError, match="no book b9"):
        find_book(books, "b9")


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("<catalog/>", "root is catalog, not cat:catalog"),
        ('<c:catalog xmlns:c="urn:example:catalog" version="2"/>', "unsupported catalog version 2"),
        ("<c:catalog", "not XML: unclosed token"),
    ],
    ids=["no-namespace", "version", "unclosed"],
)
def test_bad_documents(doc: str, message: str) -> None:
    with pytest.raises(CatalogError, match=message):
        from_xml(doc)


def book_doc(inner: str, attrs: str = 'id="b7"') -> str:
    return (
        '<c:catalog xmlns:c="urn:example:catalog" xmlns:d="http://purl.org/dc/elements/1.1/" version="1">'
        f"<c:book {attrs}>{inner}</c:book></c:catalog>"
    )


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (book_doc("<d:title>T</d:title><d:creator>A</d:creator><c:year>19x9</c:year>"), "book b7: bad year '19x9'"),
        (book_doc("<d:title>T</d:title><d:creator>A</d:creator>"), "book b7: missing cat:year"),
        (book_doc("<d:title>T</d:title><c:year>2000</c:year>"), "book b7: no dc:creator"),
        (book_doc("<d:title>T</d:title><d:creator>A</d:creator><c:year>2000</c:year>", ""), "book without an id"),
        (
            book_doc("<d:title>T</d:title><d:creator>A</d:creator><c:year>2000</c:year><c:price>1,5</c:price>"),
            "book b7: bad price '1,5'",
        ),
    ],
    ids=["bad-year", "no-year", "no-creator", "no-id", "bad-price"],
)
def test_bad_books(doc: str, message: str) -> None:
    with pytest.raises(CatalogError, match=message):
        from_xml(doc)


def test_duplicate_ids() -> None:
    book = "<d:title>T</d:title><d:creator>A</d:creator><c:year>2000</c:year>"
    doc = book_doc(book).replace("</c:catalog>", f'<c:book id="b7">{book}</c:book></c:catalog>')
    with pytest.raises(CatalogError, match=r"duplicate book ids: \['b7'\]"):
        from_xml(doc)
