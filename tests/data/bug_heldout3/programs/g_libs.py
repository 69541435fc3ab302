"""Groups around third-party libraries: Pillow, lxml/ElementTree/xmltodict, rich, packaging, arrow, pendulum,
marshmallow."""

from programs import P

U_RGBA = "https://github.com/kaixindelele/ChatPaper/issues/10"
U_CROP = "https://github.com/python-pillow/Pillow/issues/5957"
U_DECL = "https://github.com/scrapinghub/extruct/issues/242"
U_NS = (
    "https://www.notinventedhere.org/articles/scraping/parsing-an-xml-document-with-a-default-namespace-in-scrapy.html"
)
U_AMP = "https://github.com/ge-high-assurance/RACK/issues/298"
U_XMLTODICT = "https://github.com/martinblech/xmltodict/issues/201"
U_RICH = "https://github.com/Textualize/rich/issues/1157"
U_VERSION = "https://github.com/pypa/packaging/issues/749"
U_TOKENS = "https://github.com/arrow-py/arrow/issues/168"
U_STRICT = "https://github.com/python-pendulum/pendulum/issues/259"
U_UNKNOWN = "https://github.com/lovasoa/marshmallow_dataclass/issues/46"
U_DUMPDEF = "https://github.com/marshmallow-code/marshmallow/issues/775"
U_POSTLOAD = "https://github.com/marshmallow-code/marshmallow/issues/836"

PROGRAMS = [
    # an image mode JPEG cannot store (alpha, palette) saved as JPEG without convert("RGB")
    P(
        "pil_mode_not_jpeg_compatible",
        "PIL",
        "PNG with alpha saved as a .jpg thumbnail",
        "OSError",
        U_RGBA,
        {
            "make_thumbs.py": """
            from pathlib import Path

            from PIL import Image

            from thumbs import thumbnail

            Image.new("RGBA", (64, 64), (255, 0, 0, 128)).save("logo.png")
            thumbnail(Path("logo.png"), Path("thumbs"))
            print("done")
        """,
            "thumbs.py": """
            from PIL import Image


            def thumbnail(src, out_dir):
                out_dir.mkdir(exist_ok=True)
                with Image.open(src) as im:
                    im.thumbnail((32, 32))
                    im.save(out_dir / (src.stem + ".jpg"), quality=85)
        """,
        },
    ),
    P(
        "pil_mode_not_jpeg_compatible",
        "PIL",
        "watermark composite written to a JPEG buffer",
        "OSError",
        U_RGBA,
        {
            "watermark.py": """
            import io

            from PIL import Image, ImageDraw


            def watermark(photo):
                layer = Image.new("RGBA", photo.size, (0, 0, 0, 0))
                ImageDraw.Draw(layer).text((4, 4), "(c) demo", fill=(255, 255, 255, 160))
                return Image.alpha_composite(photo.convert("RGBA"), layer)


            buf = io.BytesIO()
            watermark(Image.new("RGB", (120, 80), "navy")).save(buf, format="JPEG", quality=90)
            print(buf.tell())
        """,
        },
    ),
    P(
        "pil_mode_not_jpeg_compatible",
        "PIL",
        "GIF frame (palette mode) saved as JPEG",
        "OSError",
        U_RGBA,
        {
            "gif_preview.py": """
            from PIL import Image

            from gif_fixture import make_gif

            make_gif("spinner.gif")
            with Image.open("spinner.gif") as gif:
                gif.seek(0)
                gif.save("preview.jpg")
            print("preview written")
        """,
            "gif_fixture.py": """
            from PIL import Image


            def make_gif(path):
                frames = [Image.new("P", (16, 16), i * 40) for i in range(3)]
                frames[0].save(path, save_all=True, append_images=frames[1:])
        """,
        },
    ),
    # a (left, top, right, bottom) box given as (x, y, width, height)
    P(
        "pil_box_given_as_xywh",
        "PIL",
        "Image.crop with x, y, width, height",
        "ValueError",
        U_CROP,
        {
            "faces.py": """
            from PIL import Image

            from detections import DETECTIONS

            photo = Image.new("RGB", (100, 100), "white")
            for det in DETECTIONS:
                face = photo.crop((det["x"], det["y"], det["w"], det["h"]))
                print(face.size)
        """,
            "detections.py": """
            DETECTIONS = [{"x": 10, "y": 10, "w": 30, "h": 30}, {"x": 50, "y": 40, "w": 20, "h": 25}]
        """,
        },
    ),
    P(
        "pil_box_given_as_xywh",
        "PIL",
        "ImageDraw.rectangle with x, y, width, height",
        "ValueError",
        U_CROP,
        {
            "annotate.py": """
            from PIL import Image, ImageDraw

            BOXES = [(5, 5, 40, 20), (60, 30, 25, 15)]

            img = Image.new("RGB", (100, 60), "white")
            draw = ImageDraw.Draw(img)
            for x, y, w, h in BOXES:
                draw.rectangle((x, y, w, h), outline="red")
            img.save("annotated.png")
        """,
        },
    ),
    P(
        "pil_box_given_as_xywh",
        "PIL",
        "tile crop computed from a width/height tuple",
        "ValueError",
        U_CROP,
        {
            "tiles.py": """
            from PIL import Image

            from atlas import tile_box

            atlas = Image.new("RGB", (64, 64), "gray")
            tile = atlas.crop(tile_box(col=1, row=2, size=16))
            print(tile.size)
        """,
            "atlas.py": """
            def tile_box(col, row, size):
                left, top = col * size, row * size
                return (left, top, size, size)
        """,
        },
    ),
    # an already-decoded str containing an XML encoding declaration given to lxml
    P(
        "lxml_str_with_encoding_declaration",
        "lxml",
        "etree.fromstring of Path.read_text()",
        "ValueError",
        U_DECL,
        {
            "feed_titles.py": """
            from pathlib import Path

            from lxml import etree

            Path("feed.xml").write_text('<?xml version="1.0" encoding="UTF-8"?><feed><title>News</title></feed>')
            root = etree.fromstring(Path("feed.xml").read_text())
            print(root.findtext("title"))
        """,
        },
    ),
    P(
        "lxml_str_with_encoding_declaration",
        "lxml",
        "lxml.html.fromstring of XHTML text",
        "ValueError",
        U_DECL,
        {
            "page_title.py": """
            from lxml import html

            from fetch import fetch_page

            tree = html.fromstring(fetch_page())
            print(tree.findtext(".//title"))
        """,
            "fetch.py": """
            PAGE = b'''<?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Test</title></head><body>hi</body></html>'''


            def fetch_page():
                return PAGE.decode("utf-8")
        """,
        },
    ),
    P(
        "lxml_str_with_encoding_declaration",
        "lxml",
        "etree.XML of a generated document string",
        "ValueError",
        U_DECL,
        {
            "validate_invoice.py": """
            from lxml import etree

            from invoice_xml import render

            doc = etree.XML(render("INV-7", 99.5))
            print(doc.get("id"))
        """,
            "invoice_xml.py": """
            def render(number, total):
                return (
                    '<?xml version="1.0" encoding="UTF-8"?>\\n'
                    f'<invoice id="{number}"><total>{total}</total></invoice>'
                )
        """,
        },
    ),
    # elements in a default namespace searched by their bare names
    P(
        "xml_default_namespace_unqualified",
        "lxml",
        "find('item') under a default xmlns",
        "AttributeError",
        U_NS,
        {
            "rss_items.py": """
            from lxml import etree

            from sample_feed import FEED

            root = etree.fromstring(FEED)
            first = root.find("item")
            print(first.findtext("title"))
        """,
            "sample_feed.py": """
            FEED = b'''<channel xmlns="http://purl.org/rss/1.0/">
              <item><title>One</title></item>
              <item><title>Two</title></item>
            </channel>'''
        """,
        },
    ),
    P(
        "xml_default_namespace_unqualified",
        "xml.etree.ElementTree",
        "findall of a bare tag under xmlns",
        "IndexError",
        U_NS,
        {
            "sitemap.py": """
            import xml.etree.ElementTree as ET

            SITEMAP = '''<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/</loc></url>
            </urlset>'''

            urls = ET.fromstring(SITEMAP).findall("url")
            print("home:", urls[0].findtext("loc"))
        """,
        },
    ),
    P(
        "xml_default_namespace_unqualified",
        "lxml",
        "xpath('//entry/title') on an Atom feed",
        "IndexError",
        U_NS,
        {
            "atom_titles.py": """
            from lxml import etree

            from atom import load_atom

            tree = load_atom()
            latest = tree.xpath("//entry/title/text()")[0]
            print(latest)
        """,
            "atom.py": """
            from lxml import etree

            ATOM = b'''<feed xmlns="http://www.w3.org/2005/Atom">
              <entry><title>Release 2.0</title></entry>
            </feed>'''


            def load_atom():
                return etree.fromstring(ATOM)
        """,
        },
    ),
    # text pasted into XML without escaping '&'
    P(
        "xml_unescaped_ampersand",
        "lxml",
        "etree.fromstring of an f-string with a title",
        "XMLSyntaxError",
        U_AMP,
        {
            "evidence.py": """
            from lxml import etree

            from templates_xml import component

            elem = etree.fromstring(component(identifier="and", title="&&"))
            print(elem.get("id"))
        """,
            "templates_xml.py": """
            def component(identifier, title):
                return f'<component id="{identifier}"><title>{title}</title></component>'
        """,
        },
    ),
    P(
        "xml_unescaped_ampersand",
        "xml.etree.ElementTree",
        "ET.fromstring of a hand-built bookmark list",
        "ParseError",
        U_AMP,
        {
            "bookmarks.py": """
            import xml.etree.ElementTree as ET

            STATIONS = [("Jazz", "http://radio.example/jazz"), ("Rock & Roll", "http://radio.example/rr?a=1&b=2")]

            xml = "<bookmarks>" + "".join(f'<station name="{n}" url="{u}"/>' for n, u in STATIONS) + "</bookmarks>"
            for st in ET.fromstring(xml):
                print(st.get("name"))
        """,
        },
    ),
    P(
        "xml_unescaped_ampersand",
        "xmltodict",
        "xmltodict.parse of a concatenated device log",
        "ExpatError",
        U_AMP,
        {
            "device_events.py": """
            import xmltodict

            from event_source import events_xml

            doc = xmltodict.parse(events_xml())
            print(doc["events"]["event"][0])
        """,
            "event_source.py": """
            LINES = ["DeviceIoControl(fdc#generic_floppy_drive#6&2bc13940&0&0)", "Mount(C:)"]


            def events_xml():
                return "<events>" + "".join(f"<event>{line}</event>" for line in LINES) + "</events>"
        """,
        },
    ),
    # xmltodict returns a dict (not a list) when an element occurs once
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "iterating a single <order> as if a list",
        "TypeError",
        U_XMLTODICT,
        {
            "order_totals.py": """
            import xmltodict

            from order_xml import ORDERS

            doc = xmltodict.parse(ORDERS)
            for order in doc["orders"]["order"]:
                print(order["@id"], order["total"])
        """,
            "order_xml.py": """
            ORDERS = '''<orders>
              <order id="17"><total>19.90</total></order>
            </orders>'''
        """,
        },
    ),
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "indexing [0] of a single <Job>",
        "KeyError",
        U_XMLTODICT,
        {
            "jobs_report.py": """
            import xmltodict

            BODY = "<Body><Job><x>job number 1</x><y>details</y></Job></Body>"

            jobs = xmltodict.parse(BODY)["Body"]["Job"]
            print("first job:", jobs[0]["x"])
        """,
        },
    ),
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "list comprehension with .get on a single <param>",
        "AttributeError",
        U_XMLTODICT,
        {
            "params.py": """
            import xmltodict

            from config_xml import CONFIG

            doc = xmltodict.parse(CONFIG)
            values = {p.get("@name"): p.get("#text") for p in doc["config"]["param"]}
            print(values)
        """,
            "config_xml.py": """
            CONFIG = '<config><param name="timeout">30</param></config>'
        """,
        },
    ),
    # untrusted text printed through rich markup without escape()
    P(
        "rich_markup_in_plain_text",
        "rich",
        "rich.print of device output with [/]",
        "MarkupError",
        U_RICH,
        {
            "save_config.py": """
            from rich import print

            from device import save_output

            print(save_output())
        """,
            "device.py": """
            def save_output():
                spinner = ["[\\\\]", "[|]", "[/]", "[-]"]
                return "\\n".join(f"Copying configuration: {s}" for s in spinner)
        """,
        },
    ),
    P(
        "rich_markup_in_plain_text",
        "rich",
        "table cell holding a path in brackets",
        "MarkupError",
        U_RICH,
        {
            "show_assets.py": """
            from rich.console import Console
            from rich.table import Table

            assets = [("thumb", "[/model/2013/V20 0177.jpg]"), ("logo", "logo.png")]

            table = Table("field", "value")
            for field, value in assets:
                table.add_row(field, value)
            Console(width=80).print(table)
        """,
        },
    ),
    P(
        "rich_markup_in_plain_text",
        "rich",
        "console.log of syscall arguments",
        "MarkupError",
        U_RICH,
        {
            "syscalls.py": """
            from rich.console import Console

            from trace_data import CALLS

            console = Console(width=100)
            for name, args in CALLS:
                console.print(f"[bold]{name}[/bold] {args}")
        """,
            "trace_data.py": """
            CALLS = [
                ("open", "['/etc/hosts']"),
                ("write", "[/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor]"),
            ]
        """,
        },
    ),
    # non-PEP 440 version strings given to packaging >= 22
    P(
        "packaging_rejects_legacy_version",
        "packaging",
        "parse of an RPM-style version",
        "InvalidVersion",
        U_VERSION,
        {
            "rpm_check.py": """
            from packaging.version import parse

            from inventory import INSTALLED

            for name, version in INSTALLED.items():
                print(name, parse(version) >= parse("6.0"))
        """,
            "inventory.py": """
            INSTALLED = {"kernel-tools": "6.7.8", "vendor-agent": "6.7.8.9-10.el7"}
        """,
        },
    ),
    P(
        "packaging_rejects_legacy_version",
        "packaging",
        "sorting release tags that include a date tag",
        "InvalidVersion",
        U_VERSION,
        {
            "latest_release.py": """
            from packaging.version import Version

            from releases import RELEASES

            newest = max(RELEASES, key=Version)
            print(newest)
        """,
            "releases.py": """
            RELEASES = ["2023.3", "2024.1", "2004d", "2024.2"]
        """,
        },
    ),
    P(
        "packaging_rejects_legacy_version",
        "packaging",
        "SpecifierSet.contains of a SNAPSHOT build",
        "InvalidVersion",
        U_VERSION,
        {
            "compat.py": """
            import sys

            from packaging.specifiers import SpecifierSet
            from packaging.version import Version

            SUPPORTED = SpecifierSet(">=1.0,<2.0")
            build = Version(sys.argv[1])
            print("supported" if build in SUPPORTED else "unsupported")
        """,
        },
        "1.4-SNAPSHOT",
    ),
    # strftime directives given to a token-format API (or tokens to strptime)
    P(
        "format_directive_style_mixed",
        "arrow",
        "arrow.get with a %-style format",
        "ParserMatchError",
        U_TOKENS,
        {
            "parse_stamp.py": """
            import arrow

            from log_lines import first_timestamp

            ts = arrow.get(first_timestamp(), "%H:%M:%S %Z %a %b %d %Y")
            print(ts.isoformat())
        """,
            "log_lines.py": """
            def first_timestamp():
                return "17:24:02 UTC Wed Aug 27 2014"
        """,
        },
    ),
    P(
        "format_directive_style_mixed",
        "pendulum",
        "pendulum.from_format with %d/%m/%Y",
        "ValueError",
        U_TOKENS,
        {
            "bookings.py": """
            import pendulum

            ROWS = [("ana", "03/05/2024"), ("ben", "17/05/2024")]

            for guest, day in ROWS:
                arrival = pendulum.from_format(day, "%d/%m/%Y", tz="Europe/Amsterdam")
                print(guest, arrival.to_date_string())
        """,
        },
    ),
    P(
        "format_directive_style_mixed",
        "arrow",
        "Arrow.strptime with arrow tokens",
        "ValueError",
        U_TOKENS,
        {
            "report_range.py": """
            import arrow

            from report_args import START, FORMAT

            start = arrow.Arrow.strptime(START, FORMAT)
            print(start.shift(days=7).format(FORMAT))
        """,
            "report_args.py": """
            START = "2024-03-01"
            FORMAT = "YYYY-MM-DD"
        """,
        },
    ),
    # pendulum.parse is strict (ISO 8601) by default
    P(
        "pendulum_parse_strict_by_default",
        "pendulum",
        "pendulum.parse of a dd/mm/yyyy string",
        "ParserError",
        U_STRICT,
        {
            "import_dates.py": """
            import pendulum

            from sheet import ROWS

            for row in ROWS:
                print(pendulum.parse(row["date"]).to_date_string())
        """,
            "sheet.py": """
            ROWS = [{"date": "2024-07-30"}, {"date": "30-07-2018"}]
        """,
        },
    ),
    P(
        "pendulum_parse_strict_by_default",
        "pendulum",
        "pendulum.parse of a US timestamp",
        "ParserError",
        U_STRICT,
        {
            "events_tz.py": """
            import pendulum


            def to_utc(local_text):
                return pendulum.parse(local_text, tz="America/New_York").in_timezone("UTC")


            print(to_utc("4/26/2018 10:15:28 AM"))
        """,
        },
    ),
    P(
        "pendulum_parse_strict_by_default",
        "pendulum",
        "pendulum.parse of a month-name date",
        "ParserError",
        U_STRICT,
        {
            "birthdays.py": """
            import pendulum

            from people import PEOPLE

            ages = {name: pendulum.parse(born).diff(pendulum.datetime(2024, 1, 1)).in_years() for name, born in PEOPLE}
            print(ages)
        """,
            "people.py": """
            PEOPLE = [("ana", "1990-04-12"), ("ben", "june 15, 1987")]
        """,
        },
    ),
    # marshmallow 3+ raises on keys the schema does not declare (unknown=RAISE)
    P(
        "marshmallow_unknown_field_raises",
        "marshmallow",
        "load of an API payload with an extra key",
        "ValidationError",
        U_UNKNOWN,
        {
            "webhook_handler.py": """
            from schemas import PushEventSchema

            PAYLOAD = {"ref": "refs/heads/main", "commits": 3, "pusher": "ana"}
            event = PushEventSchema().load(PAYLOAD)
            print(event["ref"])
        """,
            "schemas.py": """
            from marshmallow import Schema, fields


            class PushEventSchema(Schema):
                ref = fields.Str(required=True)
                commits = fields.Int()
        """,
        },
    ),
    P(
        "marshmallow_unknown_field_raises",
        "marshmallow",
        "EXCLUDE on the parent but not the nested schema",
        "ValidationError",
        U_UNKNOWN,
        {
            "city_loader.py": """
            from marshmallow import EXCLUDE

            from city_schema import CitySchema

            data = {"name": "Paris", "aaa": "bbb", "buildings": [{"name": "Eiffel Tower", "height": 324, "ccc": 1}]}
            city = CitySchema().load(data, unknown=EXCLUDE)
            print(city["name"])
        """,
            "city_schema.py": """
            from marshmallow import Schema, fields


            class BuildingSchema(Schema):
                name = fields.Str()
                height = fields.Float()


            class CitySchema(Schema):
                name = fields.Str()
                buildings = fields.List(fields.Nested(BuildingSchema))
        """,
        },
    ),
    P(
        "marshmallow_unknown_field_raises",
        "marshmallow",
        "many=True load of CSV rows with extra columns",
        "ValidationError",
        U_UNKNOWN,
        {
            "import_users.py": """
            import csv
            import io

            from marshmallow import Schema, fields

            CSV = "email,name,imported_at\\nana@example.org,Ana,2024-01-01\\n"


            class UserSchema(Schema):
                email = fields.Email(required=True)
                name = fields.Str()


            users = UserSchema(many=True).load(list(csv.DictReader(io.StringIO(CSV))))
            print(len(users))
        """,
        },
    ),
    # dump_default (formerly default=) applies to dump only: loaded data lacks the key
    P(
        "marshmallow_dump_default_on_load",
        "marshmallow",
        "loaded dict missing a dump_default key",
        "KeyError",
        U_DUMPDEF,
        {
            "create_source.py": """
            from source_schema import CreateSource

            data = CreateSource().load({"title": "Test Source"})
            print(data["source_type"], data["title"])
        """,
            "source_schema.py": """
            from marshmallow import Schema, fields


            class CreateSource(Schema):
                source_type = fields.Str(dump_default="SOURCE")
                title = fields.Str(required=True)
        """,
        },
    ),
    P(
        "marshmallow_dump_default_on_load",
        "marshmallow",
        "post_load constructor missing a defaulted argument",
        "TypeError",
        U_DUMPDEF,
        {
            "worker_config.py": """
            from worker_schema import WorkerSchema

            cfg = WorkerSchema().load({"queue": "emails"})
            print(cfg)
        """,
            "worker_schema.py": """
            from dataclasses import dataclass

            from marshmallow import Schema, fields, post_load


            @dataclass
            class WorkerConfig:
                queue: str
                retries: int


            class WorkerSchema(Schema):
                queue = fields.Str(required=True)
                retries = fields.Int(dump_default=3)

                @post_load
                def make(self, data, **kwargs):
                    return WorkerConfig(**data)
        """,
        },
    ),
    P(
        "marshmallow_dump_default_on_load",
        "marshmallow",
        "user settings loaded from a partial document",
        "KeyError",
        U_DUMPDEF,
        {
            "prefs.py": """
            import json

            from marshmallow import Schema, fields


            class PrefsSchema(Schema):
                theme = fields.Str(dump_default="light")
                page_size = fields.Int(dump_default=25)


            stored = json.loads('{"theme": "dark"}')
            prefs = PrefsSchema().load(stored)
            print(f"{prefs['theme']} theme, {prefs['page_size']} per page")
        """,
        },
    ),
    # Schema.load returns a dict unless a post_load hook builds the object
    P(
        "marshmallow_load_returns_dict",
        "marshmallow",
        "attribute access on a loaded dict",
        "AttributeError",
        U_POSTLOAD,
        {
            "register.py": """
            from user_schema import UserSchema

            user = UserSchema().load({"name": "Ana", "email": "ana@example.org"})
            print(f"welcome {user.name} <{user.email}>")
        """,
            "user_schema.py": """
            from marshmallow import Schema, fields


            class User:
                def __init__(self, name, email):
                    self.name = name
                    self.email = email


            class UserSchema(Schema):
                name = fields.Str()
                email = fields.Email()
        """,
        },
    ),
    P(
        "marshmallow_load_returns_dict",
        "marshmallow",
        "method call on a loaded dict",
        "AttributeError",
        U_POSTLOAD,
        {
            "subcontractors.py": """
            from contractor import Subcontractor, SubcontractorSchema

            sub = SubcontractorSchema().load({"name": "CleanCo", "phone": "555-0101"})
            print(sub.display())
        """,
            "contractor.py": """
            from marshmallow import Schema, fields


            class Subcontractor:
                def __init__(self, name, phone):
                    self.name, self.phone = name, phone

                def display(self):
                    return f"{self.name} ({self.phone})"


            class SubcontractorSchema(Schema):
                class Meta:
                    model = Subcontractor

                name = fields.Str()
                phone = fields.Str()
        """,
        },
    ),
    P(
        "marshmallow_load_returns_dict",
        "marshmallow",
        "dataclasses.replace on a loaded dict",
        "TypeError",
        U_POSTLOAD,
        {
            "bump_version.py": """
            import dataclasses

            from release_schema import Release, ReleaseSchema

            release = ReleaseSchema().load({"name": "core", "version": "1.4.0"})
            print(dataclasses.replace(release, version="1.5.0"))
        """,
            "release_schema.py": """
            from dataclasses import dataclass

            from marshmallow import Schema, fields


            @dataclass
            class Release:
                name: str
                version: str


            class ReleaseSchema(Schema):
                name = fields.Str()
                version = fields.Str()
        """,
        },
    ),
]
