"""The last eight groups: '%' in configparser values, a default container mutated but never stored, list.extend /
set.update / += given a string, max() of a dict, os.path.basename of a path ending in a slash, and environment
values that are strings while their defaults are numbers, calendar.monthrange's (weekday, days) order, and
Counter.most_common(1) being a list."""

from programs import P

U_PERCENT = "https://github.com/mobeigi/fb2cal/issues/37"
U_DEFAULT = "https://github.com/piskvorky/sqlitedict/issues/34"
U_EXTEND = "https://github.com/app-sre/qontract-reconcile/pull/288"
U_MAXDICT = "https://github.com/SeldonIO/alibi/issues/610"
U_BASENAME = "https://github.com/ga4gh/ga4gh-server/issues/1032"
U_ENV = "https://github.com/opea-project/GenAIExamples/issues/261"
U_MONTHRANGE = "https://github.com/picklepete/pyicloud/pull/133"
U_MOSTCOMMON = "https://github.com/aimacode/aima-python/pull/323"

PROGRAMS = [
    # ConfigParser's default BasicInterpolation treats '%' in values as interpolation syntax
    P(
        "configparser_percent_in_value",
        "configparser",
        "password containing '%' read from an ini file",
        "InterpolationSyntaxError",
        U_PERCENT,
        {
            "login.py": """
            import configparser
            from pathlib import Path

            Path("account.ini").write_text("[account]\\nuser = ana\\npassword = s3cr%t!\\n")

            config = configparser.ConfigParser()
            config.read("account.ini")
            print(config["account"]["user"], len(config["account"]["password"]))
        """,
        },
    ),
    P(
        "configparser_percent_in_value",
        "configparser",
        "URL-encoded endpoint read by a settings module",
        "InterpolationSyntaxError",
        U_PERCENT,
        {
            "fetch_report.py": """
            from settings import endpoint

            print("GET", endpoint("reports"))
        """,
            "settings.py": """
            import configparser

            _parser = configparser.ConfigParser()
            _parser.read_string('''
            [api]
            reports = https://api.example.org/v1/reports?filter=status%3Dopen
            ''')


            def endpoint(name):
                return _parser.get("api", name)
        """,
        },
    ),
    P(
        "configparser_percent_in_value",
        "configparser",
        "logging format string stored in the app's ini file",
        "InterpolationMissingOptionError",
        U_PERCENT,
        {
            "setup_logging.py": """
            import configparser
            import logging

            INI = '''
            [log]
            level = INFO
            format = %(asctime)s %(levelname)s %(message)s
            '''

            cfg = configparser.ConfigParser()
            cfg.read_string(INI)
            logging.basicConfig(level=cfg["log"]["level"], format=cfg["log"]["format"])
            logging.info("ready")
        """,
        },
    ),
    # dict.get(key, default) returns a fresh default that is never stored in the dict
    P(
        "default_container_never_stored",
        "core",
        "players grouped with teams.get(team, []).append(name)",
        "KeyError",
        U_DEFAULT,
        {
            "teams.py": """
            players = [("ana", "red"), ("bo", "blue"), ("cy", "red")]

            teams = {}
            for name, team in players:
                teams.get(team, []).append(name)

            print("red team:", ", ".join(teams["red"]))
        """,
        },
    ),
    P(
        "default_container_never_stored",
        "core",
        "preferences merged into cache.get(user, {}) in a store module",
        "KeyError",
        U_DEFAULT,
        {
            "profile_page.py": """
            import prefs

            prefs.save("ana", {"theme": "dark", "lang": "pt"})
            print(prefs.theme_of("ana"))
        """,
            "prefs.py": """
            _cache = {}


            def save(user, values):
                _cache.get(user, {}).update(values)


            def theme_of(user):
                return _cache[user]["theme"]
        """,
        },
    ),
    P(
        "default_container_never_stored",
        "core",
        "word counts computed with counts.get(word, 0) + 1 without assignment",
        "ValueError",
        U_DEFAULT,
        {
            "top_word.py": """
            TEXT = "the cat and the hat and the bat"

            counts = {}
            for word in TEXT.split():
                counts.get(word, 0) + 1

            print(max(counts, key=counts.get))
        """,
        },
    ),
    # list.extend / set.update / list += take an iterable, so a string adds its characters
    P(
        "string_added_as_characters",
        "core",
        "ticket tags extended with one tag string",
        "ValueError",
        U_EXTEND,
        {
            "triage.py": """
            tags = ["bug"]
            tags.extend("urgent")

            PRIORITY = ["urgent", "high", "normal"]
            print("position of urgent tag:", tags.index("urgent"))
        """,
        },
    ),
    P(
        "string_added_as_characters",
        "core",
        "role set updated with a single role name in an auth module",
        "PermissionError",
        U_EXTEND,
        {
            "admin_panel.py": """
            from auth import grant, require

            grant("ana", "admin")
            require("ana", "admin")
            print("welcome to the admin panel")
        """,
            "auth.py": """
            ROLES = {}


            def grant(user, role):
                ROLES.setdefault(user, set()).update(role)


            def require(user, role):
                if role not in ROLES.get(user, set()):
                    raise PermissionError(f"{user} lacks role {role!r}")
        """,
        },
    ),
    P(
        "string_added_as_characters",
        "core",
        "recipient list grown with += user email",
        "ValueError",
        U_EXTEND,
        {
            "newsletter.py": """
            recipients = ["ops@example.org"]
            new_member = {"name": "bo", "email": "bo@example.org"}
            recipients += new_member["email"]

            for address in recipients:
                user, domain = address.split("@")
                print(user, "at", domain)
        """,
        },
    ),
    # max() of a dict compares the keys, not the values
    P(
        "max_of_dict_compares_keys",
        "core",
        "slowest endpoint threshold from max(latency_by_endpoint)",
        "TypeError",
        U_MAXDICT,
        {
            "alerts.py": """
            latency_by_endpoint = {"/login": 120.0, "/search": 340.0, "/cart": 95.0}

            threshold = max(latency_by_endpoint) * 1.5
            print("alert above", threshold, "ms")
        """,
        },
    ),
    P(
        "max_of_dict_compares_keys",
        "core",
        "embedding table sized by max() of a category -> size dict",
        "IndexError",
        U_MAXDICT,
        {
            "embed.py": """
            from tables import allocate

            categories = {0: 2, 1: 3, 2: 8}
            table = allocate(categories)
            for row, size in zip(table, categories.values()):
                for j in range(size):
                    row[j] = 1.0 / size
            print(table)
        """,
            "tables.py": """
            def allocate(category_sizes):
                # one row per category, wide enough for the largest category
                width = max(category_sizes)
                return [[0.0] * width for _ in category_sizes]
        """,
        },
    ),
    P(
        "max_of_dict_compares_keys",
        "core",
        "predicted class taken as max() of a label -> probability dict",
        "KeyError",
        U_MAXDICT,
        {
            "classify.py": """
            ACTIONS = {"cat": "open cat door", "dog": "open dog door"}

            probabilities = {"cat": 0.7, "dog": 0.2, "raccoon": 0.1}
            predicted = max(probabilities)
            print(ACTIONS[predicted])
        """,
        },
    ),
    # os.path.basename("dir/") is "", unlike the basename command
    P(
        "basename_of_path_with_trailing_slash",
        "os.path",
        "archive named after a source folder given with a trailing slash",
        "IsADirectoryError",
        U_BASENAME,
        {
            "pack.py": """
            import os
            import sys

            src = sys.argv[1]
            os.makedirs(src, exist_ok=True)
            os.makedirs("out", exist_ok=True)
            name = os.path.basename(src)
            with open(os.path.join("out", name), "w") as fh:
                fh.write("\\n".join(os.listdir(src)))
        """,
        },
        "photos/",
    ),
    P(
        "basename_of_path_with_trailing_slash",
        "os.path",
        "dataset registry keyed by folder name, folder path ends with '/'",
        "KeyError",
        U_BASENAME,
        {
            "train.py": """
            from registry import dataset_for

            print(dataset_for("data/cifar10/"))
        """,
            "registry.py": """
            import os

            DATASETS = {"cifar10": {"classes": 10}, "mnist": {"classes": 10}}


            def dataset_for(path):
                return DATASETS[os.path.basename(path)]
        """,
        },
    ),
    P(
        "basename_of_path_with_trailing_slash",
        "urllib.parse",
        "download saved under the basename of a URL path ending in '/'",
        "FileNotFoundError",
        U_BASENAME,
        {
            "download.py": """
            import os
            from urllib.parse import urlsplit


            def local_name(url):
                return os.path.basename(urlsplit(url).path)


            url = "https://files.example.org/releases/v2.1/"
            with open(local_name(url), "wb") as fh:
                fh.write(b"payload")
        """,
        },
    ),
    # os.getenv / os.environ.get return strings when the variable is set; the default's type hides it
    P(
        "env_value_is_string_default_is_int",
        "os",
        "port read with os.getenv('PORT', 8080) after a .env loader set it",
        "TypeError",
        U_ENV,
        {
            "serve.py": """
            import os

            import dotenv_lite

            dotenv_lite.load("PORT=9000\\n")
            port = os.getenv("PORT", 8080)
            for candidate in range(port, port + 3):
                print("trying", candidate)
        """,
            "dotenv_lite.py": """
            import os


            def load(text):
                for line in text.splitlines():
                    key, _, value = line.partition("=")
                    os.environ.setdefault(key.strip(), value.strip())
        """,
        },
    ),
    P(
        "env_value_is_string_default_is_int",
        "os",
        "request timeout compared with a limit",
        "TypeError",
        U_ENV,
        {
            "client_config.py": """
            import os

            os.environ["HTTP_TIMEOUT"] = "45"

            timeout = os.environ.get("HTTP_TIMEOUT", 30)
            if timeout > 60:
                raise SystemExit("timeout too long")
            print("timeout", timeout)
        """,
        },
    ),
    P(
        "env_value_is_string_default_is_int",
        "concurrent.futures",
        "worker count from the environment passed to ThreadPoolExecutor",
        "TypeError",
        U_ENV,
        {
            "crawler.py": """
            import os
            from concurrent.futures import ThreadPoolExecutor

            from config import WORKERS

            with ThreadPoolExecutor(max_workers=WORKERS) as pool:
                print(list(pool.map(len, ["a", "bb", "ccc"])))
        """,
            "config.py": """
            import os

            os.environ.setdefault("CRAWLER_WORKERS", "8")
            WORKERS = os.environ.get("CRAWLER_WORKERS", 4)
        """,
        },
    ),
    # calendar.monthrange returns (weekday of the 1st, number of days), not (first day, last day)
    P(
        "monthrange_read_as_first_and_last_day",
        "calendar",
        "calendar sync window built from first_day, last_day = monthrange(...)",
        "ValueError",
        U_MONTHRANGE,
        {
            "sync_window.py": """
            from calendar import monthrange
            from datetime import datetime

            year, month = 2024, 4
            first_day, last_day = monthrange(year, month)
            start = datetime(year, month, first_day)
            end = datetime(year, month, last_day, 23, 59)
            print(start, "->", end)
        """,
        },
    ),
    P(
        "monthrange_read_as_first_and_last_day",
        "calendar",
        "rota with one slot per day, day count taken from monthrange(...)[0]",
        "KeyError",
        U_MONTHRANGE,
        {
            "rota.py": """
            from rota_days import slots_for

            rota = slots_for(2024, 2)
            rota[15].append("ana")
            print(len(rota), "days planned")
        """,
            "rota_days.py": """
            import calendar


            def slots_for(year, month):
                days_in_month = calendar.monthrange(year, month)[0]
                return {day: [] for day in range(1, days_in_month + 1)}
        """,
        },
    ),
    P(
        "monthrange_read_as_first_and_last_day",
        "calendar",
        "billing period end computed as date(y, m, last) with last, _ = monthrange(...)",
        "ValueError",
        U_MONTHRANGE,
        {
            "invoice.py": """
            from billing import period

            for month in (8, 9):
                print(period(2025, month))
        """,
            "billing.py": """
            import calendar
            from datetime import date


            def period(year, month):
                last, _ = calendar.monthrange(year, month)
                return date(year, month, 1), date(year, month, last)
        """,
        },
    ),
    # Counter.most_common(n) returns a list of (item, count) pairs even for n=1
    P(
        "most_common_one_is_a_list",
        "collections",
        "most frequent word unpacked directly from most_common(1)",
        "ValueError",
        U_MOSTCOMMON,
        {
            "word_stats.py": """
            from collections import Counter

            words = "to be or not to be that is the question".split()
            word, count = Counter(words).most_common(1)
            print(word, count)
        """,
        },
    ),
    P(
        "most_common_one_is_a_list",
        "collections",
        "count of the busiest hour read as top[1]",
        "IndexError",
        U_MOSTCOMMON,
        {
            "busiest_hour.py": """
            from collections import Counter

            hits = ["09", "10", "10", "11", "10", "09"]
            top = Counter(hits).most_common(1)
            print("busiest hour", top[0], "with", top[1], "hits")
        """,
        },
    ),
    P(
        "most_common_one_is_a_list",
        "collections",
        "majority label from a helper returning most_common(1)[0]",
        "AttributeError",
        U_MOSTCOMMON,
        {
            "vote.py": """
            from labels import majority

            print(majority(["spam", "ham", "spam"]).upper())
        """,
            "labels.py": """
            from collections import Counter


            def majority(votes):
                return Counter(votes).most_common(1)[0]
        """,
        },
    ),
]
