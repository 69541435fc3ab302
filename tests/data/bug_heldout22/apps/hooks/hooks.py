"""A small plugin and hook registry: hook specifications from function signatures, implementations registered by
decorator or from a plugin object's marked methods, called in priority order with only the arguments each one takes
(inspect.signature binding, functools.wraps for the counting wrapper)."""

from __future__ import annotations

import functools
import inspect
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MARK = "hookimpl_options"


class HookError(Exception):
    pass


@dataclass(frozen=True)
class Impl:
    hook: str
    func: Callable[..., Any]
    plugin: str
    priority: int
    order: int
    params: tuple[str, ...]
    takes_all: bool  # has **kwargs: gets every argument of the hook


def hookimpl(hook: str | None = None, *, priority: int = 0) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a plugin's method as the implementation of a hook (its own name unless hook is given)."""

    def mark(func: Callable[..., Any]) -> Callable[..., Any]:
        setattr(func, MARK, {"hook": hook, "priority": priority})
        return func

    return mark


class Registry:
    def __init__(self) -> None:
        self.specs: dict[str, inspect.Signature] = {}
        self.firstresult: dict[str, bool] = {}
        self.impls: dict[str, list[Impl]] = {}
        self._order = itertools.count()

    def spec(self, func: Callable[..., Any] | None = None, *, firstresult: bool = False) -> Any:
        """Declare a hook from a function's signature (used as @spec or @spec(firstresult=True))."""

        def declare(func: Callable[..., Any]) -> Callable[..., Any]:
            sig = inspect.signature(func)
            for p in sig.parameters.values():
                if p.kind in (p.POSITIONAL_ONLY, p.VAR_POSITIONAL):
                    raise HookError(f"hook {func.__name__!r}: parameter {p.name!r} cannot be passed by keyword")
            self.specs[func.__name__] = sig
            self.firstresult[func.__name__] = firstresult
            return func

        return declare(func) if func is not None else declare

    def impl(self, hook: str | None = None, *, priority: int = 0, plugin: str = "default") -> Any:
        """Register the decorated function as an implementation; it is wrapped to count its calls."""

        def register(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def counted(*args: Any, **kwargs: Any) -> Any:
                counted.calls += 1  # type: ignore[attr-defined]
                return func(*args, **kwargs)

            counted.calls = 0  # type: ignore[attr-defined]
            self.add(hook or func.__name__, counted, priority=priority, plugin=plugin)
            return counted

        return register

    def add(self, hook: str, func: Callable[..., Any], *, priority: int = 0, plugin: str = "default") -> Impl:
        if hook not in self.specs:
            raise HookError(f"unknown hook {hook!r}")
        spec = self.specs[hook]
        params: list[str] = []
        takes_all = False
        for p in inspect.signature(func).parameters.values():
            if p.kind is p.VAR_KEYWORD:
                takes_all = True
            elif p.kind is p.VAR_POSITIONAL:
                raise HookError(f"{func.__qualname__}: *{p.name} is not allowed in a hook implementation")
            elif p.name not in spec.parameters:
                raise HookError(f"{func.__qualname__}: parameter {p.name!r} is not an argument of hook {hook!r}")
            else:
                params.append(p.name)
        impl = Impl(hook, func, plugin, priority, next(self._order), tuple(params), takes_all)
        impls = self.impls.setdefault(hook, [])
        impls.append(impl)
        impls.sort(key=lambda i: (-i.priority, i.order))
        return impl

    def register(self, plugin: object, name: str | None = None) -> list[Impl]:
        """Register every marked method of a plugin object, under the plugin's name (its class name by default)."""
        name = name or type(plugin).__name__
        found = []
        for attr, value in inspect.getmembers(plugin, callable):
            options = getattr(value, MARK, None)
            if options is not None:
                found.append(self.add(options["hook"] or attr, value, priority=options["priority"], plugin=name))
        if not found:
            raise HookError(f"plugin {name!r} implements no hook")
        return found

    def unregister(self, plugin: str) -> int:
        removed = 0
        for hook, impls in self.impls.items():
            keep = [i for i in impls if i.plugin != plugin]
            removed += len(impls) - len(keep)
            self.impls[hook] = keep
        return removed

    def call(self, hook: str, /, **kwargs: Any) -> Any:
        """Call the hook's implementations, highest priority first (registration order among equals): a list of
        their results that are not None, or for a firstresult hook the first such result."""
        if hook not in self.specs:
            raise HookError(f"unknown hook {hook!r}")
        try:
            bound = self.specs[hook].bind(**kwargs)
        except TypeError as exc:
            raise HookError(f"hook {hook!r}: {exc}") from None
        bound.apply_defaults()
        args = bound.arguments
        results = []
        for impl in self.impls.get(hook, []):
            res = impl.func(**(dict(args) if impl.takes_all else {n: args[n] for n in impl.params}))
            if res is not None:
                if self.firstresult[hook]:
                    return res
                results.append(res)
        return None if self.firstresult[hook] else results

    def names(self, hook: str) -> list[str]:
        """plugin.function of each implementation, in call order."""
        return [f"{i.plugin}.{i.func.__name__}" for i in self.impls.get(hook, [])]
