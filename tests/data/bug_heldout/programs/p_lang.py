"""Language-level mistakes: shared state, scoping, names, hashing, iteration, formatting, conversions."""

from . import P

PROGRAMS = [
    # --- mutable default argument shared between calls ---
    P(
        "mutable_default_argument",
        "core",
        "function",
        "tests_local/check_cart.py",
        "AssertionError",
        {
            "tests_local/check_cart.py": r"""
        def add_item(name, cart=[]):
            cart.append(name)
            return cart


        def test_new_carts_are_independent():
            first = add_item("apple")
            second = add_item("pear")
            assert second == ["pear"], f"second cart leaked items: {second}"


        test_new_carts_are_independent()
        print("ok")
        """
        },
    ),
    P(
        "mutable_default_argument",
        "core",
        "class",
        "app/run.py",
        "AssertionError",
        {
            "app/models.py": r"""
        class Team:
            def __init__(self, name, members={}):
                self.name = name
                self.members = members

            def add(self, user, role):
                self.members[user] = role
        """,
            "app/run.py": r"""
        from models import Team

        red = Team("red")
        red.add("ana", "lead")
        blue = Team("blue")
        blue.add("bo", "dev")
        assert list(red.members) == ["ana"], red.members
        """,
        },
    ),
    P(
        "mutable_default_argument",
        "stdlib",
        "recursive",
        "tree/flatten.py",
        "AssertionError",
        {
            "tree/flatten.py": r"""
        def leaves(tree, found=[]):
            for key, value in tree.items():
                if isinstance(value, dict):
                    leaves(value, found)
                else:
                    found.append(key)
            return found


        a = leaves({"x": 1, "y": {"z": 2}})
        b = leaves({"k": 3})
        assert b == ["k"], f"expected ['k'], got {b}"
        """
        },
    ),
    # --- list stored as a class attribute is shared by all instances ---
    P(
        "class_attribute_shared_mutable",
        "core",
        "class",
        "chat/rooms.py",
        "AssertionError",
        {
            "chat/rooms.py": r"""
        class Room:
            messages = []

            def __init__(self, name):
                self.name = name

            def post(self, text):
                self.messages.append(text)


        general, random_ = Room("general"), Room("random")
        general.post("hello")
        random_.post("cats")
        assert general.messages == ["hello"], general.messages
        """
        },
    ),
    P(
        "class_attribute_shared_mutable",
        "core",
        "module",
        "app/main.py",
        "AssertionError",
        {
            "app/plugins.py": r"""
        class Plugin:
            hooks = {}

            def register(self, event, fn):
                self.hooks.setdefault(event, []).append(fn)


        class Logger(Plugin):
            pass


        class Metrics(Plugin):
            pass
        """,
            "app/main.py": r"""
        from plugins import Logger, Metrics

        log, met = Logger(), Metrics()
        log.register("start", print)
        met.register("start", len)
        assert len(log.hooks["start"]) == 1, f"logger has foreign hooks: {log.hooks}"
        """,
        },
    ),
    P(
        "class_attribute_shared_mutable",
        "dataclasses",
        "dataclass",
        "inv/bins.py",
        "AssertionError",
        {
            "inv/bins.py": r"""
        from dataclasses import dataclass
        from typing import ClassVar


        @dataclass
        class Bin:
            label: str
            contents: ClassVar[list] = []

            def put(self, sku):
                self.contents.append(sku)
                return len(self.contents)


        a, b = Bin("A1"), Bin("B2")
        a.put("sku-1")
        assert b.put("sku-2") == 1, "bin B2 should hold one item"
        """
        },
    ),
    # --- closures created in a loop capture the loop variable late ---
    P(
        "late_binding_closure",
        "core",
        "lambda",
        "ui/buttons.py",
        "AssertionError",
        {
            "ui/buttons.py": r"""
        def make_handlers(labels):
            handlers = {}
            for label in labels:
                handlers[label] = lambda: f"clicked {label}"
            return handlers


        h = make_handlers(["save", "open", "quit"])
        assert h["save"]() == "clicked save", h["save"]()
        """
        },
    ),
    P(
        "late_binding_closure",
        "core",
        "nested",
        "pipeline/steps.py",
        "AssertionError",
        {
            "pipeline/steps.py": r"""
        def scalers(factors):
            steps = []
            for f in factors:
                def step(x):
                    return x * f
                steps.append(step)
            return steps


        def apply_all(value, steps):
            return [s(value) for s in steps]


        result = apply_all(10, scalers([1, 2, 3]))
        assert result == [10, 20, 30], result
        """
        },
    ),
    P(
        "late_binding_closure",
        "threading",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/jobs.py": r"""
        import threading

        results = {}


        def start_workers(names):
            threads = []
            for name in names:
                t = threading.Thread(target=lambda: results.__setitem__(name, name.upper()))
                threads.append(t)
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return results
        """,
            "app/run.py": r"""
        from jobs import start_workers

        out = start_workers(["alpha", "beta", "gamma"])
        assert set(out) == {"alpha", "beta", "gamma"}, f"missing results: {sorted(out)}"
        """,
        },
    ),
    # --- assignment in a function makes a global name local ---
    P(
        "unbound_local_shadows_global",
        "core",
        "function",
        "app/counter.py",
        "UnboundLocalError",
        {
            "app/counter.py": r"""
        requests_seen = 0


        def handle(path):
            requests_seen += 1
            return f"{path} #{requests_seen}"


        print(handle("/"))
        """
        },
    ),
    P(
        "unbound_local_shadows_global",
        "stdlib",
        "branch",
        "cfg/loader.py",
        "UnboundLocalError",
        {
            "cfg/loader.py": r"""
        import json

        settings = {"theme": "dark"}


        def load(text=None):
            if text:
                settings = json.loads(text)
            return settings.get("theme")


        print(load())
        """
        },
    ),
    P(
        "unbound_local_shadows_global",
        "core",
        "module",
        "app/main.py",
        "UnboundLocalError",
        {
            "app/cache.py": r"""
        _cache = {}


        def get(key, compute):
            if key in _cache:
                return _cache[key]
            value = compute(key)
            if len(_cache) > 100:
                _cache = {}
            _cache[key] = value
            return value
        """,
            "app/main.py": r"""
        import cache

        print(cache.get("a", str.upper))
        """,
        },
    ),
    # --- a builtin name rebound to a value, then called ---
    P(
        "builtin_name_shadowed",
        "core",
        "function",
        "stats/summary.py",
        "TypeError",
        {
            "stats/summary.py": r"""
        def summarize(values):
            sum = 0
            for v in values:
                sum += v
            mean = sum / len(values)
            spread = sum((v - mean) ** 2 for v in values)
            return mean, spread


        print(summarize([3, 4, 5]))
        """
        },
    ),
    P(
        "builtin_name_shadowed",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/loader.py": r"""
        list = ["users.csv", "orders.csv"]


        def load_all():
            return {name: name.split(".")[0] for name in list}
        """,
            "app/run.py": r"""
        from loader import *

        tables = load_all()
        print(list(tables))
        """,
        },
    ),
    P(
        "builtin_name_shadowed",
        "core",
        "loop",
        "text/longest.py",
        "TypeError",
        {
            "text/longest.py": r"""
        WORDS = "the quick brown fox jumps over the lazy dog".split()

        for i, max in enumerate(WORDS):
            pass


        def longest(words):
            return max(words, key=len)


        print(longest(WORDS))
        """
        },
    ),
    # --- instance attribute hides a method of the same name ---
    P(
        "attribute_shadows_method",
        "core",
        "class",
        "app/user.py",
        "TypeError",
        {
            "app/user.py": r"""
        class User:
            def __init__(self, name, email):
                self.name = name
                self.email = email

            def email(self):
                return f"{self.name} <{self.email}>"


        print(User("Ana", "ana@example.com").email())
        """
        },
    ),
    P(
        "attribute_shadows_method",
        "core",
        "module",
        "shop/main.py",
        "TypeError",
        {
            "shop/cart.py": r"""
        class Cart:
            def __init__(self):
                self.items = []
                self.total = 0

            def add(self, price):
                self.items.append(price)
                self.total += price

            def total(self):
                return sum(self.items)
        """,
            "shop/main.py": r"""
        from cart import Cart

        c = Cart()
        c.add(3)
        c.add(4)
        print("total", c.total())
        """,
        },
    ),
    P(
        "attribute_shadows_method",
        "stdlib",
        "dataclass",
        "jobs/job.py",
        "TypeError",
        {
            "jobs/job.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Job:
            name: str
            done: bool = False

            def done(self):
                return self.done is True


        jobs = [Job("a", True), Job("b")]
        print([j.name for j in jobs if j.done()])
        """
        },
    ),
    # --- two modules import each other at import time ---
    P(
        "circular_import",
        "core",
        "module",
        "app/main.py",
        "ImportError",
        {
            "app/models.py": r"""
        from serializers import to_dict


        class Order:
            def __init__(self, oid, total):
                self.oid = oid
                self.total = total

            def as_dict(self):
                return to_dict(self)
        """,
            "app/serializers.py": r"""
        from models import Order


        def to_dict(obj):
            if isinstance(obj, Order):
                return {"id": obj.oid, "total": obj.total}
            raise TypeError(obj)
        """,
            "app/main.py": r"""
        from models import Order

        print(Order(1, 9.5).as_dict())
        """,
        },
    ),
    P(
        "circular_import",
        "core",
        "package",
        "run.py",
        "ImportError",
        {
            "shop/__init__.py": "",
            "shop/config.py": r"""
        from shop.db import DEFAULT_POOL

        POOL_SIZE = DEFAULT_POOL * 2
        """,
            "shop/db.py": r"""
        from shop.config import POOL_SIZE

        DEFAULT_POOL = 4


        def pool():
            return list(range(POOL_SIZE))
        """,
            "run.py": r"""
        from shop.db import pool

        print(len(pool()))
        """,
        },
    ),
    P(
        "circular_import",
        "core",
        "three_modules",
        "bot/main.py",
        "ImportError",
        {
            "bot/commands.py": r"""
        from replies import greet

        COMMANDS = {"hi": greet}
        """,
            "bot/replies.py": r"""
        from state import remember


        def greet(user):
            remember(user)
            return f"hi {user}"
        """,
            "bot/state.py": r"""
        from commands import COMMANDS

        SEEN = []


        def remember(user):
            if user not in SEEN and len(COMMANDS) > 0:
                SEEN.append(user)
        """,
            "bot/main.py": r"""
        from commands import COMMANDS

        print(COMMANDS["hi"]("ana"))
        """,
        },
    ),
    # --- a project file named like a stdlib module shadows it ---
    P(
        "local_module_shadows_stdlib",
        "core",
        "module",
        "app/main.py",
        "AttributeError",
        {
            "app/statistics.py": r"""
        # project statistics helpers (page views per day)
        VIEWS = {"mon": 120, "tue": 98}
        """,
            "app/main.py": r"""
        import statistics

        from_db = [120, 98, 143]
        print("median views:", statistics.median(from_db))
        """,
        },
    ),
    P(
        "local_module_shadows_stdlib",
        "core",
        "module",
        "tools/export.py",
        "AttributeError",
        {
            "tools/csv.py": r"""
        def header(fields):
            return ",".join(fields)
        """,
            "tools/export.py": r"""
        import csv
        import io

        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(["id", "name"])
        print(buf.getvalue())
        """,
        },
    ),
    P(
        "local_module_shadows_stdlib",
        "core",
        "indirect",
        "app/run.py",
        "AttributeError",
        {
            "app/logging.py": r"""
        LEVEL = "INFO"
        """,
            "app/run.py": r"""
        import logging

        log = logging.getLogger("app")
        log.warning("starting")
        """,
        },
    ),
    # --- absolute package import while the script is run from inside the package ---
    P(
        "script_inside_package_absolute_import",
        "core",
        "module",
        "app/cli.py",
        "ModuleNotFoundError",
        {
            "app/__init__.py": "",
            "app/core.py": r"""
        def answer():
            return 42
        """,
            "app/cli.py": r"""
        from app.core import answer

        print(answer())
        """,
        },
    ),
    P(
        "script_inside_package_absolute_import",
        "core",
        "nested_pkg",
        "src/tracker/scripts/report.py",
        "ModuleNotFoundError",
        {
            "src/tracker/__init__.py": "",
            "src/tracker/store.py": r"""
        ISSUES = [{"id": 1, "open": True}, {"id": 2, "open": False}]
        """,
            "src/tracker/scripts/__init__.py": "",
            "src/tracker/scripts/report.py": r"""
        from tracker.store import ISSUES

        print(sum(1 for i in ISSUES if i["open"]), "open")
        """,
        },
    ),
    P(
        "script_inside_package_absolute_import",
        "core",
        "tests_dir",
        "tests_local/check_parser.py",
        "ModuleNotFoundError",
        {
            "mylib/__init__.py": "from .parser import parse\n",
            "mylib/parser.py": r"""
        def parse(text):
            return text.split()
        """,
            "tests_local/check_parser.py": r"""
        import mylib

        assert mylib.parse("a b") == ["a", "b"]
        """,
        },
    ),
    # --- relative import in a file that is run as a script ---
    P(
        "relative_import_in_script",
        "core",
        "module",
        "app/main.py",
        "ImportError",
        {
            "app/__init__.py": "",
            "app/utils.py": "def slug(s):\n    return s.lower().replace(' ', '-')\n",
            "app/main.py": r"""
        from .utils import slug

        print(slug("Hello World"))
        """,
        },
    ),
    P(
        "relative_import_in_script",
        "core",
        "parent",
        "pkg/tools/migrate.py",
        "ImportError",
        {
            "pkg/__init__.py": "",
            "pkg/db.py": "VERSION = 3\n",
            "pkg/tools/__init__.py": "",
            "pkg/tools/migrate.py": r"""
        import sys

        from ..db import VERSION


        def main(argv):
            target = int(argv[1]) if len(argv) > 1 else VERSION
            print("migrating to", target)


        main(sys.argv)
        """,
        },
    ),
    P(
        "relative_import_in_script",
        "core",
        "bench",
        "bench/run_bench.py",
        "ImportError",
        {
            "bench/__init__.py": "",
            "bench/cases.py": "CASES = [10, 100, 1000]\n",
            "bench/run_bench.py": r"""
        import time

        from . import cases

        for n in cases.CASES:
            t = time.perf_counter()
            sum(range(n))
            print(n, time.perf_counter() - t)
        """,
        },
    ),
    # --- subclass __init__ does not call the base class __init__ ---
    P(
        "super_init_not_called",
        "core",
        "class",
        "app/widgets.py",
        "AttributeError",
        {
            "app/widgets.py": r"""
        class Widget:
            def __init__(self, name):
                self.name = name
                self.children = []

            def add(self, child):
                self.children.append(child)
                return self


        class Panel(Widget):
            def __init__(self, name, border=1):
                self.border = border


        print(Panel("main").add(Widget("label")).children)
        """
        },
    ),
    P(
        "super_init_not_called",
        "threading",
        "thread",
        "workers/poller.py",
        "RuntimeError",
        {
            "workers/poller.py": r"""
        import threading


        class Poller(threading.Thread):
            def __init__(self, interval):
                self.interval = interval
                self.ticks = 0

            def run(self):
                self.ticks += 1


        p = Poller(0.1)
        p.start()
        p.join()
        """
        },
    ),
    P(
        "super_init_not_called",
        "core",
        "module",
        "app/run.py",
        "AttributeError",
        {
            "app/errors.py": r"""
        class AppError(Exception):
            def __init__(self, message, code=1):
                super().__init__(message)
                self.code = code
                self.context = {}

            def with_context(self, **kw):
                self.context.update(kw)
                return self


        class NotFound(AppError):
            def __init__(self, resource):
                self.resource = resource
        """,
            "app/run.py": r"""
        from errors import NotFound

        try:
            raise NotFound("user").with_context(id=3)
        except NotFound as e:
            print(e.code)
        """,
        },
    ),
    # --- __eq__ defined without __hash__: instances become unhashable ---
    P(
        "eq_without_hash",
        "core",
        "set",
        "geo/points.py",
        "TypeError",
        {
            "geo/points.py": r"""
        class Point:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __eq__(self, other):
                return (self.x, self.y) == (other.x, other.y)


        visited = {Point(0, 0), Point(1, 0), Point(0, 0)}
        print(len(visited))
        """
        },
    ),
    P(
        "eq_without_hash",
        "dataclasses",
        "dict_key",
        "app/run.py",
        "TypeError",
        {
            "app/keys.py": r"""
        from dataclasses import dataclass


        @dataclass
        class CacheKey:
            user: str
            page: int
        """,
            "app/run.py": r"""
        from keys import CacheKey

        cache = {}
        cache[CacheKey("ana", 1)] = "<html>"
        print(cache)
        """,
        },
    ),
    P(
        "eq_without_hash",
        "functools",
        "lru_cache",
        "pricing/quote.py",
        "TypeError",
        {
            "pricing/quote.py": r"""
        import functools


        class Product:
            def __init__(self, sku, price):
                self.sku, self.price = sku, price

            def __eq__(self, other):
                return isinstance(other, Product) and self.sku == other.sku


        @functools.lru_cache(maxsize=128)
        def quote(product, qty):
            return product.price * qty


        print(quote(Product("A", 2.5), 4))
        """
        },
    ),
    # --- a list/dict (unhashable) used as a dict key or set member ---
    P(
        "unhashable_container_as_key",
        "core",
        "dedupe",
        "etl/dedupe.py",
        "TypeError",
        {
            "etl/dedupe.py": r"""
        ROWS = [{"id": 1, "name": "ana"}, {"id": 2, "name": "bo"}, {"id": 1, "name": "ana"}]


        def unique(rows):
            seen = set()
            out = []
            for r in rows:
                if r not in seen:
                    seen.add(r)
                    out.append(r)
            return out


        print(unique(ROWS))
        """
        },
    ),
    P(
        "unhashable_container_as_key",
        "collections",
        "counter",
        "graph/edges.py",
        "TypeError",
        {
            "graph/edges.py": r"""
        from collections import Counter

        PATHS = [["a", "b"], ["b", "c"], ["a", "b"]]


        def edge_counts(paths):
            return Counter(p for p in paths)


        print(edge_counts(PATHS).most_common(1))
        """
        },
    ),
    P(
        "unhashable_container_as_key",
        "core",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/index.py": r"""
        def build(docs):
            index = {}
            for doc_id, tags in docs.items():
                index.setdefault(tags, []).append(doc_id)
            return index
        """,
            "app/main.py": r"""
        from index import build

        print(build({"d1": ["py", "web"], "d2": ["py"]}))
        """,
        },
    ),
    # --- len() iterated instead of range(len()) ---
    P(
        "iterate_over_int",
        "core",
        "loop",
        "matrix/transpose.py",
        "TypeError",
        {
            "matrix/transpose.py": r"""
        def transpose(m):
            out = []
            for j in len(m[0]):
                out.append([row[j] for row in m])
            return out


        print(transpose([[1, 2, 3], [4, 5, 6]]))
        """
        },
    ),
    P(
        "iterate_over_int",
        "core",
        "count",
        "shop/restock.py",
        "TypeError",
        {
            "shop/restock.py": r"""
        STOCK = {"apple": 3, "pear": 0}


        def missing(stock):
            return [name for name in stock if stock[name] == 0]


        def reorder(stock):
            orders = []
            for name in len(missing(stock)):
                orders.append(name)
            return orders


        print(reorder(STOCK))
        """
        },
    ),
    P(
        "iterate_over_int",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/batches.py": r"""
        def batches(items, size):
            count = (len(items) + size - 1) // size
            return [items[i * size:(i + 1) * size] for i in count]
        """,
            "app/run.py": r"""
        from batches import batches

        print(batches(list(range(10)), 4))
        """,
        },
    ),
    # --- a lazy view/iterator is indexed like a list ---
    P(
        "lazy_iterator_used_as_sequence",
        "core",
        "dict_keys",
        "app/config_pick.py",
        "TypeError",
        {
            "app/config_pick.py": r"""
        PROFILES = {"dev": {"debug": True}, "prod": {"debug": False}}


        def default_profile(profiles):
            return profiles.keys()[0]


        print(default_profile(PROFILES))
        """
        },
    ),
    P(
        "lazy_iterator_used_as_sequence",
        "core",
        "map",
        "geo/parse.py",
        "TypeError",
        {
            "geo/parse.py": r"""
        def parse_point(text):
            coords = map(float, text.split(","))
            return coords[0], coords[1]


        print([parse_point(t) for t in ["1.5,2", "3,4.25"]])
        """
        },
    ),
    P(
        "lazy_iterator_used_as_sequence",
        "core",
        "filter",
        "app/main.py",
        "TypeError",
        {
            "app/users.py": r"""
        USERS = [{"name": "ana", "admin": False}, {"name": "root", "admin": True}]


        def first_admin():
            admins = filter(lambda u: u["admin"], USERS)
            return admins[0]["name"]
        """,
            "app/main.py": r"""
        from users import first_admin

        print("admin:", first_admin())
        """,
        },
    ),
    P(
        "lazy_iterator_used_as_sequence",
        "core",
        "dict_values",
        "scores/best.py",
        "TypeError",
        {
            "scores/best.py": r"""
        scores = {"ana": [3, 9], "bo": [7, 2]}


        def first_round(scores):
            rounds = scores.values()
            return [r[0] for r in rounds[:2]]


        print(first_round(scores))
        """
        },
    ),
    # --- str.join over non-string items ---
    P(
        "join_non_strings",
        "core",
        "ids",
        "db/query.py",
        "TypeError",
        {
            "db/query.py": r"""
        def in_clause(ids):
            return "id IN (" + ", ".join(ids) + ")"


        print("SELECT * FROM orders WHERE " + in_clause([4, 8, 15]))
        """
        },
    ),
    P(
        "join_non_strings",
        "csv",
        "row",
        "export/lines.py",
        "TypeError",
        {
            "export/lines.py": r"""
        import csv
        import io

        DATA = "name,qty\napple,3\npear,5\n"


        def to_tsv(text):
            rows = [[r["name"], int(r["qty"])] for r in csv.DictReader(io.StringIO(text))]
            return "\n".join("\t".join(row) for row in rows)


        print(to_tsv(DATA))
        """
        },
    ),
    P(
        "join_non_strings",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/version.py": r"""
        VERSION_INFO = (2, 4, 1)


        def version_string():
            return ".".join(VERSION_INFO)
        """,
            "app/run.py": r"""
        from version import version_string

        print(f"myapp {version_string()}")
        """,
        },
    ),
    # --- str + int concatenation without conversion ---
    P(
        "str_int_concatenation",
        "core",
        "message",
        "app/notify.py",
        "TypeError",
        {
            "app/notify.py": r"""
        def summary(user, unread):
            return "Hi " + user + ", you have " + unread + " new messages"


        print(summary("ana", 3))
        """
        },
    ),
    P(
        "str_int_concatenation",
        "pathlib",
        "filename",
        "backup/rotate.py",
        "TypeError",
        {
            "backup/rotate.py": r"""
        from pathlib import Path


        def rotated_name(base, n):
            return Path(base).stem + "." + n + Path(base).suffix


        for i in range(1, 3):
            print(rotated_name("app.log", i))
        """
        },
    ),
    P(
        "str_int_concatenation",
        "logging",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/progress.py": r"""
        import logging

        log = logging.getLogger(__name__)


        def report(done, total):
            log.warning("processed " + done + "/" + str(total))
        """,
            "app/main.py": r"""
        from progress import report

        for n in range(0, 30, 10):
            report(n, 30)
        """,
        },
    ),
    # --- for k, v over a dict without .items() ---
    P(
        "dict_iterated_without_items",
        "core",
        "loop",
        "app/headers.py",
        "ValueError",
        {
            "app/headers.py": r"""
        HEADERS = {"Content-Type": "text/html", "Cache-Control": "no-cache"}


        def render(headers):
            return "\r\n".join(f"{k}: {v}" for k, v in headers)


        print(render(HEADERS))
        """
        },
    ),
    P(
        "dict_iterated_without_items",
        "core",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/env.py": r"""
        def export_lines(env):
            lines = []
            for name, value in env:
                lines.append(f"export {name}={value}")
            return lines
        """,
            "app/run.py": r"""
        from env import export_lines

        print("\n".join(export_lines({"PATH": "/usr/bin", "HOME": "/root"})))
        """,
        },
    ),
    P(
        "dict_iterated_without_items",
        "core",
        "comprehension",
        "scores/rank.py",
        "ValueError",
        {
            "scores/rank.py": r"""
        SCORES = {"ana": 3, "bob": 9}


        def ranking(scores):
            return sorted(((score, name) for name, score in scores), reverse=True)


        print(ranking(SCORES))
        """
        },
    ),
    # --- split() on a delimiter that also occurs inside the value ---
    P(
        "split_unpack_extra_delimiter",
        "core",
        "env_file",
        "app/dotenv.py",
        "ValueError",
        {
            "app/dotenv.py": r"""
        from pathlib import Path


        def parse_env(path):
            out = {}
            for line in Path(path).read_text().splitlines():
                if line and not line.startswith("#"):
                    key, value = line.split("=")
                    out[key] = value
            return out


        print(parse_env(Path(__file__).with_name(".env")))
        """,
            "app/.env": "# local\nDEBUG=1\nDATABASE_URL=postgres://u:p@db/app?sslmode=require\n",
        },
    ),
    P(
        "split_unpack_extra_delimiter",
        "core",
        "log_line",
        "logs/levels.py",
        "ValueError",
        {
            "logs/levels.py": r"""
        LOG = [
            "INFO: server started",
            "WARNING: disk at 91%",
            "ERROR: upstream failed: timeout after 30s",
        ]


        def by_level(lines):
            out = {}
            for line in lines:
                level, message = line.split(":")
                out.setdefault(level, []).append(message.strip())
            return out


        print(by_level(LOG))
        """
        },
    ),
    P(
        "split_unpack_extra_delimiter",
        "core",
        "module",
        "app/main.py",
        "ValueError",
        {
            "app/contacts.py": r"""
        def parse(line):
            name, email, city = line.strip().split(",")
            return {"name": name, "email": email, "city": city}
        """,
            "app/main.py": r"""
        from contacts import parse

        LINES = ["Ana Lima,ana@x.io,Porto", '"Chen, Bo",bo@x.io,Lyon']
        print([parse(l) for l in LINES])
        """,
        },
    ),
    # --- partial/curry with a keyword, then the same parameter positionally ---
    P(
        "partial_keyword_then_positional",
        "functools",
        "partial",
        "app/pricing.py",
        "TypeError",
        {
            "app/pricing.py": r"""
        from functools import partial


        def price(base, rate, qty):
            return base * rate * qty


        with_vat = partial(price, rate=1.2)
        print([with_vat(10, q) for q in (1, 2)])
        """
        },
    ),
    P(
        "partial_keyword_then_positional",
        "toolz",
        "curry",
        "etl/transform.py",
        "TypeError",
        {
            "etl/transform.py": r"""
        from toolz import curry, pipe


        @curry
        def scale(factor, value):
            return value * factor


        @curry
        def clip(lo, hi, value):
            return max(lo, min(hi, value))


        double = scale(factor=2)
        print(pipe(7, double, clip(0, 10)))
        """
        },
    ),
    P(
        "partial_keyword_then_positional",
        "functools",
        "callback",
        "app/run.py",
        "TypeError",
        {
            "app/handlers.py": r"""
        def on_event(channel, event, payload):
            return f"[{channel}] {event}: {payload}"
        """,
            "app/run.py": r"""
        import functools

        from handlers import on_event

        audit = functools.partial(on_event, channel="audit")
        for name, data in [("login", {"u": "ana"})]:
            print(audit("audit", name, data))
        """,
        },
    ),
    # --- true division yields a float where an int is required ---
    P(
        "true_division_float_where_int",
        "core",
        "range",
        "img/tiles.py",
        "TypeError",
        {
            "img/tiles.py": r"""
        def tile_origins(width, height, tiles_per_row):
            step = width / tiles_per_row
            return [(x, 0) for x in range(0, width, step)]


        print(tile_origins(640, 480, 4))
        """
        },
    ),
    P(
        "true_division_float_where_int",
        "pillow",
        "resize",
        "img/thumb.py",
        "TypeError",
        {
            "img/thumb.py": r"""
        from PIL import Image


        def half_size(img):
            w, h = img.size
            return img.resize((w / 2, h / 2))


        print(half_size(Image.new("RGB", (301, 200))).size)
        """
        },
    ),
    P(
        "true_division_float_where_int",
        "core",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/layout.py": r"""
        def center(text, width):
            pad = (width - len(text)) / 2
            return " " * pad + text
        """,
            "app/main.py": r"""
        from layout import center

        print(center("REPORT", 40))
        """,
        },
    ),
    P(
        "true_division_float_where_int",
        "core",
        "median",
        "stats/median.py",
        "TypeError",
        {
            "stats/median.py": r"""
        def median(values):
            ordered = sorted(values)
            mid = len(ordered) / 2
            if len(ordered) % 2:
                return ordered[mid]
            return (ordered[mid - 1] + ordered[mid]) / 2


        print(median([5, 1, 9, 3, 7]))
        """
        },
    ),
    # --- exact equality on float results ---
    P(
        "float_exact_equality",
        "core",
        "sum",
        "billing/check.py",
        "AssertionError",
        {
            "billing/check.py": r"""
        LINES = [0.1, 0.1, 0.1]


        def check_total(lines, expected):
            total = sum(lines)
            assert total == expected, f"total {total!r} != {expected!r}"


        check_total(LINES, 0.3)
        """
        },
    ),
    P(
        "float_exact_equality",
        "core",
        "loop",
        "sim/clock.py",
        "AssertionError",
        {
            "sim/clock.py": r"""
        def run(dt, until):
            t = 0.0
            steps = 0
            while t != until:
                t += dt
                steps += 1
                assert steps <= 1000, f"clock never hit {until}: t={t!r}"
            return steps


        print(run(0.1, 1.0))
        """
        },
    ),
    P(
        "float_exact_equality",
        "core",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/shares.py": r"""
        def split(amount, weights):
            total = sum(weights)
            return [amount * w / total for w in weights]
        """,
            "app/run.py": r"""
        from shares import split

        parts = split(100.0, [1, 1, 1])
        assert sum(parts) == 100.0 and parts[0] == 33.33, parts
        """,
        },
    ),
    # --- an iterator/generator is consumed twice ---
    P(
        "iterator_consumed_twice",
        "statistics",
        "generator",
        "stats/report.py",
        "StatisticsError",
        {
            "stats/report.py": r"""
        import statistics


        def valid(readings):
            return (r for r in readings if r is not None)


        def report(readings):
            vals = valid(readings)
            print("count", sum(1 for _ in vals))
            print("mean", statistics.mean(vals))


        report([3.1, None, 2.9, 3.4])
        """
        },
    ),
    P(
        "iterator_consumed_twice",
        "core",
        "map",
        "app/minmax.py",
        "ValueError",
        {
            "app/minmax.py": r"""
        PRICES = ["3.50", "1.25", "9.99"]


        def bounds(prices):
            values = map(float, prices)
            return min(values), max(values)


        print(bounds(PRICES))
        """
        },
    ),
    P(
        "iterator_consumed_twice",
        "csv",
        "file",
        "app/run.py",
        "ZeroDivisionError",
        {
            "app/run.py": r"""
        import csv
        from pathlib import Path

        from stats import average_age

        with Path("people.csv").open() as fh:
            reader = csv.DictReader(fh)
            names = [row["name"] for row in reader]
            print(len(names), "people")
            print("average age", average_age(reader))
        """,
            "app/stats.py": r"""
        def average_age(rows):
            ages = [int(r["age"]) for r in rows]
            return sum(ages) / len(ages)
        """,
            "people.csv": "name,age\nana,31\nbo,45\n",
        },
    ),
    P(
        "iterator_consumed_twice",
        "core",
        "zip",
        "pairs/diff.py",
        "AssertionError",
        {
            "pairs/diff.py": r"""
        def changes(old, new):
            pairs = zip(old, new)
            changed = [i for i, (a, b) in enumerate(pairs) if a != b]
            same = [i for i, (a, b) in enumerate(pairs) if a == b]
            assert len(changed) + len(same) == len(old), (changed, same)
            return changed


        print(changes("abcd", "abed"))
        """
        },
    ),
    # --- average/percentage of an empty collection ---
    P(
        "division_by_empty_count",
        "core",
        "filter",
        "grades/avg.py",
        "ZeroDivisionError",
        {
            "grades/avg.py": r"""
        GRADES = {"ana": [14, 16], "bo": [], "cy": [9, 12, 11]}


        def average(values):
            return sum(values) / len(values)


        for student, grades in GRADES.items():
            print(student, round(average(grades), 1))
        """
        },
    ),
    P(
        "division_by_empty_count",
        "sqlite3",
        "query",
        "app/metrics.py",
        "ZeroDivisionError",
        {
            "app/metrics.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE hits (day TEXT, status INTEGER)")
        db.executemany("INSERT INTO hits VALUES (?, ?)", [("mon", 200), ("mon", 500), ("tue", 200)])


        def error_rate(day):
            total = db.execute("SELECT COUNT(*) FROM hits WHERE day = ?", (day,)).fetchone()[0]
            errors = db.execute("SELECT COUNT(*) FROM hits WHERE day = ? AND status >= 500", (day,)).fetchone()[0]
            return 100 * errors / total


        for day in ("mon", "tue", "wed"):
            print(day, f"{error_rate(day):.1f}%")
        """
        },
    ),
    P(
        "division_by_empty_count",
        "core",
        "module",
        "app/run.py",
        "ZeroDivisionError",
        {
            "app/cart.py": r"""
        class Cart:
            def __init__(self):
                self.lines = []

            def add(self, price, qty):
                if qty > 0:
                    self.lines.append((price, qty))

            def average_price(self):
                return sum(p * q for p, q in self.lines) / sum(q for _, q in self.lines)
        """,
            "app/run.py": r"""
        from cart import Cart

        cart = Cart()
        cart.add(9.5, 0)
        print("avg", cart.average_price())
        """,
        },
    ),
    # --- sorting/max over values that contain None ---
    P(
        "compare_with_none",
        "core",
        "sorted",
        "app/tasks.py",
        "TypeError",
        {
            "app/tasks.py": r"""
        TASKS = [
            {"title": "write docs", "due": 3},
            {"title": "triage", "due": None},
            {"title": "release", "due": 1},
        ]


        def upcoming(tasks):
            return [t["title"] for t in sorted(tasks, key=lambda t: t["due"])]


        print(upcoming(TASKS))
        """
        },
    ),
    P(
        "compare_with_none",
        "sqlite3",
        "max",
        "app/latest.py",
        "TypeError",
        {
            "app/latest.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE runs (name TEXT, finished INTEGER)")
        db.executemany("INSERT INTO runs VALUES (?, ?)", [("nightly", 1700), ("adhoc", None), ("weekly", 1650)])


        def last_finished():
            rows = db.execute("SELECT name, finished FROM runs").fetchall()
            return max(rows, key=lambda r: r[1])[0]


        print(last_finished())
        """
        },
    ),
    P(
        "compare_with_none",
        "heapq",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/jobqueue.py": r"""
        import heapq


        class JobQueue:
            def __init__(self):
                self.heap = []

            def push(self, priority, name):
                heapq.heappush(self.heap, (priority, name))

            def pop(self):
                return heapq.heappop(self.heap)[1]
        """,
            "app/run.py": r"""
        from jobqueue import JobQueue

        JOBS = {"backup": 2, "cleanup": None, "report": 1}
        q = JobQueue()
        for name, prio in JOBS.items():
            q.push(prio, name)
        print(q.pop())
        """,
        },
    ),
    # --- heap/sort tuples tie on priority and fall through to an unorderable payload ---
    P(
        "tuple_tie_compares_payload",
        "heapq",
        "heap",
        "sched/runner.py",
        "TypeError",
        {
            "sched/runner.py": r"""
        import heapq


        def schedule(jobs):
            heap = []
            for job in jobs:
                heapq.heappush(heap, (job["at"], job))
            return [heapq.heappop(heap)[1]["name"] for _ in range(len(heap))]


        print(schedule([{"at": 5, "name": "a"}, {"at": 1, "name": "b"}, {"at": 5, "name": "c"}]))
        """
        },
    ),
    P(
        "tuple_tie_compares_payload",
        "queue",
        "priority_queue",
        "app/worker.py",
        "TypeError",
        {
            "app/worker.py": r"""
        import queue


        class Task:
            def __init__(self, name):
                self.name = name


        q = queue.PriorityQueue()
        q.put((1, Task("send-mail")))
        q.put((0, Task("resize")))
        q.put((1, Task("index")))
        while not q.empty():
            print(q.get()[1].name)
        """
        },
    ),
    P(
        "tuple_tie_compares_payload",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/ranking.py": r"""
        def top(entries):
            return sorted(((e.score, e) for e in entries), reverse=True)
        """,
            "app/run.py": r"""
        from dataclasses import dataclass

        from ranking import top


        @dataclass
        class Entry:
            name: str
            score: int


        print(top([Entry("ana", 7), Entry("bo", 9), Entry("cy", 7)]))
        """,
        },
    ),
    # --- str.format on a template that contains literal braces ---
    P(
        "format_unescaped_braces",
        "core",
        "json_template",
        "api/payload.py",
        "KeyError",
        {
            "api/payload.py": r"""
        TEMPLATE = '{"user": "{name}", "roles": ["{role}"]}'


        def payload(name, role):
            return TEMPLATE.format(name=name, role=role)


        print(payload("ana", "admin"))
        """
        },
    ),
    P(
        "format_unescaped_braces",
        "core",
        "css",
        "site/theme.py",
        "KeyError",
        {
            "site/theme.py": r"""
        CSS = '''
        body {
          color: {fg};
          background: {bg};
        }
        '''


        def render_theme(fg, bg):
            return CSS.format(fg=fg, bg=bg)


        print(render_theme("#222", "#fff"))
        """
        },
    ),
    P(
        "format_unescaped_braces",
        "core",
        "module",
        "app/main.py",
        "KeyError",
        {
            "app/messages.py": r"""
        GREETING = "Hello {name}, use the code {{promo}} at checkout: {code}"
        REMINDER = "Dear {name}, your cart {cart} expires in {days} days {see terms}"


        def render(template, **values):
            return template.format(**values)
        """,
            "app/main.py": r"""
        from messages import GREETING, REMINDER, render

        print(render(GREETING, name="Ana", code="X1"))
        print(render(REMINDER, name="Ana", cart="#42", days=2))
        """,
        },
    ),
    # --- int() on a string holding a decimal number ---
    P(
        "int_of_decimal_string",
        "csv",
        "csv",
        "app/stock.py",
        "ValueError",
        {
            "app/stock.py": r"""
        import csv
        import io

        EXPORT = "sku,qty\nA-1,4\nB-2,2.0\n"


        def quantities(text):
            return {r["sku"]: int(r["qty"]) for r in csv.DictReader(io.StringIO(text))}


        print(quantities(EXPORT))
        """
        },
    ),
    P(
        "int_of_decimal_string",
        "core",
        "argv",
        "tools/retry.py",
        "ValueError",
        {
            "tools/retry.py": r"""
        import sys


        def parse_args(argv):
            opts = {"timeout": "30"}
            for arg in argv:
                key, _, value = arg.partition("=")
                opts[key.lstrip("-")] = value
            return {k: int(v) for k, v in opts.items()}


        print(parse_args(sys.argv[1:]))
        """
        },
        args=("--timeout=2.5",),
    ),
    P(
        "int_of_decimal_string",
        "stdlib",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/limits.py": r"""
        import os


        def max_upload_mb():
            return int(os.environ.get("MAX_UPLOAD_MB", "1.5"))
        """,
            "app/run.py": r"""
        from limits import max_upload_mb

        print(max_upload_mb() * 1024 * 1024)
        """,
        },
    ),
    # --- int() on an empty field ---
    P(
        "int_of_empty_field",
        "csv",
        "csv",
        "app/import_orders.py",
        "ValueError",
        {
            "app/import_orders.py": r"""
        import csv
        import io

        DATA = "id,qty,price\n1,3,9.5\n2,,4.0\n"


        def load(text):
            return [(int(r["id"]), int(r["qty"]), float(r["price"])) for r in csv.DictReader(io.StringIO(text))]


        print(load(DATA))
        """
        },
    ),
    P(
        "int_of_empty_field",
        "core",
        "input_lines",
        "app/parse_scores.py",
        "ValueError",
        {
            "app/parse_scores.py": r"""
        REPORT = '''ana: 12
        bo:
        cy: 7'''


        def scores(text):
            out = {}
            for line in text.splitlines():
                name, _, value = line.partition(":")
                out[name.strip()] = int(value.strip())
            return out


        print(scores(REPORT))
        """
        },
    ),
    P(
        "int_of_empty_field",
        "stdlib",
        "module",
        "app/main.py",
        "ValueError",
        {
            "app/form.py": r"""
        from urllib.parse import parse_qs


        def page_params(query):
            q = parse_qs(query, keep_blank_values=True)
            return int(q["page"][0]), int(q["size"][0])
        """,
            "app/main.py": r"""
        from form import page_params

        print(page_params("page=2&size=50"))
        print(page_params("page=&size=50"))
        """,
        },
    ),
    # --- defaultdict given an instance instead of a factory ---
    P(
        "defaultdict_factory_not_callable",
        "collections",
        "module",
        "app/main.py",
        "TypeError",
        {
            "app/groups.py": r"""
        from collections import defaultdict


        def group_by(rows, key):
            out = defaultdict(list())
            for r in rows:
                out[r[key]].append(r)
            return out
        """,
            "app/main.py": r"""
        from groups import group_by

        print(group_by([{"t": "a"}, {"t": "b"}], "t"))
        """,
        },
    ),
    P(
        "defaultdict_factory_not_callable",
        "collections",
        "counter",
        "text/wordfreq.py",
        "TypeError",
        {
            "text/wordfreq.py": r"""
        from collections import defaultdict


        def freq(text):
            counts = defaultdict(0)
            for w in text.split():
                counts[w] += 1
            return dict(counts)


        print(freq("a b a c"))
        """
        },
    ),
    P(
        "defaultdict_factory_not_callable",
        "collections",
        "nested",
        "graph/adj.py",
        "TypeError",
        {
            "graph/adj.py": r"""
        from collections import defaultdict


        class Graph:
            def __init__(self):
                self.adj = defaultdict(set())

            def connect(self, a, b):
                self.adj[a].add(b)
                self.adj[b].add(a)


        g = Graph()
        g.connect("x", "y")
        print(dict(g.adj))
        """
        },
    ),
    # --- a record type built from a row with fewer fields than it needs ---
    P(
        "record_from_short_row",
        "collections",
        "namedtuple",
        "app/load.py",
        "TypeError",
        {
            "app/load.py": r"""
        from collections import namedtuple

        Employee = namedtuple("Employee", "name dept salary")
        LINES = ["ana,eng,5200", "bo,ops", "cy,eng,4800"]


        def load(lines):
            return [Employee(*line.split(",")) for line in lines]


        print(load(LINES))
        """
        },
    ),
    P(
        "record_from_short_row",
        "dataclasses",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/models.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Reading:
            sensor: str
            ts: str
            value: float
        """,
            "app/run.py": r"""
        import csv
        import io

        from models import Reading

        RAW = "s1,2024-01-01T00:00,3.5\ns2,2024-01-01T00:00\n"
        print([Reading(*row) for row in csv.reader(io.StringIO(RAW))])
        """,
        },
    ),
    P(
        "record_from_short_row",
        "typing",
        "namedtuple_class",
        "geo/import_pts.py",
        "TypeError",
        {
            "geo/import_pts.py": r"""
        from typing import NamedTuple


        class Point3(NamedTuple):
            x: float
            y: float
            z: float


        def parse(text):
            return [Point3(*map(float, ln.split())) for ln in text.strip().splitlines()]


        print(parse('''
        0 0 0
        1.5 2.0
        '''))
        """
        },
    ),
    # --- a dict is resized while being iterated ---
    P(
        "dict_resized_during_iteration",
        "core",
        "delete",
        "app/sessions.py",
        "RuntimeError",
        {
            "app/sessions.py": r"""
        import time

        SESSIONS = {"a": time.time() - 4000, "b": time.time(), "c": time.time() - 9000}


        def expire(sessions, ttl=3600):
            now = time.time()
            for sid, started in sessions.items():
                if now - started > ttl:
                    del sessions[sid]


        expire(SESSIONS)
        print(sorted(SESSIONS))
        """
        },
    ),
    P(
        "dict_resized_during_iteration",
        "core",
        "add",
        "graph/closure.py",
        "RuntimeError",
        {
            "graph/closure.py": r"""
        DEPS = {"app": {"web", "db"}, "web": {"http"}, "db": set()}


        def close_over(deps):
            for name in deps:
                for dep in list(deps[name]):
                    if dep not in deps:
                        deps[dep] = set()
            return deps


        print(close_over(DEPS))
        """
        },
    ),
    P(
        "dict_resized_during_iteration",
        "core",
        "module",
        "app/main.py",
        "RuntimeError",
        {
            "app/registry.py": r"""
        class Registry:
            def __init__(self):
                self.items = {}

            def add(self, key, value):
                self.items[key] = value

            def prune(self, predicate):
                for key in self.items.keys():
                    if predicate(self.items[key]):
                        self.items.pop(key)
        """,
            "app/main.py": r"""
        from registry import Registry

        r = Registry()
        for i in range(5):
            r.add(f"k{i}", i)
        r.prune(lambda v: v % 2)
        print(r.items)
        """,
        },
    ),
]
