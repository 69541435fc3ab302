"""Positions in every encoding a client can negotiate (issue 9, class 6), over real JSON-RPC (a pygls client).

Astral characters (emoji, mathematical letters: two UTF-16 units, one code point, four bytes) stand before the names
on the same line, so code points, UTF-16 units and bytes all differ. Without `positionEncodings` the LSP default,
UTF-16, applies. Every position-returning method is checked, and positions sent by the client are read in the
negotiated encoding too.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

ASTRAL = """\
s = "\U0001f600\U0001d400\u00e9"; value = 1
print("\U0001f600", value)


class Box:
    icon = "\U0001f600"; size = 2

    def grow(self):
        return "\U0001d400" + str(self.size), helper("\U0001f600", value)


def helper(a, b):
    return a, b


x = "\U0001f600"; y = helper(x, value)
"""
LINES = ASTRAL.split("\n")
# a byte order mark (hidden by editors: columns count from after it) and CRLF line ends
BOM_CRLF = "\ufeffs = '\U0001f600'; bom_value = 1\r\nprint('\U0001f600', bom_value)\r\n"


def col(line: str, name: str, encoding: str, occurrence: int = 0) -> int:
    """Column of the `occurrence`-th `name` in `line`, counted in `encoding` (the test's own reference)."""
    at = -1
    for _ in range(occurrence + 1):
        at = line.index(name, at + 1)
    prefix = line[:at]
    if encoding == "utf-8":
        return len(prefix.encode())
    if encoding == "utf-16":
        return len(prefix.encode("utf-16-le")) // 2
    return len(prefix)


def span(line_no: int, name: str, encoding: str, occurrence: int = 0, lines: list[str] = LINES) -> tuple:
    start = col(lines[line_no], name, encoding, occurrence)
    return (line_no, start, line_no, start + len(name))  # names are ASCII: same length in every encoding


def rng(r: Any) -> tuple:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def _session(root: Path, cache: Path, offered: list[str] | None) -> dict:
    """Every position-returning answer of one session that offered `offered` encodings."""
    client = LanguageClient("positions-test", "1")
    await client.start_io(
        sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(root), "--cache-dir", str(cache)
    )
    out: dict[str, Any] = {}
    try:
        general = lsp.GeneralClientCapabilities(position_encodings=offered) if offered is not None else None
        init = await client.initialize_async(
            lsp.InitializeParams(capabilities=lsp.ClientCapabilities(general=general), root_uri=root.as_uri())
        )
        client.initialized(lsp.InitializedParams())
        negotiated = init.capabilities.position_encoding
        out["negotiated"] = str(getattr(negotiated, "value", negotiated))
        enc = out["negotiated"]
        uri = (root / "astral.py").as_uri()
        doc = lsp.TextDocumentIdentifier(uri=uri)

        def at(line: int, name: str, occurrence: int = 0) -> lsp.Position:
            return lsp.Position(line=line, character=col(LINES[line], name, enc, occurrence))

        symbols: Any = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=doc))
        flat: dict[str, Any] = {}
        stack = list(symbols)
        while stack:
            s = stack.pop()
            flat[s.name] = s
            stack.extend(s.children or [])
        out["documentSymbol"] = {n: (rng(flat[n].selection_range), rng(flat[n].range)) for n in ("value", "size", "y")}
        found: Any = await client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="value"))
        out["workspaceSymbol"] = [rng(s.location.range) for s in found if s.name == "value"]
        out["definition"] = {}
        for line, name in ((1, "value"), (8, "size"), (8, "value"), (15, "value"), (15, "helper")):
            result: Any = await client.text_document_definition_async(
                lsp.DefinitionParams(text_document=doc, position=at(line, name))
            )
            out["definition"][line, name] = [rng(loc.range) for loc in result]
        refs: Any = await client.text_document_references_async(
            lsp.ReferenceParams(
                text_document=doc, position=at(0, "value"), context=lsp.ReferenceContext(include_declaration=True)
            )
        )
        out["references"] = sorted(rng(loc.range) for loc in refs)
        hover: Any = await client.text_document_hover_async(
            lsp.HoverParams(text_document=doc, position=at(8, "helper"))
        )
        out["hover"] = rng(hover.range)
        items: Any = await client.text_document_prepare_call_hierarchy_async(
            lsp.CallHierarchyPrepareParams(text_document=doc, position=at(15, "helper"))
        )
        out["prepare"] = [rng(i.selection_range) for i in items]
        incoming: Any = await client.call_hierarchy_incoming_calls_async(
            lsp.CallHierarchyIncomingCallsParams(item=items[0])
        )
        out["incoming"] = sorted(rng(r) for call in incoming for r in call.from_ranges)
        grow: Any = await client.text_document_prepare_call_hierarchy_async(
            lsp.CallHierarchyPrepareParams(text_document=doc, position=at(7, "grow"))
        )
        outgoing: Any = await client.call_hierarchy_outgoing_calls_async(
            lsp.CallHierarchyOutgoingCallsParams(item=grow[0])
        )
        out["outgoing"] = sorted(rng(r) for call in outgoing for r in call.from_ranges)
        position = await client.protocol.send_request_async(
            "lspBridge/position", {"file": "astral.py", "line": 16, "name": "y"}
        )
        out["position"] = (position.line, position.character) if not isinstance(position, dict) else position
        bom_doc = lsp.TextDocumentIdentifier(uri=(root / "bom_crlf.py").as_uri())
        bom_lines = BOM_CRLF[1:].split("\r\n")
        bom_symbols: Any = await client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=bom_doc)
        )
        out["bom"] = {s.name: rng(s.selection_range) for s in bom_symbols}
        bom_def: Any = await client.text_document_definition_async(
            lsp.DefinitionParams(
                text_document=bom_doc, position=lsp.Position(line=1, character=col(bom_lines[1], "bom_value", enc))
            )
        )
        out["bom_definition"] = [rng(loc.range) for loc in bom_def]
        # an unsaved buffer: the editor's text, not the disk's
        buffer = "z = '\U0001f600\U0001f600'; buffered = 3\n"
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                text_document=lsp.TextDocumentItem(
                    uri=(root / "buffer.py").as_uri(), language_id="python", version=1, text=buffer
                )
            )
        )
        buffer_symbols: Any = await client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=(root / "buffer.py").as_uri()))
        )
        out["buffer"] = {s.name: rng(s.selection_range) for s in buffer_symbols}
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await client.stop()
    return out


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("positions")
    (root / "astral.py").write_text(ASTRAL)
    (root / "bom_crlf.py").write_bytes(BOM_CRLF.encode())
    (root / "buffer.py").write_text("pass\n")
    return root


@pytest.mark.parametrize(
    ("offered", "expected"),
    [
        (None, "utf-16"),  # nothing offered: the LSP default
        ([], "utf-16"),
        (["utf-16"], "utf-16"),
        (["utf-8"], "utf-8"),
        (["utf-32"], "utf-32"),
        (["utf-32", "utf-8"], "utf-32"),  # the client's first preference
        (["utf-8", "utf-16"], "utf-8"),
        (["latin-1"], "utf-16"),  # unknown: the default
    ],
    ids=lambda v: "none" if v is None else "+".join(v) if isinstance(v, list) else v,
)
def test_every_position_in_the_negotiated_encoding(workspace, tmp_path, offered, expected):
    got = asyncio.run(asyncio.wait_for(_session(workspace, tmp_path / "cache", offered), 60))
    enc = expected
    assert got["negotiated"] == enc
    line0_end = len(LINES[0].encode()) if enc == "utf-8" else col(LINES[0] + "$", "$", enc)
    assert got["documentSymbol"] == {
        "value": (span(0, "value", enc), (0, 0, 0, line0_end)),
        "size": (span(5, "size", enc), got["documentSymbol"]["size"][1]),
        "y": (span(15, "y", enc), got["documentSymbol"]["y"][1]),
    }
    assert got["workspaceSymbol"] == [span(0, "value", enc)]
    assert got["definition"] == {
        (1, "value"): [span(0, "value", enc)],
        (8, "size"): [span(5, "size", enc)],
        (8, "value"): [span(0, "value", enc)],
        (15, "value"): [span(0, "value", enc)],
        (15, "helper"): [span(11, "helper", enc)],
    }
    assert got["references"] == sorted(
        [span(0, "value", enc), span(1, "value", enc), span(8, "value", enc), span(15, "value", enc)]
    )
    assert got["hover"] == span(8, "helper", enc)
    assert got["prepare"] == [span(11, "helper", enc)]
    assert got["incoming"] == sorted([span(8, "helper", enc), span(15, "helper", enc)])
    assert got["outgoing"] == [span(8, "helper", enc)]  # `str` is a builtin: no call hierarchy item
    assert got["position"] in ((15, col(LINES[15], "y", enc)), {"line": 15, "character": col(LINES[15], "y", enc)})
    bom_lines = BOM_CRLF[1:].split("\r\n")
    assert got["bom"] == {"s": (0, 0, 0, 1), "bom_value": span(0, "bom_value", enc, lines=bom_lines)}
    assert got["bom_definition"] == [span(0, "bom_value", enc, lines=bom_lines)]
    assert got["buffer"] == {
        "z": (0, 0, 0, 1),
        "buffered": span(0, "buffered", enc, lines=["z = '\U0001f600\U0001f600'; buffered = 3"]),
    }
