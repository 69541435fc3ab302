"""None where a value was expected, for several different reasons."""

from programs import P

PROGRAMS = [
    # --- re.match anchors at the start of the string; the code wanted re.search
    P(
        "regex_match_not_search",
        "re",
        "order number in an email subject",
        "AttributeError",
        r"""
import re

ORDER = re.compile(r"#(\d{6})")


def order_number(subject):
    return int(ORDER.match(subject).group(1))


subjects = ["#104233 shipped", "Re: #104877 missing item"]
print([order_number(s) for s in subjects])
""",
    ),
    P(
        "regex_match_not_search",
        "re",
        "version string from tool output",
        "TypeError",
        r"""
# file: probe.py
import subprocess
import sys

from versions import parse_version

out = subprocess.run([sys.executable, "--version"], capture_output=True, text=True).stdout
print(parse_version(out))
# file: versions.py
import re


def parse_version(text):
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", text)
    major, minor, patch = m.groups() if m else (None, None, None)
    return tuple(int(x) for x in (major, minor, patch))
""",
    ),
    P(
        "regex_match_not_search",
        "regex",
        "temperature in a sensor log line",
        "AttributeError",
        r"""
import regex


class SensorLine:
    PATTERN = regex.compile(r"temp=(?P<value>-?\d+\.\d+)")

    def __init__(self, line):
        self.line = line

    def temperature(self):
        return float(self.PATTERN.match(self.line).group("value"))


log = ["2024-05-01T10:00 node=3 temp=21.5", "2024-05-01T10:05 node=3 temp=21.9"]
print(max(SensorLine(x).temperature() for x in log))
""",
    ),
    # --- dict.get() of an optional section returns None and is then indexed
    P(
        "optional_section_missing_get",
        "json",
        "retry policy of a service config",
        "TypeError",
        r"""
# file: client.py
import json

from policy import retry_delays

cfg = json.loads('{"service": "billing", "timeout": 5}')
print(retry_delays(cfg))
# file: policy.py
def retry_delays(cfg):
    retry = cfg.get("retry")
    base = retry["base_delay"]
    return [base * 2**i for i in range(retry.get("attempts", 3))]
""",
    ),
    P(
        "optional_section_missing_get",
        "toml",
        "database url from pyproject-like config",
        "TypeError",
        r"""
import toml

TEXT = '''
[tool.app]
name = "inventory"

[tool.app.cache]
ttl = 60
'''


def database_url(conf):
    app = conf.get("tool", {}).get("app", {})
    db = app.get("database")
    return f"postgresql://{db['host']}:{db.get('port', 5432)}/{app['name']}"


print(database_url(toml.loads(TEXT)))
""",
    ),
    P(
        "optional_section_missing_get",
        "core",
        "theme colours of a user profile",
        "AttributeError",
        r"""
DEFAULT = {"fg": "black", "bg": "white"}


class Profile:
    def __init__(self, data):
        self.data = data

    def colour(self, name):
        prefs = self.data.get("preferences")
        theme = prefs.get("theme")
        return (theme or DEFAULT)[name]


users = [{"name": "ana", "preferences": {"theme": {"fg": "green", "bg": "black"}}}, {"name": "bo"}]
for u in users:
    print(u["name"], Profile(u).colour("fg"))
""",
    ),
    # --- pandas inplace=True returns None, and the result is assigned back
    P(
        "pandas_inplace_assign",
        "pandas",
        "cleaning a sales frame",
        "AttributeError",
        r"""
import pandas as pd


def clean(df):
    df = df.dropna(subset=["amount"], inplace=True)
    return df


sales = pd.DataFrame({"region": ["n", "s", "e"], "amount": [10.0, None, 7.5]})
print(clean(sales).groupby("region").amount.sum())
""",
    ),
    P(
        "pandas_inplace_assign",
        "pandas",
        "renaming columns of an export",
        "TypeError",
        r"""
# file: export.py
import pandas as pd

from columns import normalise

frame = pd.DataFrame({"First Name": ["a"], "Last Name": ["b"], "E-Mail": ["a@b.c"]})
frame = normalise(frame)
print(frame["e_mail"])
# file: columns.py
def normalise(frame):
    mapping = {c: c.lower().replace(" ", "_").replace("-", "_") for c in frame.columns}
    return frame.rename(columns=mapping, inplace=True)
""",
    ),
    P(
        "pandas_inplace_assign",
        "pandas",
        "sorting a leaderboard",
        "AttributeError",
        r"""
import pandas as pd


class Leaderboard:
    def __init__(self, scores):
        self.frame = pd.DataFrame(scores)

    def top(self, n):
        ranked = self.frame.sort_values("points", ascending=False, inplace=True)
        return ranked.head(n)


board = Leaderboard({"player": ["kim", "lee", "max"], "points": [30, 45, 12]})
print(board.top(2))
""",
    ),
    # --- fetchone() returns None when the query matched no row
    P(
        "sqlite_fetchone_none",
        "sqlite3",
        "price lookup for an unknown sku",
        "TypeError",
        r"""
import sqlite3

db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE products (sku TEXT PRIMARY KEY, price REAL)")
db.executemany("INSERT INTO products VALUES (?, ?)", [("A-1", 9.5), ("B-2", 12.0)])


def price(sku):
    row = db.execute("SELECT price FROM products WHERE sku = ?", (sku,)).fetchone()
    return row[0]


basket = ["A-1", "C-3"]
print(sum(price(s) for s in basket))
""",
    ),
    P(
        "sqlite_fetchone_none",
        "sqlite3",
        "login of a user not registered",
        "TypeError",
        r"""
# file: login.py
from accounts import AccountStore

store = AccountStore()
store.add("maria", "x1y2")
for name in ["maria", "mario"]:
    print(name, store.check(name, "x1y2"))
# file: accounts.py
import hashlib
import sqlite3


class AccountStore:
    def __init__(self):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE users (name TEXT, pw TEXT)")

    def add(self, name, pw):
        self.db.execute("INSERT INTO users VALUES (?, ?)", (name, hashlib.sha1(pw.encode()).hexdigest()))

    def check(self, name, pw):
        (stored,) = self.db.execute("SELECT pw FROM users WHERE name = ?", (name,)).fetchone()
        return stored == hashlib.sha1(pw.encode()).hexdigest()
""",
    ),
    P(
        "sqlite_fetchone_none",
        "sqlite3",
        "latest reading of a sensor",
        "TypeError",
        r"""
import sqlite3
from datetime import datetime


def latest(conn, sensor):
    cur = conn.execute("SELECT ts, value FROM readings WHERE sensor = ? ORDER BY ts DESC LIMIT 1", (sensor,))
    ts, value = cur.fetchone()
    return datetime.fromisoformat(ts), value


conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE readings (sensor TEXT, ts TEXT, value REAL)")
conn.execute("INSERT INTO readings VALUES ('t1', '2024-03-01T10:00:00', 4.2)")
for s in ["t1", "t2"]:
    print(s, latest(conn, s))
""",
    ),
    # --- rows written without commit() are invisible to a second connection
    P(
        "sqlite_missing_commit",
        "sqlite3",
        "job queue read by a worker connection",
        "TypeError",
        r"""
# file: worker.py
import sqlite3

from queue_db import enqueue, init

init("jobs.db")
enqueue("jobs.db", "resize:img1.png")
reader = sqlite3.connect("jobs.db")
job_id, payload = reader.execute("SELECT id, payload FROM jobs ORDER BY id LIMIT 1").fetchone()
print("working on", job_id, payload)
# file: queue_db.py
import sqlite3

_conns = {}


def _conn(path):
    if path not in _conns:
        _conns[path] = sqlite3.connect(path)
    return _conns[path]


def init(path):
    c = _conn(path)
    c.execute("CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, payload TEXT)")
    c.commit()


def enqueue(path, payload):
    _conn(path).execute("INSERT INTO jobs (payload) VALUES (?)", (payload,))
""",
    ),
    P(
        "sqlite_missing_commit",
        "sqlite3",
        "counting signups from a report connection",
        "AssertionError",
        r"""
import sqlite3

PATH = "signups.db"


def setup():
    with sqlite3.connect(PATH) as c:
        c.execute("CREATE TABLE IF NOT EXISTS signups (email TEXT)")


def record(conn, emails):
    conn.executemany("INSERT INTO signups VALUES (?)", [(e,) for e in emails])


def report():
    conn = sqlite3.connect(PATH)
    return conn.execute("SELECT COUNT(*) FROM signups").fetchone()[0]


setup()
writer = sqlite3.connect(PATH)
record(writer, ["a@x.org", "b@y.org", "c@z.org"])
total = report()
assert total == 3, f"expected 3 signups, report sees {total}"
""",
    ),
    P(
        "sqlite_missing_commit",
        "sqlite3",
        "settings saved then reloaded",
        "KeyError",
        r"""
# file: app.py
from prefs import Prefs

Prefs("prefs.db").save({"theme": "dark", "lang": "pt"})
loaded = Prefs("prefs.db").load()
print(loaded["theme"])
# file: prefs.py
import sqlite3


class Prefs:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS prefs (k TEXT PRIMARY KEY, v TEXT)")
        self.conn.commit()

    def save(self, values):
        cur = self.conn.cursor()
        for k, v in values.items():
            cur.execute("INSERT OR REPLACE INTO prefs VALUES (?, ?)", (k, v))

    def load(self):
        return dict(self.conn.execute("SELECT k, v FROM prefs").fetchall())
""",
    ),
    # --- the return value of a thread's target is lost: Thread/join give None
    P(
        "thread_return_value_lost",
        "threading",
        "checksums computed in threads",
        "TypeError",
        r"""
import hashlib
import threading


def checksum(data):
    return hashlib.md5(data).hexdigest()


def parallel_checksums(chunks):
    results = []
    for chunk in chunks:
        t = threading.Thread(target=checksum, args=(chunk,))
        t.start()
        results.append(t.join())
    return results


sums = parallel_checksums([b"alpha", b"beta"])
print(",".join(sums))
""",
    ),
    P(
        "thread_return_value_lost",
        "threading",
        "page word counts in a worker class",
        "TypeError",
        r"""
# file: counter.py
from workers import CountWorker

texts = ["a b c", "d e", "f g h i"]
workers = [CountWorker(t) for t in texts]
for w in workers:
    w.start()
for w in workers:
    w.join()
print(sum(w.result for w in workers))
# file: workers.py
import threading


class CountWorker(threading.Thread):
    def __init__(self, text):
        super().__init__()
        self.text = text
        self.result = None

    def run(self):
        return len(self.text.split())
""",
    ),
    P(
        "thread_return_value_lost",
        "threading",
        "image sizes fetched by background threads",
        "AttributeError",
        r"""
import threading


def measure(name, sizes):
    return {"name": name, "bytes": len(name) * 1024}


def collect(names):
    sizes = {}
    threads = {n: threading.Thread(target=measure, args=(n, sizes)) for n in names}
    for t in threads.values():
        t.start()
    for n, t in threads.items():
        t.join()
        sizes[n] = sizes.get(n)
    return sizes


for name, info in collect(["logo.png", "hero.jpg"]).items():
    print(name, info.get("bytes"))
""",
    ),
    # --- an attribute that a start/connect/open method fills is used before that method was called
    P(
        "lifecycle_not_started",
        "sqlite3",
        "repository used without connect()",
        "AttributeError",
        r"""
# file: main.py
from repo import NoteRepo

repo = NoteRepo("notes.db")
repo.add("buy milk")
print(repo.count())
# file: repo.py
import sqlite3


class NoteRepo:
    def __init__(self, path):
        self.path = path
        self.conn = None

    def connect(self):
        self.conn = sqlite3.connect(self.path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS notes (body TEXT)")

    def add(self, body):
        self.conn.execute("INSERT INTO notes VALUES (?)", (body,))

    def count(self):
        return self.conn.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
""",
    ),
    P(
        "lifecycle_not_started",
        "core",
        "audit log used before open()",
        "AttributeError",
        r"""
import json


class AuditLog:
    def __init__(self, path):
        self.path = path
        self._fh = None

    def open(self):
        self._fh = open(self.path, "a")

    def record(self, event, **fields):
        self._fh.write(json.dumps({"event": event, **fields}) + "\n")

    def close(self):
        self._fh.close()


audit = AuditLog("audit.jsonl")
audit.record("login", user="eve")
audit.close()
""",
    ),
    P(
        "lifecycle_not_started",
        "concurrent.futures",
        "pool of a service never started",
        "AttributeError",
        r"""
# file: service.py
from thumbnails import ThumbnailService

svc = ThumbnailService(workers=2)
print(svc.render_all(["a.png", "b.png"]))
# file: thumbnails.py
from concurrent.futures import ThreadPoolExecutor


class ThumbnailService:
    def __init__(self, workers):
        self.workers = workers
        self.pool = None

    def start(self):
        self.pool = ThreadPoolExecutor(self.workers)

    def _render(self, name):
        return name.replace(".png", "_thumb.png")

    def render_all(self, names):
        return list(self.pool.map(self._render, names))
""",
    ),
    # --- an optional command-line option defaults to None and is used as a number
    P(
        "argparse_optional_none",
        "argparse",
        "--limit not given",
        "TypeError",
        r"""
import argparse


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("path")
    p.add_argument("--limit", type=int)
    return p.parse_args(argv)


def head(lines, limit):
    return [ln for i, ln in enumerate(lines) if i < limit]


args = parse(["data.txt"])
print(head(["a", "b", "c"], args.limit))
""",
    ),
    P(
        "argparse_optional_none",
        "click",
        "--scale option omitted",
        "TypeError",
        r"""
# file: resize.py
import click

from geometry import scaled


@click.command()
@click.argument("width", type=int)
@click.argument("height", type=int)
@click.option("--scale", type=float)
def main(width, height, scale):
    click.echo(scaled(width, height, scale))


if __name__ == "__main__":
    main()
# file: geometry.py
def scaled(width, height, factor):
    return round(width * factor), round(height * factor)
""",
        "640",
        "480",
    ),
    P(
        "argparse_optional_none",
        "argparse",
        "--since days option missing",
        "TypeError",
        r"""
# file: cli.py
import argparse

from history import recent

parser = argparse.ArgumentParser(description="show recent commits")
parser.add_argument("--since", type=int, help="days back")
parser.add_argument("--author")
opts = parser.parse_args()
print(recent(opts.since, opts.author))
# file: history.py
from datetime import date, timedelta

COMMITS = [(date(2024, 1, 3), "ana"), (date(2024, 1, 9), "bo")]


def recent(days, author):
    cutoff = date(2024, 1, 10) - timedelta(days=days)
    return [c for c in COMMITS if c[0] >= cutoff and (author is None or c[1] == author)]
""",
    ),
    # --- a helper swallows an exception and implicitly returns None
    P(
        "except_returns_none",
        "json",
        "loader that logs parse errors",
        "TypeError",
        r"""
# file: main.py
from loader import load_order

order = load_order('{"id": 7, "items": [1, 2,]}')
print(len(order["items"]))
# file: loader.py
import json
import logging

log = logging.getLogger(__name__)


def load_order(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        log.warning("bad order payload: %s", exc)
""",
    ),
    P(
        "except_returns_none",
        "decimal",
        "price parser that skips bad input",
        "TypeError",
        r"""
from decimal import Decimal, InvalidOperation


def parse_price(text):
    try:
        return Decimal(text.replace("$", ""))
    except InvalidOperation:
        print("could not parse", repr(text))


def total(prices):
    return sum(parse_price(p) for p in prices)


print(total(["$4.50", "$3.25", "$N/A"]))
""",
    ),
    P(
        "except_returns_none",
        "datetime",
        "date helper catching ValueError",
        "AttributeError",
        r"""
from datetime import datetime


class Event:
    def __init__(self, title, when):
        self.title = title
        self.when = self.parse(when)

    @staticmethod
    def parse(text):
        try:
            return datetime.strptime(text, "%Y-%m-%d %H:%M")
        except ValueError:
            pass

    def label(self):
        return f"{self.when.strftime('%a %d %b')}: {self.title}"


events = [Event("standup", "2024-06-03 09:30"), Event("retro", "2024-06-07")]
print([e.label() for e in events])
""",
    ),
]
