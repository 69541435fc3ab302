"""The one JSON-RPC framing of lsp_bridge (the LSP base protocol): `Content-Length: N`, a blank line, N bytes of JSON.

`Deframer` cuts a byte stream into message bodies. It never stalls on bad input: a bad header, a frame over the size
limit, or a body that stops short is reported as a `FramingError`, and reading resynchronises on the next
`Content-Length:` header (an oversized frame is skipped exactly). The server, `connect`, the client, the tests and the
benchmark all frame with this module.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from typing import Callable, Union

MAX_BODY = 64 * 1024 * 1024
MAX_HEADER = 8 * 1024
CHUNK = 1 << 16
STALL_SECONDS = 2.0  # a frame left incomplete this long while the peer is silent is given up
PARSE_ERROR, INVALID_REQUEST = -32700, -32600

_HEADER_END = b"\r\n\r\n"
_MARK = b"content-length:"
_FIELD = re.compile(rb"([!#-'*+.0-9A-Z^-z|~-]+):[ \t]*([\x20-\x7e]*?)[ \t]*")


@dataclass(frozen=True)
class FramingError:
    """Bytes that are not a usable frame; `code` is the JSON-RPC error code to answer with (the id is unknown)."""

    reason: str
    code: int = PARSE_ERROR


Event = Union[bytes, FramingError]


def encode(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class Deframer:
    """Push bytes in with `feed`, get message bodies and framing errors out, in stream order."""

    def __init__(self, max_body: int = MAX_BODY) -> None:
        self.max_body = max_body
        self._buf = bytearray()
        self._state = "header"  # header | body | skip | scan
        self._length = 0  # body length (body) or bytes left to discard (skip)

    @property
    def mid_frame(self) -> bool:
        """True while a frame has begun and is not complete (a stalled peer here means a wrong Content-Length)."""
        return self._state == "body" or (self._state == "header" and bool(self._buf.strip()))

    def feed(self, data: bytes) -> list[Event]:
        self._buf += data
        out: list[Event] = []
        while self._step(out):
            pass
        return out

    def stalled(self) -> list[Event]:
        """The peer went quiet inside a frame: report it, then look for the next header in what did arrive."""
        if self._state == "body":
            error = FramingError(
                f"Parse error: the body ended after {len(self._buf)} of the {self._length} bytes its Content-Length "
                "announced"
            )
        elif self.mid_frame:
            error = FramingError("Parse error: incomplete header (no blank line after it)")
            del self._buf[:1]
        else:
            return []
        self._state = "scan"
        return [error, *self.feed(b"")]

    def _resync(self, out: list[Event], reason: str, code: int = PARSE_ERROR) -> bool:
        out.append(FramingError(reason, code))
        del self._buf[:1]  # the next header starts after the first byte of the bad one
        self._state = "scan"
        return True

    def _step(self, out: list[Event]) -> bool:
        buf = self._buf
        if self._state == "skip":
            n = min(self._length, len(buf))
            del buf[:n]
            self._length -= n
            if self._length:
                return False
            self._state = "header"
        if self._state == "scan":
            at = buf.lower().find(_MARK)
            if at < 0:
                del buf[: max(0, len(buf) - len(_MARK) + 1)]
                return False
            del buf[:at]
            self._state = "header"
        if self._state == "header":
            while buf[:2] == b"\r\n" or buf[:1] == b"\n":  # blank lines between frames are harmless
                del buf[: 2 if buf[:1] == b"\r" else 1]
            end = buf.find(_HEADER_END)
            if end < 0:
                if len(buf) > MAX_HEADER:
                    return self._resync(out, f"Parse error: no end of header within {MAX_HEADER} bytes")
                return False
            length = None
            for line in bytes(buf[:end]).split(b"\r\n"):
                field = _FIELD.fullmatch(line)
                if field is None:
                    return self._resync(out, "Parse error: malformed header line")
                if field[1].lower() == b"content-length":
                    value = field[2]
                    if not value.isdigit() or len(value) > 15 or (length is not None and int(value) != length):
                        return self._resync(out, "Parse error: invalid Content-Length header")
                    length = int(value)
            if length is None:
                return self._resync(out, "Parse error: missing Content-Length header")
            del buf[: end + len(_HEADER_END)]
            if length > self.max_body:
                out.append(
                    FramingError(f"Invalid Request: a {length}-byte message exceeds the {self.max_body}-byte limit",
                                 INVALID_REQUEST)
                )  # fmt: skip
                self._state, self._length = "skip", length
                return True
            self._state, self._length = "body", length
        if len(buf) < self._length:
            return False
        out.append(bytes(buf[: self._length]))
        del buf[: self._length]
        self._state, self._length = "header", 0
        return True


async def read_frames(
    read: Callable[[int], Awaitable[bytes]], stall_after: float | None = STALL_SECONDS, max_body: int = MAX_BODY
) -> AsyncIterator[Event]:
    """Frames from an async `read(n)` (b"" at the end); a frame left incomplete `stall_after` seconds is given up."""
    deframer = Deframer(max_body)
    while True:
        timeout = stall_after if deframer.mid_frame else None
        try:
            data = await asyncio.wait_for(read(CHUNK), timeout)
        except asyncio.TimeoutError:
            for event in deframer.stalled():
                yield event
            continue
        if not data:
            if deframer.mid_frame:
                yield FramingError("Parse error: the stream ended inside a frame")
            return
        for event in deframer.feed(data):
            yield event
