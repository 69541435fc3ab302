"""Name resolution over the index: definitions, light type inference for receivers, and references."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from lsp_bridge.files import dotted
from lsp_bridge.model import (
    ATTR,
    ATTR_STORE,
    CALLABLE_KINDS,
    CLASS,
    CLASS_SCOPE,
    CLASSMETHOD,
    DEF,
    FUNCTION_SCOPE,
    GLOBAL,
    IMPORT_BIND,
    IMPORT_REF,
    KWARG,
    MODULE_REF,
    MODULE_SCOPE,
    NAME_KINDS,
    NONLOCAL,
    OCC_EXTRA,
    OCC_FIELDS,
    OCC_KIND,
    OCC_NAME,
    OCC_OFFSET,
    OCC_SCOPE,
    PARAM,
    PROPERTY,
    SCOPE_BINDING_KINDS,
    STATIC,
    STORE,
    FileIndex,
    Import,
    Symbol,
)

if TYPE_CHECKING:
    from lsp_bridge.view import View

MAX_DEPTH = 10
_SEGMENT = re.compile(r"\s*([^\W\d]\w*)\s*(\(.*\))?\s*", re.S)  # identifiers as Python's: Unicode too


class Target(NamedTuple):
    """Where a name is defined: the defining identifier (byte column), or line 0 of a module."""

    path: str
    line: int
    col: int
    name: str
    symbol: int = -1
    module: bool = False
    local: bool = False  # bound inside a function: only its file can refer to it
    external: bool = False  # an import we cannot follow (stdlib, site-packages): points at the import


class Type(NamedTuple):
    kind: str  # class | instance | module | super
    path: str
    symbol: int


class Occurrence(NamedTuple):
    line: int
    col: int
    name: str
    kind: int
    scope: int
    extra: int


class Facts:
    """Per-file lookups derived lazily from a FileIndex; the one place that decodes its packed occurrences."""

    def __init__(self, fi: FileIndex, names: dict[str, int]) -> None:
        self.fi = fi
        self.names = names
        self._name_col: list[int] | None = None
        self._offsets: list[int] | None = None
        self._by_name: dict[int, list[int]] = {}
        self._sym_at: dict[tuple[int, int], int] | None = None
        self._members: dict[int, dict[str, int]] | None = None
        self._bindings: dict[tuple[int, str], int | None] = {}

    def __len__(self) -> int:
        """Number of occurrences."""
        return len(self.fi.occ) // OCC_FIELDS

    def occ(self, k: int) -> Occurrence:
        o = self.fi.occ
        i = k * OCC_FIELDS
        offset = o[i + OCC_OFFSET]
        starts = self.fi.line_starts
        line = bisect_right(starts, offset) - 1
        return Occurrence(
            line,
            offset - starts[line],
            self.fi.names[o[i + OCC_NAME]],
            o[i + OCC_KIND],
            o[i + OCC_SCOPE],
            o[i + OCC_EXTRA],
        )

    def kind(self, k: int) -> int:
        return int(self.fi.occ[k * OCC_FIELDS + OCC_KIND])

    def offset(self, line: int, col: int) -> int:
        starts = self.fi.line_starts
        return starts[line] + col if 0 <= line < len(starts) else -1

    def positions(self, name: str) -> list[int]:
        """Occurrence numbers of `name` in this file."""
        nid = self.names.get(name)
        if nid is None:
            return []
        hit = self._by_name.get(nid)
        if hit is None:
            if self._name_col is None:
                self._name_col = self.fi.occ[OCC_NAME::OCC_FIELDS].tolist()
            col, hit, i = self._name_col, [], -1
            try:
                while True:
                    i = col.index(nid, i + 1)
                    hit.append(i)
            except ValueError:
                pass
            self._by_name[nid] = hit
        return hit

    def at(self, line: int, col: int) -> int | None:
        """Occurrence number whose identifier spans (line, byte col)."""
        if self._offsets is None:
            self._offsets = self.fi.occ[OCC_OFFSET::OCC_FIELDS].tolist()
        target = self.offset(line, col)
        k = bisect_right(self._offsets, target) - 1
        if k < 0 or target < 0:
            return None
        start = self._offsets[k]
        return k if target <= start + len(self.fi.names[self.fi.occ[k * OCC_FIELDS + OCC_NAME]].encode()) else None

    def occurrence_of(self, name: str, line: int, col: int) -> int | None:
        o = self.fi.occ
        target = self.offset(line, col)
        for k in self.positions(name):
            if o[k * OCC_FIELDS + OCC_OFFSET] == target:
                return k
        return None

    def binding(self, scope: int, name: str) -> int | None:
        """First binding occurrence of `name` in exactly this scope (memoised: a name used 10,000 times in one file
        is looked up as often, so a scan each time would be quadratic)."""
        key = (scope, name)
        if key in self._bindings:
            return self._bindings[key]
        o = self.fi.occ
        found = None
        for k in self.positions(name):
            i = k * OCC_FIELDS
            if o[i + OCC_SCOPE] == scope and o[i + OCC_KIND] in SCOPE_BINDING_KINDS:
                found = k
                break
        self._bindings[key] = found
        return found

    def symbol_at(self, line: int, col: int) -> int:
        if self._sym_at is None:
            self._sym_at = {(s.name_line, s.name_col): i for i, s in enumerate(self.fi.symbols)}
        return self._sym_at.get((line, col), -1)

    def members(self, cls: int) -> dict[str, int]:
        if self._members is None:
            self._members = {}
            for i, s in enumerate(self.fi.symbols):
                if s.parent >= 0 and self.fi.symbols[s.parent].kind == CLASS:
                    self._members.setdefault(s.parent, {}).setdefault(s.name, i)
        return self._members.get(cls, {})


def _top_level(text: str, sep: str) -> list[str]:
    """`text` split at `sep` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}")
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


@lru_cache(maxsize=65536)
def split_chain(text: str) -> tuple[tuple[str, bool], ...] | None:
    """`a.b(x).c` -> (("a", False), ("b", True), ("c", False)); None for anything else (subscripts, literals)."""
    out = []
    for part in _top_level(text, "."):
        m = _SEGMENT.fullmatch(part)
        if m is None:
            return None
        out.append((m.group(1), m.group(2) is not None))
    return tuple(out)


def annotation_expr(text: str) -> tuple[str, bool]:
    """The class an annotation names (`Optional[X]`, `Union[X, None]`, `X | None`, `"X"`, `type[X]`, under any module
    alias: `typing.`, `t.`, `te.`) and whether it is `type[...]`."""
    text = text.strip().strip("'\"")
    is_type = False
    for _ in range(3):
        m = re.fullmatch(r"(?:\w+\.)?(Optional|Union|Type|type|ClassVar|Final|Annotated)\[(.*)\]", text, re.S)
        if m is None:
            break
        is_type = is_type or m.group(1) in ("Type", "type")
        args = [a.strip().strip("'\"") for a in _top_level(m.group(2), ",")]
        if m.group(1) == "Union":  # a union names a class only when all but None are that class
            args = [a for a in args if a not in ("None", "NoneType")]
            text = args[0] if len(args) == 1 else ""
        else:
            text = args[0] if m.group(1) == "Annotated" else m.group(2).strip()
    parts = [p.strip() for p in text.split("|") if p.strip() != "None"]
    text = parts[0] if len(parts) == 1 else ""
    return text.split("[")[0].strip().strip("'\""), is_type


class Resolver:
    """One request's worth of resolution over a view of the index (memoised for that request)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self._modules: dict[tuple[str, str], str | None] = {}
        self._types: dict[tuple[str, int, str], Type | None] = {}
        self._members: dict[tuple[str, int, str], Target | None] = {}
        self._bases: dict[tuple[str, int], list[tuple[str, int]]] = {}

    def facts(self, path: str) -> Facts | None:
        return self.view.facts(path)

    # ---- modules

    def resolve_module(self, name: str, from_path: str) -> str | None:
        key = (name, from_path)
        if key not in self._modules:
            self._modules[key] = self._resolve_module(name, from_path)
        return self._modules[key]

    def _resolve_module(self, name: str, from_path: str) -> str | None:
        files = self.view.files
        here = from_path.rsplit("/", 1)[0] if "/" in from_path else ""
        if name.startswith("."):
            rest = name.lstrip(".")
            parts = here.split("/") if here else []
            up = len(name) - len(rest) - 1
            if up > len(parts):
                return None
            base = parts[: len(parts) - up]
            stem = "/".join(base + (rest.split(".") if rest else []))
            candidates = (
                [f"{stem}.py", f"{stem}/__init__.py"] if rest else [f"{stem}/__init__.py" if stem else "__init__.py"]
            )
            return next((c.lstrip("/") for c in candidates if c.lstrip("/") in files), None)
        if f"{here}/__init__.py".lstrip("/") not in files:  # scripts and tests import their siblings
            stem = f"{here}/{name.replace('.', '/')}".lstrip("/")
            for c in (f"{stem}.py", f"{stem}/__init__.py"):
                if c in files:
                    return c
        return self.view.modules.get(name)

    def module_target(self, name: str, from_path: str) -> Target | None:
        path = self.resolve_module(name, from_path)
        return Target(path, 0, 0, name.rsplit(".", 1)[-1].lstrip("."), module=True) if path else None

    def module_member(self, path: str, name: str, depth: int = 0) -> Target | None:
        key = (path, -1, name)
        if key in self._members:
            return self._members[key]
        self._members[key] = None  # breaks import cycles
        result = None
        facts = self.facts(path)
        if facts is not None and depth < MAX_DEPTH:
            k = facts.binding(0, name)
            if k is not None:
                result = self.binding_target(facts, k, depth + 1)
            else:
                for imp in facts.fi.imports:
                    if imp.name == "*":
                        mod = self.resolve_module(imp.module, path)
                        if mod is None or not self.star_exports(mod, name):
                            continue
                        if result := self.module_member(mod, name, depth + 1):
                            break
            if result is None and path.endswith("__init__.py"):
                result = self.module_target(f"{dotted(path)}.{name}", path) if "/" in path else None
        self._members[key] = result
        return result

    def star_exports(self, path: str, name: str) -> bool:
        """Whether `from module import *` binds `name`: listed in the module's `__all__`, else not `_private`."""
        fi = self.view.files.get(path)
        exports = fi.exports if fi is not None else None
        return name in exports if exports is not None else not name.startswith("_")

    def follow_import(self, facts: Facts, imp: Import, depth: int = 0) -> Target | None:
        path = facts.fi.path
        if not imp.name:
            return self.module_target(imp.module, path)
        mod = self.resolve_module(imp.module, path)
        if mod is not None:
            found = self.module_member(mod, imp.name, depth + 1)
            if found is not None:
                return found
        sub = f"{imp.module}{imp.name}" if imp.module.endswith(".") else f"{imp.module}.{imp.name}"
        return self.module_target(sub, path)

    # ---- names

    def lookup(self, facts: Facts, scope: int, name: str) -> int | None:
        """The binding occurrence `name` refers to from `scope` (LEGB; class bodies are not enclosing scopes)."""
        scopes = facts.fi.scopes
        s, first, outward = scope, True, False
        while s >= 0:
            sc = scopes[s]
            if outward and sc.kind == MODULE_SCOPE:  # `nonlocal x` never names a module-level x
                return None
            if first or sc.kind != CLASS_SCOPE:
                k = facts.binding(s, name)
                if k is not None:
                    if facts.kind(k) == GLOBAL:
                        return facts.binding(0, name)
                    if facts.kind(k) != NONLOCAL:
                        return k
                    outward = True  # the binding of an enclosing function
            first = False
            s = sc.parent
        return None

    def binding_target(self, facts: Facts, k: int, depth: int = 0) -> Target:
        o = facts.occ(k)
        fi = facts.fi
        if o.kind == IMPORT_BIND:
            found = self.follow_import(facts, fi.imports[o.extra], depth) if depth < MAX_DEPTH else None
            return found or Target(fi.path, o.line, o.col, o.name, external=True)
        sym = facts.symbol_at(o.line, o.col)
        local = fi.scopes[o.scope].kind not in (MODULE_SCOPE, CLASS_SCOPE)
        return Target(fi.path, o.line, o.col, o.name, sym, local=local and sym < 0)

    def definition(self, facts: Facts, k: int) -> Target | None:
        o = facts.occ(k)
        fi = facts.fi
        kind = o.kind
        if kind == DEF:
            return Target(fi.path, o.line, o.col, o.name, facts.symbol_at(o.line, o.col))
        if kind == IMPORT_BIND:
            return self.binding_target(facts, k)
        if kind == IMPORT_REF:
            return self.follow_import(facts, fi.imports[o.extra])
        if kind == MODULE_REF:
            return self.module_target(fi.strings[o.extra], fi.path)
        if kind in (ATTR, ATTR_STORE):
            receiver = fi.strings[o.extra].split("\0", 1)[0] if o.extra >= 0 else ""
            t = self.infer(facts, o.scope, receiver) if receiver else None
            return self.member(t, o.name) if t is not None else None
        if kind == KWARG:
            return self.keyword_target(facts, o)
        b = self.lookup(facts, o.scope, o.name)
        return self.binding_target(facts, b) if b is not None else None

    def keyword_target(self, facts: Facts, o: Occurrence) -> Target | None:
        callee = self.chain_target(facts, o.scope, facts.fi.strings[o.extra]) if o.extra >= 0 else None
        if callee is None or callee.symbol < 0:
            return None
        target_facts = self.facts(callee.path)
        if target_facts is None:
            return None
        sym = target_facts.fi.symbols[callee.symbol]
        if sym.kind == CLASS:
            init = self.class_member(callee.path, callee.symbol, "__init__")
            if init is None or init.symbol < 0:
                return None
            target_facts = self.facts(init.path)
            if target_facts is None:
                return None
            sym = target_facts.fi.symbols[init.symbol]
        if sym.scope < 0:
            return None
        k = target_facts.binding(sym.scope, o.name)
        if k is None or target_facts.kind(k) != PARAM:
            return None
        return self.binding_target(target_facts, k)

    # ---- types

    def infer(self, facts: Facts, scope: int, text: str, depth: int = 0) -> Type | None:
        key = (facts.fi.path, scope, text)
        if key in self._types:
            return self._types[key]
        self._types[key] = None
        result = self._infer(facts, scope, text, depth) if depth < MAX_DEPTH else None
        self._types[key] = result
        return result

    def _infer(self, facts: Facts, scope: int, text: str, depth: int) -> Type | None:
        chain = split_chain(text)
        if not chain:
            return None
        (name, called), rest = chain[0], chain[1:]
        if name == "super" and called:
            cls = self.enclosing_class(facts, scope)
            t = Type("super", facts.fi.path, cls) if cls >= 0 else None
        else:
            b = self.lookup(facts, scope, name)
            t = self.type_of(self.binding_target(facts, b, depth), called, depth + 1) if b is not None else None
        for name, called in rest:
            if t is None:
                return None
            if name == "__class__" and t.kind == "instance":
                t = Type("class", t.path, t.symbol)
                continue
            m = self.member(t, name, depth + 1)
            if m is not None and self.returns_self(m, called):  # `-> Self`: the receiver's own class
                t = Type("instance", t.path, t.symbol) if t.kind != "module" else None
                continue
            t = self.type_of(m, called, depth + 1) if m is not None else None
        return t

    def returns_self(self, target: Target, called: bool) -> bool:
        """A method called (or a property read) whose return annotation is `Self` (`typing.Self`, ...)."""
        facts = self.facts(target.path) if target.symbol >= 0 and not target.external else None
        if facts is None:
            return False
        sym = facts.fi.symbols[target.symbol]
        if sym.kind not in CALLABLE_KINDS or (sym.kind == PROPERTY) == called or not sym.returns:
            return False
        return annotation_expr(sym.returns)[0].rsplit(".", 1)[-1] == "Self"

    def chain_target(self, facts: Facts, scope: int, text: str) -> Target | None:
        """The definition the last segment of `a.b.c` refers to."""
        chain = split_chain(text)
        if not chain or chain[-1][1]:
            return None
        if len(chain) == 1:
            b = self.lookup(facts, scope, chain[0][0])
            return self.binding_target(facts, b) if b is not None else None
        receiver = text[: text.rindex(".")]
        t = self.infer(facts, scope, receiver)
        return self.member(t, chain[-1][0]) if t is not None else None

    def enclosing_class(self, facts: Facts, scope: int) -> int:
        scopes = facts.fi.scopes
        s = scope
        while s >= 0:
            sc = scopes[s]
            if sc.kind == FUNCTION_SCOPE and sc.parent >= 0 and scopes[sc.parent].kind == CLASS_SCOPE:
                return scopes[sc.parent].symbol
            s = sc.parent
        return -1

    def annotation_type(self, facts: Facts, scope: int, text: str, depth: int) -> Type | None:
        expr, is_type = annotation_expr(text)
        t = self.infer(facts, scope, expr, depth + 1) if expr else None
        if t is None or t.kind != "class":
            return None
        return t if is_type else Type("instance", t.path, t.symbol)

    def type_of(self, target: Target | None, called: bool, depth: int = 0) -> Type | None:
        if target is None or target.external or depth > MAX_DEPTH:
            return None
        if target.module:
            return None if called else Type("module", target.path, -1)
        facts = self.facts(target.path)
        if facts is None:
            return None
        fi = facts.fi
        if target.symbol >= 0:
            sym = fi.symbols[target.symbol]
            if sym.kind == CLASS:
                return Type("instance" if called else "class", target.path, target.symbol)
            if sym.kind in CALLABLE_KINDS:
                if (sym.kind == PROPERTY) == called or not sym.returns:
                    return None
                return self.annotation_type(facts, fi.scopes[sym.scope].parent, sym.returns, depth)
        k = facts.occurrence_of(target.name, target.line, target.col)
        if k is None:
            return None
        o = facts.occ(k)
        if o.kind == PARAM:
            if o.extra >= 0:
                return self.annotation_type(facts, fi.scopes[o.scope].parent, fi.strings[o.extra][1:], depth)
            return None if called else self.self_type(facts, o)
        if o.kind in (STORE, ATTR_STORE) and o.extra >= 0:
            value = fi.strings[o.extra]
            if o.kind == ATTR_STORE:
                value = value.split("\0", 1)[1] if "\0" in value else ""
            if value.startswith(":"):
                t = self.annotation_type(facts, o.scope, value[1:], depth)
            elif value:
                t = self.infer(facts, o.scope, value, depth + 1)
            else:
                t = None
            if called and t is not None:
                return Type("instance", t.path, t.symbol) if t.kind == "class" else None
            return t
        return None

    def self_type(self, facts: Facts, o: Occurrence) -> Type | None:
        """`self`/`cls`: the first parameter of a method."""
        scopes = facts.fi.scopes
        sc = scopes[o.scope]
        if sc.kind != FUNCTION_SCOPE or sc.parent < 0 or scopes[sc.parent].kind != CLASS_SCOPE:
            return None
        fn = facts.fi.symbols[sc.symbol]
        if fn.first_param != o.name or fn.flags & STATIC:
            return None
        kind = "class" if fn.flags & CLASSMETHOD or fn.name in ("__new__", "__init_subclass__") else "instance"
        return Type(kind, facts.fi.path, scopes[sc.parent].symbol)

    # ---- members

    def member(self, t: Type, name: str, depth: int = 0) -> Target | None:
        if t.kind == "module":
            return self.module_member(t.path, name, depth)
        if t.kind == "super":
            for path, sym in self.bases(t.path, t.symbol):
                found = self.class_member(path, sym, name, depth + 1)
                if found is not None:
                    return found
            return None
        return self.class_member(t.path, t.symbol, name, depth)

    def class_member(self, path: str, cls: int, name: str, depth: int = 0) -> Target | None:
        key = (path, cls, name)
        if key in self._members:
            return self._members[key]
        self._members[key] = None
        facts = self.facts(path)
        result = None
        if facts is not None and depth < MAX_DEPTH:
            i = facts.members(cls).get(name)
            if i is not None:
                s = facts.fi.symbols[i]
                result = Target(path, s.name_line, s.name_col, name, i)
            else:
                for base_path, base in self.bases(path, cls):
                    result = self.class_member(base_path, base, name, depth + 1)
                    if result is not None:
                        break
        self._members[key] = result
        return result

    def bases(self, path: str, cls: int) -> list[tuple[str, int]]:
        key = (path, cls)
        if key in self._bases:
            return self._bases[key]
        self._bases[key] = []
        facts = self.facts(path)
        out = []
        if facts is not None:
            sym = facts.fi.symbols[cls]
            scope = facts.fi.scopes[sym.scope].parent
            for base in sym.bases:
                t = self.infer(facts, scope, base.split("[")[0])
                if t is not None and t.kind == "class":
                    out.append((t.path, t.symbol))
        self._bases[key] = out
        return out

    # ---- references

    def references_at(self, facts: Facts, k: int, include_declaration: bool = True) -> list[tuple[str, int, int, int]]:
        """References of what occurrence `k` names. At a name bound by an aliased import (`from m import f as g`,
        `import a.b as c`) or a use of it, the alias's own occurrences, as pyright answers (asked at a use of `g`,
        that use is among them); elsewhere every occurrence that resolves to the same definition."""
        o = facts.occ(k)
        b = k if o.kind == IMPORT_BIND else self.lookup(facts, o.scope, o.name) if o.kind in NAME_KINDS else None
        if b is not None and facts.kind(b) == IMPORT_BIND and is_alias(facts.fi.imports[facts.occ(b).extra]):
            return self.alias_references(facts, b, include_declaration)
        target = self.definition(facts, k)
        if target is None:
            return []
        if target.external:
            target = target._replace(local=True)
        # asked at another name of it (`from pkg import Motor`, pkg re-exporting `Engine as Motor`): that name's
        # occurrences too, so the one asked at is among them
        return self.references(target, include_declaration, also=o.name if o.kind in NAME_KINDS else "")

    def alias_references(
        self, facts: Facts, b: int, include_declaration: bool = True
    ) -> list[tuple[str, int, int, int]]:
        """Occurrences of the name an aliased import binds (occurrence `b`) that refer to that binding."""
        alias = facts.occ(b)
        width = len(alias.name.encode())
        out = []
        for k in facts.positions(alias.name):
            if k == b:
                if not include_declaration:
                    continue
            elif facts.kind(k) not in NAME_KINDS or self.lookup(facts, facts.occ(k).scope, alias.name) != b:
                continue
            o = facts.occ(k)
            out.append((facts.fi.path, o.line, o.col, o.col + width))
        return out

    def references(
        self, target: Target, include_declaration: bool = True, also: str = ""
    ) -> list[tuple[str, int, int, int]]:
        """(path, line, start byte col, end byte col) of every occurrence that resolves to `target`, under its own
        name and under `also` (another name bound to it). A property's getter, setter and deleter are one target."""
        target, keys = self.property_accessors(target)
        local = target.local and not self._is_parameter(target)
        out = []
        for name in dict.fromkeys((target.name, also or target.name)):
            width = len(name.encode())
            for path in [target.path] if local else self.view.paths_with_name(name):
                facts = self.facts(path)
                if facts is None:
                    continue
                for k in facts.positions(name):
                    o = facts.occ(k)
                    if not include_declaration and (path, o.line, o.col) in keys:
                        continue
                    if target.local and path != target.path and o.kind != KWARG:
                        continue
                    d = self.definition(facts, k)
                    if d is not None and (d.path, d.line, d.col) in keys:
                        out.append((path, o.line, o.col, o.col + width))
        if also and also != target.name:
            out.sort()
        if target.module and include_declaration and not any(r[0] == target.path for r in out):
            out.insert(0, (target.path, 0, 0, 0))
        return out

    def property_accessors(self, target: Target) -> tuple[Target, set[tuple[str, int, int]]]:
        """(the first def, where each def is named) when `target` is one of several defs that are one symbol: a
        property's getter and its `@name.setter`/`@name.deleter` defs (later decorated defs of the name in the
        class), or `@overload` signatures and their implementation; else (target, where it is)."""
        alone = (target, {(target.path, target.line, target.col)})
        facts = self.facts(target.path) if target.symbol >= 0 else None
        if facts is None:
            return alone
        symbols = facts.fi.symbols
        s = symbols[target.symbol]
        if s.kind not in CALLABLE_KINDS:
            return alone
        group = [
            i for i, x in enumerate(symbols) if x.parent == s.parent and x.name == s.name and x.kind in CALLABLE_KINDS
        ]
        if len(group) < 2:
            return alone
        first = group[0]
        if symbols[first].kind == PROPERTY:
            defs = [i for i in group if i == first or symbols[i].deco_line < symbols[i].line]
        elif any(self._decorated_with(facts, symbols[i], "overload") for i in group):
            defs = group
        else:
            return alone
        if target.symbol not in defs:
            return alone
        head = symbols[first]
        keys = {(target.path, symbols[i].name_line, symbols[i].name_col) for i in defs}
        return Target(target.path, head.name_line, head.name_col, head.name, first), keys

    def overloads(self, target: Target) -> list[int]:
        """The `@overload` signatures (symbol indexes, in order) of the function or method `target` is one of the
        defs of (a signature or the implementation); [] when it is not overloaded."""
        facts = self.facts(target.path) if target.symbol >= 0 else None
        if facts is None:
            return []
        symbols = facts.fi.symbols
        s = symbols[target.symbol]
        if s.kind not in CALLABLE_KINDS:
            return []
        group = [
            i for i, x in enumerate(symbols) if x.parent == s.parent and x.name == s.name and x.kind in CALLABLE_KINDS
        ]
        signatures = [i for i in group if self._decorated_with(facts, symbols[i], "overload")]
        return signatures if signatures and len(group) > 1 else []

    @staticmethod
    def _decorated_with(facts: Facts, s: Symbol, name: str) -> bool:
        """`@name` or `@module.name` among the decorators of `s`."""
        return any(s.deco_line <= facts.occ(k).line < s.line for k in facts.positions(name))

    def _is_parameter(self, target: Target) -> bool:
        facts = self.facts(target.path)
        k = facts.occurrence_of(target.name, target.line, target.col) if facts else None
        return facts is not None and k is not None and facts.kind(k) == PARAM


def is_alias(imp: Import) -> bool:
    """`from m import f as g`, `import a.b as c` (not `from m import f`, `import a.b`)."""
    return imp.bound != (imp.name or imp.module) and bool(imp.bound)
