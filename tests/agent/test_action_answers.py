"""The agent's LSP answers are right where grep-trained readers got wrong code (issue 14), over a real local lsp-bridge:
import aliases and re-exports, properties with setters, decorated methods, multi-line class attributes, files without
a trailing newline, no line past a file's end, long ranges cut at method boundaries, and answers that save a call
(a unique short hit shown whole, `open ALIAS` opening the real definition and saying so).

The small workspace mirrors the shapes of `packaging` that went wrong; the last tests run on the real `packaging`
sources (pytest's own dependency, copied from site-packages)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import packaging
import pytest

from agent.actions.executor import ActionLimits, Actions
from agent.actions.located import located
from agent.types import ChunkRef
from lsp_bridge.client import BridgeClient
from tests.agent.conftest import numbered

PARSER = '''\
import re


# ---------------------------------------------------------------
# Recursive descent parser for dependency specifiers
# ---------------------------------------------------------------


def parse_marker(source):
    """Parse a marker."""
    return _parse_marker(source)


def _parse_marker(tokenizer):
    expression = [tokenizer]
    while tokenizer:
        expression.append(1)
    return expression
'''
MARKERS = """\
from ._parser import parse_marker as _parse_marker


class Marker:
    def __init__(self, marker):
        self._markers = _parse_marker(marker)
"""
SPECIFIERS = '''\
"""Specifiers."""
import functools


class Small:
    a = 1
    b = 2


class Specifier:
    """A specifier."""

    _operator_regex_str = r"""
        (?P<operator>(~=|==|!=|<=|>=|<|>|===))
        """

    def __init__(self, spec):
        self._spec = spec

    @property
    def prereleases(self):
        return self._prereleases

    @prereleases.setter
    def prereleases(self, value):
        self._prereleases = value

    @functools.lru_cache
    def contains(self, item):
        return item in self._spec
'''
TYPED = (
    "from typing import Optional\n"  # 1
    "\n"
    "TABLE = (1,\n"  # 3: an assignment over two lines
    "         2)\n"
    "\n"
    "\n"
    "class Typed:\n"  # 7
    "    @classmethod\n"
    "    def make(cls, name: str = 'default') -> 'Typed':\n"  # 9
    "        return cls()\n"
    "\n"
    "    def compile(  # type: ignore\n"  # 12: a comment on the header's first line
    "        self,\n"
    "        source: str,\n"
    "        name: Optional[str] = None,\n"
    '        mode: str = "a default value longer than twenty characters",\n'
    "    ) -> None:\n"
    "        return None\n"
    + "".join(f"\nVALUE_{i} = {i}\n" for i in range(12))  # 19-42: module-level lines, a blank between each
)
# a class whose outline is longer than compact_outline_rows (16): its members listed compactly
BIG = (
    "class Big:\n"
    + "".join(f"    option_{i} = {i}\n" for i in range(5))  # 2-6: a run of one-line attributes
    + "    table = {\n        'k': 1,\n    }\n"  # 7-9: data over several lines, one line in an outline
    + "    @staticmethod\n    def build(name: str = 'x') -> 'Big':\n        return Big()\n"  # 10-12
    + "".join(f"    def m{i}(self, value: int = {i}) -> int:\n        return value\n" for i in range(30))  # 13-72
    + "    def __init__(self, x: int) -> None:\n        pass\n"  # 73: a constructor keeps its signature
    + "".join(f"    def {name}(self):\n        pass\n" for name in ("_a", "_b", "__repr__"))  # 75-80
)
FILES = {
    "pkg/__init__.py": "from .specifiers import Specifier as Spec\n",
    "pkg/typed.py": TYPED,
    "pkg/big.py": BIG,
    "pkg/notes.txt": "alpha\n\n  beta\ngamma\n",
    "pkg/_parser.py": PARSER,
    "pkg/markers.py": MARKERS,
    "pkg/specifiers.py": SPECIFIERS,
    "pkg/keys.py": "def hashkey(*args):\n    return args\n\n\ndef methodkey(self, *args):\n    return args",  # no \\n
    "pkg/nl.py": "def one():\n    return 1\n",
    "tests/test_nl.py": "def one():\n    return 2\n",
    "pkg/wide.py": "class Wide:\n    def __init__(\n        self,\n        a: int = 1,\n"
    '        b: str = "x",\n    ) -> None:\n        self.a = a\n\n    def short(self):\n        return 1\n',
    # 27 lines, 13 without the docstring's 14 lines after its first: one part of 20 lines holds it
    "pkg/doc.py": 'def parse(text):\n    """Parse text.\n\n'
    + "".join(f"    >>> parse({i})\n" for i in range(12))
    + '    """\n'
    + "".join(f"    a = {i}\n" for i in range(10))
    + "    return a\n",
    # a long class (a compact outline): declarations without values, decorators whose call spans lines
    "pkg/declared.py": "import typing\n\n\nclass Model:\n"  # 4
    + "".join(f"    field_{i}: typing.ClassVar[dict[str, int]]\n" for i in range(6))  # 5-10
    + "".join(
        f"\n    @classmethod\n    @typing.deprecated(\n        'use new_{i}',\n        category=None,\n    )\n"
        f"    def old_{i}(cls, value: int = {i}):\n        return value\n"
        for i in range(6)
    ),  # 12-19: old_0 at 17, ...
    "pkg/over.py": "import typing\n\n\n@typing.overload\ndef coerce(x: int) -> int: ...\n\n\n"  # 4-5
    "@typing.overload\ndef coerce(x: str) -> str: ...\n\n\n"  # 8-9
    "def coerce(x):\n    return x\n\n\ndef coerce_all(xs):\n    return [coerce(x) for x in xs]\n",  # 12-13, 16-17
    # methods of 6 lines each from line 2 on: a 20-line part cut at the plain limit would end inside one
    "pkg/long.py": "class Long:\n"
    + "".join(
        f"    @staticmethod\n    def m{i}():\n        a = {i}\n        b = a\n        return b\n\n" for i in range(8)
    ),
}


def shell_in(root: Path):
    def run(command: str) -> tuple[str, int]:
        p = subprocess.run(["bash", "-c", command], cwd=root, capture_output=True, text=True)
        return p.stdout + p.stderr, p.returncode

    return run


@pytest.fixture(scope="module")
def actions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Actions]:
    root = tmp_path_factory.mktemp("ws")
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as bridge:
        bridge.sync()
        yield Actions(bridge, shell_in(root), root=str(root), limits=ActionLimits(max_open_lines=20))


def test_definition_through_an_import_alias_shows_the_real_function_whole(actions: Actions) -> None:
    result = actions.execute("definition", "pkg/markers.py:6 _parse_marker")
    assert result.observation.splitlines() == [
        "pkg/_parser.py:9  parse_marker  def parse_marker(source)",
        "  alias: _parse_marker -> parse_marker",
        "",
        "### File: `pkg/_parser.py`",
        "9  def parse_marker(source):",
        '10     """Parse a marker."""',
        "11     return _parse_marker(source)",
    ]  # not a fixed window of comment banners and the other function really named `_parse_marker`, cut mid-body
    assert result.chunks == [ChunkRef("pkg/_parser.py", None, "parse_marker", True, (9, 10, 11))]


def test_open_and_find_symbol_of_a_reexported_alias_open_the_real_class_and_say_so(actions: Actions) -> None:
    opened = actions.execute("open", "Spec")
    lines = opened.observation.splitlines()
    assert lines[:3] == [
        "`Spec` is an import alias: pkg/__init__.py:1  from .specifiers import Specifier as Spec",
        "### File: `pkg/specifiers.py`",
        "10 class Specifier:",
    ]
    assert numbered(opened.observation) == list(range(10, 31))  # a 21-line class whole, its outline would be most
    found = actions.execute("find_symbol", "Spec")
    assert found.observation.splitlines()[:2] == [
        "pkg/specifiers.py:10  Specifier  class Specifier",
        "  alias: pkg/__init__.py:1  from .specifiers import Specifier as Spec",
    ]
    assert "partial matches" not in found.observation  # the same class is not listed twice
    method = actions.execute("find_symbol", "Spec.contains")
    assert method.observation.splitlines()[:2] == [
        "pkg/specifiers.py:29  Specifier.contains  def contains(self, item)",
        "  alias: pkg/__init__.py:1  from .specifiers import Specifier as Spec",
    ]
    # the unique short hit shows the method whole, its decorator included: no second call to open it
    assert "28     @functools.lru_cache" in method.observation and "30         return item in self._spec" in (
        method.observation
    )


def test_outline_keeps_the_file_decorators_and_multi_line_attributes(actions: Actions) -> None:
    result = actions.execute("overview", "pkg/specifiers.py Specifier")
    assert result.observation.splitlines() == [
        "### File: `pkg/specifiers.py`",
        "10 class Specifier",
        '13     _operator_regex_str = r"""',
        "           (?P<operator>(~=|==|!=|<=|>=|<|>|===))",  # a string's lines continue its first: no numbers
        '           """',
        "17     def __init__(self, spec)",
        "21     @property def prereleases(self)",  # a getter and its setter are not a duplicate `def prereleases`
        "25     @prereleases.setter def prereleases(self, value)",
        "29     @functools.lru_cache def contains(self, item)",
    ]


def test_an_outline_shows_a_multi_line_signature_on_one_line(actions: Actions) -> None:
    result = actions.execute("overview", "pkg/wide.py Wide")
    assert result.observation.splitlines() == [
        "### File: `pkg/wide.py`",
        "1 class Wide",
        '2     def __init__(self, a=1, b="x")',  # lines 2-6 numbered by the first, without annotations
        "9     def short(self)",
    ]


def test_a_short_class_opens_whole_and_a_unique_long_class_shows_its_outline_with_the_file(actions: Actions) -> None:
    small = actions.execute("open", "Small")
    assert small.observation.splitlines() == [
        "### File: `pkg/specifiers.py`",
        "5 class Small:",
        "6     a = 1",
        "7     b = 2",
    ]
    long = actions.execute("find_symbol", "Long")
    lines = long.observation.splitlines()
    assert lines[:3] == ["pkg/long.py:1  Long  class Long", "", "### File: `pkg/long.py`"]
    assert lines[3:5] == ["3      @staticmethod def m0()", "9      @staticmethod def m1()"]  # the class line is above
    assert long.chunks == [ChunkRef("pkg/long.py", "Long", None, False, tuple(range(3, 46, 6)))]


def test_no_line_past_the_end_of_a_file_with_or_without_a_final_newline(actions: Actions) -> None:
    for rel, count in (("pkg/keys.py", 6), ("pkg/nl.py", 2)):
        result = actions.execute("open", rel)
        assert numbered(result.observation) == list(range(1, count + 1)), rel
        assert max(n for c in result.chunks for n in c.lines) == count, rel
        past = actions.execute("open", f"{rel}:{count + 1}-{count + 5}")
        assert (past.returncode, numbered(past.observation)) == (1, []), rel


def test_a_long_range_is_cut_before_the_method_the_limit_would_split(actions: Actions) -> None:
    first = actions.execute("open", "pkg/long.py:1-49")
    # 20 lines would end at line 20, inside m3 (its decorator at 20): the part ends after m2 and its blank line
    assert numbered(first.observation) == list(range(1, 20))
    assert first.observation.splitlines()[-1] == "... (30 more lines; narrow it: open pkg/long.py:20-49)"
    second = actions.execute("open", "pkg/long.py:20-49")
    assert numbered(second.observation)[:3] == [1, 20, 21]  # the class line, then m3's decorator and def
    assert second.observation.splitlines()[3:5] == ["20     @staticmethod", "21     def m3():"]


def test_a_long_function_shows_its_long_docstring_by_its_first_line_and_fits_one_part(actions: Actions) -> None:
    result = actions.execute("open", "pkg/doc.py:25")
    lines = result.observation.splitlines()
    assert lines[:5] == [
        "### File: `pkg/doc.py`",
        "1  def parse(text):",
        '2      """Parse text.',
        "    ... (docstring, 14 lines left out: open pkg/doc.py:3-16)",
        "17     a = 0",
    ]
    assert numbered(result.observation) == [1, 2, *range(17, 28)]  # the whole body, no part hint at the end
    assert [c.lines for c in result.chunks] == [(1, 2, *range(17, 28))]  # the left-out lines are not on screen
    docstring = actions.execute("open", "pkg/doc.py:3-16")
    assert numbered(docstring.observation) == [1, *range(3, 17)]  # the hint opens exactly them (with the def line)


def test_a_line_asked_for_in_a_left_out_docstring_stays_on_screen(actions: Actions) -> None:
    """`open FILE:LINE` of a docstring line (a grep match there) keeps that line and its neighbours on screen; the
    docstring's other lines are left out with a hint each (before, the whole docstring was left out, line and all)."""
    assert actions.bridge is not None
    near = Actions(actions.bridge, actions.run_shell, root=actions.root,
                   limits=ActionLimits(max_open_lines=20, line_context=2, min_elided_docstring=5))  # fmt: skip
    result = near.execute("open", "pkg/doc.py:8")
    lines = result.observation.splitlines()
    assert lines[3] == "    ... (docstring, 3 lines left out: open pkg/doc.py:3-5)"
    assert "    ... (docstring, 6 lines left out: open pkg/doc.py:11-16)" in lines
    assert numbered(result.observation) == [1, 2, *range(6, 11), *range(17, 28)]
    assert [c.lines for c in result.chunks] == [(1, 2, *range(6, 11), *range(17, 28))]
    # a line of the code: the docstring left out whole, as before
    assert numbered(near.execute("open", "pkg/doc.py:25").observation) == [1, 2, *range(17, 28)]


def test_find_symbol_of_self_attribute_looks_up_the_attribute(actions: Actions) -> None:
    """`find_symbol self.NAME` (as code writes an attribute) answers as `find_symbol NAME` (was: not found)."""
    plain = actions.execute("find_symbol", "prereleases")
    assert plain.returncode == 0 and "Specifier.prereleases" in plain.observation
    for spelled in ("self.prereleases", "cls.prereleases"):
        assert actions.execute("find_symbol", spelled).observation == plain.observation


def test_find_symbol_of_a_name_used_through_a_variable_finds_its_last_part(actions: Actions) -> None:
    """`find_symbol spec.contains` (a method called through a variable, as a report quotes it): nothing is defined by
    that name, so the answer is `contains`'s, and says so (was: not found, and a second call)."""
    result = actions.execute("find_symbol", "spec.contains")
    lines = result.observation.splitlines()
    assert result.returncode == 0
    assert lines[:2] == ["`spec.contains` is not defined by that name: `contains`", located_contains(actions)]
    assert "def contains(self, item)" in result.observation  # the short method whole, as for `find_symbol contains`
    assert actions.execute("find_symbol", "spec.nothing_like_it").returncode == 1


def test_a_unique_hit_shown_whole_a_few_calls_ago_is_not_shown_again(actions: Actions) -> None:
    """find_symbol's unique short function is shown whole (what `open` would show), but not when the agent saw it whole
    within `recently_shown` calls: its located line is enough then."""
    assert actions.bridge is not None
    fresh = Actions(actions.bridge, actions.run_shell, root=actions.root, limits=ActionLimits(recently_shown=2))
    assert "return item in self._spec" in fresh.execute("find_symbol", "contains").observation
    opened = fresh.execute("open", "Specifier.contains")
    assert "return item in self._spec" in opened.observation
    again = fresh.execute("find_symbol", "contains")
    assert again.observation.splitlines() == [located_contains(fresh)]  # the located line alone
    fresh.execute("find_symbol", "Small")
    fresh.execute("find_symbol", "Small")  # three calls after the open: shown whole again
    assert "return item in self._spec" in fresh.execute("find_symbol", "contains").observation


def located_contains(actions: Actions) -> str:
    return actions.execute("find_symbol", "contains").observation.splitlines()[0]


def test_open_at_a_line_names_where_the_functions_called_there_are_defined(actions: Actions) -> None:
    result = actions.execute("open", "pkg/markers.py:6")
    assert result.observation.splitlines() == [
        "### File: `pkg/markers.py`",
        "1 from ._parser import parse_marker as _parse_marker",  # a file this short is shown whole (session 15)
        "",
        "",
        "4 class Marker:",
        "5     def __init__(self, marker):",
        "6         self._markers = _parse_marker(marker)",
        # the second hop's signature, through the import alias, without a find_symbol call
        "called on that line: pkg/_parser.py:9  parse_marker  def parse_marker(source)",
        "  alias: _parse_marker -> parse_marker",
    ]
    assert result.chunks[-1] == ChunkRef("pkg/_parser.py", None, "parse_marker", False, (9,))
    recursive = actions.execute("open", "pkg/_parser.py:16")  # `while tokenizer:` calls nothing
    assert "called on that line" not in recursive.observation


def test_find_symbol_of_a_module_qualified_name_finds_it_in_that_module(actions: Actions) -> None:
    """`module.Name` as code writes it (`admin.ModelAdmin`): no class is called `keys`, so the name is looked up in the
    files whose path holds those module parts in a row (the only definition, a short function, is shown whole: its
    block names the file and numbers its def line, with no located line above it; shown a call ago, its located line
    alone); for a module that does not hold it, the answer says so and shows where the name is defined."""
    found = actions.execute("find_symbol", "keys.hashkey")
    assert found.returncode == 0 and found.observation.splitlines() == [
        "### File: `pkg/keys.py`",
        "1 def hashkey(*args):",
        "2     return args",
    ]
    for name in ("pkg.keys.hashkey", "pkg.hashkey"):
        found = actions.execute("find_symbol", name)
        assert (found.returncode, found.observation) == (0, "pkg/keys.py:1  hashkey  def hashkey(*args)"), name
    elsewhere = actions.execute("find_symbol", "nl.hashkey")  # that module does not hold it: the answer says so
    assert elsewhere.observation.splitlines()[:2] == [
        "`nl.hashkey` is not defined by that name: `hashkey`",
        "pkg/keys.py:1  hashkey  def hashkey(*args)",
    ]


def test_find_symbol_lists_tests_only_when_nothing_else_defines_the_name(actions: Actions) -> None:
    result = actions.execute("find_symbol", "one")
    assert result.observation.splitlines()[:3] == [
        "2 definition(s) of `one`:",
        "pkg/nl.py:1  one  def one()",
        "... 1 more, 1 of them in tests (narrow it: find_symbol Class.one)",
    ]


def test_overload_signatures_fold_into_their_implementation(actions: Actions) -> None:
    found = actions.execute("find_symbol", "coerce")
    lines = found.observation.splitlines()
    # one definition: the implementation, with the stubs' def lines; not three hits to open one by one
    assert lines[0] == "pkg/over.py:12  coerce  def coerce(x)  (@overload: 5, 9)"
    assert numbered(found.observation) == [12, 13]  # the implementation shown whole, not the first stub
    assert "partial matches" not in found.observation  # a function answers it: `coerce_all` is not listed
    opened = actions.execute("open", "coerce")
    assert numbered(opened.observation) == [12, 13]
    assert opened.chunks == [ChunkRef("pkg/over.py", None, "coerce", True, (12, 13))]
    # the bridge renders a chunk of a name defined three times as the definition holding its lines
    blocks = actions.bridge.render_blocks([{"file": "pkg/over.py", "function": "coerce", "lines": [9]}])
    assert [n for n, _ in blocks[0].lines] == [9]  # not the first stub's signature (line 5) too


def test_find_symbol_lists_partial_matches_only_when_no_class_or_function_answers(actions: Actions) -> None:
    assert "partial matches" not in actions.execute("find_symbol", "parse_marker").observation
    attribute = actions.execute("find_symbol", "TABLE")  # only an assigned name: functions named like it may matter
    assert attribute.observation.splitlines()[0] == "pkg/typed.py:3  TABLE  TABLE = (1, 2)"
    missing = actions.execute("find_symbol", "no_such_name_anywhere")
    assert missing.observation == "No definition of `no_such_name_anywhere`."


def test_real_packaging_sources(tmp_path: Path) -> None:
    src = Path(packaging.__file__).parent
    for name in ("__init__.py", "_parser.py", "_tokenizer.py", "markers.py", "specifiers.py", "version.py",
                 "utils.py", "_structures.py", "requirements.py"):  # fmt: skip
        if (src / name).exists():
            (tmp_path / "packaging").mkdir(exist_ok=True)
            shutil.copy(src / name, tmp_path / "packaging" / name)
    markers = (tmp_path / "packaging/markers.py").read_text().splitlines()
    use = next(n for n, line in enumerate(markers, 1) if "_parse_marker(" in line and "import" not in line)
    with BridgeClient.local(tmp_path, "--cache-dir", str(tmp_path / ".cache"), timeout=60) as bridge:
        bridge.sync()
        actions = Actions(bridge, shell_in(tmp_path), root=str(tmp_path))
        found = actions.execute("definition", f"packaging/markers.py:{use} _parse_marker")
        head = found.observation.splitlines()
        # the located signature is compact (no annotations), as outlines show it; `open` shows it as written
        assert re.fullmatch(r"packaging/_parser\.py:\d+  parse_marker  def parse_marker\(source\)", head[0])
        assert head[1] == "  alias: _parse_marker -> parse_marker"
        body = "\n".join(head[3:])
        assert "def parse_marker" in body and "def _parse_marker" not in body  # the function itself, not a window
        outline = actions.execute("overview", "packaging/specifiers.py Specifier").observation
        assert outline.startswith("### File: `packaging/specifiers.py`\n")
        rows = outline.splitlines()  # a long outline, compact: a getter and its setter on their def lines
        assert any(re.fullmatch(r"\d+ +@property (def )?prereleases\((self)?\)", row) for row in rows), rows
        assert any(re.fullmatch(r"\d+ +@prereleases\.setter (def )?prereleases\((self, )?value\)", row) for row in rows)
        for name in ("markers.py", "specifiers.py", "_parser.py"):
            total = len((tmp_path / "packaging" / name).read_text().splitlines())
            shown = actions.execute("open", f"packaging/{name}:{total - 3}-{total + 40}")
            assert max(numbered(shown.observation)) == total, name  # never a line past the end


def test_outline_signatures_are_compact_one_liners(actions: Actions) -> None:
    """An outline's def is `def name(params)` on its def line: decorators before it, no annotations, long defaults as
    `…`, a comment on the header's first line dropped (it swallowed `self` when joined as text)."""
    result = actions.execute("overview", "pkg/typed.py Typed")
    assert result.observation.splitlines() == [
        "### File: `pkg/typed.py`",
        "7  class Typed",
        "9      @classmethod def make(cls, name='default')",
        "12     def compile(self, source, name=None, mode=…)",
    ]
    opened = actions.execute("open", "Typed.compile")  # open still shows the signature as written
    assert "           name: Optional[str] = None," in opened.observation  # a parameter continues the def


def test_a_long_outline_lists_members_compactly(actions: Actions) -> None:
    result = actions.execute("overview", "pkg/big.py Big")
    lines = result.observation.splitlines()
    assert lines[:6] == [
        "### File: `pkg/big.py`",
        "1  class Big",
        "2      attributes (2-7): option_0, option_1, option_2, option_3, option_4, table",
        "11     @staticmethod build(name)",  # no defaults in a compact outline
        "13     m0(value)",  # a method without `def` and `self`
        "15     m1(value)",
    ]
    assert lines[-2:] == ["73     __init__(x)", "75     underscore methods (75-79): _a, _b, __repr__"]
    assert len(lines) == 6 + 28 + 2
    short = actions.execute("overview", "pkg/typed.py")  # a short outline: data over several lines on one line
    assert "3  TABLE = (1, 2)" in short.observation.splitlines()
    small = actions.execute("overview", "pkg/specifiers.py Specifier")
    assert "17     def __init__(self, spec)" in small.observation.splitlines()  # a short outline keeps `def`, `self`


def test_a_long_outline_lists_declarations_by_name_and_decorator_calls_on_one_line(actions: Actions) -> None:
    lines = actions.execute("overview", "pkg/declared.py Model").observation.splitlines()
    assert lines[:4] == [
        "### File: `pkg/declared.py`",
        "4  class Model",
        "5      attributes (5-10): field_0, field_1, field_2, field_3, field_4, field_5",
        "17     @classmethod @typing.deprecated(…) old_0(value)",  # not the call's four lines
    ]
    assert lines[-1] == "57     @classmethod @typing.deprecated(…) old_5(value)"
    assert len(lines) == 3 + 6


def test_blank_lines_after_a_shown_line_have_no_number(actions: Actions) -> None:
    """A blank line is the line after the one above it; after a gap (or the file header) it keeps its number."""
    result = actions.execute("open", "pkg/typed.py:1-6")
    assert result.observation.split("\n") == [
        "### File: `pkg/typed.py`",
        "1 from typing import Optional",
        "",
        "3 TABLE = (1,",
        "           2)",
        "",
        "",
    ]
    assert numbered(result.observation) == [1, 2, 3, 4, 5, 6]
    after_gap = actions.execute("open", "pkg/typed.py:5-7")
    assert after_gap.observation.split("\n") == ["### File: `pkg/typed.py`", "5", "", "7 class Typed:"]
    # a line continuing a statement has no number when the line above is on screen; first on screen, it keeps it
    assert actions.execute("open", "pkg/typed.py:4-4").observation.split("\n")[1] == "4          2)"


def test_open_of_a_module_level_line_shows_the_lines_around_it(actions: Actions) -> None:
    result = actions.execute("open", "pkg/typed.py:30")
    shown = numbered(result.observation)
    assert (shown[0], shown[-1]) == (23, 37)  # line_context (7) either side, within one part (20 lines here)
    assert "narrow it" not in result.observation
    wide = Actions(actions.bridge, actions.run_shell, root=actions.root,
                   limits=ActionLimits(max_open_lines=20, line_context=10))  # fmt: skip
    wider = wide.execute("open", "pkg/typed.py:30")
    assert numbered(wider.observation)[0] == 20  # 10 either side: the 20-line part ends before line 40
    assert wider.observation.endswith("open pkg/typed.py:40-40)")


def test_a_located_line_of_a_multi_line_assignment_is_one_line(actions: Actions) -> None:
    found = actions.execute("find_symbol", "TABLE")
    assert found.observation.splitlines()[0] == "pkg/typed.py:3  TABLE  TABLE = (1, 2)"


def test_a_file_the_language_server_does_not_index_is_numbered_like_code(actions: Actions) -> None:
    result = actions.execute("open", "pkg/notes.txt:1-4")
    assert result.observation.splitlines() == ["### File: `pkg/notes.txt`", "1 alpha", "", "3   beta", "4 gamma"]


def test_a_located_signature_is_compact() -> None:
    """find_symbol's and definition's located lines show a def as outlines do: no annotations, long defaults as `…`,
    a backslash-continued header (as the bridge joins it) parsed, a class's bases as written."""
    text = "def parse_expr(s: str, t: tUnion[TRANS, str] \\ = standard_transformations, evaluate=True) -> Expr"
    assert located("m.py", 9, "parse_expr", text) == "m.py:9  parse_expr  def parse_expr(s, t=…, evaluate=True)"
    assert located("m.py", 1, "A", "class A(B, metaclass=M)") == "m.py:1  A  class A(B, metaclass=M)"
    assert (
        located("m.py", 2, "f", "async def f(x: int = 1, *a: str, **k: Any)") == "m.py:2  f  async def f(x=1, *a, **k)"
    )
    assert located("m.py", 3, "g", "def g(x='#'):") == "m.py:3  g  def g(x='#')"
    assert located("m.py", 4, "h", "def h(") == "m.py:4  h  def h("  # does not parse: as written
