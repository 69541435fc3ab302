"""The debugger's signals on real failing runs (tests/data/bug_heldout, tuned on since session 5): the message
template keeps Python's and the libraries' names but not the user's, the whole program's constructs, where the
failing line's values come from, the operation the traceback's carets mark; fields of an older release."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.bug_consultant.consultant import error_of
from agent.bug_consultant.errors import parse_error
from agent.bug_consultant.features import (
    FEATURES_VERSION,
    api_tokens,
    extract,
    failing_frame,
    function_tokens,
    keyword_tokens,
    literal_kind,
    message_template,
    program_tokens,
    split_files,
    traceback_program_tokens,
    users_message,
)
from agent.bug_consultant.records import BugRecord
from agent.bug_consultant.store import BugStore, record_fields

HELDOUT = Path(__file__).resolve().parents[1] / "data" / "bug_heldout" / "bug_heldout.jsonl"


@pytest.fixture(scope="module")
def heldout() -> list[dict]:
    return [json.loads(line) for line in HELDOUT.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def by_id(heldout) -> dict[str, dict]:
    return {r["id"]: r for r in heldout}


def template(row: dict) -> str:
    return message_template(error_of(row["output"]), row["code"])


def test_message_template_keeps_python_names_and_drops_the_users(by_id):
    # the same sentence, two causes: a builtin rebound to an int vs a decorator returning None
    shadowed, decorated = by_id["builtin_name_shadowed/0"], by_id["decorator_returns_none/0"]
    assert template(shadowed) == "TypeError: 'int' object is not callable"
    assert template(decorated) == "TypeError: 'NoneType' object is not callable"
    # operand types stay (a Path plus a str is not a Decimal times a float)
    assert (
        template(by_id["path_plus_string/0"]) == "TypeError: unsupported operand type(s) for +: 'PosixPath' and 'str'"
    )
    assert "'decimal.Decimal' and 'float'" in template(by_id["decimal_float_mix/0"])
    # a key the user's code writes is the user's: normalised
    missing = by_id["config_key_missing/0"]
    assert "port" in missing["code"] and template(missing) == "KeyError: <str>"
    # without the code only literals that are not names are normalised
    assert message_template(error_of(missing["output"])) == "KeyError: 'port'"


def test_the_kind_of_a_quoted_value_and_the_users_own_names(by_id):
    # one template, two causes: int() of a decimal written as text vs of an empty field; the value's kind tells
    decimal, empty = by_id["int_of_decimal_string/0"], by_id["int_of_empty_field/0"]
    assert template(decimal) == template(empty) == "ValueError: invalid literal for int() with base <num>: <str>"
    kinds = [
        {t for t in extract(error_of(r["output"]), code=r["code"])["message"] if t.startswith("kind:")}
        for r in (decimal, empty)
    ]
    assert kinds == [{"kind:decimal"}, {"kind:empty"}]
    assert [literal_kind(v) for v in ("2", " a", "\ufeffid", "2021-13-01", "host")] == [
        "int", "padded", "nonascii", "datelike", "name",
    ]  # fmt: skip
    # the user's classes and methods, named without quotes, are not part of the template
    first, second = by_id["method_called_on_class/0"], by_id["method_called_on_class/1"]
    assert "OrderService.total()" in first["output"] and "CsvFormatter.format_row()" in second["output"]
    assert (
        template(first)
        == template(second)
        == ("TypeError: <name>.<name>() missing <num> required positional argument: <str>")
    )


def test_a_message_the_users_code_wrote_is_not_a_signature(by_id):
    """`assert second == ["pear"], f"second cart leaked items: {second}"`: the author's words, kept as words only;
    two assertion failures of other causes do not share a template token through them."""
    mutable, closure = by_id["mutable_default_argument/0"], by_id["late_binding_closure/1"]
    tokens = [extract(error_of(r["output"]), code=r["code"])["message"] for r in (mutable, closure)]
    assert all(users_message(error_of(r["output"])) for r in (mutable, closure))
    assert "usermsg:AssertionError" in tokens[0] and "userword:leaked" in tokens[0]
    assert not any(t.startswith("tpl:") for t in tokens[0] + tokens[1])
    # a message Python wrote keeps its template token
    library = by_id["path_plus_string/0"]
    assert not users_message(error_of(library["output"]))
    assert any(t.startswith("tpl:") for t in extract(error_of(library["output"]), code=library["code"])["message"])


def test_program_sees_the_mistake_away_from_the_failing_line(by_id):
    mutable = by_id["mutable_default_argument/0"]
    frame = failing_frame(error_of(mutable["output"]))
    assert frame is not None and "def add_item" not in frame.code  # the mistake is not on the failing line
    assert "default>List" in program_tokens(mutable["code"])
    # a builtin's name rebound to an int, a decorator
    assert "Assign>name:sum" in program_tokens(by_id["builtin_name_shadowed/0"]["code"])
    assert "decorator>call:user" in program_tokens(by_id["decorator_returns_none/0"]["code"])
    # an in-place method's result assigned back
    inplace = by_id["inplace_method_result_assigned/1"]
    assert "Assign>call.append" in program_tokens(inplace["code"])


def test_keyword_arguments_imports_and_the_function_around_the_failing_line(by_id):
    """Session 6's fields: how the program configures a call (`mkdir(parents=True)` without `exist_ok`), the
    modules it imports, the constructs of the function the innermost project frame is in."""
    missing = by_id["mkdir_without_exist_ok/1"]
    fields = extract(error_of(missing["output"]), code=missing["code"])
    assert {"call.mkdir(kw:parents)", "kw:parents=True"} <= set(fields["keywords"])
    assert not any("exist_ok" in t for t in fields["keywords"])
    other = keyword_tokens(by_id["directory_opened_as_file/1"]["code"])
    assert "kw:exist_ok=True" in other and "call.mkdir(kw:exist_ok)" in other
    assert "kw:default=const:int" in keyword_tokens(by_id["argparse_option_without_type/0"]["code"])
    assert fields["imports"] == ["cache", "pathlib"]  # both files of the program
    # the failing line `self.root.mkdir(parents=True)` is in DiskCache.__init__: that function, not put()
    assert "FunctionDef:__init__" in fields["function"] and "call.write_text" not in fields["function"]
    assert set(fields["function"]) < set(fields["program"])
    # a comprehension's frame is in the function that holds it
    nested = by_id["directory_opened_as_file/1"]
    info = error_of(nested["output"])
    assert info.project_frames[-1].func == "<dictcomp>" and "DictComp" in function_tokens(info, nested["code"])
    # without code, or with code that does not hold the failing line, the three fields are empty
    assert all(extract(error_of(missing["output"]))[name] == [] for name in ("keywords", "imports", "function"))
    assert function_tokens(error_of(missing["output"]), by_id["argparse_option_without_type/0"]["code"]) == []


def test_without_code_the_tracebacks_lines_stand_for_the_program(by_id):
    """The agent's tracker records the command's output only: the project lines the traceback shows give the
    program field (a query without code is compared on those, not on nothing)."""
    row = by_id["path_plus_string/0"]
    info = error_of(row["output"])
    without = extract(info)["program"]
    assert without == traceback_program_tokens(info) and "BinOp:Add>const:str" in without
    program = extract(info, code=row["code"])["program"]
    assert "BinOp:Add>const:str" in program and len(set(program)) > len(set(without))  # the program holds more


def test_multi_file_programs_and_the_caret_marked_operation(by_id):
    row = next(r for r in by_id.values() if r["code"].startswith("# file: ") and "^" in r["output"])
    files = split_files(row["code"])
    assert len(files) >= 2 and all(text.strip() for text in files.values())
    info = error_of(row["output"])
    frame = failing_frame(info)
    assert frame is not None and frame.marked and frame.marked in frame.code
    fields = extract(info, code=row["code"])
    assert fields["program"] and fields["failed"]
    # the carets under `path + ".bak"` mark the operator
    plus = failing_frame(error_of(by_id["path_plus_string/0"]["output"]))
    assert plus is not None and plus.marked == "+"
    # Python < 3.11 prints no carets: nothing marked, the field is empty
    old = parse_error(
        'Traceback (most recent call last):\n  File "/p/a.py", line 3, in f\n    x = y + 1\nTypeError: bad\n'
    )
    assert old is not None and old.frames[0].marked == "" and extract(old)["failed"] == []


def test_fields_of_another_release_are_computed_again(tmp_path, by_id):
    row = by_id["mutable_default_argument/0"]
    record = BugRecord(id="r1", command=row["command"], original_error=row["output"], original_code=row["code"],
                       completed_at="done", instance_id="i1")  # fmt: skip
    store = BugStore(tmp_path / "bugs.sqlite", json_dir=None)
    fields, text = record_fields(record)
    store.save(
        record, {"message": ["usermsg:AssertionError"]}, text
    )  # as an older release wrote them: no program field
    db = store._conn()
    db.execute("UPDATE records SET document = ?", (json.dumps({"message": ["usermsg:AssertionError"]}),))
    db.commit()
    (row_read,) = store.index_rows()
    assert row_read.fields == fields and "default>List" in row_read.fields["program"]
    fresh = BugRecord.from_dict({**record.to_dict(), "id": "r2"})
    store.save(fresh, fields, text)  # written by this release: read back as written, its version beside
    stored = json.loads(db.execute("SELECT document FROM records WHERE id = 'r2'").fetchone()[0])
    assert stored.pop("_features_version") == FEATURES_VERSION and stored == fields
    assert [r.fields for r in store.index_rows() if r.id == "r2"] == [fields]
    store.close()


def test_the_apis_a_program_uses_named_by_their_import():
    """`api` (session 10): the imported names a program reads or calls, qualified by the import that bound them, with
    each call's keyword names and positional arity; the user's own names and methods on values are not APIs."""
    code = (
        "import os\nimport xml.etree.ElementTree as ET\nfrom tempfile import mkstemp as temp\nfrom glom import glom\n"
        "from . import local\n\n\ndef save(tree, data):\n    fd, path = temp(suffix='.xml')\n"
        "    ET.ElementTree(tree).write(os.path.join(path, 'out'), encoding='unicode')\n"
        "    return glom(data, 'a.b'), local.thing(), path.upper()\n"
    )
    tokens = set(api_tokens(code))
    assert {
        "api:tempfile.mkstemp", "api:tempfile.mkstemp/0", "api:tempfile.mkstemp(kw:suffix)",
        "api:xml.etree.ElementTree.ElementTree", "api:xml.etree.ElementTree.ElementTree/1",
        "api:os.path.join", "api:os.path.join/2", "api:glom.glom", "api:glom.glom/2",
    } <= tokens  # fmt: skip
    assert "api:os.path" not in tokens  # a chain counts once, as a whole
    assert not any("local" in t or "upper" in t or "write" in t for t in tokens)  # relative imports, methods on values
    assert extract(error_of("ValueError: x"), code="")["api"] == []


def test_the_api_field_tells_look_alike_causes_apart():
    """On bug_heldout7 (tuned on since session 10) the same cause ends in different messages and look-alikes share
    one; the APIs the programs call raise the share of queries whose first hit is of the same cause."""
    from agent.bug_consultant.retrieval import BugIndex, Query
    from agent.bug_consultant.store import IndexRow

    path = Path(__file__).resolve().parents[1] / "data" / "bug_heldout7" / "bug_heldout7.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    queries = [Query.from_error(error_of(r["output"]), code=r["code"], instance_id=r["id"]) for r in rows]
    assert sum(bool(q.fields["api"]) for q in queries) >= 0.9 * len(rows)
    index_rows = [
        IndexRow(i + 1, r["id"], "run", r["id"], True, True, q.fields, q.text, q.embedding)
        for i, (r, q) in enumerate(zip(rows, queries, strict=True))
    ]
    group = {r["id"]: r["group"] for r in rows}
    sizes = {g: sum(r["group"] == g for r in rows) for g in group.values()}

    def recall_at_1(weights: dict[str, float]) -> float:
        index = BugIndex(None, weights=weights)
        index.add_rows(index_rows)
        firsts = [
            group[index.rank(q, exclude={r["id"]})[0].record_id] == r["group"]
            for r, q in zip(rows, queries, strict=True)
            if sizes[r["group"]] > 1
        ]
        return sum(firsts) / len(firsts)

    assert recall_at_1({}) >= recall_at_1({"api": 0.0}) + 0.04
