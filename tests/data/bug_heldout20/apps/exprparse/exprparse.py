"""A tokenizer and recursive-descent parser for a tiny statement language, with errors that carry line and column.

let n = 10;
fn fact(k) { if k <= 1 { return 1; } return k * fact(k - 1); }
while n > 0 { print fact(n); n = n - 1; }
"""

from __future__ import annotations

import re
from dataclasses import dataclass

KEYWORDS = frozenset({"let", "if", "else", "while", "print", "fn", "return"})
TOKEN_RE = re.compile(
    r"""
    (?P<ws>[ \t\r]+)
  | (?P<nl>\n)
  | (?P<comment>\#[^\n]*)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>==|!=|<=|>=|&&|\|\||[-+*/%<>=!(){};,])
    """,
    re.VERBOSE,
)
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
LEVELS = [("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%")]


class ParseError(Exception):
    def __init__(self, message: str, line: int, col: int) -> None:
        super().__init__(f"line {line}, column {col}: {message}")
        self.line, self.col = line, col


@dataclass(frozen=True)
class Token:
    kind: str  # number, string, name, keyword, op, eof
    text: str
    line: int
    col: int


def tokenize(source: str) -> list[Token]:
    tokens: list[Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(source):
        m = TOKEN_RE.match(source, pos)
        if m is None:
            raise ParseError(f"unexpected character {source[pos]!r}", line, pos - line_start + 1)
        kind, text = m.lastgroup or "", m.group()
        if kind == "nl":
            line, line_start = line + 1, m.end()
        elif kind == "name" and text in KEYWORDS:
            tokens.append(Token("keyword", text, line, pos - line_start + 1))
        elif kind not in ("ws", "comment"):
            tokens.append(Token(kind, text, line, pos - line_start + 1))
        pos = m.end()
    tokens.append(Token("eof", "", line, pos - line_start + 1))
    return tokens


def unescape(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(0)), body)


@dataclass(frozen=True)
class Node:
    kind: str  # num, str, var, unary, binary, call, let, assign, print, if, while, fn, return, expr
    value: object = None  # a literal, a name or an operator
    children: tuple[Node, ...] = ()
    names: tuple[str, ...] = ()  # a function's parameters


def show(node: Node | list[Node]) -> str:
    """A node as an s-expression: `(+ 1 (* 2 x))`, a block as `[...]`."""
    if isinstance(node, list):
        return " ".join(show(n) for n in node)
    if node.kind in ("num", "var"):
        return str(node.value)
    if node.kind == "str":
        return repr(node.value)
    if node.kind == "block":
        return f"[{show(list(node.children))}]"
    head = str(node.value) if node.kind in ("unary", "binary") else node.kind
    if node.kind in ("let", "assign", "call"):
        head += f" {node.value}"
    if node.kind == "fn":
        head += f" {node.value} ({' '.join(node.names)})"
    return f"({head}{''.join(' ' + show(c) for c in node.children)})"


class Parser:
    def __init__(self, source: str) -> None:
        self.tokens = tokenize(source)
        self.pos = 0

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.pos + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.peek()
        self.pos += 1
        return tok

    def check(self, text: str) -> bool:
        tok = self.peek()
        return tok.kind in ("op", "keyword") and tok.text == text

    def fail(self, what: str, tok: Token) -> ParseError:
        found = "end of input" if tok.kind == "eof" else repr(tok.text)
        return ParseError(f"expected {what}, found {found}", tok.line, tok.col)

    def expect(self, text: str) -> Token:
        if not self.check(text):
            raise self.fail(repr(text), self.peek())
        return self.advance()

    def name(self) -> str:
        tok = self.peek()
        if tok.kind != "name":
            raise self.fail("a name", tok)
        return self.advance().text

    def program(self) -> list[Node]:
        statements = []
        while self.peek().kind != "eof":
            statements.append(self.statement())
        return statements

    def block(self) -> Node:
        self.expect("{")
        statements = []
        while not self.check("}"):
            if self.peek().kind == "eof":
                raise self.fail("'}'", self.peek())
            statements.append(self.statement())
        self.advance()
        return Node("block", children=tuple(statements))

    def statement(self) -> Node:
        tok = self.peek()
        if tok.kind == "keyword" and tok.text in ("let", "print", "return"):
            self.advance()
            target = self.name() if tok.text == "let" else None
            if target is not None:
                self.expect("=")
            value = self.expression()
            self.expect(";")
            return Node(tok.text, target, (value,))
        if self.check("if"):
            self.advance()
            cond, then = self.expression(), self.block()
            if not self.check("else"):
                return Node("if", children=(cond, then))
            self.advance()
            orelse = Node("block", children=(self.statement(),)) if self.check("if") else self.block()
            return Node("if", children=(cond, then, orelse))
        if self.check("while"):
            self.advance()
            return Node("while", children=(self.expression(), self.block()))
        if self.check("fn"):
            self.advance()
            name, params = self.name(), []
            self.expect("(")
            while not self.check(")"):
                if params:
                    self.expect(",")
                params.append(self.name())
            self.advance()
            return Node("fn", name, (self.block(),), tuple(params))
        if tok.kind == "name" and self.peek(1).text == "=":
            self.pos += 2
            value = self.expression()
            self.expect(";")
            return Node("assign", tok.text, (value,))
        value = self.expression()
        self.expect(";")
        return Node("expr", children=(value,))

    def expression(self, level: int = 0) -> Node:
        if level == len(LEVELS):
            return self.unary()
        left = self.expression(level + 1)
        while self.peek().kind == "op" and self.peek().text in LEVELS[level]:
            op = self.advance().text
            right = self.expression(level + 1)
            left = Node("binary", op, (left, right))
        return left

    def unary(self) -> Node:
        if self.check("-") or self.check("!"):
            op = self.advance().text
            return Node("unary", op, (self.unary(),))
        return self.call()

    def call(self) -> Node:
        expr = self.primary()
        while self.check("("):
            if expr.kind != "var":
                raise ParseError("only names can be called", self.peek().line, self.peek().col)
            self.advance()
            args: list[Node] = []
            while not self.check(")"):
                if args:
                    self.expect(",")
                args.append(self.expression())
            self.advance()
            expr = Node("call", expr.value, tuple(args))
        return expr

    def primary(self) -> Node:
        tok = self.peek()
        if tok.kind == "number":
            self.advance()
            return Node("num", float(tok.text) if "." in tok.text else int(tok.text))
        if tok.kind == "string":
            self.advance()
            return Node("str", unescape(tok.text[1:-1]))
        if tok.kind == "name":
            self.advance()
            return Node("var", tok.text)
        if self.check("("):
            self.advance()
            expr = self.expression()
            self.expect(")")
            return expr
        raise self.fail("an expression", tok)


def parse(source: str) -> list[Node]:
    return Parser(source).program()
