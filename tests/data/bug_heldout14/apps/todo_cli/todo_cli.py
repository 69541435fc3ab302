"""A to-do list command line on click, kept in a JSON file: add, list, done, stats."""

from __future__ import annotations

import json
from pathlib import Path

import click


def load(db: Path) -> list[dict]:
    return json.loads(db.read_text()) if db.exists() else []


def save(db: Path, items: list[dict]) -> None:
    db.write_text(json.dumps(items, indent=1))


@click.group()
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default="todo.json", show_default=True)
@click.pass_context
def cli(ctx: click.Context, db: Path) -> None:
    ctx.ensure_object(dict)
    ctx.obj["db"] = db


@cli.command()
@click.argument("title")
@click.option("--priority", "-p", type=click.IntRange(1, 5), default=3)
@click.option("--tag", "tags", multiple=True)
@click.pass_obj
def add(obj: dict, title: str, priority: int, tags: tuple[str, ...]) -> None:
    items = load(obj["db"])
    items.append({"title": title, "priority": priority, "tags": list(tags), "done": False})
    save(obj["db"], items)
    click.echo(f"added #{len(items)}: {title}")


@cli.command(name="list")
@click.option("--all", "show_all", is_flag=True)
@click.option("--sort", type=click.Choice(["priority", "title"]), default="priority")
@click.pass_obj
def list_items(obj: dict, show_all: bool, sort: str) -> None:
    items = load(obj["db"])
    rows = [(i, it) for i, it in enumerate(items, 1) if show_all or not it["done"]]
    rows.sort(key=lambda r: r[1][sort])
    for i, it in rows:
        mark = "x" if it["done"] else " "
        click.echo(f"[{mark}] #{i} p{it['priority']} {it['title']}")


@cli.command()
@click.argument("number", type=int)
@click.pass_obj
def done(obj: dict, number: int) -> None:
    items = load(obj["db"])
    if not 1 <= number <= len(items):
        raise click.BadParameter(f"no item #{number}", param_hint="NUMBER")
    items[number - 1]["done"] = True
    save(obj["db"], items)
    click.echo(f"done #{number}")


@cli.command()
@click.pass_obj
def stats(obj: dict) -> None:
    items = load(obj["db"])
    still_open = sum(not it["done"] for it in items)
    click.echo(f"{len(items)} items, {still_open} open")
