"""What all sessions of one server process share: the workspace index, the symbol table, the agent's context."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Protocol

from lsp_bridge.index import Index
from lsp_bridge.render import Chunk
from lsp_bridge.symbols import SymbolTable

READY_TIMEOUT = 600.0


class Editor(Protocol):
    def show_agent_context(self) -> None: ...


class Hub:
    def __init__(
        self,
        root: Path | None = None,
        cache_dir: Path | None = None,
        workers: int | None = None,
        poll_interval: float = 1.0,
    ) -> None:
        self.cache_dir = cache_dir
        self.workers = workers
        self.poll_interval = poll_interval
        self.index: Index | None = None
        self.sessions: list[Editor] = []  # sessions past `initialized`, shown the agent's context
        self.context: list[Chunk] = []
        self._lock = threading.Lock()
        self._symbols: tuple[int, SymbolTable] | None = None
        self.serving = threading.Event()  # set once the transport serves: the cache may load then
        if root is not None:
            self.open(root)

    @property
    def fixed(self) -> bool:
        return self.index is not None

    def open(self, root: Path) -> Index:
        """The index of `root`, built in the background the first time (later roots are ignored)."""
        with self._lock:
            if self.index is None:
                self.index = Index(root, self.cache_dir, self.workers)
                threading.Thread(target=self._build, name="lsp-bridge-index", daemon=True).start()
            return self.index

    def _build(self) -> None:
        index = self.index
        assert index is not None
        index.build(self.serving)
        if self.poll_interval > 0:
            index.watch(self.poll_interval)
        self.symbols()  # build the search table before the first query needs it
        saver = threading.Timer(5.0, index.save_cache)  # not while the first requests come in
        saver.daemon = True
        saver.start()

    def ready_index(self, timeout: float = READY_TIMEOUT) -> Index | None:
        index = self.index
        if index is None or not index.ready.wait(timeout):
            return None
        return index

    def symbols(self) -> SymbolTable:
        """The current table; until the index has loaded, the one saved with it (when the disk still matches)."""
        index = self.index
        if index is None:
            return SymbolTable([])
        index.snapshot_ready.wait(READY_TIMEOUT)
        snapshot = index.snapshot
        if snapshot is not None and not index.ready.is_set():
            return snapshot
        index.ready.wait(READY_TIMEOUT)
        with self._lock:
            if self._symbols is None or self._symbols[0] != index.generation:
                self._symbols = (index.generation, SymbolTable(index.entries()))
            return self._symbols[1]

    def set_context(self, chunks: list[Chunk], source: Any = None) -> None:
        self.context = chunks
        for session in list(self.sessions):
            if session is not source:
                session.show_agent_context()

    def close(self) -> None:
        if self.index is not None:
            self.index.stop()
            if self.index.ready.is_set():
                self.index.save_cache()
