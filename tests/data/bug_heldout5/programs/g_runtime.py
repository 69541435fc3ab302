"""Groups around concurrency, SQL and file paths: an executor used after it shut down, a task created outside a
running loop, an asyncio object reused by a second asyncio.run, a lock released more often than acquired, several SQL
statements given to execute(), a placeholder used for a table or column name, a `~` path never expanded, a path read
with its newline."""

from programs import P

U_SHUTDOWN = "https://github.com/scylladb/python-driver/issues/209"
U_NOLOOP = "https://github.com/use-agent-os/agent-os/issues/2993"
U_BOUNDLOOP = "https://github.com/topoteretes/cognee/pull/2938"
U_RELEASE = "https://github.com/MycroftAI/mycroft-core/pull/1680"
U_MULTISTMT = "https://github.com/jasondcamp/pyway/issues/68"
U_IDENTPARAM = "https://github.com/ghaering/pysqlite/issues/54"
U_TILDE = "https://github.com/the-siesta-group/edfio/issues/22"
U_NEWLINE = "https://github.com/opendatacube/eo-datasets/pull/31"

PROGRAMS = [
    # work submitted to an executor after it was shut down (often: after its with block)
    P(
        "executor_used_after_shutdown",
        "concurrent.futures",
        "second batch submitted after the with block closed the pool",
        "RuntimeError",
        U_SHUTDOWN,
        {
            "thumbnails.py": """
            from concurrent.futures import ThreadPoolExecutor


            def render(name):
                return name.replace(".jpg", "_thumb.jpg")


            with ThreadPoolExecutor(max_workers=2) as pool:
                first = [pool.submit(render, n) for n in ["a.jpg", "b.jpg"]]

            late = pool.submit(render, "c.jpg")
            print([f.result() for f in first + [late]])
        """,
        },
    ),
    P(
        "executor_used_after_shutdown",
        "concurrent.futures",
        "service keeps a module-level pool that a shutdown hook closed",
        "RuntimeError",
        U_SHUTDOWN,
        {
            "app.py": """
            import workers

            print(workers.enqueue("report-1").result())
            workers.stop()
            print(workers.enqueue("report-2").result())
        """,
            "workers.py": """
            from concurrent.futures import ThreadPoolExecutor

            _pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="jobs")


            def build(name):
                return f"{name}.pdf"


            def enqueue(name):
                return _pool.submit(build, name)


            def stop():
                _pool.shutdown(wait=True)
        """,
        },
    ),
    P(
        "executor_used_after_shutdown",
        "asyncio",
        "run_in_executor with a pool closed by an earlier context manager",
        "RuntimeError",
        U_SHUTDOWN,
        {
            "hashing.py": """
            import asyncio
            import hashlib
            from concurrent.futures import ThreadPoolExecutor


            def digest(data):
                return hashlib.sha256(data).hexdigest()[:12]


            def make_pool():
                with ThreadPoolExecutor(max_workers=2) as pool:
                    return pool


            async def main(pool):
                loop = asyncio.get_running_loop()
                print(await loop.run_in_executor(pool, digest, b"payload"))


            asyncio.run(main(make_pool()))
        """,
        },
    ),
    # asyncio task creation or loop lookup from code that runs with no loop running
    P(
        "create_task_outside_running_loop",
        "asyncio",
        "asyncio.create_task in a synchronous constructor",
        "RuntimeError",
        U_NOLOOP,
        {
            "heartbeat.py": """
            import asyncio


            class Heartbeat:
                def __init__(self, interval):
                    self.interval = interval
                    self.task = asyncio.create_task(self._beat())

                async def _beat(self):
                    while True:
                        await asyncio.sleep(self.interval)


            async def main(hb):
                await asyncio.sleep(0)


            hb = Heartbeat(5)
            asyncio.run(main(hb))
        """,
        },
    ),
    P(
        "create_task_outside_running_loop",
        "asyncio",
        "get_running_loop() in a module-level client setup",
        "RuntimeError",
        U_NOLOOP,
        {
            "bot.py": """
            import asyncio

            from chat_client import Client

            client = Client("wss://chat.example/ws")
            asyncio.run(client.run())
        """,
            "chat_client.py": """
            import asyncio


            class Client:
                def __init__(self, url):
                    self.url = url
                    self.loop = asyncio.get_running_loop()
                    self.inbox = asyncio.Queue()

                async def run(self):
                    await asyncio.sleep(0)
                    print("connected to", self.url)
        """,
        },
    ),
    P(
        "create_task_outside_running_loop",
        "asyncio",
        "ensure_future of a coroutine from a plain callback",
        "RuntimeError",
        U_NOLOOP,
        {
            "watcher.py": """
            import asyncio


            async def reindex(path):
                await asyncio.sleep(0)
                print("reindexed", path)


            def on_change(path):
                asyncio.get_running_loop().create_task(reindex(path))


            for changed in ["docs/a.md"]:
                on_change(changed)
        """,
        },
    ),
    # an asyncio primitive bound to the loop of one asyncio.run used by another
    P(
        "asyncio_object_shared_across_runs",
        "asyncio",
        "module-level asyncio.Lock used by two asyncio.run calls",
        "RuntimeError",
        U_BOUNDLOOP,
        {
            "cli.py": """
            import asyncio

            from db import write

            asyncio.run(write("first"))
            asyncio.run(write("second"))
        """,
            "db.py": """
            import asyncio

            _write_lock = asyncio.Lock()


            async def hold(name):
                async with _write_lock:
                    await asyncio.sleep(0.01)
                    print("wrote", name)


            async def write(name):
                await asyncio.gather(hold(name), hold(name + "-copy"))
        """,
        },
    ),
    P(
        "asyncio_object_shared_across_runs",
        "asyncio",
        "asyncio.Queue created in one run, consumed in the next",
        "RuntimeError",
        U_BOUNDLOOP,
        {
            "pipeline_runs.py": """
            import asyncio

            queue = asyncio.Queue()


            async def first_batch():
                async def feed():
                    await asyncio.sleep(0.01)
                    await queue.put("job-1")

                job, _ = await asyncio.gather(queue.get(), feed())
                print("handled", job)


            async def second_batch():
                job = await queue.get()
                print("handled", job)


            asyncio.run(first_batch())
            asyncio.run(second_batch())
        """,
        },
    ),
    P(
        "asyncio_object_shared_across_runs",
        "asyncio",
        "Semaphore on a class reused by a per-test asyncio.run",
        "RuntimeError",
        U_BOUNDLOOP,
        {
            "rate_tests.py": """
            import asyncio

            from limiter import Fetcher

            fetcher = Fetcher()


            def test_one():
                asyncio.run(fetcher.fetch_all(["a", "b", "c"]))


            def test_two():
                asyncio.run(fetcher.fetch_all(["d", "e", "f"]))


            test_one()
            test_two()
            print("passed")
        """,
            "limiter.py": """
            import asyncio


            class Fetcher:
                def __init__(self):
                    self.sem = asyncio.Semaphore(1)

                async def fetch(self, key):
                    async with self.sem:
                        await asyncio.sleep(0.01)
                        return key

                async def fetch_all(self, keys):
                    return await asyncio.gather(*(self.fetch(k) for k in keys))
        """,
        },
    ),
    # a lock released more times than it was acquired
    P(
        "lock_released_without_acquire",
        "threading",
        "explicit release() after a with block already released",
        "RuntimeError",
        U_RELEASE,
        {
            "speaker.py": """
            import threading

            lock = threading.Lock()


            def speak(text):
                with lock:
                    print("saying", text)
                lock.release()


            speak("hello")
        """,
        },
    ),
    P(
        "lock_released_without_acquire",
        "threading",
        "RLock released in a finally that also runs on the early-return path",
        "RuntimeError",
        U_RELEASE,
        {
            "inventory.py": """
            from store import Inventory

            inv = Inventory({"apple": 3})
            print(inv.take("pear"))
        """,
            "store.py": """
            import threading


            class Inventory:
                def __init__(self, stock):
                    self.stock = stock
                    self.lock = threading.RLock()

                def take(self, item):
                    try:
                        if item not in self.stock:
                            return None
                        self.lock.acquire()
                        self.stock[item] -= 1
                        return item
                    finally:
                        self.lock.release()
        """,
        },
    ),
    P(
        "lock_released_without_acquire",
        "asyncio",
        "asyncio.Lock released by a cleanup after the context manager",
        "RuntimeError",
        U_RELEASE,
        {
            "uploader.py": """
            import asyncio


            class Uploader:
                def __init__(self):
                    self.lock = asyncio.Lock()

                async def upload(self, name):
                    async with self.lock:
                        await asyncio.sleep(0)
                    self.cleanup()

                def cleanup(self):
                    self.lock.release()


            asyncio.run(Uploader().upload("a.bin"))
        """,
        },
    ),
    # a script with several SQL statements passed to execute()
    P(
        "sqlite_execute_multiple_statements",
        "sqlite3",
        "schema file run with cursor.execute",
        "ProgrammingError",
        U_MULTISTMT,
        {
            "migrate.py": """
            import sqlite3
            from pathlib import Path

            Path("schema.sql").write_text(
                "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);\\n"
                "CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER, body TEXT);\\n"
            )

            conn = sqlite3.connect("app.db")
            conn.execute(Path("schema.sql").read_text())
            conn.commit()
        """,
        },
    ),
    P(
        "sqlite_execute_multiple_statements",
        "sqlite3",
        "seed helper sends inserts joined with semicolons",
        "ProgrammingError",
        U_MULTISTMT,
        {
            "seed.py": """
            import sqlite3

            from fixtures import seed_sql

            db = sqlite3.connect(":memory:")
            db.execute("create table tags (name text)")
            db.cursor().execute(seed_sql(["python", "sql", "testing"]))
        """,
            "fixtures.py": """
            def seed_sql(tags):
                return ";\\n".join(f"INSERT INTO tags VALUES ('{t}')" for t in tags)
        """,
        },
    ),
    P(
        "sqlite_execute_multiple_statements",
        "sqlite3",
        "drop-and-recreate string with a trailing statement",
        "ProgrammingError",
        U_MULTISTMT,
        {
            "reset_cache.py": """
            import sqlite3

            RESET = \"\"\"
            DROP TABLE IF EXISTS cache;
            CREATE TABLE cache (key TEXT PRIMARY KEY, value BLOB)
            \"\"\"

            with sqlite3.connect("cache.db") as conn:
                conn.execute(RESET)
            print("cache reset")
        """,
        },
    ),
    # a `?` placeholder where SQL needs an identifier
    P(
        "sql_placeholder_for_identifier",
        "sqlite3",
        "table name bound as a parameter",
        "OperationalError",
        U_IDENTPARAM,
        {
            "counts.py": """
            import sqlite3

            db = sqlite3.connect(":memory:")
            for table in ["users", "orders"]:
                db.execute(f"create table {table} (id integer)")


            def count(table):
                return db.execute("select count(*) from ?", (table,)).fetchone()[0]


            print({t: count(t) for t in ["users", "orders"]})
        """,
        },
    ),
    P(
        "sql_placeholder_for_identifier",
        "sqlite3",
        "new column name bound in ALTER TABLE ... ADD COLUMN ?",
        "OperationalError",
        U_IDENTPARAM,
        {
            "products.py": """
            import sqlite3

            from migrations import add_column

            db = sqlite3.connect(":memory:")
            db.execute("create table products (name text, price real)")
            add_column(db, "products", "discount")
            print(db.execute("pragma table_info(products)").fetchall())
        """,
            "migrations.py": """
            def add_column(db, table, column, sql_type="REAL"):
                db.execute(f"alter table {table} add column ? {sql_type}", (column,))
        """,
        },
    ),
    P(
        "sql_placeholder_for_identifier",
        "sqlite3",
        "column name bound in UPDATE ... SET ? = ?",
        "OperationalError",
        U_IDENTPARAM,
        {
            "settings_store.py": """
            import sqlite3

            db = sqlite3.connect(":memory:")
            db.execute("create table settings (id integer, theme text, lang text)")
            db.execute("insert into settings values (1, 'light', 'en')")


            def set_field(field, value):
                db.execute("update settings set ? = ? where id = 1", (field, value))


            set_field("theme", "dark")
            print(db.execute("select * from settings").fetchall())
        """,
        },
    ),
    # a path with ~ used without expanduser
    P(
        "tilde_path_not_expanded",
        "core",
        "open('~/...') for a history file",
        "FileNotFoundError",
        U_TILDE,
        {
            "history.py": """
            import os

            os.makedirs(os.path.expanduser("~/.shelltool"), exist_ok=True)
            with open(os.path.expanduser("~/.shelltool/history"), "w") as fh:
                fh.write("ls\\n")

            with open("~/.shelltool/history") as fh:
                print(fh.read().splitlines())
        """,
        },
    ),
    P(
        "tilde_path_not_expanded",
        "sqlite3",
        "sqlite3.connect of a configured ~/ database path",
        "OperationalError",
        U_TILDE,
        {
            "notes_db.py": """
            import sqlite3

            from config import DB_PATH

            conn = sqlite3.connect(DB_PATH)
            conn.execute("create table if not exists notes (body text)")
        """,
            "config.py": """
            DB_PATH = "~/.local/share/notes/notes.db"
        """,
        },
    ),
    P(
        "tilde_path_not_expanded",
        "pathlib",
        "Path('~/...').read_text for a token file",
        "FileNotFoundError",
        U_TILDE,
        {
            "deploy_token.py": """
            from pathlib import Path

            (Path.home() / ".deployrc").write_text("token=abc123\\n")


            def token(path="~/.deployrc"):
                return Path(path).read_text().split("=", 1)[1].strip()


            print(token())
        """,
        },
    ),
    # a file name read from a file or stdin keeps its trailing newline
    P(
        "path_read_with_trailing_newline",
        "core",
        "file list read with readlines() then opened",
        "FileNotFoundError",
        U_NEWLINE,
        {
            "concat.py": """
            with open("part1.txt", "w") as fh:
                fh.write("alpha\\n")
            with open("part2.txt", "w") as fh:
                fh.write("beta\\n")
            with open("parts.lst", "w") as fh:
                fh.write("part1.txt\\npart2.txt\\n")

            with open("parts.lst") as fh:
                names = fh.readlines()
            print("".join(open(name).read() for name in names))
        """,
        },
    ),
    P(
        "path_read_with_trailing_newline",
        "pathlib",
        "pointer file holding the current release directory",
        "FileNotFoundError",
        U_NEWLINE,
        {
            "current_release.py": """
            from pathlib import Path

            from releases import current_manifest

            Path("releases/2024.05").mkdir(parents=True, exist_ok=True)
            Path("releases/2024.05/manifest.txt").write_text("app=2.3\\n")
            Path("CURRENT").write_text("releases/2024.05\\n")
            print(current_manifest())
        """,
            "releases.py": """
            from pathlib import Path


            def current_manifest():
                release_dir = Path(Path("CURRENT").read_text())
                return (release_dir / "manifest.txt").read_text()
        """,
        },
    ),
    P(
        "path_read_with_trailing_newline",
        "sys",
        "input file name piped on stdin",
        "FileNotFoundError",
        U_NEWLINE,
        {
            "wc_stdin.py": """
            import io
            import sys

            with open("words.txt", "w") as fh:
                fh.write("one two three\\n")
            sys.stdin = io.StringIO("words.txt\\n")  # as if run with: echo words.txt | python wc_stdin.py

            name = sys.stdin.readline()
            with open(name) as fh:
                print(len(fh.read().split()), "words")
        """,
        },
    ),
]
