from __future__ import annotations

import functools
from pathlib import Path

import pytest
from settings import Setting, Settings, SettingsError


class App(Settings, prefix="APP_"):
    host: str = Setting("localhost")
    port: int = Setting(8000)
    debug: bool = Setting(False)
    ratio: float = Setting(0.5)
    hosts: list[str] = Setting([])
    data_dir: Path = Setting(Path("/srv/data"))
    token: str = Setting(secret=True)
    mode: str = Setting("dev", choices=["dev", "prod"])
    url: str = Setting("", env="DATABASE_URL")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.__dict__["computed"] = 0

    @functools.cached_property
    def address(self) -> str:
        self.__dict__["computed"] += 1
        return f"{self.host}:{self.port}"


class Worker(App, prefix="WORKER_"):
    port: int = Setting(9000)
    token: str = Setting("none", secret=False)
    queue: str = Setting("default")


class Bare(Settings):
    name: str = Setting("bare")


BASE = {"APP_TOKEN": "s3cret"}


def test_defaults() -> None:
    app = App(BASE)
    assert (app.host, app.port, app.debug, app.ratio, app.hosts, app.mode) == ("localhost", 8000, False, 0.5, [], "dev")
    assert app.data_dir == Path("/srv/data")


def test_values_converted_by_annotation() -> None:
    app = App({**BASE, "APP_PORT": "8080", "APP_RATIO": "0.25", "APP_DATA_DIR": "/var/lib/app", "APP_HOST": "example"})
    assert (app.port, app.ratio, app.data_dir, app.host) == (8080, 0.25, Path("/var/lib/app"), "example")


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("Yes", True), ("on", True), ("false", False), ("", False)])
def test_bool_parsing(raw: str, expected: bool) -> None:
    assert App({**BASE, "APP_DEBUG": raw}).debug is expected


def test_bad_values() -> None:
    with pytest.raises(SettingsError, match=r"App.port: APP_PORT='eighty': invalid literal for int"):
        _ = App({**BASE, "APP_PORT": "eighty"}).port
    with pytest.raises(SettingsError, match=r"App.debug: APP_DEBUG='maybe': not a boolean: 'maybe'"):
        _ = App({**BASE, "APP_DEBUG": "maybe"}).debug


def test_required_missing() -> None:
    with pytest.raises(SettingsError, match=r"App.token: required setting APP_TOKEN is not set"):
        _ = App({}).token


def test_choices() -> None:
    assert App({**BASE, "APP_MODE": "prod"}).mode == "prod"
    with pytest.raises(SettingsError, match=r"App.mode: APP_MODE='test': 'test' is not one of \['dev', 'prod'\]"):
        _ = App({**BASE, "APP_MODE": "test"}).mode


def test_lists_are_not_shared() -> None:
    first = App({**BASE, "APP_HOSTS": "a, b,,c"})
    second = App({**BASE, "APP_HOSTS": "a, b,,c"})
    assert first.hosts == ["a", "b", "c"]
    first.hosts.append("d")
    assert second.hosts == ["a", "b", "c"]


def test_explicit_env_name() -> None:
    assert App({**BASE, "DATABASE_URL": "sqlite://", "APP_URL": "x"}).url == "sqlite://"


def test_overrides() -> None:
    app = App(BASE, port="81", debug=True)
    assert app.port == 81 and app.debug is True
    with pytest.raises(TypeError, match="App: unknown setting 'colour'"):
        App(BASE, colour="red")
    with pytest.raises(SettingsError, match=r"App.mode: 'qa' is not one of"):
        App(BASE, mode="qa")


def test_frozen() -> None:
    app = App(BASE)
    with pytest.raises(AttributeError, match="cannot assign to 'port': App is frozen"):
        app.port = 1
    with pytest.raises(AttributeError, match="cannot assign to 'other': App is frozen"):
        app.other = 1
    assert app.port == 8000


def test_value_cached_on_instance() -> None:
    source = {**BASE, "APP_PORT": "1"}
    app = App(source)
    assert app.port == 1
    app._source["APP_PORT"] = "2"
    assert app.port == 1
    assert App(source).port == 1 and App({**BASE, "APP_PORT": "2"}).port == 2


def test_cached_property() -> None:
    app = App({**BASE, "APP_HOST": "h"})
    assert app.address == "h:8000" and app.address == "h:8000"
    assert app.computed == 1


def test_upper_case_alias() -> None:
    app = App({**BASE, "APP_PORT": "5"})
    assert app.PORT == 5
    with pytest.raises(AttributeError, match="'App' has no setting 'COLOUR'"):
        _ = app.COLOUR
    with pytest.raises(AttributeError, match="'App' has no setting 'colour'"):
        _ = app.colour


def test_subclass_prefix_and_overrides() -> None:
    worker = Worker({"WORKER_PORT": "7", "APP_PORT": "1", "WORKER_QUEUE": "q"})
    assert (worker.port, worker.queue, worker.token, worker.host) == (7, "q", "none", "localhost")
    assert Worker({}).port == 9000


def test_fields_in_definition_order() -> None:
    assert list(Worker.fields) == [
        "host", "port", "debug", "ratio", "hosts", "data_dir", "token", "mode", "url", "queue",
    ]  # fmt: skip
    assert Worker.fields["port"].default == 9000
    assert list(Bare.fields) == ["name"]


def test_env_keys() -> None:
    keys = Worker.env_keys()
    assert keys["port"] == "WORKER_PORT" and keys["host"] == "WORKER_HOST" and keys["url"] == "DATABASE_URL"
    assert App.env_keys()["port"] == "APP_PORT"
    assert Bare.env_keys() == {"name": "NAME"}


def test_secrets_masked() -> None:
    app = App(BASE)
    assert app.as_dict()["token"] == "***"
    assert app.as_dict(secrets=True)["token"] == "s3cret"
    assert "s3cret" not in repr(app)
    assert Worker({}).as_dict()["token"] == "none"


def test_class_access_returns_descriptor() -> None:
    assert isinstance(App.port, Setting) and App.port.name == "port"
    assert App.port.type is int and App.hosts.type == list[str]
