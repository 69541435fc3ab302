"""Groups that end in ValueError, IndexError or NameError with generic messages: unzipping an empty list, a date
parser given a timestamp, a numeric format spec on text, relative_to between a relative and an absolute path, more
format placeholders than arguments, the first character of a blank line, assignment past the end of a list, args[0]
of an exception raised without arguments, the `except ... as` name used after its block."""

from programs import P

U_UNZIP = "https://github.com/WeiTang114/MVCNN-TensorFlow/issues/18"
U_ISODATE = "https://github.com/pajbot/pajbot/issues/1667"
U_FMTSTR = "https://github.com/Nick-bit233/mai-gen-videob50/issues/13"
U_RELTO = "https://github.com/SQLMesh/sqlmesh/pull/3937"
U_FMTIDX = "https://github.com/mkturkcan/generative-agents/issues/3"
U_BLANK = "https://github.com/guma44/GEOparse/issues/34"
U_ASSIGNIDX = "https://github.com/kivy-garden/garden.graph/pull/27"
U_ARGS0 = "https://github.com/frappe/erpnext_shopify/issues/149"
U_EXCALIAS = "https://github.com/esitarski/CrossMgr/pull/23"

PROGRAMS = [
    # xs, ys = zip(*pairs) when pairs is empty
    P(
        "zip_star_unzip_of_empty",
        "core",
        "labels and paths unzipped from a filtered list file",
        "ValueError",
        U_UNZIP,
        {
            "prepare.py": """
            from listing import read_pairs

            with open("val.txt", "w") as fh:
                fh.write("\\n")

            paths, labels = zip(*read_pairs("val.txt"))
            print(len(paths), "validation images")
        """,
            "listing.py": """
            def read_pairs(path):
                pairs = []
                with open(path) as fh:
                    for line in fh:
                        parts = line.split()
                        if len(parts) == 2:
                            pairs.append((parts[0], int(parts[1])))
                return pairs
        """,
        },
    ),
    P(
        "zip_star_unzip_of_empty",
        "core",
        "x/y series unzipped from points inside a date window",
        "ValueError",
        U_UNZIP,
        {
            "plot_week.py": """
            from datetime import date

            POINTS = [(date(2024, 1, 3), 4.0), (date(2024, 1, 9), 6.5)]


            def window(points, start, end):
                return [(d, v) for d, v in points if start <= d <= end]


            days, values = zip(*window(POINTS, date(2024, 2, 1), date(2024, 2, 7)))
            print(days, values)
        """,
        },
    ),
    P(
        "zip_star_unzip_of_empty",
        "sqlite3",
        "names and scores unzipped from an empty query result",
        "ValueError",
        U_UNZIP,
        {
            "leaderboard.py": """
            import sqlite3

            db = sqlite3.connect(":memory:")
            db.execute("create table scores (player text, points int, season int)")
            db.execute("insert into scores values ('ana', 30, 2023)")

            rows = db.execute("select player, points from scores where season = ?", (2024,)).fetchall()
            players, points = zip(*rows)
            print(dict(zip(players, points)))
        """,
        },
    ),
    # date.fromisoformat given a timestamp string
    P(
        "date_fromisoformat_given_datetime",
        "datetime",
        "date.fromisoformat on an API created_at value",
        "ValueError",
        U_ISODATE,
        {
            "signup_stats.py": """
            from datetime import date
            from collections import Counter

            USERS = [{"name": "a", "created_at": "2024-03-01T09:15:00"}, {"name": "b", "created_at": "2024-03-01"}]

            per_day = Counter(date.fromisoformat(u["created_at"]) for u in USERS)
            print(per_day)
        """,
        },
    ),
    P(
        "date_fromisoformat_given_datetime",
        "datetime",
        "due dates read from CSV with a time part",
        "ValueError",
        U_ISODATE,
        {
            "overdue.py": """
            import csv
            import io
            from datetime import date

            from dates import parse_due

            DATA = "task,due\\ninvoice,2024-04-30 17:00\\n"
            for row in csv.DictReader(io.StringIO(DATA)):
                print(row["task"], parse_due(row["due"]) < date.today())
        """,
            "dates.py": """
            from datetime import date


            def parse_due(text):
                return date.fromisoformat(text.strip())
        """,
        },
    ),
    P(
        "date_fromisoformat_given_datetime",
        "datetime",
        "time.fromisoformat given a full timestamp",
        "ValueError",
        U_ISODATE,
        {
            "shifts.py": """
            from datetime import time

            SHIFT_START = "2024-05-06T08:30:00"


            def starts_before(limit):
                return time.fromisoformat(SHIFT_START) < limit


            print(starts_before(time(9, 0)))
        """,
        },
    ),
    # a numeric format spec applied to a value that is still text
    P(
        "numeric_format_on_string_value",
        "json",
        "f-string :.2f on a JSON amount stored as a string",
        "ValueError",
        U_FMTSTR,
        {
            "receipt.py": """
            import json

            ORDER = json.loads('{"items": [{"name": "tea", "price": "3.5"}, {"name": "cake", "price": 4.25}]}')

            for item in ORDER["items"]:
                print(f"{item['name']:<6}{item['price']:>8.2f}")
        """,
        },
    ),
    P(
        "numeric_format_on_string_value",
        "os",
        "percentage from an environment variable formatted with :.0%",
        "ValueError",
        U_FMTSTR,
        {
            "quota.py": """
            import os

            from limits import warn_text

            os.environ["DISK_WARN_RATIO"] = "0.9"
            print(warn_text())
        """,
            "limits.py": """
            import os


            def warn_text():
                ratio = os.environ.get("DISK_WARN_RATIO", 0.8)
                return f"warning at {ratio:.0%} usage"
        """,
        },
    ),
    P(
        "numeric_format_on_string_value",
        "csv",
        "'{:,d}'.format on a CSV population column",
        "ValueError",
        U_FMTSTR,
        {
            "cities.py": """
            import csv
            import io

            DATA = "city,population\\nPorto,231800\\nBraga,193300\\n"

            for row in csv.reader(io.StringIO(DATA)):
                if row[0] == "city":
                    continue
                print("{:<8}{:>12,d}".format(row[0], row[1]))
        """,
        },
    ),
    # Path.relative_to between a relative and an absolute path
    P(
        "relative_to_mixed_absolute_relative",
        "pathlib",
        "source file listed relative to an absolute project root",
        "ValueError",
        U_RELTO,
        {
            "index_sources.py": """
            from pathlib import Path

            ROOT = Path.cwd()
            Path("src").mkdir(exist_ok=True)
            Path("src/app.py").write_text("print('hi')\\n")

            for f in Path("src").glob("*.py"):
                print(f.relative_to(ROOT))
        """,
        },
    ),
    P(
        "relative_to_mixed_absolute_relative",
        "pathlib",
        "artifact path from a config made relative to the resolved build dir",
        "ValueError",
        U_RELTO,
        {
            "publish.py": """
            from pathlib import Path

            from artifacts import manifest_entry

            BUILD = Path("build").resolve()
            print(manifest_entry("build/wheels/app-1.0-py3-none-any.whl", BUILD))
        """,
            "artifacts.py": """
            from pathlib import PurePosixPath


            def manifest_entry(path, build_dir):
                return str(PurePosixPath(path).relative_to(PurePosixPath(build_dir)))
        """,
        },
    ),
    P(
        "relative_to_mixed_absolute_relative",
        "pathlib",
        "absolute walk result made relative to a relative docs folder",
        "ValueError",
        U_RELTO,
        {
            "sitemap.py": """
            import os
            from pathlib import Path

            DOCS = Path("docs")
            (DOCS / "guide").mkdir(parents=True, exist_ok=True)
            (DOCS / "guide" / "start.md").write_text("# start\\n")

            for dirpath, _, files in os.walk(DOCS.resolve()):
                for name in files:
                    print((Path(dirpath) / name).relative_to(DOCS))
        """,
        },
    ),
    # more replacement fields than arguments given to str.format
    P(
        "format_placeholders_outnumber_args",
        "core",
        "one-based positional fields {1} {2}",
        "IndexError",
        U_FMTIDX,
        {
            "greeting.py": """
            TEMPLATE = "Dear {1}, your order {2} has shipped."


            def render(name, order_id):
                return TEMPLATE.format(name, order_id)


            print(render("Ms Okafor", "A-1009"))
        """,
        },
    ),
    P(
        "format_placeholders_outnumber_args",
        "core",
        "prompt template grew a {} the caller does not fill",
        "IndexError",
        U_FMTIDX,
        {
            "prompting.py": """
            from templates import SUMMARY

            print(SUMMARY.format("quarterly report", 12))
        """,
            "templates.py": """
            SUMMARY = "Summarise the {} in at most {} bullet points, in a {} tone."
        """,
        },
    ),
    P(
        "format_placeholders_outnumber_args",
        "logging",
        "str.format message built for a log line with a missing value",
        "IndexError",
        U_FMTIDX,
        {
            "etl.py": """
            import logging

            logging.basicConfig(level=logging.INFO)
            log = logging.getLogger("etl")


            def report(table, rows, seconds):
                log.info("loaded {} rows into {} in {:.1f}s".format(rows, table))


            report("events", 1200, 3.2)
        """,
        },
    ),
    # the first character of a line that is blank
    P(
        "blank_line_first_char_checked",
        "core",
        "comment filter on line[0] of a config file",
        "IndexError",
        U_BLANK,
        {
            "hosts_file.py": """
            with open("hosts.conf", "w") as fh:
                fh.write("# cluster\\nweb1 10.0.0.5\\n\\nweb2 10.0.0.6\\n")

            entries = []
            with open("hosts.conf") as fh:
                for line in fh:
                    line = line.strip()
                    if line[0] == "#":
                        continue
                    entries.append(line.split())
            print(entries)
        """,
        },
    ),
    P(
        "blank_line_first_char_checked",
        "core",
        "title-casing words split on single spaces",
        "IndexError",
        U_BLANK,
        {
            "headline.py": """
            from text_utils import title_case

            print(title_case("python  tips for  beginners"))
        """,
            "text_utils.py": """
            def title_case(text):
                return " ".join(word[0].upper() + word[1:] for word in text.split(" "))
        """,
        },
    ),
    P(
        "blank_line_first_char_checked",
        "csv",
        "sign check on the first character of an empty amount field",
        "IndexError",
        U_BLANK,
        {
            "ledger.py": """
            import csv
            import io

            DATA = "date,amount\\n2024-01-02,-40\\n2024-01-03,\\n2024-01-04,+15\\n"

            for row in csv.DictReader(io.StringIO(DATA)):
                kind = "debit" if row["amount"][0] == "-" else "credit"
                print(row["date"], kind)
        """,
        },
    ),
    # assignment by index into a list that was never sized
    P(
        "assign_index_on_empty_list",
        "core",
        "results[i] = ... into an empty list",
        "IndexError",
        U_ASSIGNIDX,
        {
            "squares.py": """
            def squares(n):
                results = []
                for i in range(n):
                    results[i] = i * i
                return results


            print(squares(4))
        """,
        },
    ),
    P(
        "assign_index_on_empty_list",
        "core",
        "per-worker slots list filled by worker id",
        "IndexError",
        U_ASSIGNIDX,
        {
            "pool_stats.py": """
            from stats import Collector

            c = Collector(workers=3)
            for worker_id, seconds in [(0, 1.5), (2, 0.7), (1, 2.1)]:
                c.record(worker_id, seconds)
            print(c.slots)
        """,
            "stats.py": """
            class Collector:
                def __init__(self, workers):
                    self.workers = workers
                    self.slots = []

                def record(self, worker_id, seconds):
                    self.slots[worker_id] = seconds
        """,
        },
    ),
    P(
        "assign_index_on_empty_list",
        "core",
        "matrix rows created empty then filled by column",
        "IndexError",
        U_ASSIGNIDX,
        {
            "matrix.py": """
            def identity(n):
                m = [[] for _ in range(n)]
                for i in range(n):
                    for j in range(n):
                        m[i][j] = 1 if i == j else 0
                return m


            print(identity(3))
        """,
        },
    ),
    # exc.args[0] of an exception raised without arguments
    P(
        "exception_args_empty",
        "core",
        "error handler reads e.args[0] of a bare custom exception",
        "IndexError",
        U_ARGS0,
        {
            "payments.py": """
            class PaymentDeclined(Exception):
                pass


            def charge(amount):
                if amount > 100:
                    raise PaymentDeclined
                return "ok"


            try:
                charge(250)
            except PaymentDeclined as e:
                print("declined:", e.args[0])
        """,
        },
    ),
    P(
        "exception_args_empty",
        "core",
        "retry loop inspects err.args[0] for an HTTP code",
        "IndexError",
        U_ARGS0,
        {
            "sync_orders.py": """
            from api import fetch_orders, ApiError

            for attempt in range(3):
                try:
                    print(fetch_orders())
                    break
                except ApiError as err:
                    if err.args[0].startswith("402"):
                        raise SystemExit("billing problem")
        """,
            "api.py": """
            class ApiError(Exception):
                pass


            def fetch_orders():
                raise ApiError()
        """,
        },
    ),
    P(
        "exception_args_empty",
        "concurrent.futures",
        "worker raises a bare TimeoutError, caller formats args[0]",
        "IndexError",
        U_ARGS0,
        {
            "probe_hosts.py": """
            from concurrent.futures import ThreadPoolExecutor


            def probe(host):
                if host.endswith(".slow"):
                    raise TimeoutError
                return host


            with ThreadPoolExecutor() as pool:
                futures = [pool.submit(probe, h) for h in ["a.fast", "b.slow"]]
                for fut in futures:
                    exc = fut.exception()
                    print("failed: " + exc.args[0] if exc else fut.result())
        """,
        },
    ),
    # the name bound by `except ... as` is deleted at the end of the except block
    P(
        "except_alias_used_after_block",
        "core",
        "module-level script reports the error after the try",
        "NameError",
        U_EXCALIAS,
        {
            "import_csv.py": """
            import csv

            error = None
            try:
                with open("missing.csv") as fh:
                    rows = list(csv.reader(fh))
            except OSError as error:
                rows = []

            if error:
                print("could not read input:", error)
            print(len(rows), "rows")
        """,
        },
    ),
    P(
        "except_alias_used_after_block",
        "core",
        "function returns the caught exception after the block",
        "UnboundLocalError",
        U_EXCALIAS,
        {
            "health.py": """
            from checks import run_check

            print(run_check(lambda: 1 / 0))
        """,
            "checks.py": """
            def run_check(fn):
                failure = None
                try:
                    fn()
                except Exception as failure:
                    pass
                return "ok" if failure is None else f"failed: {failure!r}"
        """,
        },
    ),
    P(
        "except_alias_used_after_block",
        "json",
        "last parse error kept for a summary after a loop",
        "NameError",
        U_EXCALIAS,
        {
            "parse_events.py": """
            import json

            LINES = ['{"a": 1}', '{bad json}', '{"b": 2}']
            parsed = []
            for line in LINES:
                try:
                    parsed.append(json.loads(line))
                except json.JSONDecodeError as last_error:
                    continue

            print(f"{len(parsed)} parsed; last error: {last_error}")
        """,
        },
    ),
]
