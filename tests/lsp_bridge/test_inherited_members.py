"""`lspBridge/locate {symbol: "Class.method"}` resolves inherited members through the class's bases, as an IDE does
(`ModelAdmin.lookup_allowed` -> `BaseModelAdmin.lookup_allowed`), against a real bridge process.

A class's own member keeps priority; a base the workspace cannot resolve, a missing member and cyclic bases answer
no chunks, without an error or a hang.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from lsp_bridge.client import BridgeClient

FILES = {
    "base.py": """\
class Base:
    def run(self):
        return 1

    LIMIT = 3
""",
    "child.py": """\
from base import Base


class Child(Base):
    pass


class GrandChild(Child):
    def other(self):
        return 2


class Outer:
    class Inner(Base):
        pass


class Override(Base):
    def run(self):
        return 3
""",
    "ext.py": """\
from outside import X


class C(X):
    pass
""",
    "cycle.py": """\
class A(B):
    pass


class B(A):
    pass


class Loop(Loop):
    pass
""",
}
NOTHING = {"chunks": [], "text": ""}


def method(file: str, cls: str, function: str, lines: list[int]) -> dict:
    return {"file": file, "class": cls, "function": function, "whole_function": True, "lines": lines}


BASE_RUN = method("base.py", "Base", "run", [2, 3])


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = tmp_path_factory.mktemp("inherited")
    for rel, text in FILES.items():
        (root / rel).write_text(text)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


@pytest.mark.parametrize(
    ("symbol", "expected"),
    [
        ("Child.run", [BASE_RUN]),  # one level up, across an import
        ("GrandChild.run", [BASE_RUN]),  # two levels up
        ("child.Child.run", [BASE_RUN]),  # module-qualified, same suffix rule as own members
        ("Outer.Inner.run", [BASE_RUN]),  # a nested class
        ("GrandChild.other", [method("child.py", "GrandChild", "other", [9, 10])]),
        ("Override.run", [method("child.py", "Override", "run", [19, 20])]),  # its own only, not Base.run as well
    ],
)
def test_locate_resolves_members_through_the_bases(bridge, symbol, expected):
    assert bridge.locate(symbol=symbol)["chunks"] == expected


def test_an_inherited_class_attribute_and_the_rendered_text(bridge):
    attribute = bridge.locate(symbol="GrandChild.LIMIT")
    assert [(c["file"], c["class"], c["lines"]) for c in attribute["chunks"]] == [("base.py", "Base", [5])]
    text = bridge.locate(symbol="Child.run")["text"]
    assert text.splitlines() == ["### File: `base.py`", "1 class Base:", "2     def run(self):", "3         return 1"]


@pytest.mark.parametrize(
    "symbol",
    [
        "Child.missing",  # no such member anywhere up the chain
        "C.run",  # the base is imported from outside the workspace
        "A.run",  # A and B inherit from each other
        "B.run",
        "Loop.run",  # a class naming itself as its base
        "Nowhere.run",  # no such class
    ],
)
def test_unresolvable_members_answer_no_chunks_quickly(bridge, symbol):
    started = time.monotonic()
    assert bridge.locate(symbol=symbol) == NOTHING
    assert time.monotonic() - started < 5
