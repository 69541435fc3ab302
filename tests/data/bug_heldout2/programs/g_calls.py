"""Call-level mistakes: callables called too early, shadowed builtins, unconverted text, star-unpacking."""

from programs import P

PROGRAMS = [
    # --- the result of a call is passed where a callable (function/factory) was expected
    P(
        "callable_called_when_passed",
        "concurrent.futures",
        "executor.submit(f(x))",
        "TypeError",
        r"""
from concurrent.futures import ThreadPoolExecutor


def square(n):
    return n * n


with ThreadPoolExecutor(max_workers=2) as pool:
    futures = [pool.submit(square(n)) for n in range(4)]
    print([f.result() for f in futures])
""",
    ),
    P(
        "callable_called_when_passed",
        "core",
        "sort key given as a call",
        "TypeError",
        r"""
# file: rank.py
from scoring import score

players = [{"name": "a", "wins": 3}, {"name": "b", "wins": 5}]
print(sorted(players, key=score(players[0])))
# file: scoring.py
def score(player):
    return player["wins"] * 3
""",
    ),
    P(
        "callable_called_when_passed",
        "threading",
        "Timer with the callback already called",
        "TypeError",
        r"""
import threading


class Heartbeat:
    def __init__(self):
        self.beats = 0

    def beat(self):
        self.beats += 1
        return self.beats

    def schedule(self):
        t = threading.Timer(0.01, self.beat())
        t.run()


Heartbeat().schedule()
""",
    ),
    P(
        "callable_called_when_passed",
        "collections",
        "defaultdict(list())",
        "TypeError",
        r"""
from collections import defaultdict


def index_words(lines):
    index = defaultdict(list())
    for n, line in enumerate(lines, 1):
        for word in line.split():
            index[word].append(n)
    return dict(index)


print(index_words(["to be", "or not to be"]))
""",
    ),
    # --- a builtin name was rebound earlier (list, str, max, id ...)
    P(
        "shadowed_builtin",
        "core",
        "variable named list",
        "TypeError",
        r"""
def parse_ids(text):
    list = text.split(",")
    ids = [int(x) for x in list]
    return sorted(ids), list(set(ids))


print(parse_ids("4,2,4,9"))
""",
    ),
    P(
        "shadowed_builtin",
        "core",
        "module-level name str reused",
        "TypeError",
        r"""
# file: labels.py
from fmt import label

print(label(42, "kg"))
# file: fmt.py
str = "{value} {unit}"


def label(value, unit):
    return str.format(value=value, unit=unit) + " (" + str(value) + ")"
""",
    ),
    P(
        "shadowed_builtin",
        "core",
        "loop variable named max",
        "TypeError",
        r"""
def normalise(rows):
    out = []
    for max in rows:
        out.append(max)
    top = max(out)
    return [r / top for r in out]


print(normalise([2, 8, 4]))
""",
    ),
    # --- textual input (argv, csv cells, environment) used as a number without conversion
    P(
        "text_input_not_converted",
        "core",
        "argv number multiplied",
        "TypeError",
        r"""
import sys


def price_with_tax(price, rate=0.25):
    return price * (1 + rate)


print(price_with_tax(sys.argv[1]))
""",
        "80",
    ),
    P(
        "text_input_not_converted",
        "csv",
        "amount column summed",
        "TypeError",
        r"""
# file: expenses.py
import csv
import io

from totals import total

DATA = "item,amount\ntaxi,23\nlunch,14\n"
print(total(csv.DictReader(io.StringIO(DATA))))
# file: totals.py
def total(rows):
    return sum(row["amount"] for row in rows)
""",
    ),
    P(
        "text_input_not_converted",
        "os",
        "worker count from the environment",
        "TypeError",
        r"""
import os

os.environ["WORKERS"] = "4"


class Pool:
    def __init__(self):
        self.size = os.environ.get("WORKERS", 2)

    def slots(self):
        return list(range(self.size))


print(Pool().slots())
""",
    ),
    # --- None values among data that is sorted or compared
    P(
        "sort_with_none_values",
        "core",
        "records without a due date sorted",
        "TypeError",
        r"""
TASKS = [{"t": "a", "due": 3}, {"t": "b", "due": None}, {"t": "c", "due": 1}]


def by_due(tasks):
    return [x["t"] for x in sorted(tasks, key=lambda x: x["due"])]


print(by_due(TASKS))
""",
    ),
    P(
        "sort_with_none_values",
        "json",
        "max over optional scores",
        "TypeError",
        r"""
# file: board.py
import json

from best import best_score

print(best_score(json.loads('[{"p": "a", "score": 7}, {"p": "b", "score": null}]')))
# file: best.py
def best_score(entries):
    return max(e["score"] for e in entries)
""",
    ),
    P(
        "sort_with_none_values",
        "pandas",
        "sorted list of optional ages from a frame",
        "TypeError",
        r"""
import pandas as pd

df = pd.DataFrame({"name": ["a", "b", "c"], "age": [31, None, 25]}).astype(object)
df = df.where(df.notna(), None)


def ages(frame):
    return sorted(frame["age"].tolist())


print(ages(df))
""",
    ),
    # --- an old two-argument comparison function used as a key
    P(
        "cmp_as_key",
        "core",
        "version comparator given to sorted(key=)",
        "TypeError",
        r"""
def compare_versions(a, b):
    pa, pb = [int(x) for x in a.split(".")], [int(x) for x in b.split(".")]
    return (pa > pb) - (pa < pb)


print(sorted(["1.10", "1.2", "1.9"], key=compare_versions))
""",
    ),
    P(
        "cmp_as_key",
        "core",
        "list.sort with a comparator",
        "TypeError",
        r"""
# file: tasks.py
from ordering import by_priority

tasks = [("low", "mow"), ("high", "fix roof"), ("mid", "paint")]
tasks.sort(key=by_priority)
print(tasks)
# file: ordering.py
RANK = {"high": 0, "mid": 1, "low": 2}


def by_priority(left, right):
    return RANK[left[0]] - RANK[right[0]]
""",
    ),
    P(
        "cmp_as_key",
        "core",
        "max with a two-argument comparator",
        "TypeError",
        r"""
class Hand:
    def __init__(self, cards):
        self.cards = cards

    @staticmethod
    def compare(x, y):
        return sum(x.cards) - sum(y.cards)


hands = [Hand([2, 9]), Hand([10, 10]), Hand([5, 6])]
print(max(hands, key=Hand.compare).cards)
""",
    ),
    # --- isinstance() against a parameterised generic / typing construct
    P(
        "isinstance_generic",
        "typing",
        "isinstance(x, list[int])",
        "TypeError",
        r"""
def validate(values):
    if not isinstance(values, list[int]):
        raise TypeError("expected a list of ints")
    return sum(values)


print(validate([1, 2, 3]))
""",
    ),
    P(
        "isinstance_generic",
        "typing",
        "typing.Dict in a runtime check",
        "TypeError",
        r"""
# file: config.py
from checks import check

print(check({"retries": 3}))
# file: checks.py
from typing import Dict


def check(cfg):
    assert isinstance(cfg, Dict[str, int]), "config must map names to ints"
    return cfg
""",
    ),
    P(
        "isinstance_generic",
        "typing",
        "TypedDict used in isinstance",
        "TypeError",
        r"""
from typing import TypedDict


class Point(TypedDict):
    x: float
    y: float


def norm(p):
    if isinstance(p, Point):
        return (p["x"] ** 2 + p["y"] ** 2) ** 0.5
    raise TypeError("not a point")


print(norm({"x": 3.0, "y": 4.0}))
""",
    ),
    # --- user input put into a regex pattern without re.escape
    P(
        "regex_unescaped_input",
        "re",
        "search term '*.log'",
        "error",
        r"""
import re

FILES = ["app.log", "app.log.1", "notes.txt"]


def search(term):
    pattern = re.compile(term, re.IGNORECASE)
    return [f for f in FILES if pattern.search(f)]


print(search("*.log"))
""",
    ),
    P(
        "regex_unescaped_input",
        "re",
        "file glob-ish filter with '('",
        "error",
        r"""
# file: finder.py
from matcher import matching

names = ["report (1).pdf", "report (2).pdf", "notes.txt"]
print(matching(names, "report (1"))
# file: matcher.py
import re


def matching(names, prefix):
    return [n for n in names if re.match(prefix, n)]
""",
    ),
    P(
        "regex_unescaped_input",
        "regex",
        "highlighting a price like '$5.00'",
        "AssertionError",
        r"""
import regex


def highlight(text, phrase):
    return regex.sub(phrase, lambda m: f"**{m.group(0)}**", text)


out = highlight("Total: $5.00 today", "$5.00")
assert "**$5.00**" in out, out
""",
    ),
    # --- a replacement string with backslashes (Windows paths, LaTeX) given to re.sub
    P(
        "re_sub_replacement_backslash",
        "re",
        "Windows path substituted into a template",
        "error",
        r"""
import re

TEMPLATE = "output_dir = {OUT}\n"


def render(out_dir):
    return re.sub(r"\{OUT\}", out_dir, TEMPLATE)


print(render(r"C:\Users\build\out"))
""",
    ),
    P(
        "re_sub_replacement_backslash",
        "re",
        "LaTeX macro inserted by re.sub",
        "error",
        r"""
# file: tex.py
from macros import expand

print(expand("area = PI r^2", {"PI": r"\pi"}))
# file: macros.py
import re


def expand(text, macros):
    for name, value in macros.items():
        text = re.sub(rf"\b{name}\b", value, text)
    return text
""",
    ),
    P(
        "re_sub_replacement_backslash",
        "re",
        "data root rewritten in a migrated config",
        "error",
        r"""
import re


class Migration:
    def __init__(self, text):
        self.text = text

    def set_root(self, new_root):
        self.text = re.sub(r"^root=.*$", f"root={new_root}", self.text, flags=re.M)
        return self


print(Migration("name=lab\nroot=/srv/data\n").set_root(r"E:\data\shared").text)
""",
    ),
    # --- row and column counts swapped when indexing a 2-D structure
    P(
        "shape_rows_cols_swapped",
        "numpy",
        "loop over a 2x3 matrix",
        "IndexError",
        r"""
import numpy as np


def total(m):
    rows, cols = m.shape
    s = 0
    for i in range(cols):
        for j in range(rows):
            s += m[i, j]
    return s


print(total(np.arange(6).reshape(2, 3)))
""",
    ),
    P(
        "shape_rows_cols_swapped",
        "core",
        "nested lists transposed by hand",
        "IndexError",
        r"""
# file: sheet.py
from matrix import transpose

print(transpose([[1, 2, 3], [4, 5, 6]]))
# file: matrix.py
def transpose(rows):
    n_rows, n_cols = len(rows), len(rows[0])
    return [[rows[c][r] for c in range(n_cols)] for r in range(n_rows)]
""",
    ),
    P(
        "shape_rows_cols_swapped",
        "pandas",
        "iloc with width and height swapped",
        "IndexError",
        r"""
import pandas as pd


class Grid:
    def __init__(self, frame):
        self.frame = frame
        self.width, self.height = frame.shape

    def corner(self):
        return self.frame.iloc[self.height - 1, self.width - 1]


print(Grid(pd.DataFrame({"a": [1, 2, 3, 4], "b": [5, 6, 7, 8]})).corner())
""",
    ),
    # --- '/' produces a float that is then used as an index/count
    P(
        "true_division_index",
        "core",
        "median of a list",
        "TypeError",
        r"""
def median(values):
    s = sorted(values)
    mid = len(s) / 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


print(median([5, 1, 9]))
""",
    ),
    P(
        "true_division_index",
        "core",
        "half the pages in range()",
        "TypeError",
        r"""
# file: printer.py
from duplex import front_pages

print(front_pages(10))
# file: duplex.py
def front_pages(total):
    return [2 * i + 1 for i in range(total / 2)]
""",
    ),
    P(
        "true_division_index",
        "numpy",
        "center pixel of an image",
        "IndexError",
        r"""
import numpy as np


class Frame:
    def __init__(self, h, w):
        self.pixels = np.zeros((h, w))

    def center(self):
        h, w = self.pixels.shape
        return self.pixels[h / 2, w / 2]


print(Frame(4, 6).center())
""",
    ),
    # --- deleting by index while walking indexes forward
    P(
        "delete_by_index_forward",
        "core",
        "removing blank entries by index",
        "IndexError",
        r"""
def drop_blank(items):
    for i in range(len(items)):
        if not items[i].strip():
            del items[i]
    return items


print(drop_blank(["a", " ", "b", "", "c"]))
""",
    ),
    P(
        "delete_by_index_forward",
        "core",
        "pop() of cancelled orders",
        "IndexError",
        r"""
# file: orders.py
from cleanup import remove_cancelled

orders = [{"id": 1, "state": "ok"}, {"id": 2, "state": "cancelled"}, {"id": 3, "state": "cancelled"}]
print(remove_cancelled(orders))
# file: cleanup.py
def remove_cancelled(orders):
    n = len(orders)
    for i in range(n):
        if orders[i]["state"] == "cancelled":
            orders.pop(i)
    return orders
""",
    ),
    P(
        "delete_by_index_forward",
        "core",
        "deduplicating neighbours by index",
        "IndexError",
        r"""
class Track:
    def __init__(self, points):
        self.points = points

    def simplify(self):
        last = len(self.points) - 1
        for i in range(last):
            if self.points[i] == self.points[i + 1]:
                del self.points[i + 1]
        return self.points


print(Track([(0, 0), (0, 0), (1, 1), (1, 1), (2, 2)]).simplify())
""",
    ),
    # --- str.join over non-string items
    P(
        "join_non_str",
        "core",
        "ids joined for an SQL IN clause",
        "TypeError",
        r"""
def in_clause(ids):
    return "WHERE id IN (" + ", ".join(ids) + ")"


print(in_clause([4, 8, 15]))
""",
    ),
    P(
        "join_non_str",
        "csv",
        "csv line built by hand",
        "TypeError",
        r"""
# file: export.py
from lines import to_line

print(to_line(["widget", 3, 9.99]))
# file: lines.py
def to_line(fields):
    return ",".join(fields) + "\n"
""",
    ),
    P(
        "join_non_str",
        "pathlib",
        "path segments joined with '/'",
        "TypeError",
        r"""
from pathlib import Path


class Storage:
    def __init__(self, root):
        self.root = Path(root)

    def key(self, *parts):
        return "/".join(parts)


s = Storage("bucket")
print(s.key(s.root, "2024", "photo.jpg"))
""",
    ),
    # --- a date that is still a string (from JSON/CSV) used as a date
    P(
        "date_still_string",
        "json",
        "due date from json compared with today",
        "TypeError",
        r"""
import json
from datetime import date

TASK = json.loads('{"title": "renew passport", "due": "2024-09-01"}')


def days_left(task, today=date(2024, 8, 20)):
    return (task["due"] - today).days


print(days_left(TASK))
""",
    ),
    P(
        "date_still_string",
        "csv",
        "year of a csv date",
        "AttributeError",
        r"""
# file: cohort.py
import csv
import io

from signup import cohort

DATA = "user,joined\nana,2023-11-02\nbo,2024-01-15\n"
print([cohort(r) for r in csv.DictReader(io.StringIO(DATA))])
# file: signup.py
def cohort(row):
    return f"{row['joined'].year}-Q{(row['joined'].month - 1) // 3 + 1}"
""",
    ),
    P(
        "date_still_string",
        "yaml",
        "quoted date in yaml formatted with strftime",
        "AttributeError",
        r"""
import yaml

DOC = '''
release: "2024-04-30"
'''


class Release:
    def __init__(self, data):
        self.date = data["release"]

    def banner(self):
        return "Released " + self.date.strftime("%d %B %Y")


print(Release(yaml.safe_load(DOC)).banner())
""",
    ),
    # --- '%' formatting applied to a value that is itself a tuple
    P(
        "percent_format_tuple",
        "core",
        "coordinates printed with %s",
        "TypeError",
        r"""
def describe(point):
    return "point at %s" % point


print(describe((3, 4)))
""",
    ),
    P(
        "percent_format_tuple",
        "sqlite3",
        "row interpolated into a message",
        "TypeError",
        r"""
# file: audit.py
import sqlite3

from msg import line

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE log (who TEXT, what TEXT)")
conn.execute("INSERT INTO log VALUES ('ana', 'login')")
for row in conn.execute("SELECT who, what FROM log"):
    print(line(row))
# file: msg.py
def line(row):
    return "event: %s" % row
""",
    ),
    P(
        "percent_format_tuple",
        "core",
        "version tuple in an error message",
        "TypeError",
        r"""
import sys

MIN = (3, 12)


def check_python():
    if sys.version_info[:2] < MIN:
        raise RuntimeError("needs Python >= %s" % MIN)


check_python()
""",
    ),
    # --- a list passed as one argument where its items should be spread with *
    P(
        "list_not_star_unpacked",
        "asyncio",
        "gather() given a list of coroutines",
        "TypeError",
        r"""
import asyncio


async def fetch(n):
    await asyncio.sleep(0)
    return n * 10


async def main():
    results = await asyncio.gather([fetch(i) for i in range(3)])
    print(results)


asyncio.run(main())
""",
    ),
    P(
        "list_not_star_unpacked",
        "datetime",
        "date() from split parts",
        "TypeError",
        r"""
# file: parse_dates.py
from dates import to_date

print(to_date("2024-06-30"))
# file: dates.py
from datetime import date


def to_date(text):
    parts = [int(p) for p in text.split("-")]
    return date(parts)
""",
    ),
    P(
        "list_not_star_unpacked",
        "core",
        "str.format with a list of fields",
        "TypeError",
        r"""
ROW = "{:<10}{:>6}{:>8}"


def render(rows):
    return "\n".join(ROW.format(r) for r in rows)


print(render([["apples", 3, 1.2], ["pears", 5, 0.8]]))
""",
    ),
    # --- arithmetic on a plain list as if it were an array
    P(
        "list_not_array_math",
        "core",
        "scaling a list of prices",
        "TypeError",
        r"""
def apply_discount(prices, rate):
    return prices * (1 - rate)


print(apply_discount([10.0, 25.0, 4.0], 0.15))
""",
    ),
    P(
        "list_not_array_math",
        "numpy",
        "list minus the mean",
        "TypeError",
        r"""
# file: zscore.py
import numpy as np

from norm import standardise

print(standardise([2.0, 4.0, 9.0]))
# file: norm.py
import numpy as np


def standardise(values):
    mean = float(np.mean(values))
    return (values - mean) / np.std(values)
""",
    ),
    P(
        "list_not_array_math",
        "core",
        "adding an offset to coordinates",
        "TypeError",
        r"""
class Sprite:
    def __init__(self, pos):
        self.pos = pos

    def move(self, dx):
        self.pos = self.pos + dx
        return self.pos


print(Sprite([10, 20]).move(5))
""",
    ),
    # --- a method referenced without calling it, then iterated
    P(
        "method_not_called_iterated",
        "jinja2",
        "dict.items without parentheses in a template",
        "TypeError",
        r"""
from jinja2 import Template

PAGE = Template("<dl>{% for k, v in settings.items %}<dt>{{ k }}</dt><dd>{{ v }}</dd>{% endfor %}</dl>")
print(PAGE.render(settings={"theme": "dark", "lang": "en"}))
""",
    ),
    P(
        "method_not_called_iterated",
        "core",
        "keys without parentheses in python",
        "TypeError",
        r"""
# file: env.py
from exporter import export_lines

print(export_lines({"HOME": "/home/u", "LANG": "C"}))
# file: exporter.py
def export_lines(env):
    return [f"export {k}={env[k]}" for k in sorted(env.keys)]
""",
    ),
    P(
        "method_not_called_iterated",
        "jinja2",
        "values without parentheses in a report",
        "TypeError",
        r"""
from jinja2 import Environment

env = Environment()
REPORT = env.from_string("Total: {{ totals.values|sum }}")


class Summary:
    def __init__(self, totals):
        self.totals = totals

    def render(self):
        return REPORT.render(totals=self.totals)


print(Summary({"q1": 10, "q2": 12}).render())
""",
    ),
    # --- the template uses a different variable name than the one passed to render()
    P(
        "jinja_context_name_mismatch",
        "jinja2",
        "StrictUndefined catches a renamed variable",
        "UndefinedError",
        r"""
from jinja2 import Environment, StrictUndefined

env = Environment(undefined=StrictUndefined)
TPL = env.from_string("Hello {{ user.name }}, you have {{ count }} new messages")


def greeting(user, count):
    return TPL.render(customer=user, count=count)


print(greeting({"name": "Ira"}, 3))
""",
    ),
    P(
        "jinja_context_name_mismatch",
        "jinja2",
        "attribute of a renamed context variable",
        "UndefinedError",
        r"""
# file: mail.py
from templates import render_invoice

print(render_invoice([{"desc": "hosting", "amount": 20}]))
# file: templates.py
from jinja2 import Template

INVOICE = Template("Invoice for {{ client.name }}\n{% for line in items %}{{ line.desc }}: {{ line.amount }}\n"
                   "{% endfor %}")


def render_invoice(lines, customer=None):
    return INVOICE.render(items=lines, customer=customer or {"name": "ACME"})
""",
    ),
    P(
        "jinja_context_name_mismatch",
        "jinja2",
        "filter applied to an undefined name",
        "UndefinedError",
        r"""
from jinja2 import Environment, StrictUndefined


class Page:
    env = Environment(undefined=StrictUndefined)
    source = "<title>{{ page_title|upper }}</title>"

    def __init__(self, title):
        self.title = title

    def html(self):
        return self.env.from_string(self.source).render(title=self.title)


print(Page("about us").html())
""",
    ),
]
