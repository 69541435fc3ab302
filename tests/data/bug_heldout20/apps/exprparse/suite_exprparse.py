import pytest
from exprparse import ParseError, Token, parse, show, tokenize

FACT = """# factorial
let n = 5;
fn fact(k) {
    if k <= 1 { return 1; }
    return k * fact(k - 1);
}
while n > 0 { print fact(n); n = n - 1; }
"""


def test_tokenize_positions() -> None:
    tokens = tokenize('let x = 10;\n  print "a\\"b" >= x;')
    assert [(t.kind, t.text) for t in tokens] == [
        ("keyword", "let"),
        ("name", "x"),
        ("op", "="),
        ("number", "10"),
        ("op", ";"),
        ("keyword", "print"),
        ("string", '"a\\"b"'),
        ("op", ">="),
        ("name", "x"),
        ("op", ";"),
        ("eof", ""),
    ]
    assert tokens[5] == Token("keyword", "print", 2, 3)
    assert tokens[7] == Token("op", ">=", 2, 16)
    assert tokens[-1] == Token("eof", "", 2, 21)


def test_tokenize_numbers_and_comments() -> None:
    tokens = tokenize("3.25 # three and a quarter\n42 x1 _y")
    assert [t.text for t in tokens] == ["3.25", "42", "x1", "_y", ""]
    assert tokens[1] == Token("number", "42", 2, 1)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1 + 2 * 3;", "(expr (+ 1 (* 2 3)))"),
        ("10 - 4 - 3;", "(expr (- (- 10 4) 3))"),
        ("(1 + 2) * 3;", "(expr (* (+ 1 2) 3))"),
        ("-x * 2;", "(expr (* (- x) 2))"),
        ("a < b && b <= c || !d;", "(expr (|| (&& (< a b) (<= b c)) (! d)))"),
        ("a == b != c;", "(expr (!= (== a b) c))"),
        ("24 / 4 % 5;", "(expr (% (/ 24 4) 5))"),
        ('print "hi\\n";', "(print 'hi\\n')"),
        ("f(1, g(2), x + 1);", "(expr (call f 1 (call g 2) (+ x 1)))"),
    ],
    ids=["precedence", "left-assoc", "parens", "unary", "logic", "equality", "mul-mod", "string", "call"],
)
def test_expressions(source: str, expected: str) -> None:
    assert show(parse(source)) == expected


def test_program() -> None:
    assert show(parse(FACT)) == (
        "(let n 5) (fn fact (k) [(if (<= k 1) [(return 1)]) (return (* k (call fact (- k 1))))]) "
        "(while (> n 0) [(print (call fact n)) (assign n (- n 1))])"
    )


def test_if_else_chain() -> None:
    source = "if x < 0 { print -1; } else if x == 0 { print 0; } else { print 1; }"
    assert show(parse(source)) == "(if (< x 0) [(print (- 1))] [(if (== x 0) [(print 0)] [(print 1)])])"


def test_assignment_and_comparison_statements() -> None:
    assert show(parse("x = x == 1;\nx == 2;")) == "(assign x (== x 1)) (expr (== x 2))"
    assert show(parse("fn nop() { }\nnop();")) == "(fn nop () []) (expr (call nop))"


@pytest.mark.parametrize(
    ("source", "message", "line", "col"),
    [
        ("let x = 1 +;", "expected an expression, found ';'", 1, 12),
        ("let = 3;", "expected a name, found '='", 1, 5),
        ("print 1\nprint 2;", "expected ';', found 'print'", 2, 1),
        ("while x { print x;", "expected '}', found end of input", 1, 19),
        ("f(1 2);", "expected ',', found '2'", 1, 5),
        ('let s = "abc;\n', "unexpected character '\"'", 1, 9),
        ("  x = 1 @ 2;", "unexpected character '@'", 1, 9),
        ("1(2);", "only names can be called", 1, 2),
        ("if x { } else print 1;", "expected '{', found 'print'", 1, 15),
    ],
    ids=[
        "missing-operand",
        "let-no-name",
        "missing-semicolon",
        "unclosed-block",
        "call-no-comma",
        "unterminated-string",
        "bad-char",
        "call-number",
        "else-no-block",
    ],
)
def test_errors(source: str, message: str, line: int, col: int) -> None:
    with pytest.raises(ParseError) as info:
        parse(source)
    assert str(info.value) == f"line {line}, column {col}: {message}"
    assert (info.value.line, info.value.col) == (line, col)


def test_error_after_newlines() -> None:
    with pytest.raises(ParseError, match=r"^line 3, column 7: expected ';', found 'y'$"):
        parse("let a = 1;\n\nx = 1 y;")
