"""Which Python files a workspace has, their stat keys, safe reads, and the module names they answer to."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

SKIP_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "venv", "env"})
MAX_FILE_BYTES = 2_000_000
BOM = b"\xef\xbb\xbf"


class NotRegularFile(OSError):
    """A FIFO, socket, device or directory where a source file was expected: never read (a FIFO would block)."""


def scan(root: str, odd: dict[str, str] | None = None) -> dict[str, tuple[int, int]]:
    """Workspace-relative posix path -> (mtime_ns, size) of every regular `*.py` file; hidden and tool dirs skipped.

    `odd`, when given, receives the other `*.py` entries, none of them opened (a FIFO cannot block the scan): path ->
    `not-a-file` (a FIFO, socket, device or directory), `broken-link` (dangling, or a loop) or `unreadable`."""
    import errno

    out: dict[str, tuple[int, int]] = {}
    stack = [root]
    cut = len(root.rstrip("/")) + 1
    while stack:
        d = stack.pop()
        try:
            entries = os.scandir(d)
        except OSError:
            continue
        with entries:
            for e in entries:
                name = e.name
                if name.endswith(".py"):
                    rel = e.path[cut:].replace(os.sep, "/")
                    try:
                        st = e.stat()  # through a link; a stat, never an open
                    except OSError as err:
                        if odd is not None:
                            broken = err.errno in (errno.ENOENT, errno.ELOOP) and e.is_symlink()
                            odd[rel] = "broken-link" if broken else "unreadable"
                        continue
                    if stat.S_ISREG(st.st_mode):
                        out[rel] = (st.st_mtime_ns, st.st_size)
                    elif odd is not None:
                        odd[rel] = "not-a-file"
                elif (
                    not name.startswith(".")
                    and name not in SKIP_DIRS
                    and not name.endswith(".egg-info")
                    and e.is_dir(follow_symlinks=False)
                ):
                    stack.append(e.path)
    return out


def read_source(path: str | Path, limit: int = MAX_FILE_BYTES) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file (at most `limit` + 1 of them) and its stat.

    Raises NotRegularFile for anything else without reading it, OSError when it cannot be opened; never blocks:
    the file is opened non-blocking and checked again on the open descriptor (it may have been swapped meanwhile).
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(f"not a regular file: {path}")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"not a regular file: {path}")
        parts = []
        left = min(st.st_size, limit) + 1
        while left > 0:
            part = os.read(fd, min(left, 1 << 20))
            if not part:
                break
            parts.append(part)
            left -= len(part)
        return b"".join(parts), st
    finally:
        os.close(fd)


def strip_bom(source: bytes) -> bytes:
    """Editors hide a UTF-8 byte order mark: columns on the first line count from after it."""
    return source[3:] if source.startswith(BOM) else source


_LONE_CR = re.compile(rb"\r(?!\n)")


def lsp_lines(source: bytes) -> bytes:
    """`source` with each lone `\r` made a `\n`: LSP (and Python's tokenizer) end a line at `\r\n`, `\n` or `\r`,
    tree-sitter and `split(b"\n")` only at `\n`. One byte for one, so byte offsets stay; `\r\n` is kept (a line's
    trailing `\r` is dropped where lines are cut)."""
    return _LONE_CR.sub(b"\n", source) if b"\r" in source else source


def lsp_source(source: bytes) -> bytes:
    """The text positions are counted in: without a byte order mark, lone `\r` line breaks made `\n`."""
    return lsp_lines(strip_bom(source))


def relative(path: str | Path, root: Path) -> str | None:
    """Workspace-relative posix path of `path` with symlinks resolved; None outside `root`.

    `os.path.realpath` rather than `Path.resolve`: a symlink loop gives its own path instead of an exception."""
    try:
        return Path(os.path.realpath(path)).relative_to(root).as_posix()
    except (ValueError, OSError):
        return None


def module_table(paths: list[str]) -> dict[str, str]:
    """Dotted module name -> file, by path from the root and, for packages, from the top of their `__init__` chain."""
    paths = sorted(paths)
    package_dirs = {p.rsplit("/", 1)[0] for p in paths if p.endswith("/__init__.py")}
    table = {dotted(p): p for p in reversed(paths)}
    for p in paths:
        parts = p[:-3].split("/")
        j = len(parts) - 2
        while j >= 0 and "/".join(parts[: j + 1]) in package_dirs:
            j -= 1
        name = ".".join(parts[j + 1 :] if parts[-1] != "__init__" else parts[j + 1 : -1])
        if name:
            table.setdefault(name, p)
    return table


def dotted(path: str) -> str:
    """The module a workspace-relative `.py` path defines: `pkg/mod.py` -> `pkg.mod`, `pkg/__init__.py` -> `pkg`."""
    parts = path[:-3].split("/") if path.endswith(".py") else path.split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)
