"""Singletons: one run each, a cause with no sibling in the set (several are confusable with a group)."""

from programs import P

PROGRAMS = [
    P(
        "marshmallow2_style_result_unpacked",
        "marshmallow",
        "data, errors = schema.load(...)",
        "ValueError",
        "https://github.com/marshmallow-code/marshmallow/issues/830",
        {
            "signup_form.py": """
            from marshmallow import Schema, fields


            class SignupSchema(Schema):
                email = fields.Email(required=True)
                name = fields.Str()
                plan = fields.Str()


            data, errors = SignupSchema().load({"email": "ana@example.org", "name": "Ana", "plan": "pro"})
            if errors:
                print(errors)
            print(data)
        """,
        },
    ),
    P(
        "toml_path_value",
        "tomli_w",
        "tomli_w.dump of a dict holding a pathlib.Path",
        "TypeError",
        "https://github.com/hukkin/tomli-w/issues/50",
        {
            "save_target.py": """
            import pathlib

            import tomli_w

            data = {"target": {"ip": "10.0.0.5", "os": {"name": "win 10", "root directory": pathlib.Path("/")}}}
            with open("target.toml", "wb") as fh:
                tomli_w.dump(data, fh)
        """,
        },
    ),
    P(
        "toml_non_str_key",
        "tomli_w",
        "tomli_w.dumps of a dict keyed by int",
        "TypeError",
        "https://github.com/hukkin/tomli-w/issues/53",
        {
            "ports.py": """
            import tomli_w

            from scan import open_ports

            print(tomli_w.dumps({"ports": open_ports()}))
        """,
            "scan.py": """
            def open_ports():
                return {22: {"service": "ssh"}, 443: {"service": "https", "ver": "1.3"}}
        """,
        },
    ),
    P(
        "sqlite3_row_without_row_factory",
        "sqlite3",
        "fetchone()['column'] without sqlite3.Row",
        "TypeError",
        "https://github.com/pallets/flask/issues/2911",
        {
            "auth.py": """
            import hashlib

            from db import get_db


            def login(username, password):
                user = get_db().execute("SELECT * FROM user WHERE username = ?", (username,)).fetchone()
                if user is None:
                    return "unknown user"
                if user["password"] != hashlib.sha256(password.encode()).hexdigest():
                    return "bad password"
                return "ok"


            print(login("ana", "pw"))
        """,
            "db.py": """
            import hashlib
            import sqlite3


            def get_db():
                db = sqlite3.connect(":memory:")
                db.execute("create table user (id integer primary key, username text, password text)")
                db.execute("insert into user (username, password) values (?, ?)",
                           ("ana", hashlib.sha256(b"pw").hexdigest()))
                return db
        """,
        },
    ),
    P(
        "gzipfile_text_mode",
        "gzip",
        "gzip.GzipFile(path, 'rt')",
        "ValueError",
        "https://github.com/rucio/rucio/issues/7355",
        {
            "dump_reader.py": """
            import gzip

            with gzip.open("replicas.gz", "wt") as fh:
                fh.write("scope:name\\n")

            with gzip.GzipFile("replicas.gz", "rt") as fh:
                print(fh.readline())
        """,
        },
    ),
    P(
        "findall_repeated_group_keeps_last",
        "re",
        "findall with a repeated capture group",
        "AssertionError",
        "https://github.com/neolee/pilot/issues/819",
        {
            "runs.py": """
            import re

            text = "error wonderer severeness"
            runs = re.findall(r"(er)+", text)
            assert runs == ["er", "erer", "er"], runs
            print(runs)
        """,
        },
    ),
    P(
        "sqlite_format_paramstyle",
        "sqlite3",
        "%s placeholders with sqlite3",
        "OperationalError",
        "https://github.com/saltstack/salt/issues/29736",
        {
            "pillar_query.py": """
            import sqlite3

            from pillar_db import connect

            conn = connect()
            rows = conn.execute("SELECT internal, value FROM quickpeek WHERE hostname LIKE %s", ("minion1",))
            print(rows.fetchall())
        """,
            "pillar_db.py": """
            import sqlite3


            def connect():
                conn = sqlite3.connect(":memory:")
                conn.execute("create table quickpeek (id int, internal text, hostname text, value text)")
                conn.execute("insert into quickpeek values (1, 'infoheader', 'minion1', 'X-Info:')")
                return conn
        """,
        },
    ),
    P(
        "pil_save_to_stringio",
        "PIL",
        "Image.save into io.StringIO",
        "TypeError",
        "https://github.com/python-pillow/Pillow/issues/2205",
        {
            "avatar_stream.py": """
            from io import StringIO

            from PIL import Image

            image = Image.new("RGB", (16, 16), "teal")
            stream = StringIO()
            image.save(stream, "PNG")
            print(len(stream.getvalue()))
        """,
        },
    ),
    P(
        "html_entity_in_xml",
        "lxml",
        "lxml parse of XML using an HTML named entity",
        "XMLSyntaxError",
        "https://github.com/PerseusDL/lexica/issues/31",
        {
            "lexicon.py": """
            from lxml import etree

            from entries import ENTRY

            entry = etree.fromstring(ENTRY)
            print(entry.findtext("orth"))
        """,
            "entries.py": """
            ENTRY = "<entry><orth>amo</orth><sense>to love&nbsp;&dagger;</sense></entry>"
        """,
        },
    ),
    P(
        "msgpack_int_map_keys_strict",
        "msgpack",
        "unpackb of a dict keyed by int",
        "ValueError",
        "https://github.com/msgpack/msgpack-python/issues/418",
        {
            "shard_map.py": """
            import msgpack

            from shards import SHARDS

            blob = msgpack.packb(SHARDS)
            restored = msgpack.unpackb(blob)
            print(restored[0])
        """,
            "shards.py": """
            SHARDS = {0: "db-a", 1: "db-b", 2: "db-c"}
        """,
        },
    ),
    P(
        "xmltodict_force_list_empty_element",
        "xmltodict",
        "force_list on an empty element gives [None]",
        "TypeError",
        "https://github.com/martinblech/xmltodict/issues/166",
        {
            "servers.py": """
            import xmltodict

            XML = "<servers><server></server></servers>"
            doc = xmltodict.parse(XML, force_list=("server",))
            for server in doc["servers"]["server"]:
                print(server["name"])
        """,
        },
    ),
    P(
        "default_factory_not_callable",
        "dataclasses",
        "default_factory given an instance",
        "TypeError",
        "https://github.com/StephanieWillis/solar-and-heat-pump-savings/issues/121",
        {
            "consumption.py": """
            from dataclasses import dataclass, field

            from fuels import ELECTRICITY, Fuel


            @dataclass
            class Consumption:
                kwh: float
                fuel: Fuel = field(default_factory=ELECTRICITY)


            print(Consumption(3100.0))
        """,
            "fuels.py": """
            from dataclasses import dataclass


            @dataclass
            class Fuel:
                name: str
                price_per_kwh: float


            ELECTRICITY = Fuel("electricity", 0.34)
        """,
        },
    ),
    P(
        "pool_object_pickled",
        "multiprocessing",
        "a Pool passed inside a task's arguments",
        "NotImplementedError",
        "https://github.com/uqfoundation/multiprocess/issues/18",
        {
            "nested_map.py": """
            import pickle
            from multiprocessing.pool import Pool


            class Job:
                def __init__(self, pool, items):
                    self.pool = pool
                    self.items = items


            if __name__ == "__main__":
                with Pool(1) as pool:
                    payload = pickle.dumps(Job(pool, [1, 2, 3]))
                    print(len(payload))
        """,
        },
    ),
    P(
        "gzip_open_mode_without_rw",
        "gzip",
        "gzip.open(path, 'b')",
        "ValueError",
        "https://github.com/timoast/sinto/issues/67",
        {
            "filter_barcodes.py": """
            import gzip

            from cells_fixture import write_cells

            write_cells("cells.txt.gz")
            with gzip.open("cells.txt.gz", "b") as inf:
                barcodes = [line.strip() for line in inf]
            print(len(barcodes))
        """,
            "cells_fixture.py": """
            import gzip


            def write_cells(path):
                with gzip.open(path, "wt") as fh:
                    fh.write("AAAC\\nCCGT\\n")
        """,
        },
    ),
    P(
        "sqlite_params_as_set",
        "sqlite3",
        "set of ids passed as the parameters",
        "ProgrammingError",
        "https://github.com/sripathikrishnan/jinjasql/issues/22",
        {
            "lookup.py": """
            import sqlite3

            conn = sqlite3.connect(":memory:")
            conn.execute("create table items (id integer primary key, name text)")
            conn.executemany("insert into items (name) values (?)", [("a",), ("b",)])

            wanted = {1}
            print(conn.execute("select name from items where id = ?", wanted).fetchall())
        """,
        },
    ),
    P(
        "babel_locale_territory_mismatch",
        "babel",
        "format_datetime with locale sl_SL",
        "UnknownLocaleError",
        "https://github.com/Dielee/volvo2mqtt/issues/179",
        {
            "car_status.py": """
            from datetime import datetime

            from babel.dates import format_datetime

            from settings_store import SETTINGS

            print(format_datetime(datetime(2024, 3, 5, 9, 30), format="medium", locale=SETTINGS["babelLocale"]))
        """,
            "settings_store.py": """
            SETTINGS = {"babelLocale": "sl_SL", "updateInterval": 300}
        """,
        },
    ),
    P(
        "one_on_duplicated_rows",
        "more_itertools",
        "more_itertools.one over a join with duplicates",
        "ValueError",
        "https://github.com/more-itertools/more-itertools/issues/281",
        {
            "owner_of.py": """
            from more_itertools import one

            from records import OWNERSHIP

            owner = one(o for o in OWNERSHIP if o["asset"] == "laptop-7")
            print(owner["user"])
        """,
            "records.py": """
            OWNERSHIP = [
                {"asset": "laptop-7", "user": "ana"},
                {"asset": "phone-2", "user": "ben"},
                {"asset": "laptop-7", "user": "ana"},
            ]
        """,
        },
    ),
    P(
        "sortedlist_key_changed_after_insert",
        "sortedcontainers",
        "remove after mutating the sort key",
        "ValueError",
        "https://github.com/grantjenks/python-sortedcontainers/issues/39",
        {
            "priority_queue.py": """
            from sortedcontainers import SortedKeyList

            queue = SortedKeyList(key=lambda task: task["priority"])
            backup = {"name": "backup", "priority": 3}
            queue.update([backup, {"name": "email", "priority": 1}])

            backup["priority"] = 5
            queue.remove(backup)
            print([t["name"] for t in queue])
        """,
        },
    ),
    P(
        "sortedlist_order_without_equality",
        "sortedcontainers",
        "remove of an object with __lt__ but no __eq__",
        "ValueError",
        "https://github.com/grantjenks/python-sortedcontainers/issues/223",
        {
            "timeline.py": """
            from sortedcontainers import SortedList

            from events_sorted import Event

            timeline = SortedList()
            first, second = Event(10, "start"), Event(10, "log")
            timeline.add(first)
            timeline.add(second)
            timeline.remove(second)
            print(len(timeline))
        """,
            "events_sorted.py": """
            class Event:
                def __init__(self, at, name):
                    self.at = at
                    self.name = name

                def __lt__(self, other):
                    return self.at < other.at
        """,
        },
    ),
    P(
        "marshmallow_list_without_many",
        "marshmallow",
        "load of a list with a single-object schema",
        "ValidationError",
        "https://github.com/marshmallow-code/marshmallow/issues/456",
        {
            "bulk_import.py": """
            from product_schema import ProductSchema

            rows = [{"sku": "A1", "price": 2.5}, {"sku": "B2", "price": 4.0}]
            products = ProductSchema().load(rows)
            print(len(products))
        """,
            "product_schema.py": """
            from marshmallow import Schema, fields


            class ProductSchema(Schema):
                sku = fields.Str(required=True)
                price = fields.Float()
        """,
        },
    ),
    P(
        "marshmallow_input_key_differs_from_field",
        "marshmallow",
        "camelCase input for a snake_case field",
        "ValidationError",
        "https://github.com/marshmallow-code/marshmallow/issues/226",
        {
            "user_api.py": """
            from marshmallow import Schema, fields


            class UserSchema(Schema):
                name = fields.String()
                email = fields.Email(required=True)


            data = {"name": "Mike", "emailAddress": "foo@bar.com"}
            print(UserSchema().load(data))
        """,
        },
    ),
    P(
        "tabulate_scalar_not_table",
        "tabulate",
        "tabulate of a single number",
        "TypeError",
        "https://github.com/astanin/python-tabulate/issues/208",
        {
            "summary.py": """
            from tabulate import tabulate

            from totals import grand_total

            print(tabulate(grand_total([3, 4, 5]), headers=["total"]))
        """,
            "totals.py": """
            def grand_total(values):
                return sum(values)
        """,
        },
    ),
    P(
        "set_literal_around_list",
        "core",
        "{exceptions} meant as set(exceptions)",
        "TypeError",
        "https://github.com/pymedusa/Medusa/issues/2121",
        {
            "edit_show.py": """
            from show_form import parse_exceptions

            print(parse_exceptions("The Office|Office US"))
        """,
            "show_form.py": """
            def parse_exceptions(raw):
                exceptions = [e.strip() for e in raw.split("|") if e.strip()]
                return {exceptions}
        """,
        },
    ),
    P(
        "json_trailing_comma",
        "json",
        "json.load of a hand-edited config with a trailing comma",
        "JSONDecodeError",
        "https://github.com/spacetelescope/jwql/issues/423",
        {
            "start_monitor.py": """
            import json

            from config_file import write_config

            write_config("config.json")
            with open("config.json") as fh:
                config = json.load(fh)
            print(config["outputs"])
        """,
            "config_file.py": """
            CONFIG_TEXT = '''{
                "outputs": "/tmp/out",
                "database": "sqlite:///monitor.db",
            }
            '''


            def write_config(path):
                with open(path, "w") as fh:
                    fh.write(CONFIG_TEXT)
        """,
        },
    ),
    P(
        "asyncio_run_given_function",
        "asyncio",
        "asyncio.run(main) without calling main",
        "ValueError",
        "https://github.com/modelcontextprotocol/docs/pull/232",
        {
            "server.py": """
            import asyncio


            async def main():
                await asyncio.sleep(0)
                print("serving")


            if __name__ == "__main__":
                asyncio.run(main)
        """,
        },
    ),
    P(
        "asyncio_run_given_gather_future",
        "asyncio",
        "asyncio.run(asyncio.gather(...))",
        "ValueError",
        "https://github.com/johannjhang/aioserial.py/issues/13",
        {
            "serial_echo.py": """
            import asyncio


            async def read_and_print(port):
                await asyncio.sleep(0)
                print("read from", port)


            async def write(port, data):
                await asyncio.sleep(0)
                return len(data)


            asyncio.run(asyncio.gather(read_and_print("/dev/ttyUSB0"), write("/dev/ttyUSB0", b"Hello\\n")))
        """,
        },
    ),
]
