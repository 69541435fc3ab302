"""Singletons: novel bugs with no same-cause sibling in the set (part 1)."""

from programs import P

PROGRAMS = [
    P(
        "thread_started_twice",
        "threading",
        "restarting a finished worker thread",
        "RuntimeError",
        r"""
import threading


class Ticker:
    def __init__(self):
        self.count = 0
        self.thread = threading.Thread(target=self._tick)

    def _tick(self):
        self.count += 1

    def run_once(self):
        self.thread.start()
        self.thread.join()
        return self.count


t = Ticker()
print(t.run_once(), t.run_once())
""",
    ),
    P(
        "coroutine_awaited_twice",
        "asyncio",
        "a cached coroutine object awaited again",
        "RuntimeError",
        r"""
import asyncio


class Config:
    def __init__(self):
        self._pending = self._load()

    async def _load(self):
        await asyncio.sleep(0)
        return {"region": "eu"}

    async def get(self, key):
        data = await self._pending
        return data[key]


async def main():
    cfg = Config()
    print(await cfg.get("region"))
    print(await cfg.get("region"))


asyncio.run(main())
""",
    ),
    P(
        "reduce_empty_no_initial",
        "functools",
        "merging zero partial results",
        "TypeError",
        r"""
# file: merge.py
from functools import reduce

from partials import results_for

print(reduce(lambda a, b: {**a, **b}, results_for([])))
# file: partials.py
def results_for(shards):
    return [{s: len(s)} for s in shards]
""",
    ),
    P(
        "with_suffix_without_dot",
        "pathlib",
        "changing an extension to 'json'",
        "ValueError",
        r"""
from pathlib import Path


def output_for(src, ext):
    return Path(src).with_suffix(ext)


print(output_for("data/report.csv", "json"))
""",
    ),
    P(
        "open_directory_empty_name",
        "core",
        "file name missing from the config",
        "IsADirectoryError",
        r"""
import os

CONFIG = {"out_dir": "exports", "file_name": ""}


def write_export(rows):
    os.makedirs(CONFIG["out_dir"], exist_ok=True)
    path = os.path.join(CONFIG["out_dir"], CONFIG["file_name"])
    with open(path, "w") as fh:
        fh.writelines(f"{r}\n" for r in rows)


write_export(["a", "b"])
""",
    ),
    P(
        "python_m_with_file_path",
        "subprocess",
        "tool run with -m and a file path",
        "CalledProcessError",
        r"""
# file: ci.py
import subprocess
import sys

subprocess.run([sys.executable, "-m", "tools/lint.py"], check=True, capture_output=True)
print("lint ok")
# file: tools/__init__.py
# file: tools/lint.py
print("0 problems")
""",
    ),
    P(
        "yaml_load_without_loader",
        "yaml",
        "yaml.load called like json.load",
        "TypeError",
        r"""
import yaml


def read_manifest(text):
    return yaml.load(text)


print(read_manifest("name: tool\nversion: 2\n"))
""",
    ),
    P(
        "jinja_else_if",
        "jinja2",
        "'else if' written in a template",
        "TemplateSyntaxError",
        r"""
from jinja2 import Template

BADGE = Template(
    "{% if score > 90 %}gold{% else if score > 70 %}silver{% else %}bronze{% endif %}"
)
print(BADGE.render(score=75))
""",
    ),
    P(
        "sympy_float_free_symbol",
        "sympy",
        "evaluating a formula with an unbound symbol",
        "TypeError",
        r"""
import sympy as sp

r, h = sp.symbols("r h")
VOLUME = sp.pi * r**2 * h


def volume(radius):
    return float(VOLUME.subs(r, radius))


print(volume(2.0))
""",
    ),
    P(
        "jsonschema_envelope_validated",
        "jsonschema",
        "schema checked against the response envelope",
        "ValidationError",
        r"""
# file: check.py
import json

from jsonschema import validate

from schema import USER

response = json.loads('{"status": "ok", "data": {"id": 3, "email": "a@b.test"}}')
validate(response, USER)
print("valid")
# file: schema.py
USER = {
    "type": "object",
    "required": ["id", "email"],
    "properties": {"id": {"type": "integer"}, "email": {"type": "string"}},
}
""",
    ),
    P(
        "is_for_int_equality",
        "core",
        "identity comparison of large counts",
        "AssertionError",
        r"""
def count_unique(items):
    return len(set(items))


expected = int("1000")
actual = count_unique(range(1000))
assert actual is expected, f"{actual} is not {expected}"
""",
    ),
    P(
        "round_half_even",
        "core",
        "rounding half cents",
        "AssertionError",
        r"""
def split_bill(total, people):
    return round(total / people)


assert split_bill(5, 2) == 3, f"each pays {split_bill(5, 2)}"
""",
    ),
    P(
        "iterate_over_len",
        "core",
        "looping over len() itself",
        "TypeError",
        r"""
def numbered(lines):
    out = []
    for i in len(lines):
        out.append(f"{i + 1}: {lines[i]}")
    return out


print(numbered(["alpha", "beta"]))
""",
    ),
    P(
        "dict_from_flat_strings",
        "core",
        "dict() from 'k=v' strings",
        "ValueError",
        r"""
def parse_tags(raw):
    return dict(raw.split(";"))


print(parse_tags("env=prod;team=core"))
""",
    ),
    P(
        "uint8_wraparound",
        "numpy",
        "difference of two uint8 images",
        "AssertionError",
        r"""
import numpy as np


def changed_pixels(before, after, threshold=30):
    diff = after - before
    return int((diff > threshold).sum())


a = np.array([100, 200, 50], dtype=np.uint8)
b = np.array([110, 190, 52], dtype=np.uint8)
n = changed_pixels(a, b)
assert n == 0, f"{n} pixels reported as changed"
""",
    ),
    P(
        "regex_group_number_missing",
        "re",
        "second group read from a one-group pattern",
        "IndexError",
        r"""
import re

LINE = re.compile(r"(\w+)=\d+")


def parse(line):
    m = LINE.search(line)
    return m.group(1), int(m.group(2))


print(parse("retries=5"))
""",
    ),
    P(
        "subscript_non_generic_class",
        "core",
        "annotation-style subscript of a plain class at runtime",
        "TypeError",
        r"""
class Repository:
    def __init__(self, model):
        self.model = model
        self.rows = []


class User:
    pass


users = Repository[User](User)
print(users.rows)
""",
    ),
    P(
        "type_checking_import_hints",
        "typing",
        "get_type_hints with a TYPE_CHECKING-only import",
        "NameError",
        r"""
# file: inspect_models.py
import typing

from models import Order

print(typing.get_type_hints(Order))
# file: models.py
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal


@dataclass
class Order:
    id: int
    total: Decimal
""",
    ),
    P(
        "cattrs_no_datetime_hook",
        "cattrs",
        "structuring a datetime field without a hook",
        "StructureHandlerNotFoundError",
        r"""
from datetime import datetime

import attrs
import cattrs


@attrs.define
class Meeting:
    title: str
    starts: datetime


print(cattrs.structure({"title": "sync", "starts": "2024-05-01T10:00:00"}, Meeting))
""",
    ),
    P(
        "merge_key_dtype_mismatch",
        "pandas",
        "joining ids read as text with numeric ids",
        "ValueError",
        r"""
import io

import pandas as pd

customers = pd.read_csv(io.StringIO("id,name\nC1,ana\n2,bo\n"))
orders = pd.DataFrame({"customer_id": [2], "total": [30]})


def with_names(orders, customers):
    return orders.merge(customers, left_on="customer_id", right_on="id")


print(with_names(orders, customers))
""",
    ),
    P(
        "variance_catastrophic_cancellation",
        "math",
        "stddev via E[x^2] - E[x]^2",
        "ValueError",
        r"""
import math


def stddev(xs):
    n = len(xs)
    mean = sum(xs) / n
    return math.sqrt(sum(x * x for x in xs) / n - mean * mean)


print(stddev([100000.1, 100000.1, 100000.1]))
""",
    ),
    P(
        "asyncio_lock_not_reentrant",
        "asyncio",
        "nested acquire of an asyncio.Lock",
        "TimeoutError",
        r"""
import asyncio


class Account:
    def __init__(self):
        self.lock = asyncio.Lock()
        self.balance = 100

    async def withdraw(self, n):
        async with self.lock:
            self.balance -= n

    async def transfer_all(self):
        async with self.lock:
            await self.withdraw(self.balance)


async def main():
    await asyncio.wait_for(Account().transfer_all(), timeout=0.5)


asyncio.run(main())
""",
    ),
    P(
        "percent_change_zero_baseline",
        "core",
        "growth from a month with no sales",
        "ZeroDivisionError",
        r"""
MONTHS = [("jan", 0), ("feb", 40), ("mar", 55)]


def growth(series):
    return [(b[0], (b[1] - a[1]) / a[1] * 100) for a, b in zip(series, series[1:])]


print(growth(MONTHS))
""",
    ),
    P(
        "unique_nocase_duplicate",
        "sqlite3",
        "importing emails that differ only in case",
        "IntegrityError",
        r"""
# file: import_users.py
from directory import Directory

d = Directory()
for email in ["ana@corp.test", "bo@corp.test", "Ana@Corp.test"]:
    d.add(email)
print(d.count())
# file: directory.py
import sqlite3


class Directory:
    def __init__(self):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE people (email TEXT UNIQUE COLLATE NOCASE)")

    def add(self, email):
        self.db.execute("INSERT INTO people VALUES (?)", (email,))

    def count(self):
        return self.db.execute("SELECT COUNT(*) FROM people").fetchone()[0]
""",
    ),
]
