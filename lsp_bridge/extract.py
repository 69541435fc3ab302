"""One pass over a tree-sitter tree: symbols, scopes, imports and every identifier occurrence of a file."""

from __future__ import annotations

import hashlib
import logging
import re
from array import array
from functools import cache
from itertools import accumulate, chain, repeat
from operator import add
from typing import Callable

import tree_sitter_python
from tree_sitter import Language, Node, Parser, Tree

from lsp_bridge.files import MAX_FILE_BYTES, lsp_lines, lsp_source
from lsp_bridge.model import (
    ASYNC,
    ATTR,
    ATTR_STORE,
    CLASS,
    CLASS_SCOPE,
    CLASSMETHOD,
    COMPREHENSION_SCOPE,
    CONSTANT,
    DEF,
    FIELD,
    FUNCTION,
    FUNCTION_SCOPE,
    GLOBAL,
    IMPORT_BIND,
    IMPORT_REF,
    INSTANCE_ATTR,
    IS_PROPERTY,
    KWARG,
    LAMBDA_SCOPE,
    LOAD,
    METHOD,
    MODULE_REF,
    MODULE_SCOPE,
    NONLOCAL,
    PARAM,
    PROPERTY,
    STATIC,
    STORE,
    VARIABLE,
    FileIndex,
    Import,
    Scope,
    Symbol,
    empty_file,
)

log = logging.getLogger(__name__)
MAX_TEXT = 240
# constructs with their own handler (definitions, attributes, assignments, calls with keywords...) nested deeper
# than this are left out, so a pathological file cannot exhaust the stack; everything else is walked iteratively
MAX_NESTING = 100
RECURSION_BUDGET = 300  # nodes without a handler are walked by recursion this deep, then with an explicit stack
# branches of one statement: a name bound in each (an `except ImportError:` fallback) is a definition in each
_BRANCHES = frozenset({"block", "except_clause", "except_group_clause", "else_clause", "elif_clause", "case_clause"})
_DOTTED = re.compile(r"[^\W\d][\w.]*")  # a dotted name, Unicode identifiers included
_PROPERTY_DECORATORS = ("property", "cached_property")

_LANGUAGE = Language(tree_sitter_python.language())
_IDENTIFIER = _LANGUAGE.id_for_node_kind("identifier", True)
_LEAVES = frozenset(
    _LANGUAGE.id_for_node_kind(k, True)
    for k in ("integer", "float", "true", "false", "none", "ellipsis", "escape_sequence", "pass_statement")
)


@cache
def _parser() -> Parser:
    return Parser(Language(tree_sitter_python.language()))


def parse(source: bytes) -> Tree:
    """The tree of `source`, its rows counted as LSP counts lines (a lone `\r` ends one, too)."""
    return _parser().parse(lsp_lines(source))


def source_status(source: bytes) -> str:
    if len(source) > MAX_FILE_BYTES:
        return "too-large"
    if b"\0" in source:
        return "binary"
    return "ok"


def digest(source: bytes) -> str:
    return hashlib.blake2b(source, digest_size=12).hexdigest()


def extract(path: str, source: bytes, mtime_ns: int = 0) -> FileIndex:
    """The index of one file. Never raises: a file that cannot be indexed gets no symbols (status `failed`), one
    nested too deeply gets those outside the deep part (status `too-deep`)."""
    try:
        return _extract(path, source, mtime_ns)
    except Exception as e:
        log.warning("%s: not indexed (%s: %s)", path, type(e).__name__, e)
        return empty_file(path, mtime_ns, len(source), "failed", digest(source))


def _extract(path: str, source: bytes, mtime_ns: int) -> FileIndex:
    status = source_status(source)
    if status != "ok":
        return empty_file(path, mtime_ns, len(source), status, digest(source))
    raw = source
    source = lsp_source(source)
    tree = parse(source)
    x = _Extractor(source)
    x.visit(tree.root_node, 0)
    occ = x.occ
    if any(occ[i][0] < occ[i - 1][0] for i in range(1, len(occ))):
        occ.sort()
    lines = source.split(b"\n")
    index = {v: k for k, v in x.names.items()}
    return FileIndex(
        path=path,
        mtime_ns=mtime_ns,
        size=len(raw),  # the stat size: a file with a byte order mark is not re-indexed on every check
        status="too-deep" if x.truncated else "syntax-error" if tree.root_node.has_error else "ok",
        ascii=source.isascii(),
        line_count=len(lines),
        symbols=x.symbols,
        scopes=x.scopes,
        imports=x.imports,
        names=[index[i].decode("utf-8", "replace") for i in range(len(index))],
        occ=array("i", chain.from_iterable(occ)),
        strings=x.strings,
        digest=digest(raw),
        line_starts=array("i", accumulate(map(add, map(len, lines[:-1]), repeat(1)), initial=0)),
        exports=x.literal_exports(),
    )


def _node_text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")


def _text(node: Node, depth: int = 0) -> str:
    """Source of a (short) expression; long calls and attribute chains keep their shape: `f(...)` -> `f()`."""
    if node.end_byte - node.start_byte <= MAX_TEXT:
        return _node_text(node)
    if depth > 32:
        return ""
    if node.type == "call":
        callee = node.child_by_field_name("function")
        inner = _text(callee, depth + 1) if callee is not None else ""
        return f"{inner}()" if inner else ""
    if node.type == "attribute":
        obj, attr = node.child_by_field_name("object"), node.child_by_field_name("attribute")
        if obj is None or attr is None:
            return ""
        inner = _text(obj, depth + 1)
        return f"{inner}.{_node_text(attr)}" if inner else ""
    return ""


def _one_line(raw: bytes, limit: int = 300) -> str:
    return " ".join(raw.decode("utf-8", "replace").split())[:limit]


def _signature(src: bytes, node: Node, end: int, limit: int = 300) -> str:
    """A def/class header on one line: comments left out (`a,  # note` swallowed what followed), and lines joined as
    written on one: `(\n    a,\n    b,\n)` -> `(a, b)`, not `( a, b, )`."""
    header = src[node.start_byte : end]
    if b"\n" not in header:
        return _one_line(header, limit)
    out, start = [], node.start_byte
    stack = [c for c in reversed(node.children) if c.start_byte < end] if b"#" in header else []
    while stack:  # in document order
        child = stack.pop()
        if child.type == "comment":
            out.append(src[start : child.start_byte])
            start = child.end_byte
        elif child.child_count and child.start_byte < end:
            stack.extend(reversed(child.children))
    lines = [" ".join(line.split()) for line in b"".join([*out, src[start:end]]).decode("utf-8", "replace").split("\n")]
    text = ""
    for line in filter(None, lines):
        if line.startswith((")", "]")):
            text = text.removesuffix(",") + line
        else:
            text += line if not text or text.endswith(("(", "[")) else f" {line}"
    return text[:limit]


def header_end_line(node: Node) -> int:
    """Line of the `:` that ends a compound statement's header (signature lines are start..this)."""
    for child in reversed(node.children):
        if child.type == ":":
            return child.start_point[0]
    return node.start_point[0]


class _Extractor:
    def __init__(self, source: bytes) -> None:
        self.src = source
        self.names: dict[bytes, int] = {}
        self.occ: list[tuple[int, int, int, int, int]] = []
        self.strings: list[str] = []
        self._string_ids: dict[str, int] = {}
        self.symbols: list[Symbol] = []
        self.scopes: list[Scope] = [Scope(MODULE_SCOPE, -1, -1)]
        self.imports: list[Import] = []
        self._bound: dict[int, set[str]] = {0: set()}
        self._members: dict[int, set[str]] = {}
        self._self_param: dict[int, str] = {}
        self.depth = 0  # handlers on the stack
        self.frames = 0  # recursive walks on the stack
        self.truncated = False
        self.exports: list[str] | None = None  # a literal `__all__`
        self.exports_followed = True
        self._handlers: dict[str, Callable[[Node, int], None]] = {
            "identifier": self._identifier,
            "string": self._string,
            "comment": _skip,
            "attribute": self._attribute,
            "assignment": self._assignment,
            "augmented_assignment": self._augmented,
            "for_statement": self._for,
            "for_in_clause": self._for_in,
            "as_pattern": self._as_pattern,
            "except_clause": self._except,
            "named_expression": self._named_expression,
            "global_statement": self._global,
            "nonlocal_statement": self._global,
            "keyword_argument": self._keyword_argument,
            "function_definition": self._function,
            "class_definition": self._class,
            "decorated_definition": self._decorated,
            "lambda": self._lambda,
            "list_comprehension": self._comprehension,
            "set_comprehension": self._comprehension,
            "dictionary_comprehension": self._comprehension,
            "generator_expression": self._comprehension,
            "import_statement": self._import,
            "import_from_statement": self._import_from,
            "future_import_statement": _skip,
            "type": self._type,
            "try_statement": self._branches,
            "if_statement": self._branches,
            "match_statement": self._branches,
            "case_pattern": self._case_pattern,
            "splat_pattern": self._case_pattern,
            "keyword_pattern": self._keyword_pattern,
            "class_pattern": self._class_pattern,
        }
        self._by_kind = {_LANGUAGE.id_for_node_kind(k, True): h for k, h in self._handlers.items()}

    def visit(self, node: Node, scope: int) -> None:
        handler = self._by_kind.get(node.kind_id)
        if handler is None:
            self._walk(node, scope)
        elif self.depth >= MAX_NESTING:
            self.truncated = True
        else:
            self.depth += 1
            handler(node, scope)
            self.depth -= 1

    def _walk(self, node: Node, scope: int) -> None:
        """The subtree of a node without a handler, in document order: by recursion (fast) while few frames are
        on the stack, with an explicit stack below that (10,000 nested brackets)."""
        if self.frames >= RECURSION_BUDGET:
            self._walk_stack(node, scope)
            return
        self.frames += 1
        by_kind, identifier, leaves = self._by_kind, _IDENTIFIER, _LEAVES
        for child in node.named_children:
            kind = child.kind_id
            if kind == identifier:
                self.add(child, LOAD, scope)
            elif kind in leaves:
                continue
            else:
                handler = by_kind.get(kind)
                if handler is None:
                    self._walk(child, scope)
                elif self.depth >= MAX_NESTING:
                    self.truncated = True
                else:
                    self.depth += 1
                    handler(child, scope)
                    self.depth -= 1
        self.frames -= 1

    def _walk_stack(self, node: Node, scope: int) -> None:
        by_kind, identifier, leaves = self._by_kind, _IDENTIFIER, _LEAVES
        stack = node.named_children
        stack.reverse()
        while stack:
            child = stack.pop()
            kind = child.kind_id
            if kind == identifier:
                self.add(child, LOAD, scope)
            elif kind in leaves:
                continue
            else:
                handler = by_kind.get(kind)
                if handler is None:
                    children = child.named_children
                    children.reverse()
                    stack.extend(children)
                elif self.depth >= MAX_NESTING:
                    self.truncated = True
                else:
                    self.depth += 1
                    handler(child, scope)
                    self.depth -= 1

    def _branches(self, node: Node, scope: int) -> None:
        """try/except/else, if/elif/else, match/case: each branch of a module or class body starts from the names
        bound before the statement, so a name bound again in a fallback branch is a definition there too."""
        if self.scopes[scope].kind not in (MODULE_SCOPE, CLASS_SCOPE):
            self._walk(node, scope)
            return
        before = self._bound[scope]
        after = set(before)
        for child in node.named_children:
            if child.type in _BRANCHES:
                self._bound[scope] = set(before)
                self.visit(child, scope)
                after |= self._bound[scope]
            else:
                self._bound[scope] = after
                self.visit(child, scope)
        self._bound[scope] = after

    # ---- records

    def add(self, node: Node, kind: int, scope: int, extra: int = -1) -> bytes:
        start = node.start_byte
        raw = self.src[start : node.end_byte]
        i = self.names.get(raw)
        if i is None:
            i = self.names[raw] = len(self.names)
        self.occ.append((start, i, kind, scope, extra))
        return raw

    def string(self, text: str) -> int:
        if not text:
            return -1
        i = self._string_ids.get(text)
        if i is None:
            i = self._string_ids[text] = len(self.strings)
            self.strings.append(text)
        return i

    def new_scope(self, kind: int, symbol: int, parent: int) -> int:
        self.scopes.append(Scope(kind, symbol, parent))
        self._bound[len(self.scopes) - 1] = set()
        return len(self.scopes) - 1

    def _variable_symbol(self, name_node: Node, name: str, scope: int, stmt: Node, detail: str) -> None:
        sc = self.scopes[scope]
        if sc.kind not in (MODULE_SCOPE, CLASS_SCOPE) or name in self._bound[scope]:
            return
        self._bound[scope].add(name)
        if sc.kind == CLASS_SCOPE:
            self._members.setdefault(sc.symbol, set()).add(name)
            kind = FIELD
        else:
            kind = CONSTANT if name.isupper() else VARIABLE
        row, col = name_node.start_point
        line = stmt.start_point[0]
        self.symbols.append(Symbol(name, kind, line, stmt.end_point[0], row, col, sc.symbol, -1, line, line, detail))

    # ---- expressions

    def _identifier(self, node: Node, scope: int) -> None:
        self.add(node, LOAD, scope)

    def _string(self, node: Node, scope: int) -> None:
        for child in node.named_children:
            if child.type == "interpolation":
                self.visit(child, scope)

    def _type(self, node: Node, scope: int) -> None:
        child = node.named_children[0] if node.named_child_count else None
        if child is not None and child.type == "string":
            self._forward_reference(child, scope)
        else:
            for c in node.named_children:
                self.visit(c, scope)

    def _forward_reference(self, node: Node, scope: int) -> None:
        """`"Foo"` / `"pkg.Foo"` annotations mention names like unquoted ones do."""
        content = next((c for c in node.named_children if c.type == "string_content"), None)
        if content is None or not _DOTTED.fullmatch(_node_text(content)):
            return
        offset = content.start_byte
        parts = (content.text or b"").split(b".")
        receiver = b""
        for part in parts:
            i = self.names.get(part)
            if i is None:
                i = self.names[part] = len(self.names)
            if receiver:
                self.occ.append((offset, i, ATTR, scope, self.string(receiver.decode())))
            else:
                self.occ.append((offset, i, LOAD, scope, -1))
            receiver = receiver + b"." + part if receiver else part
            offset += len(part) + 1

    def _attribute(self, node: Node, scope: int) -> None:
        obj = node.child_by_field_name("object")
        attr = node.child_by_field_name("attribute")
        if obj is not None:
            self.visit(obj, scope)
        if attr is not None:
            self.add(attr, ATTR, scope, self.string(_text(obj) if obj is not None else ""))

    def _keyword_argument(self, node: Node, scope: int) -> None:
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        call = node.parent.parent if node.parent is not None else None
        if name is not None and call is not None and call.type == "call":
            callee = call.child_by_field_name("function")
            self.add(name, KWARG, scope, self.string(_text(callee) if callee is not None else ""))
        if value is not None:
            self.visit(value, scope)

    def _named_expression(self, node: Node, scope: int) -> None:
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if name is not None:
            self.add(name, STORE, scope, self.string(_text(value) if value is not None else ""))
        if value is not None:
            self.visit(value, scope)

    def _global(self, node: Node, scope: int) -> None:
        kind = NONLOCAL if node.type == "nonlocal_statement" else GLOBAL
        for child in node.named_children:
            if child.type == "identifier":
                self.add(child, kind, scope)

    # ---- binding statements

    def _assignment(self, node: Node, scope: int) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        annotation = node.child_by_field_name("type")
        value = right
        while value is not None and value.type == "assignment":
            value = value.child_by_field_name("right")
        if value is not None:
            extra = _text(value)
        elif annotation is not None:
            extra = ":" + _text(annotation)
        else:
            extra = ""
        if left is not None:
            self.target(left, scope, extra, node)
        if annotation is not None:
            self.visit(annotation, scope)
        if right is not None:
            self.visit(right, scope)
            if scope == 0 and left is not None and left.text == b"__all__":
                self._exported(right)

    def _exported(self, value: Node, augmented: bool = False) -> None:
        """Names listed in `__all__` refer to the module's own definitions; a list of plain strings is recorded as
        what a star import of the module takes."""
        names = []
        for item in value.named_children:
            if item.type == "string":
                self._forward_reference(item, 0)
                parts = [c for c in item.named_children if c.type not in ("string_start", "string_end")]
                if len(parts) == 1 and parts[0].type == "string_content":
                    names.append(_node_text(parts[0]))
                    continue
            names = []
            break
        if value.type not in ("list", "tuple") or (not names and value.named_child_count):
            self.exports_followed = False
        self.exports = [*(self.exports or []), *names] if augmented else names

    def literal_exports(self) -> tuple[str, ...] | None:
        nid = self.names.get(b"__all__")
        used = nid is not None and any(o[1] == nid and o[2] == LOAD for o in self.occ)  # `__all__.extend(...)`
        return tuple(self.exports) if self.exports is not None and self.exports_followed and not used else None

    def _augmented(self, node: Node, scope: int) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is not None:
            self.target(left, scope, "", node)
        if right is not None:
            self.visit(right, scope)
            if scope == 0 and left is not None and left.text == b"__all__":
                self._exported(right, augmented=True)

    def target(self, node: Node, scope: int, value: str, stmt: Node) -> None:
        if self.depth >= MAX_NESTING:
            self.truncated = True
            return
        self.depth += 1
        self._target(node, scope, value, stmt)
        self.depth -= 1

    def _target(self, node: Node, scope: int, value: str, stmt: Node) -> None:
        kind = node.type
        if kind == "identifier":
            name = _str(self.add(node, STORE, scope, self.string(value)))
            detail = f"{name}{value}" if value.startswith(":") else f"{name} = {value}" if value else name
            self._variable_symbol(node, name, scope, stmt, detail[:MAX_TEXT])
        elif kind == "attribute":
            obj = node.child_by_field_name("object")
            attr = node.child_by_field_name("attribute")
            if obj is None or attr is None:
                return
            self.visit(obj, scope)
            receiver = _text(obj)
            name = _str(self.add(attr, ATTR_STORE, scope, self.string(f"{receiver}\0{value}" if value else receiver)))
            self._self_attribute(attr, name, receiver, scope, stmt, value)
        elif kind in (
            "pattern_list",
            "tuple_pattern",
            "list_pattern",
            "tuple",
            "list",
            "parenthesized_expression",
        ) or kind in ("list_splat_pattern", "list_splat"):
            for child in node.named_children:
                self.target(child, scope, "", stmt)
        else:
            self.visit(node, scope)

    def _self_attribute(self, attr: Node, name: str, receiver: str, scope: int, stmt: Node, value: str) -> None:
        """`self.x = ...` in a method declares attribute x of the class, once."""
        sc = self.scopes[scope]
        if sc.kind != FUNCTION_SCOPE or receiver != self._self_param.get(scope):
            return
        owner = self.scopes[sc.parent]
        if owner.kind != CLASS_SCOPE:
            return
        members = self._members.setdefault(owner.symbol, set())
        if name in members:
            return
        members.add(name)
        row, col = attr.start_point
        line = stmt.start_point[0]
        detail = f"{receiver}.{name} = {value}" if value and not value.startswith(":") else f"{receiver}.{name}"
        self.symbols.append(
            Symbol(
                name,
                FIELD,
                line,
                stmt.end_point[0],
                row,
                col,
                owner.symbol,
                -1,
                line,
                line,
                detail[:MAX_TEXT],
                flags=INSTANCE_ATTR,
            )
        )

    def _for(self, node: Node, scope: int) -> None:
        for child in node.named_children:
            if child == node.child_by_field_name("left"):
                self.target(child, scope, "", node)
            else:
                self.visit(child, scope)

    def _for_in(self, node: Node, scope: int) -> None:
        left = node.child_by_field_name("left")
        for child in node.named_children:
            if left is not None and child == left:
                self.target(child, scope, "", node)
            else:
                self.visit(child, scope)

    def _as_pattern(self, node: Node, scope: int) -> None:
        alias = node.child_by_field_name("alias")
        if alias is None and node.named_children and node.named_children[0].type == "case_pattern":
            alias = node.named_children[-1]  # `case [x] as whole`: the grammar names no alias field
        for child in node.named_children:
            if alias is not None and child == alias:
                for target in child.named_children if child.type == "as_pattern_target" else [child]:
                    self.target(target, scope, "", node)
            else:
                self.visit(child, scope)

    def _case_pattern(self, node: Node, scope: int, children: list[Node] | None = None) -> None:
        """`case Point(x=px) | [first, *rest]`: a bare name (not `_`, not dotted) is a capture, bound like an
        assignment; a dotted name (`Color.RED`) is a value: a use of its first name and attributes after it."""
        for child in node.named_children if children is None else children:
            if child.type == "dotted_name" and child.named_child_count > 1:
                self._dotted_value(child, scope)
                continue
            name = child.named_children[0] if child.type == "dotted_name" else child
            if name.type == "identifier":
                if name.text != b"_":
                    self.target(name, scope, "", node)
            else:
                self.visit(child, scope)

    def _keyword_pattern(self, node: Node, scope: int) -> None:
        """`x=px` in a class pattern: `x` names an attribute of the class, not a variable in scope."""
        self._case_pattern(node, scope, node.named_children[1:])

    def _class_pattern(self, node: Node, scope: int) -> None:
        """`case mod.Point(...)`: the class is a use, its arguments are patterns."""
        for child in node.named_children:
            if child.type == "dotted_name":
                self._dotted_value(child, scope)
            else:
                self.visit(child, scope)

    def _dotted_value(self, node: Node, scope: int) -> None:
        names = node.named_children
        if not names or any(n.type != "identifier" for n in names):
            self.visit(node, scope)
            return
        self.add(names[0], LOAD, scope)
        receiver = _node_text(names[0])
        for name in names[1:]:
            self.add(name, ATTR, scope, self.string(receiver))
            receiver = f"{receiver}.{_node_text(name)}"

    def _except(self, node: Node, scope: int) -> None:
        alias = node.child_by_field_name("alias")  # older grammars put `as e` on the clause itself
        for child in node.named_children:
            if alias is not None and child == alias:
                self.target(child, scope, "", node)
            else:
                self.visit(child, scope)

    # ---- definitions

    def _decorated(self, node: Node, scope: int) -> None:
        flags = 0
        definition = node.child_by_field_name("definition")
        for child in node.named_children:
            if child.type == "decorator":
                text = _node_text(child)
                last = text.lstrip("@").split("(")[0].strip().rsplit(".", 1)[-1]
                if last == "staticmethod":
                    flags |= STATIC
                elif last == "classmethod":
                    flags |= CLASSMETHOD
                elif last in _PROPERTY_DECORATORS:
                    flags |= IS_PROPERTY
                self.visit(child, scope)
        line = node.start_point[0]
        if definition is None:
            return
        if definition.type == "function_definition":
            self._function(definition, scope, line, flags)
        elif definition.type == "class_definition":
            self._class(definition, scope, line)
        else:
            self.visit(definition, scope)

    def _function(self, node: Node, scope: int, deco_line: int = -1, flags: int = 0) -> None:
        name = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        returns = node.child_by_field_name("return_type")
        body = node.child_by_field_name("body")
        if name is None:
            for child in node.named_children:
                self.visit(child, scope)
            return
        if node.children and node.children[0].type == "async":
            flags |= ASYNC
        sc = self.scopes[scope]
        in_class = sc.kind == CLASS_SCOPE
        kind = (PROPERTY if flags & IS_PROPERTY else METHOD) if in_class else FUNCTION
        text = _str(self.add(name, DEF, scope))
        self._bound[scope].add(text)
        if in_class:
            self._members.setdefault(sc.symbol, set()).add(text)
        sym = len(self.symbols)
        inner = self.new_scope(FUNCTION_SCOPE, sym, scope)
        returned = _strip_quotes(_text(returns)) if returns is not None else ""
        self._add_definition(node, name, body, text, kind, sc.symbol, inner, deco_line, flags=flags, returns=returned)
        first = self._parameters(params, scope, inner) if params is not None else ""
        if first and in_class and not flags & STATIC:
            self._self_param[inner] = first
            self.symbols[sym] = self.symbols[sym]._replace(first_param=first)
        if returns is not None:
            self.visit(returns, scope)
        if body is not None:
            self.visit(body, inner)

    def _parameters(self, params: Node, outer: int, inner: int) -> str:
        """Parameter names bind in the function's scope; annotations and defaults belong to the outer one."""
        first = ""
        for p in params.named_children:
            kind = p.type
            if kind == "identifier":
                name = _str(self.add(p, PARAM, inner))
            elif kind in ("typed_parameter", "default_parameter", "typed_default_parameter"):
                name_node = p.child_by_field_name("name")
                if name_node is None:
                    name_node = p.named_children[0] if p.named_child_count else None
                if name_node is not None and name_node.type in ("list_splat_pattern", "dictionary_splat_pattern"):
                    name_node = name_node.named_children[0] if name_node.named_child_count else None
                annotation = p.child_by_field_name("type")
                default = p.child_by_field_name("value")
                extra = self.string(":" + _strip_quotes(_text(annotation))) if annotation is not None else -1
                name = _str(self.add(name_node, PARAM, inner, extra)) if name_node is not None else ""
                if annotation is not None:
                    self.visit(annotation, outer)
                if default is not None:
                    self.visit(default, outer)
            elif kind in ("list_splat_pattern", "dictionary_splat_pattern", "tuple_pattern"):
                for child in p.named_children:
                    if child.type == "identifier":
                        self.add(child, PARAM, inner)
                name = "*"
            else:
                name = "*"
            if not first:
                first = name
        return first if first != "*" else ""

    def _class(self, node: Node, scope: int, deco_line: int = -1) -> None:
        name = node.child_by_field_name("name")
        supers = node.child_by_field_name("superclasses")
        body = node.child_by_field_name("body")
        if name is None:
            for child in node.named_children:
                self.visit(child, scope)
            return
        sc = self.scopes[scope]
        text = _str(self.add(name, DEF, scope))
        self._bound[scope].add(text)
        if sc.kind == CLASS_SCOPE:
            self._members.setdefault(sc.symbol, set()).add(text)
        bases: list[str] = []
        if supers is not None:
            for arg in supers.named_children:
                if arg.type == "keyword_argument":
                    value = arg.child_by_field_name("value")
                    if value is not None:
                        self.visit(value, scope)
                else:
                    bases.append(_text(arg))
                    self.visit(arg, scope)
        sym = len(self.symbols)
        inner = self.new_scope(CLASS_SCOPE, sym, scope)
        self._add_definition(node, name, body, text, CLASS, sc.symbol, inner, deco_line, bases=tuple(bases))
        if body is not None:
            self.visit(body, inner)

    def _add_definition(
        self, node: Node, name: Node, body: Node | None, text: str, kind: int, parent: int, inner: int,
        deco_line: int, bases: tuple[str, ...] = (), flags: int = 0, returns: str = "",
    ) -> None:  # fmt: skip
        """The Symbol of a `def`/`class` node: its lines, name position and one-line signature."""
        start = node.start_point[0]
        row, col = name.start_point
        detail = _signature(self.src, node, body.start_byte if body is not None else node.end_byte)
        signature = detail.rstrip(":").rstrip()
        first_line = deco_line if deco_line >= 0 else start
        end, header_end = node.end_point[0], header_end_line(node)
        symbol = Symbol(
            text,
            kind,
            start,
            end,
            row,
            col,
            parent,
            inner,
            header_end,
            first_line,
            signature,
            bases,
            "",
            flags,
            returns,
        )
        self.symbols.append(symbol)

    def _lambda(self, node: Node, scope: int) -> None:
        inner = self.new_scope(LAMBDA_SCOPE, self.scopes[scope].symbol, scope)
        params = node.child_by_field_name("parameters")
        body = node.child_by_field_name("body")
        if params is not None:
            self._parameters(params, scope, inner)
        if body is not None:
            self.visit(body, inner)

    def _comprehension(self, node: Node, scope: int) -> None:
        inner = self.new_scope(COMPREHENSION_SCOPE, self.scopes[scope].symbol, scope)
        first = True
        for child in node.named_children:
            if child.type == "for_in_clause" and first:
                first = False
                left = child.child_by_field_name("left")
                right = child.child_by_field_name("right")
                if left is not None:
                    self.target(left, inner, "", child)
                if right is not None:
                    self.visit(right, scope)
            else:
                self.visit(child, inner)

    # ---- imports

    def _module_segments(self, dotted: Node, scope: int, prefix: str, bind_first: int = -1) -> str:
        """MODULE_REF occurrences for `a.b.c` (extra: the module up to that segment); returns the dotted name."""
        module = prefix
        for i, part in enumerate(p for p in dotted.named_children if p.type == "identifier"):
            text = _node_text(part)
            module = f"{module}{text}" if not module or module.endswith(".") else f"{module}.{text}"
            if i == 0 and bind_first >= 0:
                self.add(part, IMPORT_BIND, scope, bind_first)
            else:
                self.add(part, MODULE_REF, scope, self.string(module))
        return module

    def _import(self, node: Node, scope: int) -> None:
        for child in node.named_children:
            if child.type == "dotted_name":
                first = _node_text(child.named_children[0]) if child.named_child_count else ""
                self.imports.append(Import(first, "", first))
                self._module_segments(child, scope, "", len(self.imports) - 1)
            elif child.type == "aliased_import":
                dotted = child.child_by_field_name("name")
                alias = child.child_by_field_name("alias")
                if dotted is None or alias is None:
                    continue
                module = self._module_segments(dotted, scope, "")
                self.imports.append(Import(module, "", _node_text(alias)))
                self.add(alias, IMPORT_BIND, scope, len(self.imports) - 1)

    def _import_from(self, node: Node, scope: int) -> None:
        module_node = node.child_by_field_name("module_name")
        module = ""
        if module_node is not None:
            if module_node.type == "relative_import":
                dots = ""
                for part in module_node.named_children:
                    if part.type == "import_prefix":
                        dots = _node_text(part)
                    elif part.type == "dotted_name":
                        module = self._module_segments(part, scope, dots)
                module = module or dots
            else:
                module = self._module_segments(module_node, scope, "")
        for child in node.children_by_field_name("name"):
            if child.type == "dotted_name":
                self.imports.append(Import(module, _node_text(child), _node_text(child)))
                for part in child.named_children[:1]:
                    self.add(part, IMPORT_BIND, scope, len(self.imports) - 1)
            elif child.type == "aliased_import":
                dotted = child.child_by_field_name("name")
                alias = child.child_by_field_name("alias")
                if dotted is None or alias is None:
                    continue
                name = _node_text(dotted)
                self.imports.append(Import(module, name, _node_text(alias)))
                for part in dotted.named_children[:1]:
                    self.add(part, IMPORT_REF, scope, len(self.imports) - 1)
                self.add(alias, IMPORT_BIND, scope, len(self.imports) - 1)
        if any(c.type == "wildcard_import" for c in node.named_children):
            self.imports.append(Import(module, "*", ""))


def _str(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _skip(node: Node, scope: int) -> None:
    return None


def _strip_quotes(text: str) -> str:
    return text.strip().strip("'\"")
