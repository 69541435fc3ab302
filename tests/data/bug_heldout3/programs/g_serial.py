"""Groups around serialisation: json, orjson, tomli_w, msgpack."""

from programs import P

U_JSON_DT = "https://github.com/WolfgangFahl/pyLoDStorage/issues/75"
U_JSON_BYTES = "https://github.com/ig-python/trading-ig/pull/136"
U_KEYS = "https://github.com/ijl/orjson/issues/190"
U_TOML_NONE = "https://github.com/hukkin/tomli-w/issues/39"
U_MSGPACK = "https://github.com/msgpack/msgpack-python/issues/173"
U_REPR = "https://github.com/Russell91/TensorBox/issues/258"
U_JSONL = "https://github.com/RossiyaSegodnya/ria_news_dataset/issues/4"
U_LOADS = "https://github.com/sushant10/HQ_Bot/issues/64"

PROGRAMS = [
    # datetime values handed to json without a default hook
    P(
        "json_datetime_no_default",
        "json",
        "json.dumps of a query result row",
        "TypeError",
        U_JSON_DT,
        {
            "export_events.py": """
            import json
            from reports.query import fetch_events

            rows = fetch_events()
            print(json.dumps({"count": len(rows), "events": rows}, indent=2))
        """,
            "reports/__init__.py": "",
            "reports/query.py": """
            import sqlite3
            from datetime import datetime


            def fetch_events():
                conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
                conn.execute("create table events (name text, started timestamp)")
                conn.execute("insert into events values (?, ?)", ("deploy", datetime(2024, 5, 2, 14, 30)))
                conn.row_factory = sqlite3.Row
                return [dict(r) for r in conn.execute("select name, started from events")]
        """,
        },
    ),
    P(
        "json_datetime_no_default",
        "json",
        "json.dump of a dataclass asdict",
        "TypeError",
        U_JSON_DT,
        {
            "save_invoice.py": """
            import json
            from dataclasses import asdict, dataclass
            from datetime import date
            from pathlib import Path


            @dataclass
            class Invoice:
                number: str
                issued: date
                total: float


            def save(invoice: Invoice, path: Path) -> None:
                with path.open("w") as fh:
                    json.dump(asdict(invoice), fh)


            save(Invoice("INV-0042", date(2024, 3, 31), 129.5), Path("invoice.json"))
            print("saved")
        """,
        },
    ),
    P(
        "json_datetime_no_default",
        "json",
        "json.dumps of an API payload with an arrow timestamp",
        "TypeError",
        U_JSON_DT,
        {
            "heartbeat.py": """
            import json

            import arrow

            from monitor.payload import build_payload

            print(json.dumps(build_payload("worker-3", arrow.get("2024-06-01T08:00:00+00:00"))))
        """,
            "monitor/__init__.py": "",
            "monitor/payload.py": """
            def build_payload(host, seen_at):
                return {"host": host, "last_seen": seen_at.datetime, "status": "up"}
        """,
        },
    ),
    # bytes (base64/digest output) left undecoded before json
    P(
        "json_bytes_not_decoded",
        "json",
        "json.dumps of a base64-encoded attachment",
        "TypeError",
        U_JSON_BYTES,
        {
            "send_mail.py": """
            import base64
            import json


            def attachment(name: str, content: bytes) -> dict:
                return {"name": name, "contentBytes": base64.b64encode(content)}


            message = {"to": "ops@example.org", "attachments": [attachment("report.txt", b"all green")]}
            body = json.dumps(message)
            print(len(body))
        """,
        },
    ),
    P(
        "json_bytes_not_decoded",
        "json",
        "json.dump of file digests",
        "TypeError",
        U_JSON_BYTES,
        {
            "manifest.py": """
            import hashlib
            import json
            from pathlib import Path

            from tools.digest import digest_files

            Path("a.txt").write_text("alpha")
            Path("b.txt").write_text("beta")
            with open("manifest.json", "w") as fh:
                json.dump(digest_files(["a.txt", "b.txt"]), fh, indent=1)
        """,
            "tools/__init__.py": "",
            "tools/digest.py": """
            import hashlib
            from pathlib import Path


            def digest_files(names):
                return {name: hashlib.sha256(Path(name).read_bytes()).digest() for name in names}
        """,
        },
    ),
    P(
        "json_bytes_not_decoded",
        "json",
        "json.dumps of subprocess output",
        "TypeError",
        U_JSON_BYTES,
        {
            "status_report.py": """
            import json
            import subprocess
            import sys


            def python_version():
                return subprocess.check_output([sys.executable, "-c", "import sys; print(sys.version.split()[0])"])


            print(json.dumps({"service": "billing", "python": python_version().strip()}))
        """,
        },
    ),
    # non-str dict keys for serialisers that require str keys
    P(
        "json_non_str_dict_keys",
        "orjson",
        "orjson.dumps of a histogram keyed by int",
        "TypeError",
        U_KEYS,
        {
            "histogram.py": """
            from collections import Counter

            import orjson

            from stats.lengths import word_lengths

            counts = Counter(word_lengths("the quick brown fox jumps over the lazy dog"))
            print(orjson.dumps(dict(counts)).decode())
        """,
            "stats/__init__.py": "",
            "stats/lengths.py": """
            def word_lengths(text):
                return [len(word) for word in text.split()]
        """,
        },
    ),
    P(
        "json_non_str_dict_keys",
        "json",
        "json.dumps of a dict keyed by tuples",
        "TypeError",
        U_KEYS,
        {
            "route_costs.py": """
            import json

            costs = {}
            for src, dst, km in [("AMS", "BER", 577), ("BER", "PRG", 280), ("AMS", "PRG", 710)]:
                costs[(src, dst)] = km
            print(json.dumps({"version": 1, "costs": costs}))
        """,
        },
    ),
    P(
        "json_non_str_dict_keys",
        "orjson",
        "orjson.dumps of a dict keyed by UUID",
        "TypeError",
        U_KEYS,
        {
            "sessions.py": """
            import uuid

            import orjson


            class SessionStore:
                def __init__(self):
                    self.sessions = {}

                def open(self, user):
                    sid = uuid.uuid5(uuid.NAMESPACE_DNS, user)
                    self.sessions[sid] = {"user": user}
                    return sid

                def snapshot(self) -> bytes:
                    return orjson.dumps(self.sessions)


            store = SessionStore()
            store.open("ana")
            store.open("ben")
            print(store.snapshot())
        """,
        },
    ),
    # None values written to TOML, which has no null
    P(
        "toml_none_value",
        "tomli_w",
        "tomli_w.dumps of a config with an unset option",
        "TypeError",
        U_TOML_NONE,
        {
            "write_config.py": """
            import tomli_w

            from settings import Settings

            cfg = Settings(host="db.internal", port=5432)
            print(tomli_w.dumps({"database": cfg.as_dict()}))
        """,
            "settings.py": """
            from dataclasses import asdict, dataclass
            from typing import Optional


            @dataclass
            class Settings:
                host: str
                port: int
                password: Optional[str] = None

                def as_dict(self):
                    return asdict(self)
        """,
        },
    ),
    P(
        "toml_none_value",
        "tomli_w",
        "tomli_w.dump of parsed CLI options",
        "TypeError",
        U_TOML_NONE,
        {
            "init_project.py": """
            import argparse

            import tomli_w

            parser = argparse.ArgumentParser()
            parser.add_argument("name")
            parser.add_argument("--license")
            parser.add_argument("--python", default=">=3.10")
            opts = parser.parse_args()

            project = {"project": {"name": opts.name, "license": opts.license, "requires-python": opts.python}}
            with open("pyproject.toml", "wb") as fh:
                tomli_w.dump(project, fh)
            print("written")
        """,
        },
        "demo-pkg",
    ),
    P(
        "toml_none_value",
        "tomli_w",
        "tomli_w.dumps of a list holding a missing value",
        "TypeError",
        U_TOML_NONE,
        {
            "matrix.py": """
            import tomli_w

            versions = {"3.10": "ok", "3.11": "ok", "3.12": None}
            matrix = {"ci": {"python": list(versions), "status": [versions[v] for v in versions]}}
            print(tomli_w.dumps(matrix))
        """,
        },
    ),
    # msgpack turns tuples into lists, so tuple keys do not round-trip
    P(
        "msgpack_tuple_becomes_list",
        "msgpack",
        "unpackb of a dict keyed by tuples",
        "TypeError",
        U_MSGPACK,
        {
            "grid_cache.py": """
            import msgpack

            from grid.cells import load_cells, save_cells

            blob = save_cells({(0, 0): "wall", (0, 1): "door"})
            print(load_cells(blob))
        """,
            "grid/__init__.py": "",
            "grid/cells.py": """
            import msgpack


            def save_cells(cells):
                return msgpack.packb(cells)


            def load_cells(blob):
                return msgpack.unpackb(blob, strict_map_key=False)
        """,
        },
    ),
    P(
        "msgpack_tuple_becomes_list",
        "msgpack",
        "set built from unpacked tuples",
        "TypeError",
        U_MSGPACK,
        {
            "seen_edges.py": """
            import msgpack

            edges = [(1, 2), (2, 3), (1, 2)]
            payload = msgpack.packb(edges)

            restored = msgpack.unpackb(payload)
            unique = set(restored)
            print(len(unique))
        """,
        },
    ),
    P(
        "msgpack_tuple_becomes_list",
        "msgpack",
        "dict lookup keyed by an unpacked tuple",
        "TypeError",
        U_MSGPACK,
        {
            "price_lookup.py": """
            import msgpack

            from pricing import PRICES, decode_order

            order = decode_order(msgpack.packb({"item": ("tea", "large"), "qty": 2}))
            print(PRICES[order["item"]] * order["qty"])
        """,
            "pricing.py": """
            import msgpack

            PRICES = {("tea", "small"): 2.0, ("tea", "large"): 3.5}


            def decode_order(blob):
                return msgpack.unpackb(blob)
        """,
        },
    ),
    # a Python repr (single quotes, True/None) written where JSON was meant
    P(
        "python_repr_not_json",
        "json",
        "json.loads of a str(dict) cache file",
        "JSONDecodeError",
        U_REPR,
        {
            "read_cache.py": """
            import json
            from pathlib import Path

            from cache_writer import write_cache

            write_cache(Path("cache.json"), {"user": "ana", "roles": ["admin"]})
            data = json.loads(Path("cache.json").read_text())
            print(data["roles"])
        """,
            "cache_writer.py": """
            def write_cache(path, data):
                path.write_text(str(data))
        """,
        },
    ),
    P(
        "python_repr_not_json",
        "json",
        "json.load of a file written with print(dict)",
        "JSONDecodeError",
        U_REPR,
        {
            "load_labels.py": """
            import json

            labels = {"cat": 0, "dog": 1}
            with open("labels.json", "w") as fh:
                print(labels, file=fh)

            with open("labels.json") as fh:
                mapping = json.load(fh)
            print(mapping)
        """,
        },
    ),
    P(
        "python_repr_not_json",
        "json",
        "json.loads of a message built with an f-string of a list",
        "JSONDecodeError",
        U_REPR,
        {
            "queue_consumer.py": """
            import json


            def produce(ids):
                return f'{{"ids": {[str(i) for i in ids]}}}'


            def consume(message):
                return json.loads(message)["ids"]


            print(consume(produce([10, 11])))
        """,
        },
    ),
    # a JSON Lines file read as one JSON document
    P(
        "jsonl_read_as_json",
        "json",
        "json.load of a .jsonl export",
        "JSONDecodeError",
        U_JSONL,
        {
            "count_articles.py": """
            import json

            from dataset import write_sample

            write_sample("articles.jsonl")
            with open("articles.jsonl") as fh:
                articles = json.load(fh)
            print(len(articles))
        """,
            "dataset.py": """
            import json


            def write_sample(path):
                with open(path, "w") as fh:
                    for i in range(3):
                        fh.write(json.dumps({"id": i, "title": f"story {i}"}) + "\\n")
        """,
        },
    ),
    P(
        "jsonl_read_as_json",
        "json",
        "json.loads of a log file's whole text",
        "JSONDecodeError",
        U_JSONL,
        {
            "audit.py": """
            import json
            from pathlib import Path

            Path("audit.log").write_text('{"event": "login", "user": "ana"}\\n{"event": "logout", "user": "ana"}\\n')
            events = json.loads(Path("audit.log").read_text())
            print([e["event"] for e in events])
        """,
        },
    ),
    P(
        "jsonl_read_as_json",
        "orjson",
        "orjson.loads of a newline-delimited dump",
        "JSONDecodeError",
        U_JSONL,
        {
            "metrics_import.py": """
            import orjson

            from exporter import export

            raw = export([{"cpu": 0.4}, {"cpu": 0.7}])
            samples = orjson.loads(raw)
            print(sum(s["cpu"] for s in samples))
        """,
            "exporter.py": """
            import orjson


            def export(samples):
                return b"\\n".join(orjson.dumps(s) for s in samples)
        """,
        },
    ),
    # json.loads (string) and json.load (file) confused
    P(
        "json_load_loads_confused",
        "json",
        "json.loads given an open file",
        "TypeError",
        U_LOADS,
        {
            "quiz.py": """
            import json

            from questions import QUESTIONS_FILE, ensure_questions

            ensure_questions()
            with open(QUESTIONS_FILE, encoding="utf8") as fh:
                questions = json.loads(fh)
            print(len(questions))
        """,
            "questions.py": """
            import json

            QUESTIONS_FILE = "questions.json"


            def ensure_questions():
                with open(QUESTIONS_FILE, "w") as fh:
                    json.dump([{"q": "2+2?", "a": "4"}], fh)
        """,
        },
    ),
    P(
        "json_load_loads_confused",
        "json",
        "json.load given a path string",
        "AttributeError",
        U_LOADS,
        {
            "score.py": """
            import json
            import sys

            def load_predictions(path):
                return json.load(path)


            with open("preds.json", "w") as fh:
                fh.write('[0.1, 0.9, 0.4]')
            preds = load_predictions(sys.argv[1])
            print(max(preds))
        """,
        },
        "preds.json",
    ),
    P(
        "json_load_loads_confused",
        "json",
        "json.loads given a Path",
        "TypeError",
        U_LOADS,
        {
            "settings_loader.py": """
            import json
            from pathlib import Path


            class Settings:
                def __init__(self, path: Path):
                    self.values = json.loads(path)

                def get(self, key, default=None):
                    return self.values.get(key, default)


            Path("settings.json").write_text('{"debug": true}')
            print(Settings(Path("settings.json")).get("debug"))
        """,
        },
    ),
]
