"""The bug store: one SQLite file (WAL) shared by threads and processes, kept across runs; JSON per record."""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from agent.bug_consultant.features import FEATURES_VERSION
from agent.bug_consultant.records import BugRecord, WorldModel, now

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT UNIQUE NOT NULL,
    run_id TEXT NOT NULL DEFAULT '',
    instance_id TEXT NOT NULL DEFAULT '',
    completed INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    fingerprint TEXT NOT NULL DEFAULT '',
    resolved INTEGER NOT NULL DEFAULT 0,
    document TEXT NOT NULL DEFAULT '',
    signature TEXT NOT NULL DEFAULT '',
    embedding BLOB,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_fingerprint ON records (fingerprint);
CREATE TABLE IF NOT EXISTS world (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    record_id TEXT NOT NULL DEFAULT '',
    run_id TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    UNIQUE (kind, text)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

WORLD_KINDS = ("observations", "insights", "common_patterns", "api_constraints")


# columns added after the first release of the store: (name, definition, value for the rows already there)
_ADDED_COLUMNS = [
    ("instance_id", "TEXT NOT NULL DEFAULT ''", "''"),
    ("completed", "INTEGER NOT NULL DEFAULT 0", "json_extract(data, '$.completed_at') IS NOT NULL"),
    ("version", "INTEGER NOT NULL DEFAULT 0", "seq"),
]


@dataclass(frozen=True)
class IndexRow:
    """What the retrieval index needs of a stored record."""

    version: int
    id: str
    run_id: str
    instance_id: str
    completed: bool
    resolved: bool
    fields: dict[str, list[str]]
    embedding_text: str
    embedding: np.ndarray | None

    @property
    def experiment(self) -> str:
        return self.run_id


class BugStore:
    """Records and world-model lines in SQLite; every thread gets its own connection."""

    def __init__(self, path: Path, json_dir: Path | None = None):
        self.path = Path(path)
        self.json_dir = json_dir
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self.id = ""
        try:
            self._refuse_foreign()
            self._conn().executescript(_SCHEMA)
            self._migrate()
            self._conn().execute("CREATE INDEX IF NOT EXISTS records_version ON records (version)")
        except sqlite3.DatabaseError as e:  # sqlite's message names no file: a folder, another file, a bad path
            self.close()
            raise type(e)(f"{self.path}: not a usable bug store ({e})") from None
        if json_dir is not None:
            json_dir.mkdir(parents=True, exist_ok=True)

    def _refuse_foreign(self) -> None:
        """Another program's database (tables, none of them ours) is left as it is: no tables, no WAL mode."""
        with closing(sqlite3.connect(self.path, timeout=60.0)) as db:
            tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if tables and "records" not in tables:
            raise sqlite3.DatabaseError(f"a database of something else, tables {', '.join(sorted(tables))}")

    def _migrate(self) -> None:
        """A store written before instance ids, completion and versions existed gets those columns; every store
        gets an id of its own, so an index of a deleted store is never taken for one made again at its path."""
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?)", (uuid.uuid4().hex,))
            self.id = str(db.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchone()[0])
            have = {row[1] for row in db.execute("PRAGMA table_info(records)")}
            for name, definition, value in _ADDED_COLUMNS:
                if name not in have:
                    db.execute(f"ALTER TABLE records ADD COLUMN {name} {definition}")
                    db.execute(f"UPDATE records SET {name} = {value}")

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None, check_same_thread=True)
            conn.execute("PRAGMA busy_timeout = 60000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = conn
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def close(self) -> None:
        if conn := getattr(self._local, "conn", None):
            conn.close()
            self._local.conn = None

    # records ---------------------------------------------------------------------------------------------------
    def save(
        self,
        record: BugRecord,
        fields: dict[str, list[str]] | None = None,
        embedding_text: str | None = None,
        embedding: np.ndarray | None = None,
    ) -> None:
        """Insert or update a record; the retrieval fields are written once, at insertion. Every write gives the
        row a new version, so an index sees completions and fixes made by other workers."""
        data = json.dumps(record.to_dict(), default=str)
        blob = None if embedding is None else np.asarray(embedding, dtype=np.float32).tobytes()
        with self._write() as db:
            version = int(db.execute("SELECT COALESCE(MAX(version), 0) + 1 FROM records").fetchone()[0])
            db.execute(
                "INSERT INTO records (id, run_id, instance_id, completed, version, fingerprint, resolved, document,"
                " signature, embedding, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET resolved = excluded.resolved, completed = excluded.completed,"
                " version = excluded.version, data = excluded.data, updated_at = excluded.updated_at",
                (
                    record.id,
                    record.run_id,
                    record.instance_id,
                    int(record.completed_at is not None),
                    version,
                    record.fingerprint,
                    int(record.resolved),
                    json.dumps({**fields, _VERSION_KEY: FEATURES_VERSION}) if fields is not None else "",
                    embedding_text or "",
                    blob,
                    data,
                    record.created_at,
                    now(),
                ),
            )
        if self.json_dir is not None:
            (self.json_dir / f"bug_{record.id}.json").write_text(data_pretty(record))

    def get(self, record_id: str) -> BugRecord | None:
        row = self._conn().execute("SELECT data FROM records WHERE id = ?", (record_id,)).fetchone()
        return BugRecord.from_dict(json.loads(row[0])) if row else None

    def get_many(self, ids: list[str]) -> dict[str, BugRecord]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._conn().execute(f"SELECT id, data FROM records WHERE id IN ({marks})", ids).fetchall()
        return {rid: BugRecord.from_dict(json.loads(data)) for rid, data in rows}

    def count(self) -> int:
        return int(self._conn().execute("SELECT COUNT(*) FROM records").fetchone()[0])

    def all_ids(self) -> list[str]:
        return [r[0] for r in self._conn().execute("SELECT id FROM records ORDER BY seq")]

    def index_rows(self, after_version: int = 0) -> list[IndexRow]:
        """The rows written (inserted or updated) after `after_version`; fields missing or written by an older
        release are computed again from the record's error, code and summary."""
        rows = self._conn().execute(
            "SELECT version, id, run_id, instance_id, completed, resolved, document, signature, embedding, data"
            " FROM records WHERE version > ? ORDER BY version",
            (after_version,),
        )
        out = []
        for version, rid, run_id, instance, completed, resolved, document, text, emb, data in rows:
            fields = _fields_of(document)
            vec = None if emb is None else np.frombuffer(emb, dtype=np.float32)
            if fields is None:
                fields, text = record_fields(BugRecord.from_dict(json.loads(data)))
                vec = None
            out.append(IndexRow(version, rid, run_id, instance, bool(completed), bool(resolved), fields, text, vec))
        return out

    # world model -----------------------------------------------------------------------------------------------
    def add_world(self, kind: str, text: str, record_id: str = "", run_id: str = "") -> None:
        with self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO world (kind, text, record_id, run_id, created_at) VALUES (?, ?, ?, ?, ?)",
                (kind, text, record_id, run_id, now()),
            )

    def world_model(self, run_id: str | None = None, limit: int = 50) -> WorldModel:
        sql = "SELECT kind, text FROM world" + (" WHERE run_id = ?" if run_id is not None else "")
        rows = self._conn().execute(
            sql + " ORDER BY seq DESC LIMIT ?", (*([run_id] if run_id is not None else []), limit)
        )
        model = WorldModel()
        for kind, text in reversed(rows.fetchall()):
            getattr(model, kind).append(text)
        return model

    def constraints_of(self, record_ids: list[str]) -> list[str]:
        if not record_ids:
            return []
        marks = ",".join("?" * len(record_ids))
        rows = self._conn().execute(
            f"SELECT text FROM world WHERE kind = 'api_constraints' AND record_id IN ({marks}) ORDER BY seq",
            record_ids,
        )
        return [r[0] for r in rows]


_VERSION_KEY = "_features_version"


def _fields_of(document: str) -> dict[str, list[str]] | None:
    """The stored fields, or None when they are missing or another release's (they are computed again)."""
    if not document.startswith("{"):
        return None
    try:
        fields = json.loads(document)
    except ValueError:
        return None
    if not isinstance(fields, dict) or fields.pop(_VERSION_KEY, None) != FEATURES_VERSION:
        return None
    return fields


def record_fields(record: BugRecord) -> tuple[dict[str, list[str]], str]:
    """A record's retrieval fields and embedding text, from its error output, code and summary."""
    from agent.bug_consultant.consultant import error_of
    from agent.bug_consultant.features import embedding_text, extract

    info = error_of(record.original_error)
    tags = record.context_tags if record.summary_source == "llm" else []
    category = record.error_category if record.summary_source == "llm" else ""
    code = record.original_code
    return extract(info, code=code, category=category, tags=tags), embedding_text(info, code)


def data_pretty(record: BugRecord) -> str:
    return json.dumps(record.to_dict(), indent=2, default=str)
