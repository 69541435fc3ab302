"""Groups that end in an AttributeError (mostly on None) or a TypeError next to one: a value that is legitimately
None (no hostname, an empty XML element, an unknown MIME type, no docstring), a submodule never imported, a dict
used like an object, super() with nothing behind it, keyword arguments reaching object.__init__, a property called."""

from programs import P

U_HOST = "https://github.com/Totonyus/ydl_api/issues/2"
U_XMLTEXT = "https://github.com/geopython/OWSLib/issues/44"
U_MIME = "https://github.com/xhtml2pdf/xhtml2pdf/pull/351"
U_DOC = "https://github.com/hhatto/autopep8/issues/225"
U_SUBMOD = "https://github.com/BCDA-APS/apstools/issues/830"
U_DICTATTR = "https://github.com/bbengfort/confire/issues/6"
U_SUPER = "https://github.com/cocagne/multi-paxos-example/issues/12"
U_OBJINIT = "https://github.com/Becksteinlab/MDPOW/issues/273"
U_PROPCALL = "https://github.com/ktr/sxl/issues/13"

PROGRAMS = [
    # a URL without a scheme: the parser puts everything in the path and the host is None
    P(
        "url_without_scheme_has_no_hostname",
        "urllib.parse",
        "allow-list check on urlparse(...).hostname",
        "AttributeError",
        U_HOST,
        {
            "link_filter.py": """
            from urllib.parse import urlparse

            ALLOWED = {"docs.python.org", "peps.python.org"}


            def allowed(url):
                return urlparse(url).hostname.lower() in ALLOWED


            for link in ["https://docs.python.org/3/", "peps.python.org/pep-0008/"]:
                print(link, allowed(link))
        """,
        },
    ),
    P(
        "url_without_scheme_has_no_hostname",
        "yarl",
        "yarl URL built from a user-typed address",
        "AttributeError",
        U_HOST,
        {
            "webhooks.py": """
            from yarl import URL

            from validation import is_internal

            for target in ["https://hooks.corp.example/build", "hooks.corp.example/deploy"]:
                print(target, is_internal(URL(target)))
        """,
            "validation.py": """
            def is_internal(url):
                return url.host.endswith(".corp.example")
        """,
        },
    ),
    P(
        "url_without_scheme_has_no_hostname",
        "urllib.parse",
        "proxy bypass rule tested with `in` on urlsplit().hostname",
        "TypeError",
        U_HOST,
        {
            "proxy_rules.py": """
            from urllib.parse import urlsplit

            NO_PROXY = ["localhost", "internal"]


            def bypass(url):
                host = urlsplit(url).hostname
                return any(part in host for part in NO_PROXY)


            with open("targets.txt", "w") as fh:
                fh.write("http://localhost:8080/health\\nregistry.internal:5000/v2/\\n")
            with open("targets.txt") as fh:
                for line in fh:
                    print(line.strip(), bypass(line.strip()))
        """,
        },
    ),
    # an empty XML element has .text None
    P(
        "xml_empty_element_text_none",
        "xml.etree.ElementTree",
        "feed titles stripped, one entry has <title/>",
        "AttributeError",
        U_XMLTEXT,
        {
            "feed_titles.py": """
            import xml.etree.ElementTree as ET

            FEED = \"\"\"<feed>
              <entry><title> Release 2.0 </title></entry>
              <entry><title/></entry>
            </feed>\"\"\"

            for entry in ET.fromstring(FEED).iter("entry"):
                print(entry.find("title").text.strip())
        """,
        },
    ),
    P(
        "xml_empty_element_text_none",
        "xml.etree.ElementTree",
        "price elements converted with float()",
        "TypeError",
        U_XMLTEXT,
        {
            "catalog.py": """
            from catalog_xml import load_prices

            prices = load_prices(\"\"\"<catalog>
              <item sku="A1"><price>9.99</price></item>
              <item sku="B2"><price></price></item>
            </catalog>\"\"\")
            print(sum(prices.values()))
        """,
            "catalog_xml.py": """
            import xml.etree.ElementTree as ET


            def load_prices(text):
                root = ET.fromstring(text)
                return {item.get("sku"): float(item.findtext("price") or item.find("price").text)
                        for item in root.findall("item")}
        """,
        },
    ),
    P(
        "xml_empty_element_text_none",
        "xml.dom.minidom",
        "minidom firstChild of an empty <note/>",
        "AttributeError",
        U_XMLTEXT,
        {
            "notes.py": """
            from xml.dom import minidom

            DOC = "<tasks><task><note>call back</note></task><task><note/></task></tasks>"

            dom = minidom.parseString(DOC)
            for task in dom.getElementsByTagName("task"):
                note = task.getElementsByTagName("note")[0]
                print(note.firstChild.data)
        """,
        },
    ),
    # mimetypes does not know the extension and returns None
    P(
        "mimetype_unknown_extension",
        "mimetypes",
        "upload filter on guess_type()[0].startswith",
        "AttributeError",
        U_MIME,
        {
            "uploads.py": """
            import mimetypes


            def is_image(filename):
                mime, _ = mimetypes.guess_type(filename)
                return mime.startswith("image/")


            for f in ["cat.png", "scan.heic2", "notes.txt"]:
                print(f, is_image(f))
        """,
        },
    ),
    P(
        "mimetype_unknown_extension",
        "mimetypes",
        "attachment type split into major/minor in a mail helper",
        "AttributeError",
        U_MIME,
        {
            "send_report.py": """
            from mailer import attachment_parts

            for name in ["summary.pdf", "data.parquet"]:
                print(attachment_parts(name))
        """,
            "mailer.py": """
            import mimetypes


            def attachment_parts(path):
                ctype = mimetypes.guess_type(path)[0]
                maintype, subtype = ctype.split("/", 1)
                return maintype, subtype
        """,
        },
    ),
    P(
        "mimetype_unknown_extension",
        "mimetypes",
        "file name built from guess_extension of a vendor type",
        "TypeError",
        U_MIME,
        {
            "save_download.py": """
            import mimetypes


            def target_name(stem, content_type):
                return stem + mimetypes.guess_extension(content_type)


            print(target_name("invoice", "application/pdf"))
            print(target_name("model", "application/x-acme-model"))
        """,
        },
    ),
    # a function or module without a docstring has __doc__ None
    P(
        "function_without_docstring_doc_none",
        "core",
        "CLI help built from each command's __doc__",
        "AttributeError",
        U_DOC,
        {
            "tool.py": """
            def cmd_init():
                \"\"\"Create a new workspace.\"\"\"


            def cmd_sync():
                pass


            COMMANDS = {"init": cmd_init, "sync": cmd_sync}

            for name, fn in COMMANDS.items():
                print(f"{name:6} {fn.__doc__.strip().splitlines()[0]}")
        """,
        },
    ),
    P(
        "function_without_docstring_doc_none",
        "inspect",
        "plugin catalogue built with inspect.getdoc",
        "AttributeError",
        U_DOC,
        {
            "catalogue.py": """
            import inspect

            import plugins

            for plugin in plugins.ALL:
                summary = inspect.getdoc(plugin).splitlines()[0]
                print(plugin.__name__, "-", summary)
        """,
            "plugins.py": """
            class Resize:
                \"\"\"Resize images to a bounding box.\"\"\"


            class Watermark:
                def apply(self, image):
                    return image


            ALL = [Resize, Watermark]
        """,
        },
    ),
    P(
        "function_without_docstring_doc_none",
        "argparse",
        "argparse description from a module __doc__",
        "AttributeError",
        U_DOC,
        {
            "cleanup.py": """
            import argparse

            import retention


            def parse(argv):
                parser = argparse.ArgumentParser(description=retention.__doc__.split("\\n")[0])
                parser.add_argument("--days", type=int, default=30)
                return parser.parse_args(argv)


            print(parse(["--days", "7"]))
        """,
            "retention.py": """
            import time

            DEFAULT_DAYS = 30


            def expired(mtime, days=DEFAULT_DAYS):
                return time.time() - mtime > days * 86400
        """,
        },
    ),
    # a submodule used through its package without importing it
    P(
        "submodule_not_imported_explicitly",
        "logging",
        "logging.handlers.RotatingFileHandler after import logging",
        "AttributeError",
        U_SUBMOD,
        {
            "service.py": """
            import logging


            def make_logger(path):
                log = logging.getLogger("service")
                handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3)
                log.addHandler(handler)
                return log


            make_logger("service.log").warning("started")
        """,
        },
    ),
    P(
        "submodule_not_imported_explicitly",
        "xml",
        "xml.etree.ElementTree used after import xml",
        "AttributeError",
        U_SUBMOD,
        {
            "svg_size.py": """
            import xml

            from shapes import SVG


            def size(svg_text):
                root = xml.etree.ElementTree.fromstring(svg_text)
                return root.get("width"), root.get("height")


            print(size(SVG))
        """,
            "shapes.py": """
            SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>'
        """,
        },
    ),
    P(
        "submodule_not_imported_explicitly",
        "concurrent",
        "concurrent.futures.ThreadPoolExecutor after import concurrent",
        "AttributeError",
        U_SUBMOD,
        {
            "thumbs/run.py": """
            import concurrent


            def render_all(names, render):
                with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
                    return list(pool.map(render, names))


            print(render_all(["a.jpg", "b.jpg"], str.upper))
        """,
        },
    ),
    # a dict (from JSON/TOML/CSV) used with attribute access
    P(
        "dict_accessed_as_attribute",
        "json",
        "settings from json.load read as settings.database.host",
        "AttributeError",
        U_DICTATTR,
        {
            "db_check.py": """
            import json

            from config_loader import load_settings

            with open("settings.json", "w") as fh:
                json.dump({"database": {"host": "db.local", "port": 5432}}, fh)

            settings = load_settings("settings.json")
            print(f"connecting to {settings.database.host}:{settings.database.port}")
        """,
            "config_loader.py": """
            import json


            def load_settings(path):
                with open(path) as fh:
                    return json.load(fh)
        """,
        },
    ),
    P(
        "dict_accessed_as_attribute",
        "tomllib",
        "pyproject-style TOML read as cfg.server.port",
        "AttributeError",
        U_DICTATTR,
        {
            "serve.py": """
            import tomllib

            CONFIG = b\"\"\"
            [server]
            host = "0.0.0.0"
            port = 8080
            \"\"\"

            cfg = tomllib.loads(CONFIG.decode())
            print("listening on", cfg["server"]["host"], cfg.server.port)
        """,
        },
    ),
    P(
        "dict_accessed_as_attribute",
        "csv",
        "DictReader rows read as row.price",
        "AttributeError",
        U_DICTATTR,
        {
            "basket.py": """
            import csv
            import io

            DATA = "item,price\\napple,0.5\\nbread,2.25\\n"


            def total(rows):
                return sum(float(row.price) for row in rows)


            print(total(csv.DictReader(io.StringIO(DATA))))
        """,
        },
    ),
    # a mixin calls super().method() but nothing after it in the MRO defines the method
    P(
        "mixin_super_call_without_base_method",
        "core",
        "timestamp mixin used on a class with no save() base",
        "AttributeError",
        U_SUPER,
        {
            "notes_app.py": """
            import time


            class TimestampMixin:
                def save(self):
                    self.updated = time.time()
                    return super().save()


            class Note(TimestampMixin):
                def __init__(self, text):
                    self.text = text


            Note("buy milk").save()
        """,
        },
    ),
    P(
        "mixin_super_call_without_base_method",
        "core",
        "serializer mixin placed after the base class",
        "AttributeError",
        U_SUPER,
        {
            "export.py": """
            from model_base import Record
            from mixins import JsonMixin


            class Invoice(Record, JsonMixin):
                fields = ("number", "total")


            print(Invoice(number="F-17", total=120).to_dict())
        """,
            "model_base.py": """
            class Record:
                fields = ()

                def __init__(self, **values):
                    self.values = values

                def to_dict(self):
                    data = super().to_dict()
                    data.update({f: self.values[f] for f in self.fields})
                    return data
        """,
            "mixins.py": """
            class JsonMixin:
                def to_dict(self):
                    data = super().to_dict()
                    data["type"] = type(self).__name__
                    return data
        """,
        },
    ),
    P(
        "mixin_super_call_without_base_method",
        "core",
        "caching mixin on a repository that has no get()",
        "AttributeError",
        U_SUPER,
        {
            "repo.py": """
            class CacheMixin:
                def get(self, key):
                    if key in self._cache:
                        return self._cache[key]
                    value = self._cache[key] = super().get(key)
                    return value


            class UserRepo(CacheMixin):
                def __init__(self, rows):
                    self._cache = {}
                    self.rows = rows

                def fetch(self, key):
                    return self.rows[key]


            repo = UserRepo({1: "ada", 2: "linus"})
            print(repo.get(1))
        """,
        },
    ),
    # cooperative __init__ passes keyword arguments nobody consumed to object.__init__
    P(
        "leftover_kwargs_reach_object_init",
        "core",
        "cooperative base forwards an unknown keyword",
        "TypeError",
        U_OBJINIT,
        {
            "widgets.py": """
            class Component:
                def __init__(self, **kwargs):
                    super().__init__(**kwargs)


            class Labeled(Component):
                def __init__(self, label="", **kwargs):
                    self.label = label
                    super().__init__(**kwargs)


            class Button(Labeled):
                def __init__(self, on_click=None, **kwargs):
                    self.on_click = on_click
                    super().__init__(**kwargs)


            Button(label="OK", on_click=print, colour="green")
        """,
        },
    ),
    P(
        "leftover_kwargs_reach_object_init",
        "core",
        "mixin chain where a keyword is misspelt",
        "TypeError",
        U_OBJINIT,
        {
            "nightly.py": """
            from jobs.base import RetryMixin, TimeoutMixin


            class ExportJob(RetryMixin, TimeoutMixin):
                def __init__(self, name, **kwargs):
                    self.name = name
                    super().__init__(**kwargs)


            job = ExportJob("nightly-export", retries=5, time_out=120)
            print(job.retries, job.timeout)
        """,
            "jobs/__init__.py": "",
            "jobs/base.py": """
            class RetryMixin:
                def __init__(self, *, retries=3, **kwargs):
                    self.retries = retries
                    super().__init__(**kwargs)


            class TimeoutMixin:
                def __init__(self, *, timeout=30, **kwargs):
                    self.timeout = timeout
                    super().__init__(**kwargs)
        """,
        },
    ),
    P(
        "leftover_kwargs_reach_object_init",
        "core",
        "positional arguments forwarded with *args to object",
        "TypeError",
        U_OBJINIT,
        {
            "shapes.py": """
            class Shape:
                def __init__(self, *args, **kwargs):
                    super().__init__(*args, **kwargs)


            class Circle(Shape):
                def __init__(self, radius, *args, **kwargs):
                    self.radius = radius
                    super().__init__(*args, **kwargs)


            c = Circle(2.0, "red")
            print(c.radius)
        """,
        },
    ),
    # a property called like a method
    P(
        "property_called_like_method",
        "core",
        "queue size property called with ()",
        "TypeError",
        U_PROPCALL,
        {
            "worker.py": """
            class JobQueue:
                def __init__(self):
                    self._items = ["resize", "upload"]

                @property
                def size(self):
                    return len(self._items)


            q = JobQueue()
            if q.size() > 1:
                print("busy")
        """,
        },
    ),
    P(
        "property_called_like_method",
        "pathlib",
        "Path.stem() when naming an output file",
        "TypeError",
        U_PROPCALL,
        {
            "convert.py": """
            from pathlib import Path

            from naming import output_for

            print(output_for(Path("scans/page-001.tiff")))
        """,
            "naming.py": """
            def output_for(src):
                return src.with_name(src.stem() + ".png")
        """,
        },
    ),
    P(
        "property_called_like_method",
        "ipaddress",
        "ip_address(...).is_private() in an access check",
        "TypeError",
        U_PROPCALL,
        {
            "access.py": """
            import ipaddress


            def from_lan(remote_addr):
                return ipaddress.ip_address(remote_addr).is_private()


            print(from_lan("192.168.1.20"))
        """,
        },
    ),
]
