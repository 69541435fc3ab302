"""The table of bug_heldout10: which bug release each package is installed at, whose tests run against it, and
which regression test is which run of which group (one group = one real fix)."""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True)
class Run:
    group: str  # the fix: runs with one group fail from one bug, fixed by one change
    package: str  # a key of PACKAGES
    node: str  # the pytest node id, relative to the run folder
    expect: str  # the exception type the run must end with, or it is dropped
    callsite: str  # short label of how the test reaches the bug
    url: str  # the bug report or the fix
    defined_in: str = ""  # the file that defines the test function, when the node's class inherits it


PACKAGES = {
    p.folder: p
    for p in [
        Package("pathspec", "pathspec", "pathspec", "0.12.0", "0.12.1", "tests", licence="MPL-2.0"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "3.0.2", "3.0.3", "tests", licence="BSD-3-Clause"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "3.0.4", "3.1.0", "tests", licence="BSD-3-Clause"),
        Package("jsonpickle", "jsonpickle", "jsonpickle", "4.0.0", "4.0.1", "tests", licence="BSD-3-Clause"),
        Package("validators", "validators", "validators", "0.28.1", "0.28.2", "tests", licence="MIT"),
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
    # jsonpickle 3.0.3: "Fixed a bug where unpickling a missing class would return a different object instead of
    # None. (+471)" and "Fixed the handling of missing classes when setting on_missing to warn or error. (+471)"
    Run(
        "jsonpickle_on_missing_class",
        "jsonpickle-3.0.2",
        "tests/jsonpickle_test.py::PicklingTestCase::test_unpickler_on_missing",
        "IndexError",
        "decode of a class that cannot be imported, on_missing modes",
        JP + "pull/471",
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
    # validators 0.28.2: "chore(url): allow symbols and pictographs in url (#375)"
    Run(
        "validators_url_pictograph_rejected",
        "validators-0.28.1",
        "tests/test_url.py::test_returns_true_on_valid_url[http://foo.bar/\\U0001f4cd]",
        "AssertionError",
        "url() of a path holding an emoji",
        VA + "375",
    ),
]
