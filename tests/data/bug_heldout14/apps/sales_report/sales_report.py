"""A sales report renderer on Jinja2: CSV lines in, an HTML table and a one-line text summary out."""

from __future__ import annotations

from jinja2 import DictLoader, Environment, StrictUndefined, select_autoescape

TEMPLATES = {
    "base.html": "<h1>{{ title }}</h1>\n{% block body %}{% endblock %}\n",
    "report.html": (
        '{% extends "base.html" %}{% block body %}<table>\n'
        "{% for row in rows %}<tr><td>{{ row.name }}</td><td>{{ row.amount | money }}</td></tr>\n{% endfor %}"
        "</table>\n<p>Total: {{ total | money }}</p>{% endblock %}"
    ),
    "summary.txt": "{{ title }}: {{ rows | length }} rows, top {{ top.name }} ({{ top.amount | money }})",
}


def money(value: float, currency: str = "EUR") -> str:
    return f"{value:,.2f} {currency}"


def parse_rows(text: str) -> list[dict]:
    rows = []
    for line in text.strip().splitlines():
        name, amount = line.rsplit(",", 1)
        rows.append({"name": name.strip(), "amount": float(amount)})
    return rows


def make_env() -> Environment:
    env = Environment(loader=DictLoader(TEMPLATES), undefined=StrictUndefined, autoescape=select_autoescape(["html"]))
    env.filters["money"] = money
    return env


def render_report(env: Environment, title: str, rows: list[dict]) -> str:
    total = sum(r["amount"] for r in rows)
    return env.get_template("report.html").render(title=title, rows=rows, total=total)


def render_summary(env: Environment, title: str, rows: list[dict]) -> str:
    top = max(rows, key=lambda r: r["amount"])
    return env.get_template("summary.txt").render(title=title, rows=rows, top=top)
