"""Groups around parsing and encodings: detectors that return None for input they cannot classify, times and dates
without zero padding, Decimal numbers from streaming/precise JSON parsing, enum members with duplicate values,
ElementTree's findall() searching only direct children, URL-safe base64 decoded with the standard alphabet,
str.splitlines() splitting on more than newlines, a TextIOWrapper that closes the buffer under it, and UUIDs compared in
hex and hyphenated forms."""

from programs import P

U_DETECT = "https://github.com/Diaoul/subliminal/issues/921"
U_PADDED = "https://github.com/dbader/schedule/issues/278"
U_DECIMAL = "https://github.com/isagalaev/ijson/pull/14"
U_ALIAS = "https://github.com/coveooss/coveo-python-oss/pull/101"
U_FINDALL = "https://github.com/rhattersley/pyepsg/pull/7"
U_URLSAFE = "https://github.com/mk-fg/fgtk/issues/12"
U_SPLITLINES = "https://github.com/awslabs/gluonts/pull/920"
U_WRAPPER = "https://github.com/ebroecker/canmatrix/pull/129"
U_UUID = "https://github.com/dcramer/django-uuidfield/pull/27"

PROGRAMS = [
    # a detector answers None (no encoding, no match, no kind) for input it cannot classify
    P(
        "detector_result_none_not_handled",
        "chardet",
        "upload decoded with the encoding chardet guessed",
        "TypeError",
        U_DETECT,
        {
            "ingest.py": r"""
            import chardet


            def to_text(raw: bytes) -> str:
                guess = chardet.detect(raw)
                return raw.decode(guess["encoding"])


            uploads = {"notes.txt": "olá mundo".encode("latin-1"), "blob.dat": bytes(range(256)) * 2}
            for name, raw in uploads.items():
                print(name, to_text(raw)[:20])
        """,
        },
    ),
    P(
        "detector_result_none_not_handled",
        "charset_normalizer",
        "encoding name read from charset_normalizer's best() match",
        "AttributeError",
        U_DETECT,
        {
            "sniff_encoding.py": r"""
            import zlib

            from charset_normalizer import from_bytes

            samples = {
                "csv": "sensor;valor\nt1;21,5\n".encode("cp1252"),
                "packed": zlib.compress(b"sensor,value\n" * 50),
            }

            for name, data in samples.items():
                match = from_bytes(data).best()
                print(name, match.encoding)
        """,
        },
    ),
    P(
        "detector_result_none_not_handled",
        "filetype",
        "stored file name built from filetype.guess(...).extension",
        "AttributeError",
        U_DETECT,
        {
            "store_upload.py": r"""
            from naming import stored_name

            uploads = [b"\x89PNG\r\n\x1a\n" + b"\x00" * 32, b"id,name\n1,ana\n"]
            for i, data in enumerate(uploads):
                print(stored_name(f"upload{i}", data))
        """,
            "naming.py": r"""
            import filetype


            def stored_name(stem, data):
                kind = filetype.guess(data)
                return f"{stem}.{kind.extension}"
        """,
        },
    ),
    # ISO / HH:MM parsers want zero-padded fields; '7:30' or '2024-6-3' are rejected
    P(
        "unpadded_time_text_rejected",
        "schedule",
        "daily job scheduled at a time written without a leading zero",
        "ScheduleValueError",
        U_PADDED,
        {
            "nightly.py": r"""
            import schedule


            def send_digest():
                print("digest sent")


            for at in ["18:00", "7:30"]:
                schedule.every().day.at(at).do(send_digest)
            print(len(schedule.get_jobs()), "jobs")
        """,
        },
    ),
    P(
        "unpadded_time_text_rejected",
        "datetime",
        "opening hours parsed with time.fromisoformat",
        "ValueError",
        U_PADDED,
        {
            "opening_hours.py": r"""
            from datetime import time

            HOURS = {"mon": ("9:00", "17:30"), "sat": ("10:00", "14:00")}

            for day, (start, end) in HOURS.items():
                print(day, time.fromisoformat(start), "-", time.fromisoformat(end))
        """,
        },
    ),
    P(
        "unpadded_time_text_rejected",
        "datetime",
        "date text assembled from numbers and parsed with date.fromisoformat",
        "ValueError",
        U_PADDED,
        {
            "due_dates.py": r"""
            from datetime import date

            from forms import date_text

            due = date.fromisoformat(date_text(2024, 6, 3))
            print("due in", (due - date(2024, 5, 20)).days, "days")
        """,
            "forms.py": r"""
            def date_text(year, month, day):
                return f"{year}-{month}-{day}"
        """,
        },
    ),
    # ijson (and json with parse_float=Decimal) returns Decimal numbers, which json.dumps and float math reject
    P(
        "parser_numbers_are_decimal",
        "ijson",
        "streamed records re-serialised with json.dumps",
        "TypeError",
        U_DECIMAL,
        {
            "reshape.py": r"""
            import io
            import json

            import ijson

            SOURCE = b'[{"id": 1, "temp": 21.5}, {"id": 2, "temp": 19.0}]'

            for record in ijson.items(io.BytesIO(SOURCE), "item"):
                print(json.dumps({"sensor": record["id"], "celsius": record["temp"]}))
        """,
        },
    ),
    P(
        "parser_numbers_are_decimal",
        "ijson",
        "gross prices computed from streamed net prices times a float rate",
        "TypeError",
        U_DECIMAL,
        {
            "prices.py": r"""
            import ijson

            from tax import gross

            with open("catalog.json", "rb") as fh:
                for product in ijson.items(fh, "products.item"):
                    print(product["sku"], gross(product["net"]))
        """,
            "tax.py": r"""
            VAT = 1.23


            def gross(net):
                return round(net * VAT, 2)
        """,
            "catalog.json": '{"products": [{"sku": "A1", "net": 10.0}, {"sku": "B2", "net": 4.5}]}\n',
        },
    ),
    P(
        "parser_numbers_are_decimal",
        "json",
        "amounts loaded with parse_float=Decimal then a float fee added",
        "TypeError",
        U_DECIMAL,
        {
            "payout.py": r"""
            from ledger import load_amounts

            FEE = 0.35
            for account, amount in load_amounts('{"acc1": 12.50, "acc2": 7.10}').items():
                print(account, amount + FEE)
        """,
            "ledger.py": r"""
            import json
            from decimal import Decimal


            def load_amounts(text):
                # Decimal keeps cents exact
                return json.loads(text, parse_float=Decimal)
        """,
        },
    ),
    # a member whose value repeats an earlier one is an alias: it is not iterated and lookups by value return the first
    P(
        "enum_duplicate_value_becomes_alias",
        "enum",
        "size labels built by iterating the enum then looked up by name",
        "KeyError",
        U_ALIAS,
        {
            "sizes.py": r"""
            from enum import Enum


            class Size(Enum):
                SMALL = 1
                MEDIUM = 2
                REGULAR = 2
                LARGE = 3


            LABELS = {size.name: size.name.title() for size in Size}
            print("cup:", LABELS["REGULAR"])
        """,
        },
    ),
    P(
        "enum_duplicate_value_becomes_alias",
        "enum",
        "level names zipped strictly with a list of colours",
        "ValueError",
        U_ALIAS,
        {
            "log_colors.py": r"""
            from enum import IntEnum


            class Level(IntEnum):
                TRACE = 5
                DEBUG = 5
                INFO = 20
                ERROR = 40


            COLORS = ["grey", "white", "cyan", "red"]
            print(dict(zip(Level, COLORS, strict=True)))
        """,
        },
    ),
    P(
        "enum_duplicate_value_becomes_alias",
        "enum",
        "colour parsed by value then its CSS name looked up by member name",
        "KeyError",
        U_ALIAS,
        {
            "theme.py": r"""
            from colors import Color, CSS_NAMES

            picked = Color("#00ff00")
            print("css:", CSS_NAMES[picked.name])
        """,
            "colors.py": r"""
            from enum import Enum


            class Color(Enum):
                GREEN = "#00ff00"
                LIME = "#00ff00"
                NAVY = "#000080"


            CSS_NAMES = {"LIME": "lime", "NAVY": "navy"}
        """,
        },
    ),
    # Element.find/findall('tag') only look at direct children; deeper elements need './/tag' or iter()
    P(
        "findall_only_direct_children",
        "xml.etree.ElementTree",
        "first feed item taken from root.findall('item')",
        "IndexError",
        U_FINDALL,
        {
            "feed.py": r"""
            import xml.etree.ElementTree as ET

            RSS = '''<rss version="2.0"><channel><title>News</title>
            <item><title>Release 2.0</title></item>
            <item><title>Meetup</title></item>
            </channel></rss>'''

            root = ET.fromstring(RSS)
            latest = root.findall("item")[0]
            print("latest:", latest.findtext("title"))
        """,
        },
    ),
    P(
        "findall_only_direct_children",
        "xml.etree.ElementTree",
        "product price read from root.find('price')",
        "AttributeError",
        U_FINDALL,
        {
            "price.py": r"""
            import xml.etree.ElementTree as ET

            DOC = "<product><name>Kettle</name><details><price currency='EUR'>29.90</price></details></product>"

            product = ET.fromstring(DOC)
            print(product.findtext("name"), float(product.find("price").text))
        """,
        },
    ),
    P(
        "findall_only_direct_children",
        "xml.etree.ElementTree",
        "peak sensor reading over root.findall('reading') of a file",
        "ValueError",
        U_FINDALL,
        {
            "peak.py": r"""
            from readings import load

            values = load("station.xml")
            print("peak:", max(values))
        """,
            "readings.py": r"""
            import xml.etree.ElementTree as ET


            def load(path):
                root = ET.parse(path).getroot()
                return [float(r.text) for r in root.findall("reading")]
        """,
            "station.xml": (
                "<station id='s1'>\n  <day date='2024-06-03'>\n    <reading>14.2</reading>\n"
                "    <reading>17.9</reading>\n  </day>\n</station>\n"
            ),
        },
    ),
    # text made with urlsafe_b64encode ('-', '_') decoded with b64decode, which drops those characters
    P(
        "urlsafe_base64_decoded_with_standard_alphabet",
        "base64",
        "session token decoded with b64decode",
        "Error",
        U_URLSAFE,
        {
            "session.py": r"""
            import base64
            import json

            state = {"sid": "\u00e9t\u00e9>>?", "n": 3}
            token = base64.urlsafe_b64encode(json.dumps(state).encode()).decode()

            restored = json.loads(base64.b64decode(token))
            print(restored["n"])
        """,
        },
    ),
    P(
        "urlsafe_base64_decoded_with_standard_alphabet",
        "base64",
        "file name carried in a URL-safe base64 query value decoded as UTF-8",
        "UnicodeDecodeError",
        U_URLSAFE,
        {
            "download.py": r"""
            import base64

            from links import make_link

            link = make_link("relatório ~~~?.pdf")
            encoded = link.split("f=", 1)[1]
            print("file:", base64.b64decode(encoded).decode("utf-8"))
        """,
            "links.py": r"""
            import base64


            def make_link(filename):
                return "/dl?f=" + base64.urlsafe_b64encode(filename.encode()).decode()
        """,
        },
    ),
    P(
        "urlsafe_base64_decoded_with_standard_alphabet",
        "base64",
        "cursor of a paginated API re-padded, decoded and parsed as JSON",
        "Error",
        U_URLSAFE,
        {
            "paginate.py": r"""
            import base64
            import json


            def encode_cursor(pos):
                return base64.urlsafe_b64encode(json.dumps(pos).encode()).decode()


            def decode_cursor(cursor):
                return json.loads(base64.b64decode(cursor + "=" * (-len(cursor) % 4)))


            cursor = encode_cursor({"after": "id>>>??", "size": 50})
            print(decode_cursor(cursor))
        """,
        },
    ),
    # str.splitlines() also splits on \x0b, \x0c, \x1c-\x1e, \x85, \u2028, \u2029, not only on \n
    P(
        "splitlines_splits_on_unicode_separators",
        "core",
        "name|city records split with splitlines()",
        "ValueError",
        U_SPLITLINES,
        {
            "people.py": r"""
            import json

            # exported from a web form; the bio field kept a U+2028 line separator
            records = json.loads('["Ana|Lisboa", "Bo Chen\\u2028(he/him)|Porto"]')
            text = "\n".join(records)

            for line in text.splitlines():
                name, city = line.split("|")
                print(name, "-", city)
        """,
        },
    ),
    P(
        "splitlines_splits_on_unicode_separators",
        "core",
        "key=value settings parsed from a file that contains a form feed",
        "ValueError",
        U_SPLITLINES,
        {
            "read_env.py": r"""
            from envfile import parse

            with open("app.env") as fh:
                print(parse(fh.read()))
        """,
            "envfile.py": r"""
            def parse(text):
                return dict(line.split("=", 1) for line in text.splitlines() if line.strip())
        """,
            "app.env": "HOST=0.0.0.0\nBANNER=Welcome\x0cto the shop\nPORT=8080\n",
        },
    ),
    P(
        "splitlines_splits_on_unicode_separators",
        "core",
        "third column read from rows of a text split with splitlines()",
        "IndexError",
        U_SPLITLINES,
        {
            "scores.py": r"""
            text = "team,played,points\nnorth,3,7\nsouth\x1ewest,3,4\n"

            header, *rows = text.splitlines()
            for row in rows:
                print(row.split(",")[0], int(row.split(",")[2]))
        """,
        },
    ),
    # closing (or collecting) a TextIOWrapper closes the binary stream under it
    P(
        "text_wrapper_closes_underlying_buffer",
        "io",
        "CSV written through a TextIOWrapper in a with-block, then buf.getvalue()",
        "ValueError",
        U_WRAPPER,
        {
            "csv_bytes.py": r"""
            import csv
            import io

            buf = io.BytesIO()
            with io.TextIOWrapper(buf, encoding="utf-8", newline="") as text:
                csv.writer(text).writerows([["id", "name"], [1, "Ana"]])

            print(len(buf.getvalue()), "bytes")
        """,
        },
    ),
    P(
        "text_wrapper_closes_underlying_buffer",
        "io",
        "report bytes returned by a helper that wrapped the buffer in a local TextIOWrapper",
        "ValueError",
        U_WRAPPER,
        {
            "send_report.py": r"""
            from report import render

            payload = render([("north", 7), ("south", 4)])
            print(payload.getvalue().decode())
        """,
            "report.py": r"""
            import io


            def render(rows):
                buf = io.BytesIO()
                out = io.TextIOWrapper(buf, encoding="utf-8")
                for team, points in rows:
                    out.write(f"{team}: {points}\n")
                out.flush()
                return buf
        """,
        },
    ),
    P(
        "text_wrapper_closes_underlying_buffer",
        "io",
        "header read through a TextIOWrapper, then the raw file rewound for hashing",
        "ValueError",
        U_WRAPPER,
        {
            "checksum.py": r"""
            import hashlib
            import io

            with open("export.csv", "rb") as raw:
                with io.TextIOWrapper(raw, encoding="utf-8") as text:
                    header = text.readline().strip()
                raw.seek(0)
                digest = hashlib.sha256(raw.read()).hexdigest()
            print(header, digest[:12])
        """,
            "export.csv": "id,total\n1,9.5\n",
        },
    ),
    # a UUID stored as .hex (no hyphens) is looked up with str(uuid) (hyphens), or the other way round
    P(
        "uuid_hex_vs_hyphenated_string",
        "uuid",
        "session looked up by str(uuid) in a dict keyed by uuid.hex",
        "KeyError",
        U_UUID,
        {
            "sessions.py": r"""
            import uuid

            NS = uuid.UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
            sessions = {}


            def open_session(user):
                sid = uuid.uuid5(NS, user)
                sessions[sid.hex] = {"user": user}
                return sid


            sid = open_session("ana")
            print(sessions[str(sid)]["user"])
        """,
        },
    ),
    P(
        "uuid_hex_vs_hyphenated_string",
        "uuid",
        "device row fetched from sqlite with uuid.hex while str(uuid) was stored",
        "TypeError",
        U_UUID,
        {
            "devices.py": r"""
            import sqlite3
            import uuid

            from store import add_device

            db = sqlite3.connect(":memory:")
            db.execute("CREATE TABLE devices (id TEXT PRIMARY KEY, label TEXT)")
            dev = add_device(db, "thermostat")

            row = db.execute("SELECT label FROM devices WHERE id = ?", (dev.hex,)).fetchone()
            print("label:", row[0])
        """,
            "store.py": r"""
            import uuid

            NS = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")


            def add_device(db, label):
                dev = uuid.uuid5(NS, label)
                db.execute("INSERT INTO devices VALUES (?, ?)", (str(dev), label))
                return dev
        """,
        },
    ),
    P(
        "uuid_hex_vs_hyphenated_string",
        "uuid",
        "position of an id in a list of hex ids found with list.index(str(id))",
        "ValueError",
        U_UUID,
        {
            "queue_pos.py": r"""
            import uuid

            NS = uuid.NAMESPACE_URL
            queue = [uuid.uuid5(NS, f"https://x.io/job/{n}").hex for n in range(5)]

            job = uuid.uuid5(NS, "https://x.io/job/3")
            print("position", queue.index(str(job)))
        """,
        },
    ),
]
