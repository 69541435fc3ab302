"""Groups around time values, words, files and query strings: epoch floats used as datetimes, inflect's False for a
singular word, copying or renaming onto an existing directory, literal names given to glob matching, '**' without
recursive=True, lists urlencoded without doseq, str.title() after an apostrophe, subprocess output never captured, and
configparser's DEFAULT section showing up in every section."""

from programs import P

U_EPOCH = "https://github.com/kiorky/croniter/pull/11"
U_SINGULAR = "https://github.com/jaraco/inflect/issues/73"
U_EXISTS = "https://github.com/python/cpython/pull/8792"
U_BRACKETS = "https://github.com/amietn/vcsi/pull/61"
U_RECURSIVE = "https://github.com/roskakori/pygount/issues/59"
U_DOSEQ = "https://github.com/benoitc/hackney/issues/349"
U_TITLE = "https://github.com/beetbox/beets/issues/3033"
U_CAPTURE = "https://github.com/canonical/checkbox/issues/1548"
U_DEFAULT = "https://github.com/python/cpython/issues/77514"

PROGRAMS = [
    # a float of seconds since the epoch is used where a datetime was expected
    P(
        "epoch_float_used_as_datetime",
        "croniter",
        "next run of a cron expression formatted with strftime",
        "AttributeError",
        U_EPOCH,
        {
            "next_run.py": r"""
            from datetime import datetime

            from croniter import croniter

            JOBS = {"backup": "0 2 * * *", "report": "30 8 * * 1"}
            now = datetime(2024, 6, 3, 12, 0)

            for name, expr in JOBS.items():
                nxt = croniter(expr, now).get_next()
                print(f"{name:8} next at {nxt.strftime('%a %H:%M')}")
        """,
        },
    ),
    P(
        "epoch_float_used_as_datetime",
        "os",
        "age of a cache file from os.path.getmtime subtracted from datetime.now()",
        "TypeError",
        U_EPOCH,
        {
            "cache_check.py": r"""
            from datetime import timedelta

            from freshness import age_of

            if age_of("cache/prices.json") > timedelta(hours=1):
                print("cache is stale")
        """,
            "freshness.py": r"""
            import os
            from datetime import datetime


            def age_of(path):
                modified = os.path.getmtime(path)
                return datetime.now() - modified
        """,
            "cache/prices.json": '{"eur": 1.0}\n',
        },
    ),
    P(
        "epoch_float_used_as_datetime",
        "time",
        "job start stored from time.time() and parsed with fromisoformat",
        "TypeError",
        U_EPOCH,
        {
            "jobs.py": r"""
            import time
            from datetime import datetime

            job = {"id": 42, "started": time.time()}


            def describe(job):
                started = datetime.fromisoformat(job["started"])
                return f"job {job['id']} started {started:%H:%M}"


            print(describe(job))
        """,
        },
    ),
    # inflect's singular_noun() returns False for a word that is already singular
    P(
        "singular_noun_false_for_singular_word",
        "inflect",
        "tag words lower-cased after singular_noun()",
        "AttributeError",
        U_SINGULAR,
        {
            "tag_cloud.py": r"""
            from collections import Counter

            import inflect

            p = inflect.engine()
            words = ["Tests", "tests", "Python", "Bugs"]
            counts = Counter(p.singular_noun(w).lower() for w in words)
            print(counts.most_common())
        """,
        },
    ),
    P(
        "singular_noun_false_for_singular_word",
        "inflect",
        "model class looked up by the singular of a table name",
        "KeyError",
        U_SINGULAR,
        {
            "orm_map.py": r"""
            import inflect

            from models import MODELS

            p = inflect.engine()
            for table in ["users", "invoices", "staff"]:
                model = MODELS[p.singular_noun(table)]
                print(table, "->", model)
        """,
            "models.py": r"""
            MODELS = {"user": "User", "invoice": "Invoice", "staff": "StaffMember"}
        """,
        },
    ),
    P(
        "singular_noun_false_for_singular_word",
        "inflect",
        "button label built from the singular of a collection name",
        "TypeError",
        U_SINGULAR,
        {
            "labels.py": r"""
            import inflect

            p = inflect.engine()


            def add_button(collection):
                return "Add " + p.singular_noun(collection)


            for name in ["photos", "albums", "media"]:
                print(add_button(name))
        """,
        },
    ),
    # the destination already exists (from an earlier run or as a folder), which copytree/rename refuse
    P(
        "destination_directory_already_exists",
        "shutil",
        "site skeleton copied with copytree into an existing output folder",
        "FileExistsError",
        U_EXISTS,
        {
            "new_site.py": r"""
            import shutil

            shutil.copytree("skeleton", "site")
            print("site ready")
        """,
            "skeleton/index.html": "<h1>hello</h1>\n",
            "site/old.html": "<h1>previous build</h1>\n",
        },
    ),
    P(
        "destination_directory_already_exists",
        "os",
        "build folder renamed to dist while dist still has files",
        "OSError",
        U_EXISTS,
        {
            "release.py": r"""
            import os

            from steps import build

            build("build")
            os.rename("build", "dist")
            print("released", os.listdir("dist"))
        """,
            "steps.py": r"""
            import os


            def build(folder):
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, "app.bin"), "w") as fh:
                    fh.write("binary")
        """,
            "dist/app-0.9.bin": "old binary\n",
        },
    ),
    P(
        "destination_directory_already_exists",
        "pathlib",
        "report moved with Path.rename onto the archive folder",
        "IsADirectoryError",
        U_EXISTS,
        {
            "archive_report.py": r"""
            from pathlib import Path

            report = Path("report.txt")
            report.write_text("weekly numbers\n")
            report.rename("archive")
            print("archived")
        """,
            "archive/2024-05.txt": "older numbers\n",
        },
    ),
    # a real file name with [ ] is a character class to glob/fnmatch, so the file itself is not matched
    P(
        "literal_filename_used_as_glob_pattern",
        "glob",
        "export file found with glob from a name containing brackets",
        "IndexError",
        U_BRACKETS,
        {
            "open_export.py": r"""
            import glob

            name = "report[2024].csv"
            path = glob.glob(f"exports/{name}")[0]
            with open(path) as fh:
                print(fh.readline().strip())
        """,
            "exports/report[2024].csv": "month,total\njan,10\n",
        },
    ),
    P(
        "literal_filename_used_as_glob_pattern",
        "fnmatch",
        "newest copy of a photo chosen with fnmatch.filter",
        "ValueError",
        U_BRACKETS,
        {
            "latest_photo.py": r"""
            import fnmatch
            import os

            from settings import PHOTO

            copies = fnmatch.filter(os.listdir("photos"), PHOTO)
            newest = max(copies, key=lambda n: os.path.getsize(os.path.join("photos", n)))
            print("newest:", newest)
        """,
            "settings.py": r"""
            PHOTO = "beach[1].jpg"
        """,
            "photos/beach[1].jpg": "jpegdata\n",
        },
    ),
    P(
        "literal_filename_used_as_glob_pattern",
        "pathlib",
        "draft note located with Path.glob and next()",
        "StopIteration",
        U_BRACKETS,
        {
            "open_draft.py": r"""
            from pathlib import Path

            title = "plan [draft].md"
            note = next(Path("notes").glob(title))
            print(note.read_text())
        """,
            "notes/plan [draft].md": "# plan\n",
        },
    ),
    # without recursive=True, '**' in glob is just '*': exactly one directory level, not zero or more
    P(
        "double_star_without_recursive",
        "glob",
        "ini files of a config tree read with glob('conf/**/*.ini')",
        "KeyError",
        U_RECURSIVE,
        {
            "load_conf.py": r"""
            import configparser
            import glob

            cfg = configparser.ConfigParser()
            cfg.read(sorted(glob.glob("conf/**/*.ini")))
            print("db host:", cfg["db"]["host"])
        """,
            "conf/base.ini": "[db]\nhost = localhost\n",
            "conf/prod/override.ini": "[cache]\nttl = 60\n",
        },
    ),
    P(
        "double_star_without_recursive",
        "glob",
        "summary csv found with iglob('data/**/*.csv') and next()",
        "StopIteration",
        U_RECURSIVE,
        {
            "summary.py": r"""
            import glob

            from finder import first

            path = first("data/**/*.csv", "summary.csv")
            print(open(path).read())
        """,
            "finder.py": r"""
            import glob


            def first(pattern, suffix):
                return next(p for p in glob.iglob(pattern) if p.endswith(suffix))
        """,
            "data/summary.csv": "total,42\n",
            "data/2024/jan.csv": "total,5\n",
        },
    ),
    P(
        "double_star_without_recursive",
        "glob",
        "first markdown page of the docs collected with glob('docs/**/*.md')",
        "IndexError",
        U_RECURSIVE,
        {
            "build_docs.py": r"""
            import glob

            pages = sorted(glob.glob("docs/**/*.md"))
            print("home page:", pages[0])
            print(len(pages), "pages")
        """,
            "docs/index.md": "# Home\n",
            "docs/install.md": "# Install\n",
        },
    ),
    # urlencode() without doseq=True writes a list as its repr, not as repeated parameters
    P(
        "list_param_encoded_without_doseq",
        "urllib.parse",
        "ids sent as urlencode({'ids': [...]}) and parsed as ints",
        "ValueError",
        U_DOSEQ,
        {
            "batch_fetch.py": r"""
            from urllib.parse import parse_qs, urlencode

            query = urlencode({"ids": [3, 7, 12], "format": "json"})

            # what the receiving side does with the query string
            params = parse_qs(query)
            ids = [int(v) for v in params["ids"]]
            print("fetching", ids)
        """,
        },
    ),
    P(
        "list_param_encoded_without_doseq",
        "urllib.parse",
        "tag filter encoded by a client helper and matched against known tags",
        "KeyError",
        U_DOSEQ,
        {
            "search_tags.py": r"""
            from urllib.parse import parse_qs

            from client import build_query

            TAG_COLORS = {"python": "blue", "web": "green", "data": "orange"}

            params = parse_qs(build_query(["python", "web"]))
            for tag in params["tag"]:
                print(tag, TAG_COLORS[tag])
        """,
            "client.py": r"""
            from urllib.parse import urlencode


            def build_query(tags, page=1):
                return urlencode({"tag": tags, "page": page})
        """,
        },
    ),
    P(
        "list_param_encoded_without_doseq",
        "urllib.parse",
        "column list sent in a query and split on commas by the server",
        "KeyError",
        U_DOSEQ,
        {
            "export_columns.py": r"""
            from urllib.parse import parse_qsl, urlencode

            ROW = {"id": 1, "name": "Ana", "email": "ana@x.io"}

            url = "/export?" + urlencode({"cols": ["id", "name"]})
            params = dict(parse_qsl(url.split("?", 1)[1]))
            columns = params["cols"].split(",")
            print({c: ROW[c] for c in columns})
        """,
        },
    ),
    # str.title() starts a new word after an apostrophe ("Chef'S"); string.capwords does not
    P(
        "title_case_capitalises_after_apostrophe",
        "core",
        "menu item normalised with title() and priced from a dict",
        "KeyError",
        U_TITLE,
        {
            "menu.py": r"""
            PRICES = {"Chef's Special": 14.0, "House Salad": 8.5}

            orders = ["house salad", "chef's special"]
            for item in orders:
                name = item.strip().title()
                print(f"{name}: {PRICES[name]:.2f}")
        """,
        },
    ),
    P(
        "title_case_capitalises_after_apostrophe",
        "core",
        "book title title-cased and located in a catalogue list",
        "ValueError",
        U_TITLE,
        {
            "shelf.py": r"""
            CATALOGUE = ["Dune", "The Hitchhiker's Guide", "Emma"]


            def shelf_position(title):
                return CATALOGUE.index(title.title())


            print(shelf_position("the hitchhiker's guide"))
        """,
        },
    ),
    P(
        "title_case_capitalises_after_apostrophe",
        "core",
        "shop category label title-cased in a helper and looked up with .get()",
        "TypeError",
        U_TITLE,
        {
            "nav.py": r"""
            from labels import normalise
            from shop import CATEGORIES

            for raw in ["women's shoes", "kids"]:
                category = CATEGORIES.get(normalise(raw))
                print(raw, "->", category["slug"])
        """,
            "labels.py": r"""
            def normalise(label):
                return " ".join(label.split()).title()
        """,
            "shop.py": r"""
            CATEGORIES = {
                "Women's Shoes": {"slug": "womens-shoes"},
                "Kids": {"slug": "kids"},
            }
        """,
        },
    ),
    # without capture_output / stdout=PIPE the child writes to the terminal and the result's stdout is None
    P(
        "subprocess_output_not_captured",
        "subprocess",
        "words of a child's output split from subprocess.run(...).stdout",
        "AttributeError",
        U_CAPTURE,
        {
            "versions.py": r"""
            import subprocess
            import sys

            result = subprocess.run([sys.executable, "-c", "print('3.11 3.12 3.13')"], text=True)
            versions = result.stdout.split()
            print("latest:", versions[-1])
        """,
        },
    ),
    P(
        "subprocess_output_not_captured",
        "subprocess",
        "JSON printed by a child read from Popen.communicate()",
        "TypeError",
        U_CAPTURE,
        {
            "disk_stats.py": r"""
            import json
            import subprocess
            import sys

            CHILD = "import json; print(json.dumps({'used': 71, 'free': 29}))"

            proc = subprocess.Popen([sys.executable, "-c", CHILD], stderr=subprocess.PIPE)
            out, err = proc.communicate()
            stats = json.loads(out)
            print(stats["used"], "% used")
        """,
        },
    ),
    P(
        "subprocess_output_not_captured",
        "subprocess",
        "lines of a child's listing iterated in a helper",
        "TypeError",
        U_CAPTURE,
        {
            "list_branches.py": r"""
            from shell import run_lines

            for branch in run_lines("print('main'); print('dev'); print('fix/login')"):
                print("branch:", branch)
        """,
            "shell.py": r"""
            import subprocess
            import sys


            def run_lines(code):
                result = subprocess.run([sys.executable, "-c", code], check=True, text=True)
                return [line.strip() for line in result.stdout]
        """,
        },
    ),
    # values of [DEFAULT] are visible in every section's items() and iteration
    P(
        "configparser_default_section_leaks",
        "configparser",
        "every option of [limits] converted with int()",
        "ValueError",
        U_DEFAULT,
        {
            "limits.py": r"""
            import configparser

            cfg = configparser.ConfigParser()
            cfg.read_string(
                '''
            [DEFAULT]
            log_level = info

            [limits]
            max_users = 50
            max_uploads = 10
            '''
            )

            limits = {name: int(value) for name, value in cfg["limits"].items()}
            print(limits)
        """,
        },
    ),
    P(
        "configparser_default_section_leaks",
        "configparser",
        "hook handlers looked up for each option of a section",
        "KeyError",
        U_DEFAULT,
        {
            "hooks.py": r"""
            import configparser

            from handlers import HANDLERS

            cfg = configparser.ConfigParser()
            cfg.read("app.ini")
            for option in cfg["hooks"]:
                HANDLERS[option](cfg["hooks"][option])
        """,
            "handlers.py": r"""
            def on_start(value):
                print("start ->", value)


            def on_stop(value):
                print("stop ->", value)


            HANDLERS = {"on_start": on_start, "on_stop": on_stop}
        """,
            "app.ini": "[DEFAULT]\ntimeout = 30\n\n[hooks]\non_start = warm_cache\non_stop = flush\n",
        },
    ),
    P(
        "configparser_default_section_leaks",
        "configparser",
        "server entries host:port split for each item of [servers]",
        "ValueError",
        U_DEFAULT,
        {
            "servers.py": r"""
            import configparser

            cfg = configparser.ConfigParser()
            cfg.read_string("[DEFAULT]\nretries = 3\n[servers]\nweb = 10.0.0.5:8080\napi = 10.0.0.6:9000\n")

            for name, value in cfg.items("servers"):
                host, port = value.split(":")
                print(name, host, int(port))
        """,
        },
    ),
]
