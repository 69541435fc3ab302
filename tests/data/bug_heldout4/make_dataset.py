"""Run every broken program of bug_heldout4 for real and write bug_heldout4.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets).

Regenerate:  python tests/data/bug_heldout4/make_dataset.py [--python /path/to/venv/bin/python]
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

The programs run under an interpreter that has the third-party libraries (a venv outside the repository; default
/work/venvs/bugset4/bin/python when it exists, else this interpreter). Versions used for the committed
bug_heldout4.jsonl (Python 3.11.7, venv /work/venvs/bugset4):
  Flask 3.1.3, Werkzeug 3.1.9, PyJWT 2.15.1, cryptography 50.0.2, bcrypt 5.0.0, itsdangerous 2.2.0, Pint 0.25.3,
  ruamel.yaml 0.19.1, tomlkit 0.15.2, python-dotenv 1.2.4, tenacity 9.2.1, jsonpatch 1.48, jsonpointer 3.12,
  phonenumbers 9.0.43, yarl 1.25.1, multidict 7.2.1, pytz 2026.6, msgspec 0.22.0, cbor2 6.3.0, intervaltree 3.2.1,
  Markdown 3.11.3
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main  # noqa: E402

BUGSET = BugSet(
    "bug_heldout4", HERE, "modelled on {url} for bug_heldout4", python=Path("/work/venvs/bugset4/bin/python")
)

if __name__ == "__main__":
    raise SystemExit(main(BUGSET, __doc__))
