"""Every error path of `toolprov`: exactly one line on stderr, no traceback, nothing on stdout, the documented exit
code (1 a failed build, check or engine/image problem; 2 a malformed spec or bad arguments)."""

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import TESTBED

GOOD = "tool_name: demo\nversion: '1.0'\npy_standalone: '3.9'\nexecutable: demo\ncheck: demo --version\nusage: u\n"
UNIQUE = "description: 'test {d}'\n"  # a key no other test shares, and a marker to find its images by
LONG = "x" * 300

# (id, argv with {d} for a scratch folder, files to write there, extra env, exit code, text in the error line)
CASES: list[tuple[str, list[str], dict[str, bytes], dict[str, str], int, str]] = [
    ("no-command", [], {}, {}, 2, "missing command"),
    ("unknown-command", ["bogus"], {}, {}, 2, "No such command 'bogus'"),
    ("unknown-option", ["install", "fileedit", "-i", "x", "--bogus"], {}, {}, 2, "No such option: --bogus"),
    ("no-tools", ["install"], {}, {}, 2, "Missing argument"),
    ("no-image", ["install", "fileedit"], {}, {}, 2, "no image given"),
    ("debug-env-0", ["install", "fileedit"], {}, {"TOOLPROV_DEBUG": "0"}, 2, "no image given"),  # was a traceback
    ("debug-env-false", ["show", "Bad!"], {}, {"TOOLPROV_DEBUG": "false"}, 2, "invalid image name 'Bad!'"),
    ("env-bogus", ["install", "fileedit", "-i", "x", "--env", "bogus"], {}, {}, 2, "--env must be auto, conda or venv"),
    ("empty-image", ["install", "fileedit", "-i", ""], {}, {}, 2, "empty image name"),
    ("blank-image", ["install", "fileedit", "-i", "  "], {}, {}, 2, "empty image name"),
    ("image-with-space", ["install", "fileedit", "-i", "a b"], {}, {}, 2, "invalid image name 'a b'"),
    ("image-uppercase", ["install", "fileedit", "-i", "Ubuntu:22.04"], {}, {}, 2, "invalid image name"),
    ("image-bad-tag", ["install", "fileedit", "-i", "ubuntu:"], {}, {}, 2, "invalid image name"),
    ("image-uppercase-path", ["install", "fileedit", "-i", "UPPER/case:tag"], {}, {}, 2, "invalid image name"),
    ("show-bad-name", ["show", "Bad!"], {}, {}, 2, "invalid image name 'Bad!'"),
    ("verify-bad-name", ["verify", "a:b:c"], {}, {}, 2, "invalid image name 'a:b:c'"),
    ("remove-bad-name", ["remove", "Bad!"], {}, {}, 2, "invalid image name 'Bad!'"),
    ("list-base-bad-name", ["list", "--base", "Bad Name"], {}, {}, 2, "invalid image name 'Bad Name'"),  # was: none
    ("specs-missing", ["specs", "--specs", "{d}/none"], {}, {}, 2, "does not exist"),
    ("install-specs-missing", ["install", "fileedit", "-i", "a", "--specs", "{d}/none"], {}, {}, 2, "does not exist"),
    ("image-too-long", ["install", "fileedit", "-i", "a" * 300], {}, {}, 2, "invalid image name"),
    ("tag-two-images", ["install", "fileedit", "-i", "a", "-i", "b", "--tag", "x"], {}, {}, 2, "single image"),
    ("tag-file-of-one", ["install", "fileedit", "--images-file", "{d}/i.txt", "--tag", "x"], {"i.txt": b"a\n"}, {}, 2,
     "not a batch (a file, a shard or a repeated --image is one"),  # it said 'not a batch (1 images)'
    ("tag-invalid", ["install", "fileedit", "-i", "a", "--tag", "Bad:x:y"], {}, {}, 2, "invalid --tag 'Bad:x:y'"),
    ("tag-empty", ["install", "fileedit", "-i", "a", "--tag", ""], {}, {}, 2, "invalid --tag ''"),
    ("tag-base-name", ["install", "fileedit", "-i", "toolprov-testbed:bookworm", "--tag", "toolprov-testbed:bookworm"],
     {}, {}, 2, "the base image's own name"),
    ("tag-base-latest", ["install", "fileedit", "-i", "some/base", "--tag", "some/base:latest"], {}, {}, 2,
     "the base image's own name"),
    ("tag-digest", ["install", "fileedit", "-i", "a", "--tag", "a@sha256:" + "0" * 64], {}, {}, 2, "invalid --tag"),
    ("jobs-zero", ["install", "fileedit", "-i", "a", "-j", "0"], {}, {}, 2, "--jobs"),
    ("jobs-text", ["install", "fileedit", "-i", "a", "-j", "many"], {}, {}, 2, "--jobs"),
    ("unknown-tool", ["install", "no-such-tool", "-i", "a"], {}, {}, 2, "no tool named 'no-such-tool'"),
    ("spec-not-utf8", ["install", "demo", "--specs", "{d}", "-i", "a"], {"demo.yaml": b"usage: caf\xe9\n"}, {}, 2,
     "not UTF-8 text (byte 0xe9"),
    ("spec-nul-byte", ["install", "demo", "--specs", "{d}", "-i", "a"], {"demo.yaml": b"usage: a\x00b\n"}, {}, 2,
     "not valid YAML"),
    ("spec-deep", ["install", "demo", "--specs", "{d}", "-i", "a"], {"demo.yaml": b"[" * 5000 + b"]" * 5000}, {}, 2,
     "demo.yaml"),
    ("spec-list", ["install", "demo", "--specs", "{d}", "-i", "a"], {"demo.yaml": b"- a\n- b\n"}, {}, 2,
     "must be a mapping"),
    ("spec-empty", ["install", "demo", "--specs", "{d}", "-i", "a"], {"demo.yaml": b""}, {}, 2, "must be a mapping"),
    ("spec-long-field", ["install", "demo", "--specs", "{d}", "-i", "a"],
     {"demo.yaml": (GOOD + f"{LONG}: 1\n").encode()}, {}, 2, f"{LONG}: unknown field"),
    ("spec-multiline-message", ["install", "demo", "--specs", "{d}", "-i", "a"],
     {"demo.yaml": GOOD.replace("usage: u", "usage: [a,\n  b").encode()}, {}, 2, "not valid YAML"),
    ("spec-is-dir", ["install", "{d}/sub/demo.yaml", "-i", "a"], {"sub/demo.yaml/x": b""}, {}, 2, "cannot read"),
    ("spec-markup", ["install", "demo", "--specs", "{d}", "-i", "a"],
     {"demo.yaml": GOOD.replace("usage: u", "usage: u\nsetup_script: '{{ [red]x[/red] }}'").encode()}, {}, 2,
     "setup_script"),
    ("specs-invalid", ["specs", "--specs", "{d}"], {"demo.yaml": b"tool_name: [\n"}, {}, 2, "1 of 1 tool specs"),
    ("images-file-missing", ["install", "fileedit", "--images-file", "{d}/none.txt"], {}, {}, 2, "No such file"),
    ("images-file-bom", ["install", "fileedit", "--images-file", "{d}/i.txt"], {"i.txt": b"\xef\xbb\xbfBad Name\n"}, {},
     2, "invalid image name 'Bad Name'"),  # a BOM is read as one, not as part of the first name
    ("instances-bom", ["install", "fileedit", "--instances", "{d}/i.json"],
     {"i.json": b'\xef\xbb\xbf[{"instance_id": "a__b-1", "image_name": "Bad Name"}]'}, {}, 2,
     "invalid image name 'Bad Name'"),
    ("images-file-not-utf8", ["install", "fileedit", "--images-file", "{d}/i.txt"], {"i.txt": b"\xff\xfe"}, {}, 2,
     "not UTF-8"),
    ("images-file-bad-name", ["install", "fileedit", "--images-file", "{d}/i.txt"], {"i.txt": b"ok:1\nBad Name\n"},
     {}, 2, "invalid image name 'Bad Name'"),
    ("images-file-empty", ["install", "fileedit", "--images-file", "{d}/i.txt"], {"i.txt": b"# none\n"}, {}, 2,
     "no image given: no image in {d}/i.txt"),  # it used to say 'use --image IMG, --images-file FILE or …'
    ("instances-empty", ["install", "fileedit", "--instances", "{d}/i.jsonl", "--shard", "0/2"], {"i.jsonl": b"\n"},
     {}, 2, "no image given: no image in {d}/i.jsonl"),
    ("instances-empty-list", ["install", "fileedit", "--instances", "{d}/i.json"], {"i.json": b"[]"}, {}, 2,
     "no image given: no image in {d}/i.json"),
    ("instances-not-json", ["install", "fileedit", "--instances", "{d}/i.jsonl"], {"i.jsonl": b"{oops"}, {}, 2,
     "not JSON lines"),
    ("instances-scalar", ["install", "fileedit", "--instances", "{d}/i.json"], {"i.json": b"[1, 2]"}, {}, 2,
     "instance 1 is not a JSON object"),
    ("instances-no-image", ["install", "fileedit", "--instances", "{d}/i.jsonl"], {"i.jsonl": b'{"repo": "x"}'},
     {}, 2, "instance 1 has no image_name"),
    ("remove-nothing", ["remove"], {}, {}, 2, "name the images to remove"),
    # checked before the engine is asked (no engine here): --stale used to win over --all, --all over the names
    ("remove-all-and-stale", ["remove", "--all", "--stale"], {}, {"DOCKER_HOST": "unix:///nonexistent.sock"}, 2,
     "only one of them"),
    ("remove-image-and-all", ["remove", "a:1", "--all"], {}, {"DOCKER_HOST": "unix:///nonexistent.sock"}, 2,
     "only one of them"),
    ("show-no-arg", ["show"], {}, {}, 2, "Missing argument"),
    ("dockerfile-no-output", ["dockerfile", "fileedit", "-i", "a"], {}, {}, 2, "--output"),
    ("dockerfile-bad-image", ["dockerfile", "fileedit", "-i", "", "-o", "{d}/out"], {}, {}, 2, "empty image name"),
    ("dockerfile-output-under-a-file", ["dockerfile", "fileedit", "-i", "a", "-o", "{d}/f/sub/ctx"], {"f": b""}, {}, 2,
     "cannot make {d}/f/sub/ctx: {d}/f is not a folder"),  # was: NotADirectoryError: [Errno 20] …, exit 1
    ("no-engine", ["install", "fileedit", "-i", "a"], {}, {"DOCKER_HOST": "unix:///nonexistent.sock"}, 1,
     "no Docker engine answers"),
    ("no-engine-list", ["list"], {}, {"DOCKER_HOST": "unix:///nonexistent.sock"}, 1, "no Docker engine answers"),
]  # fmt: skip

ENGINE_CASES: list[tuple[str, list[str], dict[str, bytes], dict[str, str], int, str]] = [
    ("image-not-found", ["install", "fileedit", "-i", "no-such-image:1"], {}, {}, 1, "not found locally"),
    ("cache-is-a-file", ["install", "pyflakes", "-i", TESTBED], {"cache": b""}, {"TOOLPROV_CACHE": "{d}/cache"}, 1,
     "cannot use {d}/cache as toolprov's cache folder (TOOLPROV_CACHE): File exists"),  # was: FileExistsError: …
    ("show-not-provisioned", ["show", TESTBED], {}, {}, 1, "was not provisioned by toolprov"),
    ("verify-not-found", ["verify", "no-such-image:1"], {}, {}, 1, "not found locally"),
    ("remove-not-provisioned", ["remove", TESTBED], {}, {}, 1, "was not provisioned by toolprov"),
    ("batch-all-missing", ["install", "pyflakes", "--images-file", "{d}/i.txt"], {"i.txt": b"no-such:2\nno-such:3\n"},
     {}, 1, "2 of 2 images failed (0 built, 0 cached, 2 failed); first: no-such:2: image 'no-such:2' not found"),
    ("dockerfile-not-empty", ["dockerfile", "fileedit", "-i", TESTBED, "-o", "{d}"], {"x": b""}, {}, 2,
     "is not an empty folder"),
    ("no-python", ["install", "demo", "--specs", "{d}", "-i", TESTBED],
     {"demo.yaml": GOOD.replace("'3.9'", "'3.12'").replace("version: '1.0'", "version: '1.0'\npackage: pyflakes")
      .encode()}, {}, 1, "has no Python >= 3.12 with the venv module"),
    ("setup-fails", ["install", "demo", "--specs", "{d}", "-i", TESTBED],
     {"demo.yaml": GOOD.replace("version: '1.0'", "version: '3.2.0'\npackage: pyflakes")
      .replace("executable: demo", "executable: pyflakes").replace("demo --version", "pyflakes --version")
      .replace("usage: u", UNIQUE + "usage: u\nsetup_script: |\n  echo first line >&2\n"
               "  echo second line >&2\n  exit 7")
      .encode()}, {}, 1, "step 'setup script' failed (exit 7); last output: first line | second line"),
    ("check-fails", ["install", "demo", "--specs", "{d}", "-i", TESTBED],
     {"demo.yaml": GOOD.replace("version: '1.0'", "version: '3.2.0'\npackage: pyflakes")
      .replace("executable: demo", "executable: pyflakes").replace("demo --version", "echo nope; exit 4")
      .replace("usage: u", UNIQUE + "usage: u").encode()},
     {}, 1, "step 'check: echo nope; exit 4' failed (exit 4); last output: nope"),
]  # fmt: skip


def run_case(tmp_path: Path, argv: list[str], files: dict[str, bytes], env: dict[str, str]):
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data.replace(b"{d}", str(tmp_path).encode()))
    args = [a.replace("{d}", str(tmp_path)) for a in argv]
    environ = {k: v for k, v in os.environ.items() if k not in ("TOOLPROV_DEBUG", "TOOLPROV_SPECS")}
    extra = {k: v.replace("{d}", str(tmp_path)) for k, v in env.items()}
    res = subprocess.run(["toolprov", *args], capture_output=True, text=True, env={**environ, **extra}, timeout=600)
    return res


def assert_one_line(res: subprocess.CompletedProcess, code: int, text: str) -> None:
    assert res.returncode == code, res.stderr
    assert res.stderr.count("\n") == 1 and res.stderr.endswith("\n"), res.stderr  # one line, however long
    assert res.stderr.startswith("toolprov: error: ") and text in res.stderr, res.stderr
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize(("argv", "files", "env", "code", "text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_error_path_is_one_line_with_its_exit_code(tmp_path: Path, argv, files, env, code: int, text: str):
    res = run_case(tmp_path, argv, files, env)
    assert_one_line(res, code, text.replace("{d}", str(tmp_path)))
    assert res.stdout == "" or argv[:1] in ([], ["specs"])  # the help, or the table of specs, go to stdout


@pytest.mark.docker
@pytest.mark.parametrize(
    ("argv", "files", "env", "code", "text"), [c[1:] for c in ENGINE_CASES], ids=[c[0] for c in ENGINE_CASES]
)
def test_engine_error_path_is_one_line_with_its_exit_code(engine, tmp_path: Path, argv, files, env, code, text):
    res = run_case(tmp_path, argv, files, env)
    assert_one_line(res, code, text.replace("{d}", str(tmp_path)))
    assert res.stdout == ""
    made = [i for i in engine.images.list(filters={"label": "toolprov.key"}) if str(tmp_path) in str(i.labels)]
    assert made == []  # nothing committed or tagged


@pytest.mark.docker
def test_invalid_tag_is_refused_before_any_build(engine, tmp_path: Path):
    spec = GOOD.replace("version: '1.0'", "version: '3.2.0'\npackage: pyflakes").replace(
        "executable: demo", "executable: pyflakes"
    )
    (tmp_path / "demo.yaml").write_text(
        spec.replace("demo --version", "pyflakes --version") + f"description: {tmp_path.name}\n"
    )
    before = {i.id for i in engine.images.list()}
    res = run_case(tmp_path, ["install", "demo", "--specs", "{d}", "-i", TESTBED, "--tag", "Not Valid"], {}, {})
    assert_one_line(res, 2, "invalid --tag 'Not Valid'")
    assert {i.id for i in engine.images.list()} == before


@pytest.mark.docker
def test_image_name_goes_to_stdout_and_a_tag_is_applied(engine, tmp_path: Path):
    tag = f"toolprov-errtest:{tmp_path.name[-20:].lower().replace('_', '-')}"
    res = run_case(tmp_path, ["install", "pyflakes", "-i", TESTBED, "--tag", tag], {}, {})
    try:
        assert res.returncode == 0, res.stderr
        assert res.stdout == f"{tag}\n"  # IMG=$(toolprov install …) captures exactly the image
        assert res.stderr.count("\n") == 1 and "pyflakes" in res.stderr  # the summary goes to stderr
        assert engine.images.get(tag).labels["toolprov.tools"] == "pyflakes"
    finally:
        engine.images.remove(tag)


@pytest.mark.parametrize(
    ("argv", "exception"),
    [(["install", "fileedit", "-i", ""], "provisioner.errors.UsageError: empty image name"),
     (["install", "demo", "--specs", "{d}", "-i", "a"], "provisioner.errors.SpecError")],
)  # fmt: skip
def test_debug_shows_the_traceback(tmp_path: Path, argv: list[str], exception: str):
    (tmp_path / "demo.yaml").write_bytes(b"usage: caf\xe9\n")
    res = run_case(tmp_path, ["--debug", *argv], {}, {})
    assert res.returncode == 1 and res.stderr.startswith("Traceback") and exception in res.stderr
