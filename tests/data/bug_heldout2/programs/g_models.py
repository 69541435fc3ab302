"""Model classes: pydantic aliases and required fields, slots, enums, dataclass/attrs definition rules."""

from programs import P

PROGRAMS = [
    # --- a pydantic field with an alias is populated by its Python name (validation wants the alias)
    P(
        "pydantic_alias_population",
        "pydantic",
        "user built from python names",
        "ValidationError",
        r"""
# file: signup.py
from schemas import User

u = User(user_id=7, display_name="Lia")
print(u)
# file: schemas.py
from pydantic import BaseModel, Field


class User(BaseModel):
    user_id: int = Field(alias="userId")
    display_name: str = Field(alias="displayName")
""",
    ),
    P(
        "pydantic_alias_population",
        "pydantic",
        "camelCase generator on a settings model",
        "ValidationError",
        r"""
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class UploadSettings(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel)

    max_size_mb: int
    allowed_types: list[str]


def defaults():
    return UploadSettings(max_size_mb=10, allowed_types=["png", "jpg"])


print(defaults().max_size_mb)
""",
    ),
    P(
        "pydantic_alias_population",
        "pydantic",
        "row dict validated by field names",
        "ValidationError",
        r"""
from pydantic import BaseModel, Field


class Trade(BaseModel):
    symbol: str = Field(alias="ticker")
    quantity: int = Field(alias="qty")
    price: float


rows = [{"symbol": "ACME", "quantity": 10, "price": 3.5}]
trades = [Trade.model_validate(r) for r in rows]
print(sum(t.quantity * t.price for t in trades))
""",
    ),
    # --- Optional[...] without a default is still required in pydantic v2
    P(
        "pydantic_optional_required",
        "pydantic",
        "optional middle name omitted",
        "ValidationError",
        r"""
from typing import Optional

from pydantic import BaseModel


class Person(BaseModel):
    first: str
    middle: Optional[str]
    last: str


print(Person(first="Ada", last="Lovelace"))
""",
    ),
    P(
        "pydantic_optional_required",
        "pydantic",
        "webhook payload without a signature",
        "ValidationError",
        r"""
# file: hooks.py
import json

from payloads import Webhook

body = json.loads('{"event": "push", "repo": "tools"}')
hook = Webhook.model_validate(body)
print(hook.event)
# file: payloads.py
from pydantic import BaseModel


class Webhook(BaseModel):
    event: str
    repo: str
    signature: str | None
""",
    ),
    P(
        "pydantic_optional_required",
        "pydantic",
        "product without a discount",
        "ValidationError",
        r"""
from typing import Union

from pydantic import BaseModel


class Product(BaseModel):
    name: str
    price: float
    discount: Union[float, None]

    def final_price(self):
        return self.price * (1 - (self.discount or 0))


catalog = [{"name": "lamp", "price": 40.0, "discount": 0.1}, {"name": "rug", "price": 90.0}]
print([Product(**p).final_price() for p in catalog])
""",
    ),
    # --- model_dump() uses field names; the consumer expects the aliases
    P(
        "pydantic_dump_not_by_alias",
        "pydantic",
        "payload for a camelCase API",
        "KeyError",
        r"""
# file: publish.py
from models import Article
from wire import send

a = Article.model_validate({"articleId": 5, "publishedAt": "2024-02-02"})
print(send(a.model_dump()))
# file: models.py
from pydantic import BaseModel, Field


class Article(BaseModel):
    article_id: int = Field(alias="articleId")
    published_at: str = Field(alias="publishedAt")
# file: wire.py
def send(payload):
    return f"PUT /articles/{payload['articleId']} at {payload['publishedAt']}"
""",
    ),
    P(
        "pydantic_dump_not_by_alias",
        "pydantic",
        "json body checked by a contract test",
        "KeyError",
        r"""
# file: contract.py
import json

from api import render_invoice

body = json.loads(render_invoice(1299, "2024-09-30"))
print(body["totalCents"], body["dueDate"])
# file: api.py
from pydantic import BaseModel, Field


class Invoice(BaseModel):
    total_cents: int = Field(alias="totalCents")
    due_date: str = Field(alias="dueDate")


def render_invoice(total, due):
    return Invoice(totalCents=total, dueDate=due).model_dump_json()
""",
    ),
    P(
        "pydantic_dump_not_by_alias",
        "pydantic",
        "template fields from a dumped model",
        "KeyError",
        r"""
from pydantic import BaseModel, Field

TEMPLATE = "Dear {firstName}, your plan {planName} renews soon."


class Customer(BaseModel):
    first_name: str = Field(alias="firstName")
    plan_name: str = Field(alias="planName")


c = Customer(firstName="Noor", planName="Pro")
print(TEMPLATE.format(**c.model_dump()))
""",
    ),
    # --- slotted classes reject attributes that were not declared
    P(
        "slots_new_attribute",
        "attrs",
        "cache attribute added to an attrs class",
        "AttributeError",
        r"""
import attrs


@attrs.define
class Document:
    path: str
    text: str

    def words(self):
        if not hasattr(self, "_words"):
            self._words = self.text.split()
        return self._words


print(len(Document("a.txt", "to be or not to be").words()))
""",
    ),
    P(
        "slots_new_attribute",
        "dataclasses",
        "slots dataclass given a timestamp later",
        "AttributeError",
        r"""
# file: tasks.py
import time

from model import Task

t = Task("backup", 3)
t.started_at = time.time()
print(t)
# file: model.py
from dataclasses import dataclass


@dataclass(slots=True)
class Task:
    name: str
    priority: int
""",
    ),
    P(
        "slots_new_attribute",
        "core",
        "__slots__ class patched by a plugin",
        "AttributeError",
        r"""
class Vector:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def tag_plugin(obj, label):
    obj.label = label
    return obj


v = tag_plugin(Vector(1, 2), "origin-ish")
print(v.label)
""",
    ),
    # --- enum values were already converted to their str/int value
    P(
        "enum_value_already_str",
        "pydantic",
        "use_enum_values then .value",
        "AttributeError",
        r"""
from enum import Enum

from pydantic import BaseModel, ConfigDict


class Status(Enum):
    OPEN = "open"
    DONE = "done"


class Issue(BaseModel):
    model_config = ConfigDict(use_enum_values=True)
    title: str
    status: Status


issue = Issue(title="crash on start", status=Status.OPEN)
print(issue.status.value.upper())
""",
    ),
    P(
        "enum_value_already_str",
        "json",
        "enum restored from json as plain text",
        "AttributeError",
        r"""
# file: restore.py
import json

from state import Phase, describe

saved = json.dumps({"phase": Phase.BUILD.value})
print(describe(json.loads(saved)["phase"]))
# file: state.py
from enum import Enum


class Phase(Enum):
    PLAN = "plan"
    BUILD = "build"
    SHIP = "ship"


def describe(phase):
    return f"{phase.name.title()} ({phase.value})"
""",
    ),
    P(
        "enum_value_already_str",
        "click",
        "click.Choice passes a str",
        "AttributeError",
        r"""
# file: cli.py
from enum import Enum

import click


class Fmt(Enum):
    CSV = "csv"
    JSON = "json"


@click.command()
@click.option("--fmt", type=click.Choice([f.value for f in Fmt]), default="csv")
def export(fmt):
    click.echo(f"exporting as {fmt.value}")


if __name__ == "__main__":
    export()
""",
        "--fmt",
        "json",
    ),
    # --- a mutable default in a dataclass field
    P(
        "dataclass_mutable_default_field",
        "dataclasses",
        "list default for tags",
        "ValueError",
        r"""
# file: notes.py
from note import Note

n = Note("groceries")
n.tags.append("home")
print(n)
# file: note.py
from dataclasses import dataclass


@dataclass
class Note:
    title: str
    tags: list = []
""",
    ),
    P(
        "dataclass_mutable_default_field",
        "dataclasses",
        "dict default for headers",
        "ValueError",
        r"""
from dataclasses import dataclass


@dataclass
class Request:
    url: str
    method: str = "GET"
    headers: dict = {}


print(Request("https://example.test/ping"))
""",
    ),
    P(
        "dataclass_mutable_default_field",
        "dataclasses",
        "set default in a nested config",
        "ValueError",
        r"""
from dataclasses import dataclass, field


@dataclass
class Limits:
    max_users: int = 10
    banned: set = set()


@dataclass
class Workspace:
    name: str
    limits: Limits = field(default_factory=Limits)


print(Workspace("team-a"))
""",
    ),
    # --- a required field declared after (inherited) fields that have defaults
    P(
        "dataclass_inherit_default_order",
        "dataclasses",
        "subclass adds a required field",
        "TypeError",
        r"""
# file: shapes.py
from base import Shape
from dataclasses import dataclass


@dataclass
class Circle(Shape):
    radius: float


print(Circle(radius=2.0))
# file: base.py
from dataclasses import dataclass


@dataclass
class Shape:
    name: str = "shape"
    colour: str = "black"
""",
    ),
    P(
        "dataclass_inherit_default_order",
        "attrs",
        "attrs subclass with a mandatory attribute",
        "ValueError",
        r"""
import attrs


@attrs.define
class Event:
    source: str = "api"


@attrs.define
class Payment(Event):
    amount: int


print(Payment(amount=100))
""",
    ),
    P(
        "dataclass_inherit_default_order",
        "dataclasses",
        "mixin with a default field",
        "TypeError",
        r"""
from dataclasses import dataclass


@dataclass
class Timestamped:
    created: float = 0.0


@dataclass
class Comment(Timestamped):
    author: str
    body: str


print(Comment("ann", "looks good"))
""",
    ),
    # --- a frozen instance assigned to (often in __post_init__ or a "setter")
    P(
        "frozen_instance_mutated",
        "dataclasses",
        "derived field set in __post_init__",
        "FrozenInstanceError",
        r"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rect:
    w: float
    h: float
    area: float = field(init=False)

    def __post_init__(self):
        self.area = self.w * self.h


print(Rect(2, 3).area)
""",
    ),
    P(
        "frozen_instance_mutated",
        "attrs",
        "frozen attrs object updated in place",
        "FrozenInstanceError",
        r"""
# file: game.py
from player import Player

p = Player("kai", 100)
p.take_damage(30)
print(p)
# file: player.py
import attrs


@attrs.frozen
class Player:
    name: str
    hp: int

    def take_damage(self, n):
        self.hp -= n
""",
    ),
    P(
        "frozen_instance_mutated",
        "pydantic",
        "frozen model normalised after creation",
        "ValidationError",
        r"""
from pydantic import BaseModel, ConfigDict


class Email(BaseModel):
    model_config = ConfigDict(frozen=True)
    address: str

    def normalise(self):
        self.address = self.address.strip().lower()
        return self


print(Email(address=" Bob@Example.TEST ").normalise())
""",
    ),
    # --- attrs strips the leading underscore of private attributes from the __init__ argument name
    P(
        "attrs_private_init_name",
        "attrs",
        "private cache passed by name",
        "TypeError",
        r"""
import attrs


@attrs.define
class Resolver:
    nameserver: str
    _cache: dict = attrs.field(factory=dict)


r = Resolver(nameserver="10.0.0.2", _cache={"example.test": "10.0.0.9"})
print(r)
""",
    ),
    P(
        "attrs_private_init_name",
        "attrs",
        "connection with a private socket",
        "TypeError",
        r"""
# file: client.py
from conn import Connection

c = Connection(host="db.local", _retries=5)
print(c.host)
# file: conn.py
import attrs


@attrs.define
class Connection:
    host: str
    port: int = 5432
    _retries: int = 3
""",
    ),
    P(
        "attrs_private_init_name",
        "attrs",
        "copying an instance via its fields",
        "TypeError",
        r"""
import attrs


@attrs.define
class Budget:
    owner: str
    _spent: float = 0.0

    def spend(self, x):
        self._spent += x


def clone(obj):
    values = {a.name: getattr(obj, a.name) for a in attrs.fields(type(obj))}
    return type(obj)(**values)


b = Budget("ops")
b.spend(12.5)
print(clone(b))
""",
    ),
    # --- a subclass __init__ does not call super().__init__()
    P(
        "super_init_not_called",
        "core",
        "subclass of a cache",
        "AttributeError",
        r"""
# file: main.py
from caches import TTLCache

c = TTLCache(ttl=30)
c.put("k", "v")
print(c.get("k"))
# file: caches.py
class Cache:
    def __init__(self):
        self.store = {}

    def put(self, key, value):
        self.store[key] = value

    def get(self, key):
        return self.store.get(key)


class TTLCache(Cache):
    def __init__(self, ttl):
        self.ttl = ttl
""",
    ),
    P(
        "super_init_not_called",
        "threading",
        "Thread subclass with its own __init__",
        "RuntimeError",
        r"""
import threading


class Poller(threading.Thread):
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval

    def run(self):
        print("polling", self.url)


p = Poller("http://localhost:8080/health", 5)
p.start()
p.join()
""",
    ),
    P(
        "super_init_not_called",
        "core",
        "custom exception with extra fields",
        "AttributeError",
        r"""
class ApiError(Exception):
    def __init__(self, status, detail):
        self.status = status
        self.detail = detail


class Timeout(ApiError):
    def __init__(self, seconds):
        self.seconds = seconds


def describe(err):
    return f"{type(err).__name__}: {err.status} {err.detail}"


try:
    raise Timeout(30)
except ApiError as e:
    print(describe(e))
""",
    ),
    # --- a click/typer parameter name does not match the function argument
    P(
        "click_param_name_mismatch",
        "click",
        "--dry-run flag vs dryrun argument",
        "TypeError",
        r"""
import click


@click.command()
@click.option("--dry-run", is_flag=True)
@click.argument("target")
def deploy(target, dryrun):
    click.echo(f"deploying {target} (dry run: {dryrun})")


if __name__ == "__main__":
    deploy()
""",
        "staging",
    ),
    P(
        "click_param_name_mismatch",
        "click",
        "option renamed, function not",
        "TypeError",
        r"""
# file: tool.py
from commands import cli

if __name__ == "__main__":
    cli()
# file: commands.py
import click


@click.group()
def cli():
    pass


@cli.command()
@click.option("--max-items", type=int, default=10)
def listing(limit):
    click.echo(list(range(limit)))
""",
        "listing",
    ),
    P(
        "click_param_name_mismatch",
        "click",
        "argument name differs from parameter",
        "TypeError",
        r"""
import click


@click.command()
@click.argument("src")
@click.argument("dest_dir")
def copy(source, dest_dir):
    click.echo(f"{source} -> {dest_dir}")


if __name__ == "__main__":
    copy()
""",
        "a.txt",
        "out",
    ),
]
