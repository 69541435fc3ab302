"""The table of bug_heldout10: which bug release each package is installed at, whose tests run against it, and
which regression test is which run of which group (one group = one real fix)."""

from __future__ import annotations

from dataclasses import dataclass

from regression_runner import Run


@dataclass(frozen=True)
class Package:
    name: str  # the rows' `library`
    dist: str  # the PyPI distribution
    module: str  # the top-level import name (to find its frames under site-packages)
    bug: str  # the release the tests run against
    fix: str  # the release whose tests are run
    tests: str  # the sdist's test folder
    deps: tuple[str, ...] = ("pytest",)  # what the tests need besides the package
    licence: str = ""

    @property
    def folder(self) -> str:
        """The venv folder under /work/venvs/bugset10: one per release pair."""
        return f"{self.dist}-{self.bug}"


PACKAGES = {
    p.folder: p
    for p in [
        Package("pathspec", "pathspec", "pathspec", "0.12.0", "0.12.1", "tests", licence="MPL-2.0"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "3.0.2", "3.0.3", "tests", licence="BSD-3-Clause"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "3.0.4", "3.1.0", "tests", licence="BSD-3-Clause"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "4.0.0", "4.0.1", "tests", licence="BSD-3-Clause"),
        Package("validators", "validators", "validators", "0.28.1", "0.28.2", "tests", licence="MIT"),
        Package("validators", "validators", "validators", "0.28.0", "0.28.1", "tests", licence="MIT"),
        Package("typeguard", "typeguard", "typeguard", "4.4.1", "4.4.2", "tests", licence="MIT"),
        Package("typeguard", "typeguard", "typeguard", "4.3.0", "4.4.0", "tests", licence="MIT"),
        Package("typeguard", "typeguard", "typeguard", "4.1.4", "4.1.5", "tests", ("pytest<8",), "MIT"),
        Package("freezegun", "freezegun", "freezegun", "1.5.0", "1.5.1", "tests", licence="Apache-2.0"),
        Package("webob", "webob", "webob", "1.8.7", "1.8.8", "tests", licence="MIT"),
        Package(
            "pymdown-extensions",
            "pymdown-extensions",
            "pymdownx",
            "10.3",
            "10.3.1",
            "tests",
            ("pytest", "pyyaml"),
            "MIT",
        ),
        Package(
            "apispec",
            "apispec",
            "apispec",
            "6.6.0",
            "6.6.1",
            "tests",
            ("pytest", "marshmallow", "pyyaml", "openapi-spec-validator<0.8"),
            "MIT",
        ),
        Package(
            "apispec",
            "apispec",
            "apispec",
            "6.0.0",
            "6.0.1",
            "tests",
            ("pytest", "marshmallow", "pyyaml", "openapi-spec-validator<0.8"),
            "MIT",
        ),
    ]
}

JP = "https://github.com/jsonpickle/jsonpickle/"
VA = "https://github.com/python-validators/validators/pull/"
T_JP4 = "tests/jsonpickle_test.py::"
T_IP = "tests/test_ip_address.py::test_returns_true_on_valid_public_ipv4_address"

RUNS = [
    # pathspec 0.12.1: "Issue #84: PathSpec.match_file() returns None since 0.12.0."
    Run(
        "pathspec_match_file_returns_none",
        "pathspec-0.12.0",
        "tests/test_03_pathspec.py::PathSpecTest::test_01_match_file_3_unmatch",
        "AssertionError",
        "PathSpec.match_file on a path no pattern matches",
        "https://github.com/cpburnz/python-pathspec/issues/84",
    ),
    # jsonpickle 3.0.3: "Fixed a bug where pickling some built-in classes (e.g. zoneinfo) could return a None module.
    # (#447)"
    Run(
        "jsonpickle_zoneinfo_none_module",
        "jsonpickle-3.0.2",
        "tests/datetime_test.py::DateTimeSimpleTestCase::test_datetime_with_ZoneInfo",
        "TypeError",
        "round trip of a datetime with a ZoneInfo tzinfo",
        JP + "issues/447",
    ),
    # jsonpickle 3.1.0: "Fix bug of not handling classes argument to jsonpickle.decode being a dict. Previously, the
    # keys were ignored and only values were used. (+494)"
    Run(
        "jsonpickle_classes_dict_keys_ignored",
        "jsonpickle-3.0.4",
        "tests/jsonpickle_test.py::PicklingTestCase::test_classes_dict",
        "AssertionError",
        "decode(classes={name: class})",
        JP + "pull/494",
    ),
    Run(
        "jsonpickle_classes_dict_keys_ignored",
        "jsonpickle-3.0.4",
        "tests/jsonpickle_test.py::PicklingTestCase::test_load_non_fully_qualified_classes",
        "AssertionError",
        "decode of a class given by a short name in classes",
        JP + "pull/494",
    ),
    # jsonpickle 4.0.1: "The unpickler is now more resilient to malformed "py/reduce", "py/set", "py/tuple", "py/b64",
    # "py/b85", and "py/iterator" input data. (+544) (+545)". +544 guards py/reduce; +545 guards py/b64 and py/b85.
    Run(
        "jsonpickle_malformed_reduce",
        "jsonpickle-4.0.0",
        T_JP4 + "test_reduce_with_invalid_data[0]",
        "TypeError",
        "restore {py/reduce: 0}",
        JP + "pull/544",
    ),
    Run(
        "jsonpickle_malformed_reduce",
        "jsonpickle-4.0.0",
        T_JP4 + "test_reduce_with_invalid_data[None]",
        "TypeError",
        "restore {py/reduce: None}",
        JP + "pull/544",
    ),
    Run(
        "jsonpickle_malformed_reduce",
        "jsonpickle-4.0.0",
        T_JP4 + "test_reduce_with_invalid_data[value8]",
        "TypeError",
        "restore {py/reduce: {'x': True}}",
        JP + "pull/544",
    ),
    Run(
        "jsonpickle_malformed_base64_base85",
        "jsonpickle-4.0.0",
        T_JP4 + "test_decode_invalid_b64[0]",
        "AttributeError",
        "restore {py/b64: 0}",
        JP + "pull/545",
    ),
    Run(
        "jsonpickle_malformed_base64_base85",
        "jsonpickle-4.0.0",
        T_JP4 + "test_decode_invalid_b64[x]",
        "Error",
        "restore {py/b64: 'x'}",
        JP + "pull/545",
    ),
    Run(
        "jsonpickle_malformed_base64_base85",
        "jsonpickle-4.0.0",
        T_JP4 + "test_decode_invalid_b85[None]",
        "AttributeError",
        "restore {py/b85: None}",
        JP + "pull/545",
    ),
    Run(
        "jsonpickle_malformed_set_tuple",
        "jsonpickle-4.0.0",
        T_JP4 + "test_set_with_invalid_data[0]",
        "TypeError",
        "restore {py/set: 0}",
        JP + "pull/544",
    ),
    Run(
        "jsonpickle_malformed_set_tuple",
        "jsonpickle-4.0.0",
        T_JP4 + "test_tuple_with_invalid_data[True]",
        "TypeError",
        "restore {py/tuple: True}",
        JP + "pull/544",
    ),
    Run(
        "jsonpickle_malformed_set_tuple",
        "jsonpickle-4.0.0",
        T_JP4 + "test_set_with_invalid_data[None]",
        "TypeError",
        "restore {py/set: None}",
        JP + "pull/544",
    ),
    # validators 0.28.2: "fix(ip_address): properly handle private is false (#374)"
    Run(
        "validators_ip_private_false",
        "validators-0.28.1",
        T_IP + "[1.1.1.1-False]",
        "AssertionError",
        "ipv4(1.1.1.1, private=False)",
        VA + "374",
    ),
    Run(
        "validators_ip_private_false",
        "validators-0.28.1",
        T_IP + "[192.169.1.1-False]",
        "AssertionError",
        "ipv4(192.169.1.1, private=False)",
        VA + "374",
    ),
    Run(
        "validators_ip_private_false",
        "validators-0.28.1",
        T_IP + "[7.53.12.1-False]",
        "AssertionError",
        "ipv4(7.53.12.1, private=False)",
        VA + "374",
    ),
    # validators 0.28.1: "fix: rfc cases in the `domain` validator (#367)"
    Run(
        "validators_domain_rfc_cases",
        "validators-0.28.0",
        "tests/test_domain.py::test_returns_failed_validation_on_invalid_domain[example.com!-True-False]",
        "AssertionError",
        "domain('example.com!', rfc_2782=True)",
        VA + "367",
    ),
    Run(
        "validators_domain_rfc_cases",
        "validators-0.28.0",
        "tests/test_domain.py::test_returns_failed_validation_on_invalid_domain[__exa__mple__.com-False-True]",
        "AssertionError",
        "domain('__exa__mple__.com', rfc_1034=True)",
        VA + "367",
    ),
    # typeguard 4.4.2: "Fixed TypeCheckError in unpacking assignment involving properties of a parameter of the
    # function (#506; regression introduced in v4.4.1)"
    Run(
        "typeguard_unpacking_assign_attribute",
        "typeguard-4.4.1",
        "tests/test_instrumentation.py::test_attribute_assign_unpacking[typechecked]",
        "TypeCheckError",
        "unpacking assignment to self attributes, @typechecked",
        "https://github.com/agronholm/typeguard/issues/506",
    ),
    Run(
        "typeguard_unpacking_assign_attribute",
        "typeguard-4.4.1",
        "tests/test_instrumentation.py::test_attribute_assign_unpacking[importhook]",
        "TypeCheckError",
        "unpacking assignment to self attributes, import hook",
        "https://github.com/agronholm/typeguard/issues/506",
    ),
    # typeguard 4.4.2: "Fixed TypeError when using an assignment expression (#510)"
    Run(
        "typeguard_walrus_transform",
        "typeguard-4.4.1",
        "tests/test_transformer.py::TestAssign::test_assignment_expr",
        "AssertionError",
        "transformer output for a walrus in a call",
        "https://github.com/agronholm/typeguard/issues/510",
    ),
    Run(
        "typeguard_walrus_transform",
        "typeguard-4.4.1",
        "tests/test_transformer.py::TestAssign::test_assignment_expr_annotated_argument",
        "AssertionError",
        "transformer output for a walrus assigning an annotated argument",
        "https://github.com/agronholm/typeguard/issues/510",
    ),
    # typeguard 4.4.2: "Fixed ValueError: no signature found for builtin when checking against a protocol and a
    # matching attribute in the subject is a built-in function (#504)"
    Run(
        "typeguard_protocol_builtin_signature",
        "typeguard-4.4.1",
        "tests/test_checkers.py::TestProtocol::test_builtin_signature_check",
        "ValueError",
        "check_type of an object with a builtin method against a Protocol",
        "https://github.com/agronholm/typeguard/issues/504",
    ),
    # typeguard 4.4.0: "Fixed basic support for intersection protocols (#490)"
    Run(
        "typeguard_intersection_protocol",
        "typeguard-4.3.0",
        "tests/test_checkers.py::TestIntersectingProtocol::test_valid_member_passes[range]",
        "TypeCheckError",
        "range against an intersection of Sized and Iterable protocols",
        "https://github.com/agronholm/typeguard/pull/490",
    ),
    Run(
        "typeguard_intersection_protocol",
        "typeguard-4.3.0",
        "tests/test_checkers.py::TestIntersectingProtocol::test_valid_member_passes[tuple_str_specialized]",
        "TypeCheckError",
        "tuple of str against a specialized intersection protocol",
        "https://github.com/agronholm/typeguard/pull/490",
    ),
    Run(
        "typeguard_intersection_protocol",
        "typeguard-4.3.0",
        "tests/test_checkers.py::TestIntersectingProtocol::test_valid_member_passes[empty_tuple_unspecialized]",
        "TypeCheckError",
        "empty tuple against an unspecialized intersection protocol",
        "https://github.com/agronholm/typeguard/pull/490",
    ),
    # typeguard 4.1.5: "Fixed Callable erroneously rejecting a callable that has the requested amount of
    # positional arguments but they have defaults (#400)"
    Run(
        "typeguard_callable_defaults_rejected",
        "typeguard-4.1.4",
        "tests/test_checkers.py::TestCallable::test_positional_only_arg_with_default",
        "TypeCheckError",
        "Callable[[str], Any] against a function whose positional-only args have defaults",
        "https://github.com/agronholm/typeguard/issues/400",
    ),
    Run(
        "typeguard_callable_defaults_rejected",
        "typeguard-4.1.4",
        "tests/test_checkers.py::TestCallable::test_too_many_arguments",
        "AssertionError",
        "the error message for a callable with too many arguments",
        "https://github.com/agronholm/typeguard/issues/400",
    ),
    # typeguard 4.1.5: "Fixed a regression introduced in v4.1.4 where the elements of Literal got quotes removed
    # from them by the AST transformer (#399)"
    Run(
        "typeguard_literal_quotes_removed",
        "typeguard-4.1.4",
        "tests/test_transformer.py::test_literal",
        "AssertionError",
        "transformer output for a Literal['a', 'b'] annotation",
        "https://github.com/agronholm/typeguard/issues/399",
    ),
    # freezegun 1.5.1: "Fix the typing of the tick() method, and improve it's behaviour."
    Run(
        "freezegun_tick_numeric_delta",
        "freezegun-1.5.0",
        "tests/test_datetimes.py::test_manual_increment",
        "TypeError",
        "manual tick() with int and float seconds on a frozen time",
        "https://github.com/spulec/freezegun/pull/546",
    ),
    Run(
        "freezegun_tick_numeric_delta",
        "freezegun-1.5.0",
        "tests/test_operations.py::test_auto_and_manual_tick[1-1]",
        "TypeError",
        "tick(1) under auto_tick_seconds",
        "https://github.com/spulec/freezegun/pull/546",
    ),
    Run(
        "freezegun_tick_numeric_delta",
        "freezegun-1.5.0",
        "tests/test_operations.py::test_auto_and_manual_tick[1.5-1.5]",
        "TypeError",
        "tick(1.5) under auto_tick_seconds",
        "https://github.com/spulec/freezegun/pull/546",
    ),
    # WebOb 1.8.8: "The use of WebOb's Response object to redirect a request to a new location can lead to an open
    # redirect if the Location header is not a full URI." (CVE-2024-42353)
    Run(
        "webob_location_open_redirect",
        "webob-1.8.7",
        "tests/test_response.py::test_location_no_open_redirect",
        "AssertionError",
        "Location header '//example.com' made absolute against the request URL",
        "https://github.com/Pylons/webob/security/advisories/GHSA-mg3v-6m49-jhp3",
    ),
    # pymdown-extensions 10.3.1: "SuperFences: Fix an issue where braces were not handled properly in attributes."
    Run(
        "pymdownx_superfences_attr_braces",
        "pymdown-extensions-10.3",
        "tests/test_extensions/test_superfences.py::TestSuperFencesClassesIdsAttrList::test_attribute_lists_with_braces",
        "AssertionError",
        "fenced code block with attr_list attributes holding braces",
        "https://github.com/facelessuser/pymdown-extensions/blob/main/docs/src/markdown/about/changelog.md#1031",
    ),
    # apispec 6.6.1: "MarshmallowPlugin: Fix handling of Nested fields with allow_none=True (#833)"
    Run(
        "apispec_nested_allow_none",
        "apispec-6.6.0",
        "tests/test_ext_marshmallow_field.py::test_nested_nullable[2.0]",
        "AssertionError",
        "Nested(allow_none=True) field under OpenAPI 2.0",
        "https://github.com/marshmallow-code/apispec/issues/833",
    ),
    Run(
        "apispec_nested_allow_none",
        "apispec-6.6.0",
        "tests/test_ext_marshmallow_field.py::test_nested_nullable[3.1.0]",
        "AssertionError",
        "Nested(allow_none=True) field under OpenAPI 3.1.0",
        "https://github.com/marshmallow-code/apispec/issues/833",
    ),
    Run(
        "apispec_nested_allow_none",
        "apispec-6.6.0",
        "tests/test_ext_marshmallow_field.py::test_nullable_pluck[3.1.0]",
        "AssertionError",
        "Pluck(allow_none=True) field under OpenAPI 3.1.0",
        "https://github.com/marshmallow-code/apispec/issues/833",
    ),
    # apispec 6.0.1: "Document fields.Enum as list of values, not string (#806)"
    Run(
        "apispec_enum_documented_as_string",
        "apispec-6.0.0",
        "tests/test_ext_marshmallow_field.py::test_enum_symbol_field[2.0]",
        "AssertionError",
        "fields.Enum by symbol under OpenAPI 2.0",
        "https://github.com/marshmallow-code/apispec/issues/806",
    ),
    Run(
        "apispec_enum_documented_as_string",
        "apispec-6.0.0",
        "tests/test_ext_marshmallow_field.py::test_enum_value_field[3.0.0-Integer]",
        "AssertionError",
        "fields.Enum by value (Integer) under OpenAPI 3.0.0",
        "https://github.com/marshmallow-code/apispec/issues/806",
    ),
    Run(
        "apispec_enum_documented_as_string",
        "apispec-6.0.0",
        "tests/test_ext_marshmallow_field.py::test_enum_value_field[2.0-True]",
        "AssertionError",
        "fields.Enum by value (True) under OpenAPI 2.0",
        "https://github.com/marshmallow-code/apispec/issues/806",
    ),
]
