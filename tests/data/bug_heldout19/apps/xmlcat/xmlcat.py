"""A book catalogue stored as XML with two namespaces (the catalogue's own and Dublin Core), read and written with
xml.etree.ElementTree."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

CAT = "urn:example:catalog"
DC = "http://purl.org/dc/elements/1.1/"
NS = {"cat": CAT, "dc": DC}
FORMAT_VERSION = "1"

ET.register_namespace("cat", CAT)
ET.register_namespace("dc", DC)


class CatalogError(Exception):
    """A catalogue document that cannot be read."""


@dataclass(frozen=True)
class Price:
    amount: Decimal
    currency: str = "EUR"


@dataclass(frozen=True)
class Book:
    id: str
    title: str
    authors: tuple[str, ...]
    year: int
    lang: str = "en"
    price: Price | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)


def q(prefix: str, tag: str) -> str:
    """A qualified tag name in Clark notation."""
    return f"{{{NS[prefix]}}}{tag}"


def book_element(book: Book) -> ET.Element:
    el = ET.Element(q("cat", "book"), {"id": book.id})
    if book.lang != "en":
        el.set("lang", book.lang)
    ET.SubElement(el, q("dc", "title")).text = book.title
    for author in book.authors:
        ET.SubElement(el, q("dc", "creator")).text = author
    ET.SubElement(el, q("cat", "year")).text = str(book.year)
    if book.price is not None:
        price = ET.SubElement(el, q("cat", "price"), currency=book.price.currency)
        price.text = f"{book.price.amount:.2f}"
    if book.tags:
        tags = ET.SubElement(el, q("cat", "tags"))
        for tag in book.tags:
            ET.SubElement(tags, q("cat", "tag")).text = tag
    return el


def to_xml(books: list[Book]) -> str:
    root = ET.Element(q("cat", "catalog"), version=FORMAT_VERSION)
    root.extend(book_element(b) for b in sorted(books, key=lambda b: b.id))
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write(books: list[Book], path: Path) -> None:
    path.write_bytes(to_xml(books).encode("utf-8"))


def text_of(el: ET.Element, path: str, book_id: str) -> str:
    found = el.find(path, NS)
    if found is None or not (found.text or "").strip():
        raise CatalogError(f"book {book_id}: missing {path}")
    return found.text.strip()


def read_price(el: ET.Element | None, book_id: str) -> Price | None:
    if el is None:
        return None
    try:
        amount = Decimal(el.text.strip())
    except InvalidOperation as exc:
        raise CatalogError(f"book {book_id}: bad price {el.text!r}") from exc
    return Price(amount, el.get("currency", "EUR"))


def read_book(el: ET.Element) -> Book:
    book_id = el.get("id")
    if not book_id:
        raise CatalogError("book without an id")
    year_text = text_of(el, "cat:year", book_id)
    try:
        year = int(year_text)
    except ValueError as exc:
        raise CatalogError(f"book {book_id}: bad year {year_text!r}") from exc
    authors = tuple(a.text.strip() for a in el.findall("dc:creator", NS) if a.text)
    if not authors:
        raise CatalogError(f"book {book_id}: no dc:creator")
    return Book(
        id=book_id,
        title=text_of(el, "dc:title", book_id),
        authors=authors,
        year=year,
        lang=el.get("lang", "en"),
        price=read_price(el.find("cat:price", NS), book_id),
        tags=tuple(t.text for t in el.iterfind("cat:tags/cat:tag", NS)),
    )


def from_xml(data: str | bytes) -> list[Book]:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise CatalogError(f"not XML: {exc}") from exc
    if root.tag != q("cat", "catalog"):
        raise CatalogError(f"root is {root.tag}, not cat:catalog")
    if root.get("version") != FORMAT_VERSION:
        raise CatalogError(f"unsupported catalog version {root.get('version')}")
    books = [read_book(el) for el in root.findall("cat:book", NS)]
    ids = [b.id for b in books]
    if len(set(ids)) != len(ids):
        raise CatalogError(f"duplicate book ids: {sorted({i for i in ids if ids.count(i) > 1})}")
    return books


def read(path: Path) -> list[Book]:
    return from_xml(path.read_bytes())


def by_author(books: list[Book]) -> dict[str, list[str]]:
    """Each author's book titles, authors and titles sorted."""
    out: dict[str, list[str]] = {}
    for book in books:
        for author in book.authors:
            out.setdefault(author, []).append(book.title)
    return {a: sorted(titles) for a, titles in sorted(out.items())}


def total_price(books: list[Book], currency: str = "EUR") -> Decimal:
    """The sum of the prices in one currency; books without a price or in another currency are left out."""
    return sum((b.price.amount for b in books if b.price and b.price.currency == currency), Decimal("0"))


def find_book(books: list[Book], book_id: str) -> Book:
    """The book with this id."""
    for book in books:
        if book.id == book_id:
            return book
    raise CatalogError(f"no book {book_id}")


def titles_by_year(books: list[Book]) -> dict[int, list[str]]:
    """Each year's titles, years ascending, titles sorted."""
    out: dict[int, list[str]] = {}
    for book in books:
        out.setdefault(book.year, []).append(book.title)
    return {year: sorted(out[year]) for year in sorted(out)}
