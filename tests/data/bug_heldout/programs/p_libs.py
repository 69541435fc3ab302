"""Third-party libraries and stdlib modules wrapping the mistake: schemas, XML, ORMs, images, HTTP, caching."""

from . import P

PROGRAMS = [
    # --- input with a field the schema does not declare (unknown fields rejected) ---
    P(
        "schema_rejects_unknown_field",
        "marshmallow",
        "load",
        "api/users.py",
        "ValidationError",
        {
            "api/users.py": r"""
        from marshmallow import Schema, fields


        class UserSchema(Schema):
            name = fields.String(required=True)
            email = fields.Email(required=True)


        def create_user(payload):
            return UserSchema().load(payload)


        print(create_user({"name": "ana", "email": "ana@x.io", "is_admin": True}))
        """
        },
    ),
    P(
        "schema_rejects_unknown_field",
        "voluptuous",
        "module",
        "app/run.py",
        "MultipleInvalid",
        {
            "app/config_schema.py": r"""
        from voluptuous import Optional, Required, Schema

        CONFIG = Schema({Required("host"): str, Optional("port", default=8080): int})


        def validate(raw):
            return CONFIG(raw)
        """,
            "app/run.py": r"""
        from config_schema import validate

        print(validate({"host": "0.0.0.0", "port": 9000, "workers": 4}))
        """,
        },
    ),
    P(
        "schema_rejects_unknown_field",
        "marshmallow",
        "nested",
        "shop/orders.py",
        "ValidationError",
        {
            "shop/orders.py": r"""
        from marshmallow import Schema, fields


        class LineSchema(Schema):
            sku = fields.String(required=True)
            qty = fields.Integer(required=True)


        class OrderSchema(Schema):
            customer = fields.String(required=True)
            lines = fields.List(fields.Nested(LineSchema))


        class OrderService:
            schema = OrderSchema()

            def place(self, data):
                order = self.schema.load(data)
                return len(order["lines"])


        print(OrderService().place({"customer": "ana", "lines": [{"sku": "A", "qty": 1, "price": 2.5}]}))
        """
        },
    ),
    # --- an element looked up in XML/HTML that is not there: find() returns None ---
    P(
        "markup_find_returns_none",
        "xml.etree",
        "findtext",
        "app/feed.py",
        "AttributeError",
        {
            "app/feed.py": r"""
        import xml.etree.ElementTree as ET

        FEED = '''<rss><channel>
        <item><title>First</title><link>https://e.x/1</link></item>
        <item><title>Second</title></item>
        </channel></rss>'''


        def links(xml):
            root = ET.fromstring(xml)
            return [item.find("link").text for item in root.iter("item")]


        print(links(FEED))
        """
        },
    ),
    P(
        "markup_find_returns_none",
        "beautifulsoup4",
        "scrape",
        "scrape/prices.py",
        "AttributeError",
        {
            "scrape/prices.py": r"""
        from bs4 import BeautifulSoup

        PAGE = '''<div class="product"><h2>Kettle</h2><span class="price">29.90</span></div>
        <div class="product"><h2>Toaster</h2><span class="price sale">19.90</span></div>
        <div class="product"><h2>Mixer</h2><em>sold out</em></div>'''


        def prices(html):
            soup = BeautifulSoup(html, "html.parser")
            return {p.h2.text: float(p.find("span", class_="price").text) for p in soup.select(".product")}


        print(prices(PAGE))
        """
        },
    ),
    P(
        "markup_find_returns_none",
        "lxml",
        "module",
        "app/run.py",
        "AttributeError",
        {
            "app/invoice_xml.py": r"""
        from lxml import etree


        def totals(xml_bytes):
            root = etree.fromstring(xml_bytes)
            return {inv.get("id"): float(inv.find("total").text) for inv in root.findall("invoice")}
        """,
            "app/run.py": r"""
        from invoice_xml import totals

        DOC = (
            b'<invoices><invoice id="1"><total>10.5</total></invoice>'
            b'<invoice id="2"><sum>3</sum></invoice></invoices>'
        )
        print(totals(DOC))
        """,
        },
    ),
    # --- XML with a default namespace queried with un-prefixed names ---
    P(
        "xml_default_namespace_ignored",
        "xml.etree",
        "findall",
        "app/sitemap.py",
        "IndexError",
        {
            "app/sitemap.py": r"""
        import xml.etree.ElementTree as ET

        SITEMAP = '''<?xml version="1.0"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
          <url><loc>https://example.com/</loc></url>
          <url><loc>https://example.com/about</loc></url>
        </urlset>'''


        def first_url(xml):
            return ET.fromstring(xml.strip()).findall("url/loc")[0].text


        print(first_url(SITEMAP))
        """
        },
    ),
    P(
        "xml_default_namespace_ignored",
        "lxml",
        "xpath",
        "app/run.py",
        "IndexError",
        {
            "app/pom.py": r"""
        from lxml import etree


        def project_version(pom_bytes):
            root = etree.fromstring(pom_bytes)
            return root.xpath("/project/version/text()")[0]
        """,
            "app/run.py": r"""
        from pom import project_version

        POM = b'''<project xmlns="http://maven.apache.org/POM/4.0.0">
          <groupId>org.demo</groupId><artifactId>demo</artifactId><version>1.3.0</version>
        </project>'''
        print(project_version(POM))
        """,
        },
    ),
    P(
        "xml_default_namespace_ignored",
        "xml.etree",
        "find",
        "office/docx_meta.py",
        "AttributeError",
        {
            "office/docx_meta.py": r"""
        import xml.etree.ElementTree as ET

        CORE = '''<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Q3 report</dc:title>
            <dc:creator>ana</dc:creator></cp:coreProperties>'''


        class DocMeta:
            def __init__(self, xml):
                self.root = ET.fromstring(xml)

            def title(self):
                return self.root.find("title").text


        print(DocMeta(CORE).title())
        """
        },
    ),
    # --- xmltodict gives a dict, not a list, for a single repeated element ---
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "loop",
        "app/orders_xml.py",
        "TypeError",
        {
            "app/orders_xml.py": r"""
        import xmltodict

        ONE_ORDER = "<orders><order><id>7</id><total>9.5</total></order></orders>"


        def totals(xml):
            doc = xmltodict.parse(xml)
            return {o["id"]: float(o["total"]) for o in doc["orders"]["order"]}


        print(totals(ONE_ORDER))
        """
        },
    ),
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "module",
        "app/run.py",
        "KeyError",
        {
            "app/feeds.py": r"""
        import xmltodict


        def entries(xml):
            feed = xmltodict.parse(xml)["feed"]
            return [feed["entry"][i]["title"] for i in range(len(feed["entry"]))]
        """,
            "app/run.py": r"""
        from feeds import entries

        print(entries("<feed><entry><title>a</title></entry><entry><title>b</title></entry></feed>"))
        print(entries("<feed><entry><title>only</title></entry></feed>"))
        """,
        },
    ),
    P(
        "xmltodict_single_child_not_list",
        "xmltodict",
        "len",
        "inv/stock_xml.py",
        "AssertionError",
        {
            "inv/stock_xml.py": r"""
        import xmltodict

        DOC = "<warehouse><bin><sku>A</sku><sku>B</sku></bin><bin><sku>C-77</sku></bin></warehouse>"


        def skus_per_bin(xml):
            return [len(b["sku"]) for b in xmltodict.parse(xml)["warehouse"]["bin"]]


        counts = skus_per_bin(DOC)
        assert counts == [2, 1], counts
        """
        },
    ),
    # --- a JSON object iterated as if it were a list of records ---
    P(
        "json_object_iterated_as_records",
        "json",
        "loop",
        "app/users_api.py",
        "TypeError",
        {
            "app/users_api.py": r"""
        import json

        RESPONSE = '{"users": [{"id": 1, "name": "ana"}], "next": null}'


        def names(body):
            data = json.loads(body)
            return [u["name"] for u in data]


        print(names(RESPONSE))
        """
        },
    ),
    P(
        "json_object_iterated_as_records",
        "httpx",
        "mock_transport",
        "app/run.py",
        "TypeError",
        {
            "app/client.py": r"""
        import httpx


        def handler(request):
            return httpx.Response(200, json={"items": [{"sku": "A", "qty": 2}], "total": 1})


        def fetch_items():
            with httpx.Client(transport=httpx.MockTransport(handler), base_url="http://inventory") as c:
                return c.get("/items").json()
        """,
            "app/run.py": r"""
        from client import fetch_items

        for item in fetch_items():
            print(item["sku"], item["qty"])
        """,
        },
    ),
    P(
        "json_object_iterated_as_records",
        "simplejson",
        "file",
        "etl/load_products.py",
        "TypeError",
        {
            "etl/load_products.py": r"""
        from pathlib import Path

        import simplejson

        Path("products.json").write_text('{"A-1": {"name": "tea", "price": 3.5}, "B-2": {"name": "cake", "price": 2}}')


        def load(path):
            return sorted(p["price"] for p in simplejson.loads(Path(path).read_text()))


        print(load("products.json"))
        """
        },
    ),
    # --- ORM lookup of a single row that does not exist ---
    P(
        "orm_get_missing_row",
        "peewee",
        "get",
        "app/profile_db.py",
        "UserDoesNotExist",
        {
            "app/profile_db.py": r"""
        from peewee import CharField, Model, SqliteDatabase

        db = SqliteDatabase(":memory:")


        class User(Model):
            username = CharField(unique=True)

            class Meta:
                database = db


        def profile(username):
            return User.get(User.username == username)


        db.create_tables([User])
        User.create(username="ana")
        print(profile("ana").id, profile("bob").id)
        """
        },
    ),
    P(
        "orm_get_missing_row",
        "sqlalchemy",
        "scalar_one",
        "app/run.py",
        "NoResultFound",
        {
            "app/repo.py": r"""
        from sqlalchemy import String, create_engine, select
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


        class Base(DeclarativeBase):
            pass


        class Product(Base):
            __tablename__ = "products"
            id: Mapped[int] = mapped_column(primary_key=True)
            code: Mapped[str] = mapped_column(String(20))


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)
        with Session(engine) as s:
            s.add(Product(code="A-1"))
            s.commit()


        def by_code(code):
            with Session(engine) as s:
                return s.execute(select(Product).where(Product.code == code)).scalar_one()
        """,
            "app/run.py": r"""
        from repo import by_code

        for code in ("A-1", "Z-9"):
            print(code, by_code(code).id)
        """,
        },
    ),
    P(
        "orm_get_missing_row",
        "peewee",
        "get_by_id",
        "app/orders_api.py",
        "OrderDoesNotExist",
        {
            "app/orders_api.py": r"""
        from peewee import FloatField, Model, SqliteDatabase

        db = SqliteDatabase(":memory:")


        class Order(Model):
            total = FloatField()

            class Meta:
                database = db


        class OrderView:
            def get(self, order_id):
                order = Order.get_by_id(order_id)
                return {"id": order.id, "total": order.total}


        db.create_tables([Order])
        Order.create(total=9.5)
        view = OrderView()
        print(view.get(1), view.get(42))
        """
        },
    ),
    # --- exactly one row/item expected, several found ---
    P(
        "expected_one_found_many",
        "more-itertools",
        "one",
        "app/owner.py",
        "ValueError",
        {
            "app/owner.py": r"""
        from more_itertools import one

        MEMBERS = [("ana", "owner"), ("bo", "dev"), ("cy", "owner")]


        def owner(members):
            return one(name for name, role in members if role == "owner")


        print(owner(MEMBERS))
        """
        },
    ),
    P(
        "expected_one_found_many",
        "sqlalchemy",
        "module",
        "app/run.py",
        "MultipleResultsFound",
        {
            "app/accounts.py": r"""
        from sqlalchemy import String, create_engine, select
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


        class Base(DeclarativeBase):
            pass


        class Account(Base):
            __tablename__ = "accounts"
            id: Mapped[int] = mapped_column(primary_key=True)
            email: Mapped[str] = mapped_column(String(80))


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)


        def signup(email):
            with Session(engine) as s:
                s.add(Account(email=email))
                s.commit()


        def find(email):
            with Session(engine) as s:
                return s.scalars(select(Account).where(Account.email == email)).one_or_none()
        """,
            "app/run.py": r"""
        from accounts import find, signup

        signup("ana@x.io")
        signup("ana@x.io")
        print(find("ana@x.io"))
        """,
        },
    ),
    P(
        "expected_one_found_many",
        "more-itertools",
        "only",
        "cfg/select_profile.py",
        "ValueError",
        {
            "cfg/select_profile.py": r"""
        import more_itertools

        PROFILES = [
            {"name": "dev", "default": True},
            {"name": "ci", "default": False},
            {"name": "prod", "default": True},
        ]


        def default_profile(profiles):
            return more_itertools.only(p for p in profiles if p["default"])


        print(default_profile(PROFILES))
        """
        },
    ),
    # --- raw SQL string passed to SQLAlchemy without text() ---
    P(
        "sqlalchemy_raw_sql_without_text",
        "sqlalchemy",
        "connection",
        "app/health_db.py",
        "ObjectNotExecutableError",
        {
            "app/health_db.py": r"""
        from sqlalchemy import create_engine

        engine = create_engine("sqlite://")


        def db_ok():
            with engine.connect() as conn:
                return conn.execute("SELECT 1").scalar() == 1


        print(db_ok())
        """
        },
    ),
    P(
        "sqlalchemy_raw_sql_without_text",
        "sqlalchemy",
        "session",
        "app/run.py",
        "ArgumentError",
        {
            "app/reports.py": r"""
        from sqlalchemy import create_engine
        from sqlalchemy.orm import Session

        engine = create_engine("sqlite://")


        def monthly(month):
            with Session(engine) as s:
                return s.execute("SELECT :m AS month", {"m": month}).all()
        """,
            "app/run.py": r"""
        from reports import monthly

        print(monthly("2024-03"))
        """,
        },
    ),
    P(
        "sqlalchemy_raw_sql_without_text",
        "sqlalchemy",
        "migration",
        "db/migrate.py",
        "ObjectNotExecutableError",
        {
            "db/migrate.py": r"""
        from sqlalchemy import create_engine

        STEPS = ["CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "CREATE INDEX ix_body ON notes (body)"]


        def migrate(url):
            engine = create_engine(url)
            with engine.begin() as conn:
                for step in STEPS:
                    conn.execute(step)


        migrate("sqlite:///app.db")
        """
        },
    ),
    # --- lazy relationship loaded after the session was closed ---
    P(
        "orm_lazy_load_after_session_closed",
        "sqlalchemy",
        "relationship",
        "app/run.py",
        "DetachedInstanceError",
        {
            "app/models.py": r"""
        from sqlalchemy import ForeignKey, String, create_engine
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship


        class Base(DeclarativeBase):
            pass


        class Author(Base):
            __tablename__ = "authors"
            id: Mapped[int] = mapped_column(primary_key=True)
            name: Mapped[str] = mapped_column(String(40))
            books: Mapped[list["Book"]] = relationship(back_populates="author")


        class Book(Base):
            __tablename__ = "books"
            id: Mapped[int] = mapped_column(primary_key=True)
            title: Mapped[str] = mapped_column(String(80))
            author_id: Mapped[int] = mapped_column(ForeignKey("authors.id"))
            author: Mapped[Author] = relationship(back_populates="books")


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)


        def get_author(author_id):
            with Session(engine) as s:
                return s.get(Author, author_id)
        """,
            "app/run.py": r"""
        from sqlalchemy.orm import Session

        from models import Author, Book, engine, get_author

        with Session(engine) as s:
            s.add(Author(id=1, name="Le Guin", books=[Book(title="The Dispossessed")]))
            s.commit()

        author = get_author(1)
        print(author.name, [b.title for b in author.books])
        """,
        },
    ),
    P(
        "orm_lazy_load_after_session_closed",
        "sqlalchemy",
        "expired",
        "app/orders_service.py",
        "DetachedInstanceError",
        {
            "app/orders_service.py": r"""
        from sqlalchemy import String, create_engine
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


        class Base(DeclarativeBase):
            pass


        class Order(Base):
            __tablename__ = "orders"
            id: Mapped[int] = mapped_column(primary_key=True)
            status: Mapped[str] = mapped_column(String(20))


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)


        class OrderService:
            def create(self, status):
                with Session(engine) as s:
                    order = Order(status=status)
                    s.add(order)
                    s.commit()
                return order


        order = OrderService().create("new")
        print(order.id, order.status)
        """
        },
    ),
    P(
        "orm_lazy_load_after_session_closed",
        "sqlalchemy",
        "template",
        "web/views.py",
        "DetachedInstanceError",
        {
            "web/views.py": r"""
        from sqlalchemy import ForeignKey, String, create_engine, select
        from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship


        class Base(DeclarativeBase):
            pass


        class Team(Base):
            __tablename__ = "teams"
            id: Mapped[int] = mapped_column(primary_key=True)
            name: Mapped[str] = mapped_column(String(40))


        class Member(Base):
            __tablename__ = "members"
            id: Mapped[int] = mapped_column(primary_key=True)
            name: Mapped[str] = mapped_column(String(40))
            team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
            team: Mapped[Team] = relationship()


        engine = create_engine("sqlite://")
        Base.metadata.create_all(engine)
        with Session(engine) as s:
            s.add(Member(name="ana", team=Team(name="core")))
            s.commit()


        def members_page():
            with Session(engine) as s:
                members = s.scalars(select(Member)).all()
            return "\n".join(f"<li>{m.name} ({m.team.name})</li>" for m in members)


        print(members_page())
        """
        },
    ),
    # --- an image with alpha saved as JPEG ---
    P(
        "alpha_image_saved_as_jpeg",
        "pillow",
        "thumbnail",
        "img/thumbs.py",
        "OSError",
        {
            "img/thumbs.py": r"""
        from PIL import Image

        Image.new("RGBA", (120, 80), (255, 0, 0, 128)).save("logo.png")


        def make_thumb(src, dest, size=(32, 32)):
            with Image.open(src) as im:
                im.thumbnail(size)
                im.save(dest, "JPEG", quality=85)


        make_thumb("logo.png", "logo_thumb.jpg")
        """
        },
    ),
    P(
        "alpha_image_saved_as_jpeg",
        "pillow",
        "module",
        "app/run.py",
        "OSError",
        {
            "app/watermark.py": r"""
        from PIL import Image, ImageDraw


        def watermark(img, text):
            layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
            ImageDraw.Draw(layer).text((4, 4), text, fill=(255, 255, 255, 160))
            return Image.alpha_composite(img.convert("RGBA"), layer)
        """,
            "app/run.py": r"""
        from PIL import Image

        from watermark import watermark

        photo = Image.new("RGB", (200, 100), "navy")
        watermark(photo, "(c) demo").save("photo_marked.jpg")
        """,
        },
    ),
    P(
        "alpha_image_saved_as_jpeg",
        "pillow",
        "palette",
        "img/convert_icons.py",
        "OSError",
        {
            "img/convert_icons.py": r"""
        from pathlib import Path

        from PIL import Image

        Path("icons").mkdir(exist_ok=True)
        Image.new("P", (16, 16)).save("icons/app.gif")


        def to_jpeg(folder):
            for p in Path(folder).glob("*.gif"):
                Image.open(p).save(p.with_suffix(".jpg"))


        to_jpeg("icons")
        """
        },
    ),
    # --- spreadsheet rows/columns addressed from 0 (openpyxl is 1-based) ---
    P(
        "spreadsheet_zero_based_index",
        "openpyxl",
        "cell",
        "app/export_xlsx.py",
        "ValueError",
        {
            "app/export_xlsx.py": r"""
        from openpyxl import Workbook

        ROWS = [("name", "score"), ("ana", 7), ("bo", 9)]


        def export(rows, path):
            wb = Workbook()
            ws = wb.active
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    ws.cell(row=r, column=c, value=value)
            wb.save(path)


        export(ROWS, "scores.xlsx")
        """
        },
    ),
    P(
        "spreadsheet_zero_based_index",
        "openpyxl",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/sheet_reader.py": r"""
        from openpyxl import load_workbook


        def header(path):
            ws = load_workbook(path).active
            return [ws.cell(row=1, column=i).value for i in range(ws.max_column)]
        """,
            "app/run.py": r"""
        from openpyxl import Workbook

        from sheet_reader import header

        wb = Workbook()
        wb.active.append(["sku", "qty", "price"])
        wb.save("stock.xlsx")
        print(header("stock.xlsx"))
        """,
        },
    ),
    P(
        "spreadsheet_zero_based_index",
        "openpyxl",
        "column_letter",
        "report/widths.py",
        "ValueError",
        {
            "report/widths.py": r"""
        from openpyxl import Workbook
        from openpyxl.utils import get_column_letter


        def autosize(ws, rows):
            for idx, col in enumerate(zip(*rows)):
                ws.column_dimensions[get_column_letter(idx)].width = max(len(str(v)) for v in col) + 2


        wb = Workbook()
        data = [("city", "population"), ("Porto", 231800)]
        for row in data:
            wb.active.append(row)
        autosize(wb.active, data)
        """
        },
    ),
    # --- version strings compared as plain strings ---
    P(
        "version_compared_as_string",
        "core",
        "max",
        "release/latest.py",
        "AssertionError",
        {
            "release/latest.py": r"""
        TAGS = ["1.2.0", "1.10.0", "1.9.3"]


        def latest(tags):
            return max(tags)


        assert latest(TAGS) == "1.10.0", f"latest picked {latest(TAGS)}"
        """
        },
    ),
    P(
        "version_compared_as_string",
        "packaging",
        "module",
        "app/run.py",
        "RuntimeError",
        {
            "app/compat.py": r"""
        MIN_SERVER = "2.9"


        def check(server_version):
            if server_version < MIN_SERVER:
                raise RuntimeError(f"server {server_version} is older than {MIN_SERVER}")
            return True
        """,
            "app/run.py": r"""
        from packaging.version import Version

        from compat import check

        reported = Version("2.10.1")
        print(check(str(reported)))
        """,
        },
    ),
    P(
        "version_compared_as_string",
        "core",
        "sorted",
        "deps/upgrade.py",
        "AssertionError",
        {
            "deps/upgrade.py": r"""
        AVAILABLE = {"requests": ["2.9.0", "2.31.0", "2.28.2"]}


        def newest(pkg):
            return sorted(AVAILABLE[pkg])[-1]


        assert newest("requests") == "2.31.0", newest("requests")
        """
        },
    ),
    # --- pytz zone passed as tzinfo= (gets LMT offset) instead of localize() ---
    P(
        "pytz_tzinfo_in_constructor",
        "pytz",
        "meeting",
        "app/meetings.py",
        "AssertionError",
        {
            "app/meetings.py": r"""
        from datetime import datetime

        import pytz

        NY = pytz.timezone("America/New_York")


        def meeting_utc(year, month, day, hour):
            local = datetime(year, month, day, hour, tzinfo=NY)
            return local.astimezone(pytz.utc)


        utc = meeting_utc(2024, 1, 15, 9)
        assert utc.hour == 14 and utc.minute == 0, f"9:00 New York became {utc:%H:%M} UTC"
        """
        },
    ),
    P(
        "pytz_tzinfo_in_constructor",
        "pytz",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/tzutil.py": r"""
        import pytz


        def offset_hours(dt_naive, zone):
            aware = dt_naive.replace(tzinfo=pytz.timezone(zone))
            return aware.utcoffset().total_seconds() / 3600
        """,
            "app/run.py": r"""
        from datetime import datetime

        from tzutil import offset_hours

        off = offset_hours(datetime(2024, 7, 1, 12), "Europe/Berlin")
        assert off == 2, f"Berlin summer offset computed as {off}h"
        """,
        },
    ),
    P(
        "pytz_tzinfo_in_constructor",
        "pytz",
        "sorted",
        "sched/shifts.py",
        "AssertionError",
        {
            "sched/shifts.py": r"""
        from datetime import datetime, timedelta

        import pytz

        TOKYO = pytz.timezone("Asia/Tokyo")


        class Shift:
            def __init__(self, start_hour):
                self.start = datetime(2024, 5, 1, start_hour, tzinfo=TOKYO)

            def end(self):
                return self.start + timedelta(hours=8)


        s = Shift(9)
        assert s.end().astimezone(pytz.utc).strftime("%H:%M") == "08:00", s.end().astimezone(pytz.utc)
        """
        },
    ),
    # --- HTTP client used after its context manager closed it ---
    P(
        "resource_used_after_close",
        "httpx",
        "context",
        "app/api_client.py",
        "RuntimeError",
        {
            "app/api_client.py": r"""
        import httpx


        def handler(request):
            return httpx.Response(200, json={"path": request.url.path})


        def make_client():
            with httpx.Client(transport=httpx.MockTransport(handler), base_url="http://api") as client:
                client.get("/ping")
                return client


        client = make_client()
        print(client.get("/users").json())
        """
        },
    ),
    P(
        "resource_used_after_close",
        "httpx",
        "async",
        "app/run.py",
        "RuntimeError",
        {
            "app/service.py": r"""
        import httpx


        def handler(request):
            return httpx.Response(200, json={"ok": True})


        class Service:
            def __init__(self):
                self.client = httpx.AsyncClient(transport=httpx.MockTransport(handler), base_url="http://svc")

            async def close(self):
                await self.client.aclose()

            async def status(self):
                return (await self.client.get("/status")).json()
        """,
            "app/run.py": r"""
        import asyncio

        from service import Service


        async def main():
            svc = Service()
            print(await svc.status())
            await svc.close()
            print(await svc.status())


        asyncio.run(main())
        """,
        },
    ),
    P(
        "resource_used_after_close",
        "httpx",
        "class",
        "sync/pusher.py",
        "RuntimeError",
        {
            "sync/pusher.py": r"""
        import httpx


        def handler(request):
            return httpx.Response(201)


        class Pusher:
            def __init__(self):
                self.client = httpx.Client(transport=httpx.MockTransport(handler))

            def push_all(self, items):
                with self.client as c:
                    return [c.post("http://hub/items", json=i).status_code for i in items]


        p = Pusher()
        print(p.push_all([{"a": 1}]))
        print(p.push_all([{"b": 2}]))
        """
        },
    ),
    # --- cached function's mutable result modified by a caller ---
    P(
        "cached_result_mutated",
        "functools",
        "lru_cache",
        "app/perms.py",
        "AssertionError",
        {
            "app/perms.py": r"""
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def permissions(role):
            base = {"viewer": ["read"], "editor": ["read", "write"]}
            return base[role]


        def for_user(user):
            perms = permissions(user["role"])
            if user.get("owner"):
                perms.append("delete")
            return perms


        for_user({"name": "ana", "role": "editor", "owner": True})
        assert for_user({"name": "bo", "role": "editor"}) == ["read", "write"], permissions("editor")
        """
        },
    ),
    P(
        "cached_result_mutated",
        "cachetools",
        "module",
        "app/run.py",
        "AssertionError",
        {
            "app/catalog.py": r"""
        from cachetools import TTLCache, cached


        @cached(TTLCache(maxsize=64, ttl=300))
        def products(category):
            return [{"sku": "A", "price": 10.0}, {"sku": "B", "price": 20.0}]


        def discounted(category, pct):
            items = products(category)
            for item in items:
                item["price"] = round(item["price"] * (1 - pct), 2)
            return items
        """,
            "app/run.py": r"""
        from catalog import discounted, products

        discounted("kitchen", 0.1)
        assert products("kitchen")[0]["price"] == 10.0, products("kitchen")
        """,
        },
    ),
    P(
        "cached_result_mutated",
        "functools",
        "cache",
        "cfg/defaults.py",
        "AssertionError",
        {
            "cfg/defaults.py": r"""
        import functools


        @functools.cache
        def defaults():
            return {"retries": 3, "timeout": 10}


        def settings(**overrides):
            conf = defaults()
            conf.update(overrides)
            return conf


        fast = settings(timeout=1)
        normal = settings()
        assert normal["timeout"] == 10, normal
        """
        },
    ),
    # --- a thread object started a second time ---
    P(
        "thread_started_twice",
        "threading",
        "retry",
        "app/uploader.py",
        "RuntimeError",
        {
            "app/uploader.py": r"""
        import threading

        attempts = []


        def upload():
            attempts.append(1)


        worker = threading.Thread(target=upload)
        for _ in range(2):
            worker.start()
            worker.join()
        """
        },
    ),
    P(
        "thread_started_twice",
        "threading",
        "timer",
        "app/run.py",
        "RuntimeError",
        {
            "app/heartbeat.py": r"""
        import threading


        class Heartbeat:
            def __init__(self, interval):
                self.beats = 0
                self.timer = threading.Timer(interval, self.beat)

            def beat(self):
                self.beats += 1

            def start(self):
                self.timer.start()
        """,
            "app/run.py": r"""
        from heartbeat import Heartbeat

        hb = Heartbeat(0.01)
        hb.start()
        hb.timer.join()
        hb.start()
        """,
        },
    ),
    P(
        "thread_started_twice",
        "threading",
        "pool",
        "workers/pool.py",
        "RuntimeError",
        {
            "workers/pool.py": r"""
        import threading


        class Pool:
            def __init__(self, size, target):
                self.threads = [threading.Thread(target=target) for _ in range(size)]

            def run(self):
                for t in self.threads:
                    t.start()
                for t in self.threads:
                    t.join()


        pool = Pool(2, lambda: None)
        pool.run()
        pool.run()
        """
        },
    ),
    # --- a local function / lambda pickled (directly or by a process pool) ---
    P(
        "pickle_local_function",
        "pickle",
        "cache",
        "app/rules.py",
        "AttributeError",
        {
            "app/rules.py": r"""
        import pickle


        def make_rule(threshold):
            def rule(value):
                return value > threshold
            return rule


        RULES = {"big": make_rule(100)}
        with open("rules.pkl", "wb") as fh:
            pickle.dump(RULES, fh)
        """
        },
    ),
    P(
        "pickle_local_function",
        "multiprocessing",
        "pool",
        "app/run.py",
        "AttributeError",
        {
            "app/run.py": r"""
        from concurrent.futures import ProcessPoolExecutor

        from transforms import scale_all

        if __name__ == "__main__":
            with ProcessPoolExecutor(max_workers=2) as pool:
                print(scale_all(pool, [1, 2, 3], 10))
        """,
            "app/transforms.py": r"""
        def scale_all(pool, values, factor):
            return list(pool.map(lambda v: v * factor, values))
        """,
        },
    ),
    P(
        "pickle_local_function",
        "pickle",
        "queue",
        "jobs/enqueue.py",
        "AttributeError",
        {
            "jobs/enqueue.py": r"""
        import pickle
        from dataclasses import dataclass
        from typing import Callable


        @dataclass
        class Job:
            name: str
            fn: Callable


        def build_jobs():
            def cleanup():
                return "cleaned"
            return [Job("cleanup", cleanup)]


        blob = pickle.dumps(build_jobs())
        print(len(blob))
        """
        },
    ),
    # --- frozen record assigned to ---
    P(
        "frozen_record_assigned",
        "dataclasses",
        "post_init",
        "app/money_obj.py",
        "FrozenInstanceError",
        {
            "app/money_obj.py": r"""
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Money:
            amount: float
            currency: str

            def __post_init__(self):
                self.currency = self.currency.upper()


        print(Money(3.5, "eur"))
        """
        },
    ),
    P(
        "frozen_record_assigned",
        "typing",
        "namedtuple",
        "geo/move.py",
        "AttributeError",
        {
            "geo/move.py": r"""
        from typing import NamedTuple


        class Position(NamedTuple):
            x: int
            y: int


        def step(pos, dx, dy):
            pos.x += dx
            pos.y += dy
            return pos


        print(step(Position(0, 0), 1, 2))
        """
        },
    ),
    P(
        "frozen_record_assigned",
        "dataclasses",
        "module",
        "app/run.py",
        "FrozenInstanceError",
        {
            "app/config_obj.py": r"""
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Config:
            host: str = "localhost"
            port: int = 8000
        """,
            "app/run.py": r"""
        import sys

        from config_obj import Config

        conf = Config()
        if "--port" in sys.argv:
            conf.port = int(sys.argv[sys.argv.index("--port") + 1])
        print(conf)
        """,
        },
        args=("--port", "9000"),
    ),
    # --- dataclass field with a mutable default ---
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "list",
        "app/cart_dc.py",
        "ValueError",
        {
            "app/cart_dc.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Cart:
            owner: str
            items: list = []


        print(Cart("ana"))
        """
        },
    ),
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/settings_dc.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Settings:
            name: str = "app"
            headers: dict = {"User-Agent": "app/1.0"}
        """,
            "app/run.py": r"""
        from settings_dc import Settings

        print(Settings())
        """,
        },
    ),
    P(
        "dataclass_mutable_default",
        "dataclasses",
        "set",
        "graph/node_dc.py",
        "ValueError",
        {
            "graph/node_dc.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Node:
            key: str
            neighbours: set = set()

            def link(self, other):
                self.neighbours.add(other.key)


        a, b = Node("a"), Node("b")
        a.link(b)
        """
        },
    ),
    # --- dataclass field without default after a field with one ---
    P(
        "dataclass_field_order",
        "dataclasses",
        "class",
        "app/event_dc.py",
        "TypeError",
        {
            "app/event_dc.py": r"""
        from dataclasses import dataclass
        from datetime import datetime


        @dataclass
        class Event:
            name: str
            level: str = "info"
            at: datetime


        print(Event("boot", at=datetime(2024, 1, 1)))
        """
        },
    ),
    P(
        "dataclass_field_order",
        "dataclasses",
        "inheritance",
        "app/run.py",
        "TypeError",
        {
            "app/base_dc.py": r"""
        from dataclasses import dataclass


        @dataclass
        class Record:
            id: int
            created_by: str = "system"
        """,
            "app/run.py": r"""
        from dataclasses import dataclass

        from base_dc import Record


        @dataclass
        class Invoice(Record):
            total: float


        print(Invoice(1, total=9.5))
        """,
        },
    ),
    P(
        "dataclass_field_order",
        "dataclasses",
        "field",
        "ml/params.py",
        "TypeError",
        {
            "ml/params.py": r"""
        from dataclasses import dataclass, field


        @dataclass
        class TrainParams:
            lr: float = 1e-3
            layers: list = field(default_factory=lambda: [64, 64])
            dataset: str


        print(TrainParams(dataset="mnist"))
        """
        },
    ),
    # --- Enum looked up by name through the value constructor ---
    P(
        "enum_called_with_name",
        "enum",
        "config",
        "app/status_enum.py",
        "ValueError",
        {
            "app/status_enum.py": r"""
        from enum import Enum


        class Status(Enum):
            ACTIVE = 1
            SUSPENDED = 2


        def parse(rows):
            return [(r["user"], Status(r["status"])) for r in rows]


        print(parse([{"user": "ana", "status": "ACTIVE"}]))
        """
        },
    ),
    P(
        "enum_called_with_name",
        "enum",
        "module",
        "app/run.py",
        "ValueError",
        {
            "app/colors_enum.py": r"""
        from enum import Enum


        class Color(Enum):
            RED = "#ff0000"
            GREEN = "#00ff00"
        """,
            "app/run.py": r"""
        import sys

        from colors_enum import Color

        choice = Color(sys.argv[1].upper())
        print(choice.value)
        """,
        },
        args=("red",),
    ),
    P(
        "enum_called_with_name",
        "enum",
        "intenum",
        "api/priority.py",
        "ValueError",
        {
            "api/priority.py": r"""
        import json
        from enum import IntEnum


        class Priority(IntEnum):
            LOW = 1
            HIGH = 3


        def load_ticket(body):
            data = json.loads(body)
            return data["title"], Priority(data["priority"])


        print(load_ticket('{"title": "crash on save", "priority": "HIGH"}'))
        """
        },
    ),
]
