"""Four more groups: SQLAlchemy 2 commit-as-you-go, non-str XML values, mutable default arguments, sorting mixed
types."""

from programs import P

U_COMMIT = "https://github.com/ThibTrip/pangres/issues/37"
U_XMLVAL = "https://github.com/lkiesow/python-feedgen/issues/104"
U_MUTARG = "https://github.com/karask/python-bitcoin-utils/issues/9"
U_MIXSORT = "https://github.com/python/cpython/issues/123490"

PROGRAMS = [
    # SQLAlchemy 2 connections do not autocommit: writes without commit() are rolled back on close
    P(
        "sqla_connection_write_not_committed",
        "SQLAlchemy",
        "insert on engine.connect() without commit",
        "AssertionError",
        U_COMMIT,
        {
            "upsert_prices.py": """
            from sqlalchemy import text

            from price_db import count_prices, engine, init_db

            init_db()
            with engine.connect() as conn:
                conn.execute(text("insert into prices (sku, price) values ('A1', 2.5), ('B2', 4.0)"))
            stored = count_prices()
            assert stored == 2, f"expected 2 prices, table has {stored}"
            print("stored", stored)
        """,
            "price_db.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite:///prices.db")


            def init_db():
                with engine.begin() as conn:
                    conn.execute(text("create table if not exists prices (sku text primary key, price real)"))


            def count_prices():
                with engine.connect() as conn:
                    return conn.execute(text("select count(*) from prices")).scalar()
        """,
        },
    ),
    P(
        "sqla_connection_write_not_committed",
        "SQLAlchemy",
        "update then read back in a new connection",
        "NoResultFound",
        U_COMMIT,
        {
            "activate_user.py": """
            from sqlalchemy import text

            from users_db import engine, seed

            seed()
            with engine.connect() as conn:
                conn.execute(text("update users set active = 1 where name = :n"), {"n": "ana"})

            with engine.connect() as conn:
                row = conn.execute(text("select name from users where active = 1")).one()
            print("active:", row.name)
        """,
            "users_db.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite:///users.db")


            def seed():
                with engine.begin() as conn:
                    conn.execute(text("create table if not exists users (name text primary key, active int)"))
                    conn.execute(text("insert or replace into users values ('ana', 0)"))
        """,
        },
    ),
    P(
        "sqla_connection_write_not_committed",
        "SQLAlchemy",
        "lock row inserted in a helper's connection",
        "AttributeError",
        U_COMMIT,
        {
            "job_lock.py": """
            from locks import acquire, holder

            acquire("nightly-report", owner="worker-1")
            print("held by", holder("nightly-report").upper())
        """,
            "locks.py": """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite:///locks.db")
            with engine.begin() as conn:
                conn.execute(text("create table if not exists locks (name text primary key, owner text)"))


            def acquire(name, owner):
                conn = engine.connect()
                conn.execute(text("insert into locks values (:n, :o)"), {"n": name, "o": owner})
                conn.close()


            def holder(name):
                with engine.connect() as conn:
                    return conn.execute(text("select owner from locks where name = :n"), {"n": name}).scalar()
        """,
        },
    ),
    # numbers (or Decimals) used as XML attribute values or text
    P(
        "xml_value_not_str",
        "lxml",
        "attrib set to an int length",
        "TypeError",
        U_XMLVAL,
        {
            "podcast_feed.py": """
            from lxml import etree

            from episodes import EPISODES

            rss = etree.Element("rss")
            for ep in EPISODES:
                item = etree.SubElement(rss, "item")
                enclosure = etree.SubElement(item, "enclosure")
                enclosure.attrib["url"] = ep["url"]
                enclosure.attrib["length"] = ep["length"]
            print(etree.tostring(rss))
        """,
            "episodes.py": """
            EPISODES = [{"url": "https://example.org/1.mp3", "length": 100}]
        """,
        },
    ),
    P(
        "xml_value_not_str",
        "lxml",
        "element text set to a Decimal",
        "TypeError",
        U_XMLVAL,
        {
            "iati_export.py": """
            from decimal import Decimal

            from lxml import etree


            def budget_element(project):
                el = etree.Element("budget")
                el.set("currency", project["currency"])
                el.text = project["capital_spend_percentage"]
                return el


            project = {"currency": "EUR", "capital_spend_percentage": Decimal("12.5")}
            print(etree.tostring(budget_element(project)))
        """,
        },
    ),
    P(
        "xml_value_not_str",
        "xml.etree.ElementTree",
        "ET.tostring of an element with an int attribute",
        "TypeError",
        U_XMLVAL,
        {
            "chain_export.py": """
            import xml.etree.ElementTree as ET

            from nuclides import DECAYS

            root = ET.Element("depletion_chain")
            for parent, daughter in DECAYS:
                ET.SubElement(root, "reaction", {"parent": parent, "target": daughter})
            print(ET.tostring(root, encoding="unicode"))
        """,
            "nuclides.py": """
            DECAYS = [("U235", "Th231"), ("Pu239", 92235)]
        """,
        },
    ),
    # a mutable default argument shared by every call
    P(
        "mutable_default_argument",
        "core",
        "list default accumulating between calls",
        "AssertionError",
        U_MUTARG,
        {
            "tx_builder.py": """
            from transactions import build_inputs

            first = build_inputs(["utxo-1"])
            second = build_inputs(["utxo-2"])
            assert second == ["utxo-2"], second
            print(first, second)
        """,
            "transactions.py": """
            def build_inputs(outpoints, inputs=[]):
                for op in outpoints:
                    inputs.append(op)
                return inputs
        """,
        },
    ),
    P(
        "mutable_default_argument",
        "core",
        "set default remembering items across calls",
        "IndexError",
        U_MUTARG,
        {
            "dedupe_feeds.py": """
            def unique_titles(items, seen=set()):
                fresh = []
                for item in items:
                    if item not in seen:
                        seen.add(item)
                        fresh.append(item)
                return fresh


            monday = unique_titles(["release 2.0", "security fix"])
            tuesday = unique_titles(["security fix", "release 2.0"])
            print("top story on tuesday:", tuesday[0])
        """,
        },
    ),
    P(
        "mutable_default_argument",
        "core",
        "dict default of request headers leaking a token",
        "ValueError",
        U_MUTARG,
        {
            "client_calls.py": """
            from http_util import build_headers

            admin = build_headers(token="s3cr3t")
            public = build_headers()
            if "Authorization" in public:
                raise ValueError(f"public request carries credentials: {public}")
            print(public)
        """,
            "http_util.py": """
            def build_headers(token=None, headers={}):
                headers.setdefault("Accept", "application/json")
                if token:
                    headers["Authorization"] = f"Bearer {token}"
                return headers
        """,
        },
    ),
    # sorting values of mixed types (numbers with placeholder strings or None)
    P(
        "sort_mixed_types",
        "core",
        "sorted by a key holding ints and a 'None' string",
        "TypeError",
        U_MIXSORT,
        {
            "activities.py": """
            from school_data import ACTIVITIES

            latest = sorted(ACTIVITIES, key=lambda a: a["peula_date"], reverse=True)
            print(latest[0]["class_symbol"])
        """,
            "school_data.py": """
            ACTIVITIES = [
                {"class_symbol": "1060", "peula_date": 20240618},
                {"class_symbol": "10", "peula_date": "None"},
            ]
        """,
        },
    ),
    P(
        "sort_mixed_types",
        "core",
        "sort of job memory where '.' marks running jobs",
        "TypeError",
        U_MIXSORT,
        {
            "xacct.py": """
            import sys

            from accounting import parse_jobs

            jobs = parse_jobs()
            field = sys.argv[1]
            for job in sorted(jobs, key=lambda j: j[field]):
                print(job["id"], job[field])
        """,
            "accounting.py": """
            RAW = "64377 9027\\n64413 .\\n64339 10753\\n"


            def parse_jobs():
                jobs = []
                for line in RAW.splitlines():
                    job_id, rss = line.split()
                    jobs.append({"id": job_id, "MaxRSS": int(rss) if rss.isdigit() else rss})
                return jobs
        """,
        },
        "MaxRSS",
    ),
    P(
        "sort_mixed_types",
        "core",
        "sorted() of dict keys mixing ints and strings",
        "TypeError",
        U_MIXSORT,
        {
            "port_report.py": """
            PORTS = {22: "ssh", "8080": "proxy", 443: "https"}

            for port in sorted(PORTS):
                print(port, PORTS[port])
        """,
        },
    ),
]
