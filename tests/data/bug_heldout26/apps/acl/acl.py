"""Role-based access control on the stdlib: roles that inherit other roles, permissions written `resource:action`
and granted or denied by fnmatch patterns (`docs:*`, `*:read`), denials that override grants, owners who may read
and edit their own objects, and a guard that names what it refused."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase

OWNER_ACTIONS = frozenset({"read", "edit"})


class AccessDenied(Exception):
    pass


class RoleError(Exception):
    pass


class CycleError(RoleError):
    pass


@dataclass(frozen=True)
class Role:
    name: str
    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    parents: tuple[str, ...] = ()


@dataclass(frozen=True)
class User:
    name: str
    roles: tuple[str, ...] = ()


def parse(permission: str) -> tuple[str, str]:
    resource, sep, action = permission.partition(":")
    if not sep or not resource or not action:
        raise ValueError(f"bad permission {permission!r}: expected resource:action")
    return resource, action


def matches(pattern: str, permission: str) -> bool:
    return fnmatchcase(permission, pattern)


class Policy:
    def __init__(self, roles: Iterable[Role]) -> None:
        self.roles = {role.name: role for role in roles}
        for role in self.roles.values():
            for parent in role.parents:
                if parent not in self.roles:
                    raise RoleError(f"role {role.name!r} inherits unknown role {parent!r}")
        for name in self.roles:
            self.lineage(name)  # raises CycleError for a cycle

    def lineage(self, name: str, path: tuple[str, ...] = ()) -> list[str]:
        """The role and every role it inherits, nearest first, each once."""
        if name in path:
            raise CycleError("role cycle: " + " -> ".join([*path, name]))
        order = [name]
        for parent in self.roles[name].parents:
            for inherited in self.lineage(parent, (*path, name)):
                if inherited not in order:
                    order.append(inherited)
        return order

    def patterns(self, roles: Iterable[str]) -> tuple[set[str], set[str]]:
        """The allow and deny patterns of the roles and everything they inherit."""
        allow: set[str] = set()
        deny: set[str] = set()
        for role in roles:
            for name in self.lineage(role):
                allow.update(self.roles[name].allow)
                deny.update(self.roles[name].deny)
        return allow, deny


class Guard:
    def __init__(self, policy: Policy, owners: dict[str, str] | None = None) -> None:
        self.policy = policy
        self.owners = owners or {}  # object -> the user who owns it

    def allowed(self, user: User, permission: str, obj: str | None = None) -> bool:
        action = parse(permission)[1]
        allow, deny = self.policy.patterns(user.roles)
        if any(matches(pattern, permission) for pattern in deny):
            return False
        if any(matches(pattern, permission) for pattern in allow):
            return True
        return obj is not None and self.owners.get(obj) == user.name and action in OWNER_ACTIONS

    def check(self, user: User, permission: str, obj: str | None = None) -> None:
        if not self.allowed(user, permission, obj):
            where = f" on {obj}" if obj is not None else ""
            raise AccessDenied(f"{user.name} may not {permission}{where}")

    def visible(self, user: User, permissions: Iterable[str]) -> list[str]:
        return sorted(p for p in permissions if self.allowed(user, p))
