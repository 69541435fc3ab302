from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Optional

import pytest
from injector import Container, CycleError, ResolutionError

COUNTER = itertools.count(1)


class Config:
    def __init__(self) -> None:
        self.url = "sqlite://"
        self.serial = next(COUNTER)


class Database:
    def __init__(self, config: Config) -> None:
        self.config = config


class Cache:
    def __init__(self, size: int = 128) -> None:
        self.size = size


class Repository:
    def __init__(self, db: Database, cache: Optional[Cache] = None) -> None:  # noqa: UP045
        self.db = db
        self.cache = cache


class Mailer:
    def __init__(self, config: Config, sender: str = "noreply@example.org") -> None:
        self.config = config
        self.sender = sender


@dataclass
class Service:
    repo: Repository
    mailer: Mailer | None
    retries: int = 3


class Plugin:
    pass


class CsvPlugin(Plugin):
    pass


class JsonPlugin(Plugin):
    pass


class Registry:
    def __init__(self, plugins: list[Plugin]) -> None:
        self.plugins = plugins


class Chicken:
    def __init__(self, egg: Egg) -> None:
        self.egg = egg


class Egg:
    def __init__(self, chicken: Chicken) -> None:
        self.chicken = chicken


class Unit:
    def __init__(self, db: Database) -> None:
        self.db = db


class Handler:
    def __init__(self, unit: Unit, config: Config) -> None:
        self.unit = unit
        self.config = config


class Untyped:
    def __init__(self, thing) -> None:
        self.thing = thing


@dataclass
class Options:
    tags: list[str] = field(default_factory=list)
    config: Config | None = None


@pytest.fixture
def app() -> Container:
    app = Container()
    app.singleton(Config)
    app.register(Database)
    app.register(Repository)
    return app


def test_resolve_graph(app: Container) -> None:
    repo = app.resolve(Repository)
    assert isinstance(repo.db, Database) and isinstance(repo.db.config, Config)
    assert repo.cache is None


def test_transient_makes_new_instances(app: Container) -> None:
    assert app.resolve(Database) is not app.resolve(Database)


def test_singleton_shared(app: Container) -> None:
    first, second = app.resolve(Repository), app.resolve(Repository)
    assert first.db.config is second.db.config
    assert first.db.config.serial == second.db.config.serial


def test_optional_registered(app: Container) -> None:
    app.register(Cache)
    repo = app.resolve(Repository)
    assert isinstance(repo.cache, Cache) and repo.cache.size == 128


def test_default_kept_when_unregistered(app: Container) -> None:
    app.register(Mailer)
    assert app.resolve(Mailer).sender == "noreply@example.org"


def test_dataclass_fields(app: Container) -> None:
    app.register(Service)
    service = app.resolve(Service)
    assert isinstance(service.repo, Repository)
    assert service.mailer is None and service.retries == 3
    app.register(Mailer)
    assert isinstance(app.resolve(Service).mailer, Mailer)


def test_dataclass_default_factory(app: Container) -> None:
    app.register(Options)
    options = app.resolve(Options)
    assert options.tags == [] and isinstance(options.config, Config)


def test_factory_function(app: Container) -> None:
    def make_cache(config: Config) -> Cache:
        return Cache(size=len(config.url))

    app.register(Cache, make_cache)
    assert app.resolve(Repository).cache.size == 9


def test_instance(app: Container) -> None:
    config = Config()
    config.url = "postgres://"
    app.instance(Config, config)
    assert app.resolve(Database).config is config


def test_missing_provider(app: Container) -> None:
    app.register(Handler)
    with pytest.raises(ResolutionError) as info:
        app.resolve(Handler)
    assert str(info.value) == "no provider for Unit (needed by Handler)"


def test_cycle_detected() -> None:
    app = Container()
    app.register(Chicken)
    app.register(Egg)
    with pytest.raises(CycleError) as info:
        app.resolve(Chicken)
    assert str(info.value) == "dependency cycle: Chicken -> Egg -> Chicken"


def test_cycle_through_singleton() -> None:
    app = Container()
    app.singleton(Chicken)
    app.register(Egg)
    with pytest.raises(CycleError, match="dependency cycle: Egg -> Chicken -> Egg"):
        app.resolve(Egg)


def test_untyped_parameter(app: Container) -> None:
    app.register(Untyped)
    with pytest.raises(ResolutionError, match="Untyped: parameter 'thing' has no annotation"):
        app.resolve(Untyped)


def test_scoped_lifetime(app: Container) -> None:
    app.scoped(Unit)
    app.register(Handler)
    scope = app.scope()
    first, second = scope.resolve(Handler), scope.resolve(Handler)
    assert first is not second and first.unit is second.unit
    assert app.scope().resolve(Handler).unit is not first.unit
    with pytest.raises(ResolutionError, match="Unit is scoped: resolve it inside a scope"):
        app.resolve(Handler)


def test_child_overrides_and_shares_singletons(app: Container) -> None:
    child = app.child()
    child.register(Cache, lambda: Cache(size=1))
    assert child.resolve(Repository).cache.size == 1
    assert app.resolve(Repository).cache is None
    assert child.resolve(Database).config is app.resolve(Database).config


def test_list_of_subclasses() -> None:
    app = Container()
    app.register(CsvPlugin)
    app.singleton(JsonPlugin)
    app.register(Registry)
    plugins = app.resolve(Registry).plugins
    assert [type(p).__name__ for p in plugins] == ["CsvPlugin", "JsonPlugin"]
    assert app.resolve(Registry).plugins[1] is plugins[1]
