from pathlib import Path, PurePosixPath

import pytest
from settings import Server, Settings, SettingsError

GOLDEN = Path(__file__).parent / "golden"
SITE = """
[paths]
root = /opt/shop

[server]
port = 9000
debug = yes
timeout = 250ms
workers = 4

[mail]
enabled = on
admins = ops@example.org, , dev@example.org
subject_prefix = [shop] ${server:host}:${server:port}
"""
LOCAL = """
[server]
host = 0.0.0.0
timeout = 2m

[features]
Beta = true
cost_per_call = 5$$
"""


def test_defaults() -> None:
    settings = Settings.load()
    assert settings.server() == Server("127.0.0.1", 8080, False, 30.0, 2)
    assert settings.get_path("paths", "logs") == PurePosixPath("/srv/app/logs")
    assert settings.get_bool("mail", "enabled") is False
    assert settings.get_list("mail", "admins") == []


def test_files_in_order(tmp_path: Path) -> None:
    (tmp_path / "site.ini").write_text(SITE)
    (tmp_path / "local.ini").write_text(LOCAL)
    settings = Settings.load_files(tmp_path / "site.ini", tmp_path / "missing.ini", tmp_path / "local.ini")
    assert settings.server() == Server("0.0.0.0", 9000, True, 120.0, 4)
    assert settings.get_path("paths", "cache") == PurePosixPath("/opt/shop/cache")
    assert settings.get("mail", "subject_prefix") == "[shop] 0.0.0.0:9000"
    assert settings.get("features", "cost_per_call") == "5$"


def test_typed_getters() -> None:
    settings = Settings.load(SITE)
    assert settings.get_bool("server", "debug") is True
    assert settings.get_bool("mail", "enabled") is True
    assert settings.get_list("mail", "admins") == ["ops@example.org", "dev@example.org"]
    assert settings.get_duration("server", "timeout") == 0.25
    assert settings.get_int("server", "workers") == 4
    assert settings.get_float("server", "workers") == 4.0
    assert settings.section("paths") == {"root": "/opt/shop", "logs": "/opt/shop/logs", "cache": "/opt/shop/cache"}
    with pytest.raises(SettingsError, match=r"no section \[db\]"):
        settings.section("db")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1.5h", 5400.0), ("45", 45.0), ("10 m", 600.0), ("750ms", 0.75)],
)
def test_durations(text: str, expected: float) -> None:
    assert Settings.load(f"[server]\ntimeout = {text}\n").get_duration("server", "timeout") == expected


def test_keys_keep_case() -> None:
    settings = Settings.load(LOCAL)
    assert settings.get_bool("features", "Beta") is True
    assert "Beta" in settings.as_dict()["features"]


def test_env_overrides() -> None:
    env = {"APP_SERVER__PORT": "7000", "APP_MAIL__ADMINS": "root@x.org", "HOME": "/root", "APP_PATHS__root": "/x$y"}
    settings = Settings.load(SITE, env=env)
    assert settings.get_int("server", "port") == 7000
    assert settings.get_list("mail", "admins") == ["root@x.org"]
    assert settings.get_path("paths", "logs") == PurePosixPath("/x$y/logs")


def test_env_unknown_section() -> None:
    with pytest.raises(SettingsError, match=r"APP_DATABASE__URL: no section \[database\]"):
        Settings.load(env={"APP_DATABASE__URL": "sqlite://"})


def test_dump_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "effective.ini"
    out.write_text(Settings.load(SITE, LOCAL).dump())
    assert out.read_text() == GOLDEN.joinpath("effective.ini").read_text()


def test_dump_round_trip() -> None:
    settings = Settings.load(SITE, LOCAL, env={"APP_SERVER__WORKERS": "8"})
    again = Settings.load(settings.dump())
    assert again.as_dict() == settings.as_dict()
    assert again.dump() == settings.dump()
    assert again.server() == Server("0.0.0.0", 9000, True, 120.0, 8)


@pytest.mark.parametrize(
    ("text", "call", "message"),
    [
        ("[server]\nport = eighty\n", "port", r"\[server\] port: not an integer: 'eighty'"),
        ("[server]\ndebug = maybe\n", "debug", r"\[server\] debug: not a boolean: 'maybe'"),
        ("[server]\ntimeout = soon\n", "timeout", r"\[server\] timeout: not a duration: 'soon'"),
        ("[paths]\nlogs = ${nowhere:dir}/logs\n", "logs", r"\[paths\] logs: Bad value substitution"),
    ],
    ids=["port", "debug", "timeout", "logs"],
)
def test_bad_values(text: str, call: str, message: str) -> None:
    settings = Settings.load(text)
    with pytest.raises(SettingsError, match=message):
        if call == "logs":
            settings.get_path("paths", "logs")
        else:
            settings.server()


def test_missing_and_required() -> None:
    with pytest.raises(SettingsError, match=r"\[server\] host is required"):
        Settings.load("[server]\nhost =\n")
    with pytest.raises(SettingsError, match=r"no setting \[server\] colour"):
        Settings.load().get("server", "colour")
    with pytest.raises(SettingsError, match="text 2: Source contains parsing errors"):
        Settings.load("", "[server]\nport = 1\n[mail\n")
