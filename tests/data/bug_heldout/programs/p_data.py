"""Stdlib data handling: json, csv, sqlite3, datetime, decimal, files and paths, bytes, async, processes."""

from . import P

PROGRAMS = [
    # --- json.dumps / msgpack given a type the encoder does not know ---
    P(
        "serializer_unsupported_type",
        "json",
        "api",
        "api/export.py",
        "TypeError",
        {
            "api/export.py": r"""
        import json
        from datetime import datetime


        def event(name):
            return {"name": name, "at": datetime(2024, 5, 1, 12, 0)}


        print(json.dumps([event("deploy"), event("rollback")], indent=2))
        """
        },
    ),
    P(
        "serializer_unsupported_type",
        "json",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/report.py": r"""
        import json
        from decimal import Decimal


        def totals(orders):
            out = {}
            for o in orders:
                out[o["customer"]] = out.get(o["customer"], Decimal("0")) + Decimal(o["amount"])
            return out


        def write(orders, path):
            with open(path, "w") as fh:
                json.dump(totals(orders), fh)
        """,
            "app/run.py": r"""
        from report import write

        write([{"customer": "ana", "amount": "10.50"}, {"customer": "ana", "amount": "2.25"}], "totals.json")
        """,
        },
    ),
    P(
        "serializer_unsupported_type",
        "json",
        "set",
        "tags/index.py",
        "TypeError",
        {
            "tags/index.py": r"""
        import json

        POSTS = [("p1", ["py", "web"]), ("p2", ["py", "db"])]


        def tag_index(posts):
            index = {}
            for pid, tags in posts:
                for t in tags:
                    index.setdefault(t, set()).add(pid)
            return index


        print(json.dumps(tag_index(POSTS)))
        """
        },
    ),
    P(
        "serializer_unsupported_type",
        "msgpack",
        "cache",
        "app/cache_store.py",
        "TypeError",
        {
            "app/cache_store.py": r"""
        from datetime import date

        import msgpack


        class Store:
            def __init__(self):
                self.blobs = {}

            def put(self, key, value):
                self.blobs[key] = msgpack.packb(value)


        s = Store()
        s.put("user:1", {"name": "ana", "joined": date(2023, 4, 2)})
        """
        },
    ),
    # --- reading a file handle that was already read to the end ---
    P(
        "json_load_after_read",
        "json",
        "function",
        "app/config.py",
        "JSONDecodeError",
        {
            "app/config.py": r"""
        import json


        def load(path):
            with open(path) as fh:
                if not fh.read().strip():
                    return {}
                return json.load(fh)


        print(load("settings.json"))
        """,
            "settings.json": '{"theme": "dark"}\n',
        },
    ),
    P(
        "json_load_after_read",
        "json",
        "module",
        "app/main.py",
        "JSONDecodeError",
        {
            "app/store.py": r"""
        import json
        import logging

        log = logging.getLogger("store")


        class Store:
            def __init__(self, path):
                self.fh = open(path)

            def load(self):
                log.debug("raw: %s", self.fh.read())
                return json.load(self.fh)
        """,
            "app/main.py": r"""
        from store import Store

        print(Store("db.json").load())
        """,
            "db.json": '{"users": []}\n',
        },
    ),
    P(
        "json_load_after_read",
        "io",
        "stream",
        "ingest/reader.py",
        "JSONDecodeError",
        {
            "ingest/reader.py": r"""
        import hashlib
        import io
        import json


        def checked_load(stream):
            digest = hashlib.sha256(stream.read()).hexdigest()
            print("sha256", digest[:12])
            return json.loads(stream.read())


        print(checked_load(io.BytesIO(b'{"batch": 7, "rows": 120}')))
        """
        },
    ),
    # --- file written and read back before the writer flushed/closed ---
    P(
        "read_before_write_flushed",
        "json",
        "function",
        "app/snapshot.py",
        "JSONDecodeError",
        {
            "app/snapshot.py": r"""
        import json


        class Checkpointer:
            def __init__(self, path):
                self.path = path
                self.fh = open(path, "w")

            def save(self, state):
                json.dump(state, self.fh)

            def load(self):
                with open(self.path) as fh:
                    return json.load(fh)


        ckpt = Checkpointer("snapshot.json")
        ckpt.save({"step": 3, "loss": 0.25})
        print(ckpt.load())
        """
        },
    ),
    P(
        "read_before_write_flushed",
        "csv",
        "module",
        "app/run.py",
        "StopIteration",
        {
            "app/export.py": r"""
        import csv


        class Exporter:
            def __init__(self, path):
                self.fh = open(path, "w", newline="")
                self.writer = csv.writer(self.fh)

            def write(self, rows):
                self.writer.writerows(rows)
        """,
            "app/run.py": r"""
        import csv

        from export import Exporter

        exporter = Exporter("out.csv")
        exporter.write([["id", "name"], [1, "ana"]])
        with open("out.csv", newline="") as fh:
            header = next(csv.reader(fh))
        print(header)
        """,
        },
    ),
    P(
        "read_before_write_flushed",
        "subprocess",
        "child",
        "tools/pipeline.py",
        "JSONDecodeError",
        {
            "tools/pipeline.py": r"""
        import json
        import subprocess
        import sys
        import tempfile

        tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        json.dump({"inputs": [1, 2, 3]}, tmp)
        child = "import json,sys; print(sum(json.load(open(sys.argv[1]))['inputs']))"
        out = subprocess.run([sys.executable, "-c", child, tmp.name], capture_output=True, text=True)
        if out.returncode:
            sys.stderr.write(out.stderr)
            sys.exit(out.returncode)
        print(out.stdout)
        """
        },
    ),
    # --- Python repr (single quotes) written where JSON is expected ---
    P(
        "python_repr_parsed_as_json",
        "json",
        "file",
        "app/state.py",
        "JSONDecodeError",
        {
            "app/state.py": r"""
        import json
        from pathlib import Path

        STATE = Path("state.json")


        def save(state):
            STATE.write_text(str(state))


        def load():
            return json.loads(STATE.read_text())


        save({"last_id": 41, "cursor": "abc"})
        print(load())
        """
        },
    ),
    P(
        "python_repr_parsed_as_json",
        "json",
        "module",
        "worker/main.py",
        "JSONDecodeError",
        {
            "worker/queue_io.py": r"""
        import json


        def encode(msg):
            return f"{msg}".encode()


        def decode(raw):
            return json.loads(raw.decode())
        """,
            "worker/main.py": r"""
        from queue_io import decode, encode

        wire = encode({"task": "resize", "args": [64, 64]})
        print(decode(wire)["task"])
        """,
        },
    ),
    P(
        "python_repr_parsed_as_json",
        "subprocess",
        "child",
        "tools/inspect_env.py",
        "JSONDecodeError",
        {
            "tools/inspect_env.py": r"""
        import json
        import subprocess
        import sys

        CHILD = "import sys; print({'version': sys.version_info[:2], 'platform': sys.platform})"


        def child_info():
            out = subprocess.check_output([sys.executable, "-c", CHILD], text=True)
            return json.loads(out)


        print(child_info()["platform"])
        """
        },
    ),
    # --- CSV written with a BOM, header read without stripping it ---
    P(
        "utf8_bom_not_stripped",
        "csv",
        "dictreader",
        "app/import_users.py",
        "KeyError",
        {
            "app/import_users.py": r"""
        import csv
        from pathlib import Path

        Path("users.csv").write_text("id,email\n1,a@x.io\n2,b@x.io\n", encoding="utf-8-sig")


        def load(path):
            with open(path, newline="", encoding="utf-8") as fh:
                return {row["id"]: row["email"] for row in csv.DictReader(fh)}


        print(load("users.csv"))
        """
        },
    ),
    P(
        "utf8_bom_not_stripped",
        "csv",
        "module",
        "app/run.py",
        "KeyError",
        {
            "app/ledger.py": r"""
        import csv


        def balances(path):
            out = {}
            with open(path, newline="") as fh:
                for row in csv.DictReader(fh):
                    out[row["account"]] = out.get(row["account"], 0) + float(row["amount"])
            return out
        """,
            "app/run.py": r"""
        from pathlib import Path

        from ledger import balances

        Path("export.csv").write_bytes(b"\xef\xbb\xbfaccount,amount\r\nA1,10.5\r\nA1,-2\r\n")
        print(balances("export.csv"))
        """,
        },
    ),
    P(
        "utf8_bom_not_stripped",
        "csv",
        "header_index",
        "reports/columns.py",
        "ValueError",
        {
            "reports/columns.py": r"""
        import csv
        import io

        RAW = "\ufeffsku;name;price\nA;tea;3.5\n".encode()


        def price_column(data):
            reader = csv.reader(io.StringIO(data.decode("utf-8")), delimiter=";")
            header = next(reader)
            idx = header.index("sku")
            return [(row[idx], row[header.index("price")]) for row in reader]


        print(price_column(RAW))
        """
        },
    ),
    # --- a single SQL parameter passed as a bare string / non-tuple ---
    P(
        "sql_param_not_a_tuple",
        "sqlite3",
        "string",
        "app/lookup.py",
        "ProgrammingError",
        {
            "app/lookup.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE products (code TEXT, name TEXT)")
        db.execute("INSERT INTO products VALUES ('AB12', 'kettle')")


        def by_code(code):
            return db.execute("SELECT name FROM products WHERE code = ?", code).fetchone()


        print(by_code("AB12"))
        """
        },
    ),
    P(
        "sql_param_not_a_tuple",
        "sqlite3",
        "paren",
        "app/run.py",
        "ProgrammingError",
        {
            "app/repo.py": r"""
        import sqlite3


        class UserRepo:
            def __init__(self):
                self.db = sqlite3.connect(":memory:")
                self.db.execute("CREATE TABLE users (name TEXT)")

            def add(self, name):
                self.db.execute("INSERT INTO users (name) VALUES (?)", (name))
        """,
            "app/run.py": r"""
        from repo import UserRepo

        repo = UserRepo()
        repo.add("ana")
        """,
        },
    ),
    P(
        "sql_param_not_a_tuple",
        "sqlite3",
        "executemany",
        "etl/load_tags.py",
        "ProgrammingError",
        {
            "etl/load_tags.py": r"""
        import sqlite3

        TAGS = ["python", "sql", "web"]

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE tags (name TEXT)")
        db.executemany("INSERT INTO tags VALUES (?)", TAGS)
        print(db.execute("SELECT COUNT(*) FROM tags").fetchone())
        """
        },
    ),
    # --- table used before the schema was created ---
    P(
        "table_not_created",
        "sqlite3",
        "function",
        "app/notes.py",
        "OperationalError",
        {
            "app/notes.py": r"""
        import sqlite3


        def connect(path="notes.db"):
            return sqlite3.connect(path)


        def add_note(db, text):
            db.execute("INSERT INTO notes (text) VALUES (?)", (text,))
            db.commit()


        add_note(connect(), "buy milk")
        """
        },
    ),
    P(
        "table_not_created",
        "sqlalchemy",
        "orm",
        "app/run.py",
        "OperationalError",
        {
            "app/models.py": r"""
        from sqlalchemy import String
        from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


        class Base(DeclarativeBase):
            pass


        class Customer(Base):
            __tablename__ = "customers"
            id: Mapped[int] = mapped_column(primary_key=True)
            name: Mapped[str] = mapped_column(String(50))
        """,
            "app/run.py": r"""
        from sqlalchemy import create_engine
        from sqlalchemy.orm import Session

        from models import Customer

        engine = create_engine("sqlite:///shop.db")
        with Session(engine) as session:
            session.add(Customer(name="ana"))
            session.commit()
        """,
        },
    ),
    P(
        "table_not_created",
        "peewee",
        "orm",
        "app/tasks.py",
        "OperationalError",
        {
            "app/tasks.py": r"""
        from peewee import BooleanField, CharField, Model, SqliteDatabase

        db = SqliteDatabase("tasks.db")


        class Task(Model):
            title = CharField()
            done = BooleanField(default=False)

            class Meta:
                database = db


        def pending():
            return [t.title for t in Task.select().where(Task.done == False)]  # noqa: E712


        db.connect()
        print(pending())
        """
        },
    ),
    # --- insert repeated without checking for the existing row ---
    P(
        "unique_violation_on_reinsert",
        "sqlite3",
        "seed",
        "app/seed.py",
        "IntegrityError",
        {
            "app/seed.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE roles (name TEXT PRIMARY KEY)")


        def seed(names):
            for n in names:
                db.execute("INSERT INTO roles VALUES (?)", (n,))


        seed(["admin", "editor"])
        seed(["viewer", "admin"])
        """
        },
    ),
    P(
        "unique_violation_on_reinsert",
        "sqlalchemy",
        "orm",
        "app/run.py",
        "IntegrityError",
        {
            "app/db.py": r"""
        from sqlalchemy import String, create_engine
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


        class Base(DeclarativeBase):
            pass


        class Tag(Base):
            __tablename__ = "tags"
            id: Mapped[int] = mapped_column(primary_key=True)
            slug: Mapped[str] = mapped_column(String(40), unique=True)


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)


        def add_tags(slugs):
            with Session(engine) as s:
                s.add_all([Tag(slug=x) for x in slugs])
                s.commit()
        """,
            "app/run.py": r"""
        from db import add_tags

        add_tags(["python", "sql"])
        add_tags(["python"])
        """,
        },
    ),
    P(
        "unique_violation_on_reinsert",
        "peewee",
        "model",
        "app/accounts.py",
        "IntegrityError",
        {
            "app/accounts.py": r"""
        from peewee import CharField, Model, SqliteDatabase

        db = SqliteDatabase(":memory:")


        class Account(Model):
            email = CharField(unique=True)

            class Meta:
                database = db


        def register(email):
            return Account.create(email=email)


        db.create_tables([Account])
        for e in ["ana@x.io", "bo@x.io", "ana@x.io"]:
            register(e)
        """
        },
    ),
    # --- sqlite row read by column name without a row factory ---
    P(
        "sqlite_row_by_name_no_row_factory",
        "sqlite3",
        "function",
        "app/profile.py",
        "TypeError",
        {
            "app/profile.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE profiles (name TEXT, city TEXT)")
        db.execute("INSERT INTO profiles VALUES ('ana', 'Porto')")


        def city_of(name):
            row = db.execute("SELECT name, city FROM profiles WHERE name = ?", (name,)).fetchone()
            return row["city"]


        print(city_of("ana"))
        """
        },
    ),
    P(
        "sqlite_row_by_name_no_row_factory",
        "sqlite3",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/dao.py": r"""
        import sqlite3


        class OrderDao:
            def __init__(self, path):
                self.conn = sqlite3.connect(path)
                self.conn.execute("CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, total REAL)")
                self.conn.execute("INSERT INTO orders (total) VALUES (12.5), (3.0)")

            def all(self):
                return self.conn.execute("SELECT * FROM orders").fetchall()
        """,
            "app/run.py": r"""
        from dao import OrderDao

        for order in OrderDao(":memory:").all():
            print(order["id"], order["total"])
        """,
        },
    ),
    P(
        "sqlite_row_by_name_no_row_factory",
        "sqlite3",
        "dict",
        "report/daily.py",
        "ValueError",
        {
            "report/daily.py": r"""
        import sqlite3


        def rows():
            db = sqlite3.connect(":memory:")
            db.execute("CREATE TABLE sales (day TEXT, amount REAL)")
            db.executemany("INSERT INTO sales VALUES (?, ?)", [("mon", 3.0), ("tue", 5.5)])
            cur = db.execute("SELECT day, amount FROM sales")
            return [dict(r) for r in cur]


        print(rows())
        """
        },
    ),
    # --- naive and aware datetimes mixed ---
    P(
        "naive_aware_datetime_mix",
        "datetime",
        "compare",
        "app/tokens.py",
        "TypeError",
        {
            "app/tokens.py": r"""
        from datetime import datetime


        def is_expired(token):
            expires = datetime.fromisoformat(token["expires"])
            return datetime.now() > expires


        print(is_expired({"sub": "ana", "expires": "2030-01-01T00:00:00+00:00"}))
        """
        },
    ),
    P(
        "naive_aware_datetime_mix",
        "pytz",
        "subtract",
        "sched/window.py",
        "TypeError",
        {
            "sched/window.py": r"""
        from datetime import datetime

        import pytz

        PARIS = pytz.timezone("Europe/Paris")


        def minutes_until(start_naive):
            now = datetime.now(PARIS)
            return (start_naive - now).total_seconds() / 60


        print(minutes_until(datetime(2030, 6, 1, 9, 0)))
        """
        },
    ),
    P(
        "naive_aware_datetime_mix",
        "arrow",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/events.py": r"""
        import arrow


        def parse_event(raw):
            return {"name": raw["name"], "at": arrow.get(raw["at"]).datetime}
        """,
            "app/run.py": r"""
        from datetime import datetime

        from events import parse_event

        events = [parse_event({"name": "launch", "at": "2031-02-03T10:00:00Z"})]
        cutoff = datetime(2030, 1, 1)
        print([e["name"] for e in events if e["at"] >= cutoff])
        """,
        },
    ),
    P(
        "naive_aware_datetime_mix",
        "datetime",
        "sorted",
        "logs/merge.py",
        "TypeError",
        {
            "logs/merge.py": r"""
        from datetime import datetime, timezone

        SERVER = ["2024-03-01T10:00:05", "2024-03-01T10:00:09"]
        CLIENT = ["2024-03-01T10:00:07Z"]


        def merged(server, client):
            stamps = [datetime.fromisoformat(s) for s in server]
            stamps += [datetime.fromisoformat(c).astimezone(timezone.utc) for c in client]
            return sorted(stamps)


        print(merged(SERVER, CLIENT))
        """
        },
    ),
    # --- date compared with datetime ---
    P(
        "date_vs_datetime_compare",
        "datetime",
        "filter",
        "app/billing.py",
        "TypeError",
        {
            "app/billing.py": r"""
        from datetime import date, datetime

        INVOICES = [{"id": 1, "due": date(2024, 3, 1)}, {"id": 2, "due": date(2024, 4, 1)}]


        def overdue(invoices, now):
            return [i["id"] for i in invoices if i["due"] < now]


        print(overdue(INVOICES, datetime(2024, 3, 15, 8, 30)))
        """
        },
    ),
    P(
        "date_vs_datetime_compare",
        "datetime",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/holidays.py": r"""
        from datetime import date

        HOLIDAYS = [date(2024, 12, 25), date(2024, 1, 1)]


        def next_holiday(after):
            return min(h for h in HOLIDAYS if h > after)
        """,
            "app/run.py": r"""
        from datetime import datetime

        from holidays import next_holiday

        print(next_holiday(datetime.now()))
        """,
        },
    ),
    P(
        "date_vs_datetime_compare",
        "arrow",
        "max",
        "app/latest.py",
        "TypeError",
        {
            "app/latest.py": r"""
        import arrow

        STAMPS = ["2024-05-01", "2024-05-03T10:00:00"]


        def latest(stamps):
            values = [arrow.get(s).date() if len(s) == 10 else arrow.get(s).naive for s in stamps]
            return max(values)


        print(latest(STAMPS))
        """
        },
    ),
    # --- strptime format does not match the data ---
    P(
        "strptime_format_mismatch",
        "datetime",
        "csv",
        "app/visits.py",
        "ValueError",
        {
            "app/visits.py": r"""
        from datetime import datetime

        ROWS = ["2024-03-01 10:15", "2024-03-02 09:40:12"]


        def parse(rows):
            return [datetime.strptime(r, "%Y-%m-%d %H:%M") for r in rows]


        print(parse(ROWS))
        """
        },
    ),
    P(
        "strptime_format_mismatch",
        "datetime",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/dates.py": r"""
        from datetime import datetime

        FORMAT = "%m/%d/%Y"


        def parse_day(text):
            return datetime.strptime(text, FORMAT).date()
        """,
            "app/run.py": r"""
        from dates import parse_day

        for d in ["03/14/2024", "25/12/2024"]:
            print(parse_day(d))
        """,
        },
    ),
    P(
        "strptime_format_mismatch",
        "arrow",
        "arrow",
        "logs/stamps.py",
        "ParserMatchError",
        {
            "logs/stamps.py": r"""
        import arrow

        LINES = ["[2024-03-01 10:00:00] start", "[01/Mar/2024:10:00:05 +0000] request"]


        def stamps(lines):
            return [arrow.get(l[1:l.index("]")], "YYYY-MM-DD HH:mm:ss") for l in lines]


        print(stamps(LINES))
        """
        },
    ),
    # --- timedelta.seconds used as if it were the total ---
    P(
        "timedelta_seconds_not_total",
        "datetime",
        "function",
        "app/uptime.py",
        "AssertionError",
        {
            "app/uptime.py": r"""
        from datetime import datetime


        def uptime_hours(started, now):
            return (now - started).seconds / 3600


        h = uptime_hours(datetime(2024, 3, 1, 8), datetime(2024, 3, 3, 10))
        assert h == 50, f"uptime {h}h, expected 50h"
        """
        },
    ),
    P(
        "timedelta_seconds_not_total",
        "datetime",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/sla.py": r"""
        from datetime import timedelta

        LIMIT = 4 * 3600


        def breached(opened, closed):
            return (closed - opened).seconds > LIMIT
        """,
            "app/run.py": r"""
        from datetime import datetime

        from sla import breached

        assert breached(datetime(2024, 1, 1, 9), datetime(2024, 1, 2, 10)), "a 25h ticket must breach a 4h SLA"
        """,
        },
    ),
    P(
        "timedelta_seconds_not_total",
        "datetime",
        "sort",
        "jobs/slow.py",
        "AssertionError",
        {
            "jobs/slow.py": r"""
        from datetime import datetime, timedelta

        RUNS = {
            "nightly": (datetime(2024, 1, 1, 0), datetime(2024, 1, 2, 1)),
            "hourly": (datetime(2024, 1, 1, 0), datetime(2024, 1, 1, 1, 10)),
        }

        slowest = max(RUNS, key=lambda k: (RUNS[k][1] - RUNS[k][0]).seconds)
        assert slowest == "nightly", f"slowest job reported as {slowest}"
        """
        },
    ),
    # --- Decimal mixed with float ---
    P(
        "decimal_float_mix",
        "decimal",
        "arithmetic",
        "billing/tax.py",
        "TypeError",
        {
            "billing/tax.py": r"""
        from decimal import Decimal

        VAT = 0.21


        def gross(net):
            return net * (1 + VAT)


        print(gross(Decimal("19.99")))
        """
        },
    ),
    P(
        "decimal_float_mix",
        "decimal",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/wallet.py": r"""
        from decimal import Decimal


        class Wallet:
            def __init__(self):
                self.balance = Decimal("0.00")

            def deposit(self, amount):
                self.balance += amount
        """,
            "app/run.py": r"""
        import json

        from wallet import Wallet

        w = Wallet()
        for tx in json.loads('[{"amount": 10.5}, {"amount": 2}]'):
            w.deposit(tx["amount"])
        print(w.balance)
        """,
        },
    ),
    P(
        "decimal_float_mix",
        "sqlite3",
        "sum",
        "shop/cart_total.py",
        "TypeError",
        {
            "shop/cart_total.py": r"""
        import sqlite3
        from decimal import Decimal

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE lines (price REAL, qty INTEGER)")
        db.executemany("INSERT INTO lines VALUES (?, ?)", [(2.5, 2), (1.2, 1)])

        shipping = Decimal("4.90")
        subtotal = sum(p * q for p, q in db.execute("SELECT price, qty FROM lines"))
        print("total", shipping + subtotal)
        """
        },
    ),
    # --- Decimal built from a locale-formatted string ---
    P(
        "decimal_from_formatted_string",
        "decimal",
        "csv",
        "app/prices.py",
        "InvalidOperation",
        {
            "app/prices.py": r"""
        import csv
        import io
        from decimal import Decimal

        EXPORT = "item;price\ncafe;2,50\nbolo;3,10\n"


        def prices(text):
            return {r["item"]: Decimal(r["price"]) for r in csv.DictReader(io.StringIO(text), delimiter=";")}


        print(prices(EXPORT))
        """
        },
    ),
    P(
        "decimal_from_formatted_string",
        "decimal",
        "module",
        "app/run.py",
        "InvalidOperation",
        {
            "app/money.py": r"""
        from decimal import Decimal


        def parse_amount(text):
            return Decimal(text.strip())
        """,
            "app/run.py": r"""
        from money import parse_amount

        print(sum(parse_amount(a) for a in ["12.00", "$4.50"]))
        """,
        },
    ),
    P(
        "decimal_from_formatted_string",
        "babel",
        "babel",
        "report/totals.py",
        "InvalidOperation",
        {
            "report/totals.py": r"""
        from decimal import Decimal

        from babel.numbers import format_decimal


        def pretty(v):
            return format_decimal(v, locale="en_US")


        def reparse(shown):
            return Decimal(shown)


        print(reparse(pretty(Decimal("1234567.5"))))
        """
        },
    ),
    # --- binary file opened in text mode ---
    P(
        "binary_file_read_as_text",
        "pillow",
        "image",
        "app/thumbs.py",
        "UnicodeDecodeError",
        {
            "app/thumbs.py": r"""
        from PIL import Image

        Image.new("RGB", (8, 8), "red").save("logo.png")


        def checksum(path):
            with open(path) as fh:
                return sum(map(ord, fh.read())) % 65536


        print(checksum("logo.png"))
        """
        },
    ),
    P(
        "binary_file_read_as_text",
        "gzip",
        "module",
        "app/run.py",
        "UnicodeDecodeError",
        {
            "app/logs.py": r"""
        from pathlib import Path


        def lines(path):
            return Path(path).read_text().splitlines()
        """,
            "app/run.py": r"""
        import gzip

        from logs import lines

        with gzip.open("access.log.gz", "wt") as fh:
            fh.write("GET / 200\n" * 50)
        print(len(lines("access.log.gz")))
        """,
        },
    ),
    P(
        "binary_file_read_as_text",
        "zipfile",
        "loop",
        "tools/scan.py",
        "UnicodeDecodeError",
        {
            "tools/scan.py": r"""
        import zipfile
        from pathlib import Path

        Path("docs").mkdir(exist_ok=True)
        Path("docs/readme.txt").write_text("TODO: write docs\n")
        with zipfile.ZipFile("docs/bundle.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("a.txt", "x" * 100 + "\u00e9" * 50)


        def todos(folder):
            hits = []
            for p in sorted(Path(folder).iterdir()):
                for n, line in enumerate(p.open(encoding="utf-8"), 1):
                    if "TODO" in line:
                        hits.append((p.name, n))
            return hits


        print(todos("docs"))
        """
        },
    ),
    # --- a legacy-encoded (latin-1/cp1252) text file read as UTF-8 ---
    P(
        "legacy_encoding_read_as_utf8",
        "csv",
        "csv",
        "app/import_clients.py",
        "UnicodeDecodeError",
        {
            "app/import_clients.py": r"""
        import csv
        from pathlib import Path

        LEGACY_EXPORT = "name,city\nJos\u00e9,S\u00e3o Paulo\nRen\u00e9e,Montr\u00e9al\n"
        Path("clients.csv").write_bytes(LEGACY_EXPORT.encode("cp1252"))


        def load(path):
            with open(path, newline="", encoding="utf-8") as fh:
                return list(csv.DictReader(fh))


        print(load("clients.csv"))
        """
        },
    ),
    P(
        "legacy_encoding_read_as_utf8",
        "pathlib",
        "module",
        "app/run.py",
        "UnicodeDecodeError",
        {
            "app/subtitles.py": r"""
        from pathlib import Path


        def cues(path):
            return [b for b in Path(path).read_text(encoding="utf-8").split("\n\n") if b.strip()]
        """,
            "app/run.py": r"""
        from pathlib import Path

        from subtitles import cues

        Path("movie.srt").write_bytes("1\n00:00:01,000 --> 00:00:02,000\nD\u00e9j\u00e0 vu\n".encode("latin-1"))
        print(len(cues("movie.srt")))
        """,
        },
    ),
    P(
        "legacy_encoding_read_as_utf8",
        "subprocess",
        "child_output",
        "tools/run_legacy.py",
        "UnicodeDecodeError",
        {
            "tools/run_legacy.py": r"""
        import subprocess
        import sys

        LEGACY = "import sys; sys.stdout.buffer.write('Gr\u00fc\u00dfe aus K\u00f6ln\\n'.encode('latin-1'))"


        def run_tool():
            return subprocess.run([sys.executable, "-c", LEGACY], capture_output=True, check=True).stdout.decode()


        print(run_tool())
        """
        },
    ),
    # --- str given where bytes are required ---
    P(
        "str_where_bytes_required",
        "hashlib",
        "hash",
        "app/etag.py",
        "TypeError",
        {
            "app/etag.py": r"""
        import hashlib


        def etag(body):
            return hashlib.md5(body).hexdigest()


        print(etag("<html>hello</html>"))
        """
        },
    ),
    P(
        "str_where_bytes_required",
        "core",
        "binary_file",
        "export/write_blob.py",
        "TypeError",
        {
            "export/write_blob.py": r"""
        import json


        def write_records(path, records):
            with open(path, "wb") as fh:
                for r in records:
                    fh.write(json.dumps(r) + "\n")


        write_records("out.jsonl", [{"a": 1}, {"b": 2}])
        """
        },
    ),
    P(
        "str_where_bytes_required",
        "base64",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/auth.py": r"""
        import base64


        def basic_header(user, password):
            token = base64.b64encode(f"{user}:{password}")
            return {"Authorization": "Basic " + token.decode()}
        """,
            "app/run.py": r"""
        from auth import basic_header

        print(basic_header("ana", "s3cret"))
        """,
        },
    ),
    # --- binary-only API given a text-mode file ---
    P(
        "binary_api_given_text_file",
        "tomllib",
        "tomllib",
        "app/settings.py",
        "TypeError",
        {
            "app/settings.py": r"""
        import tomllib


        def load(path):
            with open(path) as fh:
                return tomllib.load(fh)


        print(load("app.toml")["server"]["port"])
        """,
            "app.toml": "[server]\nport = 8080\n",
        },
    ),
    P(
        "binary_api_given_text_file",
        "pickle",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/model_store.py": r"""
        import pickle


        def save(obj, path):
            with open(path, "wb") as fh:
                pickle.dump(obj, fh, protocol=0)


        def load(path):
            with open(path) as fh:
                return pickle.load(fh)
        """,
            "app/run.py": r"""
        from model_store import load, save

        save({"weights": [0.1, 0.2]}, "model.pkl")
        print(load("model.pkl"))
        """,
        },
    ),
    P(
        "binary_api_given_text_file",
        "msgpack",
        "stream",
        "ingest/replay.py",
        "TypeError",
        {
            "ingest/replay.py": r"""
        import msgpack

        with open("events.bin", "wb") as fh:
            fh.write(msgpack.packb({"event": "click"}) + msgpack.packb({"event": "view"}))


        def replay(path):
            with open(path, encoding="latin-1") as fh:
                return list(msgpack.Unpacker(fh))


        print(replay("events.bin"))
        """
        },
    ),
    # --- a path string passed where an open file object is expected ---
    P(
        "path_passed_instead_of_file",
        "json",
        "dump",
        "app/save.py",
        "AttributeError",
        {
            "app/save.py": r"""
        import json


        def save_settings(settings, path="settings.json"):
            json.dump(settings, path, indent=2)


        save_settings({"theme": "dark"})
        """
        },
    ),
    P(
        "path_passed_instead_of_file",
        "csv",
        "writer",
        "app/run.py",
        "TypeError",
        {
            "app/export.py": r"""
        import csv


        def export(rows, target):
            writer = csv.writer(target)
            writer.writerows(rows)
        """,
            "app/run.py": r"""
        from pathlib import Path

        from export import export

        export([["a", 1], ["b", 2]], Path("out.csv"))
        """,
        },
    ),
    P(
        "path_passed_instead_of_file",
        "pickle",
        "load",
        "cache/warm.py",
        "TypeError",
        {
            "cache/warm.py": r"""
        import pickle
        from pathlib import Path

        Path("cache.pkl").write_bytes(pickle.dumps({"k": 1}))


        def warm(path):
            return pickle.load(path)


        print(warm("cache.pkl"))
        """
        },
    ),
    # --- path relative to the working directory instead of the script ---
    P(
        "path_relative_to_cwd",
        "core",
        "open",
        "app/main.py",
        "FileNotFoundError",
        {
            "app/main.py": r"""
        import json


        def load_config():
            with open("config.json") as fh:
                return json.load(fh)


        print(load_config())
        """,
            "app/config.json": '{"debug": true}\n',
        },
    ),
    P(
        "path_relative_to_cwd",
        "pathlib",
        "module",
        "tools/gen/render.py",
        "FileNotFoundError",
        {
            "tools/gen/templates.py": r"""
        from pathlib import Path

        TEMPLATE_DIR = Path("templates")


        def load(name):
            return (TEMPLATE_DIR / name).read_text()
        """,
            "tools/gen/templates/page.html": "<h1>{title}</h1>\n",
            "tools/gen/render.py": r"""
        from templates import load

        print(load("page.html").format(title="Home"))
        """,
        },
    ),
    P(
        "path_relative_to_cwd",
        "csv",
        "csv",
        "scripts/import_cities.py",
        "FileNotFoundError",
        {
            "scripts/import_cities.py": r"""
        import csv


        def cities():
            with open("data/cities.csv", newline="") as fh:
                return [r["name"] for r in csv.DictReader(fh)]


        print(cities())
        """,
            "scripts/data/cities.csv": "name,pop\nPorto,230000\n",
        },
    ),
    # --- pathlib.Path concatenated with + ---
    P(
        "path_plus_string",
        "pathlib",
        "suffix",
        "backup/copy.py",
        "TypeError",
        {
            "backup/copy.py": r"""
        import shutil
        from pathlib import Path


        def backup(path):
            target = path + ".bak"
            shutil.copy(path, target)
            return target


        Path("notes.txt").write_text("x")
        print(backup(Path("notes.txt")))
        """
        },
    ),
    P(
        "path_plus_string",
        "pathlib",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/paths.py": r"""
        from pathlib import Path

        BASE = Path(__file__).parent


        def data_file(name):
            return BASE + "/data/" + name
        """,
            "app/run.py": r"""
        from paths import data_file

        print(data_file("users.csv"))
        """,
        },
    ),
    P(
        "path_plus_string",
        "os",
        "glob",
        "tools/rename.py",
        "TypeError",
        {
            "tools/rename.py": r"""
        import os
        from pathlib import Path

        Path("imgs").mkdir(exist_ok=True)
        for n in range(2):
            (Path("imgs") / f"IMG_{n}.JPG").write_text("")


        def normalize(folder):
            for p in Path(folder).glob("*.JPG"):
                os.rename(p, p.parent / (p.stem.lower() + ".jpg"))
                print("renamed", p.stem + p.suffix.lower() + " -> " + p.with_suffix("") + ".jpg")


        normalize("imgs")
        """
        },
    ),
    # --- a directory path opened as a file ---
    P(
        "directory_opened_as_file",
        "core",
        "output_dir",
        "app/export.py",
        "IsADirectoryError",
        {
            "app/export.py": r"""
        from pathlib import Path

        OUT = Path("build")
        OUT.mkdir(exist_ok=True)


        def export(rows, dest=OUT):
            with open(dest, "w") as fh:
                fh.writelines(f"{r}\n" for r in rows)


        export(["a", "b"])
        """
        },
    ),
    P(
        "directory_opened_as_file",
        "pathlib",
        "glob",
        "app/run.py",
        "IsADirectoryError",
        {
            "app/loader.py": r"""
        from pathlib import Path


        def load_all(folder):
            return {p.name: p.read_text() for p in sorted(Path(folder).glob("*"))}
        """,
            "app/run.py": r"""
        from pathlib import Path

        from loader import load_all

        Path("fixtures/nested").mkdir(parents=True, exist_ok=True)
        Path("fixtures/a.json").write_text("{}")
        print(load_all("fixtures"))
        """,
        },
    ),
    P(
        "directory_opened_as_file",
        "pathlib",
        "argv",
        "tools/dbinfo.py",
        "IsADirectoryError",
        {
            "tools/dbinfo.py": r"""
        import hashlib
        import sys
        from pathlib import Path


        def fingerprint(path):
            return hashlib.sha1(Path(path).read_bytes()).hexdigest()


        Path("var/db").mkdir(parents=True, exist_ok=True)
        print(fingerprint(sys.argv[1]))
        """
        },
        args=("var/db",),
    ),
    # --- directory created without allowing it to exist already ---
    P(
        "mkdir_without_exist_ok",
        "os",
        "makedirs",
        "app/init_project.py",
        "FileExistsError",
        {
            "app/init_project.py": r"""
        import os


        def scaffold(root):
            for sub in ("src", "tests", "docs"):
                os.makedirs(os.path.join(root, sub))


        scaffold("demo")
        scaffold("demo")
        """
        },
    ),
    P(
        "mkdir_without_exist_ok",
        "pathlib",
        "module",
        "app/run.py",
        "FileExistsError",
        {
            "app/cache.py": r"""
        from pathlib import Path


        class DiskCache:
            def __init__(self, root):
                self.root = Path(root)
                self.root.mkdir(parents=True)

            def put(self, key, data):
                (self.root / key).write_text(data)
        """,
            "app/run.py": r"""
        from cache import DiskCache

        DiskCache(".cache/pages").put("index", "<html>")
        DiskCache(".cache/pages").put("about", "<html>")
        """,
        },
    ),
    P(
        "mkdir_without_exist_ok",
        "os",
        "mkdir",
        "jobs/workdir.py",
        "FileExistsError",
        {
            "jobs/workdir.py": r"""
        import os
        import tempfile

        ROOT = tempfile.gettempdir()


        def workdir(job_id):
            path = os.path.join(ROOT, f"job-{job_id}")
            os.mkdir(path)
            return path


        print(workdir("nightly"))
        print(workdir("nightly"))
        """
        },
    ),
    # --- a whole command line given as one string without shell=True ---
    P(
        "subprocess_string_without_shell",
        "subprocess",
        "run",
        "tools/disk.py",
        "FileNotFoundError",
        {
            "tools/disk.py": r"""
        import subprocess


        def usage(path):
            return subprocess.run(f"du -sh {path}", capture_output=True, text=True).stdout


        print(usage("."))
        """
        },
    ),
    P(
        "subprocess_string_without_shell",
        "subprocess",
        "check_output",
        "app/run.py",
        "FileNotFoundError",
        {
            "app/gitinfo.py": r"""
        import subprocess


        def python_version():
            return subprocess.check_output("python3 --version", text=True).strip()
        """,
            "app/run.py": r"""
        from gitinfo import python_version

        print("built with", python_version())
        """,
        },
    ),
    P(
        "subprocess_string_without_shell",
        "subprocess",
        "popen",
        "jobs/archive.py",
        "FileNotFoundError",
        {
            "jobs/archive.py": r"""
        import subprocess
        from pathlib import Path

        Path("logs").mkdir(exist_ok=True)
        Path("logs/a.log").write_text("x")


        def archive(folder):
            proc = subprocess.Popen("tar czf logs.tgz " + folder, stdout=subprocess.PIPE)
            return proc.wait()


        print(archive("logs"))
        """
        },
    ),
    # --- struct format without a byte-order prefix: native size/alignment ---
    P(
        "struct_native_alignment",
        "struct",
        "header",
        "fmt/wav_header.py",
        "error",
        {
            "fmt/wav_header.py": r"""
        import struct

        HEADER = struct.pack("<4sI4s", b"RIFF", 36, b"WAVE")


        def parse(header):
            magic, size, kind = struct.unpack("4sl4s", header)
            return magic, size, kind


        print(parse(HEADER))
        """
        },
    ),
    P(
        "struct_native_alignment",
        "struct",
        "module",
        "app/run.py",
        "error",
        {
            "app/records.py": r"""
        import struct

        RECORD = struct.Struct("BId")


        def decode(blob):
            return [RECORD.unpack_from(blob, off) for off in range(0, len(blob), 13)]
        """,
            "app/run.py": r"""
        import struct

        from records import decode

        blob = b"".join(struct.pack("<BId", i, i * 10, i / 2) for i in range(3))
        print(decode(blob))
        """,
        },
    ),
    P(
        "struct_native_alignment",
        "struct",
        "stream",
        "net/frames.py",
        "error",
        {
            "net/frames.py": r"""
        import io
        import struct

        FMT = "HQ"


        def read_frames(stream):
            size = 10
            out = []
            while chunk := stream.read(size):
                out.append(struct.unpack(FMT, chunk))
            return out


        data = b"".join(struct.pack("<HQ", t, t * 1000) for t in (1, 2))
        print(read_frames(io.BytesIO(data)))
        """
        },
    ),
    # --- a zip member looked up under the wrong name ---
    P(
        "zip_member_name_mismatch",
        "zipfile",
        "prefix",
        "app/bundle.py",
        "KeyError",
        {
            "app/bundle.py": r"""
        import zipfile

        with zipfile.ZipFile("release.zip", "w") as z:
            z.writestr("release-1.2/manifest.json", '{"version": "1.2"}')
            z.writestr("release-1.2/app.py", "print(1)")


        def manifest(path):
            with zipfile.ZipFile(path) as z:
                return z.read("manifest.json")


        print(manifest("release.zip"))
        """
        },
    ),
    P(
        "zip_member_name_mismatch",
        "zipfile",
        "module",
        "app/run.py",
        "KeyError",
        {
            "app/assets.py": r"""
        import os
        import zipfile


        def read_asset(archive, *parts):
            with zipfile.ZipFile(archive) as z:
                return z.read(os.path.join(".", *parts)).decode()
        """,
            "app/run.py": r"""
        import zipfile

        from assets import read_asset

        with zipfile.ZipFile("assets.zip", "w") as z:
            z.writestr("css/site.css", "body{}")
        print(read_asset("assets.zip", "css", "site.css"))
        """,
        },
    ),
    P(
        "zip_member_name_mismatch",
        "zipfile",
        "case",
        "tools/extract_report.py",
        "KeyError",
        {
            "tools/extract_report.py": r"""
        import zipfile

        with zipfile.ZipFile("export.zip", "w") as z:
            z.writestr("Report.CSV", "a,b\n1,2\n")


        def report_lines(path):
            with zipfile.ZipFile(path) as z, z.open("report.csv") as fh:
                return fh.read().decode().splitlines()


        print(report_lines("export.zip"))
        """
        },
    ),
    # --- coroutine function called without await ---
    P(
        "coroutine_not_awaited",
        "asyncio",
        "subscript",
        "app/fetch.py",
        "TypeError",
        {
            "app/fetch.py": r"""
        import asyncio


        async def fetch_user(uid):
            await asyncio.sleep(0)
            return {"id": uid, "name": f"user{uid}"}


        async def main():
            users = [fetch_user(i) for i in range(3)]
            print([u["name"] for u in users])


        asyncio.run(main())
        """
        },
    ),
    P(
        "coroutine_not_awaited",
        "asyncio",
        "module",
        "app/run.py",
        "AttributeError",
        {
            "app/client.py": r"""
        import asyncio


        class Client:
            async def get(self, path):
                await asyncio.sleep(0)
                return Response(path)


        class Response:
            def __init__(self, path):
                self.path = path

            def json(self):
                return {"path": self.path}
        """,
            "app/run.py": r"""
        import asyncio

        from client import Client


        async def main():
            resp = Client().get("/items")
            print(resp.json())


        asyncio.run(main())
        """,
        },
    ),
    P(
        "coroutine_not_awaited",
        "asyncio",
        "helper",
        "bot/replies.py",
        "TypeError",
        {
            "bot/replies.py": r"""
        import asyncio


        async def translate(text):
            await asyncio.sleep(0)
            return text.upper()


        def build_reply(name):
            return "Hello " + translate(name)


        async def main():
            print(build_reply("ana"))


        asyncio.run(main())
        """
        },
    ),
    # --- event loop started from inside a running loop ---
    P(
        "event_loop_nested",
        "asyncio",
        "run",
        "app/handlers.py",
        "RuntimeError",
        {
            "app/handlers.py": r"""
        import asyncio


        async def load(uid):
            await asyncio.sleep(0)
            return uid * 2


        def load_sync(uid):
            return asyncio.run(load(uid))


        async def handler():
            return [load_sync(u) for u in (1, 2)]


        print(asyncio.run(handler()))
        """
        },
    ),
    P(
        "event_loop_nested",
        "asyncio",
        "run_until_complete",
        "app/run.py",
        "RuntimeError",
        {
            "app/db.py": r"""
        import asyncio


        async def query(sql):
            await asyncio.sleep(0)
            return [(1,)]


        def fetch_all(sql):
            loop = asyncio.get_event_loop()
            return loop.run_until_complete(query(sql))
        """,
            "app/run.py": r"""
        import asyncio

        from db import fetch_all


        async def main():
            print(fetch_all("SELECT 1"))


        asyncio.run(main())
        """,
        },
    ),
    P(
        "event_loop_nested",
        "asyncio",
        "callback",
        "workers/cron.py",
        "RuntimeError",
        {
            "workers/cron.py": r"""
        import asyncio


        async def ping():
            await asyncio.sleep(0)
            return "pong"


        class Scheduler:
            def __init__(self, jobs):
                self.jobs = jobs

            def tick(self):
                return {name: asyncio.run(job()) for name, job in self.jobs.items()}


        async def main():
            print(Scheduler({"ping": ping}).tick())


        asyncio.run(main())
        """
        },
    ),
    # --- await used on a plain (sync) call ---
    P(
        "await_on_sync_call",
        "asyncio",
        "sleep",
        "app/poll.py",
        "TypeError",
        {
            "app/poll.py": r"""
        import asyncio
        import time


        async def poll(n):
            for i in range(n):
                print("tick", i)
                await time.sleep(0.01)


        asyncio.run(poll(2))
        """
        },
    ),
    P(
        "await_on_sync_call",
        "asyncio",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/repo.py": r"""
        class Repo:
            def __init__(self):
                self.rows = {1: "ana"}

            def get(self, key):
                return {"id": key, "name": self.rows[key]}
        """,
            "app/run.py": r"""
        import asyncio

        from repo import Repo


        async def main():
            user = await Repo().get(1)
            print(user)


        asyncio.run(main())
        """,
        },
    ),
    P(
        "await_on_sync_call",
        "asyncio",
        "gather",
        "app/batch.py",
        "TypeError",
        {
            "app/batch.py": r"""
        import asyncio


        def compute(x):
            return x * x


        async def main():
            results = await asyncio.gather(*(compute(i) for i in range(3)))
            print(results)


        asyncio.run(main())
        """
        },
    ),
    # --- coroutine function object passed where a coroutine is expected ---
    P(
        "coroutine_function_not_called",
        "asyncio",
        "run",
        "app/main.py",
        "ValueError",
        {
            "app/main.py": r"""
        import asyncio


        async def main():
            await asyncio.sleep(0)
            print("done")


        if __name__ == "__main__":
            asyncio.run(main)
        """
        },
    ),
    P(
        "coroutine_function_not_called",
        "asyncio",
        "create_task",
        "app/run.py",
        "TypeError",
        {
            "app/jobs.py": r"""
        import asyncio


        async def heartbeat():
            await asyncio.sleep(0)
            return "ok"


        async def refresh_cache():
            await asyncio.sleep(0)
            return "fresh"


        JOBS = [heartbeat, refresh_cache]
        """,
            "app/run.py": r"""
        import asyncio

        from jobs import JOBS


        async def main():
            tasks = [asyncio.create_task(job) for job in JOBS]
            print(await asyncio.gather(*tasks))


        asyncio.run(main())
        """,
        },
    ),
    P(
        "coroutine_function_not_called",
        "asyncio",
        "wait_for",
        "net/probe.py",
        "TypeError",
        {
            "net/probe.py": r"""
        import asyncio


        async def probe():
            await asyncio.sleep(0)
            return True


        async def main():
            ok = await asyncio.wait_for(probe, timeout=1)
            print("up" if ok else "down")


        asyncio.run(main())
        """
        },
    ),
]
