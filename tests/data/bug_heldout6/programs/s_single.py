"""Singletons: causes with no sibling in the set, most next to a group (the same exception type or nearly the same
message, a different mistake)."""

from programs import P

PROGRAMS = [
    # rapidfuzz returns None when nothing reaches score_cutoff (next to rapidfuzz_results_unpacked_as_pairs)
    P(
        "rapidfuzz_score_cutoff_returns_none",
        "rapidfuzz",
        "strict cutoff, no product name close enough",
        "TypeError",
        "https://github.com/rapidfuzz/RapidFuzz/pull/11",
        {
            "match_sku.py": """
            from rapidfuzz import process

            PRODUCTS = ["usb-c cable", "hdmi cable", "power adapter"]

            name, score, index = process.extractOne("wireless mouse", PRODUCTS, score_cutoff=85)
            print(name, score)
        """,
        },
    ),
    # the choices argument is a single string, so each character is a choice
    P(
        "fuzzy_choices_given_as_string",
        "rapidfuzz",
        "store name matched against one string instead of a list of names",
        "KeyError",
        "https://github.com/seatgeek/thefuzz/issues/7",
        {
            "store_lookup.py": """
            from rapidfuzz import process

            STORES = {"north cnc": 14, "south lathe": 9}
            known = "north cnc"

            best, score, _ = process.extractOne("cnc north", known)
            print(best, STORES[best])
        """,
        },
    ),
    # literal_eval rejects expressions, even if their operands are literals (next to json_text_parsed_as_python_literal)
    P(
        "literal_eval_given_expression",
        "ast",
        "manifest value written as `a or b`, read with literal_eval",
        "ValueError",
        "https://github.com/OCA/pylint-odoo/pull/510",
        {
            "read_manifest.py": """
            import ast
            from pathlib import Path

            Path("__manifest__.py").write_text('{"name": "sales", "summary": "" or "Sales tools", "depends": ["base"]}')
            manifest = ast.literal_eval(Path("__manifest__.py").read_text())
            print(manifest["depends"])
        """,
        },
    ),
    # exec with two different dicts runs like a class body: functions do not see each other
    P(
        "exec_with_separate_globals_and_locals",
        "builtins",
        "user script executed with exec(code, {}, {})",
        "NameError",
        "https://github.com/lanmaster53/pyscripter-er/pull/1",
        {
            "sandbox.py": """
            SCRIPT = '''
            def tax(amount):
                return round(amount * 0.21, 2)

            def total(amount):
                return amount + tax(amount)

            print(total(100))
            '''

            exec(SCRIPT, {}, {})
        """,
        },
    ),
    # pyparsing's Keyword also checks the character before it (next to keyword_matched_as_prefix_literal)
    P(
        "pyparsing_keyword_after_literal_without_space",
        "pyparsing",
        "unit suffix parsed as a Keyword right after a number literal",
        "ParseException",
        "https://github.com/pyparsing/pyparsing/issues/433",
        {
            "sizes.py": """
            import pyparsing as pp

            number = pp.Word(pp.nums)
            unit = pp.Keyword("MB") | pp.Keyword("GB")
            size = number + unit

            print(size.parse_string("512 MB"))
            print(size.parse_string("2GB"))
        """,
        },
    ),
    # re.split with several capture groups puts None for the groups that did not take part
    P(
        "re_split_alternation_groups_give_none",
        "re",
        "date split on '-' or '/' with two capture groups, parts joined",
        "TypeError",
        "https://github.com/mrabarnett/mrab-regex/issues/182",
        {
            "normalise_dates.py": """
            import re


            def normalise(date):
                parts = re.split(r"(-)|(/)", date)
                return "".join(parts).replace("/", "-")


            print(normalise("07/14/2007"))
        """,
        },
    ),
    # nargs="+" collects a list, the code expects one comma-separated string (next to argparse_nargs_one_gives_list)
    P(
        "argparse_nargs_plus_value_split",
        "argparse",
        "--extensions with nargs='+' split on commas",
        "AttributeError",
        "https://github.com/seanh/terminal_velocity/pull/41",
        {
            "scan.py": """
            import argparse

            parser = argparse.ArgumentParser()
            parser.add_argument("--extensions", nargs="+", default="txt,md")
            args = parser.parse_args()

            wanted = {"." + ext.strip() for ext in args.extensions.split(",")}
            print(sorted(wanted))
        """,
        },
        "--extensions",
        "txt,md",
        "rst",
    ),
    # the fill value passed positionally becomes a third iterable (next to zip_longest_pads_with_none)
    P(
        "zip_longest_fill_value_positional",
        "itertools",
        "fill value given as a third positional argument",
        "TypeError",
        "https://github.com/saimj7/People-Counting-in-Real-Time/issues/4",
        {
            "export_counts.py": """
            from itertools import zip_longest

            entered = [3, 5, 2]
            left = [1, 4]

            for a, b in zip_longest(entered, left, 0):
                print(a - b)
        """,
        },
    ),
    # a package lists itself as its own dependency (next to graphlib_edges_reversed)
    P(
        "graphlib_node_depends_on_itself",
        "graphlib",
        "build targets where one target lists itself among its inputs",
        "CycleError",
        "https://github.com/ogx-ai/ogx/pull/6157",
        {
            "make_lite.py": """
            from graphlib import TopologicalSorter

            TARGETS = {
                "app": ["lib", "assets"],
                "lib": ["lib", "headers"],
                "assets": [],
                "headers": [],
            }
            print(list(TopologicalSorter(TARGETS).static_order()))
        """,
        },
    ),
    # {row[0]} in a format field is an item lookup: on a dict it looks up the key 0 (next to quoted_key_in_format_field)
    P(
        "format_field_index_on_dict",
        "string",
        "row template written for tuples, rows now come as dicts",
        "KeyError",
        "https://github.com/aroberge/friendly/issues/164",
        {
            "print_rows.py": """
            TEMPLATE = "{row[0]:<8}{row[1]:>6}"

            rows = [{"sku": "A-100", "qty": 4}, {"sku": "B-220", "qty": 11}]
            for row in rows:
                print(TEMPLATE.format(row=row))
        """,
        },
    ),
    # bisect.bisect is bisect_right: it points after an existing value (next to bisect_on_unsorted_sequence)
    P(
        "bisect_right_used_to_find_existing_value",
        "bisect",
        "sorted version list searched with bisect.bisect for an existing version",
        "IndexError",
        "https://github.com/DanielStutzbach/blist/issues/87",
        {
            "releases.py": """
            import bisect

            VERSIONS = [(1, 0), (1, 2), (2, 0), (2, 1)]
            NOTES = ["first", "fixes", "rewrite", "latest"]


            def notes_for(version):
                i = bisect.bisect(VERSIONS, version)
                return NOTES[i]


            print(notes_for((1, 2)))
            print(notes_for((2, 1)))
        """,
        },
    ),
    # a timedelta added to a float timestamp (next to sum_without_start_value)
    P(
        "timedelta_added_to_float_timestamp",
        "datetime",
        "scheduler stores epoch seconds, interval configured as a timedelta",
        "TypeError",
        "https://github.com/AppDaemon/appdaemon/issues/19",
        {
            "scheduler.py": """
            import time
            from datetime import timedelta

            from jobs import JOBS

            for job in JOBS:
                job["next_run"] = time.time()
                job["next_run"] += job["every"]
                print(job["name"], job["next_run"])
        """,
            "jobs.py": """
            from datetime import timedelta

            JOBS = [{"name": "backup", "every": timedelta(hours=6)}]
        """,
        },
    ),
    # the temporary file was moved away inside the with-block; closing it then fails to delete it
    P(
        "tempfile_moved_before_close",
        "tempfile",
        "atomic write: temp file renamed to the target inside the with-block",
        "FileNotFoundError",
        "https://github.com/python/cpython/issues/73759",
        {
            "atomic_save.py": """
            import os
            import tempfile


            def save(path, text):
                with tempfile.NamedTemporaryFile("w", dir=".", prefix="save-", suffix=".tmp") as tmp:
                    tmp.write(text)
                    tmp.flush()
                    os.replace(tmp.name, path)


            save("report.txt", "all good\\n")
            print(open("report.txt").read())
        """,
        },
    ),
    # not every sqlparse token is a group: leaf tokens have no .tokens
    P(
        "sqlparse_leaf_token_walked_as_group",
        "sqlparse",
        "recursive walk reads .tokens of every token",
        "AttributeError",
        "https://github.com/andialbrecht/sqlparse/issues/646",
        {
            "sql_tables.py": """
            import sqlparse


            def walk(token, depth=0):
                yield depth, token
                for child in token.tokens:
                    yield from walk(child, depth + 1)


            statement = sqlparse.parse("SELECT id FROM users WHERE age > 30")[0]
            print(sum(1 for _ in walk(statement)))
        """,
        },
    ),
    # TopologicalSorter accepts no new nodes after prepare() (next to graphlib_edges_reversed)
    P(
        "graphlib_node_added_after_prepare",
        "graphlib",
        "late task added to a sorter that is already being drained",
        "ValueError",
        "https://github.com/python/cpython/pull/11583",
        {
            "task_runner.py": """
            from graphlib import TopologicalSorter

            ts = TopologicalSorter({"compile": {"fetch"}, "test": {"compile"}})
            ts.prepare()
            done = []
            while ts.is_active():
                for task in ts.get_ready():
                    done.append(task)
                    if task == "compile":
                        ts.add("lint", "fetch")
                    ts.done(task)
            print(done)
        """,
        },
    ),
]
