"""The workspace index: cold build on all cores, disk cache, incremental refresh, and a polling watcher."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import logging
import multiprocessing
import os
import pickle
import secrets
import stat
import threading
import time
from collections.abc import Iterable
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, BinaryIO

import tree_sitter_python

from lsp_bridge import __version__
from lsp_bridge.extract import digest, extract
from lsp_bridge.files import MAX_FILE_BYTES, NotRegularFile, module_table, read_source, relative, scan
from lsp_bridge.model import FileIndex, empty_file
from lsp_bridge.resolve import Facts
from lsp_bridge.runtime import UnsafePath, open_private
from lsp_bridge.symbols import SymbolTable, file_entries

log = logging.getLogger(__name__)
CACHE_SCHEMA = 10  # 5: Unicode quoted annotations; 6: nonlocal; 7: captures; 8: exports; 9: signatures; 10: lone CR
PARALLEL_FROM = 48  # fewer changed files than this are parsed in-process
# statuses of files that get no (or only partial) symbols; each is reported once in the log and in `stats`
PROBLEMS = {
    "binary": "binary (NUL bytes), no symbols",
    "too-large": f"larger than {MAX_FILE_BYTES:,} bytes, no symbols",
    "unreadable": "unreadable, no symbols",
    "not-a-file": "not a regular file (FIFO, socket, device or directory), never read",
    "broken-link": "a symbolic link to nothing (dangling, or a loop), never read",
    "too-deep": "nested too deeply, indexed partially",
    "failed": "could not be indexed, no symbols",
}


def default_cache_dir() -> Path:
    if env := os.environ.get("LSP_BRIDGE_CACHE"):
        return Path(env)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lsp-bridge"


def index_file(root: str, rel: str, old_digest: str = "") -> FileIndex | None:
    """Index one file in isolation (never raises); None when its content still hashes to `old_digest`."""
    try:
        data, st = read_source(Path(root, rel))
    except NotRegularFile:
        return empty_file(rel, 0, 0, "not-a-file")
    except OSError:
        return empty_file(rel, 0, 0, "unreadable")
    if len(data) > MAX_FILE_BYTES:
        return empty_file(rel, st.st_mtime_ns, st.st_size, "too-large")
    if old_digest and digest(data) == old_digest:
        return None
    return extract(rel, data, st.st_mtime_ns)


def _index_batch(root: str, items: list[tuple[str, str]]) -> list[tuple[str, FileIndex | None]]:
    return [(rel, index_file(root, rel, old)) for rel, old in items]


class _Stopped(Exception):
    """The index was stopped while it was being built."""


class Index:
    def __init__(self, root: str | Path, cache_dir: Path | None = None, workers: int | None = None) -> None:
        self.root = Path(root).resolve()
        key = hashlib.sha1(str(self.root).encode()).hexdigest()[:16]
        self.cache_path = (cache_dir or default_cache_dir()) / f"{self.root.name or 'root'}-{key}.pickle"
        self.workers = workers or os.cpu_count() or 1
        self.files: dict[str, FileIndex] = {}
        self.modules: dict[str, str] = {}
        self.generation = 0
        self.ready = threading.Event()
        self.stats: dict[str, Any] = {}
        self.error = ""
        self.problems: dict[str, str] = {}  # path -> status of files indexed partially or not at all
        self._odd: dict[str, str] = {}  # path -> status of the `*.py` names the last scan found but never opened
        self._lock = threading.RLock()
        self._dirty = False
        self._stop = threading.Event()
        self._pool: ProcessPoolExecutor | None = None  # a cold index's workers, while they work
        self._names: dict[str, tuple[FileIndex, dict[str, int]]] = {}
        self._save_lock = threading.Lock()
        self._facts: dict[str, Facts] = {}
        self._entries: dict[str, tuple[FileIndex, list[tuple]]] = {}
        # a symbol table saved with the cache answers workspace/symbol while the index itself still loads
        self.snapshot: SymbolTable | None = None
        self.snapshot_ready = threading.Event()

    # ---- building

    def build(self, defer: threading.Event | None = None) -> None:
        """Load the disk cache, index what changed since (on all cores when much did), then mark ready.

        With a valid symbol snapshot, loading the rest waits (up to 2 s) for `defer`, so that the server's own
        start-up is not slowed down by it."""
        t0 = time.perf_counter()
        pool = None
        try:
            odd: dict[str, str] = {}
            current = scan(str(self.root), odd)
            if len(current) >= PARALLEL_FROM and not self.cache_path.exists():
                pool = self._start_pool()  # cold: the workers start up while the rest is prepared
            self.snapshot = self._load_snapshot(current)
            if self.snapshot is not None:
                self.snapshot_ready.set()
                if defer is not None:
                    defer.wait(2.0)
            cached = self._load_cache()
            t1 = time.perf_counter()
            files = {rel: fi for rel, fi in cached.items() if rel in current}
            todo = [
                rel for rel, key in current.items() if rel not in files or (files[rel].mtime_ns, files[rel].size) != key
            ]
            files.update(self._index_many(todo, files, pool))
            self.problems = {rel: fi.status for rel, fi in files.items() if fi.status in PROBLEMS}
            self._note_odd(odd)
            with self._lock:
                self.files = files
                self.modules = module_table(list(files))
                self.generation += 1
                self._dirty = bool(todo) or len(files) != len(cached)
            self.stats = {
                "files": len(files),
                "reindexed": len(todo),
                "from_cache": len(files) - len(todo),
                "cache_load_s": round(t1 - t0, 3),
                "build_s": round(time.perf_counter() - t0, 3),
                "problems": dict(sorted(self.problems.items())[:100]),
            }
            log.info("indexed %s: %s", self.root, self.stats)
        except _Stopped:
            self.error = "stopped before it was built"  # nothing to save
        except Exception as e:  # the server keeps answering (emptily) and reports the failure in status
            log.exception("indexing %s failed", self.root)
            self.error = f"{type(e).__name__}: {e}"
        finally:
            if pool is not None:
                pool.shutdown(wait=False)
            self.ready.set()
            self.snapshot_ready.set()

    def _start_pool(self) -> ProcessPoolExecutor | None:
        if self.workers < 2:
            return None
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        for _ in range(self.workers):
            pool.submit(os.getpid)
        if not self.ready.is_set():  # the first build's: stop() gives it up
            self._pool = pool
            if self._stop.is_set():  # stop() came while it started
                pool.shutdown(wait=False, cancel_futures=True)
        return pool

    def _index_many(
        self, rels: list[str], known: dict[str, FileIndex], pool: ProcessPoolExecutor | None = None
    ) -> dict[str, FileIndex]:
        items = [(rel, known[rel].digest if rel in known else "") for rel in rels]
        root = str(self.root)
        if len(items) < PARALLEL_FROM or self.workers < 2:
            results: Iterable[tuple[str, FileIndex | None]] = _index_batch(root, items)
        else:
            items.sort(key=lambda it: -(known[it[0]].size if it[0] in known else 0))
            n = self.workers * 8
            chunks = [items[i::n] for i in range(n)]
            own = pool is None
            pool = pool or self._start_pool()
            assert pool is not None
            try:
                results = [r for batch in pool.map(_index_batch, [root] * n, chunks) for r in batch]
            except (BrokenProcessPool, OSError, RuntimeError, CancelledError) as e:
                if self._stop.is_set() and not self.ready.is_set():  # closing: the first build's batches cancelled
                    raise _Stopped from None
                log.warning("index workers failed (%s); indexing in this process", e)  # a worker died
                results = _index_batch(root, items)
            finally:
                if own:
                    pool.shutdown()
        out: dict[str, FileIndex] = {}
        for rel, fi in results:
            if fi is None:  # touched, same content: keep the old index under the new stat key
                try:
                    st = (self.root / rel).stat()
                except OSError:  # deleted meanwhile: the next refresh drops it
                    continue
                fi = known[rel]._replace(mtime_ns=st.st_mtime_ns, size=st.st_size)
            out[rel] = fi
            self._report(fi)
        return out

    def _report(self, fi: FileIndex) -> None:
        """One log line per file that gets no or partial symbols (again only when its status changes)."""
        if fi.status in PROBLEMS:
            if self.problems.get(fi.path) != fi.status:
                self.problems[fi.path] = fi.status
                log.warning("%s: %s", fi.path, PROBLEMS[fi.status])
        else:
            self.problems.pop(fi.path, None)

    def _note_odd(self, odd: dict[str, str]) -> None:
        """The scan's FIFOs, dangling links, ...: problems while they are there (one log line each)."""
        for rel in self._odd.keys() - odd.keys():
            if self.problems.get(rel) == self._odd[rel]:
                del self.problems[rel]
        for rel, status in sorted(odd.items()):
            self._report(empty_file(rel, 0, 0, status))
        self._odd = odd

    # ---- incremental updates

    def refresh(self) -> list[str]:
        """Re-stat the workspace; re-index changed files, drop deleted ones. Returns the paths that changed."""
        if not self.ready.is_set():
            return []
        odd: dict[str, str] = {}
        current = scan(str(self.root), odd)
        files = self.files
        changed = [
            rel for rel, key in current.items() if rel not in files or (files[rel].mtime_ns, files[rel].size) != key
        ]
        deleted = [rel for rel in files if rel not in current]
        if changed or deleted:
            self._apply(self._index_many(changed, files), deleted)
        self._note_odd(odd)  # after _apply: a file swapped for a FIFO is deleted, then reported
        return changed + deleted

    def refresh_file(self, rel: str) -> FileIndex | None:
        """Cheap per-request check of one file against disk."""
        fi = self.files.get(rel)
        try:
            st = (self.root / rel).stat()
        except OSError:
            if fi is not None:
                self._apply({}, [rel])
            return None
        if not stat.S_ISREG(st.st_mode):  # a FIFO or device named *.py: never read, never indexed
            if rel.endswith(".py"):
                self._report(empty_file(rel, 0, 0, "not-a-file"))
            if fi is not None:
                self._apply({}, [rel])
            return None
        if fi is not None and (fi.mtime_ns, fi.size) == (st.st_mtime_ns, st.st_size):
            return fi
        if not rel.endswith(".py"):
            return None
        self._apply(self._index_many([rel], self.files), [])
        return self.files.get(rel)

    def _apply(self, updated: dict[str, FileIndex], deleted: list[str]) -> None:
        with self._lock:
            files = dict(self.files)
            added = any(rel not in files for rel in updated)
            files.update(updated)
            for rel in deleted:
                files.pop(rel, None)
                self.problems.pop(rel, None)
            self.files = files
            if added or deleted:
                self.modules = module_table(list(files))
            self.generation += 1
            self._dirty = True

    def watch(self, interval: float = 1.0) -> threading.Thread:
        """Poll the disk (adaptively: never more than ~5% of a core) and save the cache when it changed."""

        def loop() -> None:
            self.ready.wait()
            last_save = time.monotonic()
            while not self._stop.wait(interval):
                t = time.perf_counter()
                try:
                    self.refresh()
                    if self._dirty and time.monotonic() - last_save > 30:
                        self.save_cache()
                        last_save = time.monotonic()
                except Exception:
                    log.exception("refresh failed")
                self._stop.wait(max(0.0, 20 * (time.perf_counter() - t) - interval))

        thread = threading.Thread(target=loop, name="lsp-bridge-watcher", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        """Stop watching; a cold index still building is given up (its workers' pending batches are cancelled, so
        the process can exit soon rather than after the whole build)."""
        self._stop.set()
        pool = self._pool
        if pool is not None and not self.ready.is_set():
            pool.shutdown(wait=False, cancel_futures=True)

    # ---- queries used by the resolver

    def names_of(self, fi: FileIndex) -> dict[str, int]:
        """Name -> index in `fi.names` (cached per file version)."""
        hit = self._names.get(fi.path)
        if hit is not None and hit[0] is fi:
            return hit[1]
        names = {n: i for i, n in enumerate(fi.names)}
        if self.files.get(fi.path) is fi:
            self._names[fi.path] = (fi, names)
        return names

    def facts(self, fi: FileIndex) -> Facts:
        hit = self._facts.get(fi.path)
        if hit is not None and hit.fi is fi:
            return hit
        facts = Facts(fi, self.names_of(fi))
        if self.files.get(fi.path) is fi:
            self._facts[fi.path] = facts
        return facts

    def entries(self) -> list[tuple]:
        """Workspace-symbol entries of every file (cached per file version)."""
        out: list[tuple] = []
        for path, fi in self.files.items():
            hit = self._entries.get(path)
            if hit is None or hit[0] is not fi:
                hit = self._entries[path] = (fi, file_entries(fi))
            out.extend(hit[1])
        return out

    def path_of(self, uri_path: str | Path) -> str | None:
        """Workspace-relative posix path of an absolute path, None outside the workspace."""
        return relative(uri_path, self.root)

    # ---- disk cache

    def _cache_key(self) -> dict:
        return {"schema": CACHE_SCHEMA, "version": __version__, "grammar": _grammar_version(), "root": str(self.root)}

    def _load_cache(self) -> dict[str, FileIndex]:
        try:
            with _open_trusted(self.cache_path) as f:
                key, files = pickle.load(f)
        except _UNREADABLE:
            return {}
        return files if key == self._cache_key() else {}

    def save_cache(self, strict: bool = False) -> None:
        """Write the cache; a failure is a warning (the server goes on without it), or with `strict` an error."""
        if not self.ready.is_set() or self.error:
            return
        with self._save_lock:
            with self._lock:
                files = self.files
                self._dirty = False
            self._write_cache(files, strict)

    def _write_cache(self, files: dict[str, FileIndex], strict: bool = False) -> None:
        stamps = {p: (fi.mtime_ns, fi.size) for p, fi in files.items()}
        snapshot = (self._cache_key(), stamps, SymbolTable(self.entries()))
        for path, data in ((self.cache_path, (self._cache_key(), files)), (self._snapshot_path, snapshot)):
            tmp = path.with_suffix(f".{os.getpid()}-{threading.get_ident()}-{secrets.token_hex(4)}.tmp")
            created = False
            try:
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the mode applies only when we create it
                # a fresh file (O_EXCL, never through a symlink) that only we can read or write, renamed into place
                fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
                created = True
                with os.fdopen(fd, "wb") as f:
                    pickle.dump(data, f, protocol=pickle.HIGHEST_PROTOCOL)
                tmp.replace(path)
            except (OSError, UnsafePath) as e:
                if created:
                    with contextlib.suppress(OSError):
                        tmp.unlink()
                if isinstance(e, FileExistsError) and not created:  # mkdir: a file where a folder is needed
                    e = NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), e.filename)
                if strict:
                    raise RuntimeError(f"cannot write the index cache {path}: {e}") from None
                log.warning("cannot write the index cache %s: %s", path, e)

    @property
    def _snapshot_path(self) -> Path:
        return self.cache_path.with_suffix(".symbols.pickle")

    def _load_snapshot(self, current: dict[str, tuple[int, int]]) -> SymbolTable | None:
        try:
            with _open_trusted(self._snapshot_path) as f:
                key, stamps, table = pickle.load(f)
        except _UNREADABLE:
            return None
        return table if key == self._cache_key() and stamps == current else None


class _Refused(Exception):
    """A cache file we do not load (missing, or one that someone else could have written)."""


# a cache that is missing, refused, truncated or from an incompatible version: the index is rebuilt
_UNREADABLE = (_Refused, OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError)


def _unsafe_dir(path: Path) -> str | None:
    """Why the directory `path` may hold files of others (None when it cannot)."""
    try:
        st = os.stat(path)
    except OSError as e:
        return f"cannot stat its directory {path} ({e.strerror})"
    if st.st_uid not in (os.geteuid(), 0):
        return f"its directory {path} belongs to uid {st.st_uid}"
    if st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:
        return f"its directory {path} (mode {stat.S_IMODE(st.st_mode):o}) is writable by group or others and not sticky"
    return None


def _open_trusted(path: Path) -> BinaryIO:
    """`path` opened for unpickling, only if nobody but us (or root) can have written it; `_Refused` otherwise.

    Unpickling runs code chosen by whoever wrote the file, and `$LSP_BRIDGE_CACHE` or `$XDG_CACHE_HOME` may point at a
    shared directory such as /tmp. So, as ssh does with its files, a cache file is loaded only when
    - it is a regular file, opened without following a symlink and checked on the open fd (no swap after the check),
      owned by us (the effective uid) and not writable by group or others;
    - its directory belongs to us or root and is not writable by group or others, unless sticky (like /tmp, where
      others may add files but not replace ours).
    Anything else is refused with one warning naming the file and the reason; a missing file is silently refused.
    """
    if not os.path.lexists(path):
        raise _Refused(path)  # no cache yet
    try:
        problem = _unsafe_dir(path.parent)
        if problem:
            raise UnsafePath(f"refusing {path}: {problem}")
        # O_NONBLOCK: a FIFO planted under the cache's name must not hang the open (no effect on a regular file)
        fd = open_private(path, os.O_RDONLY | os.O_NONBLOCK)  # a regular file of our uid, never a symlink
        st = os.fstat(fd)
        if st.st_uid != os.geteuid() or st.st_mode & 0o022:
            os.close(fd)
            why = f"it belongs to uid {st.st_uid}" if st.st_uid != os.geteuid() else "it is writable by group or others"
            raise UnsafePath(f"refusing {path}: {why} (mode {stat.S_IMODE(st.st_mode):o})")
    except UnsafePath as e:
        log.warning("ignoring the index cache (rebuilding the index): %s", e)
        raise _Refused(path) from None
    return os.fdopen(fd, "rb")


def _grammar_version() -> str:
    try:
        from importlib.metadata import version

        return version("tree-sitter-python")
    except Exception:
        return getattr(tree_sitter_python, "__version__", "?")
