"""Singletons: causes with no sibling in the set, each placed next to a group it resembles (same library, same
exception type or nearly the same message)."""

from programs import P

PROGRAMS = [
    # next to destination_directory_already_exists: shutil.move into an existing directory nests the source inside it
    P(
        "move_into_existing_directory_nests_source",
        "shutil",
        "fresh build moved to dist/ while dist/ already exists",
        "FileNotFoundError",
        "https://github.com/JonathonReinhart/staticx/issues/40",
        {
            "publish.py": r"""
            import os
            import shutil

            os.makedirs("build", exist_ok=True)
            with open("build/app.bin", "w") as fh:
                fh.write("v2")

            shutil.move("build", "dist")
            with open("dist/app.bin") as fh:
                print("published", fh.read())
        """,
            "dist/.keep": "",
        },
    ),
    # next to parser_numbers_are_decimal: a module lowered the decimal context precision below the digits quantized
    P(
        "decimal_context_precision_too_small",
        "decimal",
        "market value rounded to cents with quantize after a module set prec = 6",
        "InvalidOperation",
        "https://github.com/ricequant/rqalpha/issues/253",
        {
            "portfolio.py": r"""
            from decimal import Decimal

            import pricing

            position = Decimal("1520.5") * Decimal("318.77")
            print("value:", pricing.to_cents(position))
        """,
            "pricing.py": r"""
            from decimal import Decimal, getcontext

            getcontext().prec = 6


            def to_cents(amount):
                return amount.quantize(Decimal("0.01"))
        """,
        },
    ),
    # next to singular_noun_false_for_singular_word: plural() of an already plural word gives the singular
    P(
        "plural_applied_to_plural_word",
        "inflect",
        "route path built with plural() from resource names that are already plural",
        "KeyError",
        "https://github.com/jaraco/inflect/issues/4",
        {
            "routes.py": r"""
            import inflect

            p = inflect.engine()
            HANDLERS = {"/api/users": "list_users", "/api/orders": "list_orders"}

            for resource in ["user", "orders"]:
                path = f"/api/{p.plural(resource)}"
                print(path, "->", HANDLERS[path])
        """,
        },
    ),
    # next to singular_noun_false_for_singular_word: singular_noun() strips the 's' of a singular word ending in -us
    P(
        "singular_noun_strips_s_of_singular_word",
        "inflect",
        "glossary term normalised with singular_noun(word) or word",
        "KeyError",
        "https://github.com/jaraco/inflect/issues/76",
        {
            "glossary.py": r"""
            import inflect

            p = inflect.engine()
            GLOSSARY = {"cell": "basic unit of life", "virus": "non-cellular infectious agent"}


            def define(word):
                term = p.singular_noun(word) or word
                return GLOSSARY[term]


            for word in ["cells", "virus"]:
                print(word, "=", define(word))
        """,
        },
    ),
    # next to dict_method_name_shadows_key / module attribute errors: __import__('a.b') returns package a
    P(
        "dunder_import_returns_top_package",
        "builtins",
        "exporter plugin loaded with __import__ of a dotted name",
        "AttributeError",
        "https://github.com/openvinotoolkit/open_model_zoo/pull/858",
        {
            "run_export.py": r"""
            def load_plugin(name):
                return __import__(f"plugins.{name}")


            plugin = load_plugin("csv_export")
            print(plugin.export([{"id": 1}]))
        """,
            "plugins/__init__.py": "",
            "plugins/csv_export.py": r"""
            def export(rows):
                return "\n".join(",".join(str(v) for v in row.values()) for row in rows)
        """,
        },
    ),
    # next to findall_only_direct_children: an Element without children is falsy, so `find(...) or ...` skips it
    P(
        "element_without_children_is_falsy",
        "xml.etree.ElementTree",
        "version read with root.find('version') or a fallback path",
        "AttributeError",
        "https://github.com/par-tec/super-sast/pull/43",
        {
            "manifest_version.py": r"""
            import xml.etree.ElementTree as ET

            root = ET.fromstring("<manifest><name>app</name><version>2.4.1</version></manifest>")

            node = root.find("version") or root.find("meta/version")
            print("version", node.text)
        """,
        },
    ),
    # next to multipart_payload_is_list: decode_header() gives (str, None) for a plain header, (bytes, charset) else
    P(
        "decode_header_parts_mixed_str_and_bytes",
        "email",
        "subject rebuilt by decoding every decode_header() part",
        "AttributeError",
        "https://github.com/stefanha/git-publish/pull/74",
        {
            "inbox.py": r"""
            from email.header import decode_header


            def subject_text(raw):
                return "".join(part.decode(charset or "ascii") for part, charset in decode_header(raw))


            for raw in ["=?utf-8?q?Reuni=C3=A3o?=", "Weekly report"]:
                print(subject_text(raw))
        """,
        },
    ),
    # next to list_param_encoded_without_doseq: parse_qs drops 'q=' unless keep_blank_values=True
    P(
        "parse_qs_drops_blank_values",
        "urllib.parse",
        "search term read from parse_qs of a query with an empty q",
        "KeyError",
        "https://github.com/benbusby/whoogle-search/pull/1052",
        {
            "search_view.py": r"""
            from urllib.parse import parse_qs, urlsplit


            def search_term(url):
                return parse_qs(urlsplit(url).query)["q"][0]


            for url in ["/search?q=tea&lang=en", "/search?q=&lang=en"]:
                print(repr(search_term(url)))
        """,
        },
    ),
    # next to urlencode without doseq: with doseq=True an empty list disappears from the query altogether
    P(
        "urlencode_doseq_drops_empty_list",
        "urllib.parse",
        "filters with an empty list encoded with doseq=True and read back",
        "KeyError",
        "https://github.com/python/cpython/issues/77871",
        {
            "filters.py": r"""
            from urllib.parse import parse_qs, urlencode

            filters = {"status": ["open", "review"], "labels": []}
            query = urlencode(filters, doseq=True)

            back = parse_qs(query)
            print({name: back[name] for name in filters})
        """,
        },
    ),
    # next to configparser_default_section_leaks: the third positional argument of ConfigParser.get() is raw
    P(
        "configparser_fallback_passed_positionally",
        "configparser",
        "port read with cfg.get(section, option, '8080')",
        "TypeError",
        "https://github.com/gwpy/gwpy/pull/1388",
        {
            "serve.py": r"""
            import configparser

            cfg = configparser.ConfigParser()
            cfg.read_string("[server]\nhost = 0.0.0.0\n")

            host = cfg.get("server", "host")
            port = int(cfg.get("server", "port", "8080"))
            print(f"listening on {host}:{port}")
        """,
        },
    ),
    # next to commonprefix_is_character_based: commonpath refuses a mix of absolute and relative paths
    P(
        "commonpath_mixes_absolute_and_relative",
        "os.path",
        "project root from commonpath of an absolute and a relative path",
        "ValueError",
        "https://github.com/tomlin7/biscuit/issues/135",
        {
            "breadcrumbs.py": r"""
            import os

            workspace = os.path.abspath("src")
            opened = "src/app/main.py"

            root = os.path.commonpath([workspace, opened])
            print(os.path.relpath(opened, root).split(os.sep))
        """,
        },
    ),
    # next to quote_nonnumeric / headerless csv: Sniffer cannot find a delimiter in a one-column file
    P(
        "csv_sniffer_on_single_column_file",
        "csv",
        "dialect sniffed from a one-column list of city names",
        "Error",
        "https://github.com/DavidLacroix/csv2pg/issues/1",
        {
            "import_list.py": r"""
            import csv

            with open("cities.csv", newline="") as fh:
                dialect = csv.Sniffer().sniff(fh.read(1024))
                fh.seek(0)
                rows = list(csv.reader(fh, dialect))
            print(len(rows) - 1, "cities")
        """,
            "cities.csv": "city\nLisboa\nPorto\nBraga\n",
        },
    ),
    # next to archive_directory_entries_included: a zip directory entry is named with a trailing '/'
    P(
        "zip_directory_looked_up_without_slash",
        "zipfile",
        "directory entry looked up with getinfo('assets')",
        "KeyError",
        "https://github.com/pfnet/pfio/issues/67",
        {
            "zip_info.py": r"""
            import zipfile

            with zipfile.ZipFile("site.zip", "w") as zf:
                zf.writestr("assets/", "")
                zf.writestr("assets/app.js", "console.log(1)")

            with zipfile.ZipFile("site.zip") as zf:
                info = zf.getinfo("assets")
                print(info.filename, info.is_dir())
        """,
        },
    ),
    # next to dotted_key_split_as_path: a string spec gives string keys, so integer keys are never matched
    P(
        "string_path_spec_for_integer_key",
        "glom",
        "score of a year read with glom 'scores.2024' where years are int keys",
        "PathAccessError",
        "https://github.com/mahmoud/glom/issues/105",
        {
            "season.py": r"""
            from glom import glom

            team = {"name": "north", "scores": {2023: 41, 2024: 47}}
            print(team["name"], glom(team, "scores.2024"))
        """,
        },
    ),
    # next to multipart_payload_is_list: get_payload(decode=True) of a multipart part is None
    P(
        "decoded_payload_of_multipart_is_none",
        "email",
        "attachment sizes from get_payload(decode=True) over all walk() parts",
        "TypeError",
        "https://github.com/mozilla/fx-private-relay/issues/2056",
        {
            "attachments.py": r"""
            import email

            RAW = (
                "From: a@x.io\nSubject: files\nMIME-Version: 1.0\n"
                'Content-Type: multipart/mixed; boundary="m"\n\n'
                "--m\nContent-Type: text/plain\n\nsee attached\n"
                "--m\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n"
                'Content-Disposition: attachment; filename="a.bin"\n\nAAECAw==\n--m--\n'
            )

            msg = email.message_from_string(RAW)
            for part in msg.walk():
                print(part.get_content_type(), len(part.get_payload(decode=True)))
        """,
        },
    ),
]
