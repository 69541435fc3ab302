"""Answers that save a call without losing anything (issue 14), on the real `packaging` sources (pytest's own
dependency, copied from site-packages) over a real local lsp-bridge: a property opens with its setter, a blank line
between methods shows the short functions around it whole instead of cutting them, a dotted name nothing defines
lists the partial matches of its last part, and a unique class outlined a few calls ago is not outlined again.
Session 10: a function too long for one part leaves its long docstring out before it is cut, partial matches list
classes and functions before assigned names and names holding the word before names holding its letters, and a name
called through a variable is never a function local to another one. Session 11: a traceback frame's method opens with
the short methods beside it that call methods of the same object `self` holds (the standard library's queue.py), a
code line over 500 characters is cut with a note (jinja2's generated regex), and the bench counts the parts a reader
follows one by one. Session 12: a name nothing defines lists its first two partial matches, one only assigned names
define lists one. Session 16: a dotted name's plain last part (a word over three letters, not a builtin's method)
lists its partial matches too, and a long docstring without examples stays with its function. Expected lines come
from the sources themselves (Python's ast), not from the answers."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
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
    # a plain word longer than three letters as the last part (`self.parent.children`, `torch.tensor`): the names
    # holding it, as `find_symbol` of the word alone lists them
    word = fresh(bridge, root).execute("find_symbol", "report.validate")
    alone = fresh(bridge, root).execute("find_symbol", "validate")
    assert word.returncode == 0 and word.observation.splitlines()[0] == "No exact definition of `report.validate`."
    partial = word.observation.splitlines()[1:]
    assert partial[0].startswith("partial matches") and len(partial) > 1
    assert partial == alone.observation.splitlines()[1:]
    assert all("validate" in row.split("  ")[1].lower() for row in partial[1:])
    # a short word (`crt.key`, a file name in a report) or a method of a builtin (`str.validate`: Python's own
    # type, whatever the repository names hold): no partial matches
    for name in ("report.key", "str.validate"):
        answer = fresh(bridge, root).execute("find_symbol", name)
        assert (answer.returncode, answer.observation) == (1, f"No definition of `{name}`."), name


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


def docstring_lines(path: Path, qualname: str) -> tuple[int, int]:
    """(first, last) line of a function's docstring, by Python's ast (the last definition of that name: an
    implementation after its `@overload` stubs)."""
    node: ast.AST = ast.parse(path.read_text())
    for part in qualname.split("."):
        node = [
            c for c in ast.iter_child_nodes(node)
            if isinstance(c, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and c.name == part
        ][-1]  # fmt: skip
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(node.body[0], ast.Expr)
    return node.body[0].lineno, node.body[0].end_lineno or node.body[0].lineno


def test_a_function_too_long_for_one_part_leaves_its_long_docstring_out_first(root: Path, bridge: BridgeClient) -> None:
    path = root / "packaging/specifiers.py"
    _, line, end = functions(path)["SpecifierSet.filter"][-1]  # the implementation, after its two @overload stubs
    first, last = docstring_lines(path, "SpecifierSet.filter")
    assert last - first >= ActionLimits().min_elided_docstring
    limit = 20  # too short for its code even without the docstring
    assert len(code(path, line, end) - code(path, first + 1, last)) > limit
    actions = fresh(bridge, root, max_open_lines=limit)
    answer = actions.execute("open", f"packaging/specifiers.py:{line}")
    shown = set(numbered(answer.observation))
    assert {line, first} <= shown and not shown & set(range(first + 1, last + 1))  # the docstring's first line only
    after = [n for n in range(last + 1, end + 1)]
    kept = [n for n in range(line, end + 1) if not first < n <= last][:limit]
    assert code(path, line, kept[-1]) - code(path, first + 1, last) <= shown  # the code from the def, no gap
    assert max(shown) == kept[-1] and kept[-1] in after
    lines = answer.observation.splitlines()
    assert f"open packaging/specifiers.py:{first + 1}-{last})" in answer.observation  # the docstring: one open away
    assert lines[-1].endswith(f"narrow it: open packaging/specifiers.py:{kept[-1] + 1}-{end})")  # the rest: code
    rest: set[int] = set()
    hints = [f"packaging/specifiers.py:{kept[-1] + 1}-{end}"]
    while hints:  # the rest in parts of `limit` lines, each hinting at the next
        more = actions.execute("open", hints.pop()).observation
        rest |= set(numbered(more))
        hints += re.findall(r"narrow it: open (\S+:\d+-\d+)\)$", more)
    assert code(path, line, end) - code(path, first + 1, last) <= shown | rest  # the code: the part and its hint
    docstring = fresh(bridge, root).execute("open", f"packaging/specifiers.py:{first + 1}-{last}").observation
    source = path.read_text().splitlines()
    assert all(source[n - 1].strip() in docstring for n in range(first + 1, last + 1))  # and the docstring's note
    # a line asked for inside the docstring (a grep match there) is still on screen
    inside = (first + last) // 2
    assert inside in set(numbered(fresh(bridge, root, max_open_lines=limit).execute(
        "open", f"packaging/specifiers.py:{inside}").observation))  # fmt: skip


def test_a_long_docstring_without_examples_stays_with_its_function(root: Path, bridge: BridgeClient) -> None:
    """A function too long for one part leaves out a long docstring only when it holds examples (a doctest, an
    `Examples` heading): a docstring that only describes the parameters and behaviour is part of what the function
    does (hvplot's `draw` documents `inspection_policy`, the option its bug report is about)."""
    evaluate = functions(root / "packaging/markers.py")["Marker.evaluate"][0]
    doc = docstring_lines(root / "packaging/markers.py", "Marker.evaluate")
    assert ">>>" not in code_text(root / "packaging/markers.py", doc[0], doc[1])
    limit = evaluate[2] - evaluate[1]  # too long for one part, short enough without its docstring
    answer = fresh(bridge, root, max_open_lines=limit).execute("open", f"packaging/markers.py:{evaluate[1]}")
    shown = set(numbered(answer.observation))
    assert code(root / "packaging/markers.py", doc[0], doc[1]) <= shown, answer.observation  # the docstring whole
    assert "lines left out" not in answer.observation
    # a docstring with examples, in a function too long for one part: left out but its first line, as before
    name = functions(root / "packaging/utils.py")["canonicalize_version"][0]
    examples = docstring_lines(root / "packaging/utils.py", "canonicalize_version")
    assert ">>>" in code_text(root / "packaging/utils.py", examples[0], examples[1])
    limit = name[2] - name[1]
    other = fresh(bridge, root, max_open_lines=limit).execute("open", f"packaging/utils.py:{name[1]}")
    assert f"open packaging/utils.py:{examples[0] + 1}-{examples[1]}" in other.observation, other.observation
    assert not set(range(examples[0] + 1, examples[1] + 1)) & set(numbered(other.observation))


def code_text(path: Path, start: int, end: int) -> str:
    return "\n".join(path.read_text().splitlines()[start - 1 : end])


def test_partial_matches_list_classes_and_functions_before_assigned_names(root: Path, bridge: BridgeClient) -> None:
    holding = [w for w in bridge.workspace_symbols("var") if w["name"] != "var" and "var" in w["name"].lower()]
    assert "MarkerVar" in [w["name"] for w in holding[:3]]  # `MarkerVar = Union[...]`, among the first the bridge lists
    for name in ("var", "marker"):  # nothing defines `var`; only attributes define `marker`
        rows = fresh(bridge, root).execute("find_symbol", name).observation.splitlines()
        partial = rows[next(i for i, row in enumerate(rows) if row.startswith("partial matches")) + 1 :]
        assert partial and all(re.match(r"\S+:\d+  \S+  (class|def) ", row) for row in partial), rows
    rows = fresh(bridge, root).execute("find_symbol", "var").observation.splitlines()
    line = functions(root / "packaging/_parser.py")["process_env_var"][0][1]
    assert f"packaging/_parser.py:{line}  process_env_var  def process_env_var(env_var)" in rows  # one to read


def test_partial_matches_list_names_holding_the_word_before_names_holding_its_letters(
    root: Path, bridge: BridgeClient
) -> None:
    order = [w["name"] for w in bridge.workspace_symbols("canonical")]
    assert order.index("canonicalize_name") < order.index("_canonical_spec")  # the bridge's order
    rows = fresh(bridge, root, max_loose_matches=3).execute("find_symbol", "canonical").observation.splitlines()
    names = [row.split("  ")[1].rsplit(".", 1)[-1] for row in rows[2:]]
    words = [n for n in names if "canonical" in n.strip("_").split("_")]
    assert rows[0] == "No exact definition of `canonical`." and len(names) == 3
    assert set(words) == {"_canonical_spec", "_canonical_specs"} and names[:2] == words, rows  # the word first


def test_partial_matches_are_the_first_two(root: Path, bridge: BridgeClient) -> None:
    """Session 12: a name nothing defines lists its first two partial matches (each one the policy or an agent
    opens costs a call; with two the localization bench still finds every task it found with three), in the same order,
    and says it listed only the first ones."""
    wide = fresh(bridge, root, max_loose_matches=3).execute("find_symbol", "canonical").observation.splitlines()
    rows = fresh(bridge, root).execute("find_symbol", "canonical").observation.splitlines()
    assert rows[0] == "No exact definition of `canonical`." and rows[1] == "partial matches (first 2):"
    assert rows[2:] == wide[2:4] and len(wide) == 5  # the two names holding the word; the third left out
    spans = functions(root / "packaging/specifiers.py")
    for row in rows[2:]:  # each a located def line of specifiers.py, at the line Python's ast gives it
        where, qualname, _ = row.split("  ", 2)
        assert qualname.rsplit(".", 1)[-1] in ("_canonical_spec", "_canonical_specs")
        assert where == f"packaging/specifiers.py:{spans[qualname][0][1]}"


def test_a_name_called_through_a_variable_is_never_a_local_function(root: Path, bridge: BridgeClient) -> None:
    tree = ast.parse((root / "packaging/version.py").read_text())
    closures = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "wrapper"]
    assert len(closures) == 1  # `_deprecated`'s closure, the only `wrapper`
    line, end = closures[0].lineno, closures[0].end_lineno or 0
    found = fresh(bridge, root).execute("find_symbol", "wrapper")  # asked for by its name: it is the definition,
    assert found.observation.startswith("### File: `packaging/version.py`")  # the only one, shown whole
    assert set(range(line, end + 1)) <= set(numbered(found.observation)) and f"{line} " in found.observation
    answer = fresh(bridge, root).execute("find_symbol", "obj.wrapper")  # `obj.wrapper()`: no attribute reaches it
    assert (answer.returncode, answer.observation) == (1, "No definition of `obj.wrapper`.")
    method = functions(root / "packaging/markers.py")["Marker.evaluate"][0][1]
    assert (
        fresh(bridge, root)
        .execute("find_symbol", "obj.evaluate")
        .observation.splitlines()[1]
        .startswith(f"packaging/markers.py:{method}  Marker.evaluate")
    )  # a method still answers


@pytest.fixture(scope="module")
def queue_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standard library's `queue.py` (pure Python; its Condition objects are held by `self`)."""
    import queue

    root = tmp_path_factory.mktemp("queue_calls")
    shutil.copy(queue.__file__, root / "queue.py")
    return root


def test_a_frame_shows_the_short_methods_beside_it_that_operate_on_the_same_object(queue_root: Path) -> None:
    """Session 11: `open FILE:LINE` in a method whose line calls a method of an object `self` holds
    (`self.all_tasks_done.wait()` in `Queue.join`) also shows, whole, the short methods of its class within reach
    that call that object's methods (`task_done`: `self.all_tasks_done.notify_all()`), not those that only read or
    assign it (`__init__`) nor the other short methods around it (`qsize`, `empty`)."""
    path = queue_root / "queue.py"
    spans = {name: s[0] for name, s in functions(path).items()}
    lines = path.read_text().splitlines()
    join, done = spans["Queue.join"], spans["Queue.task_done"]
    wait = next(n for n in range(join[1], join[2] + 1) if "self.all_tasks_done.wait()" in lines[n - 1])
    with BridgeClient.local(queue_root, "--cache-dir", str(queue_root / ".cache"), timeout=60) as bridge:
        bridge.sync()
        result = fresh(bridge, queue_root).execute("open", f"queue.py:{wait}")
        alone = fresh(bridge, queue_root, neighbour_reach=0).execute("open", f"queue.py:{wait}")
        qsize = spans["Queue.qsize"]
        plain = fresh(bridge, queue_root).execute("open", f"queue.py:{qsize[2]}")  # `return self._qsize()`
    shown = set(numbered(result.observation))
    assert code(path, done[1], join[2]) <= shown, result.observation  # task_done and join, whole
    assert not shown & set(range(spans["Queue.__init__"][0], spans["Queue.__init__"][2] + 1))
    assert not shown & set(range(qsize[0], spans["Queue.empty"][2] + 1))
    assert [(c.function, c.whole_function) for c in result.chunks] == [("task_done", True), ("join", True)]
    by_itself = set(numbered(alone.observation))  # the limit at 0: the frame's method alone
    assert code(path, join[1], join[2]) <= by_itself and not by_itself & set(range(done[0], done[2] + 1))
    assert max(numbered(plain.observation)) == qsize[2]  # `return self._qsize()`: no object's method called there
    assert not set(numbered(plain.observation)) & set(range(join[0], join[2] + 1))


def test_a_code_line_over_the_limit_is_cut_with_a_note(tmp_path: Path) -> None:
    """Session 11: a line of code longer than `max_line_chars` (jinja2's generated identifier regex, 700+
    characters on one line) is cut to `cut_line_chars` with the number of characters left out; with the limit off
    it is shown whole. (yt-dlp's lazy_extractors.py: a short class whose `_VALID_URL` is 9,000 characters.)"""
    import jinja2

    shutil.copy(Path(jinja2.__file__).parent / "_identifier.py", tmp_path / "_identifier.py")
    lines = (tmp_path / "_identifier.py").read_text().splitlines()
    long = next(n for n, row in enumerate(lines, 1) if len(row) > 500)
    with BridgeClient.local(tmp_path, "--cache-dir", str(tmp_path / ".cache"), timeout=60) as bridge:
        bridge.sync()
        cut = fresh(bridge, tmp_path).execute("open", f"_identifier.py:{long}").observation
        whole = fresh(bridge, tmp_path, max_line_chars=0).execute("open", f"_identifier.py:{long}").observation
    head = lines[long - 1].strip()[:30]
    full = next(r for r in whole.splitlines() if head in r)  # the limit off: the line whole
    assert full.endswith(lines[long - 1].strip())
    row = next(r for r in cut.splitlines() if head in r)
    assert row == f"{full[:200]} … ({len(full) - 200} more characters)"
    assert max(len(r) for r in cut.splitlines()) <= len(row) < 240


def test_the_bench_counts_the_parts_a_reader_follows_one_by_one(root: Path, bridge: BridgeClient) -> None:
    """Session 11, the localization bench (bench/localization/search.py): the parts of a long function that the
    reader follows by the answer's `open FILE:A-B` hints are calls of their own, counted one by one as grep/sed's
    windows are, so the call budget stops the reader between two parts (datasets-6850 took 32 calls of a 30 budget)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from localization.search import ActionsBackend, Budget, Episode

    spans = functions(root / "packaging/specifiers.py")
    name, (first, line, last) = max(((n, s[0]) for n, s in spans.items()), key=lambda x: x[1][2] - x[1][1])
    backend = ActionsBackend(bridge, root)
    backend.actions.limits = ActionLimits(max_open_lines=(last - line) // 3, min_elided_docstring=1000)
    obs = backend.open_line("packaging/specifiers.py", line)
    assert obs.calls == len(obs.parts) >= 3, name
    assert set().union(*(p.shown["packaging/specifiers.py"] for p in obs.parts)) >= code(
        root / "packaging/specifiers.py", line, last
    )
    episode = Episode({"packaging/specifiers.py": [(first, last)]}, root, len, budget=2)
    with pytest.raises(Budget):
        episode.record("open", obs)
    assert episode.calls == 2 and not episode.done()  # stopped after the second part, not after the last


def test_a_name_only_attributes_define_lists_one_partial_match(root: Path, bridge: BridgeClient) -> None:
    """Session 12: where only assigned names define a name (`marker`: `Requirement.marker`, a dataclass field), one
    partial match follows them (a class or function holding it as a word: `class Marker`), not two."""
    classes = {node.name: node.lineno for node in ast.parse((root / "packaging/markers.py").read_text()).body
               if isinstance(node, ast.ClassDef)}  # fmt: skip
    rows = fresh(bridge, root).execute("find_symbol", "marker").observation.splitlines()
    two = fresh(bridge, root, max_loose_matches_after_exact=2).execute("find_symbol", "marker").observation
    assert rows[0].endswith("definition(s) of `marker`:") and rows[-2] == "partial matches:"
    assert rows[-1] == f"packaging/markers.py:{classes['Marker']}  Marker  class Marker"
    assert all(re.search(r"  (self\.)?marker\s*[:=]", row) for row in rows[1:-2]), rows  # assigned names only
    parse = functions(root / "packaging/_parser.py")["parse_marker"][0][1]
    assert two.splitlines()[-2:] == [rows[-1], f"packaging/_parser.py:{parse}  parse_marker  def parse_marker(source)"]


def test_a_short_name_holds_its_partial_matches_as_written_or_as_words(root: Path, bridge: BridgeClient) -> None:
    """Session 13: a short name's letters in another case that are not its words are no partial match
    (`natural_sort_key` and `concatenate` for `NaT` opened 1,548 tokens in the localization bench's dask-9645); a
    longer name's are kin (`canonicalize_name` for `Canonical`)."""
    holding = {w["name"] for w in bridge.workspace_symbols("OS") if "os" in w["name"].lower()}
    assert {"os_name", "post", "position", "_POS_INF"} <= holding  # the bridge's symbols hold `os` in any case
    rows = fresh(bridge, root, max_loose_matches=30).execute("find_symbol", "OS").observation.splitlines()
    assert rows[:2] == ["No exact definition of `OS`.", "partial matches:"]
    names = [row.split("  ")[1].rsplit(".", 1)[-1] for row in rows[2:]]
    assert names == ["os_name", "_POS_INF", "AFTER_POSTS"]  # a word in any case, or `OS` as written
    versions = [w["name"] for w in bridge.workspace_symbols("IO") if w["name"] in ("Version", "_Version")]
    assert versions  # `io` in `Version`: letters in another case, no word
    rows = fresh(bridge, root, max_loose_matches=30).execute("find_symbol", "IO").observation.splitlines()
    names = [row.split("  ")[1].rsplit(".", 1)[-1] for row in rows[2:]]
    assert rows[1] == "partial matches:" and names and all("IO" in name for name in names), rows
    rows = fresh(bridge, root, max_loose_matches=30).execute("find_symbol", "Canonical").observation.splitlines()
    assert "canonicalize_name" in [row.split("  ")[1].rsplit(".", 1)[-1] for row in rows[2:]], rows


def test_a_docstring_line_of_a_function_too_long_for_one_part_shows_its_code_from_the_def(
    root: Path, bridge: BridgeClient
) -> None:
    """Session 14: `open FILE:LINE` on a line inside the long docstring of a function too long for one part (a grep
    match in its examples) shows the first part of the function from its def: the line with `line_context` lines
    either side, the rest of the docstring left out (notes open it), then the code; the part's hint is code only, so
    the parts a reader follows never repeat the docstring."""
    path = root / "packaging/specifiers.py"
    _, line, end = functions(path)["SpecifierSet.filter"][-1]
    first, last = docstring_lines(path, "SpecifierSet.filter")
    context, limit = ActionLimits().line_context, 30  # the def, the line and its context fit, then code
    inside = (first + last) // 2
    assert first + 1 < inside - context and inside + context < last  # docstring lines left out on both sides
    actions = fresh(bridge, root, max_open_lines=limit)
    answer = actions.execute("open", f"packaging/specifiers.py:{inside}")
    shown = set(numbered(answer.observation))
    near = code(path, inside - context, inside + context)
    source = path.read_text().splitlines()
    assert {line, first, inside} <= shown, answer.observation
    assert all(source[n - 1].strip() in answer.observation for n in near)  # numbered, or continuing a statement
    assert not shown & (code(path, first + 1, last) - near)  # the rest of the docstring: left out
    for start, stop in ((first + 1, inside - context - 1), (inside + context + 1, last)):
        assert f"open packaging/specifiers.py:{start}-{stop})" in answer.observation  # each run one open away
    kept = [n for n in range(line, end + 1) if not first < n <= last or inside - context <= n <= inside + context]
    kept = kept[:limit]
    assert max(shown) == kept[-1] and kept[-1] > last  # the code after the docstring follows in the same part
    assert answer.observation.splitlines()[-1].endswith(
        f"narrow it: open packaging/specifiers.py:{kept[-1] + 1}-{end})"
    )
    # another line of that docstring a call later (a second grep match): the lines around it, not the function again
    later = inside - context - 3
    assert first + context < later
    again = set(numbered(actions.execute("open", f"packaging/specifiers.py:{later}").observation))
    assert later in again and max(again) == later + context  # no code after the docstring
    header = {spans_class_line(path, line), *range(line, first)}  # the renderer's context: class line, signature
    assert again <= set(range(later - context, later + context + 1)) | header, answer.observation
    anew = set(numbered(fresh(bridge, root, max_open_lines=limit).execute("open", f"packaging/specifiers.py:{later}")
                        .observation))  # fmt: skip
    assert {line, later} <= anew and max(anew) > last  # with no history: the first part from the def


def spans_class_line(path: Path, line: int) -> int:
    """The line of the class a method on `line` belongs to (the renderer shows it above the method)."""
    tree = ast.parse(path.read_text())
    return next(
        c.lineno
        for c in ast.walk(tree)
        if isinstance(c, ast.ClassDef) and c.lineno < line <= (c.end_lineno or c.lineno)
    )


def test_a_body_line_of_a_short_function_in_a_short_file_shows_the_file_from_its_first_code_line(
    root: Path, bridge: BridgeClient
) -> None:
    """Session 15: `open FILE:LINE` on a line in the body of a short function of a file no longer than
    `short_file_lines` (`_structures.py`: two small classes) shows the whole file from its first line of code (its
    licence banner's comments left out): what sits beside a traceback's frame in a small module (the other class, a
    factory) costs no second call. The function's def line asks for the function: it alone; so does a line of a longer
    file (`version.py`), or the limit at 0."""
    path = root / "packaging/_structures.py"
    lines = path.read_text().splitlines()
    assert len(lines) <= ActionLimits().short_file_lines
    banner = next(n for n, text in enumerate(lines, 1) if text.strip() and not text.lstrip().startswith("#")) - 1
    assert banner >= 1 and all(lines[n - 1].startswith("#") or not lines[n - 1].strip() for n in range(1, banner + 1))
    spans = functions(path)
    method = next(s[0] for name, s in spans.items() if name.startswith("InfinityType."))
    body = method[2]  # `return "Infinity"`
    result = fresh(bridge, root).execute("open", f"packaging/_structures.py:{body}")
    shown = set(numbered(result.observation))
    assert result.returncode == 0 and code(path, banner + 1, len(lines)) <= shown, result.observation
    assert min(shown) == banner + 1  # no banner
    at_def = set(numbered(fresh(bridge, root).execute("open", f"packaging/_structures.py:{method[1]}").observation))
    assert code(path, method[1], method[2]) <= at_def and len(lines) not in at_def
    alone = set(
        numbered(
            fresh(bridge, root, short_file_lines=0).execute("open", f"packaging/_structures.py:{body}").observation
        )
    )
    assert code(path, method[1], method[2]) <= alone and len(lines) not in alone
    # the file's functions were on screen whole: find_symbol's unique hit does not show one again
    other = next(name for name in spans if name.startswith("NegativeInfinityType."))
    actions = fresh(bridge, root)
    actions.execute("open", f"packaging/_structures.py:{body}")
    assert "### File" not in actions.execute("find_symbol", other).observation
    version = root / "packaging/version.py"
    short = next(s[0] for s in functions(version).values() if s[0][2] - s[0][1] < 10 and s[0][2] > s[0][1])
    long_file = set(numbered(fresh(bridge, root).execute("open", f"packaging/version.py:{short[2]}").observation))
    assert len(version.read_text().splitlines()) > ActionLimits().short_file_lines
    assert code(version, short[1], short[2]) <= long_file and max(long_file) == short[2]


def test_a_class_attribute_is_answered_with_its_own_lines_not_the_class_line(root: Path, bridge: BridgeClient) -> None:
    """`find_symbol Class.attr` of an attribute (a class-level assignment, or `self.attr = ...` in a method) answers
    with the assignments' lines, as `find_symbol attr` does (session 17: it answered with the class's own line, once
    per assignment: jupyter_server's `ServerApp.root_dir` read `class ServerApp(JupyterApp)` twice, then an outline)."""
    tree = ast.parse((root / "packaging/specifiers.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Specifier")
    body = [n.lineno for n in cls.body if isinstance(n, ast.AnnAssign) and ast.unparse(n.target) == "_operators"]
    in_methods = sorted(
        n.lineno
        for n in ast.walk(cls)
        if isinstance(n, (ast.Assign, ast.AnnAssign))
        and any(ast.unparse(t) == "self._spec" for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
    )
    assert len(body) == 1 and len(in_methods) >= 2
    class_line = f"packaging/specifiers.py:{cls.lineno}  Specifier  class Specifier"
    operators = fresh(bridge, root).execute("find_symbol", "Specifier._operators")
    assert operators.returncode == 0 and operators.observation.splitlines()[0].startswith(
        f"packaging/specifiers.py:{body[0]}  Specifier._operators  _operators"
    )
    spec = fresh(bridge, root).execute("find_symbol", "Specifier._spec")
    located = [int(m[1]) for m in re.finditer(r"^packaging/specifiers\.py:(\d+)  ", spec.observation, re.M)]
    assert located and set(located) <= set(in_methods)  # where `self._spec = ...` assigns it, in its methods
    assert "self._spec" in spec.observation
    for answer in (operators, spec):
        assert not answer.observation.startswith(class_line) and f"\n{class_line}" not in answer.observation
