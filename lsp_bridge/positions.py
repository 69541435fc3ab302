"""Byte columns (tree-sitter) <-> the client's position encoding (UTF-16 by default, or UTF-8/UTF-32).

A line costs nothing when it is ASCII; otherwise its multi-byte characters are tabulated once, so a request on a
huge line stays linear. Invalid UTF-8 bytes count as one character each; a byte order mark is not part of line 0.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any

from lsp_bridge.files import lsp_source

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
_NON_ASCII = re.compile(rb"[\x80-\xff]+")


def encoding_name(encoding: Any) -> str:
    """`utf-8`, `utf-16` or `utf-32` for an LSP PositionEncodingKind (member or value); the LSP default, UTF-16,
    for anything else (no encoding negotiated)."""
    text = str(getattr(encoding, "value", encoding) or "").lower().replace("-", "").replace("_", "")
    if text.endswith("utf8"):
        return UTF8
    if text.endswith("utf32"):
        return UTF32
    return UTF16


class _Line:
    """Multi-byte characters of one line: byte starts, client starts, byte and client widths."""

    __slots__ = ("client", "shift", "starts", "units", "widths")

    def __init__(self, line: bytes, utf16: bool) -> None:
        self.starts: list[int] = []
        self.client: list[int] = []
        self.widths: list[int] = []
        self.units: list[int] = []
        self.shift: list[int] = [0]  # bytes minus client units before the i-th multi-byte character
        shift = 0
        for m in _NON_ASCII.finditer(line):
            b = m.start()
            for ch in m.group().decode("utf-8", "surrogateescape"):
                code = ord(ch)
                width = 1 if 0xDC80 <= code <= 0xDCFF else 2 if code < 0x800 else 3 if code < 0x10000 else 4
                units = 2 if utf16 and width == 4 else 1
                self.starts.append(b)
                self.client.append(b - shift)
                self.widths.append(width)
                self.units.append(units)
                shift += width - units
                self.shift.append(shift)
                b += width

    def to_client(self, byte_col: int) -> int:
        i = bisect_left(self.starts, byte_col)  # characters that start before the column
        if i and byte_col < self.starts[i - 1] + self.widths[i - 1]:  # inside a character: its start
            return self.client[i - 1]
        return byte_col - self.shift[i]

    def to_bytes(self, col: int) -> int:
        i = bisect_right(self.client, col)  # characters that start at or before the column
        if i and col < self.client[i - 1] + self.units[i - 1]:  # inside a surrogate pair: the character's start
            return self.starts[i - 1]
        return col + self.shift[i]


class Columns:
    def __init__(self, source: bytes, encoding: Any = UTF16, ascii_only: bool | None = None) -> None:
        source = lsp_source(source)
        self.lines = source.split(b"\n")
        self.encoding = encoding_name(encoding)
        self.plain = self.encoding == UTF8 or (source.isascii() if ascii_only is None else ascii_only)
        self._tables: dict[int, _Line | None] = {}

    def line(self, n: int) -> bytes:
        return self.lines[n].rstrip(b"\r") if 0 <= n < len(self.lines) else b""

    def line_end(self, n: int) -> int:
        return self.to_client(n, len(self.line(n)))

    def _table(self, n: int) -> _Line | None:
        if n not in self._tables:
            line = self.line(n)
            self._tables[n] = None if line.isascii() else _Line(line, self.encoding == UTF16)
        return self._tables[n]

    def to_client(self, line: int, byte_col: int) -> int:
        if self.plain:
            return byte_col
        table = self._table(line)
        return byte_col if table is None else table.to_client(byte_col)

    def to_bytes(self, line: int, col: int) -> int:
        """The byte column of a client column (clamped to the line's end)."""
        if self.plain:
            return col
        table = self._table(line)
        col = col if table is None else table.to_bytes(col)
        return min(max(col, 0), len(self.line(line)))
