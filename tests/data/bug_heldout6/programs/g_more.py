"""More groups with generic messages: hex text without zero padding, isdigit() accepting non-decimal digits, quoted
keys in format fields, getopt stopping at the first positional, case conversions that do not round-trip, sum()
without a start value, temporary files deleted on close, `x == a or b`, itemgetter with one field, and objects
pickled from a script's __main__."""

from programs import P

U_HEX = "https://github.com/idlesign/srptools/issues/1"
U_ISDIGIT = "https://github.com/tatuylonen/wikitextprocessor/issues/428"
U_FORMATKEY = "https://github.com/python/cpython/issues/109018"
U_GETOPT = "https://github.com/cowrie/cowrie/pull/610"
U_CASE = "https://github.com/jpvanhal/inflection/issues/26"
U_SUM = "https://github.com/insilichem/ommprotocol/issues/23"
U_TEMPFILE = "https://github.com/python/cpython/pull/22431"
U_OR = "https://github.com/NullArray/AutoSploit/pull/3"
U_ITEMGETTER = "https://github.com/deepchecks/deepchecks/pull/2145"
U_PICKLEMAIN = "https://github.com/parksunwoo/show_attend_and_tell_pytorch/issues/4"

PROGRAMS = [
    # hex text made with hex()/'%x'/format(n, 'x') has no leading zero, so its length can be odd
    P(
        "hex_text_without_zero_padding",
        "core",
        "colour value turned into bytes with bytes.fromhex(hex(n)[2:])",
        "ValueError",
        U_HEX,
        {
            "palette.py": """
            def rgb_bytes(value):
                return bytes.fromhex(hex(value)[2:])


            for colour in [0xFF8800, 0x0A0B0C]:
                print(list(rgb_bytes(colour)))
        """,
        },
    ),
    P(
        "hex_text_without_zero_padding",
        "binascii",
        "session key printed with '%x' and decoded by unhexlify in a helper",
        "Error",
        U_HEX,
        {
            "handshake.py": """
            from keys import decode_key, encode_key

            secret = 0x0BADC0FFEE
            wire = encode_key(secret)
            print(wire, decode_key(wire))
        """,
            "keys.py": """
            import binascii


            def encode_key(n):
                return "%x" % n


            def decode_key(text):
                return binascii.unhexlify(text)
        """,
        },
    ),
    P(
        "hex_text_without_zero_padding",
        "core",
        "byte length derived from the length of format(n, 'x')",
        "OverflowError",
        U_HEX,
        {
            "pack_ids.py": """
            def pack(n):
                digits = format(n, "x")
                return n.to_bytes(len(digits) // 2, "big")


            print([pack(n).hex() for n in (0x1234, 0x1FF)])
        """,
        },
    ),
    # str.isdigit()/isnumeric() accept characters int()/float() reject (superscripts, circled digits, fractions)
    P(
        "isdigit_accepts_non_decimal_digits",
        "core",
        "footnote markers counted as page numbers",
        "ValueError",
        U_ISDIGIT,
        {
            "page_refs.py": """
            text = "see pages 12 and 40\\u00b2 for details"

            pages = [int(tok) for tok in text.split() if tok.isdigit()]
            print(pages)
        """,
        },
    ),
    P(
        "isdigit_accepts_non_decimal_digits",
        "core",
        "quantity field validated by isdigit in a form module",
        "ValueError",
        U_ISDIGIT,
        {
            "order_form.py": """
            from validation import quantity

            for raw in ["3", "\\u2463"]:
                print(raw, quantity(raw))
        """,
            "validation.py": """
            def quantity(text):
                text = text.strip()
                if not text.isdigit():
                    raise ValueError(f"not a number: {text!r}")
                return int(text)
        """,
        },
    ),
    P(
        "isdigit_accepts_non_decimal_digits",
        "core",
        "recipe amounts checked with isnumeric, converted with float",
        "ValueError",
        U_ISDIGIT,
        {
            "recipe.py": """
            def amount(token):
                return float(token) if token.replace(".", "", 1).isnumeric() else None


            for line in ["2 eggs", "1.5 cups flour", "\\u00bd cup sugar"]:
                qty, _, item = line.partition(" ")
                print(item, amount(qty))
        """,
        },
    ),
    # inside a format field, d['key'] looks up the key "'key'" (quotes included)
    P(
        "quoted_key_in_format_field",
        "string",
        "log line built with str.format and a quoted dict key",
        "KeyError",
        U_FORMATKEY,
        {
            "audit.py": """
            user = {"name": "ana", "role": "admin"}
            print("{user['name']} logged in as {user['role']}".format(user=user))
        """,
        },
    ),
    P(
        "quoted_key_in_format_field",
        "string",
        "connection string template from a settings module filled by format_map",
        "KeyError",
        U_FORMATKEY,
        {
            "connect.py": """
            from templates import DSN

            cfg = {"host": "db.internal", "port": 5432, "name": "orders"}
            print(DSN.format_map({"cfg": cfg}))
        """,
            "templates.py": """
            DSN = "postgresql://{cfg['host']}:{cfg['port']}/{cfg['name']}"
        """,
        },
    ),
    P(
        "quoted_key_in_format_field",
        "string",
        "email subject rendered with string.Formatter and double-quoted keys",
        "KeyError",
        U_FORMATKEY,
        {
            "mailer.py": """
            import string

            SUBJECT = 'Invoice {invoice["number"]} due {invoice["due"]}'

            invoice = {"number": "2024-117", "due": "2024-07-01"}
            print(string.Formatter().format(SUBJECT, invoice=invoice))
        """,
        },
    ),
    # getopt.getopt stops at the first non-option argument (gnu_getopt does not)
    P(
        "getopt_stops_at_first_positional",
        "getopt",
        "input file given before -o, then unpacked as the only argument",
        "ValueError",
        U_GETOPT,
        {
            "convert.py": """
            import getopt
            import sys

            opts, args = getopt.getopt(sys.argv[1:], "o:")
            (infile,) = args
            outfile = dict(opts).get("-o", "out.txt")
            print(infile, "->", outfile)
        """,
        },
        "notes.md",
        "-o",
        "notes.html",
    ),
    P(
        "getopt_stops_at_first_positional",
        "getopt",
        "options read into a dict by a CLI module, -n looked up",
        "KeyError",
        U_GETOPT,
        {
            "tail_report.py": """
            import sys

            from cli import parse

            options, files = parse(sys.argv[1:])
            print(files, "last", int(options["-n"]), "lines")
        """,
            "cli.py": """
            from getopt import getopt


            def parse(argv):
                opts, rest = getopt(argv, "n:v")
                return dict(opts), rest
        """,
        },
        "report.csv",
        "-n",
        "5",
    ),
    P(
        "getopt_stops_at_first_positional",
        "getopt",
        "every remaining argument opened as a file",
        "FileNotFoundError",
        U_GETOPT,
        {
            "count_words.py": """
            import getopt
            import sys

            with open("essay.txt", "w") as fh:
                fh.write("one two three\\n")

            opts, paths = getopt.getopt(sys.argv[1:], "v", ["verbose"])
            for path in paths:
                with open(path) as fh:
                    print(path, len(fh.read().split()))
        """,
        },
        "essay.txt",
        "--verbose",
    ),
    # camelCase <-> snake_case conversions are not inverses for acronyms and digits
    P(
        "case_conversion_not_round_trip",
        "inflection",
        "payload keys snake_cased on the way in, camelized on the way out",
        "KeyError",
        U_CASE,
        {
            "api_roundtrip.py": """
            import inflection

            incoming = {"userID": 42, "displayName": "ana"}
            internal = {inflection.underscore(k): v for k, v in incoming.items()}
            outgoing = {inflection.camelize(k, False): v for k, v in internal.items()}

            for key in incoming:
                print(key, outgoing[key])
        """,
        },
    ),
    P(
        "case_conversion_not_round_trip",
        "boltons",
        "handler registry keyed by class names rebuilt from snake_case config names",
        "KeyError",
        U_CASE,
        {
            "dispatch.py": """
            from registry import HANDLERS, config_name, handler_for

            for cls_name in HANDLERS:
                print(cls_name, handler_for(config_name(cls_name)))
        """,
            "registry.py": """
            from boltons.strutils import camel2under, under2camel

            HANDLERS = {"JSONParser": "parse_json", "CsvParser": "parse_csv"}


            def config_name(class_name):
                return camel2under(class_name)


            def handler_for(name):
                return HANDLERS[under2camel(name)]
        """,
        },
    ),
    P(
        "case_conversion_not_round_trip",
        "inflection",
        "form field names with digits camelized for JS and underscored back",
        "KeyError",
        U_CASE,
        {
            "address_form.py": """
            from inflection import camelize, underscore

            FIELDS = {"address_1": "Main St 5", "address_2": "Flat 3", "zip_code": "1011"}

            js_names = [camelize(name, False) for name in FIELDS]
            posted = {underscore(js): FIELDS[underscore(js)] for js in js_names}
            print(posted)
        """,
        },
    ),
    # sum() starts from 0; non-numbers need a start value of their own type
    P(
        "sum_without_start_value",
        "datetime",
        "total time of timedelta durations",
        "TypeError",
        U_SUM,
        {
            "timesheet.py": """
            from datetime import timedelta

            entries = [timedelta(hours=2), timedelta(minutes=45), timedelta(hours=1, minutes=30)]
            print("total:", sum(entries))
        """,
        },
    ),
    P(
        "sum_without_start_value",
        "core",
        "lists of tags from several posts flattened with sum in a helper",
        "TypeError",
        U_SUM,
        {
            "tag_cloud.py": """
            from util import flatten

            posts = [{"tags": ["python", "sql"]}, {"tags": ["rust"]}, {"tags": []}]
            print(sorted(set(flatten(p["tags"] for p in posts))))
        """,
            "util.py": """
            def flatten(lists):
                return sum(lists)
        """,
        },
    ),
    P(
        "sum_without_start_value",
        "collections",
        "word counts of several files added with sum",
        "TypeError",
        U_SUM,
        {
            "word_totals.py": """
            from collections import Counter

            docs = ["a b a", "b c", "a c c"]
            counts = [Counter(d.split()) for d in docs]
            print(sum(counts).most_common(2))
        """,
        },
    ),
    # a NamedTemporaryFile / TemporaryDirectory is removed when it is closed or garbage-collected
    P(
        "tempfile_removed_when_closed",
        "tempfile",
        "helper returns only the .name of a NamedTemporaryFile",
        "FileNotFoundError",
        U_TEMPFILE,
        {
            "snapshot.py": """
            import json
            import tempfile


            def write_snapshot(data):
                tmp = tempfile.NamedTemporaryFile("w", suffix=".json")
                json.dump(data, tmp)
                tmp.flush()
                return tmp.name


            path = write_snapshot({"items": 3})
            with open(path) as fh:
                print(json.load(fh))
        """,
        },
    ),
    P(
        "tempfile_removed_when_closed",
        "subprocess",
        "script written in a with-block, run by an external tool after it",
        "CalledProcessError",
        U_TEMPFILE,
        {
            "lint_snippet.py": """
            import subprocess
            import tempfile

            with tempfile.NamedTemporaryFile("w", suffix=".txt") as fh:
                fh.write("line one\\nline two\\n")
                script = fh.name

            result = subprocess.run(["wc", "-l", script], capture_output=True, text=True, check=True)
            print(result.stdout)
        """,
        },
    ),
    P(
        "tempfile_removed_when_closed",
        "tempfile",
        "work directory path taken from an unreferenced TemporaryDirectory",
        "FileNotFoundError",
        U_TEMPFILE,
        {
            "build.py": """
            import os

            from workspace import new_workdir

            workdir = new_workdir()
            with open(os.path.join(workdir, "main.o"), "wb") as fh:
                fh.write(b"\\x7fELF")
        """,
            "workspace.py": """
            import tempfile


            def new_workdir():
                return tempfile.TemporaryDirectory(prefix="build-").name
        """,
        },
    ),
    # `x == a or b` is `(x == a) or b`, always true when b is a non-empty constant
    P(
        "or_comparison_always_true",
        "json",
        "config loader picks the JSON branch for an INI file",
        "JSONDecodeError",
        U_OR,
        {
            "load_config.py": """
            import configparser
            import json
            from pathlib import Path

            Path("app.ini").write_text("[app]\\nname = demo\\n")


            def load(path):
                fmt = Path(path).suffix.lstrip(".")
                text = Path(path).read_text()
                if fmt == "json" or "yaml":
                    return json.loads(text)
                parser = configparser.ConfigParser()
                parser.read_string(text)
                return parser


            print(load("app.ini"))
        """,
        },
    ),
    P(
        "or_comparison_always_true",
        "gzip",
        "log reader decompresses every file because of `== '.gz' or '.bz2'`",
        "BadGzipFile",
        U_OR,
        {
            "grep_logs.py": """
            from pathlib import Path

            from readers import open_log

            Path("app.log").write_text("INFO start\\nERROR disk full\\n")
            with open_log("app.log") as fh:
                print([line for line in fh if "ERROR" in line])
        """,
            "readers.py": """
            import gzip
            import os


            def open_log(path):
                ext = os.path.splitext(path)[1]
                if ext == ".gz" or ".bz2":
                    return gzip.open(path, "rt")
                return open(path)
        """,
        },
    ),
    P(
        "or_comparison_always_true",
        "core",
        "API client treats every status as success",
        "KeyError",
        U_OR,
        {
            "client.py": """
            def handle(status, body):
                if status == 200 or 201:
                    return body["data"]
                raise RuntimeError(body.get("error", "request failed"))


            print(handle(200, {"data": [1, 2]}))
            print(handle(404, {"error": "no such user"}))
        """,
        },
    ),
    # operator.itemgetter with one field returns the value itself, not a 1-tuple
    P(
        "itemgetter_single_field_not_tuple",
        "operator",
        "configurable key columns, one column configured, result unpacked",
        "ValueError",
        U_ITEMGETTER,
        {
            "dedupe.py": """
            from operator import itemgetter

            KEY_COLUMNS = ["city"]
            rows = [{"city": "Lyon", "pop": 522}, {"city": "Nice", "pop": 342}]

            key = itemgetter(*KEY_COLUMNS)
            for row in rows:
                (city,) = key(row)
                print(city)
        """,
        },
    ),
    P(
        "itemgetter_single_field_not_tuple",
        "operator",
        "selected numeric fields summed per row in a report module",
        "ValueError",
        U_ITEMGETTER,
        {
            "totals.py": """
            from report import row_total

            rows = [{"net": "12.50", "tax": "2.40", "ship": "4.00"}]
            print([row_total(r, ["net"]) for r in rows])
        """,
            "report.py": """
            import operator


            def row_total(row, fields):
                pick = operator.itemgetter(*fields)
                return sum(float(v) for v in pick(row))
        """,
        },
    ),
    P(
        "itemgetter_single_field_not_tuple",
        "operator",
        "group label joined from the grouping key of one numeric column",
        "TypeError",
        U_ITEMGETTER,
        {
            "group_by.py": """
            from itertools import groupby
            from operator import itemgetter

            sales = [(2021, "EU", 10), (2021, "US", 7), (2022, "EU", 12)]
            GROUP_BY = [0]

            key = itemgetter(*GROUP_BY)
            for k, items in groupby(sorted(sales, key=key), key=key):
                print(" / ".join(k), sum(i[2] for i in items))
        """,
        },
    ),
    # an object pickled by a script holds the class as __main__.<Name>; another script cannot load it
    P(
        "pickled_class_from_main_module",
        "pickle",
        "vocabulary pickled by a build script, loaded by the training script",
        "AttributeError",
        U_PICKLEMAIN,
        {
            "train.py": """
            import pickle
            import subprocess
            import sys

            subprocess.run([sys.executable, "build_vocab.py"], check=True)
            with open("vocab.pkl", "rb") as fh:
                vocab = pickle.load(fh)
            print(len(vocab.words))
        """,
            "build_vocab.py": """
            import pickle


            class Vocabulary:
                def __init__(self, words):
                    self.words = sorted(set(words))


            if __name__ == "__main__":
                with open("vocab.pkl", "wb") as fh:
                    pickle.dump(Vocabulary("the cat sat on the mat".split()), fh)
        """,
        },
    ),
    P(
        "pickled_class_from_main_module",
        "shelve",
        "task queue stored in a shelf by a producer script, read by a worker",
        "AttributeError",
        U_PICKLEMAIN,
        {
            "worker.py": """
            import shelve
            import subprocess
            import sys

            subprocess.run([sys.executable, "producer.py"], check=True)
            with shelve.open("tasks") as db:
                for key in db:
                    print(key, db[key].action)
        """,
            "producer.py": """
            import shelve
            from dataclasses import dataclass


            @dataclass
            class Task:
                action: str
                target: str


            with shelve.open("tasks") as db:
                db["t1"] = Task("resize", "photo.jpg")
        """,
        },
    ),
    P(
        "pickled_class_from_main_module",
        "pickle",
        "cache written by running a package module with -m, read by a report",
        "AttributeError",
        U_PICKLEMAIN,
        {
            "report.py": """
            import pickle
            import subprocess
            import sys

            import tools.measure  # noqa: F401  (the class is importable here)

            subprocess.run([sys.executable, "-m", "tools.measure"], check=True)
            with open("points.pkl", "rb") as fh:
                points = pickle.load(fh)
            print(max(p.y for p in points))
        """,
            "tools/__init__.py": "",
            "tools/measure.py": """
            import pickle
            from typing import NamedTuple


            class Point(NamedTuple):
                x: float
                y: float


            if __name__ == "__main__":
                with open("points.pkl", "wb") as fh:
                    pickle.dump([Point(0, 1.5), Point(1, 2.5)], fh)
        """,
        },
    ),
]
