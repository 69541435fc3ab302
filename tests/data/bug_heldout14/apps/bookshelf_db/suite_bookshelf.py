import pytest
from bookshelf import Shelf


@pytest.fixture
def shelf():
    s = Shelf()
    le_guin = s.add_author("Ursula K. Le Guin")
    pratchett = s.add_author("Terry Pratchett")
    s.add_book(le_guin, "The Dispossessed", 1974)
    s.add_book(pratchett, "Guards! Guards!", 1989)
    s.add_book(le_guin, "A Wizard of Earthsea", 1968)
    return s


def test_add_author_returns_id():
    s = Shelf()
    assert s.add_author("Octavia E. Butler") == 1
    assert s.add_author("Iain M. Banks") == 2


def test_count_books(shelf):
    assert shelf.count_books() == 3


def test_titles_by_author_in_year_order(shelf):
    assert shelf.titles_by("Ursula K. Le Guin") == ["A Wizard of Earthsea", "The Dispossessed"]


def test_titles_by_unknown_author(shelf):
    assert shelf.titles_by("Nobody") == []


def test_authors_with_their_books(shelf):
    authors = shelf.authors()
    assert [a.name for a in authors] == ["Terry Pratchett", "Ursula K. Le Guin"]
    assert sorted(b.title for b in authors[1].books) == ["A Wizard of Earthsea", "The Dispossessed"]


def test_first_page(shelf):
    assert shelf.page(1) == ["The Dispossessed", "Guards! Guards!"]


def test_last_page(shelf):
    assert shelf.page(2) == ["A Wizard of Earthsea"]


def test_remove_author_removes_books(shelf):
    shelf.remove_author(1)
    assert shelf.count_books() == 1
    assert [a.name for a in shelf.authors()] == ["Terry Pratchett"]
