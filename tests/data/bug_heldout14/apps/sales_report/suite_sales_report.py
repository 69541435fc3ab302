import pytest
from sales_report import make_env, money, parse_rows, render_report, render_summary

CSV = """
Widgets, 1200.5
Gadgets & Co, 90
Sprockets, 15000
"""


@pytest.fixture
def env():
    return make_env()


def test_money():
    assert money(1234.5) == "1,234.50 EUR"
    assert money(3, "USD") == "3.00 USD"


def test_parse_rows():
    assert parse_rows(CSV)[1] == {"name": "Gadgets & Co", "amount": 90.0}


def test_report_rows_and_total(env):
    html = render_report(env, "Q3", parse_rows(CSV))
    assert html.startswith("<h1>Q3</h1>\n<table>\n")
    assert "<tr><td>Gadgets &amp; Co</td><td>90.00 EUR</td></tr>" in html
    assert "<p>Total: 16,290.50 EUR</p>" in html


def test_report_empty(env):
    html = render_report(env, "Nothing", [])
    assert "<p>Total: 0.00 EUR</p>" in html


def test_title_is_escaped(env):
    assert render_report(env, "<b>Q4</b>", []).startswith("<h1>&lt;b&gt;Q4&lt;/b&gt;</h1>")


def test_summary(env):
    text = render_summary(env, "Q3", parse_rows(CSV))
    assert text == "Q3: 3 rows, top Sprockets (15,000.00 EUR)"


def test_summary_not_escaped(env):
    text = render_summary(env, "A&B", parse_rows("X & Y, 5"))
    assert text == "A&B: 1 rows, top X & Y (5.00 EUR)"
