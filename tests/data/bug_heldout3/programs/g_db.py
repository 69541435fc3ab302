"""Groups around databases: SQLAlchemy 2 (sqlite in memory or in the project) and sqlite3."""

from programs import P

U_LAZY = "https://github.com/flaskbb/flaskbb/issues/33"
U_EXPIRE = "https://stackoverflow.com/questions/15397680/detaching-sqlalchemy-instance-so-no-refresh-happens"
U_TEXT = "https://github.com/sqlalchemy/sqlalchemy/issues/9155"
U_MEMORY = "https://github.com/flwrlabs/flower/pull/7148"
U_ROW = "https://github.com/ibmdb/python-ibmdbsa/issues/118"
U_PK = "https://github.com/sqlalchemy/sqlalchemy/issues/4975"
U_THREAD = "https://github.com/WolfgangFahl/pyLoDStorage/issues/17"
U_BIND = "https://github.com/pudo/dataset/issues/248"
U_RESERVED = "https://github.com/simonw/sqlite-utils/issues/10"
U_QUOTE = "https://github.com/domhnallmorr/Tk-Path-Finder/issues/30"

MODELS = """
    from sqlalchemy import ForeignKey, String, create_engine
    from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship


    class Base(DeclarativeBase):
        pass


    class Customer(Base):
        __tablename__ = "customers"
        id: Mapped[int] = mapped_column(primary_key=True)
        name: Mapped[str] = mapped_column(String(50))
        orders: Mapped[list["Order"]] = relationship(back_populates="customer")


    class Order(Base):
        __tablename__ = "orders"
        id: Mapped[int] = mapped_column(primary_key=True)
        total: Mapped[float]
        customer_id: Mapped[int] = mapped_column(ForeignKey("customers.id"))
        customer: Mapped[Customer] = relationship(back_populates="orders")


    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.add(Customer(name="Ada", orders=[Order(total=12.5), Order(total=30.0)]))
        s.commit()
"""

PROGRAMS = [
    # lazy relationship read after the session that loaded the object is closed
    P(
        "sqla_lazy_load_after_close",
        "SQLAlchemy",
        "relationship read after a with-Session block",
        "DetachedInstanceError",
        U_LAZY,
        {
            "customer_report.py": """
            from sqlalchemy import select
            from sqlalchemy.orm import Session

            from shop.models import Customer, engine


            def find_customer(name):
                with Session(engine) as session:
                    return session.scalars(select(Customer).where(Customer.name == name)).one()


            customer = find_customer("Ada")
            print(customer.name, sum(o.total for o in customer.orders))
        """,
            "shop/__init__.py": "",
            "shop/models.py": MODELS,
        },
    ),
    P(
        "sqla_lazy_load_after_close",
        "SQLAlchemy",
        "many-to-one read in a template helper",
        "DetachedInstanceError",
        U_LAZY,
        {
            "render_orders.py": """
            from sqlalchemy import select
            from sqlalchemy.orm import Session

            from shop.models import Order, engine
            from shop.views import order_line

            session = Session(engine)
            orders = session.scalars(select(Order)).all()
            session.close()

            for order in orders:
                print(order_line(order))
        """,
            "shop/__init__.py": "",
            "shop/models.py": MODELS,
            "shop/views.py": """
            def order_line(order):
                return f"#{order.id} {order.total:.2f} for {order.customer.name}"
        """,
        },
    ),
    P(
        "sqla_lazy_load_after_close",
        "SQLAlchemy",
        "relationship read from a repository result",
        "DetachedInstanceError",
        U_LAZY,
        {
            "export_customers.py": """
            import json

            from shop.repo import CustomerRepo

            repo = CustomerRepo()
            rows = [{"name": c.name, "orders": len(c.orders)} for c in repo.all()]
            print(json.dumps(rows))
        """,
            "shop/__init__.py": "",
            "shop/models.py": MODELS,
            "shop/repo.py": """
            from contextlib import contextmanager

            from sqlalchemy import select
            from sqlalchemy.orm import sessionmaker

            from shop.models import Customer, engine

            SessionLocal = sessionmaker(engine)


            @contextmanager
            def unit_of_work():
                session = SessionLocal()
                try:
                    yield session
                finally:
                    session.close()


            class CustomerRepo:
                def all(self):
                    with unit_of_work() as session:
                        return list(session.scalars(select(Customer)))
        """,
        },
    ),
    # attributes expired by commit (expire_on_commit) read after the session is closed
    P(
        "sqla_expired_after_commit",
        "SQLAlchemy",
        "column read after commit and close",
        "DetachedInstanceError",
        U_EXPIRE,
        {
            "signup.py": """
            from accounts.service import create_account

            account = create_account("grace@example.org")
            print("created", account.id, account.email)
        """,
            "accounts/__init__.py": "",
            "accounts/service.py": """
            from sqlalchemy import String, create_engine
            from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


            class Base(DeclarativeBase):
                pass


            class Account(Base):
                __tablename__ = "accounts"
                id: Mapped[int] = mapped_column(primary_key=True)
                email: Mapped[str] = mapped_column(String(120), unique=True)


            engine = create_engine("sqlite://")
            Base.metadata.create_all(engine)


            def create_account(email):
                with Session(engine) as session:
                    account = Account(email=email)
                    session.add(account)
                    session.commit()
                return account
        """,
        },
    ),
    P(
        "sqla_expired_after_commit",
        "SQLAlchemy",
        "object returned from session.begin() block",
        "DetachedInstanceError",
        U_EXPIRE,
        {
            "add_product.py": """
            from sqlalchemy import create_engine
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


            class Base(DeclarativeBase):
                pass


            class Product(Base):
                __tablename__ = "products"
                sku: Mapped[str] = mapped_column(primary_key=True)
                price: Mapped[float]


            engine = create_engine("sqlite:///shop.db")
            Base.metadata.create_all(engine)
            Session = sessionmaker(engine)


            def add_product(sku, price):
                with Session.begin() as session:
                    product = Product(sku=sku, price=price)
                    session.add(product)
                return product


            p = add_product("TEA-1", 3.5)
            print(f"{p.sku}: {p.price}")
        """,
        },
    ),
    P(
        "sqla_expired_after_commit",
        "SQLAlchemy",
        "cached objects reused after a commit",
        "DetachedInstanceError",
        U_EXPIRE,
        {
            "rename_tags.py": """
            from sqlalchemy import select
            from sqlalchemy.orm import Session

            from tags import Tag, engine

            with Session(engine) as session:
                session.add_all([Tag(label="py"), Tag(label="db")])
                session.commit()
                tags = list(session.scalars(select(Tag)))
                for tag in tags:
                    tag.label = tag.label.upper()
                session.commit()

            print([t.label for t in tags])
        """,
            "tags.py": """
            from sqlalchemy import create_engine
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


            class Base(DeclarativeBase):
                pass


            class Tag(Base):
                __tablename__ = "tags"
                id: Mapped[int] = mapped_column(primary_key=True)
                label: Mapped[str]


            engine = create_engine("sqlite://")
            Base.metadata.create_all(engine)
        """,
        },
    ),
    # plain SQL strings passed to SQLAlchemy 2 without text()
    P(
        "sqla_raw_string_not_text",
        "SQLAlchemy",
        "Connection.execute of a DDL string",
        "ObjectNotExecutableError",
        U_TEXT,
        {
            "reset_db.py": """
            from sqlalchemy import create_engine

            engine = create_engine("sqlite:///app.db")
            with engine.connect() as conn:
                conn.execute("DROP TABLE IF EXISTS alembic_version")
                conn.commit()
            print("reset")
        """,
        },
    ),
    P(
        "sqla_raw_string_not_text",
        "SQLAlchemy",
        "Session.execute of a SELECT string",
        "ArgumentError",
        U_TEXT,
        {
            "count_users.py": """
            from sqlalchemy.orm import Session

            from db import engine, setup

            setup()
            with Session(engine) as session:
                n = session.execute("SELECT count(*) FROM users").scalar()
            print(n)
        """,
            "db.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite://")


            def setup():
                with engine.begin() as conn:
                    conn.execute(text("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)"))
                    conn.execute(text("INSERT INTO users (name) VALUES ('ana'), ('ben')"))
        """,
        },
    ),
    P(
        "sqla_raw_string_not_text",
        "SQLAlchemy",
        "migration helper running SQL strings",
        "ObjectNotExecutableError",
        U_TEXT,
        {
            "migrate.py": """
            from sqlalchemy import create_engine

            from migrations import STEPS, apply

            engine = create_engine("sqlite://")
            apply(engine, STEPS)
            print("migrated")
        """,
            "migrations.py": """
            STEPS = [
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
                "CREATE INDEX ix_notes_body ON notes (body)",
            ]


            def apply(engine, steps):
                with engine.begin() as conn:
                    for step in steps:
                        conn.execute(step)
        """,
        },
    ),
    # every connection to ':memory:' is a new empty database
    P(
        "sqlite_memory_db_per_connection",
        "sqlite3",
        "second sqlite3.connect(':memory:')",
        "OperationalError",
        U_MEMORY,
        {
            "inventory.py": """
            from store import create_schema, stock_level

            create_schema()
            print(stock_level("bolts"))
        """,
            "store.py": """
            import sqlite3

            DB = ":memory:"


            def create_schema():
                conn = sqlite3.connect(DB)
                conn.execute("create table stock (item text primary key, qty integer)")
                conn.execute("insert into stock values ('bolts', 40)")
                conn.commit()
                conn.close()


            def stock_level(item):
                conn = sqlite3.connect(DB)
                row = conn.execute("select qty from stock where item = ?", (item,)).fetchone()
                return row[0]
        """,
        },
    ),
    P(
        "sqlite_memory_db_per_connection",
        "SQLAlchemy",
        "query from a worker thread of an in-memory engine",
        "OperationalError",
        U_MEMORY,
        {
            "task_queue.py": """
            from concurrent.futures import ThreadPoolExecutor

            from sqlalchemy import text

            from queue_db import engine, init_db

            init_db()


            def pending():
                with engine.connect() as conn:
                    return conn.execute(text("select count(*) from tasks where done = 0")).scalar()


            with ThreadPoolExecutor(max_workers=1) as pool:
                print(pool.submit(pending).result())
        """,
            "queue_db.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite:///:memory:")


            def init_db():
                with engine.begin() as conn:
                    conn.execute(text("create table tasks (id integer primary key, done integer)"))
                    conn.execute(text("insert into tasks (done) values (0), (1)"))
        """,
        },
    ),
    P(
        "sqlite_memory_db_per_connection",
        "SQLAlchemy",
        "tables created on one engine, queried on another",
        "OperationalError",
        U_MEMORY,
        {
            "test_like_setup.py": """
            from sqlalchemy import create_engine, select
            from sqlalchemy.orm import Session

            from notes.models import Base, Note
            from notes.service import list_notes

            setup_engine = create_engine("sqlite://")
            Base.metadata.create_all(setup_engine)
            with Session(setup_engine) as s:
                s.add(Note(body="first"))
                s.commit()

            print(list_notes())
        """,
            "notes/__init__.py": "",
            "notes/models.py": """
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


            class Base(DeclarativeBase):
                pass


            class Note(Base):
                __tablename__ = "notes"
                id: Mapped[int] = mapped_column(primary_key=True)
                body: Mapped[str]
        """,
            "notes/service.py": """
            from sqlalchemy import create_engine, select
            from sqlalchemy.orm import Session

            from notes.models import Note

            engine = create_engine("sqlite://")


            def list_notes():
                with Session(engine) as session:
                    return [n.body for n in session.scalars(select(Note))]
        """,
        },
    ),
    # SQLAlchemy 1.4+/2.0 Row is tuple-like: no string indexing
    P(
        "sqla_row_indexed_by_name",
        "SQLAlchemy",
        "fetchone()['column'] on a Row",
        "TypeError",
        U_ROW,
        {
            "sync_people.py": """
            from sqlalchemy import text

            from hr import engine, seed

            seed()
            with engine.connect() as conn:
                person = conn.execute(text("select id, last_name from people where id = :id"), {"id": 1}).fetchone()
            if person["last_name"] != "Lovelace":
                print("name changed")
        """,
            "hr.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite://")


            def seed():
                with engine.begin() as conn:
                    conn.execute(text("create table people (id integer primary key, last_name text)"))
                    conn.execute(text("insert into people (last_name) values ('Lovelace')"))
        """,
        },
    ),
    P(
        "sqla_row_indexed_by_name",
        "SQLAlchemy",
        "dict(row) of a Row",
        "ValueError",
        U_ROW,
        {
            "api_listing.py": """
            import json

            from sqlalchemy import text

            from catalog import engine, seed

            seed()
            with engine.connect() as conn:
                rows = conn.execute(text("select sku, title from books")).all()
            print(json.dumps([dict(row) for row in rows]))
        """,
            "catalog.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite://")


            def seed():
                with engine.begin() as conn:
                    conn.execute(text("create table books (sku text, title text)"))
                    conn.execute(text("insert into books values ('B-001', 'Dune')"))
        """,
        },
    ),
    P(
        "sqla_row_indexed_by_name",
        "SQLAlchemy",
        "row['column'] on ORM column results",
        "TypeError",
        U_ROW,
        {
            "leaderboard.py": """
            from sqlalchemy import create_engine, select
            from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


            class Base(DeclarativeBase):
                pass


            class Player(Base):
                __tablename__ = "players"
                id: Mapped[int] = mapped_column(primary_key=True)
                nick: Mapped[str]
                score: Mapped[int]


            engine = create_engine("sqlite://")
            Base.metadata.create_all(engine)
            with Session(engine) as session:
                session.add_all([Player(nick="zed", score=90), Player(nick="amy", score=120)])
                session.commit()
                result = session.execute(select(Player.nick, Player.score).order_by(Player.score.desc()))
                for row in result:
                    print(f"{row['nick']:>6} {row['score']}")
        """,
        },
    ),
    # ORM mapping of a table that has no primary key
    P(
        "sqla_model_without_primary_key",
        "SQLAlchemy",
        "declarative model with plain Columns",
        "ArgumentError",
        U_PK,
        {
            "load_prices.py": """
            from pricing_models import PriceRow

            print(PriceRow.__tablename__)
        """,
            "pricing_models.py": """
            from sqlalchemy import Column, Date, Numeric, String
            from sqlalchemy.orm import declarative_base

            Base = declarative_base()


            class PriceRow(Base):
                __tablename__ = "prices"
                station = Column(String(3), nullable=False)
                begins = Column(Date, nullable=False)
                ends = Column(Date, nullable=False)
                price = Column(Numeric(8, 2))
        """,
        },
    ),
    P(
        "sqla_model_without_primary_key",
        "SQLAlchemy",
        "mapped_column model of a log table",
        "ArgumentError",
        U_PK,
        {
            "log_viewer.py": """
            from sqlalchemy import create_engine
            from sqlalchemy.orm import Session

            import log_models

            engine = create_engine("sqlite://")
            log_models.Base.metadata.create_all(engine)
            with Session(engine) as s:
                print(s.query(log_models.AccessLog).count())
        """,
            "log_models.py": """
            from datetime import datetime

            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


            class Base(DeclarativeBase):
                pass


            class AccessLog(Base):
                __tablename__ = "access_log"
                at: Mapped[datetime] = mapped_column()
                path: Mapped[str] = mapped_column()
                status: Mapped[int] = mapped_column()
        """,
        },
    ),
    P(
        "sqla_model_without_primary_key",
        "SQLAlchemy",
        "imperative mapping of a reflected-style Table",
        "ArgumentError",
        U_PK,
        {
            "legacy_map.py": """
            from sqlalchemy import Column, Integer, MetaData, String, Table
            from sqlalchemy.orm import registry

            metadata = MetaData()
            measurements = Table(
                "measurements",
                metadata,
                Column("sensor", String(20)),
                Column("value", Integer),
            )


            class Measurement:
                pass


            registry().map_imperatively(Measurement, measurements)
            print("mapped")
        """,
        },
    ),
    # a sqlite3 connection made in one thread used from another
    P(
        "sqlite_connection_shared_across_threads",
        "sqlite3",
        "executor.submit(...).result() with a module connection",
        "ProgrammingError",
        U_THREAD,
        {
            "crawler.py": """
            from concurrent.futures import ThreadPoolExecutor

            from crawl_store import save_page

            urls = ["https://example.org/a", "https://example.org/b"]
            with ThreadPoolExecutor(max_workers=2) as pool:
                futures = [pool.submit(save_page, url, f"<html>{url}</html>") for url in urls]
                print([f.result() for f in futures])
        """,
            "crawl_store.py": """
            import sqlite3

            conn = sqlite3.connect("pages.db")
            conn.execute("create table if not exists pages (url text primary key, html text)")


            def save_page(url, html):
                conn.execute("insert or replace into pages values (?, ?)", (url, html))
                conn.commit()
                return url
        """,
        },
    ),
    P(
        "sqlite_connection_shared_across_threads",
        "sqlite3",
        "executor.map over a cursor made in the main thread",
        "ProgrammingError",
        U_THREAD,
        {
            "resize_jobs.py": """
            import sqlite3
            from concurrent.futures import ThreadPoolExecutor

            db = sqlite3.connect("jobs.db")
            db.execute("create table if not exists jobs (id integer primary key, state text)")
            db.executemany("insert into jobs (state) values (?)", [("new",), ("new",)])
            db.commit()
            cursor = db.cursor()


            def mark_done(job_id):
                cursor.execute("update jobs set state = 'done' where id = ?", (job_id,))
                return job_id


            with ThreadPoolExecutor() as pool:
                print(list(pool.map(mark_done, [1, 2])))
        """,
        },
    ),
    P(
        "sqlite_connection_shared_across_threads",
        "sqlite3",
        "worker Thread that re-raises in join()",
        "ProgrammingError",
        U_THREAD,
        {
            "bot.py": """
            from bot_db import Settings
            from bot_worker import Worker

            settings = Settings()
            worker = Worker(lambda: settings.set("radius", 5))
            worker.start()
            worker.join()
            print("radius updated")
        """,
            "bot_db.py": """
            import sqlite3


            class Settings:
                def __init__(self):
                    self.db = sqlite3.connect("bot.db")
                    self.db.execute("create table if not exists settings (k text primary key, v text)")

                def set(self, key, value):
                    cur = self.db.cursor()
                    cur.execute("insert or replace into settings values (?, ?)", (key, str(value)))
                    self.db.commit()
        """,
            "bot_worker.py": """
            import threading


            class Worker(threading.Thread):
                def __init__(self, fn):
                    super().__init__()
                    self.fn = fn
                    self.error = None

                def run(self):
                    try:
                        self.fn()
                    except Exception as exc:
                        self.error = exc

                def join(self, timeout=None):
                    super().join(timeout)
                    if self.error is not None:
                        raise self.error
        """,
        },
    ),
    # a Python list/dict/set passed as a sqlite parameter
    P(
        "sqlite_unsupported_param_type",
        "sqlite3",
        "insert of a row with a list value",
        "ProgrammingError",
        U_BIND,
        {
            "badges.py": """
            import sqlite3

            from badge_data import USERS

            conn = sqlite3.connect(":memory:")
            conn.execute("create table badges (user_id integer, badges text)")
            for user in USERS:
                conn.execute("insert into badges values (?, ?)", (user["id"], user["badges"]))
            print("stored", len(USERS))
        """,
            "badge_data.py": """
            USERS = [
                {"id": 2948977, "badges": ["early", "helper"]},
                {"id": 2289236, "badges": ["early"]},
            ]
        """,
        },
    ),
    P(
        "sqlite_unsupported_param_type",
        "sqlite3",
        "executemany of records with a dict column",
        "ProgrammingError",
        U_BIND,
        {
            "chat_threads.py": """
            import sqlite3

            COLUMNS = ["thread_id", "model", "params"]
            threads = [
                {"thread_id": "t1", "model": "small", "params": {"temperature": 0.2}},
                {"thread_id": "t2", "model": "large", "params": {}},
            ]

            conn = sqlite3.connect("chat.db")
            conn.execute(f"create table if not exists threads ({', '.join(COLUMNS)})")
            conn.executemany(
                "insert into threads values (?, ?, ?)",
                [tuple(t[c] for c in COLUMNS) for t in threads],
            )
            conn.commit()
        """,
        },
    ),
    P(
        "sqlite_unsupported_param_type",
        "sqlite3",
        "lookup with a parsed JSON list as parameter",
        "ProgrammingError",
        U_BIND,
        {
            "find_orders.py": """
            import json
            import sqlite3
            import sys

            from orders_db import connect

            conn = connect()
            wanted = json.loads(sys.argv[1])
            rows = conn.execute("select id, total from orders where id in (?)", (wanted,)).fetchall()
            print(rows)
        """,
            "orders_db.py": """
            import sqlite3


            def connect():
                conn = sqlite3.connect(":memory:")
                conn.execute("create table orders (id integer primary key, total real)")
                conn.executemany("insert into orders (total) values (?)", [(9.5,), (20.0,), (4.25,)])
                return conn
        """,
        },
        "[1, 3]",
    ),
    # an SQL keyword used unquoted as a table or column name
    P(
        "sql_reserved_word_identifier",
        "sqlite3",
        "CREATE TABLE with a column named order",
        "OperationalError",
        U_RESERVED,
        {
            "playlist.py": """
            import sqlite3

            from schema import create_tables

            conn = sqlite3.connect(":memory:")
            create_tables(conn)
            conn.execute("insert into tracks (title, order) values (?, ?)", ("Intro", 1))
        """,
            "schema.py": """
            def create_tables(conn):
                conn.execute("create table tracks (id integer primary key, title text, order integer)")
        """,
        },
    ),
    P(
        "sql_reserved_word_identifier",
        "sqlite3",
        "SELECT from a table named group",
        "OperationalError",
        U_RESERVED,
        {
            "members.py": """
            import sqlite3

            TABLES = {"user": ["id", "name"], "group": ["id", "title"]}

            conn = sqlite3.connect(":memory:")
            for table, cols in TABLES.items():
                conn.execute(f'create table "{table}" ({", ".join(cols)})')
            for table in TABLES:
                print(table, conn.execute(f"select count(*) from {table}").fetchone()[0])
        """,
        },
    ),
    P(
        "sql_reserved_word_identifier",
        "sqlite3",
        "generated INSERT for a dict with a key named from",
        "OperationalError",
        U_RESERVED,
        {
            "import_transfers.py": """
            import sqlite3

            from upsert import insert_all

            conn = sqlite3.connect(":memory:")
            conn.execute('create table transfers ("from" text, "to" text, amount real)')
            insert_all(conn, "transfers", [{"from": "ACC-1", "to": "ACC-2", "amount": 12.0}])
            print(conn.execute("select count(*) from transfers").fetchone())
        """,
            "upsert.py": """
            def insert_all(conn, table, records):
                cols = list(records[0])
                sql = f"insert into {table} ({', '.join(cols)}) values ({', '.join('?' for _ in cols)})"
                conn.executemany(sql, [tuple(r[c] for c in cols) for r in records])
        """,
        },
    ),
    # values pasted into SQL text with string formatting instead of parameters
    P(
        "sql_built_by_string_formatting",
        "sqlite3",
        "UPDATE built with an f-string of user text",
        "OperationalError",
        U_QUOTE,
        {
            "diary.py": """
            import sqlite3

            from diary_store import DiaryStore

            store = DiaryStore(sqlite3.connect(":memory:"))
            store.save("2024-03-01", "Hi Therese, I'm looking for an OP number")
            print(store.load("2024-03-01"))
        """,
            "diary_store.py": """
            class DiaryStore:
                def __init__(self, conn):
                    self.conn = conn
                    self.conn.execute("create table diary (datestamp text primary key, text text)")

                def save(self, date, txt):
                    self.conn.execute(f"insert or ignore into diary values ('{date}', '')")
                    self.conn.execute(f"UPDATE diary SET text = '{txt}' WHERE datestamp = '{date}'")

                def load(self, date):
                    return self.conn.execute("select text from diary where datestamp = ?", (date,)).fetchone()[0]
        """,
        },
    ),
    P(
        "sql_built_by_string_formatting",
        "sqlite3",
        "WHERE clause built with % formatting from argv",
        "OperationalError",
        U_QUOTE,
        {
            "player_stats.py": """
            import sqlite3
            import sys

            conn = sqlite3.connect(":memory:")
            conn.execute("create table kills (player text, n integer)")
            conn.executemany("insert into kills values (?, ?)", [("Zoe", 3), ("O'Neil", 5)])

            query = "select n from kills where player = '%s'" % sys.argv[1]
            print(conn.execute(query).fetchone())
        """,
        },
        "O'Neil",
    ),
    P(
        "sql_built_by_string_formatting",
        "sqlite3",
        "INSERT built with str.format from CSV rows",
        "OperationalError",
        U_QUOTE,
        {
            "load_authors.py": """
            import csv
            import io
            import sqlite3

            CSV = "name,country\\nJane Austen,UK\\nFlann O'Brien,IE\\n"

            conn = sqlite3.connect(":memory:")
            conn.execute("create table authors (name text, country text)")
            for row in csv.DictReader(io.StringIO(CSV)):
                conn.execute("insert into authors values ('{name}', '{country}')".format(**row))
            print(conn.execute("select count(*) from authors").fetchone()[0])
        """,
        },
    ),
]
