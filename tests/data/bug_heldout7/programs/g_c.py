"""Groups from command lines, logging, byte framing, enums, archives, e-mail and paths: sys.argv[0] taken as the first
argument, '{'-style logging formats under the default '%' style, one-byte length prefixes, reserved names in log
fields, enum.auto() starting at 1, directory entries in archives, multipart payloads that are lists,
os.path.commonprefix working on characters, and unquoted commas that turn a value into a list."""

from programs import P

U_ARGV = "https://github.com/krmaxwell/maltrieve/pull/125"
U_STYLE = "https://github.com/GoSecure/pyrdp/issues/176"
U_BYTE = "https://github.com/karask/python-bitcoin-utils/issues/36"
U_RESERVED = "https://github.com/hynek/structlog/issues/509"
U_AUTO = "https://github.com/python/cpython/issues/89156"
U_DIRS = "https://github.com/python/cpython/issues/74909"
U_PAYLOAD = "https://github.com/Danamir/imap-attachment-extractor/issues/1"
U_PREFIX = "https://github.com/gcovr/gcovr/issues/299"
U_COMMA = "https://github.com/pazz/alot/issues/500"

PROGRAMS = [
    # sys.argv[0] is the script path; the user's arguments start at sys.argv[1]
    P(
        "argv_zero_is_script_name",
        "sys",
        "repeat count converted from sys.argv[0]",
        "ValueError",
        U_ARGV,
        {
            "repeat.py": r"""
            import sys

            times = int(sys.argv[0])
            for _ in range(times):
                print("ping")
        """,
        },
        "3",
    ),
    P(
        "argv_zero_is_script_name",
        "sys",
        "settings file named on the command line loaded as JSON",
        "JSONDecodeError",
        U_ARGV,
        {
            "deploy.py": r"""
            import json
            import sys

            with open(sys.argv[0]) as fh:
                settings = json.load(fh)
            print("deploying", settings["service"])
        """,
            "prod.json": '{"service": "api", "replicas": 2}\n',
        },
        "prod.json",
    ),
    P(
        "argv_zero_is_script_name",
        "sys",
        "source and destination unpacked from the whole sys.argv in a helper",
        "ValueError",
        U_ARGV,
        {
            "copyfile.py": r"""
            import shutil
            import sys

            from cli import paths

            src, dst = paths(sys.argv)
            shutil.copy(src, dst)
        """,
            "cli.py": r"""
            def paths(argv):
                src, dst = argv
                return src, dst
        """,
            "a.txt": "hello\n",
        },
        "a.txt",
        "b.txt",
    ),
    # a '{'-style format string given to logging without style='{' (the default is '%')
    P(
        "log_format_style_mismatch",
        "logging",
        "handler formatter built from a brace format",
        "ValueError",
        U_STYLE,
        {
            "app_log.py": r"""
            import logging

            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("{asctime} {levelname:8} {message}"))
            log = logging.getLogger("app")
            log.addHandler(handler)
            log.warning("disk almost full")
        """,
        },
    ),
    P(
        "log_format_style_mismatch",
        "logging",
        "basicConfig called with a brace format in a setup module",
        "ValueError",
        U_STYLE,
        {
            "worker.py": r"""
            import logging

            import logsetup

            logsetup.configure()
            logging.getLogger("worker").info("started")
        """,
            "logsetup.py": r"""
            import logging


            def configure(level=logging.INFO):
                logging.basicConfig(level=level, format="[{levelname}] {name}: {message}")
        """,
        },
    ),
    P(
        "log_format_style_mismatch",
        "logging",
        "dictConfig formatter with a brace format and no style key",
        "ValueError",
        U_STYLE,
        {
            "service.py": r"""
            import logging
            import logging.config

            LOGGING = {
                "version": 1,
                "formatters": {"plain": {"format": "{levelname}: {message}"}},
                "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
                "root": {"handlers": ["console"], "level": "INFO"},
            }

            logging.config.dictConfig(LOGGING)
            logging.info("service up")
        """,
        },
    ),
    # a length (or count) written into a single byte overflows once it reaches 256
    P(
        "single_byte_length_prefix_overflows",
        "builtins",
        "message framed with len(payload).to_bytes(1, 'big')",
        "OverflowError",
        U_BYTE,
        {
            "framing.py": r"""
            def frame(payload: bytes) -> bytes:
                return len(payload).to_bytes(1, "big") + payload


            messages = [b"ping", b"x" * 300]
            stream = b"".join(frame(m) for m in messages)
            print(len(stream), "bytes")
        """,
        },
    ),
    P(
        "single_byte_length_prefix_overflows",
        "struct",
        "record with a name length packed as 'B'",
        "error",
        U_BYTE,
        {
            "pack_records.py": r"""
            import struct

            from records import RECORDS


            def pack(name, score):
                raw = name.encode()
                return struct.pack(f"<B{len(raw)}sH", len(raw), raw, score)


            blob = b"".join(pack(r["name"], r["score"]) for r in RECORDS)
            print(blob[:16])
        """,
            "records.py": r"""
            RECORDS = [
                {"name": "short", "score": 10},
                {"name": "a-very-long-title-" * 16, "score": 99},
            ]
        """,
        },
    ),
    P(
        "single_byte_length_prefix_overflows",
        "builtins",
        "chunk count prepended as bytes([n]) to a packet",
        "ValueError",
        U_BYTE,
        {
            "packet.py": r"""
            def chunks(data, size):
                return [data[i : i + size] for i in range(0, len(data), size)]


            def packet(data, size=4):
                parts = chunks(data, size)
                return bytes([len(parts)]) + b"".join(parts)


            print(packet(b"abcdefgh").hex())
            print(len(packet(b"z" * 2000)))
        """,
        },
    ),
    # a field name that the logging layer itself uses ('event' in structlog, 'message'/'name' in LogRecord)
    P(
        "reserved_name_in_log_fields",
        "structlog",
        "webhook event type passed to structlog as event=",
        "TypeError",
        U_RESERVED,
        {
            "webhook.py": r"""
            import structlog

            log = structlog.get_logger()


            def handle(payload):
                log.info("webhook received", event=payload["type"], id=payload["id"])


            handle({"type": "invoice.paid", "id": "evt_1"})
        """,
        },
    ),
    P(
        "reserved_name_in_log_fields",
        "logging",
        "chat message logged with extra={'message': ...}",
        "KeyError",
        U_RESERVED,
        {
            "chat_log.py": r"""
            import logging

            logging.basicConfig(level=logging.INFO)
            log = logging.getLogger("chat")

            incoming = {"user": "ana", "message": "hi all"}
            log.info("new chat line", extra=incoming)
        """,
        },
    ),
    P(
        "reserved_name_in_log_fields",
        "logging",
        "LoggerAdapter whose extra carries the service name as 'name'",
        "KeyError",
        U_RESERVED,
        {
            "billing.py": r"""
            import logging

            from ctxlog import service_logger

            logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
            log = service_logger("billing", "eu-1")
            log.info("invoice run started")
        """,
            "ctxlog.py": r"""
            import logging


            def service_logger(service, region):
                return logging.LoggerAdapter(logging.getLogger(service), {"name": service, "region": region})
        """,
        },
    ),
    # enum.auto() numbers members from 1, not 0
    P(
        "enum_auto_starts_at_one",
        "enum",
        "colour of a member read from a list by member.value",
        "IndexError",
        U_AUTO,
        {
            "palette.py": r"""
            from enum import Enum, auto


            class Light(Enum):
                RED = auto()
                AMBER = auto()
                GREEN = auto()


            HEX = ["#ff0000", "#ffbf00", "#00ff00"]

            for light in Light:
                print(light.name, HEX[light.value])
        """,
        },
    ),
    P(
        "enum_auto_starts_at_one",
        "enum",
        "status label looked up in an enumerate()-built table",
        "KeyError",
        U_AUTO,
        {
            "status_page.py": r"""
            from status import Status

            LABELS = dict(enumerate(["Draft", "In review", "Published"]))

            post_status = Status.PUBLISHED
            print("status:", LABELS[post_status.value])
        """,
            "status.py": r"""
            from enum import IntEnum, auto


            class Status(IntEnum):
                DRAFT = auto()
                REVIEW = auto()
                PUBLISHED = auto()
        """,
        },
    ),
    P(
        "enum_auto_starts_at_one",
        "enum",
        "channel letter taken from 'RGB' by channel value",
        "IndexError",
        U_AUTO,
        {
            "channels.py": r"""
            from enum import Enum, auto


            class Channel(Enum):
                RED = auto()
                GREEN = auto()
                BLUE = auto()


            def tag(channel):
                return "RGB"[channel.value]


            print([tag(c) for c in Channel])
        """,
        },
    ),
    # namelist()/getmembers() include directory entries, which have no content of their own
    P(
        "archive_directory_entries_included",
        "zipfile",
        "every member of a settings bundle parsed as JSON",
        "JSONDecodeError",
        U_DIRS,
        {
            "bundle.py": r"""
            import json
            import os
            import zipfile

            with zipfile.ZipFile("bundle.zip", "w") as zf:
                for folder, _dirs, files in os.walk("settings"):
                    zf.write(folder)
                    for name in files:
                        zf.write(os.path.join(folder, name))

            with zipfile.ZipFile("bundle.zip") as zf:
                loaded = {name: json.loads(zf.read(name)) for name in zf.namelist()}
            print(sorted(loaded))
        """,
            "settings/app.json": '{"debug": false}\n',
            "settings/db.json": '{"host": "db"}\n',
        },
    ),
    P(
        "archive_directory_entries_included",
        "zipfile",
        "archive unpacked by writing every namelist() entry to a file",
        "IsADirectoryError",
        U_DIRS,
        {
            "unpack.py": r"""
            import os
            import zipfile

            from make_archive import make

            make("assets.zip")
            with zipfile.ZipFile("assets.zip") as zf:
                for name in zf.namelist():
                    target = os.path.join("out", name)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "wb") as fh:
                        fh.write(zf.read(name))
            print(os.listdir("out"))
        """,
            "make_archive.py": r"""
            import zipfile


            def make(path):
                with zipfile.ZipFile(path, "w") as zf:
                    zf.writestr("images/", "")
                    zf.writestr("images/logo.svg", "<svg/>")
                    zf.writestr("style.css", "body {}")
        """,
        },
    ),
    P(
        "archive_directory_entries_included",
        "tarfile",
        "sizes of all members read through extractfile()",
        "AttributeError",
        U_DIRS,
        {
            "tar_sizes.py": r"""
            import tarfile

            with tarfile.open("logs.tar.gz", "w:gz") as tar:
                tar.add("logs")

            with tarfile.open("logs.tar.gz") as tar:
                for member in tar.getmembers():
                    print(member.name, len(tar.extractfile(member).read()))
        """,
            "logs/app.log": "boot\nready\n",
            "logs/old/app.1.log": "boot\n",
        },
    ),
    # get_payload() of a multipart message is a list of parts, not the text
    P(
        "multipart_payload_is_list",
        "email",
        "body of a received mail stripped from get_payload()",
        "AttributeError",
        U_PAYLOAD,
        {
            "read_mail.py": r"""
            import email

            RAW = (
                "From: ana@x.io\nSubject: hi\nMIME-Version: 1.0\n"
                'Content-Type: multipart/alternative; boundary="b1"\n\n'
                "--b1\nContent-Type: text/plain\n\nSee you at 5.\n"
                "--b1\nContent-Type: text/html\n\n<p>See you at 5.</p>\n--b1--\n"
            )

            msg = email.message_from_string(RAW)
            print("body:", msg.get_payload().strip())
        """,
        },
    ),
    P(
        "multipart_payload_is_list",
        "email",
        "JSON body of a webhook mail loaded from get_payload()",
        "TypeError",
        U_PAYLOAD,
        {
            "mail_hook.py": r"""
            import json
            from email import policy
            from email.parser import Parser

            with open("alert.eml") as fh:
                msg = Parser(policy=policy.default).parse(fh)

            alert = json.loads(msg.get_payload())
            print(alert["severity"], alert["host"])
        """,
            "alert.eml": (
                "From: monitor@x.io\nSubject: alert\nMIME-Version: 1.0\n"
                'Content-Type: multipart/mixed; boundary="zz"\n\n'
                '--zz\nContent-Type: application/json\n\n{"severity": "high", "host": "db1"}\n'
                "--zz\nContent-Type: text/plain\n\nsee attachment\n--zz--\n"
            ),
        },
    ),
    P(
        "multipart_payload_is_list",
        "email",
        "links extracted with re.findall from a newsletter payload",
        "TypeError",
        U_PAYLOAD,
        {
            "links.py": r"""
            import email

            from extract import links

            with open("newsletter.eml") as fh:
                msg = email.message_from_file(fh)
            for url in links(msg):
                print(url)
        """,
            "extract.py": r"""
            import re


            def links(msg):
                return re.findall(r"https?://\S+", msg.get_payload())
        """,
            "newsletter.eml": (
                "From: news@x.io\nSubject: June\nMIME-Version: 1.0\n"
                'Content-Type: multipart/alternative; boundary="nl"\n\n'
                "--nl\nContent-Type: text/plain\n\nRead more: https://x.io/june\n"
                '--nl\nContent-Type: text/html\n\n<a href="https://x.io/june">more</a>\n--nl--\n'
            ),
        },
    ),
    # os.path.commonprefix compares characters, so the prefix can end in the middle of a name
    P(
        "commonprefix_is_character_based",
        "os.path",
        "folder shared by two files listed with os.listdir",
        "FileNotFoundError",
        U_PREFIX,
        {
            "shared_dir.py": r"""
            import os

            changed = ["project/logs/today.log", "project/lib/util.py"]
            base = os.path.commonprefix(changed)
            print("common folder:", base, os.listdir(base))
        """,
            "project/logs/today.log": "ok\n",
            "project/lib/util.py": "X = 1\n",
        },
    ),
    P(
        "commonprefix_is_character_based",
        "os.path",
        "report names made relative to their common prefix with Path.relative_to",
        "ValueError",
        U_PREFIX,
        {
            "short_names.py": r"""
            import os
            from pathlib import Path

            reports = ["reports/2024-q1.csv", "reports/2024-q2.csv"]
            root = os.path.commonprefix(reports)
            print([str(Path(r).relative_to(root)) for r in reports])
        """,
        },
    ),
    P(
        "commonprefix_is_character_based",
        "os.path",
        "code owner looked up by the common prefix of changed files",
        "KeyError",
        U_PREFIX,
        {
            "review.py": r"""
            from owners import owner_of

            print("ask", owner_of(["src/api/auth.py", "src/api/accounts.py"]))
        """,
            "owners.py": r"""
            import os

            OWNERS = {"src/api": "team-api", "src/web": "team-web"}


            def owner_of(files):
                return OWNERS[os.path.commonprefix(files)]
        """,
        },
    ),
    # an unquoted comma in a value makes it a list (configobj) or a second address (email.utils)
    P(
        "unquoted_comma_splits_value",
        "configobj",
        "author name from a configobj file upper-cased",
        "AttributeError",
        U_COMMA,
        {
            "credits.py": r"""
            from configobj import ConfigObj

            cfg = ConfigObj("book.ini")
            print("BY", cfg["author"].upper())
        """,
            "book.ini": "title = Field Notes\nauthor = Smith, Jane\n",
        },
    ),
    P(
        "unquoted_comma_splits_value",
        "configobj",
        "timeout with a thousands comma converted with int()",
        "TypeError",
        U_COMMA,
        {
            "client.py": r"""
            from settings import load

            cfg = load()
            print("timeout ms:", cfg["timeout_ms"])
        """,
            "settings.py": r"""
            from configobj import ConfigObj


            def load(path="client.ini"):
                raw = ConfigObj(path)
                return {"host": raw["host"], "timeout_ms": int(raw["timeout_ms"])}
        """,
            "client.ini": "host = api.local\ntimeout_ms = 1,500\n",
        },
    ),
    P(
        "unquoted_comma_splits_value",
        "email.utils",
        "single sender unpacked from getaddresses of a 'Last, First' header",
        "ValueError",
        U_COMMA,
        {
            "sender.py": r"""
            from email.utils import getaddresses

            header = "Smith, Jane <jane@x.io>"
            ((name, addr),) = getaddresses([header])
            print(name, "<" + addr + ">")
        """,
        },
    ),
]
