"""The table of bug_heldout9: which bug release each package is installed at, whose tests run against it, and
which regression test is which run of which group (one group = one real fix)."""

from __future__ import annotations

from dataclasses import dataclass

from regression_runner import Run


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
    venv: str = ""  # the venv folder under /work/venvs/bugset9 (the name, when one release pair of it is used)

    @property
    def folder(self) -> str:
        return self.venv or self.name


PACKAGES = {
    p.folder: p
    for p in [
        Package("markdown", "Markdown", "markdown", "3.8", "3.8.1", "tests", licence="BSD-3-Clause"),
        Package("jinja2", "Jinja2", "jinja2", "3.1.4", "3.1.5", "tests", ("pytest", "trio"), "BSD-3-Clause"),
        Package("click", "click", "click", "8.1.3", "8.1.4", "tests", licence="BSD-3-Clause", venv="click-8.1.3"),
        Package(
            "humanize", "humanize", "humanize", "4.9.0", "4.10.0", "tests", ("pytest", "freezegun", "coverage"), "MIT"
        ),
        Package("tomlkit", "tomlkit", "tomlkit", "0.13.1", "0.13.2", "tests", licence="MIT"),
        Package(
            "packaging",
            "packaging",
            "packaging",
            "23.1",
            "23.2",
            "tests",
            ("pytest", "pretend"),
            "Apache-2.0 OR BSD-2-Clause",
        ),
        Package("tomlkit", "tomlkit", "tomlkit", "0.11.6", "0.11.7", "tests", licence="MIT", venv="tomlkit-0.11.6"),
        Package("bleach", "bleach", "bleach", "6.0.0", "6.1.0", "tests", licence="Apache-2.0"),
        Package("sqlparse", "sqlparse", "sqlparse", "0.5.0", "0.5.1", "tests", licence="BSD-3-Clause"),
        Package(
            "prettytable",
            "prettytable",
            "prettytable",
            "3.10.0",
            "3.10.2",
            "tests",
            ("pytest", "pytest-lazy-fixtures"),
            "BSD-3-Clause",
        ),
        Package(
            "werkzeug",
            "Werkzeug",
            "werkzeug",
            "3.1.2",
            "3.1.3",
            "tests",
            ("pytest", "pytest-xprocess", "ephemeral-port-reserve", "watchdog"),
            "BSD-3-Clause",
            "werkzeug-3.1.2",
        ),
        Package(
            "marshmallow",
            "marshmallow",
            "marshmallow",
            "3.21.0",
            "3.21.1",
            "tests",
            ("pytest", "simplejson", "pytz"),
            "MIT",
        ),
        Package("mako", "Mako", "mako", "1.3.2", "1.3.3", "test", licence="MIT"),
        Package(
            "python-dotenv",
            "python-dotenv",
            "dotenv",
            "1.0.0",
            "1.0.1",
            "tests",
            ("pytest", "sh", "click"),
            "BSD-3-Clause",
        ),
    ]
}

MD = "https://github.com/Python-Markdown/markdown/issues/"
JJ = "https://github.com/pallets/jinja/issues/"
CK = "https://github.com/pallets/click/issues/"
HU = "https://github.com/python-humanize/humanize/pull/"
PK = "https://github.com/pypa/packaging/issues/"
PT = "https://github.com/prettytable/prettytable/issues/"

RUNS = [
    # Python-Markdown 3.8.1: "Fixed HTML handling corner case that prevented some content from not being rendered"
    Run(
        "markdown_noname_tag_drops_text",
        "markdown",
        "tests/test_syntax/blocks/test_html_blocks.py::TestHTMLBlocks::test_noname_tag",
        "AssertionError",
        "`</>` inside a block-level div",
        MD + "1528",
    ),
    Run(
        "markdown_noname_tag_drops_text",
        "markdown",
        "tests/test_syntax/inline/test_raw_html.py::TestRawHtml::test_noname_tag",
        "AssertionError",
        "`</>` inside inline raw span",
        MD + "1528",
    ),
    Run(
        "markdown_noname_tag_drops_text",
        "markdown",
        "tests/test_syntax/inline/test_code.py::TestCode::test_noname_tag",
        "AssertionError",
        "`</>` inside a code span",
        MD + "1528",
    ),
    Run(
        "markdown_noname_tag_drops_text",
        "markdown",
        "tests/test_syntax/extensions/test_md_in_html.py::TestMdInHTML::test_noname_tag",
        "AssertionError",
        "`</>` with md_in_html enabled",
        MD + "1528",
    ),
    # 3.8.1: "Ensure incomplete markup declaration in raw HTML doesn't crash parser"
    Run(
        "markdown_incomplete_markup_declaration",
        "markdown",
        "tests/test_syntax/blocks/test_html_blocks.py::TestHTMLBlocks::test_not_actually_cdata",
        "AssertionError",
        "`<![` not starting a CDATA section",
        MD + "1534",
    ),
    Run(
        "markdown_incomplete_markup_declaration",
        "markdown",
        "tests/test_syntax/extensions/test_md_in_html.py::TestDefaultwMdInHTML::test_not_actually_cdata",
        "AssertionError",
        "`<![` with md_in_html enabled",
        MD + "1534",
        "tests/test_syntax/blocks/test_html_blocks.py",
    ),
    # 3.8.1: "Fixed dropped content in md_in_html" (singleton)
    Run(
        "markdown_md_in_html_trailing_content",
        "markdown",
        "tests/test_syntax/extensions/test_md_in_html.py::TestMdInHTML::test_trailing_content_after_tag_in_md_block",
        "AssertionError",
        "text after a closing tag inside a markdown=1 block",
        MD + "1526",
    ),
    # Jinja 3.1.5: "Make compiling deterministic for tuple unpacking in a {% set ... %} call."
    Run(
        "jinja2_set_unpacking_nondeterministic",
        "jinja2",
        "tests/test_compile.py::test_top_level_set_vars_unpacking_deterministic",
        "AssertionError",
        "top-level set a, b = ...",
        JJ + "2021",
    ),
    Run(
        "jinja2_set_unpacking_nondeterministic",
        "jinja2",
        "tests/test_compile.py::test_loop_set_vars_unpacking_deterministic",
        "AssertionError",
        "set unpacking inside a for loop",
        JJ + "2021",
    ),
    Run(
        "jinja2_set_unpacking_nondeterministic",
        "jinja2",
        "tests/test_compile.py::test_block_set_vars_unpacking_deterministic",
        "AssertionError",
        "set unpacking inside a block",
        JJ + "2021",
    ),
    # 3.1.5: "Fix dunder protocol (copy/pickle/etc) interaction with Undefined objects."
    Run(
        "jinja2_undefined_dunder_protocols",
        "jinja2",
        "tests/test_runtime.py::test_undefined_copy[StrictUndefined]",
        "TypeError",
        "copy.copy of a StrictUndefined",
        JJ + "2025",
    ),
    Run(
        "jinja2_undefined_dunder_protocols",
        "jinja2",
        "tests/test_runtime.py::test_undefined_deepcopy[Undefined]",
        "TypeError",
        "copy.deepcopy of an Undefined",
        JJ + "2025",
    ),
    Run(
        "jinja2_undefined_dunder_protocols",
        "jinja2",
        "tests/test_runtime.py::test_undefined_pickle[ChainableUndefined]",
        "TypeError",
        "pickle round trip of a ChainableUndefined",
        JJ + "2025",
    ),
    Run(
        "jinja2_undefined_dunder_protocols",
        "jinja2",
        "tests/test_runtime.py::test_undefined_pickle[DebugUndefined]",
        "TypeError",
        "pickle round trip of a DebugUndefined",
        JJ + "2025",
    ),
    # 3.1.5: "Fix copy/pickle support for the internal missing object."
    Run(
        "jinja2_missing_sentinel_copy_pickle",
        "jinja2",
        "tests/test_utils.py::test_copy_missing",
        "AssertionError",
        "copy.copy of jinja2.utils.missing",
        JJ + "2027",
    ),
    Run(
        "jinja2_missing_sentinel_copy_pickle",
        "jinja2",
        "tests/test_utils.py::test_pickle_missing[0]",
        "PicklingError",
        "pickle protocol 0 of jinja2.utils.missing",
        JJ + "2027",
    ),
    Run(
        "jinja2_missing_sentinel_copy_pickle",
        "jinja2",
        "tests/test_utils.py::test_pickle_missing[4]",
        "PicklingError",
        "pickle protocol 4 of jinja2.utils.missing",
        JJ + "2027",
    ),
    Run(
        "jinja2_missing_sentinel_copy_pickle",
        "jinja2",
        "tests/test_utils.py::test_pickle_missing[2]",
        "PicklingError",
        "pickle protocol 2 of jinja2.utils.missing",
        JJ + "2027",
    ),
    # Click 8.1.4: "Don't fail when writing filenames to streams with strict errors. Replace invalid bytes with the
    # replacement character."
    Run(
        "click_filename_surrogates_strict_stream",
        "click-8.1.3",
        "tests/test_types.py::test_path_surrogates",
        "AssertionError",
        "click.Path error message for a surrogate-escaped path",
        CK + "2395",
    ),
    Run(
        "click_filename_surrogates_strict_stream",
        "click-8.1.3",
        "tests/test_types.py::test_file_surrogates[type0]",
        "AssertionError",
        "click.File error message for a surrogate-escaped name",
        CK + "2395",
    ),
    Run(
        "click_filename_surrogates_strict_stream",
        "click-8.1.3",
        "tests/test_types.py::test_file_error_surrogates",
        "AssertionError",
        "FileError message for a surrogate-escaped name",
        CK + "2395",
    ),
    Run(
        "click_filename_surrogates_strict_stream",
        "click-8.1.3",
        "tests/test_utils.py::test_filename_formatting",
        "AssertionError",
        "click.format_filename of undecodable bytes",
        CK + "2395",
    ),
    # 8.1.4: "EOFError and KeyboardInterrupt tracebacks are not suppressed when standalone_mode is disabled."
    Run(
        "click_abort_hidden_without_standalone",
        "click-8.1.3",
        "tests/test_commands.py::test_abort_exceptions_with_disabled_standalone_mode[EOFError]",
        "AssertionError",
        "EOFError in a command run with standalone_mode=False",
        CK + "2380",
    ),
    Run(
        "click_abort_hidden_without_standalone",
        "click-8.1.3",
        "tests/test_commands.py::test_abort_exceptions_with_disabled_standalone_mode[KeyboardInterrupt]",
        "AssertionError",
        "KeyboardInterrupt in a command run with standalone_mode=False",
        CK + "2380",
    ),
    # humanize 4.10.0: "Fix handling of negative time deltas" (fixes #18 and #171)
    Run(
        "humanize_negative_timedelta",
        "humanize",
        "tests/test_time.py::test_naturaldelta[1-a second]",
        "AssertionError",
        "naturaldelta of -1 (int seconds)",
        HU + "173",
    ),
    Run(
        "humanize_negative_timedelta",
        "humanize",
        "tests/test_time.py::test_naturaldelta[23.5-23 seconds]",
        "AssertionError",
        "naturaldelta of -23.5 (float seconds)",
        HU + "173",
    ),
    Run(
        "humanize_negative_timedelta",
        "humanize",
        "tests/test_time.py::test_naturaldelta[test_input7-an hour]",
        "AssertionError",
        "naturaldelta of a negated one-hour timedelta",
        HU + "173",
    ),
    Run(
        "humanize_negative_timedelta",
        "humanize",
        "tests/test_time.py::test_naturaldelta[test_input8-23 hours]",
        "AssertionError",
        "naturaldelta of a negated 23h50m timedelta",
        HU + "173",
    ),
    # humanize 4.10.0: "metric: Fix precision format"
    Run(
        "humanize_metric_precision_format",
        "humanize",
        "tests/test_number.py::test_metric[[1.5123, '', 0]-2]",
        "ValueError",
        "metric(1.5123, precision=0)",
        HU + "159",
    ),
    Run(
        "humanize_metric_precision_format",
        "humanize",
        "tests/test_number.py::test_metric[[1000, '', 0]-1 k]",
        "ValueError",
        "metric(1000, precision=0) with a kilo prefix",
        HU + "159",
    ),
    Run(
        "humanize_metric_precision_format",
        "humanize",
        "tests/test_number.py::test_metric[[10.5123, '', 1]-11]",
        "ValueError",
        "metric(10.5123, precision=1) of a two-digit value",
        HU + "159",
    ),
    Run(
        "humanize_metric_precision_format",
        "humanize",
        "tests/test_number.py::test_metric[[100, '', 2]-100]",
        "ValueError",
        "metric(100, precision=2) of a three-digit value",
        HU + "159",
    ),
    # tomlkit 0.13.2: "Fix deleting keys from an out-of-order table does not remove all table parts."
    Run(
        "tomlkit_out_of_order_table_key",
        "tomlkit",
        "tests/test_toml_document.py::test_delete_out_of_order_table_key",
        "AssertionError",
        "del of a key of a table split in two parts",
        "https://github.com/python-poetry/tomlkit/issues/379",
    ),
    Run(
        "tomlkit_out_of_order_table_key",
        "tomlkit",
        "tests/test_toml_document.py::test_overwrite_out_of_order_table_key",
        "AssertionError",
        "overwriting a key of a table split in two parts",
        "https://github.com/python-poetry/tomlkit/issues/379",
    ),
    # packaging 23.2: "Requirement parsing no longer automatically validates the URL"
    Run(
        "packaging_requirement_url_validated",
        "packaging",
        "tests/test_requirements.py::TestRequirementParsing::test_file_url[file:.]",
        "InvalidRequirement",
        "Requirement('name @ file:.')",
        PK + "120",
    ),
    Run(
        "packaging_requirement_url_validated",
        "packaging",
        "tests/test_requirements.py::TestRequirementParsing::test_file_url[file:/.]",
        "InvalidRequirement",
        "Requirement('name @ file:/.')",
        PK + "120",
    ),
    Run(
        "packaging_requirement_url_validated",
        "packaging",
        "tests/test_requirements.py::test_basic_valid_requirement_parsing[-None-gopher:/foo/com--extras0-package]",
        "InvalidRequirement",
        "Requirement with a gopher: URL",
        PK + "120",
    ),
    # python-dotenv 1.0.1: "Gracefully handle code which has been imported from a zipfile"
    Run(
        "dotenv_load_from_zip_import",
        "python-dotenv",
        "tests/test_zip_imports.py::test_load_dotenv_gracefully_handles_zip_imports_when_no_env_file",
        "",
        "load_dotenv() called from a module imported from a zip file, no .env",
        "https://github.com/theskumar/python-dotenv/issues/456",
    ),
    Run(
        "dotenv_load_from_zip_import",
        "python-dotenv",
        "tests/test_zip_imports.py::test_load_dotenv_outside_zip_file_when_called_in_zipfile",
        "",
        "load_dotenv() called from a zipped module, .env in the working directory",
        "https://github.com/theskumar/python-dotenv/issues/456",
    ),
    # tomlkit 0.11.7: "Fix the wrong return type when doing arithmetic operations between integers and floats."
    Run(
        "tomlkit_int_float_arithmetic",
        "tomlkit-0.11.6",
        "tests/test_items.py::test_add_float_to_int",
        "AssertionError",
        "tomlkit Integer + float",
        "https://github.com/sdispater/tomlkit/issues/270",
    ),
    Run(
        "tomlkit_int_float_arithmetic",
        "tomlkit-0.11.6",
        "tests/test_items.py::test_sub_float_from_int",
        "TypeError",
        "tomlkit Integer - float",
        "https://github.com/sdispater/tomlkit/issues/270",
    ),
    # bleach 6.1.0: "Handle more cases with < followed by character data"
    Run(
        "bleach_lessthan_character_data",
        "bleach",
        "tests/test_clean.py::test_lessthan_escaping[<some thing-&lt;some thing]",
        "AssertionError",
        "clean('<some thing')",
        "https://github.com/mozilla/bleach/issues/705",
    ),
    Run(
        "bleach_lessthan_character_data",
        "bleach",
        "tests/test_clean.py::test_lessthan_escaping[<some thing=foo-&lt;some thing=foo]",
        "AssertionError",
        "clean('<some thing=foo')",
        "https://github.com/mozilla/bleach/issues/705",
    ),
    # sqlparse 0.5.1: "Fix parsing and formatting of ORDER clauses containing NULLS FIRST or NULLS LAST"
    Run(
        "sqlparse_order_nulls_first_last",
        "sqlparse",
        "tests/test_tokenize.py::test_parse_order[NULLS FIRST]",
        "AssertionError",
        "sqlparse.parse('NULLS FIRST')",
        "https://github.com/andialbrecht/sqlparse/issues/532",
    ),
    Run(
        "sqlparse_order_nulls_first_last",
        "sqlparse",
        "tests/test_tokenize.py::test_parse_order[ASC NULLS LAST]",
        "AssertionError",
        "sqlparse.parse('ASC NULLS LAST')",
        "https://github.com/andialbrecht/sqlparse/issues/532",
    ),
    Run(
        "sqlparse_order_nulls_first_last",
        "sqlparse",
        "tests/test_tokenize.py::test_parse_order[DESC NULLS FIRST]",
        "AssertionError",
        "sqlparse.parse('DESC NULLS FIRST')",
        "https://github.com/andialbrecht/sqlparse/issues/532",
    ),
    Run(
        "sqlparse_order_nulls_first_last",
        "sqlparse",
        "tests/test_tokenize.py::test_parse_order[NULLS LAST]",
        "AssertionError",
        "sqlparse.parse('NULLS LAST')",
        "https://github.com/andialbrecht/sqlparse/issues/532",
    ),
    # sqlparse 0.5.1: "The strip comments filter was a bit greedy and removed too much whitespace"
    Run(
        "sqlparse_strip_comments_eats_whitespace",
        "sqlparse",
        "tests/test_format.py::TestFormat::test_strip_comments_multi",
        "AssertionError",
        "format(strip_comments=True) of /* */ comments",
        "https://github.com/andialbrecht/sqlparse/issues/772",
    ),
    Run(
        "sqlparse_strip_comments_eats_whitespace",
        "sqlparse",
        "tests/test_format.py::TestFormat::test_strip_comments_preserves_whitespace",
        "AssertionError",
        "format(strip_comments=True) of a comment glued between two tokens",
        "https://github.com/andialbrecht/sqlparse/issues/772",
    ),
    # humanize 4.10.0: "Fix naturaldelta sub second precision" (fixes #154: float input and sub-second minimum_unit)
    Run(
        "humanize_subsecond_float_truncated",
        "humanize",
        "tests/test_time.py::test_naturaldelta_minimum_unit_explicit[milliseconds-0.001-1 millisecond]",
        "AssertionError",
        "naturaldelta(0.001, minimum_unit='milliseconds')",
        HU + "169",
    ),
    Run(
        "humanize_subsecond_float_truncated",
        "humanize",
        "tests/test_time.py::test_naturaldelta_minimum_unit_explicit[milliseconds-0.101943-101 milliseconds]",
        "AssertionError",
        "naturaldelta(0.101943, minimum_unit='milliseconds')",
        HU + "169",
    ),
    Run(
        "humanize_subsecond_float_truncated",
        "humanize",
        "tests/test_time.py::test_naturaldelta_minimum_unit_explicit[microseconds-4e-06-4 microseconds]",
        "AssertionError",
        "naturaldelta(4e-06, minimum_unit='microseconds')",
        HU + "169",
    ),
    # prettytable 3.10.1: "Fix GitHub-Flavoured Markdown for narrow columns" (issue #295, pull request #296)
    Run(
        "prettytable_markdown_narrow_columns",
        "prettytable",
        "tests/test_prettytable.py::TestStyle::test_style[MARKDOWN]",
        "AssertionError",
        "MARKDOWN style with an empty first header",
        PT + "295",
    ),
    Run(
        "prettytable_markdown_narrow_columns",
        "prettytable",
        "tests/test_prettytable.py::TestStyle::test_style_align[MARKDOWN]",
        "AssertionError",
        "MARKDOWN style with l/c/r column alignment",
        PT + "295",
    ),
    # prettytable 3.10.1: max_table_width made tables wider than asked (issue #288)
    Run(
        "prettytable_max_table_width_exceeded",
        "prettytable",
        "tests/test_prettytable.py::TestMaxTableWidth::test_max_table_width",
        "AssertionError",
        "max_table_width on a one-column table",
        PT + "288",
    ),
    Run(
        "prettytable_max_table_width_exceeded",
        "prettytable",
        "tests/test_prettytable.py::TestMaxTableWidth::test_max_table_width_wide",
        "AssertionError",
        "max_table_width on a wide multi-column table",
        PT + "288",
    ),
    Run(
        "prettytable_max_table_width_exceeded",
        "prettytable",
        "tests/test_prettytable.py::TestMaxTableWidth::test_max_table_width_wide_vrules_frame",
        "AssertionError",
        "max_table_width with vrules=FRAME",
        PT + "288",
    ),
    Run(
        "prettytable_max_table_width_exceeded",
        "prettytable",
        "tests/test_prettytable.py::TestMaxTableWidth::test_max_table_width_wide_vrules_none",
        "AssertionError",
        "max_table_width with vrules=NONE",
        PT + "288",
    ),
    # Werkzeug 3.1.3: "Initial data passed to MultiDict ... only accepts list, tuple, or set" (singleton)
    Run(
        "werkzeug_multidict_bytes_as_values",
        "werkzeug-3.1.2",
        "tests/test_datastructures.py::test_iter_multi_data[value2-expect2]",
        "AssertionError",
        "MultiDict initial data holding a bytes value",
        "https://github.com/pallets/werkzeug/issues/2994",
    ),
    # marshmallow 3.21.1: "Fix error message when field is declared as a class and not an instance" (singleton)
    Run(
        "marshmallow_field_class_error_message",
        "marshmallow",
        "tests/test_schema.py::test_fields_must_be_declared_as_instances",
        "AssertionError",
        "a Schema attribute set to fields.String (the class)",
        "https://github.com/marshmallow-code/marshmallow/issues/2245",
    ),
    # Mako 1.3.3: "Fixed unexpected error when use control lines which the first control block with no bodies other
    # than comments, as `pass` is now added to the first empty block."
    Run(
        "mako_empty_first_control_block",
        "mako",
        "test/test_template.py::ControlTest::test_blank_control_9",
        "IndentationError",
        "% if with an empty first block followed by % elif",
        "https://github.com/sqlalchemy/mako/issues/146",
    ),
    Run(
        "mako_empty_first_control_block",
        "mako",
        "test/test_template.py::ControlTest::test_blank_control_10",
        "IndentationError",
        "% if with an empty first block followed by % else",
        "https://github.com/sqlalchemy/mako/issues/146",
    ),
    Run(
        "mako_empty_first_control_block",
        "mako",
        "test/test_template.py::ControlTest::test_blank_control_11",
        "IndentationError",
        "% try with an empty first block",
        "https://github.com/sqlalchemy/mako/issues/146",
    ),
    Run(
        "mako_empty_first_control_block",
        "mako",
        "test/test_template.py::ControlTest::test_commented_blank_control_9",
        "IndentationError",
        "first control block holding only a ## comment",
        "https://github.com/sqlalchemy/mako/issues/146",
    ),
    # Mako 1.3.3: "Fixed unexpected syntax error in strict_undefined mode that occurred when using comprehensions
    # within a function in a Mako Python code block."
    Run(
        "mako_comprehension_var_strict_undefined",
        "mako",
        "test/test_ast.py::AstParseTest::test_locate_identifiers_18",
        "AssertionError",
        "identifiers found in a function holding a list comprehension",
        "https://github.com/sqlalchemy/mako/issues/320",
    ),
    Run(
        "mako_comprehension_var_strict_undefined",
        "mako",
        "test/test_template.py::EscapeTest::test_listcomp_in_func_strict",
        "NameError",
        "list comprehension in a <%! def %> with strict_undefined",
        "https://github.com/sqlalchemy/mako/issues/320",
    ),
    Run(
        "mako_comprehension_var_strict_undefined",
        "mako",
        "test/test_template.py::EscapeTest::test_dictcomp_in_func_strict",
        "NameError",
        "dict comprehension in a function with strict_undefined",
        "https://github.com/sqlalchemy/mako/issues/320",
    ),
    Run(
        "mako_comprehension_var_strict_undefined",
        "mako",
        "test/test_template.py::EscapeTest::test_generator_in_func_strict",
        "NameError",
        "generator expression in a function with strict_undefined",
        "https://github.com/sqlalchemy/mako/issues/320",
    ),
]
