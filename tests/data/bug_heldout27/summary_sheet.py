"""Print the runs of bug_heldout27.jsonl for writing summaries blind: only each run's `command`, `code` and `output`,
in a shuffled order under neutral labels (R01, R02, ...); the label -> id map goes to a file outside the repository.
See tests/data/summary_sheet.py.

    python tests/data/bug_heldout27/summary_sheet.py --map /tmp/bugset27/blind_map.json > /tmp/bugset27/sheet.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]

from summary_sheet import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main(HERE / "bug_heldout27.jsonl", 27, __doc__))
