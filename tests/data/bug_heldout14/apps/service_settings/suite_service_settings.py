import pytest
from pydantic import ValidationError
from service_settings import Settings, load_settings, public_view


def test_defaults():
    s = load_settings({})
    assert (s.app_name, s.debug, s.workers, s.allowed_hosts) == ("demo", False, 1, [])
    assert s.database.port == 5432


def test_hosts_are_split():
    s = load_settings({"APP_HOSTS": "example.org, api.example.org,,"})
    assert s.allowed_hosts == ["example.org", "api.example.org"]


def test_workers_and_port_are_coerced():
    s = load_settings({"APP_WORKERS": "4", "DB_PORT": "6543", "DB_NAME": "prod"})
    assert s.workers == 4
    assert s.database.port == 6543
    assert s.database.name == "prod"


def test_debug_needs_single_worker():
    with pytest.raises(ValidationError, match="debug mode needs a single worker"):
        load_settings({"APP_DEBUG": "true", "APP_WORKERS": "3"})


def test_debug_with_one_worker():
    assert load_settings({"APP_DEBUG": "1"}).debug is True


def test_port_out_of_range():
    with pytest.raises(ValidationError, match="less than or equal to 65535"):
        load_settings({"DB_PORT": "70000"})


def test_public_view_uses_aliases():
    view = public_view(load_settings({"APP_NAME": "shop", "APP_HOSTS": "a.example"}))
    assert view == {
        "appName": "shop",
        "debug": False,
        "workers": 1,
        "allowedHosts": ["a.example"],
        "database": {"port": 5432, "name": "app"},
    }


def test_build_by_field_name():
    s = Settings(app_name="x", allowed_hosts="h1,h2", database={"name": "db"})
    assert s.allowed_hosts == ["h1", "h2"]
    assert s.workers == 2
