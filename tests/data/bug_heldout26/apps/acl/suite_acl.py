from __future__ import annotations

import pytest
from acl import AccessDenied, CycleError, Guard, Policy, Role, RoleError, User, matches, parse

ROLES = [
    Role("viewer", allow=("docs:read", "wiki:read")),
    Role("editor", allow=("docs:*", "wiki:edit"), deny=("docs:delete",), parents=("viewer",)),
    Role("admin", allow=("*:*",), parents=("editor",)),
    Role("auditor", allow=("*:read", "audit:export")),
    Role("contractor", deny=("payroll:*",), parents=("editor",)),
]
ALICE = User("alice", ("viewer",))
BOB = User("bob", ("editor",))
CARO = User("caro", ("admin",))
DAN = User("dan", ("auditor", "viewer"))
EVE = User("eve", ("contractor",))
NOBODY = User("nobody")


def guard() -> Guard:
    return Guard(Policy(ROLES), owners={"doc-7": "alice", "doc-8": "bob"})


@pytest.mark.parametrize(
    ("pattern", "permission", "expected"),
    [
        ("docs:*", "docs:read", True),
        ("*:read", "wiki:read", True),
        ("docs:read", "docs:readme", False),
        ("docs:*", "Docs:read", False),
        ("doc?:read", "docs:read", True),
        ("*:*", "payroll:run", True),
    ],
)
def test_matches(pattern: str, permission: str, expected: bool) -> None:
    assert matches(pattern, permission) is expected


@pytest.mark.parametrize("bad", ["docs", "docs:", ":read", ""])
def test_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError, match="expected resource:action"):
        parse(bad)


def test_parse() -> None:
    assert parse("docs:read") == ("docs", "read")
    assert parse("reports:export:csv") == ("reports", "export:csv")


def test_lineage() -> None:
    policy = Policy(ROLES)
    assert policy.lineage("admin") == ["admin", "editor", "viewer"]
    assert policy.lineage("viewer") == ["viewer"]


def test_lineage_diamond_each_once() -> None:
    base, left, right = Role("base"), Role("left", parents=("base",)), Role("right", parents=("base",))
    policy = Policy([base, left, right, Role("top", parents=("left", "right"))])
    assert policy.lineage("top") == ["top", "left", "base", "right"]


def test_unknown_parent() -> None:
    with pytest.raises(RoleError, match="role 'ops' inherits unknown role 'sre'"):
        Policy([Role("ops", parents=("sre",))])


def test_cycle_detected() -> None:
    roles = [Role("a", parents=("b",)), Role("b", parents=("c",)), Role("c", parents=("a",))]
    with pytest.raises(CycleError, match="role cycle: a -> b -> c -> a"):
        Policy(roles)


def test_viewer() -> None:
    g = guard()
    assert g.allowed(ALICE, "docs:read")
    assert not g.allowed(ALICE, "docs:edit")


def test_inherited_grant() -> None:
    g = guard()
    assert g.allowed(BOB, "wiki:read")
    assert g.allowed(CARO, "wiki:read")
    assert g.allowed(CARO, "payroll:run")


def test_deny_overrides_grant() -> None:
    g = guard()
    assert g.allowed(BOB, "docs:edit")
    assert not g.allowed(BOB, "docs:delete")


def test_inherited_deny_overrides_own_grant() -> None:
    g = guard()
    assert not g.allowed(CARO, "docs:delete")
    assert g.allowed(CARO, "docs:archive")


def test_deny_on_child_role() -> None:
    g = guard()
    assert g.allowed(EVE, "docs:edit")
    with pytest.raises(AccessDenied, match="eve may not payroll:view"):
        g.check(EVE, "payroll:view")


def test_several_roles() -> None:
    g = guard()
    assert g.allowed(DAN, "payroll:read")
    assert g.allowed(DAN, "audit:export")
    assert g.allowed(DAN, "wiki:read")
    assert not g.allowed(DAN, "wiki:edit")


def test_owner_may_edit_own_object() -> None:
    g = guard()
    g.check(ALICE, "docs:edit", obj="doc-7")
    with pytest.raises(AccessDenied, match="alice may not docs:edit on doc-8"):
        g.check(ALICE, "docs:edit", obj="doc-8")


def test_owner_may_not_delete() -> None:
    with pytest.raises(AccessDenied, match="alice may not docs:delete on doc-7"):
        guard().check(ALICE, "docs:delete", obj="doc-7")


def test_object_without_owner() -> None:
    g = guard()
    assert not g.allowed(ALICE, "docs:edit", obj="doc-99")
    assert g.allowed(ALICE, "docs:read", obj="doc-99")


def test_no_roles() -> None:
    g = guard()
    assert not g.allowed(NOBODY, "docs:read")
    with pytest.raises(AccessDenied, match=r"nobody may not wiki:read$"):
        g.check(NOBODY, "wiki:read")


def test_check_rejects_bad_permission() -> None:
    with pytest.raises(ValueError, match="bad permission 'docs'"):
        guard().check(CARO, "docs")


def test_visible() -> None:
    wanted = ["wiki:edit", "docs:delete", "docs:read", "payroll:run", "wiki:read", "docs:edit"]
    assert guard().visible(BOB, wanted) == ["docs:edit", "docs:read", "wiki:edit", "wiki:read"]
    assert guard().visible(ALICE, wanted) == ["docs:read", "wiki:read"]
