"""Defects a user trial of the bridge found in session 22, each against a real bridge process over JSON-RPC (stdio)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pygls.exceptions import JsonRpcInvalidParams

from lsp_bridge.client import BridgeClient
from lsp_bridge.framing import Deframer, encode
from tests.lsp_bridge.conftest import places, write_files

FILES = {
    "uni.py": """\
class Ünïcode:
    π = 3.14

    def größe(self) -> "Ünïcode":
        return self


s = "😀"; Ünïcode.π
Ünïcode().größe().π


def use(u: "Ünïcode"):
    return u.π
""",
    "pkg/__init__.py": "from .core import Engine as Motor\nfrom . import util as u\nfrom .core import Gear, make\n",
    "pkg/core.py": """\
class Engine:
    pass


def make():
    return Engine()


class Gear:
    def turn(self):
        return 1
""",
    "pkg/util.py": "def tool():\n    return 3\n",
    "props.py": """\
class Tank:
    def __init__(self):
        self._level = 0

    @property
    def level(self) -> int:
        return self._level

    @level.setter
    def level(self, value: int) -> None:
        self._level = value

    @level.deleter
    def level(self) -> None:
        self._level = 0

    def fill(self):
        self.level = self.level + 1
""",
    "scopes.py": """\
def counter():
    n = 0

    def inc():
        nonlocal n
        n += 1

        class Box:
            n = "a class attribute, not the counter"

            def get(self):
                nonlocal n
                return n

        return n, Box

    return inc


n = "module level"


def outer():
    m = 1

    def middle():
        nonlocal m

        def inner():
            nonlocal m
            m += 1

        return inner

    return middle
""",
    "matchy.py": """\
from enum import Enum


class Color(Enum):
    RED = 1


class Point:
    x = 0


def classify(node, value):
    match node:
        case Point(x=px, y=value):
            return px, value
        case [first, *rest] as whole:
            return first, rest, whole
        case {"k": kv, **others}:
            return kv, others
        case Color.RED:
            return Color
        case str(s) | bytes(s):
            return s
        case _:
            return None
""",
    "overloads.py": """\
import typing
from typing import overload


@overload
def conv(x: int) -> int: ...
@overload
def conv(x: str) -> str: ...
def conv(x):
    return x


class Reader:
    @typing.overload
    def read(self, n: int) -> bytes: ...
    @typing.overload
    def read(self) -> str: ...
    def read(self, n=None):
        return conv(n)


def twice():
    return conv(1), conv("a"), Reader().read(), Reader().read(3)


if typing.TYPE_CHECKING:
    def alt(): ...
else:
    def alt(): ...
""",
    "star/__init__.py": "from .a import *\nfrom .b import *\nfrom .c import *\nfrom .d import *\n",
    "star/a.py": """\
__all__ = ["public"]
__all__ += ["_shared"]


def public():
    pass


def hidden():
    pass


def _shared():
    pass
""",
    "star/b.py": "def hidden():\n    pass\n\n\ndef _private():\n    pass\n",
    "star/c.py": """\
__all__ = ["listed"]
__all__.extend(["extended"])


def listed():
    pass


def extended():
    pass
""",
    "star/d.py": '__all__ = [n for n in dir() if n.startswith("d_")]\n\n\ndef d_one():\n    pass\n',
    "star_use.py": """\
from star import public, hidden, _shared, _private, listed, extended, d_one

public(), hidden(), _shared(), _private(), listed(), extended(), d_one()
""",
    "fluent.py": """\
import typing
from typing import Self


class Builder:
    def step(self) -> Self:
        return self

    @classmethod
    def new(cls) -> "Self":
        return cls()

    @property
    def me(self) -> typing.Self:
        return self

    def finish(self) -> int:
        return 1


class Fancy(Builder):
    def extra(self) -> "Fancy":
        return self


Builder().step().finish()
Fancy.new().extra().step().me.extra()
chained = Fancy().step()
chained.extra()
""",
    "signatures.py": """\
def f(
    a,  # the a
    b: int = 2,  # (b
) -> int:
    return a


class K(
    dict,  # first
):
    def m(self, x="( ", y=[1,
                           2]):
        return f(x)


f(1), K().m()
""",
    "main.py": """\
from pkg import Motor, u
from pkg.core import Engine


def go():
    return Motor(), Engine(), u.tool()
""",
}


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = write_files(tmp_path_factory.mktemp("trial22"), FILES)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


@pytest.mark.parametrize(
    ("line", "column"),
    [
        (8, 19),  # `Ünïcode.π` after an emoji: UTF-16 column 18 (0-based), the emoji counting two
        (9, 19),  # through a method's quoted return annotation naming a Unicode class
        (13, 14),  # through a parameter's quoted annotation
    ],
)
def test_attributes_of_unicode_named_classes_resolve(bridge, line, column):
    # the receiver of an attribute was matched as an ASCII identifier only: `Ünïcode.π` found nothing
    assert places(bridge.definition("uni.py", line, column=column)) == [("uni.py", 2, 5)]


def test_references_at_a_name_a_package_re_exports_under_an_alias(bridge):
    # asked at `Motor` (`from pkg import Motor`, pkg's `from .core import Engine as Motor`) the answer was Engine's
    # occurrences only: the very name asked at was not among them
    expected = [
        ("main.py", 1, 17),
        ("main.py", 2, 22),
        ("main.py", 6, 12),
        ("main.py", 6, 21),
        ("pkg/__init__.py", 1, 19),
        ("pkg/__init__.py", 1, 29),
        ("pkg/core.py", 1, 7),
        ("pkg/core.py", 6, 12),
    ]
    assert places(bridge.references("main.py", 6, name="Motor")) == expected
    assert places(bridge.references("main.py", 1, name="Motor")) == expected
    # a module re-exported under an alias: `u` here, `util` where it is defined
    found = places(bridge.references("main.py", 6, name="u"))
    assert ("main.py", 6, 31) in found and ("main.py", 1, 24) in found
    # asked at the definition: the original name's occurrences, as before
    assert places(bridge.references("pkg/core.py", 1, name="Engine")) == [
        ("main.py", 2, 22),
        ("main.py", 6, 21),
        ("pkg/__init__.py", 1, 19),
        ("pkg/core.py", 1, 7),
        ("pkg/core.py", 6, 12),
    ]


PROPERTY_REFS = [
    ("props.py", 6, 9),  # the getter
    ("props.py", 9, 6),  # @level.setter
    ("props.py", 10, 9),  # the setter
    ("props.py", 13, 6),  # @level.deleter
    ("props.py", 14, 9),  # the deleter
    ("props.py", 18, 14),  # self.level = ...
    ("props.py", 18, 27),  # ... self.level
]


@pytest.mark.parametrize("line", [6, 10, 14, 18])
def test_a_property_getter_setter_and_deleter_are_one_symbol(bridge, line):
    # asked at the setter's or deleter's def the answer was that def alone, and the getter's had neither def
    assert places(bridge.references("props.py", line, name="level")) == PROPERTY_REFS
    found = places(bridge.references("props.py", line, name="level", include_declaration=False))
    defs = {("props.py", 6, 9), ("props.py", 10, 9), ("props.py", 14, 9)}
    assert found == [r for r in PROPERTY_REFS if r not in defs]


@pytest.mark.parametrize(
    ("symbol", "expected"),
    [
        ("pkg.make", ("pkg/core.py", None, "make", [5])),  # `from .core import Gear, make` in pkg/__init__.py
        ("pkg.Gear", ("pkg/core.py", "Gear", None, [9])),
        ("pkg.Gear.turn", ("pkg/core.py", "Gear", "turn", [10])),
        ("pkg.Motor", ("pkg/core.py", "Engine", None, [1])),  # re-exported under an alias
        ("pkg.u.tool", ("pkg/util.py", None, "tool", [1])),  # a module re-exported under an alias
    ],
)
def test_locate_a_public_name_a_package_re_exports(bridge, symbol, expected):
    # `lspBridge/locate {symbol: "jinja2.Environment"}` found nothing: the package only imports it
    chunks = bridge.locate(symbol=symbol)["chunks"]
    assert [(c["file"], c["class"], c["function"], c["lines"][:1]) for c in chunks] == [expected]


@pytest.mark.parametrize("symbol", ["pkg.nothing", "pkg.Gear.nothing", "pkg.make.x", "nowhere.Gear"])
def test_locate_a_name_nothing_defines_is_still_empty(bridge, symbol):
    assert bridge.locate(symbol=symbol) == {"chunks": [], "text": ""}


def test_nonlocal_names_the_enclosing_functions_binding(bridge):
    # `nonlocal n` was taken for `global n`: its uses went to the module-level n, or nowhere when there is none
    counter_n = [
        ("scopes.py", 2, 5),
        ("scopes.py", 5, 18),
        ("scopes.py", 6, 9),
        ("scopes.py", 12, 26),
        ("scopes.py", 13, 24),
        ("scopes.py", 15, 16),
    ]
    for line in (2, 5, 6, 13, 15):
        assert places(bridge.references("scopes.py", line, name="n")) == counter_n
    assert places(bridge.definition("scopes.py", 6, name="n")) == [("scopes.py", 2, 5)]
    assert places(bridge.definition("scopes.py", 9, name="n")) == [("scopes.py", 9, 13)]  # the class's own
    assert places(bridge.references("scopes.py", 20, name="n")) == [("scopes.py", 20, 1)]
    # through two levels of nonlocal
    assert places(bridge.definition("scopes.py", 31, name="m")) == [("scopes.py", 24, 5)]


@pytest.mark.parametrize(
    ("line", "name", "expected"),
    [
        (15, "px", [("matchy.py", 14, 22), ("matchy.py", 15, 20)]),  # `Point(x=px)`: a capture
        (17, "first", [("matchy.py", 16, 15), ("matchy.py", 17, 20)]),
        (17, "rest", [("matchy.py", 16, 23), ("matchy.py", 17, 27)]),  # `*rest`
        (17, "whole", [("matchy.py", 16, 32), ("matchy.py", 17, 33)]),  # `[...] as whole`
        (19, "others", [("matchy.py", 18, 26), ("matchy.py", 19, 24)]),  # `**others`
        (23, "s", [("matchy.py", 22, 18), ("matchy.py", 22, 29), ("matchy.py", 23, 20)]),  # either alternative
        (20, "RED", [("matchy.py", 5, 5), ("matchy.py", 20, 20)]),  # `case Color.RED`: a value, not a capture
        # `y=value` captures into the parameter's name: one variable
        (12, "value", [("matchy.py", 12, 20), ("matchy.py", 14, 28), ("matchy.py", 15, 24)]),
    ],
)
def test_match_captures_are_bindings(bridge, line, name, expected):
    # names bound by `case` patterns had no definition (and `Color.RED`'s RED was taken for a bare name)
    assert places(bridge.references("matchy.py", line, name=name)) == expected
    assert places(bridge.definition("matchy.py", line, name=name)) == [min(expected)]


def serve_without_workspace(cwd: Path, root_uri: str, cache: Path) -> list[dict]:
    """Every message a `serve` with no --workspace sends while answering initialize (at rootUri) and status."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lsp_bridge", "serve", "--cache-dir", str(cache)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=cwd,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": root_uri, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "lspBridge/status", "params": {}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    messages: list[dict] = []
    try:
        for request in requests:
            proc.stdin.write(encode(json.dumps(request).encode()))
        proc.stdin.flush()
        deframer, deadline = Deframer(), time.monotonic() + 60
        while not any(m.get("id") == 3 for m in messages) and time.monotonic() < deadline:
            if select.select([proc.stdout], [], [], 0.5)[0]:
                data = os.read(proc.stdout.fileno(), 1 << 16)
                assert data, "the stream ended"
                messages += [json.loads(event) for event in deframer.feed(data)]
    finally:
        proc.kill()
        proc.wait()
    return messages


@pytest.mark.parametrize("kind", ["missing", "a file"])
def test_a_client_root_that_is_not_a_folder_is_reported(tmp_path, kind):
    # the server went on with the working directory (which may be / or $HOME) and said nothing
    (tmp_path / "here.py").write_text("def here():\n    pass\n")
    root = tmp_path / "gone" if kind == "missing" else tmp_path / "here.py"
    messages = serve_without_workspace(tmp_path, root.as_uri(), tmp_path / ".cache")
    shown = [m["params"] for m in messages if m.get("method") == "window/showMessage"]
    served = "/testbed" if Path("/testbed").is_dir() else str(tmp_path)  # the documented fallbacks
    assert shown == [{"type": 2, "message": f"lsp-bridge: the client's root {root} is not a folder; serving {served}"}]
    assert next(m for m in messages if m.get("id") == 2)["result"]["root"] == served


def test_a_client_root_that_is_a_folder_is_served_without_a_word(tmp_path):
    (tmp_path / "ws").mkdir()
    messages = serve_without_workspace(tmp_path, (tmp_path / "ws").as_uri(), tmp_path / ".cache")
    assert [m for m in messages if m.get("method") == "window/showMessage"] == []
    assert next(m for m in messages if m.get("id") == 2)["result"]["root"] == str(tmp_path / "ws")


@pytest.mark.parametrize("line", [6, 8, 9, 19, 23])
def test_overload_signatures_and_their_implementation_are_one_symbol(bridge, line):
    # asked at the implementation (`def conv(x):` after its `@overload` signatures) the answer was that def alone:
    # every call resolves to the first signature
    found = places(bridge.references("overloads.py", line, name="conv"))
    assert found == [("overloads.py", n, c) for n, c in [(6, 5), (8, 5), (9, 5), (19, 16), (23, 12), (23, 21)]]


def test_overloaded_methods_are_one_symbol(bridge):
    expected = [("overloads.py", n, c) for n, c in [(15, 9), (17, 9), (18, 9), (23, 41), (23, 58)]]
    for line in (15, 17, 18, 23):
        assert places(bridge.references("overloads.py", line, name="read")) == expected


def test_same_name_defs_without_overload_stay_apart(bridge):
    assert places(bridge.references("overloads.py", 29, name="alt")) == [("overloads.py", 29, 9)]


@pytest.mark.parametrize(
    ("params", "message"),
    [({"symbol": ""}, "missing parameter 'symbol'"), ({"symbol": 3}, "parameter 'symbol' has the wrong type")],
)
def test_locate_an_empty_symbol_names_the_symbol(bridge, params, message):
    # `{symbol: ""}` was refused as "missing parameter 'file'": a parameter the caller never meant to send
    with pytest.raises(JsonRpcInvalidParams, match=message):
        bridge.request("lspBridge/locate", params)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("public", [("star/a.py", 5, 5)]),
        ("hidden", [("star/b.py", 1, 5)]),  # a's `hidden` is not in a's __all__: b's star import binds it
        ("_shared", [("star/a.py", 13, 5)]),  # listed by `__all__ += [...]`
        ("_private", []),  # no star import binds a private name not listed
        ("listed", [("star/c.py", 5, 5)]),
        ("extended", [("star/c.py", 9, 5)]),  # an __all__ changed by a call: every public name, as before
        ("d_one", [("star/d.py", 4, 5)]),  # an __all__ that is not a literal list: every public name
    ],
)
def test_star_imports_bind_what_all_lists(bridge, name, expected):
    # `from .a import *` bound every name of a, those left out of its __all__ and _private ones included
    assert places(bridge.definition("star_use.py", 3, name=name)) == expected


@pytest.mark.parametrize(
    ("line", "name", "expected"),
    [
        (26, "finish", 17),
        (27, "extra", 22),  # a classmethod `-> "Self"` called on the subclass: an instance of the subclass
        (27, "step", 6),
        (27, "me", 14),  # a property `-> typing.Self`
        (29, "extra", 22),  # through an assignment
    ],
)
def test_methods_returning_self_type_their_receiver(bridge, line, name, expected):
    # a return annotation `Self` (PEP 673) gave no type: nothing after `.step()` resolved
    assert places(bridge.definition("fluent.py", line, name=name)) == [("fluent.py", expected, 9)]


def test_the_last_of_a_chain_through_self_methods(bridge):
    text = FILES["fluent.py"].splitlines()[26]
    column = text.rindex("extra") + 1  # the second `extra` on the line, after `.step().me`
    assert places(bridge.definition("fluent.py", 27, column=column)) == [("fluent.py", 22, 9)]


def test_multi_line_signatures_show_as_written_on_one_line(bridge):
    # `def f(\n    a,  # the a\n    b: int = 2,\n)` was shown as `def f( a, # the a b: int = 2, )`: a comment
    # swallowing the parameters after it, and the line breaks' spaces inside the brackets
    assert bridge.hover("signatures.py", 16, name="f") == "```python\ndef f(a, b: int = 2) -> int\n```"
    symbols = bridge.document_symbols("signatures.py")
    assert [(s["name"], s["detail"]) for s in symbols] == [("f", "def f(a, b: int = 2) -> int"), ("K", "class K(dict)")]
    assert symbols[1]["children"][0]["detail"] == 'def m(self, x="( ", y=[1, 2])'
