import pytest
import trio
from ticker_pipeline import BadRecord, parse, run_pipeline


def test_parse():
    assert parse(" abc , 12") == ("ABC", 12)
    assert parse("xyz,-3") == ("XYZ", -3)
    with pytest.raises(BadRecord, match="bad record: 'abc,'"):
        parse("abc,")


@pytest.mark.trio
async def test_totals_per_symbol():
    with trio.fail_after(2):
        totals, rejects = await run_pipeline(["abc,5", "xyz,2", "abc,7"])
    assert totals == {"ABC": 12, "XYZ": 2}
    assert rejects == []


@pytest.mark.trio
async def test_sales_are_subtracted():
    with trio.fail_after(2):
        totals, _ = await run_pipeline(["abc,10", "abc,-4", "xyz,-1"])
    assert totals == {"ABC": 6, "XYZ": -1}


@pytest.mark.trio
async def test_bad_lines_are_rejected():
    with trio.fail_after(2):
        totals, rejects = await run_pipeline(["abc,5", "xyz,", "xyz,1"])
    assert totals == {"ABC": 5, "XYZ": 1}
    assert rejects == ["xyz,"]


@pytest.mark.trio
async def test_many_trades_one_symbol():
    with trio.fail_after(2):
        totals, _ = await run_pipeline([f"abc,{n}" for n in range(1, 21)], parsers=3, aggregators=4)
    assert totals == {"ABC": 210}


@pytest.mark.trio
async def test_heartbeat_stops_with_pipeline():
    beats: list[int] = []
    with trio.fail_after(2):
        await run_pipeline(["abc,1"], beats=beats)
    seen = len(beats)
    await trio.sleep(0.05)
    assert len(beats) == seen


@pytest.mark.trio
async def test_empty_input():
    with trio.fail_after(2):
        assert await run_pipeline([]) == ({}, [])
