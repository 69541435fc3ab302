"""A tree-walking interpreter for a small Lisp: a reader for s-expressions, lexical scopes as ChainMaps, closures,
tail-free recursion with a depth limit, and errors that name the form that failed.

    (define (fact n) (if (<= n 1) 1 (* n (fact (- n 1)))))
    (let ((x 2) (y 3)) (+ x y))
"""

from __future__ import annotations

import operator
import re
from collections import ChainMap
from collections.abc import Callable
from dataclasses import dataclass

TOKEN = re.compile(r"\s*(?:(;[^\n]*)|([()'])|([^\s()';]+))")
MAX_DEPTH = 200

Env = ChainMap[str, object]


class LispError(Exception):
    pass


@dataclass(frozen=True)
class Symbol:
    name: str

    def __repr__(self) -> str:
        return self.name


@dataclass
class Closure:
    params: list[Symbol]
    body: list[object]
    env: Env
    name: str = "lambda"

    def __repr__(self) -> str:
        return f"<closure {self.name}/{len(self.params)}>"


def atom(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"#t": True, "#f": False, "nil": None}.get(text, Symbol(text))


def read_all(source: str) -> list[object]:
    """Every top-level form of source."""
    tokens = [m.group(2) or m.group(3) for m in TOKEN.finditer(source) if m.group(2) or m.group(3)]
    forms, pos = [], 0
    while pos < len(tokens):
        form, pos = read_form(tokens, pos)
        forms.append(form)
    return forms


def read_form(tokens: list[str], pos: int) -> tuple[object, int]:
    tok = tokens[pos]
    if tok == "(":
        items: list[object] = []
        pos += 1
        while pos < len(tokens) and tokens[pos] != ")":
            item, pos = read_form(tokens, pos)
            items.append(item)
        if pos == len(tokens):
            raise LispError("unbalanced parentheses: missing ')'")
        return items, pos + 1
    if tok == ")":
        raise LispError("unbalanced parentheses: unexpected ')'")
    if tok == "'":
        quoted, pos = read_form(tokens, pos + 1)
        return [Symbol("quote"), quoted], pos
    return atom(tok), pos + 1


def truthy(value: object) -> bool:
    """Only #f and nil are false; 0 and the empty list are true."""
    return value is not False and value is not None


def builtins() -> dict[str, object]:
    def div(a: float, b: float) -> float:
        if b == 0:
            raise LispError("division by zero")
        return a // b if isinstance(a, int) and isinstance(b, int) else a / b

    ops: dict[str, Callable[..., object]] = {
        "+": lambda *xs: sum(xs),
        "-": lambda a, *xs: a - sum(xs) if xs else -a,
        "*": lambda *xs: __import__("math").prod(xs),
        "/": div,
        "<": operator.lt,
        "<=": operator.le,
        "=": operator.eq,
        ">": operator.gt,
        "list": lambda *xs: list(xs),
        "car": lambda xs: xs[0],
        "cdr": lambda xs: xs[1:],
        "cons": lambda x, xs: [x, *xs],
        "null?": lambda xs: xs == [],
    }
    return dict(ops)


def global_env() -> Env:
    return ChainMap({}, builtins())


class Interpreter:
    def __init__(self) -> None:
        self.env = global_env()
        self.depth = 0

    def run(self, source: str) -> object:
        result = None
        for form in read_all(source):
            result = self.eval(form, self.env)
        return result

    def lookup(self, sym: Symbol, env: Env) -> object:
        if sym.name not in env:
            raise LispError(f"unbound symbol: {sym.name}")
        return env[sym.name]

    def assign(self, sym: Symbol, value: object, env: Env) -> None:
        for scope in env.maps:
            if sym.name in scope:
                scope[sym.name] = value
                return
        raise LispError(f"set! of unbound symbol: {sym.name}")

    def eval(self, x: object, env: Env) -> object:
        if isinstance(x, Symbol):
            return self.lookup(x, env)
        if not isinstance(x, list):
            return x
        if not x:
            raise LispError("cannot evaluate an empty list")
        head, *args = x
        if head == Symbol("quote"):
            return args[0]
        if head == Symbol("if"):
            test, then, *orelse = args
            if truthy(self.eval(test, env)):
                return self.eval(then, env)
            return self.eval(orelse[0], env) if orelse else None
        if head == Symbol("define"):
            target, *body = args
            if isinstance(target, list):
                name, *params = target
                env.maps[0][name.name] = Closure(params, body, env, name.name)
            else:
                env.maps[0][target.name] = self.eval(body[0], env)
            return None
        if head == Symbol("set!"):
            self.assign(args[0], self.eval(args[1], env), env)
            return None
        if head == Symbol("lambda"):
            return Closure(args[0], args[1:], env)
        if head == Symbol("let"):
            bindings, *body = args
            values = {b[0].name: self.eval(b[1], env) for b in bindings}
            return self.body(body, env.new_child(values))
        if head == Symbol("begin"):
            return self.body(args, env)
        if head == Symbol("and"):
            value: object = True
            for arg in args:
                value = self.eval(arg, env)
                if not truthy(value):
                    return value
            return value
        func = self.eval(head, env)
        values = [self.eval(arg, env) for arg in args]
        return self.apply(func, values)

    def body(self, forms: list[object], env: Env) -> object:
        result = None
        for form in forms:
            result = self.eval(form, env)
        return result

    def apply(self, func: object, args: list[object]) -> object:
        if isinstance(func, Closure):
            if len(args) != len(func.params):
                raise LispError(f"{func.name} expects {len(func.params)} arguments, got {len(args)}")
            if self.depth >= MAX_DEPTH:
                raise LispError(f"recursion deeper than {MAX_DEPTH} in {func.name}")
            self.depth += 1
            try:
                return self.body(
                    func.body, func.env.new_child(dict(zip([p.name for p in func.params], args, strict=True)))
                )
            finally:
                self.depth -= 1
        if callable(func):
            return func(*args)
        raise LispError(f"not a function: {func!r}")


def to_str(value: object) -> str:
    if value is True or value is False:
        return "#t" if value else "#f"
    if value is None:
        return "nil"
    if isinstance(value, list):
        return "(" + " ".join(to_str(v) for v in value) + ")"
    return repr(value) if isinstance(value, str) else str(value)
