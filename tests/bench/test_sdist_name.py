"""The localization bench finds a downloaded sdist by its file name, whatever the project's spelling: PyPI
normalises runs of `-`, `_` and `.` alike and ignores case (PEP 503), so `sentry-sdk` may arrive as
`sentry_sdk-2.0.0.tar.gz`. A name that matched nothing used to fall back to "any archive this download brought",
which picked another package's archive when two downloads ran side by side."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import sdist_name


@pytest.mark.parametrize(
    ("package", "archive"),
    [
        ("sentry-sdk", "sentry_sdk-2.0.0.tar.gz"),
        ("sentry-sdk", "sentry-sdk-2.0.0.tar.gz"),
        ("python-dotenv", "Python_Dotenv-2.0.0.tar.gz"),
        ("zope.interface", "zope_interface-2.0.0.tar.gz"),
        ("SQLAlchemy", "sqlalchemy-2.0.0.tar.gz"),
    ],
)
def test_spellings_of_one_project_match(package: str, archive: str) -> None:
    assert sdist_name(package, "2.0.0").match(archive)


@pytest.mark.parametrize(
    "archive",
    ["sentry-sdk-extra-2.0.0.tar.gz", "sentry-sdk-2.0.01.tar.gz", "sentry-sdk-2.0.0.zip", "sentrysdk-2.0.0.tar.gz"],
)
def test_other_projects_and_versions_do_not(archive: str) -> None:
    assert not sdist_name("sentry-sdk", "2.0.0").match(archive)
