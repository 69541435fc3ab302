"""Plain, picklable records of what one file defines, binds and mentions."""

from __future__ import annotations

from array import array
from typing import NamedTuple

# LSP SymbolKind numbers, so symbols go to the client unchanged
CLASS, METHOD, PROPERTY, FIELD, FUNCTION, VARIABLE, CONSTANT = 5, 6, 7, 8, 12, 13, 14
CALLABLE_KINDS = (METHOD, PROPERTY, FUNCTION)

# scope kinds
MODULE_SCOPE, CLASS_SCOPE, FUNCTION_SCOPE, LAMBDA_SCOPE, COMPREHENSION_SCOPE = range(5)

# occurrence kinds
LOAD, STORE, PARAM, DEF, ATTR, ATTR_STORE, IMPORT_BIND, IMPORT_REF, MODULE_REF, KWARG, GLOBAL, NONLOCAL = range(12)
BINDING_KINDS = frozenset((STORE, PARAM, DEF, IMPORT_BIND))
# what makes a name belong to a scope (`global x` points to the module, `nonlocal x` to an enclosing function)
SCOPE_BINDING_KINDS = BINDING_KINDS | {GLOBAL, NONLOCAL}
NAME_KINDS = SCOPE_BINDING_KINDS | {LOAD}  # occurrences of a plain name (not an attribute, keyword or module path)
# an occurrence is OCC_FIELDS ints in FileIndex.occ; resolve.Facts is the one place that decodes them
OCC_FIELDS = 5
OCC_OFFSET, OCC_NAME, OCC_KIND, OCC_SCOPE, OCC_EXTRA = range(OCC_FIELDS)  # extra: index into strings or imports

# function flags
STATIC, CLASSMETHOD, IS_PROPERTY, ASYNC, INSTANCE_ATTR = 1, 2, 4, 8, 16


class Symbol(NamedTuple):
    name: str
    kind: int
    line: int  # line of the `def`/`class` keyword or of the assigned name (0-based)
    end_line: int
    name_line: int
    name_col: int  # byte column of the name
    parent: int  # index of the enclosing class/function symbol, -1 at module level
    scope: int  # scope this class/function opens, -1 for attributes and variables
    header_end: int  # line of the header's `:` (signature lines are line..header_end)
    deco_line: int  # first decorator line (== line when undecorated)
    detail: str  # signature (`def f(a, b) -> int`, `class A(B)`) or `name = value`
    bases: tuple[str, ...] = ()  # class base expressions
    first_param: str = ""  # functions: name of the first parameter (self/cls)
    flags: int = 0
    returns: str = ""  # functions: return annotation


class Scope(NamedTuple):
    kind: int
    symbol: int
    parent: int


class Import(NamedTuple):
    module: str  # absolute dotted name, or relative with leading dots
    name: str  # imported member, "" for `import a.b`, "*" for star imports
    bound: str  # local name bound in the scope


class FileIndex(NamedTuple):
    path: str  # workspace-relative, posix
    mtime_ns: int
    size: int
    # ok | syntax-error | too-deep (partial) | binary | too-large | unreadable | not-a-file | broken-link | failed
    status: str
    ascii: bool
    line_count: int
    symbols: list[Symbol]
    scopes: list[Scope]
    imports: list[Import]
    names: list[str]
    occ: array  # OCC_FIELDS ints per identifier occurrence, in document order
    strings: list[str]
    digest: str = ""  # content hash, so a touched but unchanged file is not parsed again
    line_starts: array = array("i", [0])  # byte offset of every line
    # the names a literal `__all__` lists (`=`/`+=` of string lists); None without one, or when the module changes it
    # in ways not followed (`__all__.extend(...)`, `__all__ = a.__all__ + ...`): a star import then takes every
    # public name
    exports: tuple[str, ...] | None = None


def empty_file(path: str, mtime_ns: int, size: int, status: str, digest: str = "") -> FileIndex:
    scopes = [Scope(MODULE_SCOPE, -1, -1)]
    return FileIndex(path, mtime_ns, size, status, True, 0, [], scopes, [], [], array("i"), [], digest, array("i", [0]))
