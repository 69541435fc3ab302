"""Run every broken program of bug_heldout3 for real and write bug_heldout3.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets).

Regenerate:  python tests/data/bug_heldout3/make_dataset.py [--python /path/to/venv/bin/python]
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

The programs run under an interpreter that has the third-party libraries (a venv outside the repository; default
/work/venvs/bugset3/bin/python when it exists, else this interpreter). Versions used for the committed
bug_heldout3.jsonl (Python 3.11.7, venv /work/venvs/bugset3):
  marshmallow 4.4.0, SQLAlchemy 2.1.9, arrow 1.4.0, pendulum 3.3.0, msgpack 1.2.4, lxml 6.1.3, pillow 13.0.0,
  rich 15.0.0, packaging 26.3, xmltodict 1.0.4, cachetools 8.0.2, humanize 4.17.0, tomli_w 1.2.0, orjson 3.13.0,
  more-itertools 11.2.1, toolz 1.2.0, sortedcontainers 2.4.0, tabulate 0.10.0, boltons 26.2.0, Babel 2.18.0,
  pyparsing 3.3.3, python-dateutil 4.0.0
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main  # noqa: E402

BUGSET = BugSet(
    "bug_heldout3", HERE, "modelled on {url} for bug_heldout3", python=Path("/work/venvs/bugset3/bin/python")
)

if __name__ == "__main__":
    raise SystemExit(main(BUGSET, __doc__))
