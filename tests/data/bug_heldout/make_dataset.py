"""Run every held-out broken program for real and write bug_heldout.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets).

Regenerate:  python tests/data/bug_heldout/make_dataset.py
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

Library versions used for the committed bug_heldout.jsonl (Python 3.11.7):
  SQLAlchemy 2.1.9, marshmallow 4.4.0, arrow 1.4.0, more-itertools 11.2.1, toolz 1.2.0, tabulate 0.10.0,
  lxml 6.1.3, beautifulsoup4 4.15.0, msgpack 1.2.4, pyparsing 3.3.2, packaging 26.2, semver 3.1.2,
  humanize 4.17.0, httpx 0.28.1, pillow 13.0.0, openpyxl 3.1.5, peewee 4.5.3, Cerberus 1.3.8,
  voluptuous 0.16.0, jmespath 1.1.0, pytz 2026.6, babel 2.18.0, sortedcontainers 2.4.0, bidict 0.24.1,
  boltons 26.2.0, cachetools 8.0.2, simplejson 4.3.0, xmltodict 1.0.4, python-slugify 9.2.0, parse 1.22.4,
  chardet 7.7.0
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main  # noqa: E402

BUGSET = BugSet(
    "bug_heldout",
    HERE,
    "written for this project by an independent author; licence: the project's",
    modules=("p_core", "p_lang", "p_data", "p_libs", "p_single", "p_more"),
    timeout=20,
    workers=2,
    first_body=0,
)

if __name__ == "__main__":
    raise SystemExit(main(BUGSET, __doc__))
