"""Tool specs: every malformed spec gives one clear line naming the file and the field, and exit code 2."""

import subprocess
from pathlib import Path

import pytest

from provisioner.errors import SpecError
from provisioner.spec import DEFAULT_SPECS_DIR, available_specs, load_spec, load_specs

GOOD = """\
tool_name: demo
version: "1.0"
source: null
py_standalone: "3.9"
installation: pip
executable: demo
check: demo --version
usage: demo does things
"""


def write(tmp_path: Path, text: str, name: str = "demo") -> Path:
    (path := tmp_path / f"{name}.yaml").write_text(text)
    return path


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (("usage:", "colour: red\nusage:"), "colour", "unknown field"),
        (('py_standalone: "3.9"', "py_standalone: [3, 9]"), "py_standalone", "valid string"),
        (('py_standalone: "3.9"', 'py_standalone: "three"'), "py_standalone", "like '3.11'"),
        (("source: null", "source: missing_dir"), "source", "does not exist"),
        (("installation: pip", "installation: conda"), "installation", "only 'pip' is supported"),
        (("usage:", "setup_script: 'echo {{ tool_name'\nusage:"), "setup_script", "bad template"),
        (("usage:", "setup_script: 'echo {{ password }}'\nusage:"), "setup_script", "unknown template variable"),
        (("tool_name: demo", "tool_name: other"), "tool_name", "must match the file name"),
        (('version: "1.0"\n', ""), "version", "required when there is no source"),
        (("check: demo --version\n", ""), "check", "Field required"),
        (("executable: demo", "executable: 'Bad Name'"), "executable", "command name"),
        (("usage: demo does things", "usage: [unclosed"), "line 8", "not valid YAML"),
    ],
)
def test_malformed_spec_names_file_and_field(tmp_path: Path, edit: tuple[str, str], field: str, message: str):
    path = write(tmp_path, GOOD.replace(*edit))
    with pytest.raises(SpecError) as exc:
        load_spec(path)
    assert (exc.value.field, exc.value.exit_code) == (field, 2)
    assert str(exc.value).startswith(f"{path}: {field}: ")
    assert message in str(exc.value)
    cli = subprocess.run(
        ["toolprov", "install", "demo", "--specs", str(tmp_path), "-i", "unused"], capture_output=True, text=True
    )
    assert cli.returncode == 2
    assert f"{path}: {field}:" in cli.stderr and "Traceback" not in cli.stderr


def test_source_spec_resolves_folder_and_requirements(tmp_path: Path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src/pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64"]\n'
        '[project]\nname = "demo"\nversion = "2.0"\ndependencies = ["attrs>=22"]\n'
    )
    spec = load_spec(
        write(tmp_path, GOOD.replace('version: "1.0"', "version: null").replace("source: null", "source: src"))
    )
    assert spec.source == (tmp_path / "src").resolve()
    assert (spec.pip_target(), spec.requirements()) == ("-e .", ["setuptools>=64", "attrs>=22"])
    digest = spec.source_digest()
    (tmp_path / "src/extra.py").write_text("x = 1\n")
    assert spec.source_digest() != digest  # a changed source changes the key


def test_shipped_specs_are_valid_and_ordered():
    names = [p.stem for p in available_specs()]
    assert {"pyflakes", "fileedit"} <= set(names)
    assert [s.tool_name for s in load_specs(list(reversed(names)))] == sorted(names)
    kinds = {s.tool_name: (s.source is not None, s.py_standalone is not None) for s in load_specs(names)}
    assert kinds["pyflakes"] == (False, True) and kinds["fileedit"] == (True, True)
    assert all(load_spec(DEFAULT_SPECS_DIR / f"{n}.yaml").usage.strip() for n in names)


def test_unknown_tool_lists_known_ones():
    res = subprocess.run(["toolprov", "install", "no-such-tool", "-i", "x"], capture_output=True, text=True)
    assert res.returncode == 2
    assert "no tool named 'no-such-tool'" in res.stderr and "pyflakes" in res.stderr
