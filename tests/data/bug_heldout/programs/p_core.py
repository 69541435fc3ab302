"""Core-language and stdlib mistakes (None results, indexing, arguments, recursion, closures, imports)."""

from . import P

PROGRAMS = [
    # --- an in-place method's None result is assigned back ---
    P(
        "inplace_method_result_assigned",
        "core",
        "nested",
        "app/leaderboard.py",
        "TypeError",
        {
            "app/leaderboard.py": r"""
        import json

        SCORES = '[{"player": "ana", "points": 41}, {"player": "bo", "points": 57}, {"player": "cy", "points": 12}]'


        def ranked(entries):
            entries = entries.sort(key=lambda e: e["points"], reverse=True)
            return entries


        def top(entries, n=3):
            return ranked(entries)[:n]


        def main():
            for pos, entry in enumerate(top(json.loads(SCORES)), 1):
                print(pos, entry["player"], entry["points"])


        if __name__ == "__main__":
            main()
        """
        },
    ),
    P(
        "inplace_method_result_assigned",
        "core",
        "loop",
        "tools/collect_tags.py",
        "TypeError",
        {
            "tools/collect_tags.py": r"""
        POSTS = [
            {"title": "Intro", "tags": ["python", "intro"]},
            {"title": "Async", "tags": ["python", "asyncio"]},
        ]


        def collect(posts):
            tags = []
            for post in posts:
                for tag in post["tags"]:
                    if tag not in tags:
                        tags = tags.append(tag)
            return tags


        print(", ".join(collect(POSTS)))
        """
        },
    ),
    P(
        "inplace_method_result_assigned",
        "stdlib",
        "method",
        "game/deck.py",
        "TypeError",
        {
            "game/deck.py": r"""
        import random


        class Deck:
            SUITS = "SHDC"
            RANKS = "23456789TJQKA"

            def __init__(self, seed=0):
                self.rng = random.Random(seed)
                self.cards = [r + s for s in self.SUITS for r in self.RANKS]

            def shuffled(self):
                return self.rng.shuffle(list(self.cards))

            def deal(self, hands=4, size=5):
                cards = self.shuffled()
                return [cards[i * size:(i + 1) * size] for i in range(hands)]


        if __name__ == "__main__":
            for hand in Deck(seed=7).deal():
                print(" ".join(hand))
        """
        },
    ),
    P(
        "inplace_method_result_assigned",
        "stdlib",
        "module",
        "app/run.py",
        "AttributeError",
        {
            "app/settings.py": r"""
        DEFAULTS = {"host": "127.0.0.1", "port": 8000, "debug": False}


        def merged(overrides):
            conf = dict(DEFAULTS)
            conf = conf.update(overrides)
            return conf
        """,
            "app/run.py": r"""
        from settings import merged


        def serve(conf):
            print(f"serving on {conf.get('host')}:{conf.get('port')}")


        serve(merged({"port": 9000}))
        """,
        },
    ),
    # --- helper computes a value but forgets to return it ---
    P(
        "missing_return_in_helper",
        "core",
        "nested",
        "billing/invoice.py",
        "TypeError",
        {
            "billing/invoice.py": r"""
        LINES = [("widget", 3, 4.5), ("gadget", 1, 19.0), ("cable", 5, 1.2)]


        def line_total(qty, price):
            total = qty * price
            if qty >= 5:
                total *= 0.9


        def invoice_total(lines):
            return sum(line_total(q, p) for _, q, p in lines)


        print(f"total: {invoice_total(LINES):.2f}")
        """
        },
    ),
    P(
        "missing_return_in_helper",
        "core",
        "branch",
        "etl/normalize.py",
        "AttributeError",
        {
            "etl/normalize.py": r"""
        RAW = ["  Alice@Example.com", "bob@example.org ", "CAROL@EXAMPLE.NET"]


        def clean_email(value):
            value = value.strip()
            if value.isupper():
                return value.lower()
            value = value.lower()


        def domains(values):
            return sorted({clean_email(v).split("@")[1] for v in values})


        print(domains(RAW))
        """
        },
    ),
    P(
        "missing_return_in_helper",
        "stdlib",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/geometry.py": r"""
        import math


        class Polygon:
            def __init__(self, points):
                self.points = points

            def perimeter(self):
                total = 0.0
                for (x1, y1), (x2, y2) in zip(self.points, self.points[1:] + self.points[:1]):
                    total += math.hypot(x2 - x1, y2 - y1)
        """,
            "app/main.py": r"""
        from geometry import Polygon

        shapes = {"square": Polygon([(0, 0), (0, 2), (2, 2), (2, 0)]), "tri": Polygon([(0, 0), (3, 0), (0, 4)])}
        longest = max(shapes, key=lambda name: shapes[name].perimeter())
        print("longest outline:", longest, round(shapes[longest].perimeter(), 2))
        """,
        },
    ),
    P(
        "missing_return_in_helper",
        "stdlib",
        "callback",
        "jobs/schedule.py",
        "TypeError",
        {
            "jobs/schedule.py": r"""
        from datetime import datetime, timedelta


        def next_run(last, every_minutes):
            candidate = last + timedelta(minutes=every_minutes)
            while candidate.hour < 6:
                candidate += timedelta(minutes=every_minutes)


        def plan(jobs, now):
            return {name: next_run(now, every) - now for name, every in jobs.items()}


        print(plan({"backup": 60, "sync": 15}, datetime(2024, 3, 1, 23, 30)))
        """
        },
    ),
    # --- re.match/search/fullmatch result used without checking for None ---
    P(
        "regex_no_match_none",
        "stdlib",
        "loop",
        "logs/parse_access.py",
        "AttributeError",
        {
            "logs/parse_access.py": r"""
        import re

        LINE = re.compile(r"(?P<ip>\d+\.\d+\.\d+\.\d+) - - \[(?P<ts>[^\]]+)\] \"(?P<method>\w+) (?P<path>\S+)")

        LOG = '''10.0.0.1 - - [01/Mar/2024:10:00:00 +0000] "GET /index.html HTTP/1.1" 200
        10.0.0.2 - - [01/Mar/2024:10:00:01 +0000] "POST /api/login HTTP/1.1" 302
        ::1 - - [01/Mar/2024:10:00:02 +0000] "GET /health HTTP/1.1" 200'''


        def paths(text):
            out = []
            for line in text.splitlines():
                m = LINE.match(line.strip())
                out.append((m.group("method"), m.group("path")))
            return out


        print(paths(LOG))
        """
        },
    ),
    P(
        "regex_no_match_none",
        "stdlib",
        "function",
        "tools/bump.py",
        "AttributeError",
        {
            "tools/bump.py": r"""
        import re

        SETUP = '''[metadata]
        name = demo
        version=1.4
        '''


        def current_version(text):
            found = re.search(r"^version = (\d+)\.(\d+)\.(\d+)$", text, re.M)
            return tuple(int(x) for x in found.groups())


        def bump_minor(text):
            major, minor, _ = current_version(text)
            return f"{major}.{minor + 1}.0"


        print(bump_minor(SETUP))
        """
        },
    ),
    P(
        "regex_no_match_none",
        "parse",
        "method",
        "app/commands.py",
        "TypeError",
        {
            "app/commands.py": r"""
        import parse

        PATTERN = parse.compile("move {piece} from {src:l}{src_rank:d} to {dst:l}{dst_rank:d}", case_sensitive=True)


        class Interpreter:
            def __init__(self):
                self.moves = []

            def feed(self, line):
                result = PATTERN.parse(line)
                self.moves.append((result["piece"], result["src"], result["dst"]))


        interp = Interpreter()
        for cmd in ["move knight from g1 to f3", "move pawn from e2 to e4", "Move bishop from f1 to c4"]:
            interp.feed(cmd)
        print(interp.moves)
        """
        },
    ),
    P(
        "regex_no_match_none",
        "stdlib",
        "module",
        "app/cli.py",
        "AttributeError",
        {
            "app/validators.py": r"""
        import re

        SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


        def project_key(name):
            return SLUG.fullmatch(name).group(0).upper()
        """,
            "app/cli.py": r"""
        import sys

        from validators import project_key

        names = sys.argv[1:] or ["billing-api", "web-front", "Data_Pipeline"]
        print({n: project_key(n) for n in names})
        """,
        },
    ),
    # --- decorator's wrapper drops the wrapped function's return value ---
    P(
        "decorator_wrapper_drops_result",
        "core",
        "decorator",
        "app/service.py",
        "TypeError",
        {
            "app/service.py": r"""
        import functools
        import time


        def timed(func):
            @functools.wraps(func)
            def wrapper(*args, **kwargs):
                start = time.perf_counter()
                func(*args, **kwargs)
                print(f"{func.__name__} took {time.perf_counter() - start:.4f}s")
            return wrapper


        @timed
        def load_prices():
            return {"apple": 1.2, "pear": 0.8}


        prices = load_prices()
        print(prices["apple"])
        """
        },
    ),
    P(
        "decorator_wrapper_drops_result",
        "stdlib",
        "module",
        "api/handlers.py",
        "AttributeError",
        {
            "api/auth.py": r"""
        import functools
        import logging

        log = logging.getLogger("auth")


        def require_role(role):
            def deco(handler):
                @functools.wraps(handler)
                def inner(user, *args):
                    if role not in user["roles"]:
                        raise PermissionError(role)
                    log.info("%s -> %s", user["name"], handler.__name__)
                    handler(user, *args)
                return inner
            return deco
        """,
            "api/handlers.py": r"""
        from auth import require_role


        @require_role("admin")
        def list_users(user):
            return [{"name": "ana"}, {"name": "bo"}]


        def render(user):
            users = list_users(user)
            return "\n".join(u["name"] for u in users.copy())


        print(render({"name": "root", "roles": ["admin"]}))
        """,
        },
    ),
    P(
        "decorator_wrapper_drops_result",
        "core",
        "method",
        "lib/retry.py",
        "TypeError",
        {
            "lib/retry.py": r"""
        import random


        def retry(times):
            def decorate(fn):
                def attempt(*args, **kwargs):
                    for n in range(times):
                        try:
                            fn(*args, **kwargs)
                            break
                        except ConnectionError:
                            print("retrying", n)
                return attempt
            return decorate


        class Reader:
            def __init__(self):
                self.rng = random.Random(3)

            @retry(times=3)
            def read_block(self, size):
                if self.rng.random() < 0.3:
                    raise ConnectionError("flaky")
                return bytes(size)


        block = Reader().read_block(16)
        print(len(block))
        """
        },
    ),
    # --- decorator forgets to return the wrapper: the decorated name becomes None ---
    P(
        "decorator_returns_none",
        "core",
        "decorator",
        "app/routes.py",
        "TypeError",
        {
            "app/routes.py": r"""
        ROUTES = {}


        def route(path):
            def register(func):
                ROUTES[path] = func
            return register


        @route("/health")
        def health():
            return {"status": "ok"}


        @route("/version")
        def version():
            return {"version": "1.0"}


        print(version())
        """
        },
    ),
    P(
        "decorator_returns_none",
        "stdlib",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/cache.py": r"""
        import functools


        def memo(func):
            store = {}

            @functools.wraps(func)
            def wrapper(*args):
                if args not in store:
                    store[args] = func(*args)
                return store[args]
        """,
            "app/main.py": r"""
        from cache import memo


        @memo
        def fib(n):
            return n if n < 2 else fib(n - 1) + fib(n - 2)


        print([fib(i) for i in range(10)])
        """,
        },
    ),
    P(
        "decorator_returns_none",
        "core",
        "class",
        "plugins/registry.py",
        "TypeError",
        {
            "plugins/registry.py": r"""
        class Registry:
            def __init__(self):
                self.plugins = {}

            def plugin(self, cls):
                self.plugins[cls.__name__.lower()] = cls


        registry = Registry()


        @registry.plugin
        class Markdown:
            def render(self, text):
                return f"<p>{text}</p>"


        print(Markdown().render("hello"))
        """
        },
    ),
    # --- off-by-one past the end of a sequence ---
    P(
        "index_off_by_one",
        "core",
        "loop",
        "stats/deltas.py",
        "IndexError",
        {
            "stats/deltas.py": r"""
        READINGS = [12.1, 12.4, 13.0, 12.8, 13.5]


        def deltas(values):
            out = []
            for i in range(len(values)):
                out.append(round(values[i + 1] - values[i], 2))
            return out


        print(deltas(READINGS))
        """
        },
    ),
    P(
        "index_off_by_one",
        "core",
        "method",
        "text/wrap.py",
        "IndexError",
        {
            "text/wrap.py": r"""
        class Paginator:
            def __init__(self, items, per_page):
                self.items = items
                self.per_page = per_page

            def pages(self):
                return (len(self.items) + self.per_page - 1) // self.per_page

            def page(self, number):
                start = number * self.per_page
                return [self.items[i] for i in range(start, start + self.per_page)]


        p = Paginator([f"row{i}" for i in range(7)], per_page=3)
        for n in range(p.pages()):
            print(n, p.page(n))
        """
        },
    ),
    P(
        "index_off_by_one",
        "stdlib",
        "module",
        "app/report.py",
        "IndexError",
        {
            "app/calendar_util.py": r"""
        import calendar

        MONTHS = list(calendar.month_abbr)[1:]


        def month_label(month_number):
            return MONTHS[month_number]
        """,
            "app/report.py": r"""
        from calendar_util import month_label

        SALES = {1: 120, 6: 340, 12: 90}
        for month, amount in sorted(SALES.items()):
            print(month_label(month), amount)
        """,
        },
    ),
    P(
        "index_off_by_one",
        "core",
        "while",
        "parse/tokens.py",
        "IndexError",
        {
            "parse/tokens.py": r"""
        def tokenize(expr):
            tokens, i = [], 0
            while i <= len(expr):
                ch = expr[i]
                if ch.isdigit():
                    j = i
                    while j < len(expr) and expr[j].isdigit():
                        j += 1
                    tokens.append(int(expr[i:j]))
                    i = j
                    continue
                if ch in "+-*/()":
                    tokens.append(ch)
                i += 1
            return tokens


        print(tokenize("12+(3*45)-6"))
        """
        },
    ),
    # --- first element taken from a result that is empty ---
    P(
        "index_empty_result",
        "sqlite3",
        "function",
        "app/users.py",
        "IndexError",
        {
            "app/users.py": r"""
        import sqlite3


        def setup():
            db = sqlite3.connect(":memory:")
            db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, active INTEGER)")
            db.executemany("INSERT INTO users (email, active) VALUES (?, ?)", [("a@x.io", 1), ("b@x.io", 0)])
            return db


        def find_user(db, email):
            rows = db.execute("SELECT id, email FROM users WHERE email = ? AND active = 1", (email,)).fetchall()
            return rows[0]


        db = setup()
        print(find_user(db, "a@x.io"))
        print(find_user(db, "b@x.io"))
        """
        },
    ),
    P(
        "index_empty_result",
        "core",
        "comprehension",
        "inventory/pick.py",
        "IndexError",
        {
            "inventory/pick.py": r"""
        STOCK = [
            {"sku": "A-1", "bin": "north", "qty": 0},
            {"sku": "B-7", "bin": "south", "qty": 4},
            {"sku": "A-1", "bin": "east", "qty": 0},
        ]


        def pick_bin(sku):
            candidates = [s for s in STOCK if s["sku"] == sku and s["qty"] > 0]
            return candidates[0]["bin"]


        for order in ["B-7", "A-1"]:
            print(order, "->", pick_bin(order))
        """
        },
    ),
    P(
        "index_empty_result",
        "stdlib",
        "module",
        "app/run.py",
        "IndexError",
        {
            "app/mailparse.py": r"""
        import re


        def sender_domain(headers):
            return re.findall(r"^From: .*@([\w.]+)>?$", headers, re.M)[0]
        """,
            "app/run.py": r"""
        from mailparse import sender_domain

        MESSAGES = [
            "From: Ana <ana@example.com>\nSubject: hi",
            "Subject: no sender here\nTo: bo@example.org",
        ]
        for msg in MESSAGES:
            print(sender_domain(msg))
        """,
        },
    ),
    P(
        "index_empty_result",
        "stdlib",
        "glob",
        "tools/latest_backup.py",
        "IndexError",
        {
            "tools/latest_backup.py": r"""
        from pathlib import Path


        def latest(folder, pattern="*.tar.gz"):
            found = sorted(Path(folder).glob(pattern), key=lambda p: p.stat().st_mtime)
            return found[-1]


        Path("backups").mkdir(exist_ok=True)
        (Path("backups") / "notes.txt").write_text("nothing yet")
        print("restoring", latest("backups"))
        """
        },
    ),
    # --- a missing key in a configuration mapping ---
    P(
        "config_key_missing",
        "stdlib",
        "function",
        "app/server.py",
        "KeyError",
        {
            "app/server.py": r"""
        import json
        from pathlib import Path

        CONFIG = Path(__file__).with_name("config.json")


        def load():
            return json.loads(CONFIG.read_text())


        def bind_address(conf):
            return conf["server"]["host"], conf["server"]["port"]


        print(bind_address(load()))
        """,
            "app/config.json": '{"server": {"host": "0.0.0.0", "workers": 2}}\n',
        },
    ),
    P(
        "config_key_missing",
        "stdlib",
        "configparser",
        "sync/job.py",
        "KeyError",
        {
            "sync/job.py": r"""
        import configparser
        from pathlib import Path


        class SyncJob:
            def __init__(self, ini_path):
                self.cfg = configparser.ConfigParser()
                self.cfg.read(ini_path)

            def remote(self):
                section = self.cfg["remote"]
                return section["url"], section.getint("retries", 3)


        print(SyncJob(Path(__file__).with_name("sync.ini")).remote())
        """,
            "sync/sync.ini": "[local]\npath = /srv/data\n\n[Remote]\nurl = sftp://backup.internal/data\n",
        },
    ),
    P(
        "config_key_missing",
        "stdlib",
        "tomllib",
        "app/run.py",
        "KeyError",
        {
            "app/run.py": r"""
        import tomllib
        from pathlib import Path

        from db import connect_url

        settings = tomllib.loads(Path("pyproject.toml").read_text())
        print(connect_url(settings["tool"]["myapp"]))
        """,
            "app/db.py": r"""
        def connect_url(conf):
            db = conf["database"]
            return f"postgresql://{db['user']}@{db['host']}:{db.get('port', 5432)}/{db['name']}"
        """,
            "pyproject.toml": '[project]\nname = "myapp"\n\n[tool.myapp.database]\nuser = "app"\nhost = "db"\n',
        },
    ),
    # --- JSON round trip turns int keys into str ---
    P(
        "json_int_keys_become_str",
        "stdlib",
        "cache",
        "app/cache.py",
        "KeyError",
        {
            "app/cache.py": r"""
        import json
        from pathlib import Path

        CACHE = Path("user_cache.json")


        def save(users):
            CACHE.write_text(json.dumps(users))


        def load():
            return json.loads(CACHE.read_text())


        save({101: "ana", 102: "bo"})
        users = load()
        for uid in (101, 102):
            print(uid, users[uid])
        """
        },
    ),
    P(
        "json_int_keys_become_str",
        "stdlib",
        "module",
        "game/main.py",
        "KeyError",
        {
            "game/state.py": r"""
        import json


        class Board:
            def __init__(self, cells=None):
                self.cells = cells or {}

            def to_json(self):
                return json.dumps({"cells": self.cells})

            @classmethod
            def from_json(cls, text):
                return cls(json.loads(text)["cells"])

            def at(self, index):
                return self.cells[index]
        """,
            "game/main.py": r"""
        from state import Board

        board = Board({0: "X", 4: "O", 8: "X"})
        restored = Board.from_json(board.to_json())
        print([restored.at(i) for i in (0, 4, 8)])
        """,
        },
    ),
    P(
        "json_int_keys_become_str",
        "simplejson",
        "histogram",
        "stats/hist.py",
        "KeyError",
        {
            "stats/hist.py": r"""
        from collections import Counter

        import simplejson

        ROLLS = [3, 5, 3, 6, 1, 3, 5]


        def snapshot(counter):
            return simplejson.dumps(dict(counter))


        def most_likely(snap, faces=range(1, 7)):
            counts = simplejson.loads(snap)
            return max(faces, key=lambda f: counts[f] if f in (3, 5) else counts.get(f, 0))


        print(most_likely(snapshot(Counter(ROLLS))))
        """
        },
    ),
    # --- environment variable read with os.environ[...] but not set ---
    P(
        "env_var_not_set",
        "stdlib",
        "module",
        "app/main.py",
        "KeyError",
        {
            "app/settings.py": r"""
        import os

        DATABASE_URL = os.environ["DATABASE_URL"]
        DEBUG = os.environ.get("DEBUG", "0") == "1"
        """,
            "app/main.py": r"""
        import settings

        print("connecting to", settings.DATABASE_URL)
        """,
        },
    ),
    P(
        "env_var_not_set",
        "stdlib",
        "class",
        "deploy/notify.py",
        "KeyError",
        {
            "deploy/notify.py": r"""
        import os
        from dataclasses import dataclass


        @dataclass
        class SlackConfig:
            token: str
            channel: str

            @classmethod
            def from_env(cls):
                return cls(token=os.environ["SLACK_TOKEN"], channel=os.getenv("SLACK_CHANNEL", "#deploys"))


        def notify(message):
            conf = SlackConfig.from_env()
            print(f"to {conf.channel}: {message}")


        notify("release 1.2 done")
        """
        },
    ),
    P(
        "env_var_not_set",
        "subprocess",
        "subprocess",
        "scripts/build.py",
        "KeyError",
        {
            "scripts/build.py": r"""
        import os
        import subprocess
        import sys


        def build_env():
            env = {"PATH": os.environ["PATH"], "LANG": "C"}
            env["PIP_INDEX_URL"] = os.environ["PIP_INDEX_URL"]
            return env


        out = subprocess.run([sys.executable, "-c", "print('ok')"], env=build_env(), capture_output=True, text=True)
        print(out.stdout)
        """
        },
    ),
    # --- instance method called on the class: self is missing ---
    P(
        "method_called_on_class",
        "core",
        "class",
        "app/orders.py",
        "TypeError",
        {
            "app/orders.py": r"""
        class OrderService:
            def __init__(self, tax=0.2):
                self.tax = tax

            def total(self, items):
                return sum(price * qty for price, qty in items) * (1 + self.tax)


        cart = [(9.99, 2), (4.5, 1)]
        print(round(OrderService.total(cart), 2))
        """
        },
    ),
    P(
        "method_called_on_class",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/formatter.py": r"""
        class CsvFormatter:
            delimiter = ","

            def format_row(self, row):
                return self.delimiter.join(str(v) for v in row)
        """,
            "app/run.py": r"""
        from formatter import CsvFormatter

        ROWS = [("id", "name"), (1, "ana"), (2, "bo")]
        print("\n".join(map(CsvFormatter.format_row, ROWS)))
        """,
        },
    ),
    P(
        "method_called_on_class",
        "stdlib",
        "callback",
        "events/bus.py",
        "TypeError",
        {
            "events/bus.py": r"""
        from collections import defaultdict


        class Bus:
            def __init__(self):
                self.handlers = defaultdict(list)

            def on(self, name, handler):
                self.handlers[name].append(handler)

            def emit(self, name, payload):
                for h in self.handlers[name]:
                    h(payload)


        class AuditLog:
            def __init__(self):
                self.entries = []

            def record(self, payload):
                self.entries.append(payload)


        bus = Bus()
        bus.on("login", AuditLog.record)
        bus.emit("login", {"user": "ana"})
        """
        },
    ),
    # --- method defined without self ---
    P(
        "method_missing_self",
        "core",
        "class",
        "app/temperature.py",
        "TypeError",
        {
            "app/temperature.py": r"""
        class Converter:
            def c_to_f(celsius):
                return celsius * 9 / 5 + 32

            def table(self, values):
                return [(c, self.c_to_f(c)) for c in values]


        print(Converter().table([0, 20, 37]))
        """
        },
    ),
    P(
        "method_missing_self",
        "core",
        "module",
        "shop/main.py",
        "TypeError",
        {
            "shop/pricing.py": r"""
        class Discount:
            def __init__(self, percent):
                self.percent = percent

            def apply(price):
                return price
        """,
            "shop/main.py": r"""
        from pricing import Discount

        summer = Discount(15)
        print([summer.apply(p) for p in (10, 20)])
        """,
        },
    ),
    P(
        "method_missing_self",
        "stdlib",
        "sorted_key",
        "tasks/queue.py",
        "TypeError",
        {
            "tasks/queue.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Task:
            name: str
            priority: int

            def sort_key():
                return -1


        class Scheduler:
            def __init__(self, tasks):
                self.tasks = tasks

            def ordered(self):
                return sorted(self.tasks, key=lambda t: t.sort_key())


        print(Scheduler([Task("a", 2), Task("b", 5)]).ordered())
        """
        },
    ),
    # --- callback passed to a library with the wrong number of parameters ---
    P(
        "callback_wrong_arity",
        "functools",
        "reduce",
        "app/merge.py",
        "TypeError",
        {
            "app/merge.py": r"""
        from functools import reduce

        PARTS = [{"a": 1}, {"b": 2}, {"a": 3, "c": 4}]


        def merge(mapping):
            out = {}
            out.update(mapping)
            return out


        print(reduce(merge, PARTS, {}))
        """
        },
    ),
    P(
        "callback_wrong_arity",
        "core",
        "sorted_key",
        "library/catalog.py",
        "TypeError",
        {
            "library/catalog.py": r"""
        BOOKS = [("Dune", 1965), ("Neuromancer", 1984), ("Foundation", 1951)]


        def by_year(a, b):
            return a[1] - b[1]


        def catalogue(books):
            return [title for title, _ in sorted(books, key=by_year)]


        print(catalogue(BOOKS))
        """
        },
    ),
    P(
        "callback_wrong_arity",
        "stdlib",
        "re_sub",
        "text/templating.py",
        "TypeError",
        {
            "text/templating.py": r"""
        import re

        VARS = {"name": "Ana", "plan": "pro"}


        def lookup():
            return "?"


        def render(template):
            return re.sub(r"\$\{(\w+)\}", lookup, template)


        print(render("Hello ${name}, you are on ${plan}."))
        """
        },
    ),
    P(
        "callback_wrong_arity",
        "concurrent.futures",
        "executor",
        "app/fetch.py",
        "TypeError",
        {
            "app/fetch.py": r"""
        from concurrent.futures import ThreadPoolExecutor

        from worker import resize


        def run_all(jobs):
            with ThreadPoolExecutor(max_workers=2) as pool:
                return list(pool.map(resize, jobs))


        print(run_all([("a.png", 64), ("b.png", 128)]))
        """,
            "app/worker.py": r"""
        def resize(name, width):
            return f"{name}@{width}"
        """,
        },
    ),
    # --- recursion without a reachable base case ---
    P(
        "recursion_base_case_unreachable",
        "core",
        "recursive",
        "math/series.py",
        "RecursionError",
        {
            "math/series.py": r"""
        def factorial(n):
            if n == 0:
                return 1
            return n * factorial(n - 1)


        def combinations(n, k):
            return factorial(n) // (factorial(k) * factorial(n - k))


        print(combinations(5, 2))
        print(combinations(3, 5))
        """
        },
    ),
    P(
        "recursion_base_case_unreachable",
        "core",
        "method",
        "tree/walk.py",
        "RecursionError",
        {
            "tree/walk.py": r"""
        class Node:
            def __init__(self, name, parent=None):
                self.name = name
                self.parent = parent or self

            def depth(self):
                if self.parent is None:
                    return 0
                return 1 + self.parent.depth()


        root = Node("root")
        leaf = Node("leaf", Node("mid", root))
        print(leaf.depth())
        """
        },
    ),
    P(
        "recursion_base_case_unreachable",
        "core",
        "module",
        "app/run.py",
        "RecursionError",
        {
            "app/search.py": r"""
        def bisect_find(items, target, lo, hi):
            if lo > hi:
                return -1
            mid = (lo + hi) // 2
            if items[mid] == target:
                return mid
            if items[mid] < target:
                return bisect_find(items, target, mid, hi)
            return bisect_find(items, target, lo, mid)
        """,
            "app/run.py": r"""
        from search import bisect_find

        data = list(range(0, 100, 3))
        print(bisect_find(data, 42, 0, len(data) - 1))
        print(bisect_find(data, 43, 0, len(data) - 1))
        """,
        },
    ),
    # --- property getter/setter that refers to itself ---
    P(
        "property_refers_to_itself",
        "core",
        "property",
        "app/account.py",
        "RecursionError",
        {
            "app/account.py": r"""
        class Account:
            def __init__(self, owner, balance):
                self.owner = owner
                self.balance = balance

            @property
            def balance(self):
                return self.balance

            @balance.setter
            def balance(self, value):
                if value < 0:
                    raise ValueError("negative")
                self.balance = value


        acct = Account("ana", 10)
        print(acct.balance)
        """
        },
    ),
    P(
        "property_refers_to_itself",
        "core",
        "module",
        "app/main.py",
        "RecursionError",
        {
            "app/models.py": r"""
        class User:
            def __init__(self, first, last):
                self.first = first
                self.last = last

            @property
            def full_name(self):
                return self.full_name or f"{self.first} {self.last}"
        """,
            "app/main.py": r"""
        from models import User

        print([u.full_name for u in (User("Ana", "Lima"), User("Bo", "Chen"))])
        """,
        },
    ),
    P(
        "property_refers_to_itself",
        "dataclasses",
        "dataclass",
        "shop/item.py",
        "RecursionError",
        {
            "shop/item.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Item:
            name: str
            cents: int

            @property
            def price(self):
                return round(self.price / 100, 2)


        cart = [Item("tea", 450), Item("cake", 320)]
        print(sum(i.price for i in cart))
        """
        },
    ),
    # --- __getattr__ touches an attribute that is not there yet ---
    P(
        "getattr_recursion_missing_attr",
        "copy",
        "copy",
        "app/proxy.py",
        "RecursionError",
        {
            "app/proxy.py": r"""
        import copy


        class Settings:
            def __init__(self, values):
                self._values = dict(values)

            def __getattr__(self, name):
                try:
                    return self._values[name]
                except KeyError:
                    raise AttributeError(name) from None


        base = Settings({"debug": True, "level": 3})
        clone = copy.copy(base)
        print(clone.level)
        """
        },
    ),
    P(
        "getattr_recursion_missing_attr",
        "pickle",
        "pickle",
        "jobs/state.py",
        "RecursionError",
        {
            "jobs/state.py": r"""
        import pickle


        class LazyRecord:
            def __init__(self, loader):
                self.loader = loader
                self.data = None

            def __getattr__(self, name):
                if self.data is None:
                    self.data = self.loader()
                return self.data[name]


        def load():
            return {"id": 7, "status": "done"}


        blob = pickle.dumps(LazyRecord(load))
        restored = pickle.loads(blob)
        print(restored.status)
        """
        },
    ),
    P(
        "getattr_recursion_missing_attr",
        "core",
        "init",
        "net/client.py",
        "RecursionError",
        {
            "net/client.py": r"""
        class Wrapper:
            def __getattr__(self, name):
                return getattr(self.target, name)


        class Client(Wrapper):
            def __init__(self, target, retries):
                self.retries = self.default_retries if retries is None else retries
                self.target = target


        c = Client(target="socket", retries=None)
        print(c.retries)
        """
        },
    ),
]
