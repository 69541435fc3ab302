"""Groups whose failing path runs through a third-party library: rapidfuzz's 3-tuples read as fuzzywuzzy's pairs, a
lock placed on the data file itself, a NaN from a missing value reaching a JSON encoder, and a grammar literal that
matches the start of a longer word."""

from programs import P

U_RAPIDFUZZ = "https://github.com/athenianco/names-matcher/pull/64"
U_LOCKFILE = "https://github.com/pear/Log/issues/2"
U_NAN = "https://github.com/ultrajson/ultrajson/issues/311"
U_KEYWORD = "https://github.com/aiplan4eu/unified-planning/pull/759"

PROGRAMS = [
    # rapidfuzz's extract/extractOne give (choice, score, index) where fuzzywuzzy gave (choice, score)
    P(
        "rapidfuzz_results_unpacked_as_pairs",
        "rapidfuzz",
        "best match of a typed city name unpacked into two names",
        "ValueError",
        U_RAPIDFUZZ,
        {
            "city_lookup.py": """
            from rapidfuzz import process

            CITIES = ["Amsterdam", "Rotterdam", "Utrecht", "Eindhoven"]


            def resolve(typed):
                best, score = process.extractOne(typed, CITIES)
                return best if score > 80 else None


            print(resolve("Amsterdm"))
        """,
        },
    ),
    P(
        "rapidfuzz_results_unpacked_as_pairs",
        "rapidfuzz",
        "suggestion list built in a helper module, loop unpacks pairs",
        "ValueError",
        U_RAPIDFUZZ,
        {
            "cli.py": """
            from suggest import suggestions

            for name, score in suggestions("instal"):
                print(f"did you mean {name}? ({score:.0f})")
        """,
            "suggest.py": """
            from rapidfuzz import fuzz, process

            COMMANDS = ["install", "uninstall", "list", "show", "freeze"]


            def suggestions(word, limit=3):
                return process.extract(word, COMMANDS, scorer=fuzz.WRatio, limit=limit)
        """,
        },
    ),
    P(
        "rapidfuzz_results_unpacked_as_pairs",
        "rapidfuzz",
        "matches turned into a dict of name -> score",
        "ValueError",
        U_RAPIDFUZZ,
        {
            "dedupe_vendors.py": """
            from rapidfuzz import process
            from rapidfuzz.fuzz import token_sort_ratio

            known = ["ACME Corp", "Globex Inc", "Initech LLC", "Umbrella Ltd"]
            incoming = "Corp ACME"

            scores = dict(process.extract(incoming, known, scorer=token_sort_ratio, limit=2))
            print(max(scores, key=scores.get))
        """,
        },
    ),
    # the lock is taken on the very file that holds the data: FileLock opens its path for writing and truncates it
    P(
        "lock_taken_on_the_data_file",
        "filelock",
        "nightly report written under a SoftFileLock on the report path",
        "FileNotFoundError",
        U_LOCKFILE,
        {
            "nightly_report.py": """
            from pathlib import Path

            from filelock import SoftFileLock

            REPORT = Path("report.txt")


            def write_report(lines):
                with SoftFileLock(REPORT):
                    REPORT.write_text("\\n".join(lines) + "\\n")


            write_report(["jobs: 14", "failed: 1"])
            print(REPORT.read_text())
        """,
        },
    ),
    P(
        "lock_taken_on_the_data_file",
        "filelock",
        "cache module guards its json file with a lock of the same name",
        "FileNotFoundError",
        U_LOCKFILE,
        {
            "warm_cache.py": """
            import os

            import cache

            cache.store("exchange_rates.json", {"EUR": 1.0, "USD": 1.08})
            print("cache size:", os.path.getsize("exchange_rates.json"))
        """,
            "cache.py": """
            import json

            import filelock


            def store(path, data):
                lock = filelock.SoftFileLock(path, timeout=2)
                with lock:
                    with open(path, "w") as fh:
                        json.dump(data, fh)
        """,
        },
    ),
    P(
        "lock_taken_on_the_data_file",
        "filelock",
        "settings read under a SoftFileLock named after the settings file",
        "Timeout",
        U_LOCKFILE,
        {
            "settings_reader.py": """
            import tomllib
            from pathlib import Path

            from filelock import SoftFileLock

            SETTINGS = Path("settings.toml")
            SETTINGS.write_text('theme = "dark"\\nfont_size = 13\\n')


            def read_settings():
                with SoftFileLock(SETTINGS, timeout=0.5):
                    return tomllib.loads(SETTINGS.read_text())


            print(read_settings()["theme"])
        """,
        },
    ),
    # a missing measurement became float('nan') and travelled on unchecked into JSON / integer code
    P(
        "nan_from_missing_value_serialised",
        "ujson",
        "sensor readings with an empty cell encoded with ujson",
        "OverflowError",
        U_NAN,
        {
            "export_readings.py": """
            import csv
            import io

            import ujson

            RAW = "sensor,temp\\nA1,21.5\\nA2,\\nA3,22.1\\n"


            def to_float(text):
                return float(text) if text else float("nan")


            rows = [{"sensor": r["sensor"], "temp": to_float(r["temp"])} for r in csv.DictReader(io.StringIO(RAW))]
            print(ujson.dumps(rows, allow_nan=False))
        """,
        },
    ),
    P(
        "nan_from_missing_value_serialised",
        "json",
        "average of an empty price list sent as strict JSON",
        "ValueError",
        U_NAN,
        {
            "report.py": """
            import json

            from stats import average_prices

            orders = {"books": [12.0, 8.5], "games": []}
            print(json.dumps(average_prices(orders), allow_nan=False))
        """,
            "stats.py": """
            import math


            def mean_or_nan(values):
                return sum(values) / len(values) if values else math.nan


            def average_prices(orders):
                return {category: mean_or_nan(prices) for category, prices in orders.items()}
        """,
        },
    ),
    P(
        "nan_from_missing_value_serialised",
        "core",
        "missing age filled with NaN, later turned into an int bucket",
        "ValueError",
        U_NAN,
        {
            "age_buckets.py": """
            people = [{"name": "Ana", "age": "34"}, {"name": "Bo", "age": ""}, {"name": "Cy", "age": "51"}]

            for person in people:
                person["age"] = float(person["age"] or "nan")


            def bucket(age):
                return int(age // 10) * 10


            for person in people:
                print(person["name"], bucket(person["age"]))
        """,
        },
    ),
    # a keyword matched as a plain literal also matches the start of a longer identifier
    P(
        "keyword_matched_as_prefix_literal",
        "pyparsing",
        "filter grammar with Literal('not') meets a field named notified",
        "ParseException",
        U_KEYWORD,
        {
            "query_parser.py": """
            import pyparsing as pp

            ident = pp.Word(pp.alphas + "_", pp.alphanums + "_")
            value = pp.Word(pp.nums)
            NOT = pp.Literal("not")
            negated = NOT + ident
            assignment = ident + pp.Literal("=") + value
            statement = (negated | assignment) + pp.StringEnd()

            for line in ["not archived", "notified = 1"]:
                print(statement.parse_string(line).as_list())
        """,
        },
    ),
    P(
        "keyword_matched_as_prefix_literal",
        "pyparsing",
        "command language: 'set' literal swallows the start of 'settings'",
        "IndexError",
        U_KEYWORD,
        {
            "console.py": """
            from grammar import parse_command

            options = {}
            for line in ["set volume 7", "settings"]:
                cmd = parse_command(line)
                if cmd[0] == "set":
                    options[cmd[1]] = int(cmd[2])
                else:
                    print("run", cmd[0], options)
        """,
            "grammar.py": """
            import pyparsing as pp

            SET = pp.Literal("set")
            name = pp.Word(pp.alphas)
            number = pp.Word(pp.nums)
            set_cmd = SET + name + pp.Optional(number)
            bare_cmd = pp.Word(pp.alphas)
            command = (set_cmd | bare_cmd) + pp.StringEnd()


            def parse_command(line):
                return command.parse_string(line).as_list()
        """,
        },
    ),
    P(
        "keyword_matched_as_prefix_literal",
        "re",
        "hand-written tokenizer tries keywords with startswith before identifiers",
        "KeyError",
        U_KEYWORD,
        {
            "mini_lang.py": """
            from tokenizer import tokens

            VARS = {"index": 4, "items": 9}
            program = "print index"

            kinds = list(tokens(program))
            print([VARS[text] for kind, text in kinds if kind == "NAME"])
        """,
            "tokenizer.py": """
            import re

            KEYWORDS = ["print", "in", "if"]
            NAME = re.compile(r"[a-z_]+")


            def tokens(src):
                pos = 0
                while pos < len(src):
                    if src[pos] == " ":
                        pos += 1
                        continue
                    for kw in KEYWORDS:
                        if src.startswith(kw, pos):
                            yield "KW", kw
                            pos += len(kw)
                            break
                    else:
                        m = NAME.match(src, pos)
                        yield "NAME", m.group()
                        pos = m.end()
        """,
        },
    ),
]
