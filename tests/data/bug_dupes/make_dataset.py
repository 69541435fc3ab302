"""Write bug_dupes.jsonl from the hand-copied reports in reports.py (no program is run: every traceback is quoted).

Each report in reports.py names the public GitHub thread it was copied from (`url`), the canonical issue the
maintainers linked it to (`canonical`) and how they linked it (`link`). This script numbers the rows of each group,
takes each row's `exception` as the last non-blank line of its traceback, checks the set (unique URLs, a group of one
only when it was added as a singleton) and writes one JSON object per line in bug_heldout6's format
without the `summary` key.

Regenerate:  python tests/data/bug_dupes/make_dataset.py
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from reports import REPORTS  # noqa: E402


def exception_line(output: str) -> str:
    return [line for line in output.splitlines() if line.strip()][-1].strip()


def source_of(report: dict[str, str]) -> str:
    if report["canonical"] == report["url"]:
        return f"{report['url']} (traceback as posted; {report['link']})"
    return f"{report['url']} (traceback as posted), duplicate of {report['canonical']} ({report['link']})"


def build() -> list[dict[str, object]]:
    urls = Counter(r["url"] for r in REPORTS)
    assert all(n == 1 for n in urls.values()), [u for u, n in urls.items() if n > 1]
    body: Counter[str] = Counter()
    rows: list[dict[str, object]] = []
    for report in REPORTS:
        body[report["group"]] += 1
        row: dict[str, object] = {
            "id": f"{report['group']}/{body[report['group']]}",
            "group": report["group"],
            "library": report["library"],
            "body": body[report["group"]],
            "callsite": report["callsite"],
            "path": report["path"],
            "code": report["code"],
            "command": report["command"] or "python",
            "returncode": 1,
            "output": report["output"].rstrip("\n"),
            "exception": exception_line(report["output"]),
            "source": source_of(report),
        }
        rows.append(row)
    sizes = Counter(r["group"] for r in rows)
    singles = {r["group"] for r in REPORTS if r["canonical"] == r["url"] and "singleton" in r["link"]}
    for group, n in sizes.items():
        assert (n == 1) == (group in singles), f"{group}: {n} rows"
    return rows


def main() -> None:
    rows = build()
    out = HERE / "bug_dupes.jsonl"
    out.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    sizes = Counter(str(r["group"]) for r in rows)
    clusters = sum(1 for n in sizes.values() if n > 1)
    print(f"{len(rows)} rows, {clusters} clusters, {len(sizes) - clusters} singletons -> {out}")


if __name__ == "__main__":
    main()
