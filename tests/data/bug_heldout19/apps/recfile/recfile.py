"""A small binary record file: a header (magic, version, flags, record count), then records, each a kind byte, a
payload length and a CRC-32 of the kind and the stored payload, followed by the payload (zlib-compressed when the
header's flag says so)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"RECF"
VERSION = 2
HEADER = struct.Struct("<4sHHI")  # magic, version, flags, record count
RECORD_HEAD = struct.Struct("<BHI")  # kind, payload length, crc32 of kind + stored payload
FLAG_COMPRESSED = 1
MAX_PAYLOAD = 0xFFFF

TEXT, INT, FLOAT, BLOB, POINT = 1, 2, 3, 4, 5
KIND_NAMES = {TEXT: "text", INT: "int", FLOAT: "float", BLOB: "blob", POINT: "point"}

Value = str | int | float | bytes | tuple[float, float]


class RecordError(Exception):
    """Anything wrong with a record file."""


class FormatError(RecordError):
    """The bytes do not follow the format."""


class ChecksumError(RecordError):
    """A record's stored CRC-32 does not match its bytes."""


@dataclass(frozen=True)
class Record:
    kind: int
    payload: bytes


def encode_value(value: Value) -> Record:
    if isinstance(value, bool):
        raise TypeError("bool is not a record value")
    if isinstance(value, str):
        return Record(TEXT, value.encode("utf-8"))
    if isinstance(value, int):
        return Record(INT, struct.pack("<q", value))
    if isinstance(value, float):
        return Record(FLOAT, struct.pack("<d", value))
    if isinstance(value, bytes):
        return Record(BLOB, value)
    if isinstance(value, tuple) and len(value) == 2:
        return Record(POINT, struct.pack("<dd", *value))
    raise TypeError(f"cannot store {type(value).__name__}")


def decode_value(record: Record) -> Value:
    kind, payload = record.kind, record.payload
    try:
        if kind == TEXT:
            return payload.decode("utf-8")
        if kind == INT:
            return struct.unpack("<q", payload)[0]
        if kind == FLOAT:
            return struct.unpack("<d", payload)[0]
        if kind == BLOB:
            return payload
        if kind == POINT:
            x, y = struct.unpack("<dd", payload)
            return (x, y)
    except struct.error as exc:
        raise FormatError(f"{KIND_NAMES[kind]} record of {len(payload)} bytes") from exc
    raise FormatError(f"unknown record kind {kind}")


def checksum(kind: int, payload: bytes) -> int:
    return zlib.crc32(bytes([kind]) + payload) & 0xFFFFFFFF


def pack_record(record: Record, compress: bool = False) -> bytes:
    stored = zlib.compress(record.payload, 9) if compress else record.payload
    if len(stored) > MAX_PAYLOAD:
        raise RecordError(f"record too long: {len(stored)} bytes")
    return RECORD_HEAD.pack(record.kind, len(stored), checksum(record.kind, stored)) + stored


def pack_header(count: int, compress: bool = False) -> bytes:
    return HEADER.pack(MAGIC, VERSION, FLAG_COMPRESSED if compress else 0, count)


def dumps(values: Iterable[Value], compress: bool = False) -> bytes:
    records = [encode_value(v) for v in values]
    return pack_header(len(records), compress) + b"".join(pack_record(r, compress) for r in records)


def read_header(data: bytes) -> tuple[int, int, int]:
    """(version, flags, count) of a file's header."""
    if len(data) < HEADER.size:
        raise FormatError(f"truncated header: {len(data)} bytes")
    magic, version, flags, count = HEADER.unpack_from(data, 0)
    if magic != MAGIC:
        raise FormatError(f"bad magic {magic!r}")
    if version > VERSION:
        raise FormatError(f"unsupported version {version}")
    return version, flags, count


def iter_records(data: bytes) -> Iterator[Record]:
    _, flags, count = read_header(data)
    offset = HEADER.size
    for index in range(count):
        if offset + RECORD_HEAD.size > len(data):
            raise FormatError(f"record {index}: truncated record header at offset {offset}")
        kind, length, crc = RECORD_HEAD.unpack_from(data, offset)
        start = offset + RECORD_HEAD.size
        stored = data[start : start + length]
        if len(stored) != length:
            raise FormatError(f"record {index}: {len(stored)} of {length} payload bytes")
        actual = checksum(kind, stored)
        if actual != crc:
            raise ChecksumError(f"record {index}: stored crc {crc:08x}, computed {actual:08x}")
        payload = zlib.decompress(stored) if flags & FLAG_COMPRESSED else stored
        yield Record(kind, payload)
        offset = start + length
    if offset != len(data):
        raise FormatError(f"{len(data) - offset} trailing bytes after {count} records")


def loads(data: bytes) -> list[Value]:
    return [decode_value(r) for r in iter_records(data)]


def dump(values: Iterable[Value], path: Path, compress: bool = False) -> int:
    """Write values to path; the number of bytes written."""
    return path.write_bytes(dumps(values, compress))


def load(path: Path) -> list[Value]:
    return loads(path.read_bytes())


def append(path: Path, values: Iterable[Value]) -> int:
    """Add records at the end of an existing file and update its count; the new count."""
    data = bytearray(path.read_bytes())
    _, flags, count = read_header(bytes(data))
    records = [encode_value(v) for v in values]
    data += b"".join(pack_record(r, bool(flags & FLAG_COMPRESSED)) for r in records)
    HEADER.pack_into(data, 0, MAGIC, VERSION, flags, count + len(records))
    path.write_bytes(bytes(data))
    return count + len(records)


def describe(data: bytes) -> list[str]:
    """One line per record: index, kind, stored size, CRC-32, and a short view of the value."""
    version, flags, count = read_header(data)
    lines = [f"recfile v{version} flags={flags:#06b} records={count}"]
    offset = HEADER.size
    for index, record in enumerate(iter_records(data)):
        length = RECORD_HEAD.unpack_from(data, offset)[1]
        crc = checksum(record.kind, data[offset + RECORD_HEAD.size : offset + RECORD_HEAD.size + length])
        value = decode_value(record)
        shown = value.hex() if isinstance(value, bytes) else repr(value)
        lines.append(f"{index:3d} {KIND_NAMES[record.kind]:<5} {length:5d} {crc:08x} {shown[:40]}")
        offset += RECORD_HEAD.size + length
    return lines
