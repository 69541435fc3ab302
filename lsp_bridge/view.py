"""What one session sees: the shared index, with that session's unsaved editor buffers laid over it."""

from __future__ import annotations

from pathlib import Path

from lsp_bridge.files import lsp_source, read_source, relative
from lsp_bridge.index import Index
from lsp_bridge.model import FileIndex
from lsp_bridge.resolve import Facts


class View:
    def __init__(self, index: Index, overlays: dict[str, tuple[FileIndex, bytes]] | None = None) -> None:
        self.index = index
        self.overlays = overlays or {}
        base = index.files
        self.files: dict[str, FileIndex] = (
            {**base, **{p: fi for p, (fi, _) in self.overlays.items()}} if self.overlays else base
        )
        self.modules = index.modules
        self._facts: dict[str, Facts] = {}

    def facts(self, path: str) -> Facts | None:
        fi = self.files.get(path)
        if fi is None:
            return None
        if path in self.overlays:
            if path not in self._facts:
                self._facts[path] = Facts(fi, {n: i for i, n in enumerate(fi.names)})
            return self._facts[path]
        return self.index.facts(fi)

    def paths_with_name(self, name: str) -> list[str]:
        names_of = self.index.names_of
        return [p for p, fi in self.files.items() if name in names_of(fi)]

    def source(self, path: str) -> bytes:
        """The text the index describes (an unsaved buffer, else the disk), without a byte order mark and with lone
        `\r` line breaks made `\n` (`files.lsp_source`); empty for what is not a readable regular file (never blocks
        on a FIFO)."""
        if path in self.overlays:
            return lsp_source(self.overlays[path][1])
        try:
            return lsp_source(read_source(self.index.root / path)[0])
        except OSError:
            return b""

    def absolute(self, path: str) -> Path:
        return self.index.root / path

    def normalize(self, file: str) -> str | None:
        """Workspace-relative posix path for a relative or absolute path (or file URI); None outside."""
        if file.startswith("file://"):
            file = uri_to_path(file)
        path = Path(file)
        if not path.is_absolute():
            path = self.index.root / path
        return relative(path, self.index.root)


def uri_to_path(uri: str) -> str:
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(uri).path)
