"""Groups around logging levels, stored text and file handling: lower-case level names, sqlite3's declared-type
converters meeting non-standard text, csv.QUOTE_NONNUMERIC converting unquoted fields, ChainMap writing only to its
first mapping, lazy iterators tested for emptiness, headerless files read as if they had a header, textwrap.fill()
joining lines, '\\r' left over from CRLF lines, and tempfile.mkstemp()'s (fd, path) tuple used as a path."""

from programs import P

U_LEVEL = "https://github.com/basicmachines-co/basic-memory/issues/284"
U_CONVERTER = "https://github.com/WolfgangFahl/pyLoDStorage/issues/51"
U_NONNUMERIC = "https://github.com/translate/translate/pull/3875"
U_CHAINMAP = "https://github.com/ISISNeutronMuon/MDANSE/pull/1218"
U_TRUTHY = "https://github.com/asmeurer/pytest-flakes/pull/46"
U_HEADERLESS = "https://github.com/langchain-ai/langchain/issues/6460"
U_TEXTWRAP = "https://github.com/freedomofpress/securedrop-client/issues/885"
U_CRLF = "https://github.com/SAP-archive/credential-digger/pull/75"
U_MKSTEMP = "https://github.com/ddnet/ddnet/pull/3674"

PROGRAMS = [
    # level names are upper case ('INFO'); a lower-case name is unknown to loguru and to logging
    P(
        "log_level_name_lowercase",
        "loguru",
        "loguru sink added with the level from an environment default",
        "ValueError",
        U_LEVEL,
        {
            "main.py": r"""
            import os
            import sys

            from loguru import logger

            logger.remove()
            logger.add(sys.stderr, level=os.environ.get("APP_LOG_LEVEL", "info"))
            logger.info("ready")
        """,
        },
    ),
    P(
        "log_level_name_lowercase",
        "logging",
        "logger level set from a JSON settings file",
        "ValueError",
        U_LEVEL,
        {
            "indexer.py": r"""
            import json
            import logging

            with open("settings.json") as fh:
                settings = json.load(fh)

            log = logging.getLogger("indexer")
            log.setLevel(settings["log_level"])
            log.debug("indexing %d files", 12)
        """,
            "settings.json": '{"log_level": "debug", "workers": 2}\n',
        },
    ),
    P(
        "log_level_name_lowercase",
        "logging",
        "basicConfig level from a lower-case --log-level choice",
        "ValueError",
        U_LEVEL,
        {
            "crawl.py": r"""
            import argparse
            import logging

            from setup_logging import setup

            parser = argparse.ArgumentParser()
            parser.add_argument("--log-level", choices=["debug", "info", "warning"], default="info")
            args = parser.parse_args()
            setup(args.log_level)
            logging.getLogger("crawl").warning("robots.txt missing")
        """,
            "setup_logging.py": r"""
            import logging


            def setup(level):
                logging.basicConfig(level=level, format="%(levelname)s %(name)s %(message)s")
        """,
        },
        "--log-level",
        "warning",
    ),
    # with detect_types=PARSE_DECLTYPES, sqlite3's default converters expect 'YYYY-MM-DD HH:MM:SS[.ffffff]' text
    P(
        "decltype_converter_on_nonstandard_text",
        "sqlite3",
        "TIMESTAMP column holding isoformat() text with a 'T' read back with PARSE_DECLTYPES",
        "ValueError",
        U_CONVERTER,
        {
            "events.py": r"""
            import sqlite3
            from datetime import datetime

            db = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
            db.execute("CREATE TABLE events (name TEXT, at TIMESTAMP)")
            db.execute("INSERT INTO events VALUES (?, ?)", ("deploy", datetime(2024, 6, 3, 10, 15).isoformat()))

            for name, at in db.execute("SELECT name, at FROM events"):
                print(name, at.strftime("%d %b %H:%M"))
        """,
        },
    ),
    P(
        "decltype_converter_on_nonstandard_text",
        "sqlite3",
        "DATE column filled with day/month/year text read with PARSE_DECLTYPES",
        "ValueError",
        U_CONVERTER,
        {
            "birthdays.py": r"""
            import sqlite3

            from db import connect

            db = connect()
            db.execute("INSERT INTO people VALUES (?, ?)", ("Ana", "03/06/1990"))
            for name, born in db.execute("SELECT name, born FROM people"):
                print(name, born.year)
        """,
            "db.py": r"""
            import sqlite3


            def connect():
                db = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
                db.execute("CREATE TABLE people (name TEXT, born DATE)")
                return db
        """,
        },
    ),
    P(
        "decltype_converter_on_nonstandard_text",
        "sqlite3",
        "TIMESTAMP text with a UTC offset read back with PARSE_DECLTYPES",
        "ValueError",
        U_CONVERTER,
        {
            "audit.py": r"""
            import sqlite3

            db = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
            db.execute("CREATE TABLE audit (who TEXT, at TIMESTAMP)")
            db.execute("INSERT INTO audit VALUES ('ana', '2024-06-03 10:15:00+02:00')")
            print(db.execute("SELECT who, at FROM audit").fetchall())
        """,
        },
    ),
    # with quoting=csv.QUOTE_NONNUMERIC the reader turns every unquoted field into a float
    P(
        "quote_nonnumeric_reader_floats_unquoted",
        "csv",
        "file with an unquoted header row read with QUOTE_NONNUMERIC",
        "ValueError",
        U_NONNUMERIC,
        {
            "totals.py": r"""
            import csv

            with open("sales.csv", newline="") as fh:
                rows = list(csv.reader(fh, quoting=csv.QUOTE_NONNUMERIC))
            print(sum(row[1] for row in rows[1:]))
        """,
            "sales.csv": 'region,amount\n"north",120.5\n"south",80\n',
        },
    ),
    P(
        "quote_nonnumeric_reader_floats_unquoted",
        "csv",
        "export with unquoted dates read with QUOTE_NONNUMERIC in a loader",
        "ValueError",
        U_NONNUMERIC,
        {
            "visits.py": r"""
            from loader import read_rows

            for day, user, minutes in read_rows("visits.csv"):
                print(day, user, minutes / 60)
        """,
            "loader.py": r"""
            import csv


            def read_rows(path):
                with open(path, newline="") as fh:
                    return list(csv.reader(fh, quoting=csv.QUOTE_NONNUMERIC))
        """,
            "visits.csv": '2024-06-03,"ana",42\n2024-06-03,"bo",15\n',
        },
    ),
    P(
        "quote_nonnumeric_reader_floats_unquoted",
        "csv",
        "slot numbers read with QUOTE_NONNUMERIC used as list indexes",
        "TypeError",
        U_NONNUMERIC,
        {
            "seats.py": r"""
            import csv
            import io

            SEATS = ["A1", "A2", "A3", "B1", "B2"]
            BOOKINGS = '"ana",2\n"bo",4\n'

            for name, slot in csv.reader(io.StringIO(BOOKINGS), quoting=csv.QUOTE_NONNUMERIC):
                print(name, "->", SEATS[slot])
        """,
        },
    ),
    # writes and deletions through a ChainMap only touch maps[0]; keys living in later maps are not changed
    P(
        "chainmap_writes_go_to_first_map",
        "collections",
        "setting reset with del on a ChainMap of overrides and defaults",
        "KeyError",
        U_CHAINMAP,
        {
            "prefs.py": r"""
            from collections import ChainMap

            DEFAULTS = {"theme": "light", "timeout": 30, "lang": "en"}
            user = {"theme": "dark"}
            prefs = ChainMap(user, DEFAULTS)

            for key in ("theme", "timeout"):
                del prefs[key]
            print(dict(prefs))
        """,
        },
    ),
    P(
        "chainmap_writes_go_to_first_map",
        "collections",
        "cache folder stored through a ChainMap and read from the defaults dict elsewhere",
        "KeyError",
        U_CHAINMAP,
        {
            "app.py": r"""
            from collections import ChainMap

            import config
            from cache import cache_path

            settings = ChainMap({}, config.DEFAULTS)
            settings["cache_dir"] = "/tmp/app-cache"
            print(cache_path("thumbs"))
        """,
            "config.py": r"""
            DEFAULTS = {"workers": 4}
        """,
            "cache.py": r"""
            import os

            import config


            def cache_path(name):
                return os.path.join(config.DEFAULTS["cache_dir"], name)
        """,
        },
    ),
    P(
        "chainmap_writes_go_to_first_map",
        "collections",
        "temporary name popped from the innermost scope of a ChainMap interpreter",
        "KeyError",
        U_CHAINMAP,
        {
            "tiny_interp.py": r"""
            from collections import ChainMap

            globals_ = {"tmp": 0, "total": 0}
            scope = ChainMap({}, globals_)


            def run(statements):
                for name, value in statements:
                    if value is None:
                        scope.pop(name)
                    else:
                        scope[name] = value


            run([("x", 3), ("tmp", None)])
            print(dict(scope))
        """,
        },
    ),
    # glob(), filter() and map() return lazy iterators, which are truthy even when they will yield nothing
    P(
        "lazy_iterator_tested_for_emptiness",
        "pathlib",
        "newest backup picked after an 'if not backups' check on Path.glob()",
        "ValueError",
        U_TRUTHY,
        {
            "restore.py": r"""
            from pathlib import Path

            backups = Path("backups").glob("*.tar")
            if not backups:
                print("no backups found")
            else:
                newest = max(backups, key=lambda p: p.stat().st_mtime)
                print("restoring", newest)
        """,
            "backups/README.txt": "backups are written here\n",
        },
    ),
    P(
        "lazy_iterator_tested_for_emptiness",
        "builtins",
        "first active user taken with next() after an 'if active' check on filter()",
        "StopIteration",
        U_TRUTHY,
        {
            "assign.py": r"""
            from users import USERS

            active = filter(lambda u: u["active"], USERS)
            if active:
                first = next(active)
                print("assigning to", first["name"])
            else:
                print("nobody available")
        """,
            "users.py": r"""
            USERS = [{"name": "ana", "active": False}, {"name": "bo", "active": False}]
        """,
        },
    ),
    P(
        "lazy_iterator_tested_for_emptiness",
        "builtins",
        "average of a map() of scores guarded by 'if scores'",
        "ZeroDivisionError",
        U_TRUTHY,
        {
            "average.py": r"""
            def average(fields):
                scores = map(int, fields)
                if scores:
                    return sum(scores) / len(list(scores))
                return 0.0


            print(average(["7", "9", "8"]))
        """,
        },
    ),
    # a file without a header row read as if its first line were the header
    P(
        "headerless_file_first_row_as_header",
        "csv",
        "DictReader over a headerless export read by column name",
        "KeyError",
        U_HEADERLESS,
        {
            "mailing.py": r"""
            import csv

            with open("subscribers.csv", newline="") as fh:
                for row in csv.DictReader(fh):
                    print("sending to", row["email"])
        """,
            "subscribers.csv": "ana,ana@x.io,pt\nbo,bo@x.io,en\n",
        },
    ),
    P(
        "headerless_file_first_row_as_header",
        "csv",
        "allow-list skipping a header line that the file does not have",
        "ValueError",
        U_HEADERLESS,
        {
            "firewall.py": r"""
            from allowlist import load

            ALLOWED = load("allowed.txt")
            client = "10.0.0.1"
            print(client, "is rule", ALLOWED.index(client))
        """,
            "allowlist.py": r"""
            import csv


            def load(path):
                with open(path, newline="") as fh:
                    reader = csv.reader(fh)
                    next(reader)  # skip the header
                    return [row[0] for row in reader]
        """,
            "allowed.txt": "10.0.0.1\n10.0.0.7\n192.168.1.20\n",
        },
    ),
    P(
        "headerless_file_first_row_as_header",
        "prettytable",
        "scoreboard printed from a headerless CSV with from_csv and chosen fields",
        "ValueError",
        U_HEADERLESS,
        {
            "scoreboard.py": r"""
            from prettytable import from_csv

            with open("scores.csv") as fh:
                table = from_csv(fh)
            table.field_names = [name.strip() for name in table.field_names]
            print(table.get_string(fields=["player", "score"]))
        """,
            "scores.csv": "ana,31\nbo,27\ncy,40\n",
        },
    ),
    # textwrap.fill()/wrap() replace every newline with a space before wrapping
    P(
        "textwrap_fill_replaces_newlines",
        "textwrap",
        "address wrapped with fill() then read back line by line",
        "IndexError",
        U_TEXTWRAP,
        {
            "label.py": r"""
            import textwrap

            address = "Rua das Flores 12\n4050-262 Porto\nPortugal"
            label = textwrap.fill(address, width=40)

            lines = label.split("\n")
            print("country:", lines[2])
        """,
        },
    ),
    P(
        "textwrap_fill_replaces_newlines",
        "textwrap",
        "'key: value' block wrapped for display then parsed again",
        "ValueError",
        U_TEXTWRAP,
        {
            "card.py": r"""
            import textwrap

            from profile import PROFILE

            shown = textwrap.fill(PROFILE, width=60)
            parsed = {}
            for line in shown.splitlines():
                key, value = line.split(": ")
                parsed[key] = value
            print(parsed)
        """,
            "profile.py": r"""
            PROFILE = "name: Ana Lima\nrole: editor\nteam: docs"
        """,
        },
    ),
    P(
        "textwrap_fill_replaces_newlines",
        "textwrap",
        "help text with [section] lines wrapped by a helper and split into sections",
        "KeyError",
        U_TEXTWRAP,
        {
            "helptext.py": r"""
            from wrapping import wrap_help

            HELP = "[usage]\ntool run <file>\n[options]\n-v verbose output"

            sections = {}
            current = None
            for line in wrap_help(HELP).split("\n"):
                if line.startswith("[") and line.endswith("]"):
                    current = line.strip("[]")
                    sections[current] = []
                elif current:
                    sections[current].append(line)
            print(sections["options"])
        """,
            "wrapping.py": r"""
            import textwrap


            def wrap_help(text, width=72):
                return textwrap.fill(text, width=width)
        """,
        },
    ),
    # lines of a CRLF file split on '\n' (or read with newline='') keep a trailing '\r'
    P(
        "crlf_carriage_return_kept",
        "core",
        "roles looked up for user names read from a CRLF file with newline=''",
        "KeyError",
        U_CRLF,
        {
            "roles.py": r"""
            ROLES = {"admin": "all", "editor": "write", "guest": "read"}

            with open("users.txt", newline="") as fh:
                names = [n for n in fh.read().split("\n") if n]

            for name in names:
                print(name, ROLES[name])
        """,
            "users.txt": "admin\r\neditor\r\nguest\r\n",
        },
    ),
    P(
        "crlf_carriage_return_kept",
        "core",
        "commands of a CRLF text protocol matched against a command list",
        "ValueError",
        U_CRLF,
        {
            "protocol.py": r"""
            COMMANDS = ["PING", "STATUS", "QUIT"]


            def opcodes(data: bytes):
                return [COMMANDS.index(cmd) for cmd in data.decode("ascii").split("\n") if cmd]


            print(opcodes(b"PING\r\nSTATUS\r\nQUIT\r\n"))
        """,
        },
    ),
    P(
        "crlf_carriage_return_kept",
        "core",
        "files named in a CRLF manifest opened one by one",
        "FileNotFoundError",
        U_CRLF,
        {
            "bundle.py": r"""
            from manifest import entries

            total = 0
            for name in entries("MANIFEST"):
                with open(name) as fh:
                    total += len(fh.read())
            print(total, "characters")
        """,
            "manifest.py": r"""
            def entries(path):
                with open(path, "rb") as fh:
                    return [line.decode() for line in fh.read().split(b"\n") if line]
        """,
            "MANIFEST": "intro.md\r\nusage.md\r\n",
            "intro.md": "# Intro\n",
            "usage.md": "# Usage\n",
        },
    ),
    # tempfile.mkstemp() returns (fd, path), not a path
    P(
        "mkstemp_result_used_as_path",
        "tempfile",
        "JSON written to the value returned by mkstemp()",
        "TypeError",
        U_MKSTEMP,
        {
            "snapshot.py": r"""
            import json
            import tempfile

            state = {"step": 4, "loss": 0.31}
            path = tempfile.mkstemp(suffix=".json")
            with open(path, "w") as fh:
                json.dump(state, fh)
            print("saved to", path)
        """,
        },
    ),
    P(
        "mkstemp_result_used_as_path",
        "tempfile",
        "mkstemp() result unpacked as (path, fd) and the file removed after use",
        "TypeError",
        U_MKSTEMP,
        {
            "convert.py": r"""
            import os
            import tempfile

            path, fd = tempfile.mkstemp(suffix=".txt")
            with open(path, "w") as fh:
                fh.write("intermediate data\n")
            os.remove(path)
            print("cleaned up")
        """,
        },
    ),
    P(
        "mkstemp_result_used_as_path",
        "tempfile",
        "backup copy made with shutil.copy into a helper's mkstemp() result",
        "TypeError",
        U_MKSTEMP,
        {
            "edit_safely.py": r"""
            from backup import backup_copy

            print("backup at", backup_copy("notes.txt"))
        """,
            "backup.py": r"""
            import shutil
            import tempfile


            def backup_copy(path):
                target = tempfile.mkstemp(suffix=".bak")
                shutil.copy(path, target)
                return target
        """,
            "notes.txt": "todo: ship\n",
        },
    ),
]
