"""A small trade pipeline on trio: a producer, parser workers and aggregators joined by memory channels in one
nursery, with a heartbeat task that lives as long as the pipeline."""

from __future__ import annotations

import trio


class BadRecord(ValueError):
    pass


def parse(line: str) -> tuple[str, int]:
    """`SYMBOL,QTY` (QTY may be negative: a sale) as (symbol, qty)."""
    symbol, _, qty = line.partition(",")
    if not symbol.strip() or not qty.strip().lstrip("-").isdigit():
        raise BadRecord(f"bad record: {line!r}")
    return symbol.strip().upper(), int(qty)


async def produce(lines: list[str], send: trio.MemorySendChannel[str]) -> None:
    async with send:
        for line in lines:
            await send.send(line)


async def parse_stage(
    receive: trio.MemoryReceiveChannel[str], send: trio.MemorySendChannel[tuple[str, int]], rejects: list[str]
) -> None:
    async with receive, send:
        async for line in receive:
            try:
                await send.send(parse(line))
            except BadRecord:
                rejects.append(line)


async def aggregate(
    receive: trio.MemoryReceiveChannel[tuple[str, int]], totals: dict[str, int], lock: trio.Lock
) -> None:
    async with receive:
        async for symbol, qty in receive:
            async with lock:
                current = totals.get(symbol, 0)
                await trio.sleep(0)  # the write-back is a round trip in a real store
                totals[symbol] = current + qty


async def heartbeat(beats: list[int], period: float) -> None:
    while True:
        beats.append(len(beats))
        await trio.sleep(period)


async def run_pipeline(
    lines: list[str], parsers: int = 2, aggregators: int = 2, beats: list[int] | None = None
) -> tuple[dict[str, int], list[str]]:
    """The net quantity per symbol and the rejected lines."""
    totals: dict[str, int] = {}
    rejects: list[str] = []
    lock = trio.Lock()
    line_send, line_recv = trio.open_memory_channel[str](0)
    rec_send, rec_recv = trio.open_memory_channel[tuple[str, int]](0)
    async with trio.open_nursery() as outer:
        outer.start_soon(heartbeat, beats if beats is not None else [], 0.01)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(produce, lines, line_send)
            async with line_recv, rec_send, rec_recv:
                for _ in range(parsers):
                    nursery.start_soon(parse_stage, line_recv.clone(), rec_send.clone(), rejects)
                for _ in range(aggregators):
                    nursery.start_soon(aggregate, rec_recv.clone(), totals, lock)
        outer.cancel_scope.cancel()
    return dict(sorted(totals.items())), sorted(rejects)
