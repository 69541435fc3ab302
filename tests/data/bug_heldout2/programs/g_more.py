"""More groups: NaN equality, default axis, last-suffix-only splitext, sorted() of a dict."""

from programs import P

PROGRAMS = [
    # --- NaN compared with ==, which is never true
    P(
        "nan_equality_check",
        "pandas",
        "rows with a missing price selected with == nan",
        "IndexError",
        r"""
import numpy as np
import pandas as pd


def first_unpriced(df):
    missing = df[df["price"] == np.nan]
    return missing.iloc[0]["sku"]


items = pd.DataFrame({"sku": ["a", "b", "c"], "price": [2.5, np.nan, 4.0]})
print(first_unpriced(items))
""",
    ),
    P(
        "nan_equality_check",
        "math",
        "sensor gaps counted with == float('nan')",
        "AssertionError",
        r"""
# file: gaps.py
from readings import parse, count_gaps

values = parse("3.2,nan,3.4,nan,3.3")
gaps = count_gaps(values)
assert gaps == 2, f"found {gaps} gaps in {values}"
# file: readings.py
MISSING = float("nan")


def parse(text):
    return [float(x) for x in text.split(",")]


def count_gaps(values):
    return sum(1 for v in values if v == MISSING)
""",
    ),
    P(
        "nan_equality_check",
        "numpy",
        "fill value check with 'is np.nan'",
        "ValueError",
        r"""
import numpy as np


class Column:
    def __init__(self, values):
        self.values = np.asarray(values, dtype=float)

    def filled(self, default):
        return np.array([default if v is np.nan else v for v in self.values])

    def check(self):
        out = self.filled(0.0)
        if np.isnan(out).any():
            raise ValueError(f"column still has gaps after filling: {out}")
        return out


print(Column([1.0, None, 3.0]).check())
""",
    ),
    # --- pandas/numpy operations default to axis 0 (rows) where columns were meant
    P(
        "default_axis_rows",
        "pandas",
        "df.drop of a column name without axis",
        "KeyError",
        r"""
import pandas as pd


def public_view(df):
    return df.drop("password_hash")


users = pd.DataFrame({"name": ["ana"], "password_hash": ["x9f"]})
print(public_view(users))
""",
    ),
    P(
        "default_axis_rows",
        "pandas",
        "apply() with a row function",
        "KeyError",
        r"""
# file: invoices.py
import pandas as pd

from lines import line_total

df = pd.DataFrame({"qty": [2, 1], "price": [9.5, 20.0]})
df["total"] = df.apply(line_total)
print(df)
# file: lines.py
def line_total(row):
    return row["qty"] * row["price"]
""",
    ),
    P(
        "default_axis_rows",
        "numpy",
        "np.delete of a column without axis",
        "ValueError",
        r"""
import numpy as np


class Table:
    def __init__(self, data, columns):
        self.data = np.asarray(data)
        self.columns = columns

    def without(self, name):
        i = self.columns.index(name)
        return np.delete(self.data, i).reshape(len(self.data), len(self.columns) - 1)


t = Table([[1, 2, 3], [4, 5, 6]], ["id", "tmp", "value"])
print(t.without("tmp"))
""",
    ),
    # --- splitext / Path.suffix only see the last suffix (or none for dotfiles)
    P(
        "splitext_last_suffix_only",
        "os.path",
        "archive type from a .tar.gz name",
        "KeyError",
        r"""
import os

OPENERS = {".zip": "unzip", ".tar.gz": "tar xzf", ".tgz": "tar xzf"}


def unpack_command(name):
    _, ext = os.path.splitext(name)
    return f"{OPENERS[ext]} {name}"


print(unpack_command("release-1.2.tar.gz"))
""",
    ),
    P(
        "splitext_last_suffix_only",
        "pathlib",
        "dotfile configs keyed by suffix",
        "KeyError",
        r"""
# file: lint.py
from pathlib import Path

from formats import parser_for

for name in ["setup.cfg", ".editorconfig"]:
    Path(name).write_text("[*]\n")
    print(name, parser_for(Path(name)))
# file: formats.py
PARSERS = {".cfg": "ini", ".editorconfig": "ini", ".toml": "toml"}


def parser_for(path):
    return PARSERS[path.suffix]
""",
    ),
    P(
        "splitext_last_suffix_only",
        "pathlib",
        "output name built from the stem",
        "AssertionError",
        r"""
from pathlib import Path


class Converter:
    def __init__(self, src):
        self.src = Path(src)

    def target(self):
        return self.src.with_name(self.src.stem + ".json")


out = Converter("exports/data.csv.gz").target()
assert out.name == "data.json", f"wrote {out}"
""",
    ),
    # --- sorted() of a dict returns a list (of keys or pairs), not a dict
    P(
        "sorted_dict_returns_list",
        "core",
        "sorted(d.items()) used as a dict",
        "AttributeError",
        r"""
def by_value(counts):
    return sorted(counts.items(), key=lambda kv: kv[1], reverse=True)


ranked = by_value({"py": 40, "js": 55, "go": 12})
for lang, n in ranked.items():
    print(lang, n)
""",
    ),
    P(
        "sorted_dict_returns_list",
        "json",
        "config keys sorted before lookup",
        "TypeError",
        r"""
# file: show.py
import json

from tidy import tidy

cfg = tidy(json.loads('{"b": 2, "a": 1}'))
print(cfg["a"])
# file: tidy.py
def tidy(cfg):
    return sorted(cfg)
""",
    ),
    P(
        "sorted_dict_returns_list",
        "collections",
        "sorted Counter passed on as a Counter",
        "AttributeError",
        r"""
from collections import Counter


class WordStats:
    def __init__(self, text):
        self.counts = sorted(Counter(text.split()).items())

    def top(self, n):
        return self.counts.most_common(n)


print(WordStats("a b a c b a").top(2))
""",
    ),
]
