import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PEOPLE = "name,age,city,member\nAda,36,London,true\nJosé,,Sevilla,false\nLin,29.5,Taipei,\n"


def csvjson(*args: object, stdin: str | None = None, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    argv = [sys.executable, "-m", "csvjson", *map(str, args)]
    return subprocess.run(argv, input=stdin, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_to_json_strings(tmp_path: Path) -> None:
    proc = csvjson("to-json", stdin=PEOPLE, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[1] == {"name": "José", "age": "", "city": "Sevilla", "member": "false"}
    assert proc.stderr == "csvjson: 3 record(s)\n"


def test_to_json_infer_types(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--infer", stdin=PEOPLE, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [
        {"name": "Ada", "age": 36, "city": "London", "member": True},
        {"name": "José", "age": None, "city": "Sevilla", "member": False},
        {"name": "Lin", "age": 29.5, "city": "Taipei", "member": None},
    ]


def test_to_json_fields_and_file_output(tmp_path: Path) -> None:
    (tmp_path / "people.csv").write_text(PEOPLE)
    proc = csvjson("to-json", "people.csv", "-o", "out.json", "--fields", "city, name", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert json.loads((tmp_path / "out.json").read_text())[0] == {"city": "London", "name": "Ada"}
    assert list(json.loads((tmp_path / "out.json").read_text())[2]) == ["city", "name"]


def test_to_json_semicolon_latin1(tmp_path: Path) -> None:
    (tmp_path / "old.csv").write_bytes("name;city\nJosé;Sevilla\n".encode("latin-1"))
    proc = csvjson("to-json", "old.csv", "--delimiter", ";", "--encoding", "latin-1", "--indent", "0", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == '[\n{\n"name": "José",\n"city": "Sevilla"\n}\n]\n'


def test_to_json_unknown_field(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--fields", "name,email", stdin=PEOPLE, cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr == "csvjson: error: unknown field(s): email; the header has: name, age, city, member\n"


def test_to_json_ragged_row(tmp_path: Path) -> None:
    proc = csvjson("to-json", stdin="a,b\n1,2\n3,4,5\n", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr == "csvjson: error: line 3: 3 values for 2 columns\n"


def test_missing_input_file(tmp_path: Path) -> None:
    proc = csvjson("to-json", "nope.csv", cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "csvjson: error: no such file: nope.csv\n"


def test_to_csv_union_of_keys(tmp_path: Path) -> None:
    records = [{"id": 1, "tag": "x"}, {"id": 2, "note": None}, {"tag": "z", "note": "n"}]
    proc = csvjson("to-csv", stdin=json.dumps(records), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "id,tag,note\n1,x,\n2,,\n,z,n\n"


def test_to_csv_file_roundtrip(tmp_path: Path) -> None:
    (tmp_path / "people.csv").write_text(PEOPLE)
    assert csvjson("to-json", "people.csv", "-o", "people.json", cwd=tmp_path).returncode == 0
    proc = csvjson("to-csv", "people.json", "-o", "back.csv", "--delimiter", "|", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "back.csv").read_text() == PEOPLE.replace(",", "|")


def test_to_csv_invalid_json(tmp_path: Path) -> None:
    proc = csvjson("to-csv", stdin='[{"a": 1},', cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr.startswith("csvjson: error: invalid JSON: Expecting value: line 1 column 11")


def test_to_json_infer_with_fields(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--infer", "--fields", " member , age", stdin=PEOPLE, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [
        {"member": True, "age": 36},
        {"member": False, "age": None},
        {"member": None, "age": 29.5},
    ]


def test_to_json_cp1252_to_file(tmp_path: Path) -> None:
    (tmp_path / "win.csv").write_bytes("name,city\nZoë,Córdoba\n".encode("cp1252"))
    proc = csvjson("to-json", "win.csv", "--encoding", "cp1252", "-o", "win.json", cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (0, ""), proc.stderr
    assert '"name": "Zoë"' in (tmp_path / "win.json").read_text(encoding="utf-8")


def test_to_json_tab_delimiter(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--delimiter", "\t", stdin="id\tlabel\n7\tseven\n", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [{"id": "7", "label": "seven"}]


def test_to_json_short_row_is_null(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--infer", stdin="a,b\n1\n", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [{"a": 1, "b": None}]


def test_to_csv_sparse_to_file(tmp_path: Path) -> None:
    (tmp_path / "in.json").write_text(json.dumps([{"a": 1}, {"b": 2}]))
    proc = csvjson("to-csv", "in.json", "-o", "out.csv", "--delimiter", ";", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.csv").read_text() == "a;b\n1;\n;2\n"


def test_to_csv_values_and_null(tmp_path: Path) -> None:
    records = [{"ok": True, "tags": ["a", "b"], "n": None}, {"ok": False, "tags": [], "n": 1.5}]
    proc = csvjson("to-csv", "--null", "NA", stdin=json.dumps(records), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == 'ok,tags,n\ntrue,"[""a"",""b""]",NA\nfalse,[],1.5\n'


def test_to_json_limit(tmp_path: Path) -> None:
    proc = csvjson("to-json", "--limit", "2", "--fields", "name", stdin=PEOPLE, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [{"name": "Ada"}, {"name": "José"}]
    assert proc.stderr == "csvjson: 2 record(s)\n"
