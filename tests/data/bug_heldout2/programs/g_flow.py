"""Iteration and scope: mutation while iterating, exhausted iterators, empty filters, aliasing, scopes."""

from programs import P

PROGRAMS = [
    # --- a dict/set is changed while it is being iterated
    P(
        "mutate_while_iterating",
        "core",
        "expired sessions deleted in the loop",
        "RuntimeError",
        r"""
import time

sessions = {"a1": time.time() - 4000, "b2": time.time(), "c3": time.time() - 9000}


def purge(sessions, max_age=3600):
    now = time.time()
    for sid, started in sessions.items():
        if now - started > max_age:
            del sessions[sid]
    return sessions


print(sorted(purge(sessions)))
""",
    ),
    P(
        "mutate_while_iterating",
        "core",
        "set of pending jobs updated while scanning",
        "RuntimeError",
        r"""
# file: scheduler.py
from deps import resolve

print(resolve({"build": {"fetch"}, "test": {"build"}, "fetch": set()}))
# file: deps.py
def resolve(graph):
    pending = set(graph)
    order = []
    while pending:
        for job in pending:
            if graph[job] <= set(order):
                order.append(job)
                pending.discard(job)
    return order
""",
    ),
    P(
        "mutate_while_iterating",
        "core",
        "aliases added while iterating a registry",
        "RuntimeError",
        r"""
class Registry:
    def __init__(self):
        self.handlers = {}

    def register(self, name, fn):
        self.handlers[name] = fn

    def add_aliases(self):
        for name, fn in self.handlers.items():
            self.handlers[name.upper()] = fn


r = Registry()
r.register("start", print)
r.register("stop", print)
r.add_aliases()
print(sorted(r.handlers))
""",
    ),
    # --- next() inside a generator on an exhausted iterator (PEP 479)
    P(
        "stopiteration_in_generator",
        "core",
        "pairing lines in a generator",
        "RuntimeError",
        r"""
def pairs(lines):
    it = iter(lines)
    for first in it:
        second = next(it)
        yield first, second


print(list(pairs(["name", "ana", "age", "31", "city"])))
""",
    ),
    P(
        "stopiteration_in_generator",
        "csv",
        "header read with next() in a generator",
        "RuntimeError",
        r"""
# file: ingest.py
from pathlib import Path

from records import read_records

Path("empty.csv").write_text("")
print(list(read_records("empty.csv")))
# file: records.py
import csv


def read_records(path):
    with open(path, newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        for row in reader:
            yield dict(zip(header, row))
""",
    ),
    P(
        "stopiteration_in_generator",
        "itertools",
        "chunker pulling with next()",
        "RuntimeError",
        r"""
import itertools


def chunks(iterable, size):
    it = iter(iterable)
    while True:
        first = next(it)
        yield [first, *itertools.islice(it, size - 1)]


print([sum(c) for c in chunks(range(7), 3)])
""",
    ),
    # --- itertools.groupby on data that is not sorted by the key
    P(
        "groupby_unsorted",
        "itertools",
        "orders grouped by customer",
        "AssertionError",
        r"""
from itertools import groupby

ORDERS = [("ana", 10), ("bo", 5), ("ana", 7), ("cy", 3), ("bo", 1)]


def totals(orders):
    return {k: sum(x for _, x in g) for k, g in groupby(orders, key=lambda o: o[0])}


t = totals(ORDERS)
assert t["ana"] == 17, f"ana should have 17, got {t['ana']}"
""",
    ),
    P(
        "groupby_unsorted",
        "itertools",
        "duplicate check on grouped log levels",
        "ValueError",
        r"""
# file: levels.py
from summary import by_level

LOG = ["INFO a", "WARN b", "INFO c", "ERROR d"]
print(by_level(LOG))
# file: summary.py
from itertools import groupby


def by_level(lines):
    out = {}
    for level, group in groupby(lines, key=lambda s: s.split()[0]):
        if level in out:
            raise ValueError(f"level {level} seen twice")
        out[level] = [g.split()[1] for g in group]
    return out
""",
    ),
    P(
        "groupby_unsorted",
        "itertools",
        "runs of file extensions",
        "AssertionError",
        r"""
from itertools import groupby


class Inventory:
    def __init__(self, files):
        self.files = files

    def by_extension(self):
        key = lambda name: name.rsplit(".", 1)[-1]  # noqa: E731
        return [(ext, len(list(g))) for ext, g in groupby(self.files, key)]


inv = Inventory(["a.py", "b.md", "c.py", "d.py", "e.md"])
groups = inv.by_extension()
assert len(groups) == 2, f"expected two extensions, got {groups}"
""",
    ),
    # --- an iterator (map/filter/generator/file) is consumed by a first pass and empty in the second
    P(
        "iterator_consumed_twice",
        "core",
        "mean and max over a generator",
        "ValueError",
        r"""
def readings(raw):
    return (float(x) for x in raw.split(","))


def stats(values):
    values_sum = sum(values)
    return max(values), values_sum


print(stats(readings("3.5,4.1,2.9")))
""",
    ),
    P(
        "iterator_consumed_twice",
        "csv",
        "csv reader walked twice",
        "ZeroDivisionError",
        r"""
# file: grades.py
import csv
import io

from calc import average_by_column

DATA = "math,art\n80,70\n90,60\n"
print(average_by_column(csv.DictReader(io.StringIO(DATA))))
# file: calc.py
def average_by_column(rows):
    columns = rows.fieldnames
    out = {}
    for col in columns:
        values = [float(r[col]) for r in rows]
        out[col] = sum(values) / len(values)
    return out
""",
    ),
    P(
        "iterator_consumed_twice",
        "core",
        "map object checked then used",
        "IndexError",
        r"""
class Batch:
    def __init__(self, raw_ids):
        self.ids = map(int, raw_ids)

    def validate(self):
        if any(i < 0 for i in self.ids):
            raise ValueError("negative id")
        return self

    def first(self):
        return list(self.ids)[0]


print(Batch(["4", "9", "2"]).validate().first())
""",
    ),
    # --- a filter compares text with a different case, so nothing matches
    P(
        "filter_case_mismatch",
        "core",
        "active users counted for an average",
        "ZeroDivisionError",
        r"""
USERS = [{"name": "a", "status": "Active", "age": 30}, {"name": "b", "status": "Inactive", "age": 41}]


def mean_age(users, status):
    ages = [u["age"] for u in users if u["status"] == status]
    return sum(ages) / len(ages)


print(mean_age(USERS, "active"))
""",
    ),
    P(
        "filter_case_mismatch",
        "csv",
        "largest order of a region",
        "ValueError",
        r"""
# file: regions.py
import csv
import io

from orders import largest

DATA = "region,amount\nNORTH,120\nSOUTH,80\nNORTH,45\n"
print(largest(csv.DictReader(io.StringIO(DATA)), "north"))
# file: orders.py
def largest(rows, region):
    return max(int(r["amount"]) for r in rows if r["region"] == region)
""",
    ),
    P(
        "filter_case_mismatch",
        "pandas",
        "first row of a product category",
        "IndexError",
        r"""
import pandas as pd


def cheapest(df, category):
    hits = df[df["category"] == category].sort_values("price")
    return hits.iloc[0]["name"]


df = pd.DataFrame({"name": ["pen", "ink", "pad"], "category": ["Office", "Office", "Paper"], "price": [2, 5, 3]})
print(cheapest(df, "office"))
""",
    ),
    # --- next() without a default when nothing matches
    P(
        "next_without_default",
        "core",
        "finding a user by email",
        "StopIteration",
        r"""
USERS = [{"id": 1, "email": "a@x.test"}, {"id": 2, "email": "b@x.test"}]


def find_user(email):
    return next(u for u in USERS if u["email"] == email)


print(find_user("c@x.test"))
""",
    ),
    P(
        "next_without_default",
        "pathlib",
        "first config file among candidates",
        "StopIteration",
        r"""
# file: boot.py
from locate import find_config

print(find_config())
# file: locate.py
from pathlib import Path

CANDIDATES = ["app.toml", "config/app.toml", ".app.toml"]


def find_config():
    return next(p for p in map(Path, CANDIDATES) if p.exists())
""",
    ),
    P(
        "next_without_default",
        "core",
        "first free port in a range",
        "StopIteration",
        r"""
TAKEN = set(range(8000, 8010))


class PortAllocator:
    def __init__(self, start, end):
        self.candidates = iter(range(start, end))

    def allocate(self):
        port = next(p for p in self.candidates if p not in TAKEN)
        TAKEN.add(port)
        return port


print(PortAllocator(8000, 8010).allocate())
""",
    ),
    # --- an outer variable is rebound inside a function without global/nonlocal
    P(
        "missing_global_decl",
        "core",
        "request counter incremented in a handler",
        "UnboundLocalError",
        r"""
REQUESTS = 0


def handle(path):
    REQUESTS += 1
    return f"{path} served ({REQUESTS})"


print(handle("/"))
""",
    ),
    P(
        "missing_global_decl",
        "core",
        "closure accumulating a total",
        "UnboundLocalError",
        r"""
def make_meter():
    total = 0

    def add(amount):
        total = total + amount
        return total

    return add


meter = make_meter()
print(meter(5), meter(7))
""",
    ),
    P(
        "missing_global_decl",
        "core",
        "module cache reset inside a loader",
        "UnboundLocalError",
        r"""
# file: app.py
from loader import load

print(load("a"), load("b"))
# file: loader.py
_cache = {}


def load(name):
    if len(_cache) > 1:
        _cache = {}
    _cache[name] = name.upper()
    return _cache[name]
""",
    ),
    # --- a variable assigned only inside a branch or loop that did not run
    P(
        "assigned_only_in_branch",
        "core",
        "discount chosen by tier",
        "UnboundLocalError",
        r"""
def discount(tier):
    if tier == "gold":
        rate = 0.2
    elif tier == "silver":
        rate = 0.1
    return rate


print([discount(t) for t in ["gold", "silver", "bronze"]])
""",
    ),
    P(
        "assigned_only_in_branch",
        "core",
        "last item remembered in an empty loop",
        "UnboundLocalError",
        r"""
# file: tail.py
from pathlib import Path

from lines import last_line

Path("empty.log").write_text("")
print(last_line("empty.log"))
# file: lines.py
def last_line(path):
    with open(path) as fh:
        for line in fh:
            last = line
    return last.rstrip()
""",
    ),
    P(
        "assigned_only_in_branch",
        "core",
        "result set inside try before the failure",
        "UnboundLocalError",
        r"""
import json


def load_settings(text):
    try:
        data = json.loads(text)
        port = int(data["port"])
    except (ValueError, KeyError):
        print("using default settings")
    return {"port": port}


print(load_settings('{"host": "x"}'))
""",
    ),
    # --- comprehensions in a class body cannot see class-level names
    P(
        "class_scope_comprehension",
        "core",
        "derived lookup table in a class body",
        "NameError",
        r"""
class Units:
    FACTORS = {"mm": 0.001, "cm": 0.01, "m": 1.0}
    NAMES = ["mm", "cm", "m"]
    TO_MM = {n: FACTORS[n] * 1000 for n in NAMES}


print(Units.TO_MM)
""",
    ),
    P(
        "class_scope_comprehension",
        "core",
        "aliases list in an Enum body helper",
        "NameError",
        r"""
# file: colours.py
from palette import Palette

print(Palette.HEX)
# file: palette.py
class Palette:
    BASE = "#"
    CODES = ["ff0000", "00ff00", "0000ff"]
    HEX = [BASE + c for c in CODES if len(BASE + c) == 7]
""",
    ),
    P(
        "class_scope_comprehension",
        "core",
        "generator over a class constant",
        "NameError",
        r"""
class Limits:
    MAX = 100
    STEPS = [10, 50, 150]
    VALID = tuple(s for s in STEPS if s <= MAX)


print(Limits.VALID)
""",
    ),
    # --- a shallow copy shares nested objects with the original
    P(
        "shallow_copy_nested",
        "copy",
        "per-tenant config from defaults",
        "AssertionError",
        r"""
import copy

DEFAULTS = {"limits": {"users": 5}, "features": ["search"]}


def tenant_config(overrides):
    cfg = copy.copy(DEFAULTS)
    cfg["limits"].update(overrides)
    return cfg


tenant_config({"users": 50})
assert DEFAULTS["limits"]["users"] == 5, f"defaults were modified: {DEFAULTS}"
""",
    ),
    P(
        "shallow_copy_nested",
        "core",
        "board copied with slicing",
        "AssertionError",
        r"""
# file: game.py
from board import Board

b = Board()
trial = b.with_move(0, 0, "X")
assert b.cells[0][0] == ".", f"original board changed: {b.cells}"
# file: board.py
class Board:
    def __init__(self):
        self.cells = [["."] * 3 for _ in range(3)]

    def with_move(self, r, c, mark):
        new = Board()
        new.cells = self.cells[:]
        new.cells[r][c] = mark
        return new
""",
    ),
    P(
        "shallow_copy_nested",
        "core",
        "dict(**) copy of nested state then reset",
        "KeyError",
        r"""
STATE = {"cart": {"items": {"pen": 2}}, "user": "ana"}


def checkout(state):
    snapshot = {**state}
    state["cart"]["items"].clear()
    return snapshot


snap = checkout(STATE)
print("ordered pens:", snap["cart"]["items"]["pen"])
""",
    ),
    # --- one mutable object repeated by * or dict.fromkeys
    P(
        "list_mult_aliasing",
        "core",
        "grid built with list multiplication",
        "AssertionError",
        r"""
def make_grid(rows, cols):
    return [[0] * cols] * rows


grid = make_grid(3, 3)
grid[1][1] = 5
assert sum(map(sum, grid)) == 5, f"grid is {grid}"
""",
    ),
    P(
        "list_mult_aliasing",
        "core",
        "dict.fromkeys with a list value",
        "AssertionError",
        r"""
# file: teams.py
from assign import assign

teams = assign(["ana", "bo", "cy", "di"], ["red", "blue"])
assert len(teams["red"]) == 2, f"red has {teams['red']}"
# file: assign.py
def assign(people, names):
    teams = dict.fromkeys(names, [])
    for i, person in enumerate(people):
        teams[names[i % len(names)]].append(person)
    return teams
""",
    ),
    P(
        "list_mult_aliasing",
        "core",
        "buckets of a histogram",
        "AssertionError",
        r"""
class Histogram:
    def __init__(self, n):
        self.buckets = [[]] * n

    def add(self, value, width=10):
        self.buckets[min(value // width, len(self.buckets) - 1)].append(value)


h = Histogram(3)
for v in [1, 15, 27, 3]:
    h.add(v)
assert h.buckets[0] == [1, 3], f"bucket 0 holds {h.buckets[0]}"
""",
    ),
    # --- a function became a generator (yield), callers still treat the result as a list
    P(
        "generator_treated_as_list",
        "core",
        "len() of a generator of rows",
        "TypeError",
        r"""
# file: export.py
from source import fetch_rows

rows = fetch_rows(5)
print(f"{len(rows)} rows")
# file: source.py
def fetch_rows(n):
    for i in range(n):
        yield {"id": i}
""",
    ),
    P(
        "generator_treated_as_list",
        "core",
        "indexing the result of a yielding parser",
        "TypeError",
        r"""
def tokens(expr):
    for part in expr.replace("(", " ( ").replace(")", " ) ").split():
        yield part


def head(expr):
    toks = tokens(expr)
    return toks[0]


print(head("(add 1 2)"))
""",
    ),
    P(
        "generator_treated_as_list",
        "core",
        "json dump of a yielding query",
        "TypeError",
        r"""
import json


class Repo:
    def __init__(self, items):
        self.items = items

    def active(self):
        for item in self.items:
            if item["active"]:
                yield item


repo = Repo([{"id": 1, "active": True}, {"id": 2, "active": False}])
print(json.dumps({"items": repo.active()}))
""",
    ),
    # --- dict views / map / zip objects indexed like lists (Python 2 habit)
    P(
        "view_not_subscriptable",
        "core",
        "first key of a dict",
        "TypeError",
        r"""
PRIORITY = {"critical": 1, "major": 2, "minor": 3}


def most_urgent(levels):
    return levels.keys()[0]


print(most_urgent(PRIORITY))
""",
    ),
    P(
        "view_not_subscriptable",
        "core",
        "map result indexed",
        "TypeError",
        r"""
# file: coords.py
from parse import parse_point

print(parse_point("12.5, 7.25"))
# file: parse.py
def parse_point(text):
    parts = map(float, text.split(","))
    return parts[0], parts[1]
""",
    ),
    P(
        "view_not_subscriptable",
        "core",
        "zip pairs sliced",
        "TypeError",
        r"""
class Leaderboard:
    def __init__(self, names, scores):
        self.pairs = zip(names, scores)

    def podium(self):
        return self.pairs[:3]


print(Leaderboard(["a", "b", "c", "d"], [9, 7, 5, 3]).podium())
""",
    ),
]
