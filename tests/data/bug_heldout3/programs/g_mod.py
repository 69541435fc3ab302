"""Groups around modules, imports, async code, pickling, caching and text formatting."""

from programs import P

U_DTMOD = "https://github.com/Webperf-se/webperf_core/issues/171"
U_SHADOW = "https://github.com/mingrammer/diagrams/issues/175"
U_CIRC = "https://github.com/Mibayy/token-savior/issues/78"
U_MODCALL = "https://github.com/posit-dev/great-tables/issues/713"
U_REL = "https://github.com/microsoft/project-azua/issues/8"
U_SUBDIR = "https://github.com/careercup/CtCI-6th-Edition-Python/issues/161"
U_ARUN = "https://github.com/sockysec/Telerecon/issues/11"
U_AWAIT = "https://github.com/snowby666/poe-api-wrapper/issues/168"
U_PICKLE_FN = "https://github.com/mesa/mesa/issues/1017"
U_PICKLE_LOCK = "https://github.com/lexiforest/curl_cffi/issues/65"
U_CACHE = "https://github.com/NeuroML/pyNeuroML/issues/423"
U_FINDALL = "https://github.com/facebook/chisel/pull/32"
U_BRACES = "https://github.com/kislyuk/ensure/issues/31"

PROGRAMS = [
    # the datetime module and the datetime class confused
    P(
        "datetime_module_vs_class",
        "datetime",
        "datetime.now() after import datetime",
        "AttributeError",
        U_DTMOD,
        {
            "backup.py": """
            import shutil

            from stamping import backup_name

            print(backup_name("save.db"))
        """,
            "stamping.py": """
            import datetime


            def backup_name(path):
                timestamp = datetime.now().strftime("%Y%m%d_%H%M%S")
                return f"{path}.{timestamp}.bak"
        """,
        },
    ),
    P(
        "datetime_module_vs_class",
        "datetime",
        "datetime.datetime.now() after from-import",
        "AttributeError",
        U_DTMOD,
        {
            "prompts.py": """
            from datetime import datetime, timedelta


            def today_str():
                now = datetime.datetime.now()
                return f"{now:%a} {now:%b} {now.day}, {now:%Y}"


            print("Today is", today_str())
        """,
        },
    ),
    P(
        "datetime_module_vs_class",
        "datetime",
        "datetime.strptime on the module",
        "AttributeError",
        U_DTMOD,
        {
            "parse_log.py": """
            import datetime

            LINE = "2024-05-02 14:30:01 INFO started"


            def parse_time(line):
                return datetime.strptime(line[:19], "%Y-%m-%d %H:%M:%S")


            print(parse_time(LINE) + datetime.timedelta(minutes=5))
        """,
        },
    ),
    # a project file named like the library it imports
    P(
        "file_shadows_library",
        "core",
        "script named like the third-party package",
        "TypeError",
        U_SHADOW,
        {
            "tabulate.py": """
            import tabulate

            rows = [["ana", 3], ["ben", 5]]
            print(tabulate.tabulate(rows, headers=["name", "score"]))
        """,
        },
    ),
    P(
        "file_shadows_library",
        "core",
        "helper module named like a stdlib module",
        "ImportError",
        U_SHADOW,
        {
            "make_report.py": """
            from report import render

            print(render([{"n": 1}]))
        """,
            "report.py": """
            import csv_export


            def render(rows):
                return csv_export.dump(rows)
        """,
            "csv_export.py": """
            import io
            from csv import DictWriter


            def dump(rows):
                buf = io.StringIO()
                w = DictWriter(buf, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
                return buf.getvalue()
        """,
            "csv.py": """
            # local notes about the CSV format used by the exporter
            SEPARATOR = ","
        """,
        },
    ),
    P(
        "file_shadows_library",
        "core",
        "script named like the stdlib module it uses",
        "AttributeError",
        U_SHADOW,
        {
            "random.py": """
            import random

            prizes = ["mug", "shirt", "sticker"]
            print("you won a", random.choice(prizes))
        """,
        },
    ),
    # two project modules importing names from each other at import time
    P(
        "circular_import",
        "core",
        "models and services importing each other",
        "ImportError",
        U_CIRC,
        {
            "app.py": """
            from shop.services import place_order

            print(place_order("tea", 2))
        """,
            "shop/__init__.py": "",
            "shop/models.py": """
            from shop.services import price_of


            class Order:
                def __init__(self, item, qty):
                    self.item = item
                    self.qty = qty
                    self.total = price_of(item) * qty
        """,
            "shop/services.py": """
            from shop.models import Order

            PRICES = {"tea": 3.0}


            def price_of(item):
                return PRICES[item]


            def place_order(item, qty):
                return Order(item, qty).total
        """,
        },
    ),
    P(
        "circular_import",
        "core",
        "submodule imported before its package facade",
        "ImportError",
        U_CIRC,
        {
            "check_memory.py": """
            import memory.observations

            print(memory.observations.MARKERS)
        """,
            "memory/__init__.py": """
            from memory.observations import MARKERS, record
        """,
            "memory/observations.py": """
            from memory import db

            MARKERS = ("corrupt", "truncated")


            def record(obs):
                db.save(obs)
        """,
            "memory/db.py": """
            from memory.observations import MARKERS


            def save(obs):
                if any(m in obs for m in MARKERS):
                    raise ValueError(obs)
        """,
        },
    ),
    P(
        "circular_import",
        "core",
        "config and logging setup importing each other",
        "AttributeError",
        U_CIRC,
        {
            "main.py": """
            import settings

            print(settings.DEBUG)
        """,
            "settings.py": """
            import log_setup

            DEBUG = True
            LOG_LEVEL = "DEBUG" if DEBUG else "INFO"
            log_setup.configure()
        """,
            "log_setup.py": """
            import logging

            import settings

            LEVEL = settings.LOG_LEVEL


            def configure():
                logging.basicConfig(level=LEVEL)
        """,
        },
    ),
    # calling the module instead of the function/class inside it
    P(
        "module_called_instead_of_member",
        "tabulate",
        "import tabulate; tabulate(rows)",
        "TypeError",
        U_MODCALL,
        {
            "scores.py": """
            import tabulate

            rows = [("ana", 3), ("ben", 5)]
            print(tabulate(rows, headers=["name", "score"]))
        """,
        },
    ),
    P(
        "module_called_instead_of_member",
        "pprint",
        "import pprint; pprint(obj)",
        "TypeError",
        U_MODCALL,
        {
            "inspect_config.py": """
            import pprint

            from config_loader import load

            pprint(load())
        """,
            "config_loader.py": """
            def load():
                return {"db": {"host": "localhost", "port": 5432}, "debug": True}
        """,
        },
    ),
    P(
        "module_called_instead_of_member",
        "glob",
        "import glob; glob(pattern)",
        "TypeError",
        U_MODCALL,
        {
            "cleanup.py": """
            import glob
            import os
            from pathlib import Path

            Path("a.tmp").write_text("x")
            for path in glob("*.tmp"):
                os.remove(path)
            print("clean")
        """,
        },
    ),
    # relative imports in a file that is run as a script
    P(
        "relative_import_in_script",
        "core",
        "python pkg/run.py with from . import",
        "ImportError",
        U_REL,
        {
            "azua/run_experiment.py": """
            from . import models

            print(models.MODELS)
        """,
            "azua/__init__.py": "",
            "azua/models.py": """
            MODELS = ["vaem", "pvae"]
        """,
        },
    ),
    P(
        "relative_import_in_script",
        "core",
        "python pkg/__main__.py with from .cli",
        "ImportError",
        U_REL,
        {
            "contourtool/__main__.py": """
            from .cli import main

            main()
        """,
            "contourtool/__init__.py": "",
            "contourtool/cli.py": """
            def main():
                print("contours")
        """,
        },
    ),
    P(
        "relative_import_in_script",
        "core",
        "task script using from ..tools",
        "ImportError",
        U_REL,
        {
            "task/get_info.py": """
            from ..tools.util import fetch

            print(fetch("SH600000"))
        """,
            "task/__init__.py": "",
            "tools/__init__.py": "",
            "tools/util.py": """
            def fetch(code):
                return {"code": code}
        """,
        },
    ),
    # a script in a subdirectory imports the project package: sys.path[0] is the script's directory
    P(
        "script_dir_not_project_root",
        "core",
        "python chapter/script.py importing chapter.module",
        "ModuleNotFoundError",
        U_SUBDIR,
        {
            "chapter_04/check_subtree.py": """
            from chapter_04.binary_tree import Node

            print(Node(1).value)
        """,
            "chapter_04/__init__.py": "",
            "chapter_04/binary_tree.py": """
            class Node:
                def __init__(self, value):
                    self.value = value
        """,
        },
    ),
    P(
        "script_dir_not_project_root",
        "core",
        "scripts/ tool importing the app package",
        "ModuleNotFoundError",
        U_SUBDIR,
        {
            "scripts/wipe_dev.py": """
            from app.models import User

            print("wiping", User.__name__)
        """,
            "app/__init__.py": "",
            "app/models.py": """
            class User:
                pass
        """,
        },
    ),
    P(
        "script_dir_not_project_root",
        "core",
        "sensor script importing the root config",
        "ModuleNotFoundError",
        U_SUBDIR,
        {
            "sensors/light/light.py": """
            import sys

            import config

            print("light on" if "--on" in sys.argv else "light off", config.PIN)
        """,
            "config.py": """
            PIN = 17
        """,
        },
        "--on",
    ),
    # asyncio.run (or run_until_complete) called while a loop is already running
    P(
        "asyncio_run_inside_running_loop",
        "asyncio",
        "sync wrapper using asyncio.run called from a coroutine",
        "RuntimeError",
        U_ARUN,
        {
            "station.py": """
            import asyncio

            from mvg_client import station


            async def main():
                print(station("Universitaet"))


            asyncio.run(main())
        """,
            "mvg_client.py": """
            import asyncio


            async def station_async(query):
                await asyncio.sleep(0)
                return {"id": "de:09162:70", "name": query}


            def station(query):
                return asyncio.run(station_async(query))
        """,
        },
    ),
    P(
        "asyncio_run_inside_running_loop",
        "asyncio",
        "run_until_complete inside a running loop",
        "RuntimeError",
        U_ARUN,
        {
            "scrape_users.py": """
            import asyncio


            async def fetch_users(channel):
                await asyncio.sleep(0)
                return [f"{channel}-user{i}" for i in range(3)]


            def collect(channel):
                loop = asyncio.get_event_loop()
                return loop.run_until_complete(fetch_users(channel))


            async def main():
                print(collect("news"))


            asyncio.run(main())
        """,
        },
    ),
    P(
        "asyncio_run_inside_running_loop",
        "asyncio",
        "launcher re-running a script's asyncio.run",
        "RuntimeError",
        U_ARUN,
        {
            "launcher.py": """
            import asyncio

            from jobs import export_job


            async def menu():
                for choice in ["export"]:
                    export_job()


            asyncio.run(menu())
        """,
            "jobs.py": """
            import asyncio


            async def export():
                await asyncio.sleep(0)
                print("exported")


            def export_job():
                asyncio.run(export())
        """,
        },
    ),
    # coroutine used without await
    P(
        "coroutine_not_awaited",
        "asyncio",
        "subscripting an un-awaited coroutine",
        "TypeError",
        U_AWAIT,
        {
            "chat.py": """
            import asyncio

            from poe_client import Client


            async def main():
                client = Client()
                history = client.get_chat_history("bot")["data"]["bot"]
                print(history)


            asyncio.run(main())
        """,
            "poe_client.py": """
            import asyncio


            class Client:
                async def get_chat_history(self, bot):
                    await asyncio.sleep(0)
                    return {"data": {bot: ["hi"]}}
        """,
        },
    ),
    P(
        "coroutine_not_awaited",
        "asyncio",
        "iterating an un-awaited coroutine",
        "TypeError",
        U_AWAIT,
        {
            "tasks_view.py": """
            import asyncio


            async def load_tasks():
                await asyncio.sleep(0)
                return ["write", "review"]


            async def render():
                lines = []
                for task in load_tasks():
                    lines.append(f"- {task}")
                return "\\n".join(lines)


            print(asyncio.run(render()))
        """,
        },
    ),
    P(
        "coroutine_not_awaited",
        "asyncio",
        "attribute read on an un-awaited coroutine",
        "AttributeError",
        U_AWAIT,
        {
            "usage.py": """
            import asyncio

            from panel_api import Panel


            async def main():
                panel = Panel()
                usage = panel.user_usage("ana")
                print(usage.get("bytes", 0))


            asyncio.run(main())
        """,
            "panel_api.py": """
            import asyncio


            class Panel:
                async def user_usage(self, user):
                    await asyncio.sleep(0)
                    return {"user": user, "bytes": 1024}
        """,
        },
    ),
    # lambdas or local functions sent through pickle (multiprocessing)
    P(
        "pickle_lambda_or_local_function",
        "multiprocessing",
        "Pool.map with a lambda",
        "AttributeError",
        U_PICKLE_FN,
        {
            "squares.py": """
            from multiprocessing import get_context


            def main():
                with get_context("spawn").Pool(2) as pool:
                    print(pool.map(lambda x: x * x, range(5)))


            if __name__ == "__main__":
                main()
        """,
        },
    ),
    P(
        "pickle_lambda_or_local_function",
        "pickle",
        "model holding lambda reporters saved with pickle",
        "AttributeError",
        U_PICKLE_FN,
        {
            "save_model.py": """
            import pickle

            from abm import Model

            with open("model.pkl", "wb") as fh:
                pickle.dump(Model(n_agents=3), fh)
        """,
            "abm.py": """
            class Model:
                def __init__(self, n_agents):
                    self.agents = [{"wealth": 1} for _ in range(n_agents)]
                    self.reporters = {"Wealth": lambda a: a["wealth"]}

                def collect(self):
                    return {k: [f(a) for a in self.agents] for k, f in self.reporters.items()}
        """,
        },
    ),
    P(
        "pickle_lambda_or_local_function",
        "concurrent.futures",
        "ProcessPoolExecutor.submit of a nested function",
        "AttributeError",
        U_PICKLE_FN,
        {
            "batch_resize.py": """
            from concurrent.futures import ProcessPoolExecutor

            from resize import plan


            if __name__ == "__main__":
                with ProcessPoolExecutor(max_workers=1) as pool:
                    worker = plan(0.5)
                    print(pool.submit(worker, (640, 480)).result())
        """,
            "resize.py": """
            def plan(scale):
                def worker(size):
                    w, h = size
                    return int(w * scale), int(h * scale)
                return worker
        """,
        },
    ),
    # objects holding a lock/connection deep-copied or pickled
    P(
        "copy_of_object_holding_lock",
        "copy",
        "deepcopy of a client with a lock",
        "TypeError",
        U_PICKLE_LOCK,
        {
            "clone_client.py": """
            import copy

            from http_client import Client

            base = Client("https://api.example.org")
            worker = copy.deepcopy(base)
            print(worker.base_url)
        """,
            "http_client.py": """
            import threading


            class Client:
                def __init__(self, base_url):
                    self.base_url = base_url
                    self.headers = {"User-Agent": "demo"}
                    self._lock = threading.RLock()
        """,
        },
    ),
    P(
        "copy_of_object_holding_lock",
        "pickle",
        "pickle of a repository holding a sqlite connection",
        "TypeError",
        U_PICKLE_LOCK,
        {
            "cache_repo.py": """
            import pickle
            import sqlite3


            class Repo:
                def __init__(self):
                    self.conn = sqlite3.connect(":memory:")
                    self.name = "users"


            blob = pickle.dumps(Repo())
            print(len(blob))
        """,
        },
    ),
    P(
        "copy_of_object_holding_lock",
        "copy",
        "deepcopy of a config holding a logger handler",
        "TypeError",
        U_PICKLE_LOCK,
        {
            "experiment.py": """
            import copy

            from exp_config import ExperimentConfig

            base = ExperimentConfig("baseline")
            variants = [copy.deepcopy(base) for _ in range(2)]
            print(len(variants))
        """,
            "exp_config.py": """
            import logging
            import sys


            class ExperimentConfig:
                def __init__(self, name):
                    self.name = name
                    self.params = {"lr": 0.01}
                    self.handler = logging.StreamHandler(sys.stderr)
        """,
        },
    ),
    # a memoised function called with a list/dict argument
    P(
        "cached_function_unhashable_arg",
        "functools",
        "lru_cache called with a list",
        "TypeError",
        U_CACHE,
        {
            "network.py": """
            from cells import segment_lengths

            print(segment_lengths("soma", [1.0, 2.5, 3.0]))
        """,
            "cells.py": """
            from functools import lru_cache


            @lru_cache(maxsize=128)
            def segment_lengths(cell, points):
                return [b - a for a, b in zip(points, points[1:])]
        """,
        },
    ),
    P(
        "cached_function_unhashable_arg",
        "cachetools",
        "cachetools.cached called with a dict",
        "TypeError",
        U_CACHE,
        {
            "card_search.py": """
            from cachetools import TTLCache, cached

            from cards import CARDS


            @cached(TTLCache(maxsize=64, ttl=60))
            def search(filters):
                return [c for c in CARDS if all(c.get(k) == v for k, v in filters.items())]


            print(search({"color": "blue"}))
        """,
            "cards.py": """
            CARDS = [{"name": "Opt", "color": "blue"}, {"name": "Shock", "color": "red"}]
        """,
        },
    ),
    P(
        "cached_function_unhashable_arg",
        "functools",
        "functools.cache on a method given a set",
        "TypeError",
        U_CACHE,
        {
            "perms.py": """
            from functools import cache


            class Policy:
                @cache
                def allows(self, roles, action):
                    return action in {"read"} or "admin" in roles


            print(Policy().allows({"editor", "admin"}, "delete"))
        """,
        },
    ),
    # re.findall returns tuples (or only the group) when the pattern has groups
    P(
        "findall_with_groups_returns_tuples",
        "re",
        "findall result concatenated as strings",
        "TypeError",
        U_FINDALL,
        {
            "find_views.py": """
            import re

            from views import VIEW_TREE

            matches = re.findall(r"(UI|FB)(\\w+)View", VIEW_TREE)
            print("found: " + ", ".join(m + "!" for m in matches))
        """,
            "views.py": """
            VIEW_TREE = "UIWindow > UILabelView > FBProfileView > UIButtonView"
        """,
        },
    ),
    P(
        "findall_with_groups_returns_tuples",
        "re",
        "findall tuples treated as strings",
        "AttributeError",
        U_FINDALL,
        {
            "emails.py": """
            import re

            TEXT = "contact: Ana <ana@example.org>, Ben <ben@example.net>"
            addresses = re.findall(r"([\\w.]+)@([\\w.]+)", TEXT)
            print(sorted(a.lower() for a in addresses))
        """,
        },
    ),
    P(
        "findall_with_groups_returns_tuples",
        "re",
        "findall groups used as dict keys of full matches",
        "KeyError",
        U_FINDALL,
        {
            "versions.py": """
            import re

            from changelog import CHANGELOG, RELEASE_DATES

            for version in re.findall(r"v(\\d+)\\.(\\d+)", CHANGELOG):
                print(version, RELEASE_DATES[version])
        """,
            "changelog.py": """
            CHANGELOG = "v1.2 fixed login; v1.3 added export"
            RELEASE_DATES = {"v1.2": "2024-01-10", "v1.3": "2024-02-02"}
        """,
        },
    ),
    # str.format on text that contains literal braces (JSON, CSS, code)
    P(
        "format_literal_braces",
        "core",
        "str.format of a JSON body template",
        "KeyError",
        U_BRACES,
        {
            "webhook.py": """
            from templates import render_payload

            print(render_payload(ip="10.0.0.7"))
        """,
            "templates.py": """
            TEMPLATE = '{"field": "IP being blocked", "value": "{ip}"}'


            def render_payload(**values):
                return TEMPLATE.format(**values)
        """,
        },
    ),
    P(
        "format_literal_braces",
        "core",
        "error message formatted twice",
        "KeyError",
        U_BRACES,
        {
            "checks.py": """
            class CheckError(Exception):
                pass


            def or_raise(ok, message, *args, **kwargs):
                if not ok:
                    raise CheckError(message.format(*args, **kwargs))


            payload = {"a": 1, "b": 2}
            or_raise(len(payload) > 2, f"mydata: {{a:{payload['a']}, b:{payload['b']}}}")
        """,
        },
    ),
    P(
        "format_literal_braces",
        "core",
        "CSS snippet built with str.format",
        "ValueError",
        U_BRACES,
        {
            "toast.py": """
            STYLE = "<style>.{cls} {{position: fixed; top: {top}px;}</style>"


            def toast_css(cls, top):
                return STYLE.format(cls=cls, top=top)


            print(toast_css("toast", 87))
        """,
        },
    ),
]
