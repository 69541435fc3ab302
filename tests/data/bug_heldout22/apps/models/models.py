"""A small validation and serialization layer over dataclasses, driven by typing.get_type_hints: Optional, Union,
list[...], dict[str, ...], tuple[...], Literal, nested models, field aliases and defaults."""

from __future__ import annotations

import dataclasses
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

NoneType = type(None)


class ValidationError(ValueError):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or '<root>'}: {message}")
        self.path = path
        self.message = message


def field(*, alias: str | None = None, default: Any = dataclasses.MISSING, default_factory: Any = dataclasses.MISSING):
    """A dataclass field with an optional alias (the key used in the input and output mappings)."""
    meta = {"alias": alias} if alias else {}
    return dataclasses.field(default=default, default_factory=default_factory, metadata=meta)


def model(cls: type) -> type:
    """Make cls a dataclass whose instances can be loaded with `load` and dumped with `dump`."""
    cls = dataclasses.dataclass(cls)
    cls.__model__ = True
    return cls


def is_model(tp: Any) -> bool:
    return isinstance(tp, type) and getattr(tp, "__model__", False)


def key_of(f: dataclasses.Field) -> str:
    return f.metadata.get("alias") or f.name


def is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def convert(tp: Any, value: Any, path: str) -> Any:
    """value checked against (and converted to) the annotation tp."""
    if tp is Any:
        return value
    if is_union(tp):
        args = get_args(tp)
        if value is None:
            if NoneType in args:
                return None
            raise ValidationError(path, "may not be None")
        variants = [arg for arg in args if arg is not NoneType]
        if len(variants) == 1:
            return convert(variants[0], value, path)
        errors = []
        for arg in variants:
            try:
                return convert(arg, value, path)
            except ValidationError as exc:
                errors.append(exc.message)
        raise ValidationError(path, "no variant matched: " + "; ".join(errors))
    origin = get_origin(tp)
    if origin is Literal:
        if value not in get_args(tp):
            raise ValidationError(path, f"expected one of {list(get_args(tp))}, got {value!r}")
        return value
    if origin is list:
        if not isinstance(value, list):
            raise ValidationError(path, f"expected a list, got {type(value).__name__}")
        (item,) = get_args(tp) or (Any,)
        return [convert(item, v, f"{path}[{i}]") for i, v in enumerate(value)]
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(value, (list, tuple)):
            raise ValidationError(path, f"expected a tuple, got {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise ValidationError(path, f"expected {len(args)} items, got {len(value)}")
        return tuple(convert(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if origin is dict:
        if not isinstance(value, dict):
            raise ValidationError(path, f"expected a mapping, got {type(value).__name__}")
        kt, vt = get_args(tp) or (Any, Any)
        return {convert(kt, k, path): convert(vt, v, f"{path}.{k}") for k, v in value.items()}
    if is_model(tp):
        return load(tp, value, path)
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValidationError(path, f"expected float, got {type(value).__name__}")
        return float(value)
    if isinstance(tp, type):
        if isinstance(value, bool) and tp is not bool:
            raise ValidationError(path, f"expected {tp.__name__}, got bool")
        if not isinstance(value, tp):
            raise ValidationError(path, f"expected {tp.__name__}, got {type(value).__name__}")
        return value
    raise TypeError(f"unsupported annotation {tp!r}")


def load(cls: type, data: Any, path: str = "") -> Any:
    """An instance of the model cls from a mapping (keys are aliases where a field has one)."""
    if not isinstance(data, dict):
        raise ValidationError(path, f"expected a mapping for {cls.__name__}, got {type(data).__name__}")
    hints = get_type_hints(cls)
    known = {key_of(f) for f in dataclasses.fields(cls)}
    extra = sorted(set(data) - known)
    if extra:
        raise ValidationError(path, f"unknown fields {extra}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        key = key_of(f)
        sub = f"{path}.{key}" if path else key
        if key in data:
            kwargs[f.name] = convert(hints[f.name], data[key], sub)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValidationError(sub, "field required")
    return cls(**kwargs)


def dump(obj: Any) -> Any:
    """Plain data (dicts, lists, scalars) from a model instance, keyed by alias."""
    if is_model(type(obj)):
        return {key_of(f): dump(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [dump(v) for v in obj]
    if isinstance(obj, dict):
        return {k: dump(v) for k, v in obj.items()}
    return obj


def schema(cls: type) -> dict[str, str]:
    """A readable type name for each input key of the model cls."""
    hints = get_type_hints(cls)
    return {key_of(f): type_name(hints[f.name]) for f in dataclasses.fields(cls)}


def type_name(tp: Any) -> str:
    if tp is NoneType:
        return "None"
    if is_union(tp):
        return " | ".join(type_name(a) for a in get_args(tp))
    origin = get_origin(tp)
    if origin is not None:
        return f"{origin.__name__}[{', '.join(type_name(a) for a in get_args(tp))}]"
    return getattr(tp, "__name__", repr(tp))


__all__ = ["ValidationError", "dump", "field", "load", "model", "schema"]
