"""csvjson: convert CSV to JSON records and back.

    python -m csvjson to-json [IN] [-o OUT] [--delimiter C] [--encoding E] [--fields a,b] [--infer] [--indent N]
                                  [--limit N]
    python -m csvjson to-csv [IN] [-o OUT] [--delimiter C] [--null TEXT]

IN defaults to stdin ('-'), OUT to stdout. Exit codes: 0 done, 1 bad input data, 2 usage or unreadable input.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path


class InputError(Exception):
    pass


def read_text(source: str, encoding: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding=encoding)
    except FileNotFoundError:
        raise InputError(f"no such file: {source}") from None


def write_text(target: str | None, text: str) -> None:
    if target is None or target == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        Path(target).write_text(text, encoding="utf-8", newline="")


def infer(value: str | None) -> object:
    """'' or a missing value -> None, '3' -> 3, '2.5' -> 2.5, 'true'/'false' -> bool, else the text."""
    if value is None or value == "":
        return None
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            continue
    return value


def parse_fields(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [name.strip() for name in text.split(",") if name.strip()]


def csv_to_records(text: str, delimiter: str, fields: list[str] | None, typed: bool) -> list[dict]:
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    header = reader.fieldnames or []
    missing = [name for name in fields or [] if name not in header]
    if missing:
        raise InputError(f"unknown field(s): {', '.join(missing)}; the header has: {', '.join(header)}")
    records = []
    for number, row in enumerate(reader, start=2):
        if None in row:
            raise InputError(f"line {number}: {len(header) + len(row[None])} values for {len(header)} columns")
        picked = {name: row[name] for name in (fields or header)}
        records.append({k: infer(v) for k, v in picked.items()} if typed else picked)
    return records


def records_to_csv(records: list[dict], delimiter: str, null: str = "") -> str:
    """Columns in order of first appearance over all records; missing values empty, null values as `null`."""
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise InputError("expected a JSON array of objects")
    columns: dict[str, None] = {}
    for record in records:
        columns.update(dict.fromkeys(record))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(columns), delimiter=delimiter, lineterminator="\n")
    writer.writeheader()
    for record in records:
        writer.writerow({k: cell(v, null) for k, v in record.items()})
    return buffer.getvalue()


def cell(value: object, null: str) -> str:
    """A JSON value as CSV text: null as `null`, booleans as true/false, nested values as compact JSON."""
    if value is None:
        return null
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="csvjson", description="Convert CSV to JSON records and back.")
    sub = parser.add_subparsers(dest="command", required=True)
    to_json = sub.add_parser("to-json", help="CSV in, a JSON array of objects out")
    to_json.add_argument("source", nargs="?", default="-")
    to_json.add_argument("-o", "--output")
    to_json.add_argument("--delimiter", default=",")
    to_json.add_argument("--encoding", default="utf-8")
    to_json.add_argument("--fields", help="comma-separated columns to keep, in this order")
    to_json.add_argument("--infer", action="store_true", help="numbers, booleans and empty values typed")
    to_json.add_argument("--indent", type=int, default=2)
    to_json.add_argument("--limit", type=int, help="keep only the first N records")
    to_csv = sub.add_parser("to-csv", help="a JSON array of objects in, CSV out")
    to_csv.add_argument("source", nargs="?", default="-")
    to_csv.add_argument("-o", "--output")
    to_csv.add_argument("--delimiter", default=",")
    to_csv.add_argument("--null", default="", help="how a JSON null is written (default: empty)")
    return parser


def run(args: argparse.Namespace) -> int:
    if args.command == "to-json":
        text = read_text(args.source, args.encoding)
        records = csv_to_records(text, args.delimiter, parse_fields(args.fields), args.infer)
        if args.limit is not None:
            records = records[: args.limit]
        write_text(args.output, json.dumps(records, indent=args.indent, ensure_ascii=False) + "\n")
        print(f"csvjson: {len(records)} record(s)", file=sys.stderr)
        return 0
    text = read_text(args.source, "utf-8")
    try:
        records = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"csvjson: error: invalid JSON: {exc}", file=sys.stderr)
        return 1
    write_text(args.output, records_to_csv(records, args.delimiter, args.null))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except InputError as exc:
        print(f"csvjson: error: {exc}", file=sys.stderr)
        return 2 if str(exc).startswith("no such file") else 1


if __name__ == "__main__":
    sys.exit(main())
