"""The table of bug_heldout9: which bug release each package is installed at, whose tests run against it, and
which regression test is which run of which group (one group = one real fix)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Package:
    name: str  # the venv folder and the rows' `library`
    dist: str  # the PyPI distribution
    module: str  # the top-level import name (to find its frames under site-packages)
    bug: str  # the release the tests run against
    fix: str  # the release whose tests are run
    tests: str  # the sdist's test folder
    deps: tuple[str, ...] = ("pytest",)  # what the tests need besides the package
    licence: str = ""


@dataclass(frozen=True)
class Run:
    group: str  # the fix: runs with one group fail from one bug, fixed by one change
    package: str
    node: str  # the pytest node id, relative to the run folder
    expect: str  # the exception type the run must end with, or it is dropped
    callsite: str  # short label of how the test reaches the bug
    url: str  # the bug report or the fix
    defined_in: str = ""  # the file that defines the test function, when the node's class inherits it


PACKAGES = {
    p.name: p
    for p in [
        Package("markdown", "Markdown", "markdown", "3.8", "3.8.1", "tests", licence="BSD-3-Clause"),
        Package("jinja2", "Jinja2", "jinja2", "3.1.4", "3.1.5", "tests", ("pytest", "trio"), "BSD-3-Clause"),
        Package("click", "click", "click", "8.1.7", "8.1.8", "tests", licence="BSD-3-Clause"),
    ]
}

MD = "https://github.com/Python-Markdown/markdown/issues/"
JJ = "https://github.com/pallets/jinja/issues/"
CK = "https://github.com/pallets/click/issues/"

RUNS = [
    # Python-Markdown 3.8.1: "Fixed HTML handling corner case that prevented some content from not being rendered"
    Run("markdown_noname_tag_drops_text", "markdown", "tests/test_syntax/blocks/test_html_blocks.py::TestHTMLBlocks::"
        "test_noname_tag", "AssertionError", "`</>` inside a block-level div", MD + "1528"),
    Run("markdown_noname_tag_drops_text", "markdown", "tests/test_syntax/inline/test_raw_html.py::TestRawHtml::"
        "test_noname_tag", "AssertionError", "`</>` inside inline raw span", MD + "1528"),
    Run("markdown_noname_tag_drops_text", "markdown", "tests/test_syntax/inline/test_code.py::TestCode::"
        "test_noname_tag", "AssertionError", "`</>` inside a code span", MD + "1528"),
    Run("markdown_noname_tag_drops_text", "markdown", "tests/test_syntax/extensions/test_md_in_html.py::TestMdInHTML::"
        "test_noname_tag", "AssertionError", "`</>` with md_in_html enabled", MD + "1528"),
    # 3.8.1: "Ensure incomplete markup declaration in raw HTML doesn't crash parser"
    Run("markdown_incomplete_markup_declaration", "markdown", "tests/test_syntax/blocks/test_html_blocks.py::"
        "TestHTMLBlocks::test_not_actually_cdata", "AssertionError", "`<![` not starting a CDATA section", MD + "1534"),
    Run("markdown_incomplete_markup_declaration", "markdown", "tests/test_syntax/extensions/test_md_in_html.py::"
        "TestDefaultwMdInHTML::test_not_actually_cdata", "AssertionError", "`<![` with md_in_html enabled",
        MD + "1534", "tests/test_syntax/blocks/test_html_blocks.py"),
    # 3.8.1: "Fixed dropped content in md_in_html" (singleton)
    Run("markdown_md_in_html_trailing_content", "markdown", "tests/test_syntax/extensions/test_md_in_html.py::"
        "TestMdInHTML::test_trailing_content_after_tag_in_md_block", "AssertionError",
        "text after a closing tag inside a markdown=1 block", MD + "1526"),
    # Jinja 3.1.5: "Make compiling deterministic for tuple unpacking in a {% set ... %} call."
    Run("jinja2_set_unpacking_nondeterministic", "jinja2", "tests/test_compile.py::"
        "test_top_level_set_vars_unpacking_deterministic", "AssertionError", "top-level set a, b = ...", JJ + "2021"),
    Run("jinja2_set_unpacking_nondeterministic", "jinja2", "tests/test_compile.py::"
        "test_loop_set_vars_unpacking_deterministic", "AssertionError", "set unpacking inside a for loop", JJ + "2021"),
    Run("jinja2_set_unpacking_nondeterministic", "jinja2", "tests/test_compile.py::"
        "test_block_set_vars_unpacking_deterministic", "AssertionError", "set unpacking inside a block", JJ + "2021"),
    # 3.1.5: "Fix dunder protocol (copy/pickle/etc) interaction with Undefined objects."
    Run("jinja2_undefined_dunder_protocols", "jinja2", "tests/test_runtime.py::test_undefined_copy[StrictUndefined]",
        "TypeError", "copy.copy of a StrictUndefined", JJ + "2025"),
    Run("jinja2_undefined_dunder_protocols", "jinja2", "tests/test_runtime.py::test_undefined_deepcopy[Undefined]",
        "TypeError", "copy.deepcopy of an Undefined", JJ + "2025"),
    Run("jinja2_undefined_dunder_protocols", "jinja2",
        "tests/test_runtime.py::test_undefined_pickle[ChainableUndefined]", "TypeError",
        "pickle round trip of a ChainableUndefined", JJ + "2025"),
    # 3.1.5: "Fix copy/pickle support for the internal missing object."
    Run("jinja2_missing_sentinel_copy_pickle", "jinja2", "tests/test_utils.py::test_copy_missing", "AssertionError",
        "copy.copy of jinja2.utils.missing", JJ + "2027"),
    Run("jinja2_missing_sentinel_copy_pickle", "jinja2", "tests/test_utils.py::test_pickle_missing[0]",
        "PicklingError", "pickle protocol 0 of jinja2.utils.missing", JJ + "2027"),
    Run("jinja2_missing_sentinel_copy_pickle", "jinja2", "tests/test_utils.py::test_pickle_missing[4]",
        "PicklingError", "pickle protocol 4 of jinja2.utils.missing", JJ + "2027"),
    # 3.1.5: "Using set for multiple assignment (a, b = 1, 2) does not fail when the target is a namespace attribute."
    Run("jinja2_namespace_tuple_set", "jinja2", "tests/test_core_tags.py::TestSet::test_namespace_set_tuple",
        "TemplateSyntaxError", "{% set ns.a, ns.b = ... %}", JJ + "1413"),
    # Click 8.1.8: "Show correct value for flag default when using default_map."
    Run("click_flag_default_map_help", "click", "tests/test_defaults.py::test_flag_default_map", "AssertionError",
        "--help of a boolean flag whose default comes from default_map", CK + "2632"),
]
