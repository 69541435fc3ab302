"""Text semantics: except (A or B), strip() of a suffix, truthy strings, urljoin and parse_qs behaviour."""

from programs import P

PROGRAMS = [
    # --- 'except (A or B)' evaluates to 'except A': the other exception escapes
    P(
        "except_or_catches_one",
        "core",
        "lookup error escaping a fallback",
        "KeyError",
        r"""
PRICES = {"apple": "1.20", "pear": "oops"}


def price(item):
    try:
        return float(PRICES[item])
    except (ValueError or KeyError):
        return 0.0


print([price(i) for i in ["apple", "pear", "plum"]])
""",
    ),
    P(
        "except_or_catches_one",
        "json",
        "config loader tolerant of bad files",
        "FileNotFoundError",
        r"""
# file: start.py
from cfg import load_or_default

print(load_or_default("missing.json"))
# file: cfg.py
import json


def load_or_default(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (json.JSONDecodeError or FileNotFoundError):
        return {"debug": False}
""",
    ),
    P(
        "except_or_catches_one",
        "core",
        "ratio that should fall back on bad input",
        "ZeroDivisionError",
        r"""
class Metrics:
    def __init__(self, hits, total):
        self.hits = hits
        self.total = total

    def hit_rate(self):
        try:
            return int(self.hits) / int(self.total)
        except (TypeError or ZeroDivisionError):
            return float("nan")


print([Metrics(h, t).hit_rate() for h, t in [(3, 4), (None, 2), (1, 0)]])
""",
    ),
    # --- strip()/rstrip() with a suffix removes a set of characters, not the suffix
    P(
        "strip_chars_not_suffix",
        "core",
        "table name from a csv file name",
        "KeyError",
        r"""
SCHEMAS = {"scores": ["id", "value"], "users": ["id", "name"]}


def schema_for(filename):
    return SCHEMAS[filename.rstrip(".csv")]


print([schema_for(f) for f in ["users.csv", "scores.csv"]])
""",
    ),
    P(
        "strip_chars_not_suffix",
        "pathlib",
        "module name from a .py file",
        "ModuleNotFoundError",
        r"""
# file: loader.py
import importlib
import sys
from pathlib import Path

sys.path.insert(0, "plugins")
for f in sorted(Path("plugins").iterdir()):
    mod = importlib.import_module(f.name.strip(".py"))
    print(mod.NAME)
# file: plugins/yaml_export.py
NAME = "yaml export"
""",
    ),
    P(
        "strip_chars_not_suffix",
        "core",
        "prefix 'https://' stripped from hosts",
        "AssertionError",
        r"""
class HostList:
    def __init__(self, urls):
        self.hosts = [u.lstrip("https://").rstrip("/") for u in urls]


hosts = HostList(["https://status.example.test/", "https://paste.example.test"]).hosts
assert hosts == ["status.example.test", "paste.example.test"], hosts
""",
    ),
    # --- a non-empty string such as "false"/"0"/"no" is truthy
    P(
        "truthy_false_string",
        "os",
        "DEBUG=0 from the environment",
        "FileNotFoundError",
        r"""
import os

os.environ["DEBUG"] = "0"


def log_path():
    if os.environ.get("DEBUG", ""):
        return "/var/log/app/debug-trace.log"
    return "app.log"


with open(log_path(), "a") as fh:
    fh.write("started\n")
""",
    ),
    P(
        "truthy_false_string",
        "argparse",
        "type=bool on a command-line flag",
        "AssertionError",
        r"""
# file: sync.py
import argparse

from actions import plan

parser = argparse.ArgumentParser()
parser.add_argument("--delete", type=bool, default=False)
args = parser.parse_args()
steps = plan(args.delete)
assert "delete remote files" not in steps, steps
# file: actions.py
def plan(delete):
    steps = ["copy new files"]
    if delete:
        steps.append("delete remote files")
    return steps
""",
        "--delete",
        "False",
    ),
    P(
        "truthy_false_string",
        "csv",
        "'no' in a csv column treated as yes",
        "ValueError",
        r"""
import csv
import io

DATA = "name,newsletter\nana,yes\nbo,no\n"


class Subscriber:
    def __init__(self, row):
        self.name = row["name"]
        self.opted_in = bool(row["newsletter"])


def mailing_list(text):
    subs = [Subscriber(r) for r in csv.DictReader(io.StringIO(text))]
    if len([s for s in subs if s.opted_in]) > 1:
        raise ValueError("consent check failed: more opt-ins than forms signed")
    return subs


print(mailing_list(DATA))
""",
    ),
    # --- urljoin replaces the last path segment when the base has no trailing slash
    P(
        "urljoin_trailing_slash",
        "urllib.parse",
        "API base without a trailing slash",
        "KeyError",
        r"""
from urllib.parse import urljoin

ROUTES = {"https://api.example.test/v2/users": "list users", "https://api.example.test/v2/orders": "list orders"}
BASE = "https://api.example.test/v2"


def route(path):
    return ROUTES[urljoin(BASE, path)]


print(route("users"))
""",
    ),
    P(
        "urljoin_trailing_slash",
        "urllib.parse",
        "asset links of a static site",
        "AssertionError",
        r"""
# file: build.py
from links import asset_url

url = asset_url("css/site.css")
assert url.startswith("https://cdn.example.test/static/"), url
# file: links.py
from urllib.parse import urljoin

CDN = "https://cdn.example.test/static"


def asset_url(path):
    return urljoin(CDN, path)
""",
    ),
    P(
        "urljoin_trailing_slash",
        "urllib.parse",
        "mirror folder derived from a url",
        "FileNotFoundError",
        r"""
from pathlib import Path
from urllib.parse import urljoin, urlparse

Path("mirror/pkgs/simple").mkdir(parents=True, exist_ok=True)
Path("mirror/pkgs/simple/index.html").write_text("<a>pkg</a>")


class Mirror:
    def __init__(self, base):
        self.base = base

    def local(self, name):
        return Path("mirror") / urlparse(urljoin(self.base, name)).path.lstrip("/")


print(Mirror("https://repo.example.test/pkgs/simple").local("index.html").read_text())
""",
    ),
    # --- parse_qs returns a list for every parameter
    P(
        "parse_qs_lists",
        "urllib.parse",
        "page number from a query string",
        "TypeError",
        r"""
from urllib.parse import parse_qs, urlparse


def page_of(url):
    params = parse_qs(urlparse(url).query)
    return int(params.get("page", 1))


print(page_of("https://shop.example.test/search?q=lamp&page=3"))
""",
    ),
    P(
        "parse_qs_lists",
        "urllib.parse",
        "sort order from a query",
        "AttributeError",
        r"""
# file: handler.py
from query import sort_key

print(sort_key("q=chairs&sort=Price"))
# file: query.py
from urllib.parse import parse_qs

ALLOWED = {"price", "rating"}


def sort_key(qs):
    sort = parse_qs(qs).get("sort", "rating")
    sort = sort.lower()
    return sort if sort in ALLOWED else "rating"
""",
    ),
    P(
        "parse_qs_lists",
        "urllib.parse",
        "filter values compared to a set",
        "TypeError",
        r"""
from urllib.parse import parse_qs

COLOURS = {"red", "blue", "green"}


class Filter:
    def __init__(self, query):
        self.params = parse_qs(query)

    def colour(self):
        value = self.params["colour"]
        if value not in COLOURS:
            raise ValueError(f"unknown colour {value}")
        return value


print(Filter("colour=red&size=m").colour())
""",
    ),
]
