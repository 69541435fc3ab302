"""The localization bench fetches sdists from pip's configured indexes and finds a downloaded sdist by its file
name, whatever the project's spelling: PyPI normalises runs of `-`, `_` and `.` alike and ignores case (PEP 503), so
`sentry-sdk` may arrive as `sentry_sdk-2.0.0.tar.gz`. A name that matched nothing used to fall back to "any archive
this download brought", which picked another package's archive when two downloads ran side by side."""

from __future__ import annotations

import hashlib
import sys
import tarfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import fetch_sdist, index_urls, sdist_name


@pytest.mark.parametrize(
    ("package", "archive"),
    [
        ("sentry-sdk", "sentry_sdk-2.0.0.tar.gz"),
        ("sentry-sdk", "sentry-sdk-2.0.0.tar.gz"),
        ("python-dotenv", "Python_Dotenv-2.0.0.tar.gz"),
        ("zope.interface", "zope_interface-2.0.0.tar.gz"),
        ("SQLAlchemy", "sqlalchemy-2.0.0.tar.gz"),
        ("setuptools", "setuptools-2.0.0.zip"),
    ],
)
def test_spellings_of_one_project_match(package: str, archive: str) -> None:
    assert sdist_name(package, "2.0.0").match(archive)


@pytest.mark.parametrize(
    "archive",
    [
        "sentry-sdk-extra-2.0.0.tar.gz",
        "sentry-sdk-2.0.01.tar.gz",
        "sentry-sdk-2.0.0.whl",
        "sentry-sdk-2.0.0.tar.gz.zip",
        "sentrysdk-2.0.0.tar.gz",
    ],
)
def test_other_projects_and_versions_do_not(archive: str) -> None:
    assert not sdist_name("sentry-sdk", "2.0.0").match(archive)


def test_a_zip_sdist_is_fetched_and_unpacked(tmp_path: Path) -> None:
    """setuptools 40.0.0's only sdist on PyPI is a .zip: it used to raise "no sdist"."""
    root = fetch_sdist("setuptools", "40.0.0", tmp_path)
    assert root == tmp_path / "setuptools-40.0.0"
    assert (root / "setup.py").is_file()
    assert (root / "setuptools" / "dist.py").read_text().count("class Distribution") == 1
    assert [p.name for p in tmp_path.glob("*.zip")] == ["setuptools-40.0.0.zip"]
    assert fetch_sdist("setuptools", "40.0.0", tmp_path) == root  # the second call reads the marker


def test_pandas_sdist_is_fetched_without_building_anything(tmp_path: Path) -> None:
    """pandas 2.0.0's build needs numpy: `pip download --no-binary :all:` prepared its metadata by compiling numpy
    from source (minutes). The archive is now read from the index page, so nothing of the package runs."""
    root = fetch_sdist("pandas", "2.0.0", tmp_path)
    assert root == tmp_path / "pandas-2.0.0"
    assert "class DataFrame(NDFrame, OpsMixin)" in (root / "pandas" / "core" / "frame.py").read_text()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "pandas-2.0.0",
        "pandas-2.0.0.tar.gz",
    ]


def _local_index(tmp_path: Path, digest: str) -> Path:
    """A PEP 503 index on disk (as pip reads `file://` indexes) listing one sdist, demo_pkg-1.0.tar.gz."""
    source = tmp_path / "src" / "demo_pkg-1.0"
    (source / "demo_pkg").mkdir(parents=True)
    (source / "demo_pkg" / "__init__.py").write_text("def answer() -> int:\n    return 42\n")
    files = tmp_path / "index" / "files"
    files.mkdir(parents=True)
    with tarfile.open(files / "demo_pkg-1.0.tar.gz", "w:gz") as tar:
        tar.add(source, arcname="demo_pkg-1.0")
    digest = digest or hashlib.sha256((files / "demo_pkg-1.0.tar.gz").read_bytes()).hexdigest()
    page = tmp_path / "index" / "simple" / "demo-pkg"
    page.mkdir(parents=True)
    page.joinpath("index.html").write_text(
        f'<html><body><a href="../../files/demo_pkg-1.0.tar.gz#sha256={digest}">demo_pkg-1.0.tar.gz</a></body></html>'
    )
    return tmp_path / "index" / "simple"


def test_the_configured_index_is_read_and_its_hash_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIP_INDEX_URL", _local_index(tmp_path, "").as_uri())
    assert index_urls()[0] == (tmp_path / "index" / "simple").as_uri()
    root = fetch_sdist("demo.pkg", "1.0", tmp_path / "data")
    assert (root / "demo_pkg" / "__init__.py").read_text().endswith("return 42\n")

    bad = tmp_path / "bad"
    monkeypatch.setenv("PIP_INDEX_URL", _local_index(bad, "0" * 64).as_uri())
    with pytest.raises(ValueError, match="sha256 differs"):
        fetch_sdist("demo-pkg", "1.0", bad / "data")
    assert not list((bad / "data").glob("demo_pkg*"))  # nothing half-written is left
