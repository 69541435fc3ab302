"""The in-process tracer runs under the repository's interpreter (SWE-bench: 3.5 to 3.11): syntax every one accepts."""

import ast
import sys

import pytest
from conftest import TOOL_SRC

TRACER = TOOL_SRC / "agent_debugger" / "tracer.py"
OLDEST = (3, 5)


def newer_syntax(source: str) -> list[str]:
    """What in `source` an old Python (3.5) would reject, as 'line: construct'."""
    tree = ast.parse(source, feature_version=OLDEST)  # the parser's own check: raises SyntaxError
    found = []
    for node in ast.walk(tree):
        where = getattr(node, "lineno", 0)
        if isinstance(node, ast.JoinedStr):
            found.append(f"{where}: f-string")
        elif isinstance(node, ast.NamedExpr):
            found.append(f"{where}: walrus")
        elif isinstance(node, ast.AnnAssign):
            found.append(f"{where}: variable annotation")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            if args.posonlyargs:
                found.append(f"{where}: positional-only parameters")
            if any(a.annotation for a in [*args.args, *args.kwonlyargs]) or getattr(node, "returns", None):
                found.append(f"{where}: annotation")
        elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            segment = ast.get_source_segment(source, node) or ""
            if "_" in segment:
                found.append(f"{where}: underscore in number")
        elif isinstance(node, (ast.Match, ast.TryStar)):
            found.append(f"{where}: {type(node).__name__}")
    return found


def test_tracer_keeps_to_python35_syntax():
    source = TRACER.read_text()
    assert newer_syntax(source) == []
    assert "from __future__" not in source


def test_tracer_imports_only_the_stdlib():
    tree = ast.parse(TRACER.read_text())
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])
    }
    assert imported - {"__main__"} <= set(sys.stdlib_module_names)
    assert "agent_debugger" not in imported


@pytest.mark.parametrize(
    ("snippet", "construct"),
    [
        ("x = f'{1}'\n", "f-string"),
        ("y = 1\nif (x := y):\n    pass\n", "walrus"),
        ("x: int = 1\n", "variable annotation"),
        ("def f(a, /, b):\n    pass\n", "positional-only parameters"),
        ("def f(a: int):\n    pass\n", "annotation"),
        ("def f(a) -> int:\n    pass\n", "annotation"),
        ("n = 1_000\n", "underscore in number"),
    ],
)
def test_checker_rejects_newer_syntax(snippet: str, construct: str):
    try:
        found = newer_syntax(snippet)
    except SyntaxError:  # the parser's feature_version caught it first: rejected all the same
        found = [f"1: {construct}"]
    assert [f.split(": ", 1)[1] for f in found] == [construct]
