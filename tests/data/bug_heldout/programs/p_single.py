"""Novel bugs: each root cause appears once in the set (many share an exception type with a group).

Except the first entry: a JSON variant of the group utf8_bom_not_stripped (whose other runs are in p_data).
"""

from . import P

PROGRAMS = [
    P(
        "utf8_bom_not_stripped",
        "json",
        "file",
        "app/read_export.py",
        "JSONDecodeError",
        {
            "app/read_export.py": r"""
        import json
        from pathlib import Path

        Path("export.json").write_text('{"items": [1, 2]}', encoding="utf-8-sig")


        def load(path):
            return json.loads(Path(path).read_bytes().decode("utf-8"))


        print(load("export.json"))
        """
        },
    ),
    P(
        "bytes_written_to_text_stream",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/render.py": r"""
        import zlib


        def compressed_page(html):
            return zlib.compress(html.encode())
        """,
            "app/run.py": r"""
        from render import compressed_page

        with open("page.z", "w") as fh:
            fh.write(compressed_page("<h1>hi</h1>"))
        """,
        },
    ),
    P(
        "enum_name_lookup_case",
        "enum",
        "config",
        "app/levels.py",
        "KeyError",
        {
            "app/levels.py": r"""
        from enum import Enum


        class Level(Enum):
            DEBUG = 10
            INFO = 20
            ERROR = 40


        def parse_level(text):
            return Level[text]


        for name in ("INFO", "error"):
            print(parse_level(name).value)
        """
        },
    ),
    P(
        "csv_reader_row_by_name",
        "csv",
        "reader",
        "app/emails.py",
        "TypeError",
        {
            "app/emails.py": r"""
        import csv
        import io

        DATA = "name,email\nana,ana@x.io\n"


        def emails(text):
            reader = csv.reader(io.StringIO(text))
            next(reader)
            return [row["email"] for row in reader]


        print(emails(DATA))
        """
        },
    ),
    P(
        "struct_value_out_of_range",
        "struct",
        "pack",
        "net/packet.py",
        "error",
        {
            "net/packet.py": r"""
        import struct


        def encode(seq, payload):
            return struct.pack(">hH", seq, len(payload)) + payload


        for seq in (1, 20000, 40000):
            print(len(encode(seq, b"abc")))
        """
        },
    ),
    P(
        "immutable_sequence_item_assignment",
        "sqlite3",
        "update",
        "app/normalize.py",
        "TypeError",
        {
            "app/normalize.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE people (name TEXT, email TEXT)")
        db.execute("INSERT INTO people VALUES ('Ana', 'ANA@X.IO')")


        def normalized():
            rows = db.execute("SELECT name, email FROM people").fetchall()
            for row in rows:
                row[1] = row[1].lower()
            return rows


        print(normalized())
        """
        },
    ),
    P(
        "int_of_hex_string_without_base",
        "core",
        "color",
        "ui/colors.py",
        "ValueError",
        {
            "ui/colors.py": r"""
        def rgb(hex_color):
            h = hex_color.lstrip("#")
            return tuple(int(h[i:i + 2]) for i in (0, 2, 4))


        print(rgb("#1a2b3c"))
        """
        },
    ),
    P(
        "bankers_rounding_assumed_half_up",
        "core",
        "assert",
        "billing/round_check.py",
        "AssertionError",
        {
            "billing/round_check.py": r"""
        def to_whole_units(amounts):
            return [round(a) for a in amounts]


        got = to_whole_units([0.5, 1.5, 2.5])
        assert got == [1, 2, 3], f"rounding gave {got}"
        """
        },
    ),
    P(
        "function_called_before_definition",
        "core",
        "module_level",
        "app/bootstrap.py",
        "NameError",
        {
            "app/bootstrap.py": r"""
        import sys

        CONFIG = load_defaults()


        def load_defaults():
            return {"argv": sys.argv[1:]}


        print(CONFIG)
        """
        },
    ),
    P(
        "init_returns_value",
        "core",
        "class",
        "app/conn.py",
        "TypeError",
        {
            "app/conn.py": r"""
        class Connection:
            def __init__(self, dsn):
                self.dsn = dsn
                self.open = True
                return self


        conn = Connection("sqlite://")
        print(conn.open)
        """
        },
    ),
    P(
        "zip_silently_truncates",
        "core",
        "assert",
        "app/pairs.py",
        "AssertionError",
        {
            "app/pairs.py": r"""
        NAMES = ["ana", "bo", "cy", "di"]
        SCORES = [7, 9, 4]


        def table(names, scores):
            return dict(zip(names, scores))


        t = table(NAMES, SCORES)
        assert len(t) == len(NAMES), f"lost players: {sorted(set(NAMES) - set(t))}"
        """
        },
    ),
    P(
        "bidict_value_duplicated",
        "bidict",
        "mapping",
        "app/shortcuts.py",
        "ValueDuplicationError",
        {
            "app/shortcuts.py": r"""
        from bidict import bidict

        DEFAULTS = {"save": "ctrl+s", "open": "ctrl+o"}


        def load(user_overrides):
            keys = bidict(DEFAULTS)
            for action, combo in user_overrides.items():
                keys[action] = combo
            return keys


        print(load({"search": "ctrl+s"}))
        """
        },
    ),
    P(
        "babel_locale_with_hyphen",
        "babel",
        "locale",
        "app/money_fmt.py",
        "ValueError",
        {
            "app/money_fmt.py": r"""
        from babel import Locale
        from babel.numbers import format_currency


        def show(amount, lang_header):
            locale = Locale.parse(lang_header.split(",")[0].split(";")[0])
            return format_currency(amount, "EUR", locale=locale)


        print(show(12.5, "pt-PT,pt;q=0.9"))
        """
        },
    ),
    P(
        "dict_pop_twice",
        "core",
        "cleanup",
        "app/sessions_close.py",
        "KeyError",
        {
            "app/sessions_close.py": r"""
        class Pool:
            def __init__(self):
                self.active = {}

            def open(self, sid):
                self.active[sid] = object()

            def close(self, sid):
                self.active.pop(sid)

            def close_all(self, sids):
                for sid in sids:
                    self.close(sid)


        pool = Pool()
        pool.open("a")
        pool.open("b")
        pool.close("a")
        pool.close_all(["a", "b"])
        """
        },
    ),
    P(
        "stack_pop_on_unbalanced_input",
        "core",
        "parser",
        "parse/brackets.py",
        "IndexError",
        {
            "parse/brackets.py": r"""
        PAIRS = {")": "(", "]": "[", "}": "{"}


        def balanced(text):
            stack = []
            for ch in text:
                if ch in "([{":
                    stack.append(ch)
                elif ch in PAIRS and stack.pop() != PAIRS[ch]:
                    return False
            return not stack


        for expr in ["(a[b]{c})", "a)b(c"]:
            print(expr, balanced(expr))
        """
        },
    ),
    P(
        "count_used_as_list",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/inbox.py": r"""
        def unread(messages):
            return sum(1 for m in messages if not m["read"])
        """,
            "app/run.py": r"""
        from inbox import unread

        MSGS = [{"id": 1, "read": False}, {"id": 2, "read": True}]
        latest = unread(MSGS)[-1]
        print(latest)
        """,
        },
    ),
    P(
        "readlines_treated_as_text",
        "core",
        "file",
        "app/notes_search.py",
        "AttributeError",
        {
            "app/notes_search.py": r"""
        from pathlib import Path

        Path("notes.txt").write_text("groceries: milk\nwork: send report\n")


        def sections(path):
            with open(path) as fh:
                content = fh.readlines()
            return [line.split(":")[0] for line in content.split("\n") if line]


        print(sections("notes.txt"))
        """
        },
    ),
    P(
        "recursion_on_legitimately_deep_data",
        "core",
        "linked_list",
        "ds/linked.py",
        "RecursionError",
        {
            "ds/linked.py": r"""
        class Node:
            def __init__(self, value, nxt=None):
                self.value = value
                self.next = nxt


        def length(node):
            return 0 if node is None else 1 + length(node.next)


        head = None
        for v in range(5000):
            head = Node(v, head)
        print(length(head))
        """
        },
    ),
    P(
        "repr_recursion_cyclic_graph",
        "core",
        "repr",
        "org/chart.py",
        "RecursionError",
        {
            "org/chart.py": r"""
        class Employee:
            def __init__(self, name, manager=None):
                self.name = name
                self.manager = manager
                self.reports = []
                if manager is not None:
                    manager.reports.append(self)

            def __repr__(self):
                team = ", ".join(repr(r) for r in self.reports)
                return f"Employee({self.name!r}, manager={self.manager!r}, reports=[{team}])"


        boss = Employee("ana")
        dev = Employee("bo", manager=boss)
        print(f"created {dev!r}")
        """
        },
    ),
    P(
        "asyncio_timeout_too_short",
        "asyncio",
        "wait_for",
        "app/health.py",
        "TimeoutError",
        {
            "app/health.py": r"""
        import asyncio


        async def slow_check():
            await asyncio.sleep(0.2)
            return "ok"


        async def main():
            print(await asyncio.wait_for(slow_check(), timeout=0.05))


        asyncio.run(main())
        """
        },
    ),
    P(
        "ascii_output_file_non_ascii_text",
        "core",
        "write",
        "export/names.py",
        "UnicodeEncodeError",
        {
            "export/names.py": r"""
        NAMES = ["Ana", "Bj\u00f6rk", "Zo\u00eb"]

        with open("names.txt", "w", encoding="ascii") as fh:
            for n in NAMES:
                fh.write(n + "\n")
        """
        },
    ),
    P(
        "utf8_bytes_cut_mid_character",
        "core",
        "truncate",
        "app/preview.py",
        "UnicodeDecodeError",
        {
            "app/preview.py": r"""
        def preview(body, limit=13):
            return body.encode("utf-8")[:limit].decode("utf-8") + "..."


        print(preview("Caf\u00e9 con le\u00e7he e p\u00e3o de queijo"))
        """
        },
    ),
    P(
        "timestamp_in_milliseconds",
        "datetime",
        "convert",
        "app/events_ts.py",
        "ValueError",
        {
            "app/events_ts.py": r"""
        from datetime import datetime, timezone

        EVENTS = [{"id": 1, "ts": 1709280000000}]

        for e in EVENTS:
            print(e["id"], datetime.fromtimestamp(e["ts"], tz=timezone.utc).isoformat())
        """
        },
    ),
    P(
        "division_by_empty_count",
        "decimal",
        "unit_price",
        "shop/unit.py",
        "DivisionByZero",
        {
            "shop/unit.py": r"""
        from decimal import Decimal

        PACKS = [("tea", Decimal("4.50"), 10), ("sample", Decimal("1.00"), 0)]

        for name, price, units in PACKS:
            print(name, price / Decimal(units))
        """
        },
    ),
    P(
        "sql_reserved_word_column",
        "sqlite3",
        "ddl",
        "app/queue_db.py",
        "OperationalError",
        {
            "app/queue_db.py": r"""
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE steps (id INTEGER PRIMARY KEY, order INTEGER, name TEXT)")
        """
        },
    ),
    P(
        "dict_from_triples",
        "core",
        "convert",
        "app/lookup_table.py",
        "ValueError",
        {
            "app/lookup_table.py": r"""
        ROWS = [("fr", "France", "EUR"), ("jp", "Japan", "JPY")]


        def by_code(rows):
            return dict(rows)


        print(by_code(ROWS)["fr"])
        """
        },
    ),
    P(
        "lazy_iterator_used_as_sequence",
        "core",
        "module",
        "app/run.py",
        "TypeError",
        {
            "app/feed.py": r"""
        def entries(lines):
            return (l.strip() for l in lines if l.strip())
        """,
            "app/run.py": r"""
        from feed import entries

        items = entries(["a\n", "\n", "b\n"])
        print(f"{len(items)} entries")
        """,
        },
    ),
    P(
        "module_vs_class_import_datetime",
        "datetime",
        "now",
        "app/stamp.py",
        "AttributeError",
        {
            "app/stamp.py": r"""
        import datetime


        def stamp(msg):
            return f"[{datetime.now():%H:%M}] {msg}"


        print(stamp("started"))
        """
        },
    ),
    P(
        "lxml_str_with_encoding_declaration",
        "lxml",
        "parse",
        "app/feed_parse.py",
        "ValueError",
        {
            "app/feed_parse.py": r"""
        from lxml import etree

        FEED = '''<?xml version="1.0" encoding="UTF-8"?>
        <rss><channel><title>News</title></channel></rss>'''


        def title(xml_text):
            return etree.fromstring(xml_text).findtext("channel/title")


        print(title(FEED))
        """
        },
    ),
    P(
        "pillow_open_non_image",
        "pillow",
        "upload",
        "app/avatar.py",
        "UnidentifiedImageError",
        {
            "app/avatar.py": r"""
        from pathlib import Path

        from PIL import Image

        Path("uploads").mkdir(exist_ok=True)
        Path("uploads/avatar.png").write_text("<html>403 Forbidden</html>")


        def thumb(path):
            with Image.open(path) as im:
                im.thumbnail((64, 64))
                return im.size


        print(thumb("uploads/avatar.png"))
        """
        },
    ),
    P(
        "openpyxl_csv_opened_as_workbook",
        "openpyxl",
        "load",
        "app/sheet.py",
        "InvalidFileException",
        {
            "app/sheet.py": r"""
        from pathlib import Path

        from openpyxl import load_workbook

        Path("sales.csv").write_text("month,total\njan,10\n")


        def totals(path):
            wb = load_workbook(path)
            return [row for row in wb.active.iter_rows(values_only=True)]


        print(totals("sales.csv"))
        """
        },
    ),
    P(
        "sortedlist_remove_absent_value",
        "sortedcontainers",
        "leaderboard",
        "game/leaderboard.py",
        "ValueError",
        {
            "game/leaderboard.py": r"""
        from sortedcontainers import SortedList


        class Leaderboard:
            def __init__(self):
                self.scores = SortedList()
                self.best = {}

            def submit(self, player, score):
                old = self.best.get(player, 0)
                self.scores.remove(old)
                self.best[player] = max(old, score)
                self.scores.add(self.best[player])

            def top(self, n=3):
                return list(reversed(self.scores[-n:]))


        board = Leaderboard()
        board.submit("ana", 120)
        print(board.top())
        """
        },
    ),
    P(
        "nested_list_multiplication_aliasing",
        "core",
        "grid",
        "game/grid.py",
        "AssertionError",
        {
            "game/grid.py": r"""
        def empty_board(n):
            return [[0] * n] * n


        board = empty_board(3)
        board[0][0] = 1
        assert sum(map(sum, board)) == 1, f"one move, board is {board}"
        """
        },
    ),
    P(
        "resource_used_after_close",
        "core",
        "log",
        "app/audit.py",
        "ValueError",
        {
            "app/audit.py": r"""
        class Audit:
            def __init__(self, path):
                with open(path, "a") as fh:
                    self.fh = fh
                    self.fh.write("audit start\n")

            def log(self, msg):
                self.fh.write(msg + "\n")


        Audit("audit.log").log("user ana logged in")
        """
        },
    ),
    P(
        "next_on_empty_file_header",
        "csv",
        "header",
        "app/headers_only.py",
        "StopIteration",
        {
            "app/headers_only.py": r"""
        import csv
        from pathlib import Path

        Path("upload.csv").write_text("")


        def columns(path):
            with open(path, newline="") as fh:
                return next(csv.reader(fh))


        print(columns("upload.csv"))
        """
        },
    ),
    P(
        "tabulate_headers_keys_on_list_rows",
        "tabulate",
        "table",
        "app/table_out.py",
        "ValueError",
        {
            "app/table_out.py": r"""
        from tabulate import tabulate

        ROWS = [["ana", 3], ["bo", 5]]
        print(tabulate(ROWS, headers="keys", tablefmt="github"))
        print(tabulate([{"name": "ana"}], headers=["name", "score"]))
        """
        },
    ),
    P(
        "jmespath_syntax_dash_in_key",
        "jmespath",
        "query",
        "app/query_cfg.py",
        "LexerError",
        {
            "app/query_cfg.py": r"""
        import jmespath

        CONFIG = {"services": {"auth-api": {"port": 8001}, "web": {"port": 80}}}


        def port(service):
            return jmespath.search(f"services.{service}.port", CONFIG)


        print(port("web"), port("auth-api"))
        """
        },
    ),
    P(
        "slugify_result_used_as_unique_key",
        "python-slugify",
        "dedupe",
        "blog/urls.py",
        "AssertionError",
        {
            "blog/urls.py": r"""
        from slugify import slugify

        TITLES = ["Hello, World!", "Hello World", "Python 3.12 is out"]


        def url_map(titles):
            return {slugify(t): t for t in titles}


        urls = url_map(TITLES)
        assert len(urls) == len(TITLES), f"posts overwritten: {urls}"
        """
        },
    ),
    P(
        "cerberus_validate_result_ignored",
        "cerberus",
        "validator",
        "app/signup.py",
        "KeyError",
        {
            "app/signup.py": r"""
        from cerberus import Validator

        SCHEMA = {"email": {"type": "string", "required": True}, "age": {"type": "integer", "min": 13}}


        def register(data):
            v = Validator(SCHEMA)
            v.validate(data)
            doc = v.document
            return {"user": doc["email"].lower(), "age": doc.get("age")}


        print(register({"age": 30}))
        """
        },
    ),
    P(
        "semver_leading_v_prefix",
        "semver",
        "tags",
        "release/next.py",
        "ValueError",
        {
            "release/next.py": r"""
        import semver

        TAGS = ["v1.4.0", "v1.4.1", "v1.5.0-rc.1"]


        def next_patch(tags):
            latest = max(semver.Version.parse(t) for t in tags)
            return str(latest.bump_patch())


        print(next_patch(TAGS))
        """
        },
    ),
]
