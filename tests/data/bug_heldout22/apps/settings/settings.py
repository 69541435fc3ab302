"""A small settings layer on descriptors and __init_subclass__: typed settings read from an environment mapping
(type from the class annotations via typing.get_type_hints, env names from __set_name__ and a per-class prefix),
converted once and cached on the instance, frozen after construction, upper-case aliases through __getattr__,
secrets masked; list parsing memoised with functools.lru_cache."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, get_args, get_origin, get_type_hints

MISSING: Any = object()
TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})


class SettingsError(ValueError):
    pass


@functools.lru_cache(maxsize=256)
def parse_items(raw: str) -> list[str]:
    return [item.strip() for item in raw.split(",") if item.strip()]


def parse_bool(raw: str) -> bool:
    text = raw.strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise ValueError(f"not a boolean: {raw!r}")


class Setting:
    """A typed setting: the value from the environment mapping (key: env, else the class's prefix + NAME)."""

    def __init__(self, default: Any = MISSING, *, env: str | None = None, secret: bool = False, choices: Any = None):
        self.default = default
        self.env = env
        self.secret = secret
        self.choices = tuple(choices) if choices else None
        self.name = ""
        self.type: Any = str

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def key(self, cls: type) -> str:
        return self.env or f"{cls.env_prefix}{self.name.upper()}"

    def convert(self, raw: Any) -> Any:
        tp = self.type
        if not isinstance(raw, str):
            value = raw
        elif tp is bool:
            value = parse_bool(raw)
        elif get_origin(tp) is list:
            value = list(parse_items(raw))
        elif tp in (int, float, Path):
            value = tp(raw)
        else:
            value = raw
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"{value!r} is not one of {list(self.choices)}")
        return value

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        if self.name in obj.__dict__:
            return obj.__dict__[self.name]
        key = self.key(type(obj))
        raw = obj._source.get(key)
        if raw is None:
            if self.default is MISSING:
                raise SettingsError(f"{type(obj).__name__}.{self.name}: required setting {key} is not set")
            value = self.default
        else:
            try:
                value = self.convert(raw)
            except ValueError as exc:
                raise SettingsError(f"{type(obj).__name__}.{self.name}: {key}={raw!r}: {exc}") from None
        obj.__dict__[self.name] = value
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        if obj.__dict__.get("_frozen"):
            raise AttributeError(f"cannot assign to {self.name!r}: {type(obj).__name__} is frozen")
        try:
            obj.__dict__[self.name] = self.convert(value)
        except ValueError as exc:
            raise SettingsError(f"{type(obj).__name__}.{self.name}: {exc}") from None


class Settings:
    env_prefix: ClassVar[str] = ""
    fields: ClassVar[dict[str, Setting]] = {}

    def __init_subclass__(cls, prefix: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if prefix is not None:
            cls.env_prefix = prefix
        fields: dict[str, Setting] = {}
        for base in reversed(cls.__mro__):
            for name, value in vars(base).items():
                if isinstance(value, Setting):
                    fields[name] = value
        hints = get_type_hints(cls)
        for name, setting in fields.items():
            tp = hints.get(name, str)
            setting.type = get_args(tp)[0] if get_origin(tp) is ClassVar else tp
        cls.fields = fields

    def __init__(self, source: Mapping[str, str] | None = None, **overrides: Any) -> None:
        self._source = dict(os.environ if source is None else source)
        for name, value in overrides.items():
            if name not in self.fields:
                raise TypeError(f"{type(self).__name__}: unknown setting {name!r}")
            setattr(self, name, value)
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get("_frozen") and name not in self.fields:
            raise AttributeError(f"cannot assign to {name!r}: {type(self).__name__} is frozen")
        super().__setattr__(name, value)

    def __getattr__(self, name: str) -> Any:
        if name.isupper() and name.lower() in self.fields:
            return getattr(self, name.lower())
        raise AttributeError(f"{type(self).__name__!r} has no setting {name!r}")

    @classmethod
    def env_keys(cls) -> dict[str, str]:
        return {name: setting.key(cls) for name, setting in cls.fields.items()}

    def as_dict(self, secrets: bool = False) -> dict[str, Any]:
        return {
            name: "***" if setting.secret and not secrets else getattr(self, name)
            for name, setting in self.fields.items()
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.as_dict().items())})"
