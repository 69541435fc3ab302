"""The index cache is a pickle, and unpickling a file runs whatever code its writer put in it. With `$LSP_BRIDGE_CACHE`
pointing at a shared directory, a second, real user plants a cache that would run code: it is never loaded (the
index is rebuilt, as for a stale cache). Our own cache files are loaded only while nobody else could have written
them: a group- or other-writable file, a symlink, a FIFO, or a directory others may write is refused with one
warning."""

from __future__ import annotations

import logging
import os
import pickle
import pwd
import stat
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from lsp_bridge.index import Index
from tests.lsp_bridge.test_runtime_dir import as_user, mallory, shared  # noqa: F401 (fixtures)
from tests.lsp_bridge.test_runtime_dir import pytestmark as needs_second_user

WORKSPACE = {
    "app.py": "from util import helper\n\n\ndef main():\n    return helper()\n",
    "util.py": "def helper():\n    return 1\n",
    "pkg/__init__.py": "class Shop:\n    def buy(self):\n        pass\n",
}


class Plant:
    """Unpickling this creates the directory `marker`: proof that the file's code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple:
        return (os.mkdir, (self.marker,))


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    for rel, text in WORKSPACE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def build(root: Path) -> Index:
    index = Index(root, workers=1)
    index.build()
    assert not index.error
    # the index answers whatever happened to the cache
    assert sorted(index.files) == sorted(WORKSPACE)
    assert [s.name for s in index.files["util.py"].symbols] == ["helper"]
    assert [s.name for s in index.files["pkg/__init__.py"].symbols] == ["Shop", "buy"]
    return index


def assert_cold(index: Index) -> None:
    assert (index.stats["from_cache"], index.stats["reindexed"]) == (0, len(WORKSPACE))
    assert index.snapshot is None


def assert_warm(index: Index) -> None:
    assert (index.stats["from_cache"], index.stats["reindexed"]) == (len(WORKSPACE), 0)
    assert index.snapshot is not None


def assert_refused_once(caplog: pytest.LogCaptureFixture, paths: list[Path], why: str) -> None:
    """Exactly one warning per refused file, naming it and the reason."""
    warnings = [r.getMessage() for r in caplog.records if r.name == "lsp_bridge.index" and r.levelno >= logging.WARNING]
    named = sorted(str(path) for path in paths for warning in warnings if f"refusing {path}:" in warning)
    assert (len(warnings), named) == (len(paths), sorted(map(str, paths))), warnings
    assert all(why in warning for warning in warnings), warnings


def cache_files(index: Index) -> list[Path]:
    return [index.cache_path, index.cache_path.with_suffix(".symbols.pickle")]


def test_a_cache_round_trip_is_a_warm_start_in_a_private_directory(workspace, tmp_path, monkeypatch, caplog):
    cache = tmp_path / "new" / "lsp-bridge"
    monkeypatch.setenv("LSP_BRIDGE_CACHE", str(cache))
    first = build(workspace)
    assert_cold(first)
    first.save_cache()
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    for path in cache_files(first):
        st = path.lstat()
        assert (stat.S_ISREG(st.st_mode), st.st_uid, stat.S_IMODE(st.st_mode)) == (True, os.geteuid(), 0o600)
    assert sorted(p.name for p in cache.iterdir()) == sorted(p.name for p in cache_files(first))  # no temp left
    with caplog.at_level(logging.WARNING, logger="lsp_bridge.index"):
        assert_warm(build(workspace))
    assert_refused_once(caplog, [], "")


def _group_writable(path: Path) -> None:
    path.chmod(0o620)


def _other_writable(path: Path) -> None:
    path.chmod(0o602)


def _symlinked(path: Path) -> None:
    real = path.with_name(f"real-{path.name}")
    path.rename(real)
    path.symlink_to(real)


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path, 0o600)  # opening it must not wait for a writer


def _open_directory(path: Path) -> None:
    path.parent.chmod(0o777)  # anyone could swap the files in it


@pytest.mark.parametrize(
    ("tamper", "why"),
    [
        (_group_writable, "writable by group or others"),
        (_other_writable, "writable by group or others"),
        (_symlinked, "symlink"),
        (_fifo, "not a regular file of ours"),
        (_open_directory, "writable by group or others and not sticky"),
    ],
    ids=["group-writable", "other-writable", "symlink", "fifo", "open-directory"],
)
def test_our_own_cache_is_refused_once_others_could_have_written_it(
    workspace, tmp_path, monkeypatch, caplog, tamper: Callable[[Path], None], why: str
):
    monkeypatch.setenv("LSP_BRIDGE_CACHE", str(tmp_path / "cache"))
    first = build(workspace)
    first.save_cache()
    for path in cache_files(first):
        tamper(path)
    with caplog.at_level(logging.WARNING, logger="lsp_bridge.index"):
        assert_cold(build(workspace))
    assert_refused_once(caplog, cache_files(first), why)  # and no crash


@needs_second_user
def test_a_pickle_planted_by_another_user_is_never_loaded(
    mallory: pwd.struct_passwd,  # noqa: F811
    shared: Path,  # noqa: F811
    workspace,
    monkeypatch,
    caplog,
):
    monkeypatch.setenv("LSP_BRIDGE_CACHE", str(shared))  # a sticky directory everyone may write, like /tmp
    marker = shared / "the-planted-code-ran"
    planted = cache_files(Index(workspace))
    for path in planted:
        writer = as_user(mallory, "tee", str(path), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
        writer.communicate(pickle.dumps(Plant(marker)), timeout=10)
        assert writer.returncode == 0
        assert path.stat().st_uid == mallory.pw_uid
    with caplog.at_level(logging.WARNING, logger="lsp_bridge.index"):
        index = build(workspace)
    assert not marker.exists()
    assert_cold(index)
    assert_refused_once(caplog, planted, "not a regular file of ours")
    # our next save replaces the planted files with our own, and the start after it is warm
    index.save_cache()
    assert [(p.stat().st_uid, stat.S_IMODE(p.stat().st_mode)) for p in planted] == [(os.geteuid(), 0o600)] * 2
    assert_warm(build(workspace))
    assert not marker.exists()


@needs_second_user
def test_a_cache_directory_of_another_user_is_not_trusted(
    mallory: pwd.struct_passwd,  # noqa: F811
    shared: Path,  # noqa: F811
    workspace,
    monkeypatch,
    caplog,
):
    theirs = shared / "their-cache"
    assert as_user(mallory, "mkdir", "-m", "0755", str(theirs)).wait() == 0
    monkeypatch.setenv("LSP_BRIDGE_CACHE", str(theirs))
    first = build(workspace)
    first.save_cache()  # we (root here) may write there, but its owner may swap our files at will
    with caplog.at_level(logging.WARNING, logger="lsp_bridge.index"):
        assert_cold(build(workspace))
    assert_refused_once(caplog, cache_files(first), f"its directory {theirs} belongs to uid {mallory.pw_uid}")
