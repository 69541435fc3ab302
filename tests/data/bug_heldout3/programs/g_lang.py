"""Groups around core-language mistakes: classes, dataclasses, properties, decorators, closures."""

from programs import P

U_DICT = "https://fixdevs.pages.dev/blog/python-runtimeerror-dictionary-changed-size"
U_LATE = "https://themissingmanual.dev/guides/closures-and-scope/3"
U_DC_ORDER = "https://github.com/google-deepmind/chex/issues/305"
U_DC_MUT = "https://github.com/databrickslabs/lakebridge/pull/431"
U_PROP_REC = "https://runebook.dev/en/docs/python/reference/datamodel/object.__setattr__"
U_GETATTR = "https://github.com/pytest-dev/pyfakefs/issues/445"
U_DECO_RET = "https://github.com/leancloud/python-sdk/pull/168"
U_DECO_PARENS = "https://github.com/kraken-tech/django-subatomic/issues/103"
U_INIT = "https://github.com/neolee/wop-community/issues/134"
U_SELF = "https://github.com/arrayfire/arrayfire-python/pull/93"
U_ABC = "https://github.com/Sysnove/flask-servicelayer/issues/2"
U_SETTER = "https://github.com/python-attrs/attrs/issues/30"
U_FROZEN = "https://github.com/python/mypy/issues/7106"
U_SORT = "https://github.com/python/cpython/issues/114141"

PROGRAMS = [
    # keys added or removed while iterating the same dict/set
    P(
        "dict_changed_size_during_iteration",
        "core",
        "del inside a for over the dict",
        "RuntimeError",
        U_DICT,
        {
            "prune_sessions.py": """
            from sessions import SESSIONS, is_expired


            def prune(sessions):
                for token in sessions:
                    if is_expired(sessions[token]):
                        del sessions[token]


            prune(SESSIONS)
            print(len(SESSIONS))
        """,
            "sessions.py": """
            SESSIONS = {"a1": {"age": 10}, "b2": {"age": 7200}, "c3": {"age": 30}}


            def is_expired(session):
                return session["age"] > 3600
        """,
        },
    ),
    P(
        "dict_changed_size_during_iteration",
        "core",
        "adding derived keys while iterating",
        "RuntimeError",
        U_DICT,
        {
            "aliases.py": """
            def add_lowercase_aliases(commands):
                for name, handler in commands.items():
                    if name.lower() != name:
                        commands[name.lower()] = handler
                return commands


            cmds = {"Start": "start_handler", "STOP": "stop_handler", "status": "status_handler"}
            print(sorted(add_lowercase_aliases(cmds)))
        """,
        },
    ),
    P(
        "dict_changed_size_during_iteration",
        "core",
        "set mutated by a helper called in the loop",
        "RuntimeError",
        U_DICT,
        {
            "scheduler.py": """
            from graph import Graph

            g = Graph({"build": {"test"}, "test": {"deploy"}, "deploy": set()})
            print(g.ready())
        """,
            "graph.py": """
            class Graph:
                def __init__(self, edges):
                    self.edges = edges
                    self.pending = set(edges)

                def finish(self, node):
                    self.pending.discard(node)

                def ready(self):
                    done = []
                    for node in self.pending:
                        if not self.edges[node]:
                            self.finish(node)
                            done.append(node)
                    return done
        """,
        },
    ),
    # closures created in a loop see the loop variable's last value
    P(
        "late_binding_closure_in_loop",
        "core",
        "lambdas stored in a dict inside a loop",
        "KeyError",
        U_LATE,
        {
            "handlers.py": """
            from events import dispatch

            HANDLERS = {}
            for kind in ["created", "deleted", "renamed"]:
                HANDLERS[kind] = lambda payload: dispatch(kind, payload)

            print(HANDLERS["created"]({"id": 1}))
        """,
            "events.py": """
            COUNTERS = {"created": 0, "deleted": 0}


            def dispatch(kind, payload):
                COUNTERS[kind] += 1
                return kind, payload["id"]
        """,
        },
    ),
    P(
        "late_binding_closure_in_loop",
        "core",
        "callbacks from a list comprehension",
        "AssertionError",
        U_LATE,
        {
            "multipliers.py": """
            def make_scalers(factors):
                return [lambda x: x * f for f in factors]


            scalers = make_scalers([1, 10, 100])
            results = [s(2) for s in scalers]
            assert results == [2, 20, 200], results
            print(results)
        """,
        },
    ),
    P(
        "late_binding_closure_in_loop",
        "core",
        "nested functions registered per column",
        "IndexError",
        U_LATE,
        {
            "table_view.py": """
            from formatting import build_formatters

            formatters = build_formatters(["name", "age", "city"])
            summary_row = ["ana", "42"]
            print([fmt(summary_row) for fmt in formatters[:2]])
        """,
            "formatting.py": """
            def build_formatters(columns):
                formatters = []
                for i, col in enumerate(columns):
                    def fmt(row):
                        return f"{col}={row[i]}"
                    formatters.append(fmt)
                return formatters
        """,
        },
    ),
    # dataclass subclass adds a field without default after inherited defaults
    P(
        "dataclass_inherited_default_order",
        "dataclasses",
        "subclass of a base with an optional id",
        "TypeError",
        U_DC_ORDER,
        {
            "entities.py": """
            from dataclasses import dataclass
            from typing import Optional


            @dataclass
            class Entity:
                id: Optional[int] = None


            @dataclass
            class Product(Entity):
                name: str
                price: float


            print(Product(name="tea", price=2.5))
        """,
        },
    ),
    P(
        "dataclass_inherited_default_order",
        "dataclasses",
        "event base class with a timestamp default",
        "TypeError",
        U_DC_ORDER,
        {
            "bus.py": """
            from events_model import UserRegistered

            print(UserRegistered(email="a@example.org"))
        """,
            "events_model.py": """
            from dataclasses import dataclass, field
            from datetime import datetime


            @dataclass
            class Event:
                occurred: datetime = field(default_factory=datetime.now)
                source: str = "api"


            @dataclass
            class UserRegistered(Event):
                email: str
        """,
        },
    ),
    P(
        "dataclass_inherited_default_order",
        "dataclasses",
        "mixin with defaults before required fields",
        "TypeError",
        U_DC_ORDER,
        {
            "jobs.py": """
            from dataclasses import dataclass


            @dataclass
            class Retryable:
                retries: int = 3
                backoff: float = 0.5


            @dataclass
            class HttpJob(Retryable):
                url: str
                method: str = "GET"


            job = HttpJob(url="https://example.org")
            print(job)
        """,
        },
    ),
    # mutable (unhashable) default value on a dataclass field
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "list default on a config field",
        "ValueError",
        U_DC_MUT,
        {
            "cli_config.py": """
            from config_model import ScanConfig

            print(ScanConfig(root="."))
        """,
            "config_model.py": """
            from dataclasses import dataclass


            @dataclass
            class ScanConfig:
                root: str
                ignore_patterns: list = [".git", "__pycache__"]
                follow_links: bool = False
        """,
        },
    ),
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "dict default for per-user settings",
        "ValueError",
        U_DC_MUT,
        {
            "profile.py": """
            from dataclasses import dataclass


            @dataclass
            class Profile:
                username: str
                preferences: dict = {}

                def set(self, key, value):
                    self.preferences[key] = value


            p = Profile("ana")
            p.set("theme", "dark")
            print(p)
        """,
        },
    ),
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "nested dataclass instance as default",
        "ValueError",
        U_DC_MUT,
        {
            "recon.py": """
            from recon_config import ReconcileConfig

            print(ReconcileConfig(source="a.csv", target="b.csv"))
        """,
            "recon_config.py": """
            from dataclasses import dataclass


            @dataclass
            class StatusOutput:
                row: bool = True
                column: bool = True


            @dataclass
            class ReconcileConfig:
                source: str
                target: str
                status: StatusOutput = StatusOutput()
        """,
        },
    ),
    # an accessor that assigns or reads the same attribute it implements
    P(
        "attribute_accessor_recursion",
        "core",
        "__setattr__ assigning through self",
        "RecursionError",
        U_PROP_REC,
        {
            "audited.py": """
            class Audited:
                def __init__(self, **fields):
                    for name, value in fields.items():
                        setattr(self, name, value)

                def __setattr__(self, name, value):
                    print(f"set {name}")
                    self.__dict__["_log"] = getattr(self, "_log", []) + [name]
                    self.name = value


            a = Audited(owner="ana")
            print(a.owner)
        """,
        },
    ),
    P(
        "attribute_accessor_recursion",
        "core",
        "property setter writing to the public name",
        "RecursionError",
        U_PROP_REC,
        {
            "temperature.py": """
            from sensor import Sensor

            s = Sensor("kitchen", 21.5)
            print(s.celsius)
        """,
            "sensor.py": """
            class Sensor:
                def __init__(self, name, celsius):
                    self.name = name
                    self.celsius = celsius

                @property
                def celsius(self):
                    return self._celsius

                @celsius.setter
                def celsius(self, value):
                    if value < -273.15:
                        raise ValueError("below absolute zero")
                    self.celsius = round(value, 1)
        """,
        },
    ),
    P(
        "attribute_accessor_recursion",
        "core",
        "property getter returning the property itself",
        "RecursionError",
        U_PROP_REC,
        {
            "wallet.py": """
            class Wallet:
                def __init__(self, cents):
                    self._cents = cents

                @property
                def balance(self):
                    return self.balance / 100 if self._cents else 0.0


            print(Wallet(1250).balance)
        """,
        },
    ),
    # __getattr__ that reads an instance attribute that does not exist yet (copy/pickle)
    P(
        "getattr_recursion_on_copy",
        "copy",
        "copy.copy of a forwarding proxy",
        "RecursionError",
        U_GETATTR,
        {
            "snapshot.py": """
            import copy

            from proxy import StatProxy

            live = StatProxy({"size": 10})
            print(copy.copy(live).size)
        """,
            "proxy.py": """
            class StatProxy:
                def __init__(self, stat):
                    self.stat = stat

                def __getattr__(self, name):
                    return self.stat[name]
        """,
        },
    ),
    P(
        "getattr_recursion_on_copy",
        "pickle",
        "pickle round-trip of a lazy wrapper",
        "RecursionError",
        U_GETATTR,
        {
            "cache_model.py": """
            import pickle


            class LazyModel:
                def __init__(self, loader):
                    self._loader = loader
                    self._model = None

                def __getattr__(self, attr):
                    if self._model is None:
                        self._model = self._loader()
                    return getattr(self._model, attr)


            def load():
                return {"weights": [0.1, 0.2]}


            m = LazyModel(load)
            restored = pickle.loads(pickle.dumps(m))
            print(restored.keys())
        """,
        },
    ),
    P(
        "getattr_recursion_on_copy",
        "copy",
        "copy.deepcopy of a settings object with attribute fallback",
        "RecursionError",
        U_GETATTR,
        {
            "tenant_settings.py": """
            import copy

            from layered import Layered

            base = Layered({"timeout": 30}, parent=None)
            tenant = copy.deepcopy(base)
            print(tenant.timeout)
        """,
            "layered.py": """
            class Layered:
                def __init__(self, values, parent):
                    self.values = values
                    self.parent = parent

                def __getattr__(self, name):
                    if name in self.values:
                        return self.values[name]
                    if self.parent is not None:
                        return getattr(self.parent, name)
                    raise AttributeError(name)
        """,
        },
    ),
    # a decorator that never returns the wrapper
    P(
        "decorator_missing_return",
        "core",
        "registry decorator without return",
        "TypeError",
        U_DECO_RET,
        {
            "cloud_functions.py": """
            from engine import define, run


            @define
            def hello(name):
                return f"hello {name}"


            print(run("hello", "ana"))
            print(hello("ben"))
        """,
            "engine.py": """
            _FUNCS = {}


            def define(func):
                _FUNCS[func.__name__] = func


            def run(name, *args):
                return _FUNCS[name](*args)
        """,
        },
    ),
    P(
        "decorator_missing_return",
        "core",
        "timing decorator with the return inside the wrapper",
        "TypeError",
        U_DECO_RET,
        {
            "report.py": """
            from timing import timed


            @timed
            def build_report(rows):
                return sum(rows)


            print(build_report([1, 2, 3]))
        """,
            "timing.py": """
            import functools
            import time


            def timed(func):
                @functools.wraps(func)
                def wrapper(*args, **kwargs):
                    start = time.perf_counter()
                    result = func(*args, **kwargs)
                    print(f"{func.__name__} took {time.perf_counter() - start:.3f}s")
                    return result
                    return wrapper
        """,
        },
    ),
    P(
        "decorator_missing_return",
        "core",
        "method decorator returning nothing",
        "TypeError",
        U_DECO_RET,
        {
            "api_client.py": """
            def retry(times):
                def decorate(func):
                    def wrapper(*args, **kwargs):
                        for _ in range(times - 1):
                            try:
                                return func(*args, **kwargs)
                            except ConnectionError:
                                pass
                        return func(*args, **kwargs)
                return decorate


            class Client:
                @retry(3)
                def ping(self):
                    return "pong"


            print(Client().ping())
        """,
        },
    ),
    # decorator factory applied without calling it
    P(
        "decorator_factory_without_parens",
        "core",
        "factory applied bare to a function",
        "TypeError",
        U_DECO_PARENS,
        {
            "payments.py": """
            from txn import transaction


            @transaction
            def transfer(src, dst, amount):
                return f"{amount} from {src} to {dst}"


            print(transfer("A", "B", 10))
        """,
            "txn.py": """
            def transaction(savepoint=True):
                def decorate(func):
                    def wrapper(*args, **kwargs):
                        print("begin", "savepoint" if savepoint else "")
                        return func(*args, **kwargs)
                    return wrapper
                return decorate
        """,
        },
    ),
    P(
        "decorator_factory_without_parens",
        "core",
        "keyword-only factory used bare",
        "TypeError",
        U_DECO_PARENS,
        {
            "commands.py": """
            def command(*, name=None, aliases=()):
                def register(func):
                    func.cli_name = name or func.__name__
                    func.aliases = aliases
                    return func
                return register


            @command
            def deploy(env):
                return f"deploying to {env}"


            print(deploy("staging"))
        """,
        },
    ),
    P(
        "decorator_factory_without_parens",
        "core",
        "rate limit factory used bare on a method",
        "TypeError",
        U_DECO_PARENS,
        {
            "scraper.py": """
            from limits import rate_limited


            class Scraper:
                @rate_limited
                def fetch(self, url):
                    return f"<html>{url}</html>"


            print(Scraper().fetch("https://example.org"))
        """,
            "limits.py": """
            import time


            def rate_limited(per_second=2):
                interval = 1.0 / per_second

                def decorate(func):
                    def wrapper(*args, **kwargs):
                        time.sleep(interval)
                        return func(*args, **kwargs)
                    return wrapper
                return decorate
        """,
        },
    ),
    # __init__ misspelled, so the class keeps object's constructor
    P(
        "init_misspelled",
        "core",
        "class with _init_ instead of __init__",
        "TypeError",
        U_INIT,
        {
            "pets.py": """
            class Dog:
                def _init_(self, name, age):
                    self.name = name
                    self.age = age

                def describe(self):
                    return f"{self.name} is {self.age}"


            print(Dog("Rex", 3).describe())
        """,
        },
    ),
    P(
        "init_misspelled",
        "core",
        "class with __int__ instead of __init__",
        "TypeError",
        U_INIT,
        {
            "shapes.py": """
            from geometry import Rectangle

            r = Rectangle(3, 4)
            print(r.area())
        """,
            "geometry.py": """
            class Rectangle:
                def __int__(self, width, height):
                    self.width = width
                    self.height = height

                def area(self):
                    return self.width * self.height
        """,
        },
    ),
    P(
        "init_misspelled",
        "core",
        "subclass __int__ so the base __init__ gets the keywords",
        "TypeError",
        U_INIT,
        {
            "xml_fields.py": """
            class Container:
                def __init__(self, name, fields, fuzzable=True):
                    self.name = name
                    self.fields = fields
                    self.fuzzable = fuzzable


            class XmlNode(Container):
                def __int__(self, key, value, fuzzable=True):
                    super().__init__(name=key, fields=[value], fuzzable=fuzzable)


            node = XmlNode(key="title", value="hello")
            print(node.fields)
        """,
        },
    ),
    # method defined without self
    P(
        "method_missing_self",
        "core",
        "method without self called on an instance",
        "TypeError",
        U_SELF,
        {
            "features.py": """
            from detector import Features

            f = Features([(1, 2), (3, 4)])
            print(f.num_features())
        """,
            "detector.py": """
            class Features:
                def __init__(self, points):
                    self.points = points

                def num_features():
                    return len(self.points)
        """,
        },
    ),
    P(
        "method_missing_self",
        "core",
        "method whose first parameter is an argument",
        "TypeError",
        U_SELF,
        {
            "inventory_cli.py": """
            class Inventory:
                def __init__(self):
                    self.items = {}

                def add(item, qty):
                    self.items[item] = self.items.get(item, 0) + qty


            inv = Inventory()
            inv.add("bolt", 5)
            print(inv.items)
        """,
        },
    ),
    P(
        "method_missing_self",
        "core",
        "callback method without self passed to a dispatcher",
        "TypeError",
        U_SELF,
        {
            "dialog.py": """
            from ui import Button


            class Dialog:
                def __init__(self):
                    self.ok = Button("OK", self.on_ok)

                def on_ok(event):
                    return f"closed by {event}"


            print(Dialog().ok.click())
        """,
            "ui.py": """
            class Button:
                def __init__(self, label, handler):
                    self.label = label
                    self.handler = handler

                def click(self):
                    return self.handler({"source": self.label})
        """,
        },
    ),
    # abstract method left unimplemented (often a typo in the override's name)
    P(
        "abstract_method_not_implemented",
        "abc",
        "service subclass missing create",
        "TypeError",
        U_ABC,
        {
            "manage.py": """
            from services import CapsuleerService

            capsuleers = CapsuleerService()
            print(capsuleers.get(1))
        """,
            "services.py": """
            from abc import ABC, abstractmethod


            class Service(ABC):
                @abstractmethod
                def get(self, key): ...

                @abstractmethod
                def create(self, **fields): ...


            class SQLService(Service):
                def get(self, key):
                    return {"id": key}


            class CapsuleerService(SQLService):
                pass
        """,
        },
    ),
    P(
        "abstract_method_not_implemented",
        "abc",
        "override with a misspelled method name",
        "TypeError",
        U_ABC,
        {
            "exporters.py": """
            from abc import ABC, abstractmethod


            class Exporter(ABC):
                @abstractmethod
                def serialize(self, rows): ...

                def export(self, rows):
                    return self.serialize(rows)


            class CsvExporter(Exporter):
                def serialise(self, rows):
                    return "\\n".join(",".join(map(str, r)) for r in rows)


            print(CsvExporter().export([(1, 2)]))
        """,
        },
    ),
    P(
        "abstract_method_not_implemented",
        "abc",
        "abstract property not provided by a plugin",
        "TypeError",
        U_ABC,
        {
            "load_plugins.py": """
            from plugins import PLUGINS

            for plugin_cls in PLUGINS:
                plugin = plugin_cls()
                print(plugin.name, plugin.run())
        """,
            "plugins.py": """
            from abc import ABC, abstractmethod


            class Plugin(ABC):
                @property
                @abstractmethod
                def name(self): ...

                @abstractmethod
                def run(self): ...


            class Uptime(Plugin):
                name = "uptime"

                def run(self):
                    return "42 days"


            class Disk(Plugin):
                def run(self):
                    return "80% used"


            PLUGINS = [Uptime, Disk]
        """,
        },
    ),
    # assigning to a property that has no setter
    P(
        "property_without_setter",
        "core",
        "__init__ assigning a read-only property",
        "AttributeError",
        U_SETTER,
        {
            "orders.py": """
            from order_model import Order

            o = Order(order_id=1, amount=3, price=9.5)
            print(o.total)
        """,
            "order_model.py": """
            class Order:
                def __init__(self, order_id, amount, price):
                    self.order_id = order_id
                    self.amount = amount
                    self.price = price
                    self.total = amount * price

                @property
                def total(self):
                    return self._total
        """,
        },
    ),
    P(
        "property_without_setter",
        "core",
        "subclass overriding an attribute with a property",
        "AttributeError",
        U_SETTER,
        {
            "plane.py": """
            class Plane:
                def __init__(self, opd):
                    self.opd = opd


            class TiltedPlane(Plane):
                @property
                def opd(self):
                    return self._opd * 2


            print(TiltedPlane(0.5).opd)
        """,
        },
    ),
    P(
        "property_without_setter",
        "core",
        "dataset attribute renamed to a read-only alias",
        "AttributeError",
        U_SETTER,
        {
            "subset.py": """
            from mnist_like import Dataset

            ds = Dataset([[0, 1], [1, 0], [1, 1]], [0, 1, 1])
            ds.train_data = ds.data[:2]
            print(len(ds.train_data))
        """,
            "mnist_like.py": """
            import warnings


            class Dataset:
                def __init__(self, data, targets):
                    self.data = data
                    self.targets = targets

                @property
                def train_data(self):
                    warnings.warn("train_data has been renamed data")
                    return self.data
        """,
        },
    ),
    # assigning to a frozen dataclass in __post_init__ or __init__
    P(
        "frozen_dataclass_assignment_in_init",
        "dataclasses",
        "__post_init__ normalising a field",
        "FrozenInstanceError",
        U_FROZEN,
        {
            "paths.py": """
            import os
            from dataclasses import dataclass


            @dataclass(frozen=True)
            class SomeConfig:
                basedir: str
                name: str = ""

                def __post_init__(self):
                    self.basedir = os.path.normpath(self.basedir)


            print(SomeConfig("a//b/../c"))
        """,
        },
    ),
    P(
        "frozen_dataclass_assignment_in_init",
        "dataclasses",
        "__post_init__ computing an init=False field",
        "FrozenInstanceError",
        U_FROZEN,
        {
            "geometry_cli.py": """
            from squares import Square

            print(Square(3.0).area)
        """,
            "squares.py": """
            from dataclasses import dataclass, field


            @dataclass(frozen=True)
            class Square:
                length: float
                area: float = field(init=False, default=0.0)

                def __post_init__(self):
                    self.area = self.length * self.length
        """,
        },
    ),
    P(
        "frozen_dataclass_assignment_in_init",
        "dataclasses",
        "custom __init__ on a frozen dataclass",
        "FrozenInstanceError",
        U_FROZEN,
        {
            "things.py": """
            from dataclasses import dataclass
            from typing import Optional


            @dataclass(init=False, frozen=True)
            class Thing:
                name: str
                key: str

                def __init__(self, name: str, key: Optional[str] = None) -> None:
                    self.name = name
                    self.key = key or name


            print(Thing("bolt"))
        """,
        },
    ),
    # the None result of an in-place method assigned back
    P(
        "inplace_method_result_assigned",
        "core",
        "names = names.sort()",
        "TypeError",
        U_SORT,
        {
            "roster.py": """
            from loader import load_names

            names = load_names()
            names = names.sort()
            print("first:", names[0])
        """,
            "loader.py": """
            def load_names():
                return ["zoe", "ana", "max"]
        """,
        },
    ),
    P(
        "inplace_method_result_assigned",
        "core",
        "return list.append(...) from a helper",
        "TypeError",
        U_SORT,
        {
            "tags.py": """
            def with_tag(tags, tag):
                return tags.append(tag)


            tags = with_tag(["python"], "sqlite")
            print(", ".join(tags).upper())
            print(tags.count("python"))
        """,
        },
    ),
    P(
        "inplace_method_result_assigned",
        "core",
        "dict.update result used as the merged dict",
        "TypeError",
        U_SORT,
        {
            "merge_settings.py": """
            DEFAULTS = {"theme": "light", "lang": "en"}


            def merged(overrides):
                settings = dict(DEFAULTS).update(overrides)
                return settings


            s = merged({"lang": "nl"})
            print(s["lang"])
        """,
        },
    ),
]
