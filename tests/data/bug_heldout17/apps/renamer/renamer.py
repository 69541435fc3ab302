"""renamer: rename the files of a folder by a regular expression, optionally numbered, with an undo log.

    python -m renamer DIR --pattern REGEX --replace TEMPLATE [--ext EXT] [--lower] [--number] [--start N]
                          [--width W] [--dry-run]
    python -m renamer DIR --undo

Exit codes: 0 done (or nothing to do), 2 usage or input error, 3 a name collision (nothing renamed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

UNDO = ".renamer-undo.json"
EXIT_USAGE = 2
EXIT_COLLISION = 3


class RenameError(Exception):
    """An input the tool refuses, said in one line; `code` is the exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="renamer", description="Rename files by a regular expression.")
    parser.add_argument("directory", type=Path, help="the folder whose files are renamed")
    parser.add_argument("--pattern", help="regular expression searched in each file's stem")
    parser.add_argument("--replace", default="", help="replacement template (\\1, \\g<name>)")
    parser.add_argument("--ext", help="only files with this extension (txt or .txt)")
    parser.add_argument("--lower", action="store_true", help="lower-case the new stem")
    parser.add_argument("--number", action="store_true", help="prefix each new name with a counter")
    parser.add_argument("--start", type=int, default=1, help="the counter's first value")
    parser.add_argument("--width", type=int, default=3, help="the counter's zero-padded width")
    parser.add_argument("--dry-run", action="store_true", help="only print what would be renamed")
    parser.add_argument("--undo", action="store_true", help="revert the last renaming in the folder")
    return parser


def wanted_suffix(ext: str | None) -> str | None:
    if ext is None:
        return None
    return "." + ext.lstrip(".")


def candidates(directory: Path, ext: str | None) -> list[Path]:
    """The files of the folder (not the undo log), sorted by name, filtered by extension."""
    suffix = wanted_suffix(ext)
    files = sorted(p for p in directory.iterdir() if p.is_file() and p.name != UNDO)
    return [p for p in files if suffix is None or p.suffix == suffix]


def compile_pattern(text: str | None) -> re.Pattern[str]:
    if not text:
        raise RenameError("--pattern is required unless --undo is given")
    try:
        return re.compile(text)
    except re.error as exc:
        raise RenameError(f"bad pattern {text!r}: {exc}") from exc


def new_name(path: Path, pattern: re.Pattern[str], args: argparse.Namespace, counter: int) -> str:
    stem = pattern.sub(args.replace, path.stem)
    if args.lower:
        stem = stem.lower()
    if args.number:
        stem = f"{counter:0{args.width}d}_{stem}"
    return stem + path.suffix


def plan(directory: Path, args: argparse.Namespace) -> list[tuple[Path, Path]]:
    """(old, new) for every file whose name changes; a collision raises before anything is renamed."""
    pattern = compile_pattern(args.pattern)
    moves = []
    for counter, path in enumerate(candidates(directory, args.ext), start=args.start):
        target = directory / new_name(path, pattern, args, counter)
        if target != path:
            moves.append((path, target))
    sources = {old for old, _ in moves}
    seen: set[Path] = set()
    for _, new in moves:
        if new in seen or (new.exists() and new not in sources):
            raise RenameError(f"collision: {new.name} would be overwritten", EXIT_COLLISION)
        seen.add(new)
    return moves


def apply(directory: Path, moves: list[tuple[Path, Path]]) -> None:
    """Rename in two steps (through temporary names) so that swaps work; write the undo log."""
    staged = []
    for i, (old, new) in enumerate(moves):
        tmp = old.with_name(f".renamer-{i}.tmp")
        old.rename(tmp)
        staged.append((tmp, new))
    for tmp, new in staged:
        tmp.rename(new)
    log = [{"old": old.name, "new": new.name} for old, new in moves]
    (directory / UNDO).write_text(json.dumps(log, indent=1), encoding="utf-8")


def undo(directory: Path) -> int:
    log_path = directory / UNDO
    if not log_path.exists():
        raise RenameError(f"nothing to undo in {directory}")
    log = json.loads(log_path.read_text(encoding="utf-8"))
    moves = [(directory / item["new"], directory / item["old"]) for item in log]
    missing = [new.name for new, _ in moves if not new.exists()]
    if missing:
        raise RenameError(f"cannot undo, missing: {', '.join(missing)}")
    staged = []
    for i, (new, old) in enumerate(moves):
        tmp = new.with_name(f".renamer-{i}.tmp")
        new.rename(tmp)
        staged.append((tmp, old))
    for tmp, old in staged:
        tmp.rename(old)
    log_path.unlink()
    return len(moves)


def run(args: argparse.Namespace) -> int:
    directory: Path = args.directory
    if not directory.is_dir():
        raise RenameError(f"not a directory: {directory}")
    if args.undo:
        count = undo(directory)
        print(f"restored {count} files")
        return 0
    moves = plan(directory, args)
    if not moves:
        print("nothing to rename")
        return 0
    for old, new in moves:
        print(f"{old.name} -> {new.name}")
    if not args.dry_run:
        apply(directory, moves)
        print(f"renamed {len(moves)} files")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except RenameError as exc:
        print(f"renamer: error: {exc}", file=sys.stderr)
        return exc.code


if __name__ == "__main__":
    sys.exit(main())
