"""Groups that end in a KeyError (or next to one) whose key really was stored, or looked stored: the causes differ
(an object only weakly referenced, a defaultdict turned into a dict, a key mutated after insertion, float arithmetic,
bytes keys, a dict popped by a callee, a case-insensitive mapping copied, a persistent map's result dropped, camelCase
payloads)."""

from programs import P

U_WEAK = "https://github.com/twisted/axiom/issues/33"
U_DEFAULTDICT = "https://github.com/opencivicdata/python-legistar-scraper/issues/41"
U_MUTKEY = "https://github.com/kurtbrose/objex/pull/9"
U_FLOATKEY = "https://github.com/wemake-services/wemake-python-styleguide/issues/861"
U_BYTESKEY = "https://github.com/twisted/klein/issues/371"
U_POPPED = "https://github.com/Azure/autorest.python/issues/595"
U_HEADERS = "https://github.com/DataDog/dd-apm-test-agent/pull/113"
U_PERSISTENT = "https://github.com/MagicStack/immutables/issues/2"
U_CAMEL = "https://github.com/lidatong/dataclasses-json/issues/47"

PROGRAMS = [
    # the only strong reference to a cached object is dropped, so the weak container loses it
    P(
        "weak_only_reference_collected",
        "weakref",
        "parser cache fills a WeakValueDictionary and reads it back",
        "KeyError",
        U_WEAK,
        {
            "render_docs.py": """
            from parsers import parser_for

            for name in ["intro.md", "setup.md"]:
                print(parser_for("markdown").describe(name))
        """,
            "parsers.py": """
            import weakref


            class Parser:
                def __init__(self, kind):
                    self.kind = kind

                def describe(self, name):
                    return f"{name}: parsed as {self.kind}"


            _cache = weakref.WeakValueDictionary()


            def parser_for(kind):
                if kind not in _cache:
                    _cache[kind] = Parser(kind)
                return _cache[kind]
        """,
        },
    ),
    P(
        "weak_only_reference_collected",
        "weakref",
        "session kept only through weakref.ref",
        "AttributeError",
        U_WEAK,
        {
            "client.py": """
            import weakref


            class Session:
                def __init__(self, user):
                    self.user = user
                    self.token = f"tok-{user}"


            class Client:
                def __init__(self):
                    self._session = None

                def login(self, user):
                    # keep a weak reference so the client does not keep sessions alive
                    self._session = weakref.ref(Session(user))

                def headers(self):
                    return {"Authorization": "Bearer " + self._session().token}


            c = Client()
            c.login("maria")
            print(c.headers())
        """,
        },
    ),
    P(
        "weak_only_reference_collected",
        "weakref",
        "event bus registers a handler created inline",
        "KeyError",
        U_WEAK,
        {
            "notify.py": """
            from app.bus import EventBus


            class AuditHandler:
                def __call__(self, payload):
                    print("audit:", payload)


            bus = EventBus()
            bus.register("saved", AuditHandler())
            bus.emit("saved", {"id": 7})
        """,
            "app/__init__.py": "",
            "app/bus.py": """
            from weakref import WeakValueDictionary


            class EventBus:
                def __init__(self):
                    self._handlers = WeakValueDictionary()

                def register(self, event, handler):
                    self._handlers[event] = handler

                def emit(self, event, payload):
                    handler = self._handlers[event]
                    handler(payload)
        """,
        },
    ),
    # a defaultdict is turned into a plain dict and code later relies on the default
    P(
        "defaultdict_converted_to_plain_dict",
        "collections",
        "word counts returned as dict(), updated later",
        "KeyError",
        U_DEFAULTDICT,
        {
            "wordfreq.py": """
            from collections import defaultdict


            def count_words(lines):
                counts = defaultdict(int)
                for line in lines:
                    for word in line.split():
                        counts[word] += 1
                return dict(counts)


            totals = count_words(["apple pear", "pear plum"])
            for word in "plum kiwi".split():
                totals[word] += 1
            print(totals)
        """,
        },
    ),
    P(
        "defaultdict_converted_to_plain_dict",
        "json",
        "defaultdict(list) saved as JSON and reloaded",
        "KeyError",
        U_DEFAULTDICT,
        {
            "inbox.py": """
            import json
            from collections import defaultdict
            from pathlib import Path

            STATE = Path("inbox.json")


            def save(messages):
                STATE.write_text(json.dumps(messages))


            def load():
                return json.loads(STATE.read_text())


            boxes = defaultdict(list)
            boxes["alice"].append("hi")
            save(boxes)

            boxes = load()
            boxes["bob"].append("welcome")
            print(boxes)
        """,
        },
    ),
    P(
        "defaultdict_converted_to_plain_dict",
        "collections",
        "snapshot {**by_day} of a defaultdict updated by a later batch",
        "KeyError",
        U_DEFAULTDICT,
        {
            "daily_report.py": """
            from report.store import DailyStore

            store = DailyStore()
            store.add("2024-03-01", 12.5)
            snapshot = store.snapshot()
            store.merge_into(snapshot, [("2024-03-01", 3.0), ("2024-03-02", 8.0)])
            print(snapshot)
        """,
            "report/__init__.py": "",
            "report/store.py": """
            from collections import defaultdict


            class DailyStore:
                def __init__(self):
                    self.by_day = defaultdict(list)

                def add(self, day, amount):
                    self.by_day[day].append(amount)

                def snapshot(self):
                    return {**self.by_day}

                @staticmethod
                def merge_into(target, items):
                    for day, amount in items:
                        target[day].append(amount)
        """,
        },
    ),
    # an object used as a dict key or set member is mutated after insertion, so its hash changes
    P(
        "mutable_key_mutated_after_insert",
        "dataclasses",
        "unsafe_hash dataclass moved after being stored as a grid key",
        "KeyError",
        U_MUTKEY,
        {
            "board.py": """
            from dataclasses import dataclass


            @dataclass(unsafe_hash=True)
            class Cell:
                x: int
                y: int


            piece_at = {}
            knight = Cell(2, 1)
            piece_at[knight] = "knight"

            knight.x += 1  # the knight moves
            print(piece_at[knight])
        """,
        },
    ),
    P(
        "mutable_key_mutated_after_insert",
        "core",
        "user removed from a set after its email changed",
        "KeyError",
        U_MUTKEY,
        {
            "sessions.py": """
            class User:
                def __init__(self, email):
                    self.email = email

                def __eq__(self, other):
                    return isinstance(other, User) and self.email == other.email

                def __hash__(self):
                    return hash(self.email)

                def __repr__(self):
                    return f"User({self.email!r})"


            online = set()
            u = User("lee@old.example")
            online.add(u)
            u.email = "lee@new.example"
            online.remove(u)
            print(len(online))
        """,
        },
    ),
    P(
        "mutable_key_mutated_after_insert",
        "core",
        "version object bumped after caching its build",
        "KeyError",
        U_MUTKEY,
        {
            "release.py": """
            from builds import BuildCache, Version

            cache = BuildCache()
            v = Version([1, 4, 0])
            cache.store(v, "dist/app-1.4.0.tar.gz")
            v.bump_patch()
            print(cache.artifact(Version([1, 4, 1])), cache.artifact(v))
        """,
            "builds.py": """
            class Version:
                def __init__(self, parts):
                    self.parts = parts

                def bump_patch(self):
                    self.parts[2] += 1

                def __eq__(self, other):
                    return self.parts == other.parts

                def __hash__(self):
                    return hash(tuple(self.parts))

                def __repr__(self):
                    return ".".join(map(str, self.parts))


            class BuildCache:
                def __init__(self):
                    self._by_version = {}

                def store(self, version, path):
                    self._by_version[version] = path

                def artifact(self, version):
                    return self._by_version[version]
        """,
        },
    ),
    # a float computed by arithmetic used to look up a float key
    P(
        "float_key_from_arithmetic",
        "core",
        "discount tier looked up by 0.1 + 0.2",
        "KeyError",
        U_FLOATKEY,
        {
            "pricing.py": """
            TIER_NAME = {0.1: "bronze", 0.2: "silver", 0.3: "gold"}


            def tier(base_discount, loyalty_bonus):
                return TIER_NAME[base_discount + loyalty_bonus]


            print(tier(0.1, 0.2))
        """,
        },
    ),
    P(
        "float_key_from_arithmetic",
        "core",
        "sensor grid keyed by accumulated position",
        "KeyError",
        U_FLOATKEY,
        {
            "scan.py": """
            from grid import readings_by_position

            readings = readings_by_position(step=0.1, count=10)
            pos = 0.0
            while pos < 0.95:
                print(f"{pos:.1f}", readings[pos])
                pos += 0.1
        """,
            "grid.py": """
            def readings_by_position(step, count):
                return {round(i * step, 1): 20 + i for i in range(count)}
        """,
        },
    ),
    P(
        "float_key_from_arithmetic",
        "core",
        "grade band looked up by score * 100",
        "KeyError",
        U_FLOATKEY,
        {
            "grades.py": """
            BANDS = {float(p): ("pass" if p >= 50 else "fail") for p in range(0, 101)}


            def band(fraction_correct):
                return BANDS[fraction_correct * 100]


            for score in [0.5, 0.25, 0.57]:
                print(score, band(score))
        """,
        },
    ),
    # bytes keys looked up with str
    P(
        "bytes_keys_looked_up_with_str",
        "urllib.parse",
        "parse_qs on a raw request body",
        "KeyError",
        U_BYTESKEY,
        {
            "form_handler.py": """
            from urllib.parse import parse_qs


            def handle(body: bytes):
                form = parse_qs(body)
                return form["user"][0], form.get("role", ["viewer"])[0]


            print(handle(b"user=ann&role=admin"))
        """,
        },
    ),
    P(
        "bytes_keys_looked_up_with_str",
        "subprocess",
        "KEY=VALUE output of a child process parsed into a dict",
        "KeyError",
        U_BYTESKEY,
        {
            "probe.py": """
            import subprocess
            import sys

            TOOL = "print('VERSION=2.4.1'); print('ARCH=x86_64')"


            def tool_info():
                out = subprocess.run([sys.executable, "-c", TOOL], capture_output=True, check=True).stdout
                return dict(line.split(b"=", 1) for line in out.splitlines())


            info = tool_info()
            print("version", info["VERSION"])
        """,
        },
    ),
    P(
        "bytes_keys_looked_up_with_str",
        "io",
        "HTTP header block read from a binary capture file",
        "KeyError",
        U_BYTESKEY,
        {
            "replay.py": """
            from capture import read_headers

            with open("request.bin", "wb") as fh:
                fh.write(b"Host: api.example\\r\\nAccept: */*\\r\\n\\r\\n")

            headers = read_headers("request.bin")
            print("replaying against", headers["Host"])
        """,
            "capture.py": """
            def read_headers(path):
                with open(path, "rb") as fh:
                    block = fh.read().split(b"\\r\\n\\r\\n", 1)[0]
                headers = {}
                for line in block.split(b"\\r\\n"):
                    name, _, value = line.partition(b":")
                    headers[name.strip()] = value.strip()
                return headers
        """,
        },
    ),
    # a callee pops keys out of a dict the caller reuses
    P(
        "shared_dict_popped_by_callee",
        "core",
        "connect() pops options from the caller's dict in a retry loop",
        "KeyError",
        U_POPPED,
        {
            "sync_job.py": """
            def connect(host, options):
                timeout = options.pop("timeout")
                return f"{host} (timeout={timeout}, extra={options})"


            OPTIONS = {"timeout": 5, "tls": True}
            for host in ["db1.internal", "db2.internal"]:
                print(connect(host, OPTIONS))
        """,
        },
    ),
    P(
        "shared_dict_popped_by_callee",
        "core",
        "two clients built from one settings dict",
        "KeyError",
        U_POPPED,
        {
            "services.py": """
            from http_client import ApiClient

            settings = {"base_url": "https://api.example", "retries": 3, "verify": True}
            billing = ApiClient(settings)
            reports = ApiClient(settings)
            print(billing, reports)
        """,
            "http_client.py": """
            class ApiClient:
                def __init__(self, settings):
                    self.retries = settings.pop("retries")
                    self.base_url = settings.pop("base_url")
                    self.options = settings

                def __repr__(self):
                    return f"ApiClient({self.base_url}, retries={self.retries})"
        """,
        },
    ),
    P(
        "shared_dict_popped_by_callee",
        "core",
        "request builder pops headers out of module-level defaults",
        "KeyError",
        U_POPPED,
        {
            "fetch_all.py": """
            from requests_lite import build_request

            for path in ["/users", "/teams"]:
                print(build_request("GET", path))
        """,
            "requests_lite/__init__.py": """
            from requests_lite.builder import build_request

            __all__ = ["build_request"]
        """,
            "requests_lite/defaults.py": """
            DEFAULTS = {"headers": {"User-Agent": "lite/1.0"}, "timeout": 10}
        """,
            "requests_lite/builder.py": """
            from requests_lite.defaults import DEFAULTS


            def build_request(method, path, **overrides):
                options = DEFAULTS
                options.update(overrides)
                headers = options.pop("headers")
                return {"method": method, "path": path, "headers": headers, **options}
        """,
        },
    ),
    # a case-insensitive header mapping copied into a plain dict, then looked up with another case
    P(
        "case_insensitive_mapping_copied_to_dict",
        "wsgiref",
        "wsgiref Headers turned into a dict for logging",
        "KeyError",
        U_HEADERS,
        {
            "middleware.py": """
            from wsgiref.headers import Headers


            def log_response(raw_headers):
                headers = dict(Headers(raw_headers).items())
                return f"{headers['content-type']} ({headers['content-length']} bytes)"


            print(log_response([("Content-Type", "text/html"), ("Content-Length", "512")]))
        """,
        },
    ),
    P(
        "case_insensitive_mapping_copied_to_dict",
        "email",
        "email headers copied with dict(msg.items())",
        "KeyError",
        U_HEADERS,
        {
            "mailsort.py": """
            import email

            RAW = "From: ops@example.org\\nContent-Type: text/plain\\nX-Priority: 1\\n\\nDisk almost full\\n"


            def header_map(raw):
                msg = email.message_from_string(raw)
                return dict(msg.items())


            hdrs = header_map(RAW)
            print(hdrs["from"], hdrs["x-priority"])
        """,
        },
    ),
    P(
        "case_insensitive_mapping_copied_to_dict",
        "multidict",
        "CIMultiDict flattened to dict before a lookup",
        "KeyError",
        U_HEADERS,
        {
            "proxy.py": """
            from multidict import CIMultiDict

            from negotiation import preferred_type

            incoming = CIMultiDict([("accept", "application/json"), ("user-agent", "curl/8.5")])
            print(preferred_type(incoming))
        """,
            "negotiation.py": """
            def preferred_type(headers):
                plain = dict(headers)
                return plain["Accept"].split(",")[0]
        """,
        },
    ),
    # a persistent (immutable) map's set() returns a new map; the result is dropped
    P(
        "persistent_update_result_discarded",
        "pyrsistent",
        "pmap.set result not assigned in a reducer",
        "KeyError",
        U_PERSISTENT,
        {
            "store.py": """
            from pyrsistent import pmap


            def reduce(state, action):
                if action["type"] == "login":
                    state.set("user", action["user"])
                return state


            state = pmap({"theme": "dark"})
            state = reduce(state, {"type": "login", "user": "noor"})
            print("hello", state["user"])
        """,
        },
    ),
    P(
        "persistent_update_result_discarded",
        "immutables",
        "immutables.Map.set inside a loop",
        "KeyError",
        U_PERSISTENT,
        {
            "routing.py": """
            import immutables

            routes = immutables.Map()
            for path, handler in [("/", "index"), ("/about", "about")]:
                routes.set(path, handler)

            print(routes["/about"])
        """,
        },
    ),
    P(
        "persistent_update_result_discarded",
        "frozendict",
        "frozendict.set in a config helper",
        "KeyError",
        U_PERSISTENT,
        {
            "launch.py": """
            from settings import base_config, with_region

            cfg = with_region(base_config(), "eu-west-1")
            print(cfg["region"])
        """,
            "settings.py": """
            from frozendict import frozendict


            def base_config():
                return frozendict(debug=False, workers=4)


            def with_region(cfg, region):
                cfg.set("region", region)
                return cfg
        """,
        },
    ),
    # camelCase JSON loaded into snake_case fields
    P(
        "camelcase_payload_snake_case_fields",
        "dataclasses_json",
        "DataClassJsonMixin.from_dict on an API payload",
        "KeyError",
        U_CAMEL,
        {
            "orders.py": """
            from dataclasses import dataclass

            from dataclasses_json import DataClassJsonMixin

            PAYLOAD = {"orderId": 991, "customerName": "Ines", "totalCents": 4599}


            @dataclass
            class Order(DataClassJsonMixin):
                order_id: int
                customer_name: str
                total_cents: int


            print(Order.from_dict(PAYLOAD))
        """,
        },
    ),
    P(
        "camelcase_payload_snake_case_fields",
        "dataclasses",
        "dataclass built with **payload from a JSON body",
        "TypeError",
        U_CAMEL,
        {
            "webhook.py": """
            import json

            from models import Event

            body = '{"eventId": "ev_1", "createdAt": "2024-05-01T10:00:00Z", "kind": "refund"}'
            event = Event(**json.loads(body))
            print(event)
        """,
            "models.py": """
            from dataclasses import dataclass


            @dataclass
            class Event:
                event_id: str
                created_at: str
                kind: str
        """,
        },
    ),
    P(
        "camelcase_payload_snake_case_fields",
        "dacite",
        "dacite.from_dict on a camelCase config",
        "MissingValueError",
        U_CAMEL,
        {
            "deploy.py": """
            from dataclasses import dataclass

            import dacite

            RAW = {"serviceName": "thumbnails", "maxReplicas": 6, "image": "thumbs:2.1"}


            @dataclass
            class Deployment:
                service_name: str
                max_replicas: int
                image: str


            print(dacite.from_dict(Deployment, RAW))
        """,
        },
    ),
]
