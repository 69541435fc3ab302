"""Six more groups: a container frozen by its owner and then mutated, a collection result used as one item, an alias
removed by an upgrade, a glob pattern used as a regex, str.find's -1 used as an index, and a file opened for writing
(and so truncated) before it is read."""

from programs import P

U_FROZEN = "https://github.com/aio-libs/frozenlist/issues/103"
U_COLLECTION = "https://github.com/andialbrecht/sqlparse/issues/646"
U_REMOVED = "https://github.com/python/cpython/issues/90512"
U_GLOBREGEX = "https://github.com/jaimebuelta/ffind/issues/12"
U_FIND = "https://github.com/python-babel/babel/pull/1130"
U_TRUNCATE = "https://github.com/wolph/portalocker/issues/82"

PROGRAMS = [
    # the owner froze the container at start-up; later code still tries to add to it
    P(
        "frozen_container_mutated_later",
        "frozenlist",
        "plugin list frozen when the app starts, a plugin registers afterwards",
        "RuntimeError",
        U_FROZEN,
        {
            "main.py": """
            import app
            import late_plugin  # noqa: F401

            app.start()
            late_plugin.register()
            print(list(app.PLUGINS))
        """,
            "app.py": """
            from frozenlist import FrozenList

            PLUGINS = FrozenList(["auth", "metrics"])


            def start():
                PLUGINS.freeze()
        """,
            "late_plugin.py": """
            import app


            def register():
                app.PLUGINS.append("audit")
        """,
        },
    ),
    P(
        "frozen_container_mutated_later",
        "aiosignal",
        "shutdown handler appended to an aiosignal Signal after freeze()",
        "RuntimeError",
        U_FROZEN,
        {
            "server.py": """
            import asyncio

            from aiosignal import Signal


            class Server:
                def __init__(self):
                    self.on_shutdown = Signal(self)

                def start(self):
                    self.on_shutdown.freeze()
                    print("serving")

                async def stop(self):
                    await self.on_shutdown.send()


            async def close_db():
                print("db closed")


            server = Server()
            server.start()
            server.on_shutdown.append(close_db)
            asyncio.run(server.stop())
        """,
        },
    ),
    P(
        "frozen_container_mutated_later",
        "box",
        "settings loaded into a frozen Box, a CLI flag writes into it",
        "BoxError",
        U_FROZEN,
        {
            "cli.py": """
            import sys

            from settings import SETTINGS

            if "--debug" in sys.argv:
                SETTINGS.logging.level = "DEBUG"
            print(SETTINGS.logging.level)
        """,
            "settings.py": """
            from box import Box

            SETTINGS = Box({"logging": {"level": "INFO"}, "db": {"url": "sqlite://"}}, frozen_box=True)
        """,
        },
        "--debug",
    ),
    # an API returns a tuple/list of results; the code treats it as the single result
    P(
        "collection_result_used_as_one_item",
        "sqlparse",
        "statement type read from sqlparse.parse(...) directly",
        "AttributeError",
        U_COLLECTION,
        {
            "guard.py": """
            import sqlparse


            def is_read_only(sql):
                statement = sqlparse.parse(sql)
                return statement.get_type() == "SELECT"


            print(is_read_only("SELECT * FROM orders WHERE id = 3"))
        """,
        },
    ),
    P(
        "collection_result_used_as_one_item",
        "tinydb",
        "user looked up with TinyDB.search in a repository module",
        "TypeError",
        U_COLLECTION,
        {
            "send_reset.py": """
            from users import find_user

            user = find_user("ana")
            print("reset link to", user["email"])
        """,
            "users.py": """
            from tinydb import Query, TinyDB
            from tinydb.storages import MemoryStorage

            db = TinyDB(storage=MemoryStorage)
            db.insert({"name": "ana", "email": "ana@example.org"})


            def find_user(name):
                return db.search(Query().name == name)
        """,
        },
    ),
    P(
        "collection_result_used_as_one_item",
        "xml.etree.ElementTree",
        "book title read from findall(...) instead of find(...)",
        "AttributeError",
        U_COLLECTION,
        {
            "catalog.py": """
            import xml.etree.ElementTree as ET

            XML = "<book><title>Dune</title><author>Herbert</author></book>"
            book = ET.fromstring(XML)
            print(book.findall("title").text.upper())
        """,
        },
    ),
    # code written against an alias that a newer Python / library removed
    P(
        "removed_alias_used_after_upgrade",
        "collections",
        "deep merge checks isinstance(v, collections.Mapping)",
        "AttributeError",
        U_REMOVED,
        {
            "merge_config.py": """
            import collections


            def deep_merge(base, extra):
                out = dict(base)
                for key, value in extra.items():
                    if isinstance(value, collections.Mapping) and key in out:
                        out[key] = deep_merge(out[key], value)
                    else:
                        out[key] = value
                return out


            print(deep_merge({"db": {"host": "a"}}, {"db": {"port": 5}}))
        """,
        },
    ),
    P(
        "removed_alias_used_after_upgrade",
        "inspect",
        "command dispatcher reads parameter names with inspect.getargspec",
        "AttributeError",
        U_REMOVED,
        {
            "commands.py": """
            from dispatcher import call_with


            def greet(name, punctuation="!"):
                return f"hello {name}{punctuation}"


            print(call_with(greet, {"name": "ana", "extra": 1}))
        """,
            "dispatcher.py": """
            import inspect


            def call_with(func, options):
                spec = inspect.getargspec(func)
                return func(**{k: v for k, v in options.items() if k in spec.args})
        """,
        },
    ),
    P(
        "removed_alias_used_after_upgrade",
        "markupsafe",
        "template helper imports soft_unicode from markupsafe",
        "ImportError",
        U_REMOVED,
        {
            "render.py": """
            from helpers import label

            print(label("<b>bold</b>"))
        """,
            "helpers.py": """
            from markupsafe import escape, soft_unicode


            def label(value):
                return soft_unicode(escape(value))
        """,
        },
    ),
    # a shell glob pattern handed to the re module
    P(
        "glob_pattern_used_as_regex",
        "re",
        "log filter compiles the user's '*.log' pattern with re",
        "error",
        U_GLOBREGEX,
        {
            "find_logs.py": """
            import re

            names = ["app.log", "app.log.1", "notes.txt"]
            pattern = re.compile("*.log")
            print([n for n in names if pattern.fullmatch(n)])
        """,
        },
    ),
    P(
        "glob_pattern_used_as_regex",
        "re",
        "monthly report picked with re.fullmatch('report-??.csv', ...)",
        "ValueError",
        U_GLOBREGEX,
        {
            "latest_report.py": """
            from selection import newest

            files = ["report-01.csv", "report-02.csv", "summary.csv"]
            print(newest(files, "report-??.csv"))
        """,
            "selection.py": """
            import re


            def newest(names, pattern):
                return max(n for n in names if re.fullmatch(pattern, n))
        """,
        },
    ),
    P(
        "glob_pattern_used_as_regex",
        "re",
        "date taken from a file name matched with re.match('data_*.json')",
        "AttributeError",
        U_GLOBREGEX,
        {
            "import_day.py": """
            import re

            name = "data_2024-05-01.json"
            stem = re.match("data_*.json", name).group(0)
            print(stem)
        """,
        },
    ),
    # str.find returns -1 when the text is absent; -1 is a valid index, so slicing goes wrong silently
    P(
        "find_minus_one_used_as_index",
        "core",
        "comment stripped with line[:line.find('#')] on a line without '#'",
        "KeyError",
        U_FIND,
        {
            "flags.py": """
            FLAGS = {"verbose": False, "color": False}

            CONF = '''color  # always
            verbose'''

            for line in CONF.splitlines():
                name = line[: line.find("#")].strip()
                FLAGS[name]
                FLAGS[name] = True
            print(FLAGS)
        """,
        },
    ),
    P(
        "find_minus_one_used_as_index",
        "core",
        "header value cut after the colon, a header without colon",
        "ValueError",
        U_FIND,
        {
            "http_headers.py": """
            from headers import header_value

            raw = ["Content-Type: text/plain", "Content-Length 42"]
            print(int(header_value(raw[1])))
        """,
            "headers.py": """
            def header_value(line):
                return line[line.find(":") + 1 :].strip()
        """,
        },
    ),
    P(
        "find_minus_one_used_as_index",
        "core",
        "query string cut after '?', a URL without query",
        "ValueError",
        U_FIND,
        {
            "track.py": """
            def query_params(url):
                query = url[url.find("?") + 1 :]
                return dict(pair.split("=") for pair in query.split("&"))


            print(query_params("https://shop.example/cart?item=7&qty=2"))
            print(query_params("https://shop.example/cart"))
        """,
        },
    ),
    # open(path, "w") truncates the file at once, before anything reads it
    P(
        "file_truncated_by_write_open",
        "json",
        "settings rewritten in place: read and write handles opened together",
        "JSONDecodeError",
        U_TRUNCATE,
        {
            "bump_version.py": """
            import json
            from pathlib import Path

            Path("package.json").write_text(json.dumps({"name": "demo", "version": 3}))

            with open("package.json") as src, open("package.json", "w") as dst:
                data = json.load(src)
                data["version"] += 1
                json.dump(data, dst)
        """,
        },
    ),
    P(
        "file_truncated_by_write_open",
        "csv",
        "results file opened for appending output at import time, then read",
        "StopIteration",
        U_TRUNCATE,
        {
            "rank.py": """
            import csv

            import output

            with open("scores.csv", newline="") as fh:
                reader = csv.reader(fh)
                header = next(reader)
                rows = sorted(reader, key=lambda r: -int(r[1]))
            output.write_rows([header, *rows])
        """,
            "output.py": """
            import csv
            from pathlib import Path

            Path("scores.csv").write_text("name,score\\nana,7\\nbo,9\\n")

            _fh = open("scores.csv", "w", newline="")
            _writer = csv.writer(_fh)


            def write_rows(rows):
                _writer.writerows(rows)
                _fh.flush()
        """,
        },
    ),
    P(
        "file_truncated_by_write_open",
        "core",
        "todo file opened with 'w+' to read and update it",
        "IndexError",
        U_TRUNCATE,
        {
            "todo.py": """
            from pathlib import Path

            Path("todo.txt").write_text("buy milk\\ncall bo\\n")

            with open("todo.txt", "w+") as fh:
                items = fh.read().splitlines()
                first = items[0]
                fh.write("\\n".join(items[1:]))
            print("done:", first)
        """,
        },
    ),
]
