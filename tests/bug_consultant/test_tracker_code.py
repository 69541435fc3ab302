"""The tracker's records carry the program: the project files a real traceback passes through, read through a real
shell (mini-swe-agent's LocalEnvironment, as the agent reads its container), in the labelled sets' `# file:` format;
library files, files outside the project and files that cannot be read give no code."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from minisweagent.environments.docker import DockerEnvironment
from minisweagent.environments.local import LocalEnvironment

from agent.bug_consultant import BugTracker
from agent.bug_consultant.errors import parse_error
from agent.bug_consultant.features import program_tokens, split_files, traceback_program_tokens
from agent.bug_consultant.tracker import env_cwd, env_file_reader, project_code
from tests.conftest import TESTBED

HELDOUT = Path(__file__).resolve().parents[1] / "data" / "bug_heldout" / "bug_heldout.jsonl"
ROOT = "/home/user/project"  # where the labelled programs ran

LOADER = """\
import yaml


def parse(text):
    lines = text.splitlines()
    lines.sort()
    return yaml.safe_load("\\n".join(lines))


def unused():
    return 1
"""

HELPER = """\
def pipe(fn, value):
    return fn(value)
"""

RUN = """\
import sys

sys.path.insert(0, {outside!r})

from helper import pipe
from shop.loader import parse

print(pipe(parse, "name: a: b"))
"""


def failing_project(tmp_path: Path) -> tuple[Path, Path, subprocess.CompletedProcess]:
    """project/run.py -> outside/helper.py (not under the project) -> project/shop/loader.py -> yaml (a ScannerError
    raised in site-packages), run for real."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    (project / "shop").mkdir(parents=True)
    outside.mkdir()
    (project / "shop" / "__init__.py").write_text("")
    (project / "shop" / "loader.py").write_text(LOADER)
    (outside / "helper.py").write_text(HELPER)
    (project / "run.py").write_text(RUN.format(outside=str(outside)))
    proc = subprocess.run(
        [sys.executable, "run.py"], cwd=project, capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 1 and "yaml.scanner.ScannerError" in proc.stderr, proc.stderr
    return project, outside, proc


def tracker_for(project: Path, make_config) -> BugTracker:
    env = LocalEnvironment(cwd=str(project), timeout=30)
    return BugTracker(make_config(), run_id="run-code", read_file=env_file_reader(env), project_root=env_cwd(env))


def stored_code(tracker: BugTracker) -> str:
    assert tracker.consultant is not None and tracker.consultant.store is not None
    (record,) = tracker.consultant.bug_records
    stored = tracker.consultant.store.get(record.id)
    assert stored is not None
    return stored.original_code


def test_record_carries_the_tracebacks_project_files_innermost_first(tmp_path, make_config):
    project, outside, proc = failing_project(tmp_path)
    tracker = tracker_for(project, make_config)
    tracker.observe("python run.py", proc.stderr, proc.returncode, "reproduce", 1)
    code = stored_code(tracker)

    assert list(split_files(code)) == ["shop/loader.py", "run.py"]  # the innermost project frame's file first
    assert split_files(code)["shop/loader.py"].rstrip() == LOADER.rstrip()
    assert split_files(code)["run.py"].rstrip() == (project / "run.py").read_text().rstrip()
    assert code.startswith("# file: shop/loader.py\nimport yaml\n")
    # the traceback passes through yaml (site-packages) and outside/helper.py: neither is the project's
    assert "site-packages" in proc.stderr and str(outside / "helper.py") in proc.stderr
    assert "def pipe" not in code and "class Scanner" not in code and "../" not in code
    # the program field now sees lines the traceback does not show (the in-place sort, the unused function)
    info = parse_error(proc.stderr, proc.returncode)
    assert info is not None
    assert "Expr>call.sort" in program_tokens(code) and "Expr>call.sort" not in traceback_program_tokens(info)
    assert tracker.observe_errors == 0


def test_unreadable_or_missing_files_give_no_code_and_the_record_still_starts(tmp_path, make_config):
    project, _, proc = failing_project(tmp_path)
    (project / "shop" / "loader.py").unlink()  # gone by the time the tracker reads it: run.py alone
    tracker = tracker_for(project, make_config)
    tracker.observe("python run.py", proc.stderr, proc.returncode, "reproduce", 1)
    assert list(split_files(stored_code(tracker))) == ["run.py"]

    (project / "run.py").unlink()
    (project / "run.py").mkdir()  # not a regular file: the shell reader refuses it
    tracker = tracker_for(project, make_config)
    tracker.observe("python run.py", proc.stderr, proc.returncode, "reproduce", 1)
    assert stored_code(tracker) == ""
    assert tracker.bugs[0].record_id is not None and tracker.observe_errors == 0

    # a reader that raises (undecodable bytes through Path.read_text) is a file without code, not an agent error
    (project / "shop" / "loader.py").write_bytes(b"\xff\xfe not utf-8 \xff")
    info = parse_error(proc.stderr, proc.returncode)
    assert info is not None
    assert project_code(info, lambda path: Path(path).read_text(), str(project)) == ""


def test_env_reader_quotes_paths_and_reads_nothing_that_is_not_a_regular_file(tmp_path):
    odd = tmp_path / "it's a $(dir)"
    odd.mkdir()
    (odd / "m o d.py").write_text("x = 1\n")
    read = env_file_reader(LocalEnvironment(cwd=str(tmp_path), timeout=30))
    assert read(str(odd / "m o d.py")) == "x = 1\n"
    assert read(str(odd)) is None
    assert read(str(odd / "missing.py")) is None
    assert not (tmp_path / "dir").exists()  # the $(dir) was a name, not a command


def test_a_long_file_is_cut_to_its_imports_and_the_function_around_the_failing_line(tmp_path):
    filler = "\n\n".join(f"def filler_{i}(a, b):\n    return a * {i} + b - {i}" for i in range(300))
    source = (
        f"import json\nfrom collections import OrderedDict\n\n{filler}\n\n\nclass Report:\n"
        "    @staticmethod\n    def rows(data):\n        parsed = json.loads(data)\n        return parsed['rows']\n\n\n"
        f"{filler.replace('filler_', 'later_')}\n\n\nprint(Report.rows('[1, 2]'))\n"
    )
    assert len(source) > 20_000
    (tmp_path / "big.py").write_text(source)
    proc = subprocess.run(
        [sys.executable, "big.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    info = parse_error(proc.stderr, proc.returncode)
    assert info is not None and info.exc_type == "TypeError"
    code = project_code(info, lambda path: Path(path).read_text(), str(tmp_path), max_chars=20_000)
    text = split_files(code)["big.py"]
    assert text.splitlines() == [
        "import json",
        "from collections import OrderedDict",
        "@staticmethod",
        "def rows(data):",
        "    parsed = json.loads(data)",
        "    return parsed['rows']",
        "print(Report.rows('[1, 2]'))",
    ]
    assert {"call.loads", "import:json", "import:collections"} <= set(program_tokens(code))


def test_on_the_labelled_programs_the_code_is_the_files_their_tracebacks_name(tmp_path):
    """bug_heldout's multi-file programs, as the tracker would read them from their project folder: only the files a
    project frame names, innermost first, each unchanged; a file the traceback does not pass through is left out."""
    rows = [json.loads(line) for line in HELDOUT.read_text().splitlines() if line.strip()]
    multi = [row for row in rows if row["code"].startswith("# file: ")]
    left_out = 0
    for row in multi:
        files = split_files(row["code"])
        info = parse_error(row["output"], row["returncode"])
        assert info is not None
        code = project_code(info, {f"{ROOT}/{path}": text for path, text in files.items()}.get, ROOT)
        named = list(dict.fromkeys(f.file[len(ROOT) + 1 :] for f in reversed(info.project_frames)))
        kept = split_files(code) if code else {}
        assert list(kept) == [path for path in named if path in files][:3], row["id"]
        assert all(text.rstrip() == files[path].rstrip() for path, text in kept.items()), row["id"]
        left_out += len(files) - len(kept)
    assert len(multi) > 100 and left_out > 0


REPRO = """\
import json
import sys
from more_itertools import first


def load(text):
    return first(json.loads(text))


print(load(sys.argv[1]))
"""


@pytest.mark.docker
def test_in_a_container_the_record_reads_the_repository_and_leaves_the_stdlib_out(engine, make_config):
    """The agent's path: the testbed image's repository (more_itertools at /testbed), read through mini-swe-agent's
    DockerEnvironment. A failure inside the repository's 150 kB more.py keeps the function around the line and the
    imports; one inside the stdlib's json keeps only the script."""
    env = DockerEnvironment(image=TESTBED, cwd="/testbed", run_args=["--rm", "--network", "none"], timeout=60)
    try:
        assert env.execute({"command": f"cat > repro.py <<'EOF'\n{REPRO}EOF"})["returncode"] == 0
        tracker = BugTracker(
            make_config(), run_id="run-docker", read_file=env_file_reader(env), project_root=env_cwd(env)
        )
        for step, arg in enumerate(["'[]'", "'['"], 1):
            out = env.execute({"command": f"python repro.py {arg}"})
            assert out["returncode"] == 1
            tracker.observe(f"python repro.py {arg}", out["output"], out["returncode"], "reproduce", step)
        more = env.execute({"command": "cat more_itertools/more.py"})["output"]
    finally:
        env.cleanup()
    assert tracker.consultant is not None and tracker.consultant.store is not None
    empty, decode = (tracker.consultant.store.get(r.id) for r in tracker.consultant.bug_records)
    assert empty is not None and decode is not None
    assert (empty.exception_type, decode.exception_type) == ("ValueError", "json.decoder.JSONDecodeError")

    files = split_files(empty.original_code)
    assert list(files) == ["more_itertools/more.py", "repro.py"] and files["repro.py"].rstrip() == REPRO.rstrip()
    assert len(more) > 100_000 and len(files["more_itertools/more.py"]) <= 20_000
    cut = files["more_itertools/more.py"]
    assert "def first(iterable, default=_marker):" in cut and "from itertools import" in cut
    assert "def last(" not in cut and ast.parse(cut)
    # the JSON error passes through /usr/lib/python3.11/json: the stdlib is not the project's
    assert "/json/decoder.py" in decode.original_error
    assert list(split_files(decode.original_code)) == ["repro.py"]
