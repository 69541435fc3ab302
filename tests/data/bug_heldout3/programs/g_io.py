"""Groups around files, encodings, streams, dates and bytes."""

from programs import P

U_LATIN1 = "https://github.com/oc-courses/perfectionnez_vous_en_python/pull/5"
U_BINARY = "https://github.com/python-pillow/Pillow/issues/1605"
U_GZIP = "https://github.com/dki-lab/Freebase-Setup/issues/23"
U_CLOSED = "https://github.com/SistemesInformacioTerritorial/Qvista/issues/208"
U_STREAM = "https://github.com/python-pillow/Pillow/issues/1707"
U_NAIVE = "https://github.com/django-fiber/django-fiber/issues/141"
U_MONTH = "https://github.com/certbot/certbot/pull/467"
U_PAD = "https://github.com/slqy123/ASMRManager/issues/16"
U_HASH = "https://github.com/sweetsoftware/Ares/issues/94"

PROGRAMS = [
    # a Latin-1 (cp1252) file read with the UTF-8 default
    P(
        "utf8_read_of_latin1_file",
        "csv",
        "csv.DictReader over a Latin-1 export",
        "UnicodeDecodeError",
        U_LATIN1,
        {
            "import_clients.py": """
            import csv

            from fixtures import write_export

            write_export("clients.csv")
            with open("clients.csv", newline="") as fh:
                clients = list(csv.DictReader(fh, delimiter=";"))
            print(len(clients))
        """,
            "fixtures.py": """
            def write_export(path):
                text = "nom;ville\\nRené;Besançon\\nZoé;Orléans\\n"
                with open(path, "w", encoding="latin-1") as fh:
                    fh.write(text)
        """,
        },
    ),
    P(
        "utf8_read_of_latin1_file",
        "pathlib",
        "Path.read_text of a legacy subtitle file",
        "UnicodeDecodeError",
        U_LATIN1,
        {
            "subtitles.py": """
            from pathlib import Path

            Path("movie.srt").write_bytes("1\\n00:00:01,000 --> 00:00:02,000\\nC'est déjà l'été\\n".encode("cp1252"))
            lines = Path("movie.srt").read_text(encoding="utf-8").splitlines()
            print(lines[-1])
        """,
        },
    ),
    P(
        "utf8_read_of_latin1_file",
        "io",
        "line iteration over a Windows-1252 log",
        "UnicodeDecodeError",
        U_LATIN1,
        {
            "grep_log.py": """
            import sys

            from logsetup import make_log

            make_log("fortigate.log")
            hits = 0
            with open("fortigate.log", encoding="utf8") as fh:
                for line in fh:
                    if sys.argv[1] in line:
                        hits += 1
            print(hits)
        """,
            "logsetup.py": """
            def make_log(path):
                lines = ["user=ana action=allow", "user=jürgen action=deny", "user=zoë action=allow"]
                with open(path, "wb") as fh:
                    fh.write("\\n".join(lines).encode("cp1252"))
        """,
        },
        "deny",
    ),
    # a binary file (image, archive) opened in text mode
    P(
        "binary_file_opened_as_text",
        "PIL",
        "Image.open on a text-mode file object",
        "UnicodeDecodeError",
        U_BINARY,
        {
            "thumbnail.py": """
            from PIL import Image

            from sample_image import make_png

            make_png("sample.png")
            fh = open("sample.png", "r")
            img = Image.open(fh)
            print(img.size)
        """,
            "sample_image.py": """
            from PIL import Image


            def make_png(path):
                Image.new("RGB", (8, 8), "red").save(path)
        """,
        },
    ),
    P(
        "binary_file_opened_as_text",
        "zipfile",
        "reading a zip archive with open(path).read()",
        "UnicodeDecodeError",
        U_BINARY,
        {
            "upload_bundle.py": """
            import base64
            import zipfile

            with zipfile.ZipFile("bundle.zip", "w", compression=zipfile.ZIP_DEFLATED) as zf:
                zf.writestr(zipfile.ZipInfo("a.txt", date_time=(2024, 1, 1, 0, 0, 0)), "x" * 100)

            with open("bundle.zip") as fh:
                content = fh.read()
            print(base64.b64encode(content.encode()).decode()[:20])
        """,
        },
    ),
    P(
        "binary_file_opened_as_text",
        "hashlib",
        "hashing an image read in text mode",
        "UnicodeDecodeError",
        U_BINARY,
        {
            "dedupe_photos.py": """
            import hashlib
            from pathlib import Path

            from PIL import Image

            Image.new("RGB", (4, 4), (10, 200, 30)).save("p1.jpg")


            def digest(path):
                with open(path) as fh:
                    return hashlib.md5(fh.read().encode("utf-8", "surrogateescape")).hexdigest()


            print({p.name: digest(p) for p in Path(".").glob("*.jpg")})
        """,
        },
    ),
    # gzip/bz2/lzma .open default to binary mode
    P(
        "compressed_open_defaults_to_binary",
        "gzip",
        "str split of lines from gzip.open(path)",
        "TypeError",
        U_GZIP,
        {
            "fix_literals.py": """
            import gzip

            from dump import write_dump

            write_dump("freebase.gz")
            with gzip.open("freebase.gz") as fh:
                for line in fh:
                    subj, pred, obj, rest = line.split("\\t")
                    print(subj)
        """,
            "dump.py": """
            import gzip


            def write_dump(path):
                with gzip.open(path, "wt") as fh:
                    fh.write("m.01\\tname\\tAda\\t.\\n")
        """,
        },
    ),
    P(
        "compressed_open_defaults_to_binary",
        "bz2",
        "startswith(str) on lines of bz2.open(path, 'r')",
        "TypeError",
        U_GZIP,
        {
            "count_fasta.py": """
            import bz2

            with bz2.open("reads.fa.bz2", "wt") as fh:
                fh.write(">r1\\nACGT\\n>r2\\nGGCA\\n")

            with bz2.open("reads.fa.bz2", "r") as fh:
                n = sum(1 for line in fh if line.startswith(">"))
            print(n)
        """,
        },
    ),
    P(
        "compressed_open_defaults_to_binary",
        "lzma",
        "csv.reader over lzma.open(path)",
        "Error",
        U_GZIP,
        {
            "barcodes.py": """
            import csv
            import lzma

            from barcode_fixture import write_barcodes

            write_barcodes("cells.tsv.xz")
            with lzma.open("cells.tsv.xz") as fh:
                cells = [row[0] for row in csv.reader(fh, delimiter="\\t")]
            print(len(cells))
        """,
            "barcode_fixture.py": """
            import lzma


            def write_barcodes(path):
                with lzma.open(path, "wt") as fh:
                    fh.write("AAACCTG\\t1\\nAAACGGG\\t2\\n")
        """,
        },
    ),
    # a file object used after its with-block closed it
    P(
        "file_used_after_with_block",
        "csv",
        "DictReader.fieldnames read after the with-block",
        "ValueError",
        U_CLOSED,
        {
            "columns.py": """
            import csv

            from data_files import write_sample


            def open_table(path):
                with open(path, newline="") as fh:
                    reader = csv.DictReader(fh)
                return reader


            write_sample("parcels.csv")
            reader = open_table("parcels.csv")
            print(reader.fieldnames)
        """,
            "data_files.py": """
            def write_sample(path):
                with open(path, "w") as fh:
                    fh.write("id,area\\n1,120\\n2,95\\n")
        """,
        },
    ),
    P(
        "file_used_after_with_block",
        "csv",
        "csv.writer used after the with-block",
        "ValueError",
        U_CLOSED,
        {
            "export_scores.py": """
            import csv

            with open("scores.csv", "w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["player", "score"])

            for player, score in [("ana", 3), ("ben", 5)]:
                writer.writerow([player, score])
            print("exported")
        """,
        },
    ),
    P(
        "file_used_after_with_block",
        "io",
        "generator reading lines after the file closed",
        "ValueError",
        U_CLOSED,
        {
            "tail_errors.py": """
            from logs import error_lines, make_log

            make_log("app.log")
            for line in error_lines("app.log"):
                print(line.strip())
        """,
            "logs.py": """
            def make_log(path):
                with open(path, "w") as fh:
                    fh.write("INFO start\\nERROR disk full\\nINFO stop\\n")


            def error_lines(path):
                with open(path) as fh:
                    lines = (line for line in fh if line.startswith("ERROR"))
                return lines
        """,
        },
    ),
    # reading a stream whose position is already at the end
    P(
        "stream_position_at_end",
        "json",
        "json.load after the file was read once",
        "JSONDecodeError",
        U_STREAM,
        {
            "load_config.py": """
            import json

            from cfg_fixture import write_config

            write_config("config.json")
            with open("config.json") as fh:
                raw = fh.read()
                print(f"config has {len(raw)} bytes")
                config = json.load(fh)
            print(config["name"])
        """,
            "cfg_fixture.py": """
            import json


            def write_config(path):
                with open(path, "w") as fh:
                    json.dump({"name": "demo", "debug": False}, fh)
        """,
        },
    ),
    P(
        "stream_position_at_end",
        "csv",
        "csv.DictReader over a StringIO just written",
        "StopIteration",
        U_STREAM,
        {
            "roundtrip.py": """
            import csv
            import io

            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=["sku", "qty"])
            writer.writeheader()
            writer.writerow({"sku": "A1", "qty": 3})

            reader = csv.DictReader(buf)
            first = next(reader)
            print(first["sku"])
        """,
        },
    ),
    P(
        "stream_position_at_end",
        "tarfile",
        "tarfile.open on a BytesIO after writing",
        "ReadError",
        U_STREAM,
        {
            "bundle_logs.py": """
            import io
            import tarfile

            from packer import pack

            archive = pack({"a.log": b"started", "b.log": b"stopped"})
            with tarfile.open(fileobj=archive, mode="r:gz") as tar:
                print(tar.getnames())
        """,
            "packer.py": """
            import io
            import tarfile


            def pack(files):
                buf = io.BytesIO()
                with tarfile.open(fileobj=buf, mode="w:gz") as tar:
                    for name, data in files.items():
                        info = tarfile.TarInfo(name)
                        info.size = len(data)
                        tar.addfile(info, io.BytesIO(data))
                return buf
        """,
        },
    ),
    # naive and timezone-aware datetimes mixed in arithmetic or comparisons
    P(
        "naive_aware_datetime_mix",
        "datetime",
        "now() minus an aware timestamp",
        "TypeError",
        U_NAIVE,
        {
            "friendly.py": """
            from datetime import datetime, timezone

            from timefmt import friendly_datetime

            updated = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
            print(friendly_datetime(updated))
        """,
            "timefmt.py": """
            from datetime import datetime


            def friendly_datetime(date_time):
                diff = datetime.now() - date_time
                if diff.days > 1:
                    return f"{diff.days} days ago"
                return "today"
        """,
        },
    ),
    P(
        "naive_aware_datetime_mix",
        "datetime",
        "comparing an aware parse with a naive cutoff",
        "TypeError",
        U_NAIVE,
        {
            "expire_tokens.py": """
            from datetime import datetime, timedelta

            TOKENS = {"t1": "2024-05-01T10:00:00+00:00", "t2": "2024-05-03T09:30:00+02:00"}

            cutoff = datetime(2024, 5, 2) - timedelta(hours=1)
            expired = [name for name, issued in TOKENS.items() if datetime.fromisoformat(issued) < cutoff]
            print(expired)
        """,
        },
    ),
    P(
        "naive_aware_datetime_mix",
        "pendulum",
        "pendulum.now() minus a naive file mtime",
        "TypeError",
        U_NAIVE,
        {
            "clock_refresh.py": """
            import os
            from datetime import datetime
            from pathlib import Path

            import pendulum

            Path("clock.dat").write_text("x")
            age = pendulum.now("UTC") - datetime.fromtimestamp(os.path.getmtime("clock.dat"))
            print(age.total_seconds() < 86400)
        """,
        },
    ),
    # month/day arithmetic done on date components
    P(
        "date_component_arithmetic",
        "datetime",
        "replace(month=month + 1) on the 31st",
        "ValueError",
        U_MONTH,
        {
            "renewal.py": """
            from datetime import date

            from billing import next_billing_date

            print(next_billing_date(date(2024, 1, 31)))
        """,
            "billing.py": """
            def next_billing_date(today):
                if today.month == 12:
                    return today.replace(year=today.year + 1, month=1)
                return today.replace(month=today.month + 1)
        """,
        },
    ),
    P(
        "date_component_arithmetic",
        "datetime",
        "date(year, month + 1, 1) in December",
        "ValueError",
        U_MONTH,
        {
            "calendar_view.py": """
            from datetime import date


            def month_bounds(year, month):
                first = date(year, month, 1)
                next_first = date(year, month + 1, 1)
                return first, next_first


            print(month_bounds(2024, 12))
        """,
        },
    ),
    P(
        "date_component_arithmetic",
        "datetime",
        "day - 7 for a week-ago date",
        "ValueError",
        U_MONTH,
        {
            "history.py": """
            import datetime
            import sys

            today = datetime.date.fromisoformat(sys.argv[1])
            start = datetime.date(year=today.year, month=today.month, day=today.day - 7)
            print(f"history from {start} to {today}")
        """,
        },
        "2024-06-03",
    ),
    # base64 segments (JWT) decoded without restoring the stripped padding
    P(
        "base64_padding_stripped",
        "base64",
        "b64decode of a JWT payload segment",
        "Error",
        U_PAD,
        {
            "token_info.py": """
            import json

            from jwt_util import payload

            TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEiLCJleHAiOjE3MDAwMDAwMDAsInJvbGUiOiJlZGl0b3IifQ.c2ln"
            print(payload(TOKEN)["exp"])
        """,
            "jwt_util.py": """
            import base64
            import json


            def payload(token):
                return json.loads(base64.b64decode(token.split(".")[1]).decode())
        """,
        },
    ),
    P(
        "base64_padding_stripped",
        "base64",
        "urlsafe_b64decode of an unpadded id",
        "Error",
        U_PAD,
        {
            "short_links.py": """
            import base64


            def encode_id(n: int) -> str:
                return base64.urlsafe_b64encode(n.to_bytes(4, "big")).decode().rstrip("=")


            def decode_id(s: str) -> int:
                return int.from_bytes(base64.urlsafe_b64decode(s), "big")


            code = encode_id(123456)
            print(code, decode_id(code))
        """,
        },
    ),
    P(
        "base64_padding_stripped",
        "base64",
        "b64decode of a header value with padding removed",
        "Error",
        U_PAD,
        {
            "identity.py": """
            import base64
            import json

            from headers import REQUEST_HEADERS


            def identity(headers):
                raw = headers["x-rh-identity"]
                return json.loads(base64.b64decode(raw))


            print(identity(REQUEST_HEADERS)["org"])
        """,
            "headers.py": """
            import base64
            import json

            _value = base64.b64encode(json.dumps({"org": "acme-1"}).encode()).decode()
            REQUEST_HEADERS = {"x-rh-identity": _value.rstrip("=")}
        """,
        },
    ),
    # text passed where hashlib/hmac need bytes
    P(
        "hash_of_str_not_bytes",
        "hashlib",
        "sha256 of a password string",
        "TypeError",
        U_HASH,
        {
            "accounts.py": """
            from security import hash_password

            print(hash_password("s3cret", salt="abc"))
        """,
            "security.py": """
            import hashlib


            def hash_password(password, salt):
                return hashlib.sha256(salt + password).hexdigest()
        """,
        },
    ),
    P(
        "hash_of_str_not_bytes",
        "hashlib",
        "md5().update of a header string",
        "TypeError",
        U_HASH,
        {
            "block.py": """
            import hashlib
            import time


            class Block:
                def __init__(self, index, data, prev_hash):
                    self.index, self.data, self.prev_hash = index, data, prev_hash
                    self.timestamp = int(time.time())

                def header_string(self):
                    return f"{self.index}{self.prev_hash}{self.data}{self.timestamp}"

                def create_self_hash(self):
                    sha = hashlib.md5()
                    sha.update(self.header_string())
                    return sha.hexdigest()


            print(Block(0, "genesis", "0").create_self_hash())
        """,
        },
    ),
    P(
        "hash_of_str_not_bytes",
        "hmac",
        "hmac.new with a str key",
        "TypeError",
        U_HASH,
        {
            "sign_request.py": """
            import hashlib
            import hmac

            from creds import API_SECRET

            body = b'{"symbol": "BTC"}'
            signature = hmac.new(API_SECRET, body, hashlib.sha256).hexdigest()
            print(signature)
        """,
            "creds.py": """
            API_SECRET = "k3y-from-env"
        """,
        },
    ),
]
