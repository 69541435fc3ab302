"""The localization bench finds a downloaded sdist by its file name, whatever the project's spelling: PyPI
normalises runs of `-`, `_` and `.` alike and ignores case (PEP 503), so `sentry-sdk` may arrive as
`sentry_sdk-2.0.0.tar.gz`. A name that matched nothing used to fall back to "any archive this download brought",
which picked another package's archive when two downloads ran side by side."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import fetch_sdist, sdist_name


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
