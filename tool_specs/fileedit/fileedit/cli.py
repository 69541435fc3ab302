"""fileedit: view files with line numbers and make exact edits (one unique match, or at a line)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fileedit import __version__

CONTEXT = 3


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        raise SystemExit(f"fileedit: {path}: no such file")
    return path.read_text().splitlines(keepends=True)


def _show(lines: list[str], start: int, end: int) -> str:
    start, end = max(1, start), min(len(lines), end)
    return "".join(f"{n:6d}  {lines[n - 1].rstrip(chr(10))}\n" for n in range(start, end + 1))


def view(path: Path, start: int, end: int | None) -> str:
    lines = _lines(path)
    return _show(lines, start, end or len(lines)) or f"{path}: empty\n"


def replace(path: Path, old: str, new: str) -> str:
    text = "".join(_lines(path))
    count = text.count(old)
    if count != 1:
        where = "not found" if count == 0 else f"found {count} times; include more context to make it unique"
        raise SystemExit(f"fileedit: {path}: old text {where}; nothing changed")
    first = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    shown = _show(_lines(path), first - CONTEXT, first + new.count("\n") + CONTEXT)
    return f"{path}: replaced at line {first}\n{shown}"


def insert(path: Path, line: int, new: str) -> str:
    lines = _lines(path)
    if not 0 <= line <= len(lines):
        raise SystemExit(f"fileedit: {path}: line {line} is outside 0..{len(lines)}; nothing changed")
    block = new if new.endswith("\n") else new + "\n"
    lines[line:line] = [block]
    path.write_text("".join(lines))
    shown = _show(_lines(path), line + 1 - CONTEXT, line + block.count("\n") + CONTEXT)
    return f"{path}: inserted after line {line}\n{shown}"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="fileedit", description=__doc__)
    p.add_argument("--version", action="version", version=f"fileedit {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("view", help="print lines with numbers")
    v.add_argument("file", type=Path)
    v.add_argument("start", type=int, nargs="?", default=1)
    v.add_argument("end", type=int, nargs="?")
    r = sub.add_parser("replace", help="replace one unique occurrence of OLD by NEW")
    r.add_argument("file", type=Path)
    r.add_argument("--old", required=True)
    r.add_argument("--new", required=True)
    i = sub.add_parser("insert", help="insert TEXT after line LINE (0 = at the top)")
    i.add_argument("file", type=Path)
    i.add_argument("line", type=int)
    i.add_argument("--text", required=True)
    a = p.parse_args(argv)
    if a.cmd == "view":
        sys.stdout.write(view(a.file, a.start, a.end))
    elif a.cmd == "replace":
        sys.stdout.write(replace(a.file, a.old, a.new))
    else:
        sys.stdout.write(insert(a.file, a.line, a.text))


if __name__ == "__main__":
    main()
