"""Groups in stdlib corners no earlier set covers: context variables set in another context, Unicode normalisation,
bisect on unsorted data, graphlib's edge direction, textwrap.dedent with an unindented first line, a global
"warnings as errors" filter, JSON text read as a Python literal, and directory listings that give bare names."""

from programs import P

U_CONTEXTVAR = "https://github.com/simple-crypto/SCALib/issues/89"
U_NFD = "https://github.com/unmade/shelf-back/issues/50"
U_BISECT = "https://github.com/neovim/neovim/pull/35108"
U_GRAPHLIB = "https://github.com/python/cpython/pull/30102"
U_DEDENT = "https://github.com/mosaicml/composer/pull/332"
U_WARNINGS = "https://github.com/fatiando/verde/pull/293"
U_LITERAL = "https://github.com/adlnet/ADL_LRS/issues/225"
U_LISTDIR = "https://github.com/pyload/pyload/pull/1712"

PROGRAMS = [
    # a ContextVar set inside another thread / task / copied context is not visible to the code that reads it
    P(
        "contextvar_set_in_other_context",
        "contextvars",
        "request id set by a worker thread, read by the main thread",
        "LookupError",
        U_CONTEXTVAR,
        {
            "serve.py": """
            import threading
            import uuid
            from contextvars import ContextVar

            request_id = ContextVar("request_id")


            def accept():
                request_id.set(uuid.UUID(int=7).hex[:8])


            worker = threading.Thread(target=accept)
            worker.start()
            worker.join()
            print("handling", request_id.get())
        """,
        },
    ),
    P(
        "contextvar_set_in_other_context",
        "asyncio",
        "login task sets the current user, the caller reads it after awaiting",
        "LookupError",
        U_CONTEXTVAR,
        {
            "session_app.py": """
            import asyncio

            from auth import current_user, login


            async def main():
                await asyncio.create_task(login("maria"))
                print("welcome", current_user.get())


            asyncio.run(main())
        """,
            "auth.py": """
            import asyncio
            from contextvars import ContextVar

            current_user: ContextVar[str] = ContextVar("current_user")


            async def login(name):
                await asyncio.sleep(0)
                current_user.set(name)
        """,
        },
    ),
    P(
        "contextvar_set_in_other_context",
        "contextvars",
        "middleware enters the request through copy_context().run",
        "LookupError",
        U_CONTEXTVAR,
        {
            "app.py": """
            from middleware import LocaleMiddleware
            from views import greeting

            mw = LocaleMiddleware()
            mw.enter({"Accept-Language": "de"})
            print(greeting())
        """,
            "middleware.py": """
            import contextvars

            locale_var = contextvars.ContextVar("locale")


            class LocaleMiddleware:
                def _set(self, headers):
                    locale_var.set(headers.get("Accept-Language", "en"))

                def enter(self, headers):
                    contextvars.copy_context().run(self._set, headers)
        """,
            "views.py": """
            from middleware import locale_var

            GREETINGS = {"en": "Hello", "de": "Hallo"}


            def greeting():
                return GREETINGS[locale_var.get()]
        """,
        },
    ),
    # two spellings of the same accented text (NFC vs NFD) are different strings
    P(
        "unicode_normalization_mismatch",
        "core",
        "menu prices keyed by NFC names, order names come decomposed",
        "KeyError",
        U_NFD,
        {
            "till.py": """
            PRICES = {"caf\\u00e9 latte": 3.2, "cr\\u00e8me br\\u00fbl\\u00e9e": 5.5}

            # names as the ordering tablet sends them
            order = ["cafe\\u0301 latte", "cre\\u0300me bru\\u0302le\\u0301e"]

            total = sum(PRICES[item] for item in order)
            print(f"total {total:.2f}")
        """,
        },
    ),
    P(
        "unicode_normalization_mismatch",
        "unicodedata",
        "tag cleaner normalises to NFD, allow-list written in NFC",
        "ValueError",
        U_NFD,
        {
            "tag_post.py": """
            from tags import ALLOWED, clean

            for raw in ["  Python ", "Zo\\u00eb "]:
                tag = clean(raw)
                print(tag, "->", ALLOWED.index(tag))
        """,
            "tags.py": """
            import unicodedata

            ALLOWED = ["Python", "Zo\\u00eb", "Rust"]


            def clean(text):
                return unicodedata.normalize("NFD", text.strip())
        """,
        },
    ),
    P(
        "unicode_normalization_mismatch",
        "core",
        "address split on a precomposed separator word, text is decomposed",
        "ValueError",
        U_NFD,
        {
            "addresses.py": """
            import unicodedata

            SEPARATOR = " Espa\\u00f1a "


            def split_country(line):
                street, postcode = line.split(SEPARATOR)
                return street, postcode


            scanned = unicodedata.normalize("NFD", "Calle Mayor 5 Espa\\u00f1a 28013")
            print(split_country(scanned))
        """,
        },
    ),
    # bisect assumes ascending order; the list was not sorted (or sorted the other way)
    P(
        "bisect_on_unsorted_sequence",
        "bisect",
        "registered ids kept in arrival order, membership by bisect_left",
        "LookupError",
        U_BISECT,
        {
            "registry.py": """
            from bisect import bisect_left

            registered = [7, 3, 9, 1, 12]


            def require(user_id):
                i = bisect_left(registered, user_id)
                if i == len(registered) or registered[i] != user_id:
                    raise LookupError(f"user {user_id} is not registered")
                return i


            for uid in [9, 1]:
                print(uid, require(uid))
        """,
        },
    ),
    P(
        "bisect_on_unsorted_sequence",
        "bisect",
        "two log files concatenated, a time window cut with bisect",
        "ValueError",
        U_BISECT,
        {
            "slow_requests.py": """
            from window import between

            print("slowest in window:", max(between(8, 10)))
        """,
            "window.py": """
            from bisect import bisect_left, bisect_right

            # (second, duration ms) from app-1.log, then app-2.log
            EVENTS = [(5, 120), (9, 340), (14, 80)] + [(2, 95), (7, 410), (11, 60)]
            TIMES = [t for t, _ in EVENTS]


            def between(start, end):
                lo = bisect_left(TIMES, start)
                hi = bisect_right(TIMES, end)
                return [ms for _, ms in EVENTS[lo:hi]]
        """,
        },
    ),
    P(
        "bisect_on_unsorted_sequence",
        "bisect",
        "rank of a new score among scores sorted descending",
        "IndexError",
        U_BISECT,
        {
            "leaderboard.py": """
            import bisect

            scores = sorted([70, 98, 85, 91], reverse=True)
            MEDALS = ["gold", "silver", "bronze", "fourth"]


            def medal_for(new_score):
                rank = bisect.bisect_left(scores, new_score)
                return MEDALS[rank]


            print(medal_for(99))
        """,
        },
    ),
    # graphlib.TopologicalSorter takes node -> predecessors; the graph was written as node -> successors
    P(
        "graphlib_edges_reversed",
        "graphlib",
        "pipeline steps given as step -> next steps, run in static_order",
        "KeyError",
        U_GRAPHLIB,
        {
            "pipeline.py": """
            from graphlib import TopologicalSorter

            STEPS = {
                "fetch": lambda r: ["3", "1", "2"],
                "parse": lambda r: [int(x) for x in r["fetch"]],
                "report": lambda r: sum(r["parse"]),
            }
            FLOW = {"fetch": {"parse"}, "parse": {"report"}}

            results = {}
            for step in TopologicalSorter(FLOW).static_order():
                results[step] = STEPS[step](results)
            print(results["report"])
        """,
        },
    ),
    P(
        "graphlib_edges_reversed",
        "graphlib",
        "installer adds each requirement with add(dependency, package)",
        "RuntimeError",
        U_GRAPHLIB,
        {
            "install.py": """
            from resolver import install_order

            REQUIRES = {"webapp": ["orm", "templating"], "orm": ["dbdriver"]}
            installed = set()
            for pkg in install_order(REQUIRES):
                missing = [dep for dep in REQUIRES.get(pkg, []) if dep not in installed]
                if missing:
                    raise RuntimeError(f"cannot install {pkg}: {', '.join(missing)} not installed yet")
                installed.add(pkg)
            print(sorted(installed))
        """,
            "resolver.py": """
            import graphlib


            def install_order(requires):
                ts = graphlib.TopologicalSorter()
                for pkg, deps in requires.items():
                    for dep in deps:
                        ts.add(dep, pkg)
                return list(ts.static_order())
        """,
        },
    ),
    P(
        "graphlib_edges_reversed",
        "sqlite3",
        "migrations ordered with get_ready/done from a 'runs before' map",
        "OperationalError",
        U_GRAPHLIB,
        {
            "migrate.py": """
            import sqlite3
            from graphlib import TopologicalSorter

            from migrations import MIGRATIONS, RUNS_BEFORE

            db = sqlite3.connect(":memory:")
            sorter = TopologicalSorter(RUNS_BEFORE)
            sorter.prepare()
            while sorter.is_active():
                for name in sorter.get_ready():
                    db.execute(MIGRATIONS[name])
                    sorter.done(name)
            print(db.execute("select count(*) from users").fetchone())
        """,
            "migrations.py": """
            MIGRATIONS = {
                "0001_users": "create table users (id integer primary key, email text)",
                "0002_email_index": "create index users_email on users (email)",
            }
            # each migration -> the migrations that must run after it
            RUNS_BEFORE = {"0001_users": {"0002_email_index"}}
        """,
        },
    ),
    # textwrap.dedent removes only the indentation common to all lines; the first line had none
    P(
        "dedent_with_text_on_first_line",
        "textwrap",
        "plugin source built in a triple-quoted string and compiled",
        "IndentationError",
        U_DEDENT,
        {
            "plugin_host.py": """
            import textwrap

            PLUGIN = textwrap.dedent('''import math
                def area(r):
                    return math.pi * r * r
            ''')

            namespace = {}
            exec(compile(PLUGIN, "<plugin>", "exec"), namespace)
            print(namespace["area"](2))
        """,
        },
    ),
    P(
        "dedent_with_text_on_first_line",
        "csv",
        "inline stock table stripped, then dedented, then read with DictReader",
        "KeyError",
        U_DEDENT,
        {
            "restock.py": """
            import csv
            import io

            from fixtures import STOCK_TABLE

            SHELF = {"apple": 40, "pear": 12}

            for row in csv.DictReader(io.StringIO(STOCK_TABLE)):
                print(row["name"], SHELF[row["name"]] - int(row["qty"]))
        """,
            "fixtures.py": """
            import textwrap

            STOCK_TABLE = textwrap.dedent('''
                name,qty
                apple,3
                pear,5
            '''.strip())
        """,
        },
    ),
    P(
        "dedent_with_text_on_first_line",
        "email",
        "test message headers written in an indented literal, parsed by email",
        "AttributeError",
        U_DEDENT,
        {
            "notify.py": """
            import email
            import textwrap

            RAW = textwrap.dedent('''From: build@ci.example
                To: dev@example.org, ops@example.org
                Subject: nightly build failed

                See the log.
            ''')

            msg = email.message_from_string(RAW)
            for rcpt in msg["To"].split(","):
                print("notify", rcpt.strip())
        """,
        },
    ),
    # a global "error" warnings filter, set far away, turns an ordinary warning into an exception
    P(
        "warnings_filter_error_global",
        "locale",
        "settings module sets simplefilter('error'), report calls getdefaultlocale",
        "DeprecationWarning",
        U_WARNINGS,
        {
            "report.py": """
            import locale

            import settings

            lang, encoding = locale.getdefaultlocale()
            print(settings.TITLE, lang, encoding)
        """,
            "settings.py": """
            import warnings

            # be strict about our own code
            warnings.simplefilter("error")

            TITLE = "Monthly report"
        """,
        },
    ),
    P(
        "warnings_filter_error_global",
        "re",
        "strict filter installed by a debug helper, a character class triggers FutureWarning",
        "FutureWarning",
        U_WARNINGS,
        {
            "lint_names.py": """
            import debugtools
            from patterns import IDENT

            debugtools.enable_strict_mode()
            for name in ["total", "9lives"]:
                print(name, bool(IDENT().fullmatch(name)))
        """,
            "debugtools.py": """
            import warnings


            def enable_strict_mode():
                warnings.filterwarnings("error")
        """,
            "patterns.py": """
            import re


            def IDENT():
                return re.compile(r"[[:alpha:]_][\\w]*")
        """,
        },
    ),
    P(
        "warnings_filter_error_global",
        "configparser",
        "package __init__ turns warnings into errors, loader uses SafeConfigParser",
        "DeprecationWarning",
        U_WARNINGS,
        {
            "run_tool.py": """
            from tool.config import load

            print(load("[tool]\\nverbose = yes\\n").getboolean("tool", "verbose"))
        """,
            "tool/__init__.py": """
            import warnings

            warnings.filterwarnings("error", category=DeprecationWarning)
        """,
            "tool/config.py": """
            import configparser


            def load(text):
                parser = configparser.SafeConfigParser()
                parser.read_string(text)
                return parser
        """,
        },
    ),
    # a JSON document (true/false/null) fed to a Python-literal parser
    P(
        "json_text_parsed_as_python_literal",
        "ast",
        "feature flags from an HTTP body read with ast.literal_eval",
        "ValueError",
        U_LITERAL,
        {
            "flags.py": """
            import ast

            body = '{"dark_mode": true, "beta": false}'
            flags = ast.literal_eval(body)
            print(flags["dark_mode"])
        """,
        },
    ),
    P(
        "json_text_parsed_as_python_literal",
        "builtins",
        "webhook payload turned into a dict with eval",
        "NameError",
        U_LITERAL,
        {
            "webhook.py": """
            from payloads import decode

            raw = '{"event": "push", "ref": "main", "forced": false, "pusher": null}'
            print(decode(raw)["event"])
        """,
            "payloads.py": """
            def decode(text):
                return eval(text)
        """,
        },
    ),
    P(
        "json_text_parsed_as_python_literal",
        "ast",
        "saved state file written by json.dump, read back by a literal loader",
        "ValueError",
        U_LITERAL,
        {
            "resume.py": """
            import json

            from state import load_state

            with open("state.json", "w") as fh:
                json.dump({"step": 3, "done": [1, 2], "error": None}, fh)
            print(load_state("state.json")["step"])
        """,
            "state.py": """
            from ast import literal_eval
            from pathlib import Path


            def load_state(path):
                return literal_eval(Path(path).read_text())
        """,
        },
    ),
    # os.listdir / scandir / glob(root_dir=) give names relative to the listed directory, not to the cwd
    P(
        "listed_names_without_directory",
        "os",
        "os.listdir of an inbox folder, files opened by bare name",
        "FileNotFoundError",
        U_LISTDIR,
        {
            "read_inbox.py": """
            import json
            import os

            os.makedirs("inbox", exist_ok=True)
            with open(os.path.join("inbox", "msg-001.json"), "w") as fh:
                json.dump({"from": "ana", "text": "hi"}, fh)

            for name in sorted(os.listdir("inbox")):
                with open(name) as fh:
                    print(json.load(fh)["from"])
        """,
        },
    ),
    P(
        "listed_names_without_directory",
        "shutil",
        "scandir entries copied to a backup folder by entry.name",
        "FileNotFoundError",
        U_LISTDIR,
        {
            "backup.py": """
            import os

            from copier import copy_all

            os.makedirs("photos", exist_ok=True)
            open(os.path.join("photos", "beach.jpg"), "wb").write(b"\\xff\\xd8")
            print(copy_all("photos", "backup"))
        """,
            "copier.py": """
            import os
            import shutil


            def copy_all(src, dst):
                os.makedirs(dst, exist_ok=True)
                copied = 0
                with os.scandir(src) as entries:
                    for entry in entries:
                        if entry.is_file():
                            shutil.copy(entry.name, dst)
                            copied += 1
                return copied
        """,
        },
    ),
    P(
        "listed_names_without_directory",
        "glob",
        "glob with root_dir= gives names relative to the export folder",
        "FileNotFoundError",
        U_LISTDIR,
        {
            "merge_exports.py": """
            import csv
            import glob
            import os

            os.makedirs("exports", exist_ok=True)
            with open("exports/2024-05.csv", "w", newline="") as fh:
                csv.writer(fh).writerows([["sku", "units"], ["A1", "4"]])

            total = 0
            for name in glob.glob("*.csv", root_dir="exports"):
                with open(name, newline="") as fh:
                    total += sum(int(r["units"]) for r in csv.DictReader(fh))
            print(total)
        """,
        },
    ),
]
