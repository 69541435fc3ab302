import json
from pathlib import Path

import pytest
from cfglint import app
from typer.testing import CliRunner

GOOD = """
[server]
host = "0.0.0.0"
port = 8080

[logging]
level = "INFO"

[storage]
path = "/var/lib/svc"
"""

runner = CliRunner(mix_stderr=False)


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    return path


def write(tmp_path: Path, text: str, name: str = "svc.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_good_file_passes(good: Path) -> None:
    result = runner.invoke(app, ["check", str(good)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr == "1 file(s), 0 error(s), 0 warning(s)\n"


def test_port_bounds(tmp_path: Path) -> None:
    top = write(tmp_path, GOOD.replace("8080", "65535"), "top.toml")
    over = write(tmp_path, GOOD.replace("8080", "65536"), "over.toml")
    result = runner.invoke(app, ["check", str(top), str(over)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ["over.toml: server.port: error: must be at most 65535"]


def test_workers_bounds(tmp_path: Path) -> None:
    ok = write(tmp_path, GOOD.replace("port = 8080", "port = 8080\nworkers = 64"), "ok.toml")
    bad = write(tmp_path, GOOD.replace("port = 8080", "port = 8080\nworkers = 0"), "bad.toml")
    result = runner.invoke(app, ["check", str(ok), str(bad)])
    assert result.exit_code == 1
    assert result.stdout == "bad.toml: server.workers: error: must be at least 1\n"
    assert result.stderr == "2 file(s), 1 error(s), 0 warning(s)\n"


def test_boolean_is_not_an_int(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("port = 8080", "port = true"))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "svc.toml: server.port: error: expected int, got bool" in result.stdout.splitlines()


def test_level_choices(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace('"INFO"', '"verbose"'))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout == "svc.toml: logging.level: error: must be one of debug, info, warning, error\n"


def test_missing_keys(tmp_path: Path) -> None:
    path = write(tmp_path, "[server]\nhost = 'a'\nport = 1\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "svc.toml: logging.level: error: missing",
        "svc.toml: storage.path: error: missing",
    ]


def test_unknown_key_is_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "colour = 'blue'\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == "svc.toml: storage.colour: warning: unknown key\n"
    assert result.stderr.endswith("0 error(s), 1 warning(s)\n")


def test_unknown_key_strict(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "colour = 'blue'\n")
    result = runner.invoke(app, ["check", "--strict", str(path)])
    assert result.exit_code == 1
    assert result.stdout == "svc.toml: storage.colour: error: unknown key\n"


def test_json_format(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("8080", "0"))
    result = runner.invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"file": "svc.toml", "where": "server.port", "message": "must be at least 1", "severity": "error"}
    ]
    assert result.stderr == ""


def test_syntax_error_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "[server\nhost = 1\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2, result.exception
    assert "svc.toml: cannot read: Expected ']' at the end of a table declaration" in result.stderr


def test_missing_file_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "absent.toml")])
    assert result.exit_code == 2
    assert "absent.toml: cannot read: [Errno 2] No such file or directory" in result.stderr


def test_keys_lists_schema() -> None:
    result = runner.invoke(app, ["keys"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == ["server.host  str  required", "server.port  int  required"]
    assert len(result.stdout.splitlines()) == 7
