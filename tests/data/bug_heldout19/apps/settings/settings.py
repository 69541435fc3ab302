"""An application's settings from INI text on configparser: built-in defaults, files read in order, `${section:key}`
interpolation, environment overrides (`APP_<SECTION>__<KEY>`), typed getters, and a normalised dump."""

from __future__ import annotations

import configparser
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

DEFAULTS: dict[str, dict[str, str]] = {
    "paths": {"root": "/srv/app", "logs": "${root}/logs", "cache": "${root}/cache"},
    "server": {"host": "127.0.0.1", "port": "8080", "debug": "no", "timeout": "30s", "workers": "2"},
    "mail": {"enabled": "false", "admins": "", "subject_prefix": "[app] "},
}
REQUIRED = {"server": ["host", "port"]}
UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
ENV_PREFIX = "APP_"


class SettingsError(Exception):
    """Settings that cannot be loaded or a value of the wrong form."""


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    debug: bool
    timeout: float
    workers: int


def new_parser() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation(), default_section="common")
    parser.optionxform = str  # keys keep their case
    parser.read_dict(DEFAULTS)
    return parser


class Settings:
    def __init__(self, parser: configparser.ConfigParser) -> None:
        self.parser = parser

    @classmethod
    def load(cls, *texts: str, env: Mapping[str, str] | None = None) -> Settings:
        """Defaults, then each INI text in order, then environment overrides."""
        parser = new_parser()
        for number, text in enumerate(texts, 1):
            try:
                parser.read_string(text, source=f"<text {number}>")
            except configparser.Error as exc:
                raise SettingsError(f"text {number}: {exc.message}") from exc
        apply_env(parser, env or {})
        settings = cls(parser)
        settings.check_required()
        return settings

    @classmethod
    def load_files(cls, *paths: Path, env: Mapping[str, str] | None = None) -> Settings:
        return cls.load(*(p.read_text(encoding="utf-8") for p in paths if p.exists()), env=env)

    def check_required(self) -> None:
        for section, keys in REQUIRED.items():
            for key in keys:
                if not self.parser.get(section, key, fallback="").strip():
                    raise SettingsError(f"[{section}] {key} is required")

    def get(self, section: str, key: str) -> str:
        try:
            return self.parser.get(section, key)
        except (configparser.NoSectionError, configparser.NoOptionError) as exc:
            raise SettingsError(f"no setting [{section}] {key}") from exc
        except configparser.InterpolationError as exc:
            raise SettingsError(f"[{section}] {key}: {exc.message}") from exc

    def get_int(self, section: str, key: str) -> int:
        value = self.get(section, key)
        try:
            return int(value)
        except ValueError as exc:
            raise SettingsError(f"[{section}] {key}: not an integer: {value!r}") from exc

    def get_bool(self, section: str, key: str) -> bool:
        self.get(section, key)
        try:
            return self.parser.getboolean(section, key)
        except ValueError as exc:
            raise SettingsError(f"[{section}] {key}: not a boolean: {self.get(section, key)!r}") from exc

    def get_list(self, section: str, key: str) -> list[str]:
        return [item.strip() for item in self.get(section, key).split(",") if item.strip()]

    def get_duration(self, section: str, key: str) -> float:
        """Seconds from `250ms`, `30s`, `5m`, `2h` or a bare number of seconds."""
        value = self.get(section, key).strip()
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(ms|s|m|h)?", value)
        if not match:
            raise SettingsError(f"[{section}] {key}: not a duration: {value!r}")
        return float(match.group(1)) * UNITS[match.group(2) or "s"]

    def get_path(self, section: str, key: str) -> PurePosixPath:
        return PurePosixPath(self.get(section, key))

    def get_float(self, section: str, key: str) -> float:
        value = self.get(section, key)
        try:
            return float(value)
        except ValueError as exc:
            raise SettingsError(f"[{section}] {key}: not a number: {value!r}") from exc

    def section(self, name: str) -> dict[str, str]:
        """Every key of one section (defaults included), interpolated."""
        if not self.parser.has_section(name):
            raise SettingsError(f"no section [{name}]")
        return {key: self.get(name, key) for key in self.parser.options(name)}

    def server(self) -> Server:
        return Server(
            host=self.get("server", "host"),
            port=self.get_int("server", "port"),
            debug=self.get_bool("server", "debug"),
            timeout=self.get_duration("server", "timeout"),
            workers=self.get_int("server", "workers"),
        )

    def as_dict(self, raw: bool = False) -> dict[str, dict[str, str]]:
        return {
            section: {key: self.parser.get(section, key, raw=raw) for key in self.parser.options(section)}
            for section in self.parser.sections()
        }

    def dump(self) -> str:
        """INI text of every section, sections and keys sorted, values as written (not interpolated)."""
        lines: list[str] = []
        for section, values in sorted(self.as_dict(raw=True).items()):
            if lines:
                lines.append("")
            lines.append(f"[{section}]")
            lines.extend(f"{key} = {value}" for key, value in sorted(values.items()))
        return "\n".join(lines) + "\n"


def apply_env(parser: configparser.ConfigParser, env: Mapping[str, str]) -> None:
    """`APP_SERVER__PORT=9000` sets [server] port; sections are lower case, keys as given after `__`."""
    for name, value in sorted(env.items()):
        if not name.startswith(ENV_PREFIX) or "__" not in name:
            continue
        section, key = name[len(ENV_PREFIX) :].split("__", 1)
        section = section.lower()
        if not parser.has_section(section):
            raise SettingsError(f"{name}: no section [{section}]")
        parser.set(section, key.lower(), value.replace("$", "$$"))
