"""Run every broken program of bug_heldout7 for real and write bug_heldout7.jsonl.

How the programs run and which runs are kept: ../bugset_runner.py (shared by the bug_heldout* sets). After the runs,
each row gets its `summary` from summaries.json (written per run after reading that run's code and traceback, see
README.md); a row without one is reported and written without the key.

Regenerate:  python tests/data/bug_heldout7/make_dataset.py [--python /path/to/venv/bin/python]
(add --keep-existing to run only programs whose command and code are not in the jsonl yet, keeping recorded runs)

The programs run under an interpreter that has the third-party libraries (a venv outside the repository; default
/work/venvs/bugset7/bin/python when it exists, else this interpreter). Versions used for the committed
bug_heldout7.jsonl (Python 3.11.7, venv /work/venvs/bugset7):
  glom 25.12.0, dpath 2.2.0, pydash 8.1.0, munch 4.0.0, jsonpath-ng 1.16.0, isodate 0.7.2, docopt-ng 0.9.0,
  chevron 0.14.0, Mako 1.4.3, deepdiff 9.1.0, dictdiffer 0.10.0, prettytable 3.18.0, croniter 7.0.0, inflect 7.6.0,
  structlog 26.1.0, configobj 5.0.9, chardet 7.7.0, charset-normalizer 3.5.3, filetype 1.2.0, schedule 1.2.2,
  ijson 3.6.0, loguru 0.7.3
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bugset_runner import BugSet, main_with_summaries  # noqa: E402

BUGSET = BugSet(
    "bug_heldout7", HERE, "modelled on {url} for bug_heldout7", python=Path("/work/venvs/bugset7/bin/python")
)

if __name__ == "__main__":
    raise SystemExit(main_with_summaries(BUGSET, __doc__, HERE / "summaries.json"))
