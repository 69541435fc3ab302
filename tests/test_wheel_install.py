"""Installed as users install it: the wheel is built from this checkout, installed (not editable) into a fresh venv,
and the README's commands run from that venv, outside the checkout."""

import json
import os
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import tomllib

from provisioner import api
from provisioner.recipe import RECIPE_DIGEST
from provisioner.spec import available_specs, load_spec, source_files
from tests.conftest import ROOT, TESTBED

TOOLS = ["debugger", "fileedit", "lsp", "pyflakes"]
PACKAGES = ["provisioner", "lsp_bridge", "agent", "tool_specs"]
SCRIPTS = sorted(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"])
PROBE = """
import json
from provisioner import recipe, spec
specs = {p.stem: spec.load_spec(p) for p in spec.available_specs()}
print(json.dumps({"recipe": recipe.RECIPE_DIGEST, "where": recipe.__file__,
                  "specs": {n: [s.canonical(), s.source_digest()] for n, s in specs.items()}}))
"""


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout as it is now (others may edit it meanwhile): the editable side of every comparison."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    src = tmp_path_factory.mktemp("checkout") / "src"
    for rel in files:
        if (ROOT / rel).is_file() and not rel.startswith(("tests/", "bench/")):
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_bytes((ROOT / rel).read_bytes())
            (src / rel).chmod((ROOT / rel).stat().st_mode & 0o777)
    return src


@pytest.fixture(scope="module")
def wheel(snapshot: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of the checkout, built from the snapshot (a build must not leave build/ or *.egg-info in the tree)."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(snapshot)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (built,) = dist.glob("swe_ide_toolkit-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed; its dependencies come from this interpreter's site-packages."""
    root = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(root)], check=True)
    subprocess.run(
        [root / "bin/python", "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", str(wheel)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return root / "bin"


def run(bin_dir: Path, *argv: str, **kw) -> subprocess.CompletedProcess:
    """A command of the venv, run from / (so nothing of the checkout is on the path)."""
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("TOOLPROV_SPECS", None)
    return subprocess.run([str(bin_dir / argv[0]), *argv[1:]], cwd="/", env=env, capture_output=True, text=True, **kw)


def test_wheel_ships_templates_specs_and_every_tool_source(wheel: Path, snapshot: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {p.name for p in (snapshot / "provisioner/templates").iterdir()}
    assert {"probe.sh", "install.sh.j2", "wrapper.sh.j2", "Dockerfile.j2"} <= templates
    assert {f"provisioner/templates/{t}" for t in templates} <= names
    assert {f"tool_specs/{t}.yaml" for t in TOOLS} <= names
    for path in available_specs(snapshot / "tool_specs"):
        spec = load_spec(path)
        if spec.source is None:
            continue
        prefix = spec.source.relative_to(
            snapshot.resolve()
        ).as_posix()  # tool_specs/debugger, tool_specs/fileedit, lsp_bridge
        expected = {f"{prefix}/{p.relative_to(spec.source).as_posix()}" for p in source_files(spec.source)}
        assert f"{prefix}/pyproject.toml" in expected
        assert expected <= names, sorted(expected - names)
    for package in PACKAGES:  # every file of a package ships: code, configs, templates, pyprojects
        shipped = {p.relative_to(snapshot).as_posix() for p in source_files(snapshot / package)}
        assert shipped <= names, sorted(shipped - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or ".egg-info/" in n]
    assert not [n for n in names if n.startswith(("tests/", "bench/"))]


def test_wheel_install_runs_outside_the_checkout_with_the_same_cache_inputs(venv: Path, snapshot: Path):
    assert run(venv, "toolprov", "--version").stdout.strip() == "toolprov 0.1.0"
    listed = run(venv, "toolprov", "specs", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [(r["tool"], r["ok"]) for r in json.loads(listed.stdout)] == [(t, True) for t in TOOLS]
    table = run(venv, "toolprov", "specs")
    assert table.returncode == 0 and all(t in table.stdout for t in TOOLS) and table.stderr == ""
    installed = json.loads(run(venv, "python", "-c", PROBE).stdout)
    assert installed["where"].startswith(str(venv.parent)) and "site-packages" in installed["where"]
    checkout = {p.stem: load_spec(p) for p in available_specs(snapshot / "tool_specs")}
    assert installed["recipe"] == RECIPE_DIGEST  # the key hashes content, never install paths
    assert installed["specs"] == {n: [s.canonical(), s.source_digest()] for n, s in checkout.items()}


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_console_script_starts_from_the_wheel(venv: Path, script: str):
    res = run(venv, script, "--help", timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "usage" in res.stdout.lower() and "Traceback" not in res.stderr


@pytest.mark.docker
def test_readme_main_job_from_the_wheel_gives_the_checkouts_image(engine, venv: Path, snapshot: Path):
    expected = api.install_tools(["debugger"], image=TESTBED, specs_dir=snapshot / "tool_specs")
    res = run(venv, "toolprov", "install", "debugger", "--image", TESTBED, timeout=900)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [expected.image]  # `IMG=$(toolprov install …)` captures the image
    assert "already provisioned" in res.stderr  # same key as the editable install: nothing rebuilt
    shown = json.loads(run(venv, "toolprov", "show", expected.image, "--json").stdout)
    assert shown["manifest"]["key"] == expected.key and [t["name"] for t in shown["manifest"]["tools"]] == ["debugger"]
    verified = run(venv, "toolprov", "verify", expected.image, timeout=300)
    assert verified.returncode == 0 and verified.stdout.startswith("debugger: ok"), verified.stderr
    listed = run(venv, "toolprov", "list")
    assert listed.returncode == 0 and expected.image in listed.stdout


def lsp_messages(workspace: Path) -> bytes:
    from lsp_bridge.framing import encode

    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": {"query": "Square"}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]  # fmt: skip
    return b"".join(encode(json.dumps(m).encode()) for m in msgs)


def answers(stdout: bytes) -> dict[int, dict]:
    from lsp_bridge.framing import Deframer

    bodies = [json.loads(b) for b in Deframer().feed(stdout) if isinstance(b, bytes)]
    return {m["id"]: m for m in bodies if "id" in m and "method" not in m}


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Path]:
    ws = tmp_path / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "pkg/__init__.py").write_text("")
    (ws / "pkg/shapes.py").write_text(
        "class Square:\n    def area(self, side: int) -> int:\n        return side * side\n"
    )
    yield ws
    for pid in _pids_mentioning(str(ws)):  # daemons this test started (directly or through `connect`)
        os.kill(pid, signal.SIGKILL)


def _pids_mentioning(text: str) -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and text in (proc / "cmdline").read_bytes().decode(errors="replace"):
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def test_lsp_bridge_commands_from_the_wheel(venv: Path, workspace: Path, tmp_path: Path):
    env_vars = {"XDG_RUNTIME_DIR": str(tmp_path / "run"), "LSP_BRIDGE_CACHE": str(tmp_path / "cache")}
    (tmp_path / "run").mkdir(mode=0o700)
    env = {**os.environ, **env_vars, "PATH": f"{venv}:{os.environ['PATH']}"}
    env.pop("LSP_BRIDGE_SOCKET", None)  # the default socket is what a wheel install got wrong
    check = run(venv, "lsp-bridge", "check", timeout=120)
    assert check.returncode == 0 and check.stdout.startswith("lsp-bridge 0.1.0: ok"), check.stdout + check.stderr
    index = subprocess.run(["lsp-bridge", "index", "--workspace", str(workspace)], env=env, capture_output=True,
                           text=True, timeout=120, cwd="/")  # fmt: skip
    assert index.returncode == 0, index.stderr
    serve = subprocess.run(["lsp-bridge", "serve", "--workspace", str(workspace)], input=lsp_messages(workspace),
                           env=env, capture_output=True, timeout=120, cwd="/")  # fmt: skip
    served = answers(serve.stdout)
    assert served[1]["result"]["capabilities"] and served[3]["result"] is None
    assert [s["name"] for s in served[2]["result"]] == ["Square"]

    daemon = subprocess.Popen(["lsp-bridge", "daemon", "--workspace", str(workspace)], env=env, cwd="/",
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + 60  # the daemon's socket appears in the private runtime dir we gave it
        while not [f for f in (tmp_path / "run").rglob("*") if f.is_socket()] and time.monotonic() < deadline:
            assert daemon.poll() is None, daemon.stderr.read().decode() if daemon.stderr else ""
            time.sleep(0.2)
        assert daemon.poll() is None and [f for f in (tmp_path / "run").rglob("*") if f.is_socket()]
        connect = subprocess.run(
            ["lsp-bridge", "connect", "--workspace", str(workspace)], input=lsp_messages(workspace), env=env,
            capture_output=True, timeout=120, cwd="/",
        )  # fmt: skip
        through = answers(connect.stdout)
        assert [s["name"] for s in through[2]["result"]] == ["Square"], connect.stderr
        daemons = _pids_mentioning(str(workspace))
        assert daemon.pid in daemons and len(daemons) == 1  # connect used the running daemon, started no other
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
