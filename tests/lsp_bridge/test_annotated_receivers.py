"""A receiver typed the ways real projects write it resolves to its class's member, against a real bridge process:
`t.Optional[X]` under `import typing as t` (click, flask, werkzeug, jinja2), `Union[X, None]`, `typing_extensions`,
beside the plain `Optional[X]` and `X | None` it always read. A union of two classes names neither."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsp_bridge.client import BridgeClient

FILES = {
    "cmd.py": """\
class Cmd:
    def run(self):
        return 1


class Other:
    def run(self):
        return 2
""",
    "use.py": """\
import typing as t
import typing_extensions as te
from typing import Optional, Union

from cmd import Cmd, Other


def aliased() -> t.Optional[Cmd]: ...
def union() -> Union[Cmd, None]: ...
def union_first() -> t.Union[None, "Cmd"]: ...
def extensions() -> te.Optional[Cmd]: ...
def plain() -> Optional[Cmd]: ...
def pipe() -> Cmd | None: ...
def two() -> Union[Cmd, Other]: ...


aliased().run()
union().run()
union_first().run()
extensions().run()
plain().run()
pipe().run()
two().run()
""",
}
CALLS = {"aliased": 17, "union": 18, "union_first": 19, "extensions": 20, "plain": 21, "pipe": 22}


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = tmp_path_factory.mktemp("annotated")
    for rel, text in FILES.items():
        (root / rel).write_text(text)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


@pytest.mark.parametrize("function", list(CALLS))
def test_the_member_of_an_optional_receiver_is_its_class_member(bridge: BridgeClient, function: str) -> None:
    found = bridge.definition("use.py", CALLS[function], name="run")
    assert [(d["file"], d["line"]) for d in found] == [("cmd.py", 2)]


def test_a_union_of_two_classes_names_neither(bridge: BridgeClient) -> None:
    assert bridge.definition("use.py", 23, name="run") == []
