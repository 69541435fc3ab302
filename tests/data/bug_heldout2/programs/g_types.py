"""JSON serialisation of non-JSON types, unhashable values, and int() of text that is not an integer."""

from programs import P

PROGRAMS = [
    # --- datetime values handed to json.dumps
    P(
        "json_datetime",
        "json",
        "API response with a created timestamp",
        "TypeError",
        r"""
# file: api.py
import json

from models import Ticket

t = Ticket(42, "printer on fire")
print(json.dumps(t.to_dict()))
# file: models.py
from datetime import datetime, timezone


class Ticket:
    def __init__(self, number, title):
        self.number = number
        self.title = title
        self.created = datetime.now(timezone.utc)

    def to_dict(self):
        return {"number": self.number, "title": self.title, "created": self.created}
""",
    ),
    P(
        "json_datetime",
        "toml",
        "toml config re-exported as json",
        "TypeError",
        r"""
import json

import toml

CONF = '''
[release]
name = "spring"
freeze = 2024-04-01
'''


def to_json(text):
    return json.dumps(toml.loads(text), indent=2)


print(to_json(CONF))
""",
    ),
    P(
        "json_datetime",
        "json",
        "cache of daily rates written to disk",
        "TypeError",
        r"""
import json
from datetime import date, timedelta


def daily_rates(start, days):
    return [{"day": start + timedelta(days=i), "rate": 1.08 + i / 100} for i in range(days)]


def save(rows, path):
    with open(path, "w") as fh:
        json.dump(rows, fh)


save(daily_rates(date(2024, 2, 1), 3), "rates.json")
""",
    ),
    # --- numpy scalars are not JSON serialisable
    P(
        "json_numpy_scalar",
        "numpy",
        "summary statistics of measurements",
        "TypeError",
        r"""
import json

import numpy as np


def summary(values):
    arr = np.asarray(values)
    return {"mean": arr.mean(), "max": arr.max(), "n": len(arr)}


print(json.dumps(summary([3, 5, 8, 13])))
""",
    ),
    P(
        "json_numpy_scalar",
        "pandas",
        "row counts per category to json",
        "TypeError",
        r"""
# file: stats.py
import json

import pandas as pd

from counting import per_category

df = pd.DataFrame({"cat": ["a", "b", "a", "c", "a"]})
print(json.dumps(per_category(df)))
# file: counting.py
def per_category(df):
    counts = df["cat"].value_counts()
    return {name: counts[name] for name in counts.index}
""",
    ),
    P(
        "json_numpy_scalar",
        "numpy",
        "argmax label written to a results file",
        "TypeError",
        r"""
import json

import numpy as np

LABELS = ["cat", "dog", "bird"]


class Prediction:
    def __init__(self, scores):
        self.scores = np.array(scores)

    def as_record(self):
        idx = self.scores.argmax()
        return {"label": LABELS[idx], "index": idx, "score": float(self.scores[idx])}


with open("pred.json", "w") as fh:
    json.dump(Prediction([0.1, 0.7, 0.2]).as_record(), fh)
""",
    ),
    # --- a dataclass/attrs instance handed to json.dumps without converting it
    P(
        "json_dataclass_instance",
        "dataclasses",
        "order with line items",
        "TypeError",
        r"""
# file: checkout.py
import json

from cart import Cart, Line

cart = Cart("c-9", [Line("pen", 2), Line("pad", 1)])
print(json.dumps({"cart": cart.id, "lines": cart.lines}))
# file: cart.py
from dataclasses import dataclass


@dataclass
class Line:
    sku: str
    qty: int


@dataclass
class Cart:
    id: str
    lines: list
""",
    ),
    P(
        "json_dataclass_instance",
        "attrs",
        "geo points exported",
        "TypeError",
        r"""
import json

import attrs


@attrs.define
class Point:
    lat: float
    lon: float


def export(points, path):
    with open(path, "w") as fh:
        json.dump({"type": "points", "items": points}, fh)


export([Point(59.3, 18.1), Point(60.2, 24.9)], "points.json")
""",
    ),
    P(
        "json_dataclass_instance",
        "dataclasses",
        "nested settings object logged",
        "TypeError",
        r"""
import json
from dataclasses import dataclass, field


@dataclass
class Retry:
    attempts: int = 3
    backoff: float = 0.5


@dataclass
class ClientSettings:
    url: str
    retry: Retry = field(default_factory=Retry)


def log_settings(s):
    print("settings:", json.dumps(s.__dict__))


log_settings(ClientSettings("https://api.example.test"))
""",
    ),
    # --- a cached function called with a list/dict argument
    P(
        "cache_unhashable_arg",
        "functools",
        "lru_cache on a route finder",
        "TypeError",
        r"""
from functools import lru_cache

EDGES = {"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": []}


@lru_cache(maxsize=None)
def reachable(start, blocked):
    seen = {start}
    for nxt in EDGES[start]:
        if nxt not in blocked:
            seen |= reachable(nxt, blocked)
    return seen


print(sorted(reachable("a", ["c"])))
""",
    ),
    P(
        "cache_unhashable_arg",
        "functools",
        "cached price computation",
        "TypeError",
        r"""
# file: pricing.py
from rules import discounted

order = {"sku": "X1", "qty": 3, "price": 9.99}
print(discounted(order, {"X1": 0.1}))
# file: rules.py
import functools


@functools.cache
def discounted(order, discounts):
    rate = discounts.get(order["sku"], 0)
    return round(order["qty"] * order["price"] * (1 - rate), 2)
""",
    ),
    P(
        "cache_unhashable_arg",
        "functools",
        "memoised tokenizer method",
        "TypeError",
        r"""
import functools


class Tokenizer:
    def __init__(self, vocab):
        self.vocab = vocab

    @functools.lru_cache(maxsize=256)
    def encode(self, words):
        return tuple(self.vocab.get(w, 0) for w in words)


tok = Tokenizer({"hello": 1, "world": 2})
sentence = "hello big world".split()
print(tok.encode(sentence))
""",
    ),
    # --- a class that defines __eq__ (or an eq dataclass) loses its __hash__
    P(
        "dataclass_eq_unhashable",
        "dataclasses",
        "set of visited grid cells",
        "TypeError",
        r"""
from dataclasses import dataclass


@dataclass
class Cell:
    row: int
    col: int

    def neighbours(self):
        return [Cell(self.row + 1, self.col), Cell(self.row, self.col + 1)]


def flood(start, steps):
    visited = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [n for c in frontier for n in c.neighbours() if n not in visited]
        visited.update(frontier)
    return len(visited)


print(flood(Cell(0, 0), 3))
""",
    ),
    P(
        "dataclass_eq_unhashable",
        "core",
        "currency objects as dict keys",
        "TypeError",
        r"""
# file: ledger.py
from money import Currency

totals = {}
for cur, amount in [(Currency("EUR"), 5), (Currency("USD"), 3), (Currency("EUR"), 2)]:
    totals[cur] = totals.get(cur, 0) + amount
print(totals)
# file: money.py
class Currency:
    def __init__(self, code):
        self.code = code.upper()

    def __eq__(self, other):
        return isinstance(other, Currency) and other.code == self.code

    def __repr__(self):
        return f"Currency({self.code!r})"
""",
    ),
    P(
        "dataclass_eq_unhashable",
        "attrs",
        "deduplicating tags",
        "TypeError",
        r"""
import attrs


@attrs.define
class Tag:
    name: str
    colour: str = "grey"


def unique_tags(tags):
    return sorted(set(tags), key=lambda t: t.name)


print(unique_tags([Tag("bug", "red"), Tag("docs"), Tag("bug", "red")]))
""",
    ),
    # --- JSON arrays arrive as lists and are then used as keys / set members
    P(
        "json_list_as_key",
        "json",
        "coordinates of blocked tiles",
        "TypeError",
        r"""
import json

LEVEL = '{"size": [4, 4], "walls": [[0, 1], [2, 2], [3, 0]]}'


def load_level(text):
    data = json.loads(text)
    return data["size"], set(data["walls"])


size, walls = load_level(LEVEL)
print(size, (2, 2) in walls)
""",
    ),
    P(
        "json_list_as_key",
        "json",
        "edges counted from a json export",
        "TypeError",
        r"""
# file: graph_stats.py
import json

from edges import count_edges

payload = json.loads('{"edges": [["a", "b"], ["b", "c"], ["a", "b"]]}')
print(count_edges(payload["edges"]))
# file: edges.py
from collections import Counter


def count_edges(edges):
    counts = Counter()
    for edge in edges:
        counts[edge] += 1
    return counts.most_common(1)
""",
    ),
    P(
        "json_list_as_key",
        "yaml",
        "price table keyed by size pair",
        "TypeError",
        r"""
import yaml

DOC = '''
sizes:
  - [30, 40]
  - [50, 70]
prices: [12.0, 19.5]
'''


def price_table(text):
    data = yaml.safe_load(text)
    return {size: price for size, price in zip(data["sizes"], data["prices"])}


print(price_table(DOC))
""",
    ),
    # --- int() of a number written with a decimal point
    P(
        "int_of_decimal_string",
        "core",
        "quantities read from a text file",
        "ValueError",
        r"""
from pathlib import Path

Path("stock.txt").write_text("bolts 120\nnuts 75.0\nwashers 300\n")


def read_stock(path):
    stock = {}
    for line in Path(path).read_text().splitlines():
        name, qty = line.split()
        stock[name] = int(qty)
    return stock


print(read_stock("stock.txt"))
""",
    ),
    P(
        "int_of_decimal_string",
        "csv",
        "csv exported from a spreadsheet",
        "ValueError",
        r"""
# file: import_people.py
import csv
import io

from people import Person

DATA = "name,age\nJo,34\nAl,41.0\n"
print([Person.from_row(r) for r in csv.DictReader(io.StringIO(DATA))])
# file: people.py
from dataclasses import dataclass


@dataclass
class Person:
    name: str
    age: int

    @classmethod
    def from_row(cls, row):
        return cls(row["name"], int(row["age"]))
""",
    ),
    P(
        "int_of_decimal_string",
        "core",
        "page size passed as 2.5",
        "ValueError",
        r"""
import sys


def page_count(total, per_page):
    return -(-total // per_page)


def main(argv):
    per_page = int(argv[1])
    print(page_count(230, per_page))


main(sys.argv)
""",
        "12.5",
    ),
    # --- numbers written with a thousands separator
    P(
        "thousands_separator",
        "csv",
        "population figures",
        "ValueError",
        r"""
import csv
import io

DATA = 'city,population\nOslo,"709,037"\nBergen,"289,330"\n'


def total_population(text):
    return sum(int(r["population"]) for r in csv.DictReader(io.StringIO(text)))


print(total_population(DATA))
""",
    ),
    P(
        "thousands_separator",
        "pandas",
        "revenue column cast to int",
        "ValueError",
        r"""
# file: revenue.py
import io

import pandas as pd

from cleaning import as_int

CSV = 'quarter,revenue\nQ1,"1,200"\nQ2,"1,450"\n'
df = pd.read_csv(io.StringIO(CSV))
print(as_int(df, "revenue").sum())
# file: cleaning.py
def as_int(df, column):
    return df[column].astype(int)
""",
    ),
    P(
        "thousands_separator",
        "core",
        "salary parsed from scraped text",
        "ValueError",
        r"""
import re

LISTINGS = ["Data engineer - 64,000 per year", "Analyst - 48,500 per year"]


def salary(text):
    amount = re.search(r"([\d,]+) per year", text).group(1)
    return int(amount)


print(sum(salary(x) for x in LISTINGS) / len(LISTINGS))
""",
    ),
    # --- the file ends with a blank line that is parsed like data
    P(
        "blank_trailing_line",
        "core",
        "scores file with trailing empty line",
        "ValueError",
        r"""
from pathlib import Path

Path("scores.txt").write_text("17\n23\n9\n\n")


def read_scores(path):
    with open(path) as fh:
        return [int(line) for line in fh.read().split("\n")]


print(max(read_scores("scores.txt")))
""",
    ),
    P(
        "blank_trailing_line",
        "core",
        "edge list with a blank last line",
        "ValueError",
        r"""
# file: graph.py
from pathlib import Path

from parse_edges import parse

Path("edges.txt").write_text("a b 3\nb c 4\n\n")
print(parse(Path("edges.txt").read_text()))
# file: parse_edges.py
def parse(text):
    edges = []
    for line in text.split("\n"):
        src, dst, weight = line.split(" ")
        edges.append((src, dst, int(weight)))
    return edges
""",
    ),
    P(
        "blank_trailing_line",
        "decimal",
        "amounts pasted with an empty line at the end",
        "InvalidOperation",
        r"""
from decimal import Decimal

PASTED = '''12.50
3.99
0.75
'''


def parse_amounts(text):
    return [Decimal(x) for x in text.split("\n")]


print(sum(parse_amounts(PASTED)))
""",
    ),
    # --- str methods return a new string; the result was thrown away
    P(
        "str_method_result_discarded",
        "core",
        "amount cleaned with replace()",
        "ValueError",
        r"""
def parse_amount(text):
    text.replace(",", "")
    text.strip()
    return int(text)


for raw in ["12", "1,250"]:
    print(parse_amount(raw))
""",
    ),
    P(
        "str_method_result_discarded",
        "core",
        "role names normalised with lower()",
        "KeyError",
        r"""
# file: access.py
from roles import permissions

for user, role in [("ana", "editor"), ("bo", "Admin")]:
    print(user, permissions(role))
# file: roles.py
PERMS = {"admin": {"read", "write", "delete"}, "editor": {"read", "write"}, "viewer": {"read"}}


def permissions(role):
    role.lower()
    return sorted(PERMS[role])
""",
    ),
    P(
        "str_method_result_discarded",
        "core",
        "command name with dashes",
        "AttributeError",
        r"""
class Commands:
    def build_all(self):
        return "building"

    def clean_cache(self):
        return "cleaning"


def dispatch(obj, name):
    name.replace("-", "_")
    return getattr(obj, name)()


print(dispatch(Commands(), "build_all"))
print(dispatch(Commands(), "clean-cache"))
""",
    ),
]
