"""Bridge gaps found by the agent work (issue 7) and the path->module helper (issue 9), against a real bridge process.

- references asked at a use through an import alias answer the alias's uses (that use included), as pyright does;
- a module-level name bound again in an `except ImportError:` / `else` / `elif` branch is a definition in each;
- hover on a package shows `module pkg`, not `module pkg.__init__`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsp_bridge.client import BridgeClient

FILES = {
    "pkg/__init__.py": '"""The package."""\n',
    "pkg/_parser.py": "def parse_marker(s):\n    return s\n",
    "pkg/markers.py": """\
from ._parser import parse_marker as _parse_marker
from . import _parser as pp
import pkg._parser as parser_mod

try:
    from ._speedups import fast
except ImportError:
    def fast(x):
        return x

try:
    VERSION = compute()
except ImportError:
    VERSION = "0"
else:
    VERSION = VERSION.strip()

if HAVE:
    Impl = dict
elif OTHER:
    Impl = list
else:
    Impl = set

COUNT = 1
COUNT = 2
try:
    COUNT = 3
except ImportError:
    COUNT = 4


class Config:
    try:
        mode = "fast"
    except ImportError:
        mode = "slow"


def use(x):
    return _parse_marker(x) + pp.parse_marker(x) + parser_mod.parse_marker(x)


def again(y):
    _parse_marker = str
    return _parse_marker(y)


def third(z):
    return _parse_marker(z), parser_mod, pp
""",
    "pkg/other.py": """\
from .markers import _parse_marker as pm
from .markers import VERSION, Impl
import pkg


def go():
    return pm("x"), VERSION, Impl, pkg
""",
}
MARKERS = "pkg/markers.py"


@pytest.fixture(scope="module")
def bridge(tmp_path_factory) -> Iterator[BridgeClient]:
    root = tmp_path_factory.mktemp("aliases")
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as client:
        yield client


def where(found: list[dict]) -> list[tuple[str, int, int]]:
    return sorted((r["file"], r["line"], r["column"]) for r in found)


@pytest.mark.parametrize(
    ("file", "line", "name", "expected"),
    [
        # asked at a use through `from ._parser import parse_marker as _parse_marker`: that use, the alias and its
        # other uses in the file (a local `_parse_marker = str` in `again` is another name)
        (MARKERS, 41, "_parse_marker", [(MARKERS, 1, 38), (MARKERS, 41, 12), (MARKERS, 50, 12)]),
        (MARKERS, 1, "_parse_marker", [(MARKERS, 1, 38), (MARKERS, 41, 12), (MARKERS, 50, 12)]),  # at the alias
        (MARKERS, 50, "_parse_marker", [(MARKERS, 1, 38), (MARKERS, 41, 12), (MARKERS, 50, 12)]),
        # `from . import _parser as pp` and `import pkg._parser as parser_mod`: module aliases
        (MARKERS, 41, "pp", [(MARKERS, 2, 26), (MARKERS, 41, 31), (MARKERS, 50, 42)]),
        (MARKERS, 41, "parser_mod", [(MARKERS, 3, 23), (MARKERS, 41, 52), (MARKERS, 50, 30)]),
        # an alias of an alias, in another file
        ("pkg/other.py", 7, "pm", [("pkg/other.py", 1, 39), ("pkg/other.py", 7, 12)]),
        # the shadowing local is its own name
        (MARKERS, 46, "_parse_marker", [(MARKERS, 45, 5), (MARKERS, 46, 12)]),
        # asked at the definition: the original name everywhere (the import's own name, attribute uses)
        (
            "pkg/_parser.py",
            1,
            "parse_marker",
            [("pkg/_parser.py", 1, 5), (MARKERS, 1, 22), (MARKERS, 41, 34), (MARKERS, 41, 63)],
        ),
    ],
)
def test_references_through_import_aliases(bridge, file, line, name, expected):
    assert where(bridge.references(file, line, name=name)) == expected


def test_definition_through_an_alias_still_reaches_the_original(bridge):
    assert where(bridge.definition(MARKERS, 41, name="_parse_marker")) == [("pkg/_parser.py", 1, 5)]
    assert where(bridge.definition("pkg/other.py", 7, name="pm")) == [("pkg/_parser.py", 1, 5)]


def test_references_without_the_declaration(bridge):
    found = bridge.references(MARKERS, 41, name="_parse_marker", include_declaration=False)
    assert where(found) == [(MARKERS, 41, 12), (MARKERS, 50, 12)]


def test_fallback_branches_are_definitions_too(bridge):
    symbols = bridge.document_symbols(MARKERS)
    lines: dict[str, list[int]] = {}
    for s in symbols:
        lines.setdefault(s["name"], []).append(s["line"])
    assert lines["fast"] == [8]  # the `except ImportError:` fallback function
    assert lines["VERSION"] == [12, 14, 16]  # try, except and else
    assert lines["Impl"] == [19, 21, 23]  # if, elif and else
    assert lines["COUNT"] == [25]  # bound before the try: rebinding it anywhere is no new definition
    config = next(s for s in symbols if s["name"] == "Config")
    assert [(c["name"], c["line"]) for c in config["children"]] == [("mode", 35), ("mode", 37)]
    assert sorted(s["line"] for s in bridge.workspace_symbols("VERSION") if s["name"] == "VERSION") == [12, 14, 16]
    assert [c["lines"][0] for c in bridge.locate(symbol="pkg.markers.Impl")["chunks"]] == [19, 21, 23]


def test_hover_names_a_package_by_its_module(bridge):
    assert bridge.hover("pkg/other.py", 7, name="pkg") == "```python\nmodule pkg\n```\n\nThe package."
    assert bridge.hover(MARKERS, 50, name="parser_mod").startswith("```python\nmodule pkg._parser\n```")
