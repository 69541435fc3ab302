"""Groups that end in a TypeError about how a callable was called or what it was given: pairs mapped without
starmap, a one-element "tuple" without its comma, JSON encoded twice, a list given to asyncio.gather, a coroutine
object given to trio, shutil.which's None used as a path, an object holding an open file pickled."""

from programs import P

U_STARMAP = "https://github.com/IIC2233-2016-02/Syllabus/issues/265"
U_TUPLE = "https://github.com/python/cpython/issues/121828"
U_DOUBLEJSON = "https://github.com/opensanctions/opensanctions/pull/3448"
U_GATHER = "https://github.com/epics-base/p4p/pull/32"
U_TRIO = "https://github.com/infiniflow/ragflow/issues/5651"
U_WHICH = "https://github.com/canonical/microk8s/issues/5412"
U_PICKLEFILE = "https://github.com/ReactionMechanismGenerator/AutoTST/issues/46"

PROGRAMS = [
    # a two-argument function mapped over pairs (map needs starmap)
    P(
        "map_over_pairs_instead_of_starmap",
        "core",
        "built-in map over (width, height) tuples",
        "TypeError",
        U_STARMAP,
        {
            "areas.py": """
            def area(width, height):
                return width * height


            rooms = [(3, 4), (2.5, 5)]
            print(sum(map(area, rooms)))
        """,
        },
    ),
    P(
        "map_over_pairs_instead_of_starmap",
        "concurrent.futures",
        "ThreadPoolExecutor.map over (url, dest) jobs",
        "TypeError",
        U_STARMAP,
        {
            "mirror.py": """
            from concurrent.futures import ThreadPoolExecutor

            from fetch import download

            JOBS = [("https://example.org/a.txt", "a.txt"), ("https://example.org/b.txt", "b.txt")]

            with ThreadPoolExecutor(max_workers=2) as pool:
                for result in pool.map(download, JOBS):
                    print(result)
        """,
            "fetch.py": """
            def download(url, dest):
                return f"would save {url} -> {dest}"
        """,
        },
    ),
    P(
        "map_over_pairs_instead_of_starmap",
        "multiprocessing",
        "ThreadPool.map over (path, size) resize jobs",
        "TypeError",
        U_STARMAP,
        {
            "resize_all.py": """
            from multiprocessing.pool import ThreadPool


            def resize(path, max_side):
                return f"{path} -> {max_side}px"


            jobs = [("a.jpg", 800), ("b.jpg", 1024)]
            with ThreadPool(2) as pool:
                print(pool.map(resize, jobs))
        """,
        },
    ),
    # ("x") is a string, not a one-element tuple, so it is unpacked into characters
    P(
        "args_string_not_tuple",
        "sched",
        "sched.enter(..., argument=(user))",
        "TypeError",
        U_TUPLE,
        {
            "reminders.py": """
            import sched
            import time


            def remind(user):
                print("reminder for", user)


            s = sched.scheduler(time.monotonic, time.sleep)
            s.enter(0, 1, remind, argument=("alice"))
            s.run()
        """,
        },
    ),
    P(
        "args_string_not_tuple",
        "multiprocessing",
        "ThreadPool.apply(load, args=(path))",
        "TypeError",
        U_TUPLE,
        {
            "loader.py": """
            from multiprocessing.pool import ThreadPool

            from readers import load_report

            with open("q3.csv", "w") as fh:
                fh.write("region,total\\nnorth,10\\n")

            with ThreadPool(1) as pool:
                print(pool.apply(load_report, args=("q3.csv")))
        """,
            "readers.py": """
            def load_report(path):
                with open(path) as fh:
                    return fh.read().splitlines()
        """,
        },
    ),
    P(
        "args_string_not_tuple",
        "itertools",
        "starmap over a list of one-element 'tuples'",
        "TypeError",
        U_TUPLE,
        {
            "checks.py": """
            from itertools import starmap


            def check_host(name):
                return f"{name}: ok"


            HOSTS = [("web1"), ("web2"), ("db")]
            for line in starmap(check_host, HOSTS):
                print(line)
        """,
        },
    ),
    # JSON text encoded a second time, so decoding once yields a str
    P(
        "json_double_encoded",
        "json",
        "cache stores json.dumps of an already-serialized response",
        "TypeError",
        U_DOUBLEJSON,
        {
            "profile_cache.py": """
            import json

            from cache import Cache


            def fetch_profile():
                return json.dumps({"id": 42, "name": "Wen"})  # what the HTTP layer returns


            cache = Cache()
            cache.put("profile:42", fetch_profile())
            profile = cache.get("profile:42")
            print(profile["name"])
        """,
            "cache.py": """
            import json


            class Cache:
                def __init__(self):
                    self._data = {}

                def put(self, key, value):
                    self._data[key] = json.dumps(value)

                def get(self, key):
                    return json.loads(self._data[key])
        """,
        },
    ),
    P(
        "json_double_encoded",
        "sqlite3",
        "settings column written with json.dumps of JSON text",
        "TypeError",
        U_DOUBLEJSON,
        {
            "prefs.py": """
            import json
            import sqlite3

            db = sqlite3.connect(":memory:")
            db.execute("create table prefs (user text, data text)")

            incoming = '{"theme": "dark", "lang": "pt"}'  # body of the POST request
            db.execute("insert into prefs values (?, ?)", ("rui", json.dumps(incoming)))

            (raw,) = db.execute("select data from prefs where user = 'rui'").fetchone()
            prefs = json.loads(raw)
            print(prefs["theme"])
        """,
        },
    ),
    P(
        "json_double_encoded",
        "json",
        "queue message body serialized by producer and again by the transport",
        "TypeError",
        U_DOUBLEJSON,
        {
            "pipeline.py": """
            from transport import publish, consume
            import json

            order = {"items": [{"sku": "A1", "qty": 2}]}
            publish(json.dumps(order))

            for message in consume():
                for item in message["items"]:
                    print(item["sku"], item["qty"])
        """,
            "transport.py": """
            import json

            _queue = []


            def publish(body):
                _queue.append(json.dumps({"body": body}))


            def consume():
                for raw in _queue:
                    yield json.loads(raw)["body"]
        """,
        },
    ),
    # asyncio.gather given one list instead of unpacked awaitables
    P(
        "gather_given_list_not_unpacked",
        "asyncio",
        "gather(list of coroutines)",
        "TypeError",
        U_GATHER,
        {
            "ping_all.py": """
            import asyncio


            async def ping(host):
                await asyncio.sleep(0)
                return f"{host} up"


            async def main():
                results = await asyncio.gather([ping(h) for h in ["a", "b", "c"]])
                print(results)


            asyncio.run(main())
        """,
        },
    ),
    P(
        "gather_given_list_not_unpacked",
        "asyncio",
        "gather(tasks) where tasks were created with create_task",
        "TypeError",
        U_GATHER,
        {
            "crawl.py": """
            import asyncio

            from crawler.fetch import fetch_many

            print(asyncio.run(fetch_many(["https://a.example", "https://b.example"])))
        """,
            "crawler/__init__.py": "",
            "crawler/fetch.py": """
            import asyncio


            async def fetch(url):
                await asyncio.sleep(0)
                return len(url)


            async def fetch_many(urls):
                tasks = [asyncio.create_task(fetch(u)) for u in urls]
                return await asyncio.gather(tasks)
        """,
        },
    ),
    P(
        "gather_given_list_not_unpacked",
        "asyncio",
        "gather(generator expression)",
        "RuntimeError",
        U_GATHER,
        {
            "resize_jobs.py": """
            import asyncio


            async def resize(name):
                await asyncio.sleep(0)
                return name.upper()


            async def main(names):
                done = await asyncio.gather(resize(n) for n in names)
                print(done)


            asyncio.run(main(["a.png", "b.png"]))
        """,
        },
    ),
    # trio/anyio want the async function, not a coroutine object
    P(
        "trio_run_given_coroutine_object",
        "trio",
        "trio.run(main())",
        "TypeError",
        U_TRIO,
        {
            "serve.py": """
            import trio


            async def main(port):
                await trio.sleep(0)
                print("would serve on", port)


            trio.run(main(8000))
        """,
        },
    ),
    P(
        "trio_run_given_coroutine_object",
        "anyio",
        "anyio.run(worker())",
        "TypeError",
        U_TRIO,
        {
            "sync_files.py": """
            import anyio

            from tasks import sync_folder

            anyio.run(sync_folder("photos"))
        """,
            "tasks.py": """
            import anyio


            async def sync_folder(name):
                await anyio.sleep(0)
                print("synced", name)
        """,
        },
    ),
    P(
        "trio_run_given_coroutine_object",
        "trio",
        "command table holds coroutine objects passed to trio.run",
        "TypeError",
        U_TRIO,
        {
            "ctl.py": """
            import sys

            import trio

            from commands import COMMANDS

            trio.run(COMMANDS[sys.argv[1]])
        """,
            "commands.py": """
            import trio


            async def status():
                await trio.sleep(0)
                print("all services up")


            async def restart():
                await trio.sleep(0)
                print("restarted")


            COMMANDS = {"status": status(), "restart": restart()}
        """,
        },
        "status",
    ),
    # shutil.which returns None for a tool that is not installed, and None is used as a path
    P(
        "which_not_found_none",
        "subprocess",
        "subprocess.run([shutil.which('wkhtmltopdf'), ...])",
        "TypeError",
        U_WHICH,
        {
            "make_pdf.py": """
            import shutil
            import subprocess

            from paths import out_dir

            exe = shutil.which("wkhtmltopdf")
            subprocess.run([exe, "report.html", str(out_dir() / "report.pdf")], check=True)
        """,
            "paths.py": """
            from pathlib import Path


            def out_dir():
                return Path("build")
        """,
        },
    ),
    P(
        "which_not_found_none",
        "os.path",
        "os.path.dirname(shutil.which('ffmpeg'))",
        "TypeError",
        U_WHICH,
        {
            "media_env.py": """
            import os
            import shutil


            def ffmpeg_home():
                return os.path.dirname(shutil.which("ffmpeg"))


            print("codecs in", os.path.join(ffmpeg_home(), "codecs"))
        """,
        },
    ),
    P(
        "which_not_found_none",
        "pathlib",
        "Path(shutil.which('pandoc')) in a docs builder",
        "TypeError",
        U_WHICH,
        {
            "docs/build.py": """
            import shutil
            from pathlib import Path


            class Builder:
                def __init__(self):
                    self.pandoc = Path(shutil.which("pandoc"))

                def command(self, src):
                    return [str(self.pandoc), src, "-o", src.replace(".md", ".html")]


            print(Builder().command("index.md"))
        """,
        },
    ),
    # an object that holds an open file handle is pickled (shelve, deepcopy, pickle)
    P(
        "object_holding_open_file_pickled",
        "pickle",
        "checkpoint of a job that keeps its log file open",
        "TypeError",
        U_PICKLEFILE,
        {
            "train.py": """
            import pickle

            from job import TrainingJob

            job = TrainingJob("resnet-small")
            job.step(0.91)
            with open("checkpoint.pkl", "wb") as fh:
                pickle.dump(job, fh)
        """,
            "job.py": """
            class TrainingJob:
                def __init__(self, name):
                    self.name = name
                    self.history = []
                    self.log = open(f"{name}.log", "a")

                def step(self, loss):
                    self.history.append(loss)
                    self.log.write(f"loss={loss}\\n")
        """,
        },
    ),
    P(
        "object_holding_open_file_pickled",
        "copy",
        "deepcopy of a reader holding a binary file",
        "TypeError",
        U_PICKLEFILE,
        {
            "tiles.py": """
            import copy


            class TileReader:
                def __init__(self, path):
                    self.path = path
                    self.fh = open(path, "rb")
                    self.offset = 0


            with open("tiles.bin", "wb") as fh:
                fh.write(bytes(64))

            base = TileReader("tiles.bin")
            fork = copy.deepcopy(base)
            print(fork.offset)
        """,
        },
    ),
    P(
        "object_holding_open_file_pickled",
        "shelve",
        "shelve stores an exporter with an open CSV writer",
        "TypeError",
        U_PICKLEFILE,
        {
            "export_state.py": """
            import csv
            import shelve


            class Exporter:
                def __init__(self, path):
                    self.out = open(path, "w", newline="")
                    self.writer = csv.writer(self.out)
                    self.rows = 0

                def write(self, row):
                    self.writer.writerow(row)
                    self.rows += 1


            exp = Exporter("users.csv")
            exp.write(["id", "name"])
            with shelve.open("state") as db:
                db["exporter"] = exp
        """,
        },
    ),
]
