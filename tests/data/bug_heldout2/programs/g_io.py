"""Files, paths, processes and bytes: resources used after closing, cwd-relative paths, str/bytes mix-ups."""

from programs import P

PROGRAMS = [
    # --- a lazy reader/cursor/pool is used after the with-block that owns it has closed it
    P(
        "used_after_close",
        "csv",
        "csv reader returned from inside with",
        "ValueError",
        r"""
# file: load.py
from pathlib import Path

from readers import rows

Path("people.csv").write_text("name,city\nAli,Rome\nEva,Oslo\n")
for r in rows("people.csv"):
    print(r["name"])
# file: readers.py
import csv


def rows(path):
    with open(path, newline="") as fh:
        return csv.DictReader(fh)
""",
    ),
    P(
        "used_after_close",
        "sqlite3",
        "cursor iterated after the connection closed",
        "ProgrammingError",
        r"""
import sqlite3
from contextlib import closing


def init(path):
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE t (n INTEGER)")
        db.executemany("INSERT INTO t VALUES (?)", [(1,), (2,), (3,)])
        db.commit()


def numbers(path):
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT n FROM t")


init("n.db")
print(sum(n for (n,) in numbers("n.db")))
""",
    ),
    P(
        "used_after_close",
        "concurrent.futures",
        "work submitted after the executor's with-block",
        "RuntimeError",
        r"""
from concurrent.futures import ThreadPoolExecutor


class Crawler:
    def __init__(self):
        with ThreadPoolExecutor(max_workers=2) as pool:
            self.pool = pool

    def fetch_all(self, urls):
        return [f.result() for f in [self.pool.submit(len, u) for u in urls]]


print(Crawler().fetch_all(["http://a.test", "http://b.test"]))
""",
    ),
    P(
        "used_after_close",
        "tempfile",
        "temporary file reopened by name after close",
        "FileNotFoundError",
        r"""
import tempfile


def spool(text):
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as tmp:
        tmp.write(text)
        name = tmp.name
    return name


path = spool("hello")
with open(path) as fh:
    print(fh.read())
""",
    ),
    # --- a project file shadows a stdlib / installed module of the same name
    P(
        "shadowed_module",
        "yaml",
        "a local yaml.py next to the script",
        "AttributeError",
        r"""
# file: deploy.py
import yaml

CONF = "replicas: 3\nimage: web:1.4\n"
print(yaml.safe_load(CONF)["replicas"])
# file: yaml.py
# helpers for writing YAML by hand
def quote(value):
    return '"' + str(value).replace('"', '\\"') + '"'
""",
    ),
    P(
        "shadowed_module",
        "csv",
        "script named csv.py imports csv",
        "AttributeError",
        r"""
# file: csv.py
import csv
import io

DATA = "a,b\n1,2\n"
for row in csv.reader(io.StringIO(DATA)):
    print(row)
""",
    ),
    P(
        "shadowed_module",
        "statistics",
        "statistics.py helper in the project",
        "ImportError",
        r"""
# file: grades.py
from statistics import mean, median

scores = [71, 88, 93, 64]
print(mean(scores), median(scores))
# file: statistics.py
# course statistics shown on the dashboard
def pass_rate(scores, limit=70):
    return sum(s >= limit for s in scores) / len(scores)
""",
    ),
    # --- subprocess output without text=True is bytes
    P(
        "subprocess_bytes_output",
        "subprocess",
        "splitting child output on newlines",
        "TypeError",
        r"""
import subprocess
import sys


def list_modules():
    out = subprocess.check_output([sys.executable, "-c", "print('os'); print('sys')"])
    return out.split("\n")


print(list_modules())
""",
    ),
    P(
        "subprocess_bytes_output",
        "subprocess",
        "version prefix check on stdout",
        "TypeError",
        r"""
# file: doctor.py
from probe import python_version

print("found", python_version())
# file: probe.py
import subprocess
import sys


def python_version():
    res = subprocess.run([sys.executable, "--version"], capture_output=True)
    if res.stdout.startswith("Python "):
        return res.stdout[7:].strip()
    return None
""",
    ),
    P(
        "subprocess_bytes_output",
        "subprocess",
        "json parsed from a child and compared",
        "AssertionError",
        r"""
import subprocess
import sys

CHILD = "import json; print(json.dumps({'status': 'ok'}))"


def child_status():
    out = subprocess.run([sys.executable, "-c", CHILD], stdout=subprocess.PIPE).stdout.strip()
    return out


status = child_status()
assert status == '{"status": "ok"}', f"unexpected child output {status!r}"
""",
    ),
    # --- str passed where bytes are required
    P(
        "str_where_bytes_needed",
        "hashlib",
        "hashing a password string",
        "TypeError",
        r"""
# file: users.py
from security import fingerprint

print(fingerprint("correct horse battery staple"))
# file: security.py
import hashlib


def fingerprint(secret, salt="s4lt"):
    return hashlib.sha256(salt + secret).hexdigest()[:16]
""",
    ),
    P(
        "str_where_bytes_needed",
        "base64",
        "basic auth header",
        "TypeError",
        r"""
import base64


def basic_auth(user, password):
    token = base64.b64encode(f"{user}:{password}")
    return {"Authorization": "Basic " + token.decode()}


print(basic_auth("admin", "hunter2"))
""",
    ),
    P(
        "str_where_bytes_needed",
        "zlib",
        "compressing a report before storing",
        "TypeError",
        r"""
import zlib


class Archive:
    def __init__(self):
        self.blobs = {}

    def put(self, name, text):
        self.blobs[name] = zlib.compress(text, 9)

    def size(self):
        return sum(len(b) for b in self.blobs.values())


a = Archive()
a.put("report.txt", "quarterly numbers\n" * 100)
print(a.size())
""",
    ),
    # --- a path relative to the current directory, while the script lives (and is run) elsewhere
    P(
        "relative_path_cwd",
        "core",
        "data file next to a script in tools/",
        "FileNotFoundError",
        r"""
# file: tools/count_words.py
from pathlib import Path


def count(path):
    return len(Path(path).read_text().split())


print(count("stopwords.txt"))
# file: tools/stopwords.txt
a an the of and or to in
""",
    ),
    P(
        "relative_path_cwd",
        "jinja2",
        "template folder resolved from cwd",
        "TemplateNotFound",
        r"""
# file: app/render.py
from jinja2 import Environment, FileSystemLoader

env = Environment(loader=FileSystemLoader("templates"))


def page(title):
    return env.get_template("page.html").render(title=title)


print(page("Home"))
# file: app/templates/page.html
<h1>{{ title }}</h1>
""",
    ),
    P(
        "relative_path_cwd",
        "sqlite3",
        "database path relative to the package",
        "OperationalError",
        r"""
# file: scripts/report.py
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from seed import seed

seed(Path(__file__).parent / "shop.db")
conn = sqlite3.connect("shop.db")
print(conn.execute("SELECT COUNT(*) FROM orders").fetchone())
# file: scripts/seed.py
import sqlite3


def seed(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE IF NOT EXISTS orders (id INTEGER)")
    conn.execute("INSERT INTO orders VALUES (1)")
    conn.commit()
""",
    ),
    # --- a command line given as one string without shell=True
    P(
        "subprocess_string_no_shell",
        "subprocess",
        "running a python one-liner",
        "FileNotFoundError",
        r"""
import subprocess
import sys


def run_snippet(code):
    return subprocess.run(f"{sys.executable} -c '{code}'", capture_output=True, text=True).stdout


print(run_snippet("print(6 * 7)"))
""",
    ),
    P(
        "subprocess_string_no_shell",
        "subprocess",
        "tool invoked with arguments in one string",
        "FileNotFoundError",
        r"""
# file: build.py
from runner import run

print(run("ls -la"))
# file: runner.py
import subprocess


def run(cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate()
    return out
""",
    ),
    P(
        "subprocess_string_no_shell",
        "subprocess",
        "check_output with a pipeline string",
        "FileNotFoundError",
        r"""
import subprocess


class GitInfo:
    def __init__(self, repo):
        self.repo = repo

    def short_head(self):
        return subprocess.check_output("echo abc123 | cut -c1-7", cwd=self.repo, text=True).strip()


print(GitInfo(".").short_head())
""",
    ),
    # --- Path objects concatenated with + instead of / (or str + Path)
    P(
        "path_plus_str",
        "pathlib",
        "output file name built with +",
        "TypeError",
        r"""
from pathlib import Path

OUT = Path("build")


def artifact(name, version):
    return OUT + f"/{name}-{version}.tar.gz"


print(artifact("tool", "1.2"))
""",
    ),
    P(
        "path_plus_str",
        "pathlib",
        "log message concatenated with a Path",
        "TypeError",
        r"""
# file: backup.py
from pathlib import Path

from archive import make_backup

print(make_backup(Path("data")))
# file: archive.py
def make_backup(folder):
    target = folder.with_suffix(".bak")
    return "backing up " + folder + " to " + target
""",
    ),
    P(
        "path_plus_str",
        "pathlib",
        "suffix appended to a Path",
        "TypeError",
        r"""
from pathlib import Path


class Thumbnailer:
    def __init__(self, root):
        self.root = Path(root)

    def thumb_path(self, image):
        return self.root / image.stem + "_thumb.png"


print(Thumbnailer("media").thumb_path(Path("cat.jpg")))
""",
    ),
    # --- writing into a directory that was never created
    P(
        "missing_parent_dir",
        "core",
        "report written to reports/",
        "FileNotFoundError",
        r"""
import json


def write_report(summary, day):
    with open(f"reports/{day}.json", "w") as fh:
        json.dump(summary, fh)


write_report({"errors": 3, "warnings": 11}, "2024-05-01")
""",
    ),
    P(
        "missing_parent_dir",
        "shutil",
        "copy into a nested output folder",
        "FileNotFoundError",
        r"""
# file: publish.py
from pathlib import Path

from dist import publish

Path("app.whl").write_bytes(b"PK\x03\x04")
print(publish("app.whl", "dist/2024/05"))
# file: dist.py
import shutil
from pathlib import Path


def publish(artifact, folder):
    return shutil.copy(artifact, Path(folder) / Path(artifact).name)
""",
    ),
    P(
        "missing_parent_dir",
        "sqlite3",
        "database file under var/",
        "OperationalError",
        r"""
import sqlite3


class Store:
    def __init__(self, path="var/cache/store.sqlite"):
        self.conn = sqlite3.connect(path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS kv (k TEXT, v TEXT)")


print(Store().conn)
""",
    ),
    # --- joining with a component that starts with '/' discards the base directory
    P(
        "join_absolute_component",
        "os.path",
        "upload path built from a url path",
        "FileNotFoundError",
        r"""
import os

ROOT = "site"


def resolve(url_path):
    return os.path.join(ROOT, url_path)


os.makedirs("site/docs", exist_ok=True)
with open("site/docs/index.html", "w") as fh:
    fh.write("<h1>docs</h1>")
with open(resolve("/docs/index.html")) as fh:
    print(fh.read())
""",
    ),
    P(
        "join_absolute_component",
        "pathlib",
        "sandbox check of a joined path",
        "PermissionError",
        r"""
# file: sandbox.py
from pathlib import Path

from fs import safe_write

Path("sandbox").mkdir(exist_ok=True)
safe_write("/results.txt", "42")
print(Path("sandbox/results.txt").read_text())
# file: fs.py
from pathlib import Path

BASE = Path("sandbox")


def safe_write(name, text):
    target = BASE / name
    if not str(target).startswith(str(BASE)):
        raise PermissionError(f"{target} escapes the sandbox {BASE}")
    target.write_text(text)
""",
    ),
    P(
        "join_absolute_component",
        "pathlib",
        "config include resolved against its folder",
        "FileNotFoundError",
        r"""
from pathlib import Path

Path("conf").mkdir(exist_ok=True)
Path("conf/base.ini").write_text("include=/extra.ini\n")
Path("conf/extra.ini").write_text("debug=1\n")


def read_with_includes(path):
    path = Path(path)
    text = path.read_text()
    for line in text.splitlines():
        if line.startswith("include="):
            text += (path.parent / line.split("=", 1)[1]).read_text()
    return text


print(read_with_includes("conf/base.ini"))
""",
    ),
    # --- creating something that already exists, without exist_ok / dirs_exist_ok
    P(
        "create_exists_no_flag",
        "os",
        "output folder created on every run",
        "FileExistsError",
        r"""
import os


def prepare(run_id):
    os.mkdir("out")
    os.mkdir(f"out/{run_id}")
    return f"out/{run_id}"


print(prepare("r1"))
print(prepare("r2"))
""",
    ),
    P(
        "create_exists_no_flag",
        "pathlib",
        "cache dir made with parents only",
        "FileExistsError",
        r"""
# file: main.py
from cache import cache_dir

print(cache_dir("thumbs"))
print(cache_dir("thumbs"))
# file: cache.py
from pathlib import Path


def cache_dir(name):
    d = Path(".cache") / name
    d.mkdir(parents=True)
    return d
""",
    ),
    P(
        "create_exists_no_flag",
        "shutil",
        "copytree into an existing site folder",
        "FileExistsError",
        r"""
import shutil
from pathlib import Path

Path("static/css").mkdir(parents=True, exist_ok=True)
Path("static/css/main.css").write_text("body{}")
Path("public").mkdir(exist_ok=True)


def publish_static():
    shutil.copytree("static", "public")


publish_static()
print(sorted(p.name for p in Path("public").rglob("*")))
""",
    ),
    # --- load/loads mixed up: a file handle given to loads, a string to load
    P(
        "load_vs_loads",
        "json",
        "json.loads on an open file",
        "TypeError",
        r"""
import json
from pathlib import Path

Path("cfg.json").write_text('{"port": 8080}')


def read_config(path):
    with open(path) as fh:
        return json.loads(fh)


print(read_config("cfg.json")["port"])
""",
    ),
    P(
        "load_vs_loads",
        "json",
        "json.load on a response text",
        "AttributeError",
        r"""
# file: client.py
from payload import parse

print(parse('{"items": [1, 2, 3]}')["items"])
# file: payload.py
import json


def parse(body):
    return json.load(body)
""",
    ),
    P(
        "load_vs_loads",
        "yaml",
        "yaml.safe_load given the file name",
        "AttributeError",
        r"""
from pathlib import Path

import yaml

Path("deploy.yaml").write_text("region: eu-north-1\nreplicas: 2\n")


def load(path):
    return yaml.safe_load(path)


print(load("deploy.yaml").get("region"))
""",
    ),
]
