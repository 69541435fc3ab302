"""Groups whose failure surfaces in the standard library (plus pytz): time zones, networks, context managers,
weak references, shell lexing, dispatch, signals, globbing, locales, sampling, logging config, mmap, e-mail
headers, host:port strings."""

from programs import P

U_TZABBR = "https://github.com/modelcontextprotocol/servers/issues/1795"
U_LOCALIZE = "https://github.com/SebRut/pygrocy/pull/118"
U_HOSTBITS = "https://github.com/lanmaster53/recon-ng/issues/90"
U_TWICE = "https://github.com/dimagi/commcare-hq/pull/24835"
U_NOYIELD = "https://github.com/python/cpython/issues/131658"
U_WEAKREF = "https://github.com/METR/inspect-action/pull/646"
U_SHLEX = "https://github.com/tgalal/yowsup/issues/2218"
U_DISPATCH = "https://github.com/python/cpython/pull/6306"
U_SIGNAL = "https://github.com/glotzerlab/gsd/issues/257"
U_GLOB = "https://github.com/Aider-AI/aider/issues/4952"
U_LOCALE = "https://github.com/docker-library/python/issues/400"
U_CHOICE = "https://github.com/facebookresearch/ParlAI/issues/1398"
U_DICTCONFIG = "https://github.com/fedora-infra/summershum/issues/32"
U_MMAP = "https://github.com/mandiant/flare-floss/issues/788"
U_HEADER = "https://github.com/ckan/ckan/pull/6838"
U_HOSTPORT = "https://github.com/Dolidodzik/django-login-history/issues/5"

PROGRAMS = [
    # a time-zone abbreviation used as an IANA zone key
    P(
        "timezone_abbreviation_as_zone_key",
        "zoneinfo",
        "ZoneInfo('IST') for India",
        "ZoneInfoNotFoundError",
        U_TZABBR,
        {
            "meeting_time.py": """
            from datetime import datetime

            from tz_util import local_time

            print(local_time(datetime(2024, 3, 1, 9, 30), "IST"))
        """,
            "tz_util.py": """
            from datetime import timezone
            from zoneinfo import ZoneInfo


            def local_time(utc_naive, zone):
                return utc_naive.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(zone))
        """,
        },
    ),
    P(
        "timezone_abbreviation_as_zone_key",
        "pytz",
        "pytz.timezone('PST') from a user profile",
        "UnknownTimeZoneError",
        U_TZABBR,
        {
            "profile_clock.py": """
            from datetime import datetime

            import pytz

            PROFILE = {"name": "Linus", "tz": "PST"}
            zone = pytz.timezone(PROFILE["tz"])
            print(zone.localize(datetime(2024, 7, 4, 12, 0)).isoformat())
        """,
        },
    ),
    P(
        "timezone_abbreviation_as_zone_key",
        "zoneinfo",
        "summer abbreviation 'CEST' in a schedule file",
        "ZoneInfoNotFoundError",
        U_TZABBR,
        {
            "schedule.py": """
            import json
            from datetime import datetime
            from zoneinfo import ZoneInfo

            RAW = '[{"job": "backup", "at": "2024-06-01T02:00", "tz": "CEST"}]'
            for entry in json.loads(RAW):
                when = datetime.fromisoformat(entry["at"]).replace(tzinfo=ZoneInfo(entry["tz"]))
                print(entry["job"], when.isoformat())
        """,
        },
    ),
    # pytz localize() called on a datetime that already has tzinfo
    P(
        "pytz_localize_aware_datetime",
        "pytz",
        "localize an aware utc now()",
        "ValueError",
        U_LOCALIZE,
        {
            "shift_start.py": """
            from datetime import datetime, timezone

            from zones import to_berlin

            print(to_berlin(datetime.now(timezone.utc)).tzname())
        """,
            "zones.py": """
            import pytz

            BERLIN = pytz.timezone("Europe/Berlin")


            def to_berlin(dt):
                return BERLIN.localize(dt)
        """,
        },
    ),
    P(
        "pytz_localize_aware_datetime",
        "pytz",
        "timestamp parsed with an offset then localized",
        "ValueError",
        U_LOCALIZE,
        {
            "import_events.py": """
            from datetime import datetime

            import pytz

            NY = pytz.timezone("America/New_York")
            for raw in ["2024-05-01T14:00:00+00:00"]:
                event = NY.localize(datetime.fromisoformat(raw))
                print(event)
        """,
        },
    ),
    P(
        "pytz_localize_aware_datetime",
        "pytz",
        "helper localizes, caller localizes the result again",
        "ValueError",
        U_LOCALIZE,
        {
            "due_dates.py": """
            from datetime import datetime

            import pytz

            from dates import parse_due

            TOKYO = pytz.timezone("Asia/Tokyo")
            due = TOKYO.localize(parse_due("2024-09-30 17:00"))
            print(due)
        """,
            "dates.py": """
            from datetime import datetime

            import pytz


            def parse_due(text):
                return pytz.utc.localize(datetime.strptime(text, "%Y-%m-%d %H:%M"))
        """,
        },
    ),
    # host address with prefix given to ip_network in strict mode
    P(
        "ip_network_host_bits_set",
        "ipaddress",
        "netblock lookup with a host address and /24",
        "ValueError",
        U_HOSTBITS,
        {
            "netblock.py": """
            from scanner import hosts_in

            print(len(hosts_in("192.168.1.67/24")))
        """,
            "scanner.py": """
            import ipaddress


            def hosts_in(cidr):
                return [str(ip) for ip in ipaddress.ip_network(cidr).hosts()]
        """,
        },
    ),
    P(
        "ip_network_host_bits_set",
        "ipaddress",
        "interface address plus prefix length turned into a network",
        "ValueError",
        U_HOSTBITS,
        {
            "iface_subnet.py": """
            from ipaddress import IPv4Network

            IFACE = {"name": "eth0", "address": "10.20.30.41", "prefix": 16}
            subnet = IPv4Network(f"{IFACE['address']}/{IFACE['prefix']}")
            print(subnet.num_addresses)
        """,
        },
    ),
    P(
        "ip_network_host_bits_set",
        "ipaddress",
        "allowlist entries from config parsed as networks",
        "ValueError",
        U_HOSTBITS,
        {
            "firewall.py": """
            from allow import is_allowed

            print(is_allowed("10.2.0.17"))
        """,
            "allow.py": """
            from ipaddress import ip_address, ip_network

            ALLOWLIST = ["127.0.0.0/8", "10.2.0.250/24"]


            def is_allowed(addr):
                nets = [ip_network(entry) for entry in ALLOWLIST]
                return any(ip_address(addr) in net for net in nets)
        """,
        },
    ),
    # @contextmanager generator that can yield a second time
    P(
        "contextmanager_yields_twice",
        "contextlib",
        "fallback yield in the except branch after the body raised",
        "RuntimeError",
        U_TWICE,
        {
            "run_job.py": """
            from resources import connection

            with connection("primary") as conn:
                print("using", conn)
                raise OSError("link dropped")
        """,
            "resources.py": """
            from contextlib import contextmanager


            @contextmanager
            def connection(name):
                try:
                    yield f"conn:{name}"
                except OSError:
                    print("falling back to replica")
                    yield "conn:replica"
        """,
        },
    ),
    P(
        "contextmanager_yields_twice",
        "contextlib",
        "yield inside a retry loop",
        "RuntimeError",
        U_TWICE,
        {
            "locks.py": """
            from contextlib import contextmanager


            @contextmanager
            def acquire(names):
                for name in names:
                    print("locking", name)
                    yield name


            with acquire(["a.lock", "b.lock"]) as lock:
                print("holding", lock)
        """,
        },
    ),
    P(
        "contextmanager_yields_twice",
        "contextlib",
        "cleanup code in finally yields again",
        "RuntimeError",
        U_TWICE,
        {
            "tmp_workspace.py": """
            from workspace import workspace

            with workspace("build") as path:
                print("working in", path)
        """,
            "workspace.py": """
            import shutil
            import tempfile
            from contextlib import contextmanager


            @contextmanager
            def workspace(prefix):
                path = tempfile.mkdtemp(prefix=prefix)
                try:
                    yield path
                finally:
                    shutil.rmtree(path)
                    yield None
        """,
        },
    ),
    # @contextmanager generator that returns before yielding on some path
    P(
        "contextmanager_exits_without_yield",
        "contextlib",
        "early return when the feature is disabled",
        "RuntimeError",
        U_NOYIELD,
        {
            "profile_run.py": """
            from timing import timed

            with timed("import", enabled=False):
                total = sum(range(1000))
            print(total)
        """,
            "timing.py": """
            import time
            from contextlib import contextmanager


            @contextmanager
            def timed(label, enabled=True):
                if not enabled:
                    return
                start = time.perf_counter()
                yield
                print(label, time.perf_counter() - start)
        """,
        },
    ),
    P(
        "contextmanager_exits_without_yield",
        "contextlib",
        "optional resource only yielded when required",
        "RuntimeError",
        U_NOYIELD,
        {
            "optional_cache.py": """
            from contextlib import contextmanager


            @contextmanager
            def maybe_cache(required):
                if required:
                    cache = {}
                    try:
                        yield cache
                    finally:
                        cache.clear()


            with maybe_cache(required=False) as cache:
                print(cache)
        """,
        },
    ),
    P(
        "contextmanager_exits_without_yield",
        "contextlib",
        "except branch logs a failed open and returns",
        "RuntimeError",
        U_NOYIELD,
        {
            "read_settings.py": """
            from files import opened

            with opened("missing.ini") as fh:
                print(fh.read() if fh else "defaults")
        """,
            "files.py": """
            from contextlib import contextmanager


            @contextmanager
            def opened(path):
                try:
                    fh = open(path)
                except FileNotFoundError:
                    print("no such file:", path)
                    return
                with fh:
                    yield fh
        """,
        },
    ),
    # weak reference to an object type that does not support it
    P(
        "weakref_to_unsupported_type",
        "weakref",
        "WeakValueDictionary cache holding plain dicts",
        "TypeError",
        U_WEAKREF,
        {
            "user_cache.py": """
            from cache import remember

            print(remember(1, {"name": "Ada"}))
        """,
            "cache.py": """
            import weakref

            _CACHE = weakref.WeakValueDictionary()


            def remember(key, record):
                _CACHE[key] = record
                return key in _CACHE
        """,
        },
    ),
    P(
        "weakref_to_unsupported_type",
        "weakref",
        "WeakKeyDictionary keyed by a tuple",
        "TypeError",
        U_WEAKREF,
        {
            "engines.py": """
            import weakref

            ENGINES = weakref.WeakKeyDictionary()


            def get_engine(url, pool_size):
                key = (url, pool_size)
                if key not in ENGINES:
                    ENGINES[key] = f"engine<{url}>"
                return ENGINES[key]


            print(get_engine("sqlite://", 5))
        """,
        },
    ),
    P(
        "weakref_to_unsupported_type",
        "weakref",
        "weakref.ref to a __slots__ class without __weakref__",
        "TypeError",
        U_WEAKREF,
        {
            "observers.py": """
            from events import Bus
            from geometry import Point

            bus = Bus()
            bus.subscribe(Point(1, 2))
            print(len(bus.listeners))
        """,
            "geometry.py": """
            class Point:
                __slots__ = ("x", "y")

                def __init__(self, x, y):
                    self.x, self.y = x, y
        """,
            "events.py": """
            import weakref


            class Bus:
                def __init__(self):
                    self.listeners = []

                def subscribe(self, obj):
                    self.listeners.append(weakref.ref(obj))
        """,
        },
    ),
    # shlex.split run on free text with an unbalanced quote
    P(
        "shlex_split_unbalanced_quote",
        "shlex",
        "chat command with an apostrophe",
        "ValueError",
        U_SHLEX,
        {
            "bot.py": """
            from commands import dispatch

            print(dispatch("say don't stop me now"))
        """,
            "commands.py": """
            import shlex


            def dispatch(line):
                name, *args = shlex.split(line)
                return name, args
        """,
        },
    ),
    P(
        "shlex_split_unbalanced_quote",
        "shlex",
        "notes field with a surname like O'Brien",
        "ValueError",
        U_SHLEX,
        {
            "tags.py": """
            import shlex

            NOTES = ['"vip customer" priority', "contact Pat O'Brien"]
            for note in NOTES:
                print(shlex.split(note))
        """,
        },
    ),
    P(
        "shlex_split_unbalanced_quote",
        "shlex",
        "config line with a missing closing double quote",
        "ValueError",
        U_SHLEX,
        {
            "launcher.py": """
            import subprocess

            from jobs import parse_job

            argv = parse_job('echo "build finished')
            print(subprocess.run(argv, capture_output=True, text=True).stdout)
        """,
            "jobs.py": """
            import shlex


            def parse_job(line):
                return shlex.split(line, comments=True)
        """,
        },
    ),
    # functools.singledispatch used on a method: dispatch happens on self
    P(
        "singledispatch_on_method",
        "functools",
        "renderer method registered for int and str",
        "NotImplementedError",
        U_DISPATCH,
        {
            "render.py": """
            from renderer import Renderer

            print(Renderer().render(42))
        """,
            "renderer.py": """
            from functools import singledispatch


            class Renderer:
                @singledispatch
                def render(self, value):
                    raise NotImplementedError(f"cannot render {type(value).__name__}")

                @render.register(int)
                def _(self, value):
                    return f"<int {value}>"

                @render.register(str)
                def _(self, value):
                    return f"<str {value!r}>"
        """,
        },
    ),
    P(
        "singledispatch_on_method",
        "functools",
        "exporter with per-type handlers",
        "NotImplementedError",
        U_DISPATCH,
        {
            "export.py": """
            from datetime import date
            from functools import singledispatch


            class Exporter:
                @singledispatch
                def cell(self, value):
                    raise NotImplementedError(type(value))

                @cell.register
                def _(self, value: date):
                    return value.isoformat()


            print(Exporter().cell(date(2024, 1, 2)))
        """,
        },
    ),
    P(
        "singledispatch_on_method",
        "functools",
        "AST visitor class dispatching on node type",
        "NotImplementedError",
        U_DISPATCH,
        {
            "evaluate.py": """
            from nodes import Add, Num
            from visitor import Evaluator

            print(Evaluator().visit(Add(Num(2), Num(3))))
        """,
            "nodes.py": """
            from dataclasses import dataclass


            @dataclass
            class Num:
                value: int


            @dataclass
            class Add:
                left: object
                right: object
        """,
            "visitor.py": """
            from functools import singledispatch

            from nodes import Add, Num


            class Evaluator:
                @singledispatch
                def visit(self, node):
                    raise NotImplementedError(f"no visitor for {node!r}")

                @visit.register(Num)
                def _(self, node):
                    return node.value

                @visit.register(Add)
                def _(self, node):
                    return self.visit(node.left) + self.visit(node.right)
        """,
        },
    ),
    # signal.signal called from a thread other than the main thread
    P(
        "signal_handler_set_outside_main_thread",
        "signal",
        "worker thread installs a SIGTERM handler",
        "ValueError",
        U_SIGNAL,
        {
            "service.py": """
            from concurrent.futures import ThreadPoolExecutor

            from worker import run_worker

            with ThreadPoolExecutor(max_workers=1) as pool:
                print(pool.submit(run_worker, "queue-a").result())
        """,
            "worker.py": """
            import signal
            import sys


            def run_worker(queue):
                signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
                return f"worker for {queue} ready"
        """,
        },
    ),
    P(
        "signal_handler_set_outside_main_thread",
        "signal",
        "SIGALRM timeout helper called from a thread pool",
        "ValueError",
        U_SIGNAL,
        {
            "batch_eval.py": """
            from concurrent.futures import ThreadPoolExecutor

            from limits import run_with_timeout


            def job(n):
                return run_with_timeout(lambda: sum(range(n)), seconds=2)


            with ThreadPoolExecutor(max_workers=2) as pool:
                print(list(pool.map(job, [10, 20])))
        """,
            "limits.py": """
            import signal


            def _expired(signum, frame):
                raise TimeoutError("took too long")


            def run_with_timeout(fn, seconds):
                old = signal.signal(signal.SIGALRM, _expired)
                signal.alarm(seconds)
                try:
                    return fn()
                finally:
                    signal.alarm(0)
                    signal.signal(signal.SIGALRM, old)
        """,
        },
    ),
    P(
        "signal_handler_set_outside_main_thread",
        "signal",
        "module imported inside a thread registers SIGINT at import",
        "ValueError",
        U_SIGNAL,
        {
            "gui_main.py": """
            import threading

            errors = []


            def load_plugin():
                try:
                    import plugin  # noqa: F401
                except Exception as exc:
                    errors.append(exc)


            t = threading.Thread(target=load_plugin)
            t.start()
            t.join()
            if errors:
                raise errors[0]
        """,
            "plugin.py": """
            import signal


            def _on_interrupt(signum, frame):
                print("interrupted")


            signal.signal(signal.SIGINT, _on_interrupt)
        """,
        },
    ),
    # Path.glob given an absolute pattern
    P(
        "path_glob_absolute_pattern",
        "pathlib",
        "user-supplied absolute pattern passed to Path.glob",
        "NotImplementedError",
        U_GLOB,
        {
            "add_files.py": """
            import sys
            from pathlib import Path

            from finder import matching

            Path("notes").mkdir(exist_ok=True)
            Path("notes/a.md").write_text("a")
            print(matching(Path.cwd(), sys.argv[1]))
        """,
            "finder.py": """
            from pathlib import Path


            def matching(root, pattern):
                return sorted(p.name for p in Path(root).glob(pattern))
        """,
        },
        "/tmp/*.md",
    ),
    P(
        "path_glob_absolute_pattern",
        "pathlib",
        "pattern built by joining the cwd with '*.csv'",
        "NotImplementedError",
        U_GLOB,
        {
            "collect_csv.py": """
            from pathlib import Path

            Path("jan.csv").write_text("a,b\\n")
            pattern = str(Path.cwd() / "*.csv")
            print([p.name for p in Path(".").glob(pattern)])
        """,
        },
    ),
    P(
        "path_glob_absolute_pattern",
        "pathlib",
        "rglob with a pattern taken from config that starts with '/'",
        "NotImplementedError",
        U_GLOB,
        {
            "cleanup.py": """
            from pathlib import Path

            from settings import LOG_PATTERN

            Path("logs").mkdir(exist_ok=True)
            old = list(Path("logs").rglob(LOG_PATTERN))
            print(len(old))
        """,
            "settings.py": """
            LOG_PATTERN = "/logs/*.log"
        """,
        },
    ),
    # setlocale to a locale that the machine does not have
    P(
        "locale_not_installed",
        "locale",
        "German locale for number formatting",
        "Error",
        U_LOCALE,
        {
            "invoice_total.py": """
            from fmt import money

            print(money(1234.5))
        """,
            "fmt.py": """
            import locale

            locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")


            def money(amount):
                return locale.currency(amount, grouping=True)
        """,
        },
    ),
    P(
        "locale_not_installed",
        "locale",
        "French month names via LC_TIME",
        "Error",
        U_LOCALE,
        {
            "calendar_fr.py": """
            import locale
            from datetime import date

            locale.setlocale(locale.LC_TIME, "fr_FR")
            print(date(2024, 2, 1).strftime("%B %Y"))
        """,
        },
    ),
    P(
        "locale_not_installed",
        "locale",
        "context manager switches to pt_BR for parsing",
        "Error",
        U_LOCALE,
        {
            "parse_brl.py": """
            from localized import parse_number

            print(parse_number("1.234,56"))
        """,
            "localized.py": """
            import locale
            from contextlib import contextmanager


            @contextmanager
            def use_locale(name):
                old = locale.setlocale(locale.LC_NUMERIC)
                locale.setlocale(locale.LC_NUMERIC, name)
                try:
                    yield
                finally:
                    locale.setlocale(locale.LC_NUMERIC, old)


            def parse_number(text):
                with use_locale("pt_BR.UTF-8"):
                    return locale.atof(text)
        """,
        },
    ),
    # random.choice / random.sample on a set or dict view
    P(
        "random_choice_from_unordered_collection",
        "random",
        "random.choice over a set of candidate labels",
        "TypeError",
        U_CHOICE,
        {
            "reply_bot.py": """
            import random

            from knowledge import candidates

            random.seed(3)
            print(random.choice(candidates("greeting")))
        """,
            "knowledge.py": """
            def candidates(intent):
                return {"hello", "hi there", "good day"} if intent == "greeting" else {"?"}
        """,
        },
    ),
    P(
        "random_choice_from_unordered_collection",
        "random",
        "random.sample of a set of keyspaces",
        "TypeError",
        U_CHOICE,
        {
            "chaos.py": """
            import random

            KEYSPACES = {"users", "orders", "events", "audit"}
            random.seed(1)
            print(random.sample(KEYSPACES, 2))
        """,
        },
    ),
    P(
        "random_choice_from_unordered_collection",
        "random",
        "random.sample from a dict of weighted prizes",
        "TypeError",
        U_CHOICE,
        {
            "raffle.py": """
            import random

            from prizes import PRIZES

            random.seed(7)
            for prize in random.sample(PRIZES, 2):
                print(prize, PRIZES[prize])
        """,
            "prizes.py": """
            PRIZES = {"mug": 5, "t-shirt": 3, "sticker": 20}
        """,
        },
    ),
    # logging.config.dictConfig given a dict without 'version'
    P(
        "logging_dictconfig_without_version",
        "logging",
        "logging section read from a JSON config file",
        "ValueError",
        U_DICTCONFIG,
        {
            "start.py": """
            import json
            import logging.config
            from pathlib import Path

            Path("config.json").write_text(json.dumps({
                "logging": {
                    "handlers": {"console": {"class": "logging.StreamHandler", "level": "INFO"}},
                    "root": {"handlers": ["console"], "level": "INFO"},
                }
            }))
            logging.config.dictConfig(json.loads(Path("config.json").read_text())["logging"])
            logging.getLogger(__name__).info("started")
        """,
        },
    ),
    P(
        "logging_dictconfig_without_version",
        "logging",
        "LOGGING dict defined in a settings module",
        "ValueError",
        U_DICTCONFIG,
        {
            "worker.py": """
            import logging
            import logging.config

            from settings import LOGGING

            logging.config.dictConfig(LOGGING)
            logging.getLogger("worker").warning("queue empty")
        """,
            "settings.py": """
            LOGGING = {
                "disable_existing_loggers": False,
                "formatters": {"plain": {"format": "%(levelname)s %(name)s %(message)s"}},
                "handlers": {"out": {"class": "logging.StreamHandler", "formatter": "plain"}},
                "loggers": {"worker": {"handlers": ["out"], "level": "DEBUG"}},
            }
        """,
        },
    ),
    P(
        "logging_dictconfig_without_version",
        "logging",
        "config returned by a get() default that lacks version",
        "ValueError",
        U_DICTCONFIG,
        {
            "cli_tool.py": """
            from logsetup import configure

            configure({"database": "app.db"})
            print("configured")
        """,
            "logsetup.py": """
            from logging.config import dictConfig

            DEFAULT = {"root": {"level": "WARNING"}}


            def configure(config):
                dictConfig(config.get("logging", DEFAULT))
        """,
        },
    ),
    # mmap of a file that can be empty
    P(
        "mmap_of_empty_file",
        "mmap",
        "scanner maps every input file including empty ones",
        "ValueError",
        U_MMAP,
        {
            "scan_strings.py": """
            from pathlib import Path

            from scanner import count_marker

            Path("a.bin").write_bytes(b"xxMARKERyy")
            Path("empty.bin").write_bytes(b"")
            for name in ["a.bin", "empty.bin"]:
                print(name, count_marker(name))
        """,
            "scanner.py": """
            import mmap


            def count_marker(path):
                with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
                    return mm[:].count(b"MARKER")
        """,
        },
    ),
    P(
        "mmap_of_empty_file",
        "mmap",
        "fresh log file mapped before anything is written",
        "ValueError",
        U_MMAP,
        {
            "tail_log.py": """
            import mmap

            with open("app.log", "w+b") as fh:
                view = mmap.mmap(fh.fileno(), 0)
                print(view.readline())
        """,
        },
    ),
    P(
        "mmap_of_empty_file",
        "mmap",
        "dedup hashing of files via mmap",
        "ValueError",
        U_MMAP,
        {
            "dedup.py": """
            from pathlib import Path

            from hashing import digest

            Path("src").mkdir(exist_ok=True)
            Path("src/main.py").write_text("print(1)\\n")
            Path("src/__init__.py").write_text("")
            for p in sorted(Path("src").iterdir()):
                print(p.name, digest(p)[:12])
        """,
            "hashing.py": """
            import hashlib
            import mmap


            def digest(path):
                with open(path, "rb") as fh:
                    with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
                        return hashlib.sha256(mm).hexdigest()
        """,
        },
    ),
    # a unique e-mail header assigned a second time on an EmailMessage
    P(
        "email_header_set_twice",
        "email",
        "To assigned once per recipient",
        "ValueError",
        U_HEADER,
        {
            "newsletter.py": """
            from mail import build

            msg = build(["ada@example.com", "grace@example.com"], "June news")
            print(msg["To"])
        """,
            "mail.py": """
            from email.message import EmailMessage


            def build(recipients, subject):
                msg = EmailMessage()
                msg["Subject"] = subject
                for rcpt in recipients:
                    msg["To"] = rcpt
                msg.set_content("hello")
                return msg
        """,
        },
    ),
    P(
        "email_header_set_twice",
        "email",
        "Reply-To set by a default and again by the caller",
        "ValueError",
        U_HEADER,
        {
            "notify.py": """
            from mailer import make_message

            m = make_message("ops@example.com", "Disk alert", headers={"Reply-To": "oncall@example.com"})
            print(m["Reply-To"])
        """,
            "mailer.py": """
            from email.message import EmailMessage


            def make_message(to, subject, headers=None):
                msg = EmailMessage()
                msg["To"] = to
                msg["Subject"] = subject
                msg["Reply-To"] = "noreply@example.com"
                for name, value in (headers or {}).items():
                    msg[name] = value
                return msg
        """,
        },
    ),
    P(
        "email_header_set_twice",
        "email",
        "Subject rewritten with a prefix by assignment",
        "ValueError",
        U_HEADER,
        {
            "tag_subject.py": """
            from email.message import EmailMessage

            msg = EmailMessage()
            msg["Subject"] = "Quarterly report"
            msg["Subject"] = "[EXTERNAL] " + msg["Subject"]
            print(msg["Subject"])
        """,
        },
    ),
    # "host:port" string handed to ipaddress as a bare address
    P(
        "ip_address_given_host_port",
        "ipaddress",
        "client address with its source port checked for is_private",
        "ValueError",
        U_HOSTPORT,
        {
            "login_history.py": """
            from geo import is_internal

            REQUEST_META = {"REMOTE_ADDR": "37.116.172.131:32830", "HTTP_USER_AGENT": "curl/8"}
            print(is_internal(REQUEST_META["REMOTE_ADDR"]))
        """,
            "geo.py": """
            import ipaddress


            def is_internal(remote_addr):
                return ipaddress.ip_address(remote_addr).is_private
        """,
        },
    ),
    P(
        "ip_address_given_host_port",
        "ipaddress",
        "peer string from a socket log parsed with IPv4Address",
        "AddressValueError",
        U_HOSTPORT,
        {
            "peers.py": """
            from ipaddress import IPv4Address

            LOG = ["accepted 10.0.0.5:443", "accepted 10.0.0.9:8443"]
            peers = sorted(IPv4Address(line.split()[1]) for line in LOG)
            print(peers)
        """,
        },
    ),
    P(
        "ip_address_given_host_port",
        "ipaddress",
        "bracketed IPv6 listen address with port",
        "ValueError",
        U_HOSTPORT,
        {
            "bind_check.py": """
            from netcfg import listen_family

            print(listen_family("[::1]:8080"))
        """,
            "netcfg.py": """
            import ipaddress


            def listen_family(listen):
                return "ipv%d" % ipaddress.ip_address(listen).version
        """,
        },
    ),
]
