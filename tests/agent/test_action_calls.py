"""Answers that save a call without losing anything (issue 14), on the real `packaging` sources (pytest's own
dependency, copied from site-packages) over a real local lsp-bridge: a property opens with its setter, a blank line
between methods shows the short functions around it whole instead of cutting them, a dotted name nothing defines
lists the partial matches of its last part, and a unique class outlined a few calls ago is not outlined again.
Expected lines come from the sources themselves (Python's ast), not from the answers."""

from __future__ import annotations

import ast
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import packaging
import pytest

from agent.actions.executor import ActionLimits, Actions
from lsp_bridge.client import BridgeClient
from tests.agent.conftest import numbered

FILES = ("__init__.py", "_parser.py", "_tokenizer.py", "markers.py", "specifiers.py", "version.py", "utils.py",
         "_structures.py", "requirements.py")  # fmt: skip
Span = tuple[int, int, int]  # first decorator line, def line, last line


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("packaging_calls")
    src = Path(packaging.__file__).parent
    (root / "packaging").mkdir()
    for name in FILES:
        if (src / name).exists():
            shutil.copy(src / name, root / "packaging" / name)
    return root


def shell_in(root: Path):
    def run(command: str) -> tuple[str, int]:
        p = subprocess.run(["bash", "-c", command], cwd=root, capture_output=True, text=True)
        return p.stdout + p.stderr, p.returncode

    return run


@pytest.fixture(scope="module")
def bridge(root: Path) -> Iterator[BridgeClient]:
    with BridgeClient.local(root, "--cache-dir", str(root / ".cache"), timeout=60) as bridge:
        bridge.sync()
        yield bridge


def fresh(bridge: BridgeClient, root: Path, **limits: int) -> Actions:
    """Actions with no history (nothing shown yet)."""
    return Actions(bridge, shell_in(root), root=str(root), limits=ActionLimits(**limits))


def functions(path: Path) -> dict[str, list[Span]]:
    """Qualified name -> (first decorator line, def line, last line) of each function of a file, in order."""
    out: dict[str, list[Span]] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                    out.setdefault(name, []).append((first, child.lineno, child.end_lineno or child.lineno))
                walk(child, name + ".")

    walk(ast.parse(path.read_text()), "")
    return out


def code(path: Path, start: int, end: int) -> set[int]:
    """The lines of `start`-`end` that are not blank (a gap of blank lines shows as `...`)."""
    lines = path.read_text().splitlines()
    return {n for n in range(start, end + 1) if lines[n - 1].strip()}


def test_a_property_opens_with_its_setter(root: Path, bridge: BridgeClient) -> None:
    spans = functions(root / "packaging/version.py")
    getter, setter = spans["Version._version"]  # both decorated twice: `@property` / `@_version.setter`, `@_deprecated`
    actions = fresh(bridge, root)
    result = actions.execute("open", f"packaging/version.py:{getter[1]}")
    shown = set(numbered(result.observation))
    assert code(root / "packaging/version.py", getter[0], setter[2]) <= shown, result.observation  # both whole
    assert max(shown) == setter[2]  # and nothing after the setter
    assert [(c.function, c.whole_function, c.lines[0], c.lines[-1]) for c in result.chunks] == [
        ("_version", True, getter[1], getter[2]),
        ("_version", True, setter[1], setter[2]),
    ]  # the memory tracks each accessor as its own function
    # the setter was on screen whole: find_symbol's unique hit does not show it again
    again = actions.execute("find_symbol", "Version._version").observation
    assert "### File" not in again and "_version" in again.splitlines()[0]

    # a method that is no property: the next method is not pulled in
    epoch = spans["Version.epoch"][0]
    plain = spans["Version.__init__"][0]
    shown = set(numbered(actions.execute("open", f"packaging/version.py:{plain[1]}").observation))
    assert max(shown) == plain[2] and epoch[0] not in shown


def test_a_blank_line_between_methods_shows_the_short_functions_around_whole(root: Path, bridge: BridgeClient) -> None:
    spans = functions(root / "packaging/version.py")
    first, second = spans["Version._str"][0], spans["Version.epoch"][0]
    gap = first[2] + 1  # the blank line between the two properties: in the class, in no function
    assert not (root / "packaging/version.py").read_text().splitlines()[gap - 1].strip()
    limits = ActionLimits()
    answer = fresh(bridge, root).execute("open", f"packaging/version.py:{gap}")
    shown = set(numbered(answer.observation))
    window = range(gap - limits.line_context, gap + limits.line_context + 1)
    assert set(window) <= shown  # the lines around it, as before
    path = root / "packaging/version.py"
    assert code(path, second[0], second[2]) <= shown, answer.observation  # the property the window cut, whole
    for name, found in spans.items():  # no short function left cut anywhere in the answer
        for start, _, end in found:
            if end - start < limits.max_inline_lines and shown & set(range(start, end + 1)):
                assert code(path, start, end) <= shown, name


def test_a_dotted_name_nothing_defines_lists_partial_matches_of_its_last_part(root: Path, bridge: BridgeClient) -> None:
    line = functions(root / "packaging/version.py")["_validate_local"][0][1]
    answer = fresh(bridge, root).execute("find_symbol", "version.validate_loc")  # as a report writes a call
    assert answer.returncode == 0
    assert answer.observation.splitlines() == [
        "No exact definition of `version.validate_loc`.",
        "partial matches:",
        f"packaging/version.py:{line}  _validate_local  def _validate_local(value, /)",
    ]
    # a plain word as the last part (`crt.key`, a file name in a report): the names holding it would be noise
    plain = fresh(bridge, root).execute("find_symbol", "report.validate")
    assert (plain.returncode, plain.observation) == (1, "No definition of `report.validate`.")


def test_a_unique_class_outlined_a_few_calls_ago_is_not_outlined_again(root: Path, bridge: BridgeClient) -> None:
    actions = fresh(bridge, root, recently_outlined=3)
    first = actions.execute("find_symbol", "Specifier").observation  # a long class: its outline
    assert first.startswith("packaging/specifiers.py:") and "\n\n### File: `packaging/specifiers.py`\n" in first
    assert actions.execute("find_symbol", "Specifier").observation == first.split("\n\n", 1)[0]  # the located line
    for _ in range(3):
        actions.execute("bash", "true")
    assert actions.execute("find_symbol", "Specifier").observation == first  # long enough ago: the outline again
    # an overview names it as well
    actions.execute("overview", "packaging/specifiers.py Specifier")
    assert "### File" not in actions.execute("find_symbol", "Specifier").observation
