"""cfglint: check service configuration files (TOML) against the service's schema.

    cfglint check FILE... [--strict] [--format text|json]
    cfglint keys

Each problem is one line `FILE: section.key: message` (errors, and warnings for unknown keys unless --strict makes
them errors). Exit codes: 0 no errors, 1 errors found, 2 a file could not be read or parsed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from enum import Enum
from pathlib import Path

import tomllib
import typer

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

LEVELS = ("debug", "info", "warning", "error")


@dataclass(frozen=True)
class Key:
    section: str
    name: str
    kind: type
    required: bool = True
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None


SCHEMA = [
    Key("server", "host", str),
    Key("server", "port", int, low=1, high=65535),
    Key("server", "workers", int, required=False, low=1, high=64),
    Key("logging", "level", str, choices=LEVELS),
    Key("logging", "file", str, required=False),
    Key("storage", "path", str),
    Key("storage", "max_size_mb", int, required=False, low=1),
]


@dataclass(frozen=True)
class Problem:
    file: str
    where: str
    message: str
    severity: str  # "error" or "warning"

    def text(self) -> str:
        return f"{self.file}: {self.where}: {self.severity}: {self.message}"


class Format(str, Enum):
    text = "text"
    json = "json"


class ConfigUnreadable(Exception):
    pass


def read_config(path: Path) -> dict:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigUnreadable(f"{path}: cannot read: {exc}") from exc


def type_ok(value: object, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def check_value(key: Key, value: object) -> str | None:
    """What is wrong with the value, or None."""
    if not type_ok(value, key.kind):
        return f"expected {key.kind.__name__}, got {type(value).__name__}"
    if key.choices and str(value).lower() not in key.choices:
        return f"must be one of {', '.join(key.choices)}"
    if key.low is not None and value < key.low:
        return f"must be at least {key.low}"
    if key.high is not None and value > key.high:
        return f"must be at most {key.high}"
    return None


def lint(name: str, data: dict, strict: bool) -> list[Problem]:
    problems = []
    known = {(k.section, k.name) for k in SCHEMA}
    for key in SCHEMA:
        where = f"{key.section}.{key.name}"
        section = data.get(key.section, {})
        if key.name not in section:
            if key.required:
                problems.append(Problem(name, where, "missing", "error"))
            continue
        message = check_value(key, section[key.name])
        if message:
            problems.append(Problem(name, where, message, "error"))
    for section, table in data.items():
        if not isinstance(table, dict):
            problems.append(Problem(name, section, "top-level keys must be in a section", "error"))
            continue
        for key_name in table:
            if (section, key_name) not in known:
                severity = "error" if strict else "warning"
                problems.append(Problem(name, f"{section}.{key_name}", "unknown key", severity))
    return sorted(problems, key=lambda p: (p.file, p.where))


@app.command()
def check(
    files: list[Path] = typer.Argument(..., help="configuration files"),
    strict: bool = typer.Option(False, "--strict", help="unknown keys are errors"),
    fmt: Format = typer.Option(Format.text, "--format", help="text or json"),
) -> None:
    """Check each file; print its problems."""
    problems: list[Problem] = []
    for path in files:
        try:
            data = read_config(path)
        except ConfigUnreadable as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(code=2) from None
        problems.extend(lint(str(path.name), data, strict))
    if fmt is Format.json:
        typer.echo(json.dumps([asdict(p) for p in problems], indent=2))
    else:
        for problem in problems:
            typer.echo(problem.text())
    errors = [p for p in problems if p.severity == "error"]
    if fmt is Format.text:
        typer.echo(f"{len(files)} file(s), {len(errors)} error(s), {len(problems) - len(errors)} warning(s)", err=True)
    raise typer.Exit(code=1 if errors else 0)


@app.command()
def keys() -> None:
    """List the schema's keys."""
    for key in SCHEMA:
        flag = "required" if key.required else "optional"
        typer.echo(f"{key.section}.{key.name}  {key.kind.__name__}  {flag}")


if __name__ == "__main__":
    app()
