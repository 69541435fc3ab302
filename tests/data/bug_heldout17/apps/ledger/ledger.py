"""ledger: a household ledger kept in a JSON file.

    ledger [--file PATH] add AMOUNT DESCRIPTION [--date YYYY-MM-DD] [--category NAME]
    ledger [--file PATH] list [--category NAME] [--month YYYY-MM]
    ledger [--file PATH] balance [--by-category]
    ledger [--file PATH] remove ID
    ledger [--file PATH] export [--format csv|json]

Amounts are kept as integer cents; the file defaults to $LEDGER_FILE, else ledger.json in the current folder.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from decimal import Decimal, InvalidOperation
from pathlib import Path

import click

FIELDS = ["id", "date", "amount", "category", "description"]


def parse_cents(text: str) -> int:
    """'12.5' -> 1250, '-3' -> -300; more than two decimals is an error."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise click.BadParameter(f"not an amount: {text!r}", param_hint="AMOUNT") from None
    if value.as_tuple().exponent < -2:
        raise click.BadParameter(f"at most two decimals: {text!r}", param_hint="AMOUNT")
    return round(value * 100)


def format_cents(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return json.loads(path.read_text(encoding="utf-8"))


def save(path: Path, entries: list[dict]) -> None:
    path.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")


def next_id(entries: list[dict]) -> int:
    return max((e["id"] for e in entries), default=0) + 1


def in_month(entry: dict, month: str | None) -> bool:
    return month is None or entry["date"][:7] == month


def line(entry: dict) -> str:
    amount = format_cents(entry["amount"])
    return f"{entry['id']:>3}  {entry['date']}  {amount:>10}  {entry['category']:<10}  {entry['description']}"


@click.group()
@click.option(
    "--file",
    "path",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="LEDGER_FILE",
    default="ledger.json",
    show_default=True,
    help="the ledger file",
)
@click.pass_context
def cli(ctx: click.Context, path: Path) -> None:
    """A household ledger kept in a JSON file."""
    ctx.obj = path


@cli.command()
@click.argument("amount")
@click.argument("description")
@click.option("--date", "day", type=click.DateTime(formats=["%Y-%m-%d"]), help="default: today")
@click.option("--category", default="misc", show_default=True)
@click.pass_obj
def add(path: Path, amount: str, description: str, day: dt.datetime | None, category: str) -> None:
    """Add an entry (negative AMOUNT for spending)."""
    entries = load(path)
    entry = {
        "id": next_id(entries),
        "date": (day.date() if day else dt.date.today()).isoformat(),
        "amount": parse_cents(amount),
        "category": category.lower(),
        "description": description,
    }
    entries.append(entry)
    save(path, entries)
    click.echo(f"added #{entry['id']}: {format_cents(entry['amount'])} {entry['category']}")


@cli.command(name="list")
@click.option("--category")
@click.option("--month", help="YYYY-MM")
@click.pass_obj
def list_entries(path: Path, category: str | None, month: str | None) -> None:
    """List entries, oldest first."""
    entries = sorted(load(path), key=lambda e: (e["date"], e["id"]))
    shown = [e for e in entries if in_month(e, month) and (category is None or e["category"] == category.lower())]
    if not shown:
        click.echo("no entries", err=True)
        return
    for entry in shown:
        click.echo(line(entry))


@cli.command()
@click.option("--by-category", is_flag=True)
@click.pass_obj
def balance(path: Path, by_category: bool) -> None:
    """The total, or one total per category."""
    entries = load(path)
    if by_category:
        totals: dict[str, int] = {}
        for entry in entries:
            totals[entry["category"]] = totals.get(entry["category"], 0) + entry["amount"]
        for category, cents in sorted(totals.items()):
            click.echo(f"{category:<10} {format_cents(cents):>10}")
        return
    click.echo(f"balance: {format_cents(sum(e['amount'] for e in entries))}")


@cli.command()
@click.argument("entry_id", metavar="ID", type=int)
@click.pass_obj
def remove(path: Path, entry_id: int) -> None:
    """Remove the entry with this ID."""
    entries = load(path)
    kept = [e for e in entries if e["id"] != entry_id]
    if len(kept) == len(entries):
        raise click.ClickException(f"no entry #{entry_id}")
    save(path, kept)
    click.echo(f"removed #{entry_id}")


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.pass_obj
def export(path: Path, fmt: str) -> None:
    """Write every entry to stdout, amounts as decimals."""
    rows = [{**e, "amount": format_cents(e["amount"])} for e in load(path)]
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2))
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    click.echo(buffer.getvalue(), nl=False)


if __name__ == "__main__":
    cli()
