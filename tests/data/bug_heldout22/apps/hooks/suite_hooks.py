from __future__ import annotations

import functools
from typing import Any

import pytest
from hooks import HookError, Registry, hookimpl


def logged(func: Any) -> Any:
    @functools.wraps(func)
    def inner(*args: Any, **kwargs: Any) -> Any:
        inner.log.append(func.__name__)
        return func(*args, **kwargs)

    inner.log = []
    return inner


@pytest.fixture
def reg() -> Registry:
    reg = Registry()

    @reg.spec
    def on_save(path: str, data: dict, dry_run: bool = False) -> None: ...

    @reg.spec(firstresult=True)
    def resolve(name: str, default: Any = None) -> Any: ...

    return reg


def test_call_collects_results(reg: Registry) -> None:
    @reg.impl("on_save")
    def size(data: dict) -> int:
        return len(data)

    @reg.impl("on_save")
    def name(path: str) -> str:
        return path.upper()

    assert reg.call("on_save", path="a.txt", data={"x": 1}) == [1, "A.TXT"]


def test_priority_order(reg: Registry) -> None:
    calls = []

    def recorder(label: str) -> Any:
        return lambda path: calls.append(label)

    for label, prio in [("low", -5), ("mid", 0), ("high", 10), ("mid2", 0)]:
        reg.impl("on_save", priority=prio, plugin=label)(recorder(label))
    reg.call("on_save", path="p", data={})
    assert calls == ["high", "mid", "mid2", "low"]


def test_firstresult_stops(reg: Registry) -> None:
    @reg.impl("resolve", priority=1)
    def nothing(name: str) -> None:
        return None

    @reg.impl("resolve")
    def found(name: str) -> str:
        return f"<{name}>"

    @reg.impl("resolve", priority=-1)
    def never(name: str) -> str:
        raise AssertionError("called after a result")

    assert reg.call("resolve", name="x") == "<x>"
    assert (nothing.calls, found.calls, never.calls) == (1, 1, 0)


def test_spec_defaults_passed(reg: Registry) -> None:
    @reg.impl("on_save")
    def check(path: str, dry_run: bool) -> str:
        return f"{path}:{dry_run}"

    assert reg.call("on_save", path="a", data={}) == ["a:False"]
    assert reg.call("on_save", path="a", data={}, dry_run=True) == ["a:True"]


def test_kwargs_impl_gets_everything(reg: Registry) -> None:
    @reg.impl("on_save")
    def everything(**kwargs: Any) -> list[str]:
        return sorted(kwargs)

    assert reg.call("on_save", path="a", data={}) == [["data", "dry_run", "path"]]


def test_varargs_impl_rejected(reg: Registry) -> None:
    with pytest.raises(HookError, match=r"\*args is not allowed"):

        @reg.impl("on_save")
        def bad(*args: Any) -> None: ...


def test_unknown_argument_rejected(reg: Registry) -> None:
    with pytest.raises(HookError, match="parameter 'mode' is not an argument of hook 'on_save'"):

        @reg.impl("on_save")
        def bad(path: str, mode: str) -> None: ...


def test_unknown_hook(reg: Registry) -> None:
    with pytest.raises(HookError, match="unknown hook 'on_load'"):
        reg.impl("on_load")(lambda path: None)
    with pytest.raises(HookError, match="unknown hook 'on_load'"):
        reg.call("on_load", path="x")


def test_call_checks_arguments(reg: Registry) -> None:
    with pytest.raises(HookError, match="missing a required argument: 'data'"):
        reg.call("on_save", path="x")
    with pytest.raises(HookError, match="unexpected keyword argument 'mode'"):
        reg.call("on_save", path="x", data={}, mode=1)


def test_spec_rejects_positional_only() -> None:
    reg = Registry()
    with pytest.raises(HookError, match="parameter 'a' cannot be passed by keyword"):

        @reg.spec
        def bad(a: int, /) -> None: ...


def test_wrapper_keeps_name_and_counts(reg: Registry) -> None:
    @reg.impl("on_save", plugin="audit")
    def record(path: str) -> None:
        """Record a save."""

    reg.call("on_save", path="a", data={})
    reg.call("on_save", path="b", data={})
    assert record.__name__ == "record" and record.__doc__ == "Record a save."
    assert record.calls == 2
    assert reg.names("on_save") == ["audit.record"]


def test_decorated_impl_uses_wrapped_signature(reg: Registry) -> None:
    @reg.impl("on_save")
    @logged
    def touched(path: str) -> str:
        return path

    assert reg.call("on_save", path="a", data={"k": 1}) == ["a"]
    assert touched.log == ["touched"]


class Audit:
    def __init__(self) -> None:
        self.seen: list[str] = []

    @hookimpl()
    def on_save(self, path: str) -> None:
        self.seen.append(path)

    @hookimpl("resolve", priority=5)
    def lookup(self, name: str, default: Any) -> Any:
        return {"user": "ann"}.get(name, default)

    @hookimpl("on_save", priority=1)
    @logged
    def first(self, data: dict) -> None:
        self.seen.append(f"data:{len(data)}")

    def helper(self, path: str) -> None:
        raise AssertionError("not a hook")


def test_register_plugin_object(reg: Registry) -> None:
    audit = Audit()
    assert len(reg.register(audit)) == 3
    reg.call("on_save", path="a", data={"k": 1})
    assert audit.seen == ["data:1", "a"]
    assert reg.call("resolve", name="user") == "ann"
    assert reg.call("resolve", name="other", default="?") == "?"
    assert reg.names("on_save") == ["Audit.first", "Audit.on_save"]


def test_register_plugin_without_hooks(reg: Registry) -> None:
    class Empty:
        def on_save(self, path: str) -> None: ...

    with pytest.raises(HookError, match="plugin 'Empty' implements no hook"):
        reg.register(Empty())


def test_unregister(reg: Registry) -> None:
    audit = Audit()
    reg.register(audit, name="audit")
    reg.impl("on_save", plugin="other")(lambda path: "other")
    assert reg.unregister("audit") == 3
    assert reg.call("on_save", path="a", data={}) == ["other"]
    assert reg.call("resolve", name="user") is None
    assert audit.seen == []


def test_two_registries_are_independent(reg: Registry) -> None:
    other = Registry()

    @other.spec
    def on_save(path: str) -> None: ...

    other.impl("on_save")(lambda path: 1)
    assert reg.call("on_save", path="a", data={}) == []
    assert other.call("on_save", path="a") == [1]
