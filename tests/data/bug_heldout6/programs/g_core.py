"""Groups in the language and core library whose messages are generic (unpacking, int(), NoneType operands, list vs
scalar): a capturing group in re.split, round() with ndigits, argparse's nargs=1, exec() inside a function, regex flags
passed as count, zip_longest's None padding, a missing comma, a trailing comma, and data headers used as field
names."""

from programs import P

U_RESPLIT = "https://github.com/valpackett/pcre-heavy/issues/15"
U_ROUND = "https://github.com/commaai/opendbc/pull/553"
U_NARGS = "https://github.com/soldni/springs/issues/14"
U_EXEC = "https://github.com/diveintomark/diveintopython3/issues/37"
U_REFLAGS = "https://github.com/python/cpython/issues/56166"
U_ZIPLONGEST = "https://github.com/python/typeshed/pull/7655"
U_COMMA = "https://github.com/PyCQA/baron/pull/156"
U_TRAILING = "https://github.com/Shopify/shopify_python/issues/67"
U_HEADERS = "https://github.com/turicas/rows/issues/329"

PROGRAMS = [
    # a capturing group in the re.split pattern puts the separators into the result list
    P(
        "re_split_pattern_with_capturing_group",
        "re",
        "quantities split on comma or semicolon, then summed",
        "ValueError",
        U_RESPLIT,
        {
            "sum_quantities.py": """
            import re

            line = "3,4;5,10"
            parts = re.split(r"(,|;)", line)
            print(sum(int(p) for p in parts))
        """,
        },
    ),
    P(
        "re_split_pattern_with_capturing_group",
        "re",
        "key = value lines split by a config helper",
        "ValueError",
        U_RESPLIT,
        {
            "load_env.py": """
            from envfile import parse

            print(parse("timeout = 30\\nretries = 4\\n"))
        """,
            "envfile.py": """
            import re

            ASSIGN = re.compile(r"\\s*(=)\\s*")


            def parse(text):
                settings = {}
                for line in text.splitlines():
                    key, value = ASSIGN.split(line)
                    settings[key] = value
                return settings
        """,
        },
    ),
    P(
        "re_split_pattern_with_capturing_group",
        "re",
        "record 'k:v|k:v' split once, keys and values zipped from alternate items",
        "TypeError",
        U_RESPLIT,
        {
            "profile.py": """
            import re


            def parse_record(text):
                parts = re.split(r"([:|])", text)
                return dict(zip(parts[::2], parts[1::2]))


            record = parse_record("name:ana|age:31")
            print(record["age"] + 1)
        """,
        },
    ),
    # round(x, 0) returns a float; only round(x) returns an int
    P(
        "round_with_ndigits_returns_float",
        "core",
        "number of pages from round(total / size, 0) fed to range",
        "TypeError",
        U_ROUND,
        {
            "paginate.py": """
            total_items = 47
            page_size = 10

            pages = round(total_items / page_size + 0.5, 0)
            for page in range(pages):
                print("page", page + 1)
        """,
        },
    ),
    P(
        "round_with_ndigits_returns_float",
        "core",
        "nearest sample picked by a rounded position in a helper",
        "TypeError",
        U_ROUND,
        {
            "resample.py": """
            from nearest import sample_at

            signal = [0.0, 0.4, 0.9, 1.3, 1.1, 0.6]
            print([sample_at(signal, t) for t in (0.0, 0.5, 1.0)])
        """,
            "nearest.py": """
            def sample_at(samples, t):
                pos = round(t * (len(samples) - 1), 0)
                return samples[pos]
        """,
        },
    ),
    P(
        "round_with_ndigits_returns_float",
        "core",
        "progress bar width from round(percent / 10, 0)",
        "TypeError",
        U_ROUND,
        {
            "progress.py": """
            def bar(done, total):
                percent = 100 * done / total
                filled = round(percent / 10, 0)
                return "[" + "#" * filled + "." * (10 - filled) + "]"


            print(bar(37, 120))
        """,
        },
    ),
    # argparse's nargs=1 stores a one-element list, not the value
    P(
        "argparse_nargs_one_gives_list",
        "argparse",
        "--output with nargs=1 opened as a file",
        "TypeError",
        U_NARGS,
        {
            "export.py": """
            import argparse

            parser = argparse.ArgumentParser()
            parser.add_argument("--output", nargs=1, default=["out.txt"])
            args = parser.parse_args()

            with open(args.output, "w") as fh:
                fh.write("done\\n")
        """,
        },
        "--output",
        "result.txt",
    ),
    P(
        "argparse_nargs_one_gives_list",
        "argparse",
        "--log-level with nargs=1 looked up in a dict of levels",
        "TypeError",
        U_NARGS,
        {
            "service.py": """
            import logging

            from cli import parse_args

            LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING}

            args = parse_args()
            logging.basicConfig(level=LEVELS[args.log_level])
            logging.info("started")
        """,
            "cli.py": """
            import argparse


            def parse_args(argv=None):
                p = argparse.ArgumentParser(prog="service")
                p.add_argument("-l", "--log-level", nargs=1, choices=["debug", "info", "warning"], default="info")
                return p.parse_args(argv)
        """,
        },
        "-l",
        "debug",
    ),
    P(
        "argparse_nargs_one_gives_list",
        "argparse",
        "--workers with nargs=1 and type=int used as a count",
        "TypeError",
        U_NARGS,
        {
            "crawl.py": """
            import argparse
            import threading

            parser = argparse.ArgumentParser()
            parser.add_argument("--workers", type=int, nargs=1, default=[2])
            opts = parser.parse_args()

            threads = [threading.Thread(target=print, args=(f"worker {i}",)) for i in range(opts.workers)]
            for t in threads:
                t.start()
        """,
        },
        "--workers",
        "4",
    ),
    # inside a function, exec() and writes to locals() do not create local variables
    P(
        "exec_cannot_create_function_locals",
        "builtins",
        "plugin code exec'd inside a loader function, then its handler read",
        "NameError",
        U_EXEC,
        {
            "plugins.py": """
            SOURCE = '''
            def handler(event):
                return event.upper()
            '''


            def load_plugin(src):
                exec(src)
                return handler


            print(load_plugin(SOURCE)("deploy"))
        """,
        },
    ),
    P(
        "exec_cannot_create_function_locals",
        "builtins",
        "python-syntax settings file executed by a reader in a module",
        "NameError",
        U_EXEC,
        {
            "main.py": """
            from pathlib import Path

            from settings_reader import read_settings

            Path("local_settings.py").write_text("DEBUG = True\\nPORT = 8001\\n")
            print(read_settings("local_settings.py"))
        """,
            "settings_reader.py": """
            from pathlib import Path


            def read_settings(path):
                exec(Path(path).read_text())
                return {"debug": DEBUG, "port": PORT}
        """,
        },
    ),
    P(
        "exec_cannot_create_function_locals",
        "builtins",
        "defaults installed by assigning into locals()",
        "NameError",
        U_EXEC,
        {
            "backoff.py": """
            DEFAULTS = {"retries": 3, "delay": 0.5}


            def total_wait(**overrides):
                for name, value in {**DEFAULTS, **overrides}.items():
                    locals()[name] = value
                return retries * delay


            print(total_wait(delay=1.0))
        """,
        },
    ),
    # re.sub/re.split take count/maxsplit before flags: a flag passed positionally becomes the count
    P(
        "regex_flags_passed_as_count",
        "re",
        "indentation stripped with re.sub(..., re.MULTILINE)",
        "KeyError",
        U_REFLAGS,
        {
            "weights.py": """
            import re

            RAW = '''  alpha: 1
              beta: 2
              gamma: 3'''
            KNOWN = {"alpha": 0.2, "beta": 0.3, "gamma": 0.5}

            text = re.sub(r"^\\s+", "", RAW, re.MULTILINE)
            for line in text.splitlines():
                name, count = line.split(": ")
                print(name, KNOWN[name] * int(count))
        """,
        },
    ),
    P(
        "regex_flags_passed_as_count",
        "re",
        "separated values split with re.split(..., re.IGNORECASE)",
        "ValueError",
        U_REFLAGS,
        {
            "scores.py": """
            from splitter import split_values

            print(sum(int(v) for v in split_values("12 AND 7 and 30 And 4")))
        """,
            "splitter.py": """
            import re


            def split_values(text):
                return re.split(r"\\s+and\\s+", text, re.IGNORECASE)
        """,
        },
    ),
    P(
        "regex_flags_passed_as_count",
        "csv",
        "header renamed with re.sub(..., re.I) before DictReader",
        "KeyError",
        U_REFLAGS,
        {
            "costs.py": """
            import csv
            import io
            import re

            DATA = "Item,Price,Qty\\npen,1.20,10\\n"
            header, _, body = DATA.partition("\\n")
            header = re.sub(r"price", "cost", header, re.I)

            for row in csv.DictReader(io.StringIO(header + "\\n" + body)):
                print(row["Item"], float(row["cost"]) * int(row["Qty"]))
        """,
        },
    ),
    # itertools.zip_longest pads the shorter input with None
    P(
        "zip_longest_pads_with_none",
        "itertools",
        "two quarters of weekly sales added pairwise",
        "TypeError",
        U_ZIPLONGEST,
        {
            "sales.py": """
            from itertools import zip_longest

            q1 = [120, 98, 143, 110]
            q2 = [131, 102, 150]

            print([a + b for a, b in zip_longest(q1, q2)])
        """,
        },
    ),
    P(
        "zip_longest_pads_with_none",
        "itertools",
        "table row labels joined with column values",
        "TypeError",
        U_ZIPLONGEST,
        {
            "render.py": """
            from layout import label_line

            print(label_line(["name", "role", "team"], ["Ana", "lead"]))
        """,
            "layout.py": """
            import itertools


            def label_line(labels, values):
                cells = itertools.chain.from_iterable(itertools.zip_longest(labels, values))
                return " ".join(cells)
        """,
        },
    ),
    P(
        "zip_longest_pads_with_none",
        "itertools",
        "settings dict built from keys and values of unequal length",
        "AttributeError",
        U_ZIPLONGEST,
        {
            "connect.py": """
            from itertools import zip_longest

            KEYS = ["host", "port", "timeout"]
            line = "db.internal 5432"

            cfg = dict(zip_longest(KEYS, line.split()))
            print(cfg["host"], cfg["port"], cfg["timeout"].strip())
        """,
        },
    ),
    # a missing comma between two string literals silently joins them
    P(
        "missing_comma_joins_strings",
        "csv",
        "DictReader fieldnames list with a missing comma",
        "KeyError",
        U_COMMA,
        {
            "contacts.py": """
            import csv
            import io

            FIELDS = [
                "id",
                "name"
                "email",
                "city",
            ]
            DATA = "1,Ana,ana@example.org,Porto\\n"

            for row in csv.DictReader(io.StringIO(DATA), fieldnames=FIELDS):
                print(row["name"], row["email"])
        """,
        },
    ),
    P(
        "missing_comma_joins_strings",
        "core",
        "connection tuple in a settings module unpacked into three names",
        "ValueError",
        U_COMMA,
        {
            "db_check.py": """
            from settings import DATABASE

            host, port, user = DATABASE
            print(f"{user}@{host}:{port}")
        """,
            "settings.py": """
            DATABASE = (
                "db.local"
                "5432",
                "admin",
            )
        """,
        },
    ),
    P(
        "missing_comma_joins_strings",
        "subprocess",
        "argv list for subprocess.run with a missing comma",
        "FileNotFoundError",
        U_COMMA,
        {
            "list_files.py": """
            import subprocess

            cmd = ["ls" "-l", "."]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            print(out.stdout)
        """,
        },
    ),
    # a trailing comma turns the assigned value into a one-element tuple
    P(
        "trailing_comma_makes_tuple",
        "time",
        "retry delay constant with a trailing comma passed to time.sleep",
        "TypeError",
        U_TRAILING,
        {
            "retry.py": """
            import time

            import config


            def fetch_with_retry(attempts=2):
                for attempt in range(attempts):
                    if attempt:
                        time.sleep(config.RETRY_DELAY)
                    print("attempt", attempt + 1)


            fetch_with_retry()
        """,
            "config.py": """
            RETRY_DELAY = 0.01,
            MAX_ATTEMPTS = 3
        """,
        },
    ),
    P(
        "trailing_comma_makes_tuple",
        "core",
        "path attribute assigned with a trailing comma in __init__",
        "TypeError",
        U_TRAILING,
        {
            "notes.py": """
            class Notebook:
                def __init__(self, path):
                    self.path = path,
                    self.lines = []

                def save(self):
                    with open(self.path, "w") as fh:
                        fh.write("\\n".join(self.lines))


            nb = Notebook("notes.txt")
            nb.lines.append("buy milk")
            nb.save()
        """,
        },
    ),
    P(
        "trailing_comma_makes_tuple",
        "core",
        "limit parsed with int(...), then used as a slice bound",
        "TypeError",
        U_TRAILING,
        {
            "top_n.py": """
            import sys

            from ranking import top

            print(top(["b", "a", "d", "c"], sys.argv[1]))
        """,
            "ranking.py": """
            def top(items, limit_text):
                limit = int(limit_text),
                return sorted(items)[:limit]
        """,
        },
        "2",
    ),
    # column headers from data used as identifiers (namedtuple / dataclass fields)
    P(
        "data_header_used_as_identifier",
        "collections",
        "namedtuple built from a passengers CSV header with a 'class' column",
        "ValueError",
        U_HEADERS,
        {
            "passengers.py": """
            import csv
            import io
            from collections import namedtuple

            DATA = "name,class,fare\\nAna,2,31.5\\n"
            reader = csv.reader(io.StringIO(DATA))
            Passenger = namedtuple("Passenger", next(reader))
            for row in reader:
                print(Passenger(*row))
        """,
        },
    ),
    P(
        "data_header_used_as_identifier",
        "dataclasses",
        "record type made with make_dataclass from a JSON schema's keys",
        "TypeError",
        U_HEADERS,
        {
            "transfers.py": """
            import json

            from records import record_type

            schema = json.loads('{"from": "str", "to": "str", "amount": "float"}')
            Transfer = record_type("Transfer", schema)
            print(Transfer("A", "B", 9.5))
        """,
            "records.py": """
            from dataclasses import make_dataclass

            TYPES = {"str": str, "float": float, "int": int}


            def record_type(name, schema):
                return make_dataclass(name, [(key, TYPES[kind]) for key, kind in schema.items()])
        """,
        },
    ),
    P(
        "data_header_used_as_identifier",
        "collections",
        "spreadsheet header with spaces turned into a namedtuple in a loader",
        "ValueError",
        U_HEADERS,
        {
            "subjects.py": """
            from sheet import rows

            for r in rows("Subject ID\\tAge\\nS-01\\t44\\n"):
                print(r)
        """,
            "sheet.py": """
            import collections


            def rows(tsv):
                lines = tsv.strip().splitlines()
                Row = collections.namedtuple("Row", lines[0].split("\\t"))
                return [Row(*line.split("\\t")) for line in lines[1:]]
        """,
        },
    ),
]
