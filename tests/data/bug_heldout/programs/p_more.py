"""Later additions (appended last so the ids of committed rows do not move)."""

from . import P

PROGRAMS = [
    # --- id from text (argv, URL, CSV) looked up in a mapping keyed by int ---
    P(
        "lookup_key_str_vs_int",
        "core",
        "argv",
        "app/show_user.py",
        "KeyError",
        {
            "app/show_user.py": r"""
        import sys

        USERS = {1: "ana", 2: "bo", 3: "cy"}


        def show(user_id):
            return f"user {user_id}: {USERS[user_id]}"


        print(show(sys.argv[1]))
        """
        },
        args=("2",),
    ),
    P(
        "lookup_key_str_vs_int",
        "urllib",
        "module",
        "app/run.py",
        "KeyError",
        {
            "app/routes.py": r"""
        from urllib.parse import parse_qs, urlparse

        PRODUCTS = {101: {"name": "kettle"}, 102: {"name": "toaster"}}


        def product_page(url):
            query = parse_qs(urlparse(url).query)
            pid = query["id"][0]
            return PRODUCTS[pid]["name"]
        """,
            "app/run.py": r"""
        from routes import product_page

        print(product_page("http://shop.local/product?id=101"))
        """,
        },
    ),
    P(
        "lookup_key_str_vs_int",
        "csv",
        "join",
        "etl/join_orders.py",
        "KeyError",
        {
            "etl/join_orders.py": r"""
        import csv
        import io

        CUSTOMERS = {7: "ana", 9: "bo"}
        ORDERS = "order_id,customer_id,total\n1,7,9.5\n2,9,3.0\n"


        def with_names(text):
            return [(r["order_id"], CUSTOMERS[r["customer_id"]]) for r in csv.DictReader(io.StringIO(text))]


        print(with_names(ORDERS))
        """
        },
    ),
    # --- user text inserted into a regex without re.escape ---
    P(
        "regex_from_unescaped_input",
        "re",
        "search",
        "app/find.py",
        "error",
        {
            "app/find.py": r"""
        import re

        DOCS = ["meeting notes (draft)", "python tips", "release notes"]


        def search(term):
            pattern = re.compile(rf"\b{term}\b", re.I)
            return [d for d in DOCS if pattern.search(d)]


        print(search("python"))
        print(search("notes (draft"))
        """
        },
    ),
    P(
        "regex_from_unescaped_input",
        "re",
        "module",
        "app/run.py",
        "error",
        {
            "app/highlight.py": r"""
        import re


        def highlight(text, words):
            pattern = "|".join(words)
            return re.sub(f"({pattern})", r"<b>\1</b>", text)
        """,
            "app/run.py": r"""
        from highlight import highlight

        print(highlight("price (net) is 4 EUR", ["price", "(net"]))
        """,
        },
    ),
    P(
        "regex_from_unescaped_input",
        "re",
        "split",
        "text/tokenize_sep.py",
        "error",
        {
            "text/tokenize_sep.py": r"""
        import re


        def split_on(text, separators):
            return re.split("[" + "".join(separators) + "]", text)


        print(split_on("a,b;c", [",", ";"]))
        print(split_on("a-b\\c", ["\\"]))
        """
        },
    ),
    # --- backslashes of a replacement string interpreted by re.sub ---
    P(
        "regex_replacement_backslashes",
        "re",
        "path",
        "app/paths_fix.py",
        "error",
        {
            "app/paths_fix.py": r"""
        import re

        CONFIG = "log_dir = /var/log/app\ndata_dir = /var/lib/app\n"


        def point_to_windows(text, root):
            return re.sub(r"/var/\w+/app", root, text)


        print(point_to_windows(CONFIG, r"C:\Users\ana\app"))
        """
        },
    ),
    P(
        "regex_replacement_backslashes",
        "re",
        "module",
        "app/run.py",
        "error",
        {
            "app/latex.py": r"""
        import re


        def to_latex(text):
            text = re.sub(r"\*\*(.+?)\*\*", r"\textbf{\1}", text)
            return re.sub(r"_(.+?)_", "\\emph{\\1}", text)
        """,
            "app/run.py": r"""
        from latex import to_latex

        print(to_latex("a **bold** and _italic_ word"))
        """,
        },
    ),
    P(
        "regex_replacement_backslashes",
        "re",
        "template",
        "gen/escape_json.py",
        "error",
        {
            "gen/escape_json.py": r"""
        import json
        import re

        TEMPLATE = "const CONFIG = __CONFIG__;"


        def render(conf):
            return re.sub("__CONFIG__", json.dumps(conf), TEMPLATE)


        print(render({"title": "Caf\u00e9 Menu", "currency": "EUR"}))
        """
        },
    ),
    # --- argparse option without type=: numbers stay strings ---
    P(
        "argparse_option_without_type",
        "argparse",
        "arith",
        "tools/split_file.py",
        "TypeError",
        {
            "tools/split_file.py": r"""
        import argparse


        def parse():
            p = argparse.ArgumentParser()
            p.add_argument("--chunk-size", default=1000)
            return p.parse_args()


        def chunks(total, size):
            return (total + size - 1) // size


        args = parse()
        print(chunks(4500, args.chunk_size))
        """
        },
        args=("--chunk-size", "500"),
    ),
    P(
        "argparse_option_without_type",
        "argparse",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/cli_opts.py": r"""
        import argparse


        def options(argv=None):
            parser = argparse.ArgumentParser(prog="crawler")
            parser.add_argument("--workers", default=4, help="number of worker threads")
            parser.add_argument("--delay", default=0.5, type=float)
            return parser.parse_args(argv)
        """,
            "app/run.py": r"""
        from cli_opts import options

        opts = options()
        for w in range(opts.workers):
            print("worker", w)
        """,
        },
        args=("--workers", "2"),
    ),
    P(
        "argparse_option_without_type",
        "argparse",
        "compare",
        "tools/prune.py",
        "TypeError",
        {
            "tools/prune.py": r"""
        import argparse

        FILES = {"a.log": 12, "b.log": 400, "c.log": 90}

        parser = argparse.ArgumentParser()
        parser.add_argument("max_kb")
        args = parser.parse_args()

        print([name for name, kb in FILES.items() if kb > args.max_kb])
        """
        },
        args=("100",),
    ),
    # --- str.strip/rstrip used to remove a suffix (it strips characters) ---
    P(
        "strip_chars_as_suffix",
        "core",
        "filename",
        "app/convert_names.py",
        "AssertionError",
        {
            "app/convert_names.py": r"""
        def base_name(filename):
            return filename.rstrip(".json")


        names = [base_name(f) for f in ["users.json", "session.json", "config.json"]]
        assert names == ["users", "session", "config"], names
        """
        },
    ),
    P(
        "strip_chars_as_suffix",
        "core",
        "module",
        "app/run.py",
        "KeyError",
        {
            "app/handlers_map.py": r"""
        HANDLERS = {"user": "UserHandler", "order": "OrderHandler", "media": "MediaHandler"}


        def handler_for(route):
            return HANDLERS[route.strip("/").rstrip("_api")]
        """,
            "app/run.py": r"""
        from handlers_map import handler_for

        for route in ("/user_api", "/order_api", "/media_api"):
            print(route, handler_for(route))
        """,
        },
    ),
    P(
        "strip_chars_as_suffix",
        "core",
        "prefix",
        "app/env_keys.py",
        "KeyError",
        {
            "app/env_keys.py": r"""
        ENV = {"APP_PORT": "8080", "APP_NAME": "shop", "APP_PATH": "/srv"}


        def settings(env):
            return {k.lstrip("APP_").lower(): v for k, v in env.items() if k.startswith("APP_")}


        conf = settings(ENV)
        print(conf["port"], conf["name"], conf["path"])
        """
        },
    ),
    # --- bool() of a non-empty string such as "false" is True ---
    P(
        "bool_of_false_string",
        "os",
        "env",
        "app/startup.py",
        "RuntimeError",
        {
            "app/startup.py": r"""
        import os

        os.environ.setdefault("APP_DEBUG", "false")


        def debug_enabled():
            return bool(os.environ["APP_DEBUG"])


        def start(production=True):
            if production and debug_enabled():
                raise RuntimeError("refusing to start in production with debug enabled")
            print("started")


        start()
        """
        },
    ),
    P(
        "bool_of_false_string",
        "configparser",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/features.py": r"""
        import configparser

        INI = "[features]\nnew_checkout = no\nbeta_search = yes\n"


        def enabled():
            cp = configparser.ConfigParser()
            cp.read_string(INI)
            return {name: bool(value) for name, value in cp["features"].items()}
        """,
            "app/run.py": r"""
        from features import enabled

        flags = enabled()
        assert not flags["new_checkout"], f"new_checkout should be off: {flags}"
        """,
        },
    ),
    P(
        "bool_of_false_string",
        "csv",
        "filter",
        "app/active_users.py",
        "AssertionError",
        {
            "app/active_users.py": r"""
        import csv
        import io

        DATA = "name,active\nana,True\nbo,False\ncy,True\n"


        def active(text):
            return [r["name"] for r in csv.DictReader(io.StringIO(text)) if bool(r["active"])]


        result = active(DATA)
        assert result == ["ana", "cy"], result
        """
        },
    ),
    # --- .decode() called on something that is already str ---
    P(
        "decode_on_str",
        "subprocess",
        "text_mode",
        "tools/git_like.py",
        "AttributeError",
        {
            "tools/git_like.py": r"""
        import subprocess
        import sys


        def python_path():
            out = subprocess.check_output([sys.executable, "-c", "import sys; print(sys.prefix)"], text=True)
            return out.decode("utf-8").strip()


        print(python_path())
        """
        },
    ),
    P(
        "decode_on_str",
        "base64",
        "module",
        "app/run.py",
        "AttributeError",
        {
            "app/tokens.py": r"""
        import base64
        import json


        def decode_token(token):
            payload = base64.urlsafe_b64decode(token + "==").decode()
            return json.loads(payload.decode("utf-8"))
        """,
            "app/run.py": r"""
        import base64

        from tokens import decode_token

        tok = base64.urlsafe_b64encode(b'{"sub": "ana"}').decode().rstrip("=")
        print(decode_token(tok))
        """,
        },
    ),
    P(
        "decode_on_str",
        "core",
        "file",
        "app/read_msgs.py",
        "AttributeError",
        {
            "app/read_msgs.py": r"""
        from pathlib import Path

        Path("msgs.txt").write_text("hello\nworld\n", encoding="utf-8")


        def messages(path):
            with open(path, encoding="utf-8") as fh:
                return [line.decode("utf-8").strip() for line in fh]


        print(messages("msgs.txt"))
        """
        },
    ),
    # --- strings mutated by index ---
    P(
        "immutable_sequence_item_assignment",
        "core",
        "mask",
        "app/mask_card.py",
        "TypeError",
        {
            "app/mask_card.py": r"""
        def mask(card):
            for i in range(len(card) - 4):
                card[i] = "*"
            return card


        print(mask("4111111111111111"))
        """
        },
    ),
    P(
        "immutable_sequence_item_assignment",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/names.py": r"""
        def title_case(name):
            name = name.lower()
            name[0] = name[0].upper()
            return name
        """,
            "app/run.py": r"""
        from names import title_case

        print([title_case(n) for n in ["ANA", "bo"]])
        """,
        },
    ),
    P(
        "immutable_sequence_item_assignment",
        "core",
        "grid",
        "game/maze.py",
        "TypeError",
        {
            "game/maze.py": r"""
        MAZE = [
            "#####",
            "#S..#",
            "#.#E#",
            "#####",
        ]


        def mark_path(maze, cells):
            for r, c in cells:
                maze[r][c] = "o"
            return maze


        print("\n".join(mark_path(list(MAZE), [(1, 2), (1, 3)])))
        """
        },
    ),
    # --- %-formatting with a different number of values than placeholders ---
    P(
        "percent_format_arg_mismatch",
        "core",
        "message",
        "app/greet.py",
        "TypeError",
        {
            "app/greet.py": r"""
        def greeting(user, count):
            return "Hello %s, you have new messages" % (user, count)


        print(greeting("ana", 3))
        """
        },
    ),
    P(
        "percent_format_arg_mismatch",
        "sqlite3",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/sql_build.py": r"""
        def select(table, columns, where):
            return "SELECT %s FROM %s WHERE %s" % (", ".join(columns), table)
        """,
            "app/run.py": r"""
        import sqlite3

        from sql_build import select

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE t (a, b)")
        print(db.execute(select("t", ["a", "b"], "a > 1")).fetchall())
        """,
        },
    ),
    P(
        "percent_format_arg_mismatch",
        "core",
        "tuple_value",
        "app/coords.py",
        "TypeError",
        {
            "app/coords.py": r"""
        def describe(label, point):
            return "%s at %s" % (label, *point)


        print(describe("depot", (41.1, -8.6)))
        """
        },
    ),
    # --- log/sqrt of zero or a negative produced by the data ---
    P(
        "math_domain_from_data",
        "math",
        "entropy",
        "stats/entropy.py",
        "ValueError",
        {
            "stats/entropy.py": r"""
        import math
        from collections import Counter


        def entropy(labels, classes):
            counts = Counter(labels)
            n = len(labels)
            return -sum((counts[c] / n) * math.log2(counts[c] / n) for c in classes)


        print(entropy(["a", "a", "b"], ["a", "b", "c"]))
        """
        },
    ),
    P(
        "math_domain_from_data",
        "math",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/finance.py": r"""
        import math


        def cagr_years(start, end, rate):
            return math.log(end / start) / math.log(1 + rate)
        """,
            "app/run.py": r"""
        from finance import cagr_years

        ACCOUNTS = {"savings": (1000, 1500), "closed": (800, 0)}
        for name, (start, end) in ACCOUNTS.items():
            print(name, round(cagr_years(start, end, 0.05), 1))
        """,
        },
    ),
    P(
        "math_domain_from_data",
        "math",
        "stddev",
        "stats/spread.py",
        "ValueError",
        {
            "stats/spread.py": r"""
        import math


        def stddev(values):
            n = len(values)
            mean = sum(values) / n
            return math.sqrt(sum(v * v for v in values) / n - mean * mean)


        print(stddev([0.1, 0.1, 0.1]))
        """
        },
    ),
    # --- novel bugs (singletons) added later ---
    P(
        "template_missing_variable",
        "string",
        "email",
        "app/mailer.py",
        "KeyError",
        {
            "app/mailer.py": r"""
        from string import Template

        BODY = Template("Hi $first_name,\nyour order $order_id ships on $ship_date.\n")


        def render(order):
            return BODY.substitute(first_name=order["customer"], order_id=order["id"])


        print(render({"customer": "Ana", "id": 42, "ship": "2024-03-02"}))
        """
        },
    ),
    P(
        "cli_argument_missing",
        "sys",
        "argv",
        "tools/resize_cli.py",
        "IndexError",
        {
            "tools/resize_cli.py": r"""
        import sys


        def main():
            src = sys.argv[1]
            width = int(sys.argv[2]) if len(sys.argv) > 2 else 800
            print(f"resizing {src} to {width}px")


        main()
        """
        },
    ),
    P(
        "isinstance_with_parameterized_generic",
        "typing",
        "validate",
        "app/payload_check.py",
        "TypeError",
        {
            "app/payload_check.py": r"""
        def check_ids(payload):
            ids = payload["ids"]
            if not isinstance(ids, list[int]):
                raise ValueError("ids must be a list of ints")
            return ids


        print(check_ids({"ids": [1, 2, 3]}))
        """
        },
    ),
    P(
        "slots_missing_attribute",
        "core",
        "slots",
        "geo/vec.py",
        "AttributeError",
        {
            "geo/vec.py": r"""
        class Vec:
            __slots__ = ("x", "y")

            def __init__(self, x, y):
                self.x = x
                self.y = y

            def normalize(self):
                self.length = (self.x ** 2 + self.y ** 2) ** 0.5
                return Vec(self.x / self.length, self.y / self.length)


        print(Vec(3, 4).normalize().x)
        """
        },
    ),
    P(
        "month_added_by_replace",
        "datetime",
        "billing",
        "billing/next_charge.py",
        "ValueError",
        {
            "billing/next_charge.py": r"""
        from datetime import date


        def next_charge(last):
            if last.month == 12:
                return last.replace(year=last.year + 1, month=1)
            return last.replace(month=last.month + 1)


        for d in (date(2024, 1, 15), date(2024, 1, 31)):
            print(d, "->", next_charge(d))
        """
        },
    ),
    P(
        "next_inside_generator",
        "core",
        "generator",
        "etl/pairs_gen.py",
        "RuntimeError",
        {
            "etl/pairs_gen.py": r"""
        def key_values(lines):
            it = iter(lines)
            for key in it:
                value = next(it)
                yield key.strip(), value.strip()


        print(dict(key_values(["host", "db.local", "port", "5432", "user"])))
        """
        },
    ),
    P(
        "identity_compare_for_equality",
        "core",
        "status",
        "jobs/status_check.py",
        "AssertionError",
        {
            "jobs/status_check.py": r"""
        import json


        def finished(job):
            return job["state"] is "done"


        job = json.loads('{"id": 7, "state": "done"}')
        assert finished(job), f"job {job['id']} reported unfinished"
        """
        },
    ),
    P(
        "itemgetter_on_items_tuples",
        "operator",
        "sort",
        "shop/cheapest.py",
        "TypeError",
        {
            "shop/cheapest.py": r"""
        from operator import itemgetter

        PRODUCTS = {"kettle": {"price": 29.9}, "mug": {"price": 6.5}}


        def cheapest(products):
            return sorted(products.items(), key=itemgetter("price"))[0][0]


        print(cheapest(PRODUCTS))
        """
        },
    ),
    P(
        "setattr_override_recursion",
        "core",
        "setattr",
        "app/tracked.py",
        "RecursionError",
        {
            "app/tracked.py": r"""
        class Tracked:
            def __init__(self, **fields):
                for k, v in fields.items():
                    setattr(self, k, v)

            def __setattr__(self, name, value):
                print(f"set {name}")
                setattr(self, name, value)


        t = Tracked(name="ana", age=31)
        print(t.name)
        """
        },
    ),
    P(
        "class_scope_in_comprehension",
        "core",
        "class_body",
        "app/units.py",
        "NameError",
        {
            "app/units.py": r"""
        class Units:
            FACTOR = 1000
            LABELS = ["g", "kg", "t"]
            SCALE = {label: FACTOR ** i for i, label in enumerate(LABELS)}


        print(Units.SCALE)
        """
        },
    ),
]
