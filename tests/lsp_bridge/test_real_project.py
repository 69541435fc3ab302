"""The bridge on a real project's source (jinja2, as installed on this machine), checked against Python's `ast`."""

from __future__ import annotations

import ast
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest

from lsp_bridge.client import BridgeClient

SOURCE = Path(jinja2.__file__).parent


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("real")
    shutil.copytree(SOURCE, root / "jinja2", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


@pytest.fixture(scope="module")
def real(project, tmp_path_factory) -> Iterator[BridgeClient]:
    with BridgeClient.local(project, "--cache-dir", str(tmp_path_factory.mktemp("cache"))) as client:
        yield client


def module_ast(project: Path, rel: str) -> ast.Module:
    return ast.parse((project / rel).read_text())


def test_every_package_export_resolves_to_its_definition(real, project):
    init = module_ast(project, "jinja2/__init__.py")
    checked = 0
    for node in init.body:
        if not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        target = f"jinja2/{node.module}.py"
        defs = {
            d.name: d.lineno
            for d in module_ast(project, target).body
            if isinstance(d, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        }
        for alias in node.names:
            found = real.definition("jinja2/__init__.py", node.lineno, name=alias.name)
            assert [(d["file"], d["line"]) for d in found] == [(target, defs[alias.name])], alias.name
            checked += 1
    assert checked >= 30


def test_document_symbols_match_the_class_body(real, project):
    tree = module_ast(project, "jinja2/environment.py")
    env = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Environment")
    methods = [n.name for n in env.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    symbols = real.document_symbols("jinja2/environment.py")
    ours = next(s for s in symbols if s["name"] == "Environment")
    assert [c["name"] for c in ours["children"] if c["kind"] in ("Method", "Property")] == methods
    assert (ours["line"], ours["end_line"]) == (env.lineno, env.end_lineno)


def expected_references(project: Path, name: str) -> Counter:
    """(file, line) of every use of utils.<name>: its def, `from .utils import` lines, and bare uses there."""
    out: Counter = Counter()
    for path in sorted((project / "jinja2").glob("*.py")):
        rel = path.relative_to(project).as_posix()
        tree = ast.parse(path.read_text())
        if rel == "jinja2/utils.py":
            local = name
            out[(rel, next(n.lineno for n in tree.body if getattr(n, "name", None) == name))] += 1
        else:
            local = None
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module == "utils" and node.level == 1:
                    for alias in node.names:
                        if alias.name == name:
                            local = alias.asname or name
                            out[(rel, alias.lineno)] += 1 + (alias.asname is not None)
        if local:
            for node in ast.walk(tree):
                if isinstance(node, ast.Name) and node.id == local:
                    out[(rel, node.lineno)] += 1
    return out


@pytest.mark.parametrize("name", ["pass_context", "pass_eval_context", "internalcode", "_PassArg", "import_string"])
def test_references_across_modules_match_ast(real, project, name):
    expected = expected_references(project, name)
    line = next(line for (file, line) in expected if file == "jinja2/utils.py")
    found = Counter((r["file"], r["line"]) for r in real.references("jinja2/utils.py", line, name=name))
    assert found == expected
    assert sum(found.values()) >= 3


def test_locate_and_render_a_real_method(real, project):
    tree = module_ast(project, "jinja2/environment.py")
    env = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Environment")
    method = next(n for n in env.body if isinstance(n, ast.FunctionDef) and n.name == "from_string")
    assert method.end_lineno is not None
    found = real.locate(symbol="Environment.from_string")
    start = min([method.lineno, *(d.lineno for d in method.decorator_list)])
    assert [(c["class"], c["function"], c["lines"]) for c in found["chunks"]] == [
        ("Environment", "from_string", list(range(start, method.end_lineno + 1)))
    ]
    lines = found["text"].splitlines()
    assert lines[1].split(maxsplit=1) == [str(env.lineno), "class Environment:"]  # the number left-aligned
    assert lines[2] == "..."
    assert lines[-1].lstrip().startswith(f"{method.end_lineno} ")
    assert real.workspace_symbols("Environment")[0] | {"column": 0} == {
        "name": "Environment",
        "kind": "Class",
        "container": "jinja2.environment",
        "file": "jinja2/environment.py",
        "line": env.lineno,
        "column": 0,
        "end_line": env.lineno,
        "end_column": 18,
    }
