"""A small bookshelf model layer on SQLAlchemy 2.0 (sqlite): authors, their books, lookups and paging."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, create_engine, func, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, selectinload, sessionmaker


class Base(DeclarativeBase):
    pass


class Author(Base):
    __tablename__ = "authors"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    books: Mapped[list[Book]] = relationship(back_populates="author", cascade="all, delete-orphan")


class Book(Base):
    __tablename__ = "books"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    year: Mapped[int]
    author_id: Mapped[int] = mapped_column(ForeignKey("authors.id"))
    author: Mapped[Author] = relationship(back_populates="books")


class Shelf:
    def __init__(self, url: str = "sqlite://") -> None:
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        self.session = sessionmaker(engine)

    def add_author(self, name: str) -> int:
        with self.session() as s:
            author = Author(name=name)
            s.add(author)
            s.commit()
            return author.id

    def add_book(self, author_id: int, title: str, year: int) -> int:
        with self.session() as s:
            book = Book(title=title, year=year, author_id=author_id)
            s.add(book)
            s.commit()
            return book.id

    def titles_by(self, name: str) -> list[str]:
        with self.session() as s:
            stmt = select(Book.title).join(Book.author).where(Author.name == name).order_by(Book.year)
            return list(s.scalars(stmt))

    def authors(self) -> list[Author]:
        with self.session() as s:
            stmt = select(Author).options(selectinload(Author.books)).order_by(Author.name)
            return list(s.scalars(stmt))

    def count_books(self) -> int:
        with self.session() as s:
            return s.scalar(select(func.count(Book.id)))

    def page(self, number: int, size: int = 2) -> list[str]:
        with self.session() as s:
            stmt = select(Book.title).order_by(Book.id).offset((number - 1) * size).limit(size)
            return list(s.scalars(stmt))

    def remove_author(self, author_id: int) -> None:
        with self.session() as s:
            s.delete(s.get(Author, author_id))
            s.commit()
