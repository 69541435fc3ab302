"""A small dependency-injection container: constructor and factory parameters resolved by their annotations
(typing.get_type_hints, string annotations included), singleton / scoped / transient lifetimes, child containers,
Optional and defaulted dependencies, lists of every provider of a base class, cycle detection."""

from __future__ import annotations

import enum
import inspect
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin, get_type_hints

NoneType = type(None)


class ResolutionError(LookupError):
    pass


class CycleError(ResolutionError):
    pass


class Lifetime(enum.Enum):
    TRANSIENT = "transient"
    SCOPED = "scoped"
    SINGLETON = "singleton"


@dataclass(frozen=True)
class Provider:
    key: type
    factory: Callable[..., Any]
    lifetime: Lifetime
    owner: Container


def name(key: Any) -> str:
    return getattr(key, "__qualname__", repr(key))


class Scope:
    """Instances of scoped providers, one per scope (a request, a unit of work)."""

    def __init__(self, container: Container) -> None:
        self.container = container
        self.instances: dict[type, Any] = {}

    def resolve(self, key: type) -> Any:
        return self.container.resolve(key, self)


class Container:
    def __init__(self, parent: Container | None = None) -> None:
        self.parent = parent
        self.providers: dict[type, Provider] = {}
        self.singletons: dict[type, Any] = {}

    def register(
        self, key: type, factory: Callable[..., Any] | None = None, lifetime: Lifetime = Lifetime.TRANSIENT
    ) -> None:
        self.providers[key] = Provider(key, factory or key, lifetime, self)

    def singleton(self, key: type, factory: Callable[..., Any] | None = None) -> None:
        self.register(key, factory, Lifetime.SINGLETON)

    def scoped(self, key: type, factory: Callable[..., Any] | None = None) -> None:
        self.register(key, factory, Lifetime.SCOPED)

    def instance(self, key: type, obj: Any) -> None:
        self.register(key, lambda: obj, Lifetime.SINGLETON)
        self.singletons[key] = obj

    def child(self) -> Container:
        return Container(parent=self)

    def scope(self) -> Scope:
        return Scope(self)

    def provider(self, key: type) -> Provider | None:
        container: Container | None = self
        while container is not None:
            if key in container.providers:
                return container.providers[key]
            container = container.parent
        return None

    def keys(self) -> list[type]:
        """Every registered key, this container's first, then its parents'."""
        seen: dict[type, None] = {}
        container: Container | None = self
        while container is not None:
            seen.update(dict.fromkeys(container.providers))
            container = container.parent
        return list(seen)

    def resolve(self, key: type, scope: Scope | None = None) -> Any:
        return self._resolve(key, scope, ())

    def _resolve(self, key: type, scope: Scope | None, chain: tuple[type, ...]) -> Any:
        if key in chain:
            cycle = (*chain[chain.index(key) :], key)
            raise CycleError("dependency cycle: " + " -> ".join(name(k) for k in cycle))
        prov = self.provider(key)
        if prov is None:
            needed = f" (needed by {name(chain[-1])})" if chain else ""
            raise ResolutionError(f"no provider for {name(key)}{needed}")
        cache: dict[type, Any] | None = None
        if prov.lifetime is Lifetime.SINGLETON:
            cache = prov.owner.singletons
        elif prov.lifetime is Lifetime.SCOPED:
            if scope is None:
                raise ResolutionError(f"{name(key)} is scoped: resolve it inside a scope")
            cache = scope.instances
        if cache is not None and key in cache:
            return cache[key]
        obj = self.call(prov.factory, scope, (*chain, key))
        if cache is not None:
            cache[key] = obj
        return obj

    def call(self, factory: Callable[..., Any], scope: Scope | None = None, chain: tuple[type, ...] = ()) -> Any:
        """Call factory (a class or a function) with every parameter resolved from its annotation."""
        target = factory.__init__ if isinstance(factory, type) else factory
        hints = get_type_hints(target) if inspect.isfunction(target) or inspect.ismethod(target) else {}
        kwargs: dict[str, Any] = {}
        for p in inspect.signature(factory).parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            tp = hints.get(p.name)
            if tp is None:
                if p.default is not p.empty:
                    continue
                raise ResolutionError(f"{name(factory)}: parameter {p.name!r} has no annotation")
            optional = False
            if get_origin(tp) in (Union, types.UnionType) and NoneType in get_args(tp):
                (tp,) = [a for a in get_args(tp) if a is not NoneType]
                optional = True
            if get_origin(tp) is list:
                (item,) = get_args(tp)
                found = [k for k in self.keys() if isinstance(k, type) and issubclass(k, item)]
                kwargs[p.name] = [self._resolve(k, scope, chain) for k in found]
                continue
            if self.provider(tp) is None:
                if p.default is not p.empty:
                    continue
                if optional:
                    kwargs[p.name] = None
                    continue
            kwargs[p.name] = self._resolve(tp, scope, chain)
        return factory(**kwargs)
