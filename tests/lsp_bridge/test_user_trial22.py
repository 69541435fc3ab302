"""Defects a user trial of the bridge found in session 22, each against a real bridge process over JSON-RPC (stdio)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lsp_bridge.client import BridgeClient

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
}


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = write(tmp_path_factory.mktemp("trial22"), FILES)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


def where(found: list[dict]) -> list[tuple[str, int, int]]:
    return sorted((r["file"], r["line"], r["column"]) for r in found)


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
    assert where(bridge.definition("uni.py", line, column=column)) == [("uni.py", 2, 5)]
