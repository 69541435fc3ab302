"""Records and keys: csv headers, pandas index vs columns, configparser, sqlite rows, strings taken for lists."""

from programs import P

PROGRAMS = [
    # --- csv header written with a space after each comma, read without skipinitialspace
    P(
        "csv_header_spaces",
        "csv",
        "contacts exported with ', ' separators",
        "KeyError",
        r"""
import csv
import io

DATA = "name, email, phone\nAda, ada@x.test, 555\n"


def emails(text):
    return [row["email"] for row in csv.DictReader(io.StringIO(text))]


print(emails(DATA))
""",
    ),
    P(
        "csv_header_spaces",
        "pandas",
        "read_csv of a hand-written file",
        "KeyError",
        r"""
# file: plot.py
import io

import pandas as pd

from series import monthly

CSV = "month, sales, returns\nJan, 100, 4\nFeb, 120, 6\n"
print(monthly(pd.read_csv(io.StringIO(CSV))))
# file: series.py
def monthly(df):
    return (df["sales"] - df["returns"]).tolist()
""",
    ),
    P(
        "csv_header_spaces",
        "csv",
        "column index looked up by name",
        "ValueError",
        r"""
import csv
import io


class Sheet:
    def __init__(self, text):
        rows = list(csv.reader(io.StringIO(text)))
        self.header, self.rows = rows[0], rows[1:]

    def column(self, name):
        i = self.header.index(name)
        return [r[i] for r in self.rows]


sheet = Sheet("sku, qty, price\nA1, 3, 9.5\nB2, 1, 20\n")
print(sheet.column("qty"))
""",
    ),
    # --- a column moved into the index (set_index / groupby) is then read as a column
    P(
        "pandas_column_in_index",
        "pandas",
        "column read after set_index",
        "KeyError",
        r"""
import pandas as pd

df = pd.DataFrame({"user_id": [3, 5, 8], "score": [0.4, 0.9, 0.7]})


def best_user(df):
    by_user = df.set_index("user_id")
    top = by_user.sort_values("score").tail(1)
    return int(top["user_id"].iloc[0])


print(best_user(df))
""",
    ),
    P(
        "pandas_column_in_index",
        "pandas",
        "groupby result used like a frame with the key",
        "KeyError",
        r"""
# file: dashboard.py
import pandas as pd

from agg import per_store

sales = pd.DataFrame({"store": ["a", "b", "a"], "amount": [10, 20, 5]})
print(per_store(sales))
# file: agg.py
def per_store(sales):
    totals = sales.groupby("store").sum()
    return dict(zip(totals["store"], totals["amount"]))
""",
    ),
    P(
        "pandas_column_in_index",
        "pandas",
        "filter on a key that became the index",
        "KeyError",
        r"""
import pandas as pd


class Catalog:
    def __init__(self, products):
        self.products = products.set_index("sku")

    def names_for(self, skus):
        return self.products[self.products["sku"].isin(skus)]["name"].tolist()


catalog = Catalog(pd.DataFrame({"sku": ["x", "y"], "name": ["pen", "ink"]}))
print(catalog.names_for(["x"]))
""",
    ),
    # --- configparser lowercases option names by default
    P(
        "configparser_lowercases_keys",
        "configparser",
        "camelCase option names",
        "KeyError",
        r"""
import configparser

INI = '''
[server]
maxConnections = 100
idleTimeout = 30
'''


def server_settings(text):
    cp = configparser.ConfigParser()
    cp.read_string(text)
    section = dict(cp["server"])
    return int(section["maxConnections"]), int(section["idleTimeout"])


print(server_settings(INI))
""",
    ),
    P(
        "configparser_lowercases_keys",
        "configparser",
        "env-style upper-case keys",
        "KeyError",
        r"""
# file: boot.py
from pathlib import Path

from settings import load_env

Path("app.ini").write_text("[env]\nDATABASE_URL = sqlite:///app.db\nSECRET_KEY = s3\n")
env = load_env("app.ini")
print(env["DATABASE_URL"])
# file: settings.py
import configparser


def load_env(path):
    cp = configparser.ConfigParser()
    cp.read(path)
    return {k: v for k, v in cp.items("env")}
""",
    ),
    P(
        "configparser_lowercases_keys",
        "configparser",
        "option names matched to dataclass fields",
        "TypeError",
        r"""
import configparser
from dataclasses import dataclass


@dataclass
class Retry:
    maxAttempts: int
    backoffSeconds: float


cp = configparser.ConfigParser()
cp.read_string("[retry]\nmaxAttempts = 5\nbackoffSeconds = 1.5\n")
print(Retry(**dict(cp["retry"])))
""",
    ),
    # --- nodes created implicitly by add_edge have no attributes
    P(
        "nx_implicit_node_no_attrs",
        "networkx",
        "station names on a route",
        "KeyError",
        r"""
import networkx as nx

G = nx.Graph()
G.add_node("A", name="Central")
G.add_node("B", name="Harbour")
G.add_edge("A", "B", minutes=4)
G.add_edge("B", "C", minutes=6)


def route_names(g, src, dst):
    return [g.nodes[n]["name"] for n in nx.shortest_path(g, src, dst)]


print(route_names(G, "A", "C"))
""",
    ),
    P(
        "nx_implicit_node_no_attrs",
        "networkx",
        "capacity summed over a dependency graph",
        "KeyError",
        r"""
# file: plan.py
from infra import build_graph, total_cpu

g = build_graph()
print(total_cpu(g))
# file: infra.py
import networkx as nx


def build_graph():
    g = nx.DiGraph()
    for name, cpu in [("web", 2), ("api", 4)]:
        g.add_node(name, cpu=cpu)
    g.add_edges_from([("web", "api"), ("api", "db")])
    return g


def total_cpu(g):
    return sum(data["cpu"] for _, data in g.nodes(data=True))
""",
    ),
    P(
        "nx_implicit_node_no_attrs",
        "networkx",
        "labels drawn from node data",
        "AttributeError",
        r"""
import networkx as nx


class OrgChart:
    def __init__(self):
        self.g = nx.DiGraph()

    def hire(self, name, title, manager=None):
        self.g.add_node(name, title=title)
        if manager:
            self.g.add_edge(manager, name)

    def labels(self):
        return {n: d.get("title").title() for n, d in self.g.nodes(data=True)}


chart = OrgChart()
chart.hire("ana", "cto")
chart.hire("bo", "engineer", manager="ana")
chart.hire("cy", "designer", manager="di")
print(chart.labels())
""",
    ),
    # --- identifiers with leading zeros lose them when read as numbers
    P(
        "leading_zeros_lost",
        "pandas",
        "postal codes read by read_csv",
        "KeyError",
        r"""
import io

import pandas as pd

ZONES = {"01234": "north", "02115": "east"}
CSV = "customer,zip\nkim,01234\nlou,02115\n"


def zones(text):
    df = pd.read_csv(io.StringIO(text))
    return [ZONES[str(z)] for z in df["zip"]]


print(zones(CSV))
""",
    ),
    P(
        "leading_zeros_lost",
        "json",
        "product codes normalised with int()",
        "KeyError",
        r"""
# file: shop.py
from stock import in_stock

print(in_stock("00420"))
# file: stock.py
STOCK = {"00420": 3, "01000": 0}


def normalise(code):
    return str(int(code.strip()))


def in_stock(code):
    return STOCK[normalise(code)] > 0
""",
    ),
    P(
        "leading_zeros_lost",
        "csv",
        "employee ids converted with int()",
        "AssertionError",
        r"""
import csv
import io

DATA = "id,name\n007,Bond\n012,Moneypenny\n"


def load(text):
    return {int(r["id"]): r["name"] for r in csv.DictReader(io.StringIO(text))}


def badge(emp_id, name):
    return f"{emp_id}-{name.upper()}"


people = load(DATA)
badges = [badge(i, n) for i, n in people.items()]
assert badges[0] == "007-BOND", badges
""",
    ),
    # --- a single string where a list/tuple of strings was expected: it is iterated character by character
    P(
        "string_instead_of_list",
        "importlib",
        "extra plugin list given as one string",
        "ModuleNotFoundError",
        r"""
import importlib
import os

os.environ["EXTRA_PLUGINS"] = "json"


def load_plugins(base):
    names = list(base)
    names.extend(os.environ.get("EXTRA_PLUGINS", ""))
    return [importlib.import_module(n) for n in names]


print(load_plugins(["csv", "sqlite3"]))
""",
    ),
    P(
        "string_instead_of_list",
        "yaml",
        "tags given as a single string in yaml",
        "KeyError",
        r"""
# file: post.py
import yaml

from tags import colour_for

POST = yaml.safe_load("title: Hello\ntags: release\n")
print([colour_for(t) for t in POST["tags"]])
# file: tags.py
COLOURS = {"release": "green", "bug": "red", "docs": "blue"}


def colour_for(tag):
    return COLOURS[tag]
""",
    ),
    P(
        "string_instead_of_list",
        "core",
        "one recipient passed instead of a list",
        "AssertionError",
        r"""
class Mailer:
    def __init__(self):
        self.sent = []

    def send(self, subject, recipients):
        for r in recipients:
            self.sent.append((r, subject))
        return len(self.sent)


m = Mailer()
count = m.send("weekly report", "team@example.test")
assert count == 1, f"sent {count} mails: {m.sent[:3]}"
""",
    ),
    # --- sqlite parameters not given as a sequence of values
    P(
        "sqlite_param_not_tuple",
        "sqlite3",
        "a name passed bare as the parameters",
        "ProgrammingError",
        r"""
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE pets (name TEXT)")


def add_pet(name):
    conn.execute("INSERT INTO pets VALUES (?)", name)


add_pet("Rex")
add_pet("Whiskers")
print(conn.execute("SELECT * FROM pets").fetchall())
""",
    ),
    P(
        "sqlite_param_not_tuple",
        "sqlite3",
        "parentheses without a comma",
        "ProgrammingError",
        r"""
# file: lookup.py
from db import connect, find_city

conn = connect()
print(find_city(conn, "Lisbon"))
# file: db.py
import sqlite3


def connect():
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE cities (name TEXT, country TEXT)")
    c.execute("INSERT INTO cities VALUES ('Lisbon', 'PT')")
    return c


def find_city(conn, name):
    return conn.execute("SELECT country FROM cities WHERE name = ?", (name)).fetchone()
""",
    ),
    P(
        "sqlite_param_not_tuple",
        "sqlite3",
        "an int id passed as parameters",
        "ProgrammingError",
        r"""
import sqlite3


class Tasks:
    def __init__(self):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT, done INTEGER DEFAULT 0)")
        self.db.execute("INSERT INTO tasks (title) VALUES ('write docs')")

    def complete(self, task_id):
        self.db.execute("UPDATE tasks SET done = 1 WHERE id = ?", task_id)


Tasks().complete(1)
""",
    ),
    # --- sqlite rows are tuples unless a row_factory is set
    P(
        "sqlite_no_row_factory",
        "sqlite3",
        "rows read by column name",
        "TypeError",
        r"""
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE books (title TEXT, year INTEGER)")
conn.execute("INSERT INTO books VALUES ('Dune', 1965)")


def titles(conn):
    return [row["title"] for row in conn.execute("SELECT title, year FROM books")]


print(titles(conn))
""",
    ),
    P(
        "sqlite_no_row_factory",
        "sqlite3",
        "row turned into a dict with dict()",
        "TypeError",
        r"""
# file: api.py
import json

from store import get_user

print(json.dumps(get_user(1)))
# file: store.py
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE users (id INTEGER, name TEXT, role TEXT)")
conn.execute("INSERT INTO users VALUES (1, 'ana', 'admin')")


def get_user(uid):
    row = conn.execute("SELECT id, name, role FROM users WHERE id = ?", (uid,)).fetchone()
    return dict(row)
""",
    ),
    P(
        "sqlite_no_row_factory",
        "sqlite3",
        "keys() of a fetched row",
        "AttributeError",
        r"""
import sqlite3


def export(conn, table):
    cur = conn.execute(f"SELECT * FROM {table}")
    rows = cur.fetchall()
    header = rows[0].keys()
    return [header] + [list(r) for r in rows]


conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE m (k TEXT, v REAL)")
conn.execute("INSERT INTO m VALUES ('cpu', 0.7)")
print(export(conn, "m"))
""",
    ),
    # --- csv.reader gives lists; the code indexes rows by column name (DictReader intended)
    P(
        "csv_reader_not_dictreader",
        "csv",
        "rows indexed by header name",
        "TypeError",
        r"""
import csv
import io

DATA = "product,price\nmug,8\nbowl,12\n"


def prices(text):
    reader = csv.reader(io.StringIO(text))
    next(reader)
    return {row["product"]: float(row["price"]) for row in reader}


print(prices(DATA))
""",
    ),
    P(
        "csv_reader_not_dictreader",
        "csv",
        "row.get on a reader row",
        "AttributeError",
        r"""
# file: contacts.py
from pathlib import Path

from addressbook import load

Path("book.csv").write_text("name,phone\nali,555-1\nbea,\n")
print(load("book.csv"))
# file: addressbook.py
import csv


def load(path):
    with open(path, newline="") as fh:
        return [(r.get("name"), r.get("phone") or "-") for r in csv.reader(fh)]
""",
    ),
    P(
        "csv_reader_not_dictreader",
        "csv",
        "rows unpacked into a dataclass",
        "TypeError",
        r"""
import csv
import io
from dataclasses import dataclass


@dataclass
class Reading:
    city: str
    temp: str


def load(text):
    rows = csv.reader(io.StringIO(text))
    next(rows)
    return [Reading(**row) for row in rows]


print(load("city,temp\nOslo,3\nRome,18\n"))
""",
    ),
    # --- a dict of records iterated as if it were a list of records
    P(
        "iterate_dict_as_list",
        "json",
        "users keyed by id iterated as a list",
        "TypeError",
        r"""
import json

PAYLOAD = '{"u1": {"name": "ana", "age": 30}, "u2": {"name": "bo", "age": 25}}'


def names(text):
    return [u["name"] for u in json.loads(text)]


print(names(PAYLOAD))
""",
    ),
    P(
        "iterate_dict_as_list",
        "yaml",
        "services mapping iterated as a list",
        "TypeError",
        r"""
# file: compose.py
import yaml

from ports import exposed

DOC = '''
services:
  web:
    port: 8080
  db:
    port: 5432
'''
print(exposed(yaml.safe_load(DOC)["services"]))
# file: ports.py
def exposed(services):
    return sorted(svc["port"] for svc in services)
""",
    ),
    P(
        "iterate_dict_as_list",
        "json",
        "first record of a keyed response",
        "KeyError",
        r"""
import json


class Response:
    def __init__(self, body):
        self.data = json.loads(body)

    def first(self):
        return self.data[0]


r = Response('{"items": 2, "a7": {"id": "a7"}, "b9": {"id": "b9"}}')
print(r.first())
""",
    ),
    # --- a tuple (from *args, a row, a return value) used like a list
    P(
        "tuple_not_list",
        "core",
        "*args collected then appended to",
        "AttributeError",
        r"""
def build_command(program, *flags):
    if "--verbose" not in flags:
        flags.append("--quiet")
    return [program, *flags]


print(build_command("backup", "--full"))
""",
    ),
    P(
        "tuple_not_list",
        "sqlite3",
        "a fetched row modified in place",
        "TypeError",
        r"""
# file: prices.py
import sqlite3

from convert import to_eur

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE p (sku TEXT, usd REAL)")
conn.execute("INSERT INTO p VALUES ('a', 10.0)")
print([to_eur(r) for r in conn.execute("SELECT sku, usd FROM p").fetchall()])
# file: convert.py
RATE = 0.92


def to_eur(row):
    row[1] = round(row[1] * RATE, 2)
    return row
""",
    ),
    P(
        "tuple_not_list",
        "core",
        "sort() on a returned tuple",
        "AttributeError",
        r"""
def split_scores(records):
    wins = tuple(r for r in records if r > 0)
    losses = tuple(r for r in records if r <= 0)
    return wins, losses


def ranked(records):
    wins, _ = split_scores(records)
    wins.sort(reverse=True)
    return wins


print(ranked([3, -1, 7, 0, 5]))
""",
    ),
    # --- a DataFrame column whose name collides with a DataFrame attribute, read with dot access
    P(
        "pandas_column_attr_collision",
        "pandas",
        "column named 'count'",
        "AttributeError",
        r"""
import pandas as pd

df = pd.DataFrame({"word": ["a", "b"], "count": [10, 3]})


def share(df):
    return df.count / df.count.sum()


print(share(df))
""",
    ),
    P(
        "pandas_column_attr_collision",
        "pandas",
        "column named 'size'",
        "AttributeError",
        r"""
# file: disk.py
import pandas as pd

from usage import biggest

files = pd.DataFrame({"path": ["/a", "/b", "/c"], "size": [120, 4000, 35]})
print(biggest(files))
# file: usage.py
def biggest(files):
    return files.path[files.size.idxmax()]
""",
    ),
    P(
        "pandas_column_attr_collision",
        "pandas",
        "column named 'rank'",
        "TypeError",
        r"""
import pandas as pd


class Standings:
    def __init__(self, rows):
        self.df = pd.DataFrame(rows)

    def top(self, n):
        return self.df[self.df.rank <= n]


s = Standings([{"team": "x", "rank": 1}, {"team": "y", "rank": 2}, {"team": "z", "rank": 3}])
print(s.top(2))
""",
    ),
]
