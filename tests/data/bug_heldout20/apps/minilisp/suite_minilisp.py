import pytest
from minilisp import MAX_DEPTH, Closure, Interpreter, LispError, Symbol, read_all, to_str

FACT = "(define (fact n) (if (<= n 1) 1 (* n (fact (- n 1)))))"


def run(source: str) -> str:
    return to_str(Interpreter().run(source))


def test_reader() -> None:
    forms = read_all("(define x 1.5) ; comment\n'(a b) (f -3 #t nil)")
    assert forms == [
        [Symbol("define"), Symbol("x"), 1.5],
        [Symbol("quote"), [Symbol("a"), Symbol("b")]],
        [Symbol("f"), -3, True, None],
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("(+ 1 2 3)", "6"),
        ("(- 10 4 3)", "3"),
        ("(- 5)", "-5"),
        ("(/ 7 2)", "3"),
        ("(/ 7.0 2)", "3.5"),
        ("(* 2 3 4)", "24"),
        ("(list 1 (< 1 2) (= 2 3))", "(1 #t #f)"),
        ("(cons 1 '(2 3))", "(1 2 3)"),
        ("(cdr (list 1 2 3))", "(2 3)"),
        ("(if (> 1 2) 'yes 'no)", "no"),
        ("(if #f 1)", "nil"),
        ("(if 0 'zero 'no)", "zero"),
        ("(and 1 2 3)", "3"),
        ("(and 1 #f (car nil))", "#f"),
    ],
    ids=[
        "add",
        "sub",
        "neg",
        "int-div",
        "float-div",
        "mul",
        "list",
        "cons",
        "cdr",
        "if",
        "if-no-else",
        "if-zero",
        "and",
        "and-short",
    ],
)
def test_expressions(source: str, expected: str) -> None:
    assert run(source) == expected


def test_recursion() -> None:
    assert run(FACT + "(fact 10)") == "3628800"
    fib = "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))"
    assert run(fib + "(list (fib 0) (fib 1) (fib 15))") == "(0 1 610)"


def test_closures_capture_their_scope() -> None:
    source = """
    (define (adder n) (lambda (x) (+ x n)))
    (define add5 (adder 5))
    (define n 100)
    (list (add5 1) ((adder 2) 1))
    """
    assert run(source) == "(6 3)"


def test_counter_with_set() -> None:
    source = """
    (define (make-counter)
      (let ((count 0))
        (lambda () (set! count (+ count 1)) count)))
    (define c1 (make-counter))
    (define c2 (make-counter))
    (c1) (c1)
    (list (c1) (c2))
    """
    assert run(source) == "(3 1)"


def test_set_global_from_function() -> None:
    interp = Interpreter()
    interp.run("(define total 0) (define (add! x) (set! total (+ total x)) total)")
    assert interp.run("(add! 4) (add! 6)") == 10
    assert interp.run("total") == 10
    assert set(interp.env.maps[0]) == {"total", "add!"}


def test_let_scopes() -> None:
    source = "(define x 1) (let ((x 10) (y x)) (list x y))"
    assert run(source) == "(10 1)"
    assert run("(let ((a 2)) (let ((b (* a 3))) (+ a b)))") == "8"


def test_define_inside_function_is_local() -> None:
    interp = Interpreter()
    interp.run("(define (f) (define tmp 42) tmp)")
    assert interp.run("(f)") == 42
    with pytest.raises(LispError, match=r"^unbound symbol: tmp$"):
        interp.run("tmp")


def test_depth_limit() -> None:
    interp = Interpreter()
    interp.run("(define (down n) (if (= n 0) 'done (down (- n 1))))")
    assert interp.run(f"(down {MAX_DEPTH - 1})") == Symbol("done")
    with pytest.raises(LispError, match=f"^recursion deeper than {MAX_DEPTH} in down$"):
        interp.run(f"(down {MAX_DEPTH})")
    assert interp.depth == 0
    assert interp.run("(down 3)") == Symbol("done")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("(foo 1)", "unbound symbol: foo"),
        ("(define (f a b) a) (f 1)", "f expects 2 arguments, got 1"),
        ("(define (f a) a) (f 1 2)", "f expects 1 arguments, got 2"),
        ("(1 2)", "not a function: 1"),
        ("(+ 1 (* 2 3)", "unbalanced parentheses: missing ')'"),
        ("(+ 1 2))", "unbalanced parentheses: unexpected ')'"),
        ("(/ 1 0)", "division by zero"),
        ("(set! y 1)", "set! of unbound symbol: y"),
        ("()", "cannot evaluate an empty list"),
    ],
    ids=[
        "unbound",
        "too-few",
        "too-many",
        "not-callable",
        "missing-paren",
        "extra-paren",
        "div-zero",
        "set-unbound",
        "empty",
    ],
)
def test_errors(source: str, message: str) -> None:
    with pytest.raises(LispError) as info:
        Interpreter().run(source)
    assert str(info.value) == message


def test_closure_repr_and_to_str() -> None:
    interp = Interpreter()
    interp.run(FACT)
    fact = interp.env["fact"]
    assert isinstance(fact, Closure)
    assert repr(fact) == "<closure fact/1>"
    assert to_str(["a", 1.5, [None, False]]) == "('a' 1.5 (nil #f))"
