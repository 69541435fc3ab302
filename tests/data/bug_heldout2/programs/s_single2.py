"""Singletons: novel bugs with no same-cause sibling in the set (part 2)."""

from programs import P

PROGRAMS = [
    P(
        "fraction_from_float",
        "fractions",
        "exact fraction built from a float literal",
        "AssertionError",
        r"""
from fractions import Fraction


def share(parts, total):
    return Fraction(parts) / Fraction(total)


third = share(0.1, 0.3)
assert third == Fraction(1, 3), f"got {third}"
""",
    ),
    P(
        "timedelta_months",
        "datetime",
        "adding a month with timedelta",
        "TypeError",
        r"""
# file: billing.py
from datetime import date

from cycle import next_invoice

print(next_invoice(date(2024, 1, 15)))
# file: cycle.py
from datetime import timedelta


def next_invoice(last):
    return last + timedelta(months=1)
""",
    ),
    P(
        "replace_month_day_overflow",
        "datetime",
        "same day next month from the 31st",
        "ValueError",
        r"""
from datetime import date


def renewal(start):
    month = start.month % 12 + 1
    year = start.year + (start.month == 12)
    return start.replace(year=year, month=month)


print(renewal(date(2024, 1, 31)))
""",
    ),
    P(
        "split_single_space",
        "core",
        "columns separated by runs of spaces",
        "ValueError",
        r"""
TABLE = '''PID   CPU  MEM
412   3    120
9     12   800'''


def rows(text):
    out = []
    for line in text.splitlines()[1:]:
        pid, cpu, mem = line.split(" ", 2)
        out.append((int(pid), int(cpu), int(mem)))
    return out


print(rows(TABLE))
""",
    ),
    P(
        "dictwriter_extra_field",
        "csv",
        "rows carry a field missing from fieldnames",
        "ValueError",
        r"""
import csv
import io


def export(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["id", "name"])
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


print(export([{"id": 1, "name": "a"}, {"id": 2, "name": "b", "note": "vip"}]))
""",
    ),
    P(
        "heap_tie_uncomparable_payload",
        "heapq",
        "priority queue of (priority, dict)",
        "TypeError",
        r"""
import heapq


class Scheduler:
    def __init__(self):
        self.queue = []

    def add(self, priority, job):
        heapq.heappush(self.queue, (priority, job))

    def next(self):
        return heapq.heappop(self.queue)[1]


s = Scheduler()
s.add(2, {"name": "backup"})
s.add(1, {"name": "email"})
s.add(2, {"name": "cleanup"})
print(s.next())
""",
    ),
    P(
        "sum_of_strings",
        "core",
        "sum() used to concatenate",
        "TypeError",
        r"""
def breadcrumb(parts):
    return sum((p + " > " for p in parts[:-1]), "") + parts[-1]


print(breadcrumb(["Home", "Docs", "API"]))
""",
    ),
    P(
        "attr_s_without_auto_attribs",
        "attrs",
        "annotated fields on an old-style attr.s class",
        "TypeError",
        r"""
import attr


@attr.s
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x**2 + self.y**2) ** 0.5


print(Point(3.0, 4.0).norm())
""",
    ),
    P(
        "tomllib_text_mode",
        "tomllib",
        "tomllib.load on a text-mode file",
        "TypeError",
        r"""
# file: version.py
from pathlib import Path

from meta import project_version

Path("pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0.3.1"\n')
print(project_version())
# file: meta.py
import tomllib


def project_version(path="pyproject.toml"):
    with open(path) as fh:
        return tomllib.load(fh)["project"]["version"]
""",
    ),
    P(
        "init_returns_value",
        "core",
        "__init__ returning the loaded data",
        "TypeError",
        r"""
import json


class Settings:
    def __init__(self, text):
        self.data = json.loads(text)
        return self.data


s = Settings('{"theme": "dark"}')
print(s.data)
""",
    ),
    P(
        "default_evaluated_at_def",
        "datetime",
        "timestamp default computed once",
        "AssertionError",
        r"""
import time
from datetime import datetime


def log_entry(message, when=datetime.now()):
    return {"message": message, "when": when}


first = log_entry("start")
time.sleep(0.05)
second = log_entry("stop")
assert second["when"] > first["when"], "both entries carry the same timestamp"
""",
    ),
    P(
        "cached_property_with_slots",
        "functools",
        "cached_property on a slotted class",
        "TypeError",
        r"""
from functools import cached_property


class Polygon:
    __slots__ = ("points",)

    def __init__(self, points):
        self.points = points

    @cached_property
    def perimeter(self):
        pts = self.points + self.points[:1]
        return sum(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))


print(Polygon([(0, 0), (3, 0), (3, 4)]).perimeter)
""",
    ),
    P(
        "pandas_chained_assignment",
        "pandas",
        "value set through a filtered copy",
        "AssertionError",
        r"""
import pandas as pd


def flag_vip(df, threshold):
    df[df["spend"] > threshold]["vip"] = True
    return df


customers = pd.DataFrame({"name": ["a", "b"], "spend": [50, 900], "vip": [False, False]})
out = flag_vip(customers, 500)
assert out["vip"].any(), f"no vip flagged:\n{out}"
""",
    ),
    P(
        "floor_division_average",
        "core",
        "average computed with //",
        "AssertionError",
        r"""
def average_rating(ratings):
    return sum(ratings) // len(ratings)


avg = average_rating([4, 5, 5, 4])
assert avg == 4.5, f"average is {avg}"
""",
    ),
    P(
        "click_multiple_is_tuple",
        "click",
        "multiple=True option treated as a comma string",
        "AttributeError",
        r"""
import click


@click.command()
@click.option("--tag", multiple=True)
def publish(tag):
    tags = [t.strip() for t in tag.split(",") if t.strip()]
    click.echo(f"publishing with tags {tags}")


if __name__ == "__main__":
    publish()
""",
        "--tag",
        "release",
        "--tag",
        "docs",
    ),
    P(
        "enumerate_start_as_index",
        "core",
        "enumerate(start=1) numbers used as indexes",
        "IndexError",
        r"""
def changed_lines(old, new):
    out = []
    for n, line in enumerate(new, start=1):
        if line != old[n]:
            out.append(n)
    return out


print(changed_lines(["a", "b", "c"], ["a", "x", "c"]))
""",
    ),
    P(
        "threading_local_not_shared",
        "threading",
        "request user set on a thread-local in another thread",
        "AttributeError",
        r"""
import threading

context = threading.local()


def authenticate(name):
    context.user = name


def handle():
    return f"hello {context.user}"


t = threading.Thread(target=authenticate, args=("ana",))
t.start()
t.join()
print(handle())
""",
    ),
    P(
        "ambiguous_day_month_order",
        "dateutil",
        "European dates parsed month-first",
        "AssertionError",
        r"""
# file: holidays.py
from dateutil import parser

from calendar_rows import ROWS

days = [parser.parse(text).date() for _, text in ROWS]
assert days[0].month == 4, f"Easter Monday parsed as {days[0]:%d %B}"
# file: calendar_rows.py
ROWS = [("Easter Monday", "01/04/2024"), ("Labour Day", "01/05/2024")]
""",
    ),
    P(
        "decorator_without_wraps",
        "functools",
        "command registry keyed by __name__ of decorated functions",
        "KeyError",
        r"""
import time

COMMANDS = {}


def timed(fn):
    def wrapper(*args):
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            print(f"{fn.__name__}: {time.perf_counter() - start:.4f}s")

    return wrapper


def command(fn):
    COMMANDS[fn.__name__] = fn
    return fn


@command
@timed
def build():
    return "built"


@command
@timed
def deploy():
    return "deployed"


print(COMMANDS["build"]())
""",
    ),
    P(
        "environ_non_str_value",
        "os",
        "an int stored in os.environ for a child process",
        "TypeError",
        r"""
import os
import subprocess
import sys


def run_worker(threads):
    os.environ["WORKER_THREADS"] = threads
    code = "import os; print(os.environ['WORKER_THREADS'])"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout


print(run_worker(os.cpu_count() or 2))
""",
    ),
]
