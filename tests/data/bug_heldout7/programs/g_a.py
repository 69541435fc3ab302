"""Groups where data-access helpers and containers read a value other than the one meant: dotted path specs that split
keys containing the separator, dict methods shadowing keys in attribute-style dicts, match objects used as values,
weekday numbering conventions, calendar durations without a fixed length, docopt keys, HTML escaping of template data,
diff report keys, and headers that collide after normalisation."""

from programs import P

U_DOTTED = "https://github.com/mahmoud/glom/issues/105"
U_SHADOW = "https://github.com/Infinidat/munch/issues/73"
U_MATCH = "https://github.com/h2non/jsonpath-ng/pull/242"
U_WEEKDAY = "https://github.com/agronholm/apscheduler/issues/495"
U_DURATION = "https://github.com/gweis/isodate/issues/44"
U_DOCOPT = "https://github.com/docopt/docopt/issues/225"
U_ESCAPE = "https://github.com/noahmorrison/chevron/issues/92"
U_DIFF = "https://github.com/qlustered/deepdiff/issues/318"
U_HEADERS = "https://github.com/lmaurits/prettytable/issues/39"

PROGRAMS = [
    # a path spec language splits on its separator, so a key that contains the separator is never reached
    P(
        "dotted_key_split_as_path",
        "glom",
        "release dates looked up with glom by version string",
        "PathAccessError",
        U_DOTTED,
        {
            "release_dates.py": r"""
            from glom import glom

            releases = {
                "versions": {
                    "1.2": {"date": "2024-03-01", "notes": "bugfixes"},
                    "1.3": {"date": "2024-06-11", "notes": "new exporter"},
                }
            }

            for version in ["1.2", "1.3"]:
                print(version, glom(releases, f"versions.{version}.date"))
        """,
        },
    ),
    P(
        "dotted_key_split_as_path",
        "dpath",
        "gateway of a subnet read with dpath from a settings module",
        "KeyError",
        U_DOTTED,
        {
            "route.py": r"""
            import dpath

            from settings import NETWORKS


            def gateway(cidr):
                return dpath.get(NETWORKS, f"subnets/{cidr}/gateway")


            print(gateway("10.0.0.0/24"))
        """,
            "settings.py": r"""
            NETWORKS = {
                "subnets": {
                    "10.0.0.0/24": {"gateway": "10.0.0.1", "vlan": 10},
                    "10.0.1.0/24": {"gateway": "10.0.1.1", "vlan": 11},
                }
            }
        """,
        },
    ),
    P(
        "dotted_key_split_as_path",
        "pydash",
        "display name of a user keyed by e-mail address via pydash.get",
        "AttributeError",
        U_DOTTED,
        {
            "greet.py": r"""
            import pydash

            users = {
                "ana.silva@example.com": {"name": "ana silva", "plan": "pro"},
                "bo@example.com": {"name": "bo chen", "plan": "free"},
            }


            def display_name(email):
                name = pydash.get(users, f"{email}.name")
                return name.title()


            for email in users:
                print("Hello,", display_name(email))
        """,
        },
    ),
    # attribute access on a dict subclass finds the dict method before the key of the same name
    P(
        "dict_method_name_shadows_key",
        "munch",
        "order total summed over order.items of a Munch",
        "TypeError",
        U_SHADOW,
        {
            "order_total.py": r"""
            import json

            from munch import Munch

            payload = (
                '{"id": 7, "items": [{"sku": "A1", "price": 4.5, "qty": 2},'
                ' {"sku": "B2", "price": 10, "qty": 1}]}'
            )
            order = Munch.fromDict(json.loads(payload))

            total = sum(line.price * line.qty for line in order.items)
            print(f"order {order.id}: {total:.2f}")
        """,
        },
    ),
    P(
        "dict_method_name_shadows_key",
        "munch",
        "last point of a metric series read as series.values[-1]",
        "TypeError",
        U_SHADOW,
        {
            "latest_metric.py": r"""
            from munch import DefaultMunch

            from metrics import SERIES

            data = DefaultMunch.fromDict(SERIES)
            for name in ("cpu", "memory"):
                series = data[name]
                print(name, series.unit, series.values[-1])
        """,
            "metrics.py": r"""
            SERIES = {
                "cpu": {"unit": "%", "values": [12.5, 17.0, 31.2]},
                "memory": {"unit": "MiB", "values": [512, 530, 541]},
            }
        """,
        },
    ),
    P(
        "dict_method_name_shadows_key",
        "core",
        "backup destination read as cfg.copy.dest from a home-made AttrDict",
        "AttributeError",
        U_SHADOW,
        {
            "backup.py": r"""
            from attrdict import AttrDict

            cfg = AttrDict.wrap(
                {
                    "source": {"path": "/srv/data"},
                    "copy": {"dest": "/mnt/backup", "keep": 7},
                }
            )

            print("copying", cfg.source.path, "to", cfg.copy.dest)
        """,
            "attrdict.py": r"""
            class AttrDict(dict):
                def __getattr__(self, name):
                    try:
                        return self[name]
                    except KeyError:
                        raise AttributeError(name) from None

                @classmethod
                def wrap(cls, value):
                    if isinstance(value, dict):
                        return cls({k: cls.wrap(v) for k, v in value.items()})
                    return value
        """,
        },
    ),
    # the query returns match/entry objects, not the matched values
    P(
        "match_objects_used_as_values",
        "jsonpath-ng",
        "prices of an order summed from jsonpath find() results",
        "TypeError",
        U_MATCH,
        {
            "cart.py": r"""
            from jsonpath_ng import parse

            order = {"customer": "c-19", "items": [{"name": "pen", "price": 3}, {"name": "pad", "price": 8}]}

            prices = parse("$.items[*].price").find(order)
            print("total", sum(prices))
        """,
        },
    ),
    P(
        "match_objects_used_as_values",
        "re",
        "hashtags of a post joined from re.finditer",
        "TypeError",
        U_MATCH,
        {
            "tags.py": r"""
            import re

            from posts import POSTS


            def hashtags(text):
                return re.finditer(r"#\w+", text)


            for post in POSTS:
                print(post["id"], ", ".join(hashtags(post["text"])))
        """,
            "posts.py": r"""
            POSTS = [
                {"id": 1, "text": "Release day! #python #packaging"},
                {"id": 2, "text": "Slides are up #talks"},
            ]
        """,
        },
    ),
    P(
        "match_objects_used_as_values",
        "os",
        "log files picked from os.scandir entries by suffix",
        "AttributeError",
        U_MATCH,
        {
            "rotate_logs.py": r"""
            import os

            logs = [entry for entry in os.scandir("logs") if entry.endswith(".log")]
            for entry in logs:
                print("rotating", entry)
        """,
            "logs/app.log": "started\n",
            "logs/worker.log": "idle\n",
            "logs/README": "log folder\n",
        },
    ),
    # two numbering conventions for weekdays mixed: datetime.weekday() is Monday=0, cron and %w are Sunday=0,
    # isoweekday() is Monday=1..Sunday=7
    P(
        "weekday_numbering_mismatch",
        "datetime",
        "on-call person looked up by weekday() in a cron-numbered roster",
        "KeyError",
        U_WEEKDAY,
        {
            "oncall.py": r"""
            from datetime import date

            # day-of-week numbers as in the team's crontab: 1 = Monday ... 5 = Friday
            ROSTER = {1: "ana", 2: "ben", 3: "chidi", 4: "dora", 5: "emil"}


            def on_call(day):
                return ROSTER[day.weekday()]


            print("on call:", on_call(date(2024, 6, 3)))
        """,
        },
    ),
    P(
        "weekday_numbering_mismatch",
        "datetime",
        "column label picked by isoweekday() from a seven-item list",
        "IndexError",
        U_WEEKDAY,
        {
            "week_report.py": r"""
            from datetime import date, timedelta

            LABELS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

            start = date(2024, 6, 10)
            for offset in range(7):
                day = start + timedelta(days=offset)
                print(LABELS[day.isoweekday()], day.isoformat())
        """,
        },
    ),
    P(
        "weekday_numbering_mismatch",
        "datetime",
        "pay rate per weekday read with strftime('%w') from a Monday-based table",
        "KeyError",
        U_WEEKDAY,
        {
            "timesheet.py": r"""
            from datetime import datetime

            from rates import rate_for

            shifts = ["2024-06-03 08:00", "2024-06-05 09:30", "2024-06-07 07:45"]
            for shift in shifts:
                start = datetime.strptime(shift, "%Y-%m-%d %H:%M")
                print(shift, rate_for(int(start.strftime("%w"))))
        """,
            "rates.py": r"""
            import calendar

            # hourly rates, keyed like calendar.MONDAY (0) .. calendar.FRIDAY (4)
            RATES = {calendar.MONDAY: 21.0, calendar.TUESDAY: 21.0, calendar.WEDNESDAY: 21.0,
                     calendar.THURSDAY: 21.0, calendar.FRIDAY: 24.5}


            def rate_for(weekday):
                return RATES[weekday]
        """,
        },
    ),
    # an ISO duration with months or years has no fixed length: isodate returns a Duration whose timedelta part
    # (total_seconds, days) is zero, and it does not compare with timedelta
    P(
        "calendar_duration_treated_as_fixed_length",
        "isodate",
        "average upload rate over a billing period parsed from 'P1M'",
        "ZeroDivisionError",
        U_DURATION,
        {
            "usage.py": r"""
            import isodate

            period = isodate.parse_duration("P1M")
            uploaded_bytes = 52_428_800

            rate = uploaded_bytes / period.total_seconds()
            print(f"{rate:.1f} B/s")
        """,
        },
    ),
    P(
        "calendar_duration_treated_as_fixed_length",
        "isodate",
        "retention period from config compared with a timedelta",
        "TypeError",
        U_DURATION,
        {
            "retention.py": r"""
            from datetime import timedelta

            import isodate

            POLICY = {"logs": "P3M", "tmp": "P7D"}

            for kind, text in POLICY.items():
                keep = isodate.parse_duration(text)
                if keep > timedelta(days=30):
                    print(kind, "goes to cold storage")
        """,
        },
    ),
    P(
        "calendar_duration_treated_as_fixed_length",
        "isodate",
        "daily budget from a plan length read as duration.days",
        "ZeroDivisionError",
        U_DURATION,
        {
            "budget.py": r"""
            from plans import load_plan

            plan = load_plan("team")
            print("per day:", plan["budget"] / plan["length"].days)
        """,
            "plans.py": r"""
            import isodate

            PLANS = {"team": {"budget": 900, "length": "P1M"}, "trial": {"budget": 0, "length": "P14D"}}


            def load_plan(name):
                plan = dict(PLANS[name])
                plan["length"] = isodate.parse_duration(plan["length"])
                return plan
        """,
        },
    ),
    # docopt keys are spelled as in the usage text ("--out", "<src>"); argparse turns "--dry-run" into dry_run
    P(
        "cli_option_key_spelled_differently",
        "docopt",
        "output path read as args['out'] from a docopt dictionary",
        "KeyError",
        U_DOCOPT,
        {
            "export.py": r'''
            """Export a table.

            Usage:
              export.py <table> [--out=<file>]
            """
            from docopt import docopt

            args = docopt(__doc__)
            target = args["out"] or f"{args['<table>']}.csv"
            print("writing", target)
        ''',
        },
        "orders",
        "--out=orders.csv",
    ),
    P(
        "cli_option_key_spelled_differently",
        "docopt",
        "source file read as opts['src'] in a helper module",
        "KeyError",
        U_DOCOPT,
        {
            "lint.py": r'''
            """Count long lines.

            Usage:
              lint.py <src> [--max=<n>]

            Options:
              --max=<n>  longest allowed line [default: 79]
            """
            from docopt import docopt

            from checks import long_lines

            print(long_lines(docopt(__doc__)))
        ''',
            "checks.py": r"""
            def long_lines(opts):
                limit = int(opts["--max"])
                with open(opts["src"]) as fh:
                    return sum(1 for line in fh if len(line.rstrip("\n")) > limit)
        """,
        },
        "lint.py",
    ),
    P(
        "cli_option_key_spelled_differently",
        "argparse",
        "flag --dry-run read with getattr(args, 'dry-run')",
        "AttributeError",
        U_DOCOPT,
        {
            "sync.py": r"""
            import argparse

            parser = argparse.ArgumentParser()
            parser.add_argument("target")
            parser.add_argument("--dry-run", action="store_true")
            args = parser.parse_args()

            for option in ("target", "dry-run"):
                print(option, "=", getattr(args, option))
        """,
        },
        "backup-host",
        "--dry-run",
    ),
    # {{name}} in mustache (and an 'h' default filter in mako) HTML-escapes the value; data meant for another
    # parser (a URL, JSON, XML markup) comes out with &amp; / &quot; / &lt;
    P(
        "template_escapes_html_in_data",
        "chevron",
        "next-page link rendered with {{url}} then its query parsed",
        "KeyError",
        U_ESCAPE,
        {
            "pager.py": r"""
            from urllib.parse import parse_qs, urlsplit

            import chevron

            link = chevron.render("{{base}}?q={{query}}&page={{page}}", {"base": "/search", "query": "tea", "page": 2})
            next_url = chevron.render("{{url}}", {"url": link})

            params = parse_qs(urlsplit(next_url).query)
            print("page", params["page"][0])
        """,
        },
    ),
    P(
        "template_escapes_html_in_data",
        "chevron",
        "JSON settings embedded with {{settings}} and read back",
        "JSONDecodeError",
        U_ESCAPE,
        {
            "build_page.py": r"""
            import json

            import chevron

            from render import page

            settings = {"theme": "dark", "lang": "pt"}
            html = page(settings)
            start = html.index("= ") + 2
            print(json.loads(html[start : html.index(";")]))
        """,
            "render.py": r"""
            import json

            import chevron

            TEMPLATE = "<script>window.SETTINGS = {{settings}};</script>"


            def page(settings):
                return chevron.render(TEMPLATE, {"settings": json.dumps(settings)})
        """,
        },
    ),
    P(
        "template_escapes_html_in_data",
        "mako",
        "note body with markup rendered through a default 'h' filter then parsed as XML",
        "AttributeError",
        U_ESCAPE,
        {
            "notes.py": r"""
            import xml.etree.ElementTree as ET

            from mako.template import Template

            NOTE = Template("<note><title>${title}</title><body>${body}</body></note>", default_filters=["h"])

            xml = NOTE.render(title="Launch", body="<b>Friday</b> at noon")
            root = ET.fromstring(xml)
            print("highlight:", root.find("body/b").text)
        """,
        },
    ),
    # a diff report only has the keys of the kinds of change it found
    P(
        "diff_report_keys_assumed",
        "deepdiff",
        "changed values read from DeepDiff of two identical configs",
        "KeyError",
        U_DIFF,
        {
            "config_drift.py": r"""
            from deepdiff import DeepDiff

            deployed = {"replicas": 3, "image": "api:1.4", "env": {"LOG": "info"}}
            desired = {"replicas": 3, "image": "api:1.4", "env": {"LOG": "info"}}

            drift = DeepDiff(deployed, desired)
            for path, change in drift["values_changed"].items():
                print(path, change["old_value"], "->", change["new_value"])
        """,
        },
    ),
    P(
        "diff_report_keys_assumed",
        "deepdiff",
        "old port read from values_changed when its type changed",
        "KeyError",
        U_DIFF,
        {
            "port_audit.py": r"""
            from deepdiff import DeepDiff

            from loader import before, after

            report = DeepDiff(before(), after())
            changed = report.get("values_changed", {})
            print("port was", changed["root['port']"]["old_value"])
        """,
            "loader.py": r"""
            def before():
                return {"host": "db1", "port": 5432}


            def after():
                # read back from an env file, so every value is a string
                return {"host": "db1", "port": "6432"}
        """,
        },
    ),
    P(
        "diff_report_keys_assumed",
        "dictdiffer",
        "dictdiffer entries unpacked as (kind, key, (old, new))",
        "ValueError",
        U_DIFF,
        {
            "changelog.py": r"""
            from dictdiffer import diff

            old = {"name": "widget", "price": 10}
            new = {"name": "widget", "price": 12, "stock": 40}

            for kind, key, (before, after) in diff(old, new):
                print(f"{kind} {key}: {before} -> {after}")
        """,
        },
    ),
    # headers that differ only in case, spaces or punctuation become the same name once normalised
    P(
        "headers_collide_after_normalisation",
        "prettytable",
        "report table with field names lower-cased and stripped",
        "ValueError",
        U_HEADERS,
        {
            "show_contacts.py": r"""
            import csv
            import io

            from prettytable import PrettyTable

            DATA = "Name,Email,email \nAna,ana@x.io,ana@work.io\nBo,bo@x.io,\n"

            reader = csv.reader(io.StringIO(DATA))
            header = [h.strip().lower() for h in next(reader)]
            table = PrettyTable(header)
            for row in reader:
                table.add_row(row)
            print(table)
        """,
        },
    ),
    P(
        "headers_collide_after_normalisation",
        "sqlite3",
        "CSV import creating a table from snake_cased headers",
        "OperationalError",
        U_HEADERS,
        {
            "load_orders.py": r"""
            import csv
            import sqlite3

            from naming import column_name

            with open("orders.csv", newline="") as fh:
                reader = csv.reader(fh)
                columns = [column_name(h) for h in next(reader)]
                rows = list(reader)

            db = sqlite3.connect(":memory:")
            db.execute(f"CREATE TABLE orders ({', '.join(columns)})")
            db.executemany(f"INSERT INTO orders VALUES ({', '.join('?' * len(columns))})", rows)
            print(db.execute("SELECT COUNT(*) FROM orders").fetchone()[0])
        """,
            "naming.py": r"""
            import re


            def column_name(header):
                return re.sub(r"[^a-z0-9]+", "_", header.lower()).strip("_")
        """,
            "orders.csv": "Order ID,Customer,order-id,Total\n1001,ana,A-1001,19.90\n1002,bo,A-1002,5.00\n",
        },
    ),
    P(
        "headers_collide_after_normalisation",
        "collections",
        "namedtuple record type built from normalised spreadsheet headers",
        "ValueError",
        U_HEADERS,
        {
            "inventory.py": r"""
            from collections import namedtuple

            HEADERS = ["SKU", "Unit Price", "unit-price", "Qty"]
            ROWS = [["A1", "2.50", "2.75", "10"], ["B7", "1.00", "1.10", "3"]]

            fields = [h.lower().replace(" ", "_").replace("-", "_") for h in HEADERS]
            Item = namedtuple("Item", fields)
            items = [Item(*row) for row in ROWS]
            print(sum(float(i.unit_price) * int(i.qty) for i in items))
        """,
        },
    ),
]
