"""Byte columns (tree-sitter) <-> the client's position encoding (UTF-16 by default, or UTF-8/UTF-32)."""

from __future__ import annotations


class Columns:
    def __init__(self, source: bytes, encoding: str = "utf-16", ascii_only: bool | None = None) -> None:
        self.lines = source.split(b"\n")
        self.encoding = str(getattr(encoding, "value", encoding)).lower()
        self.plain = self.encoding == "utf-8" or (source.isascii() if ascii_only is None else ascii_only)

    def line(self, n: int) -> bytes:
        return self.lines[n].rstrip(b"\r") if 0 <= n < len(self.lines) else b""

    def line_end(self, n: int) -> int:
        return self.to_client(n, len(self.line(n)))

    def to_client(self, line: int, byte_col: int) -> int:
        if self.plain:
            return byte_col
        prefix = self.line(line)[:byte_col].decode("utf-8", "replace")
        return len(prefix.encode("utf-16-le")) // 2 if self.encoding == "utf-16" else len(prefix)

    def to_bytes(self, line: int, col: int) -> int:
        if self.plain:
            return col
        text = self.line(line).decode("utf-8", "replace")
        if self.encoding == "utf-16":
            units = 0
            for i, ch in enumerate(text):
                if units >= col:
                    return len(text[:i].encode("utf-8", "replace"))
                units += 2 if ord(ch) > 0xFFFF else 1
            return len(text.encode("utf-8", "replace"))
        return len(text[:col].encode("utf-8", "replace"))
