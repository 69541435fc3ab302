import struct
import zlib
from pathlib import Path

import pytest
from recfile import (
    HEADER,
    ChecksumError,
    FormatError,
    RecordError,
    append,
    describe,
    dump,
    dumps,
    load,
    loads,
)

GOLDEN = Path(__file__).parent / "golden"
SAMPLE = ["héllo", 42, -7, 2.5, b"\x00\xff", (1.5, -2.0), ""]


def golden_bytes(name: str) -> bytes:
    return bytes.fromhex(GOLDEN.joinpath(name).read_text())


def test_dump_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "sample.rec"
    assert dump(SAMPLE, out) == 109
    assert out.read_bytes() == golden_bytes("sample.hex")


def test_compressed_dump_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "sample_z.rec"
    dump(["abc" * 20, 7], out, compress=True)
    assert out.read_bytes() == golden_bytes("sample_z.hex")


def test_load_golden() -> None:
    assert loads(golden_bytes("sample.hex")) == SAMPLE


def test_load_compressed_golden() -> None:
    assert loads(golden_bytes("sample_z.hex")) == ["abc" * 20, 7]


def test_describe_matches_golden() -> None:
    text = "\n".join(describe(golden_bytes("sample.hex"))) + "\n"
    assert text == GOLDEN.joinpath("describe.txt").read_text()


@pytest.mark.parametrize(
    ("values", "compress"),
    [
        (["a", "b", "c"], False),
        ([2**40, -(2**63), 0], False),
        ([3.25, (0.0, 1e300)], False),
        ([b"", b"x" * 1000, "ü" * 50], True),
    ],
    ids=["texts", "ints", "floats", "compressed"],
)
def test_round_trip(tmp_path: Path, values: list, compress: bool) -> None:
    path = tmp_path / "rt.rec"
    dump(values, path, compress)
    assert load(path) == values


def test_append_updates_count(tmp_path: Path) -> None:
    path = tmp_path / "log.rec"
    dump(["first"], path)
    assert append(path, [2, "third"]) == 3
    assert append(path, [4.0]) == 4
    assert load(path) == ["first", 2, "third", 4.0]
    assert HEADER.unpack_from(path.read_bytes(), 0)[3] == 4


def test_corrupted_payload_is_a_checksum_error() -> None:
    data = bytearray(golden_bytes("sample.hex"))
    data[HEADER.size + 8] ^= 0x20
    with pytest.raises(ChecksumError, match="record 0: stored crc"):
        loads(bytes(data))


def test_truncated_file() -> None:
    data = golden_bytes("sample.hex")
    with pytest.raises(FormatError, match="record 6: truncated record header"):
        loads(data[:-7])
    with pytest.raises(FormatError, match="truncated header"):
        loads(data[:10])


def test_trailing_bytes() -> None:
    with pytest.raises(FormatError, match="3 trailing bytes after 7 records"):
        loads(golden_bytes("sample.hex") + b"\x00\x00\x00")


def test_bad_magic_and_version() -> None:
    data = golden_bytes("sample.hex")
    with pytest.raises(FormatError, match="bad magic b'RECX'"):
        loads(b"RECX" + data[4:])
    with pytest.raises(FormatError, match="unsupported version 3"):
        loads(HEADER.pack(b"RECF", 3, 0, 0))
    assert loads(HEADER.pack(b"RECF", 1, 0, 0)) == []


def test_wrong_payload_size_is_a_format_error() -> None:
    record = struct.pack("<BHI", 2, 4, zlib.crc32(b"\x02\x01\x02\x03\x04")) + b"\x01\x02\x03\x04"
    with pytest.raises(FormatError, match="int record of 4 bytes"):
        loads(HEADER.pack(b"RECF", 2, 0, 1) + record)


def test_rejects_bool_and_unknown_types() -> None:
    with pytest.raises(TypeError, match="bool is not a record value"):
        dumps([True])
    with pytest.raises(TypeError, match="cannot store list"):
        dumps([[1, 2]])


def test_too_long_record() -> None:
    with pytest.raises(RecordError, match="record too long: 70000 bytes"):
        dumps([b"z" * 70000])
    assert len(dumps([b"z" * 70000], compress=True)) < 200
