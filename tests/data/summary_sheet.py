"""What the labelled bug sets' summary sheets share: print a set's runs for writing summaries blind, only each run's
`command`, `code` and `output`, in a shuffled order under neutral labels (R01, R02, ...), so the writer sees neither
the group, the package's fix, the callsite nor the source. The label -> id map goes to a file outside the repository
(used to merge the summaries). A set's `summary_sheet.py` names its jsonl and its seed and calls `main`.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path


def main(jsonl: Path, seed: int, doc: str | None) -> int:
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument("--map", type=Path, required=True, help="where to write the label -> row id map")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--missing", action="store_true", help="only rows that summaries.json has no summary for")
    opts = parser.parse_args()
    rows = [json.loads(line) for line in jsonl.read_text().splitlines() if line.strip()]
    if opts.missing:
        written = json.loads((jsonl.parent / "summaries.json").read_text())
        rows = [row for row in rows if row["id"] not in written]
    random.Random(opts.seed).shuffle(rows)
    labels = {f"R{i:02d}": row["id"] for i, row in enumerate(rows, 1)}
    opts.map.write_text(json.dumps(labels, indent=1))
    for label, row in zip(labels, rows, strict=True):
        print(f"=================== {label}\n$ {row['command']}")
        print(f"--- code\n{row['code']}\n--- output\n{row['output']}\n")
    return 0
