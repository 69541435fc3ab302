"""Standard LSP requests against a real bridge process over JSON-RPC (stdio)."""

from __future__ import annotations

import time

import pytest
from lsprotocol import types as lsp

from lsp_bridge.client import BridgeClient
from tests.lsp_bridge.conftest import SHOP, write_repo

MODELS = "shop/models.py"


def names(symbols: list[dict]) -> list:
    return [(s["name"], names(s["children"])) if s["children"] else s["name"] for s in symbols]


def test_document_symbols_are_a_tree_with_signatures(bridge):
    symbols = bridge.document_symbols(MODELS)
    assert names(symbols) == [
        ("Item", ["name", "price", "total"]),
        (
            "Cart",
            [
                "TAX",
                "__init__",
                "owner",
                "items",
                "add",
                "checkout",
                "closed",
                ("Receipt", ["__init__", "cart", "lines"]),
            ],
        ),
        ("VipCart", ["checkout"]),
    ]
    cart = next(s for s in symbols if s["name"] == "Cart")
    assert (cart["kind"], cart["line"], cart["end_line"], cart["detail"]) == ("Class", 18, 57, "class Cart")
    add = next(c for c in cart["children"] if c["name"] == "add")
    assert (add["kind"], add["line"], add["detail"]) == ("Method", 27, 'def add(self, item: Item) -> "Cart"')
    assert next(c for c in cart["children"] if c["name"] == "items")["detail"] == "self.items = []"


@pytest.mark.parametrize(
    ("query", "first"),
    [("VipCart", "VipCart"), ("vipc", "VipCart"), ("ipCa", "VipCart"), ("vct", "VipCart"), ("disc", "discount")],
)
def test_workspace_symbol_is_fuzzy(bridge, query, first):
    found = bridge.workspace_symbols(query)
    assert found[0]["name"] == first
    assert found[0]["container"] in ("shop.models", "shop.pricing")


def test_workspace_symbol_lists_classes_methods_and_attributes(bridge):
    assert {(s["name"], s["container"], s["kind"]) for s in bridge.workspace_symbols("checkout")} == {
        ("checkout", "shop.models.Cart", "Method"),
        ("checkout", "shop.models.VipCart", "Method"),
    }
    assert {(s["name"], s["line"]) for s in bridge.workspace_symbols("TAX")} >= {("TAX", 21)}


@pytest.mark.parametrize(
    ("file", "line", "name", "expected"),
    [
        ("app.py", 7, "VipCart", (MODELS, 60, 7)),  # from-import
        ("app.py", 8, "Item", (MODELS, 8, 7)),  # re-exported by the package __init__
        ("app.py", 8, "add", (MODELS, 27, 9)),  # inherited method of a constructed instance
        ("app.py", 9, "checkout", (MODELS, 61, 9)),  # override wins
        ("app.py", 9, "discount", ("shop/pricing.py", 1, 5)),  # `import shop.pricing as p` then p.discount
        ("app.py", 10, "TAX", (MODELS, 21, 5)),  # class attribute
        ("app.py", 3, "pricing", ("shop/pricing.py", 1, 1)),  # module
        (MODELS, 62, "checkout", (MODELS, 31, 9)),  # super()
        (MODELS, 15, "price", (MODELS, 12, 5)),  # self.x -> dataclass field
        (MODELS, 41, "discount", ("shop/pricing.py", 1, 5)),
        (MODELS, 55, "cart", (MODELS, 50, 18)),  # self.cart assigned in __init__
        (MODELS, 55, "items", (MODELS, 25, 14)),  # through the `cart: "Cart"` annotation
        (MODELS, 35, "total", (MODELS, 32, 9)),  # local variable
        ("unicode_cols.py", 2, "value", ("unicode_cols.py", 1, 12)),  # UTF-16 column after an astral char
    ],
)
def test_definition(bridge, file, line, name, expected):
    assert [(d["file"], d["line"], d["column"]) for d in bridge.definition(file, line, name=name)] == [expected]


def test_definition_of_builtins_and_unknown_receivers_is_empty(bridge):
    assert bridge.definition("app.py", 9, name="print") == []
    assert bridge.definition(MODELS, 28, name="append") == []
    assert bridge.definition("app.py", 4, column=1) == []


def test_utf16_positions_in_and_out(bridge):
    symbols = bridge.document_symbols("unicode_cols.py")
    value = next(s for s in symbols if s["name"] == "value")
    assert value["line"] == 1
    # the emoji is 2 UTF-16 code units (4 bytes) and é is 1 (2 bytes): `value` starts at character 11
    assert [(d["line"], d["column"]) for d in bridge.definition("unicode_cols.py", 1, column=13)] == [(1, 12)]


@pytest.mark.parametrize(
    ("file", "line", "name", "expected"),
    [
        (
            "shop/pricing.py",
            1,
            "discount",
            [("app.py", 9), (MODELS, 4), (MODELS, 41), ("shop/pricing.py", 1)],
        ),
        (MODELS, 31, "checkout", [(MODELS, 31), (MODELS, 62)]),
        (
            MODELS,
            8,
            "Item",
            [
                ("app.py", 1),
                ("app.py", 8),
                ("app.py", 8),
                (MODELS, 8),
                (MODELS, 25),
                (MODELS, 27),
                ("shop/__init__.py", 2),
            ],
        ),
        (MODELS, 25, "items", [(MODELS, 25), (MODELS, 28), (MODELS, 33), (MODELS, 55)]),
        (
            MODELS,
            32,
            "total",
            [(MODELS, 32), (MODELS, 35), (MODELS, 37), (MODELS, 41), (MODELS, 41), (MODELS, 43), (MODELS, 46)],
        ),
    ],
)
def test_references(bridge, file, line, name, expected):
    found = bridge.references(file, line, name=name)
    assert sorted((r["file"], r["line"]) for r in found) == sorted(expected)


def test_references_without_declaration(bridge):
    found = bridge.references(MODELS, 31, name="checkout", include_declaration=False)
    assert [(r["file"], r["line"], r["column"], r["end_column"]) for r in found] == [(MODELS, 62, 24, 32)]


def test_hover_shows_signature_and_docstring(bridge):
    assert bridge.hover("app.py", 9, name="discount") == (
        "```python\ndef discount(total: float, coupon) -> float\n```\n\nApply a coupon.\n\nHalf price with any coupon."
    )
    assert bridge.hover("app.py", 7, name="VipCart") == "```python\nclass VipCart(Cart)\n```"
    assert bridge.hover(MODELS, 36, name="coupon") == "```python\n(parameter) coupon\n```"
    assert bridge.hover(MODELS, 32, name="total") == "```python\n(variable) total = 0.0\n```"
    assert bridge.hover(MODELS, 14, name="qty") == "```python\n(parameter) qty: int\n```"
    assert bridge.hover("app.py", 5, column=1) is None


def test_folding_and_call_hierarchy(bridge):
    client = bridge._client
    doc = lsp.TextDocumentIdentifier(uri=bridge.uri(MODELS))
    folds = bridge._call(client.text_document_folding_range_async(lsp.FoldingRangeParams(text_document=doc)))
    spans = {(f.start_line + 1, f.end_line + 1) for f in folds}
    assert {(18, 57), (31, 46), (33, 39), (34, 39), (52, 57), (53, 57)} <= spans
    items = bridge._call(
        client.text_document_prepare_call_hierarchy_async(
            lsp.CallHierarchyPrepareParams(
                text_document=lsp.TextDocumentIdentifier(uri=bridge.uri("shop/pricing.py")),
                position=lsp.Position(line=0, character=5),
            )
        )
    )
    assert [(i.name, i.detail) for i in items] == [("discount", "shop.pricing")]
    incoming = bridge._call(
        client.call_hierarchy_incoming_calls_async(lsp.CallHierarchyIncomingCallsParams(item=items[0]))
    )
    assert sorted((c.from_.name, c.from_ranges[0].start.line + 1) for c in incoming) == [("checkout", 41), ("main", 9)]
    main = bridge._call(
        client.text_document_prepare_call_hierarchy_async(
            lsp.CallHierarchyPrepareParams(
                text_document=lsp.TextDocumentIdentifier(uri=bridge.uri("app.py")),
                position=lsp.Position(line=5, character=5),
            )
        )
    )
    outgoing = bridge._call(
        client.call_hierarchy_outgoing_calls_async(lsp.CallHierarchyOutgoingCallsParams(item=main[0]))
    )
    assert sorted(c.to.name for c in outgoing) == ["Item", "VipCart", "add", "checkout", "discount"]


def test_odd_files_get_sane_answers(bridge, shop, tmp_path):
    assert names(bridge.document_symbols("broken.py")) == ["broken", ("Ok", ["fine"])]
    assert bridge.document_symbols("binary.py") == []
    assert bridge.document_symbols("huge.py") == []
    assert bridge.definition("huge.py", 1, column=1) == []
    assert names(bridge.document_symbols("latin1.py")) == ["name", "f"]
    assert [(d["file"], d["line"]) for d in bridge.definition("latin1.py", 6, name="name")] == [("latin1.py", 2)]
    outside = tmp_path / "elsewhere.py"
    outside.write_text("def far():\n    pass\n")
    assert bridge.document_symbols(str(outside)) == []
    assert bridge.definition(str(outside), 1, column=5) == []
    assert bridge.references(str(shop / "missing.py"), 1, column=1) == []
    assert bridge.status()["files"] == len(SHOP) + 3


def test_open_documents_outside_the_workspace_and_unsaved_buffers(bridge, tmp_path):
    client = bridge._client
    outside = tmp_path / "scratch.py"
    outside.write_text("")
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(
                uri=outside.as_uri(), language_id="python", version=1, text="def tmp():\n    pass\n"
            )
        )
    )
    assert names(bridge.document_symbols(str(outside))) == ["tmp"]
    uri = bridge.uri("app.py")
    text = SHOP["app.py"] + "\n\ndef unsaved():\n    return main()\n"
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        )
    )
    assert names(bridge.document_symbols("app.py")) == ["main", "unsaved"]
    assert [(d["file"], d["line"]) for d in bridge.definition("app.py", 14, name="main")] == [("app.py", 6)]
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                lsp.TextDocumentContentChangeWholeDocument(text=SHOP["app.py"] + "\n\ndef other():\n    pass\n")
            ],
        )
    )
    assert names(bridge.document_symbols("app.py")) == ["main", "other"]
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri)))
    client.text_document_did_close(
        lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=outside.as_uri()))
    )
    assert names(bridge.document_symbols("app.py")) == ["main"]
    assert bridge.document_symbols(str(outside)) == []


def _wait_for(predicate, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        time.sleep(0.05)
    return predicate()


def test_changes_on_disk_are_noticed_without_any_editor(tmp_path):
    root = write_repo(tmp_path / "repo", special={})
    with BridgeClient.local(root, "--cache-dir", str(tmp_path / "cache"), "--poll", "0.2") as b:
        assert b.workspace_symbols("surcharge") == []
        # a shell command edits one file and creates another; nobody tells the server
        pricing = root / "shop/pricing.py"
        pricing.write_text(pricing.read_text() + "\n\ndef surcharge(total):\n    return discount(total, None) + 1\n")
        (root / "shop/fees.py").write_text("from shop.pricing import surcharge\n\nFEE = surcharge(2)\n")
        # a request on the file itself sees the change at once (stat check)...
        assert "surcharge" in names(b.document_symbols("shop/pricing.py"))
        # ...and the watcher picks up the new file for workspace-wide answers
        assert _wait_for(lambda: b.workspace_symbols("FEE"))[0]["file"] == "shop/fees.py"
        refs = sorted((r["file"], r["line"]) for r in b.references("shop/pricing.py", 11, name="surcharge"))
        assert refs == [("shop/fees.py", 1), ("shop/fees.py", 3), ("shop/pricing.py", 11)]
        (root / "shop/fees.py").unlink()
        assert b.sync()["changed"] == ["shop/fees.py"] or _wait_for(lambda: not b.workspace_symbols("FEE"))
        assert b.workspace_symbols("FEE") == []
    # a second start is warm: everything comes from the disk cache, except what changed meanwhile
    (root / "app.py").write_text(SHOP["app.py"] + "\nEXTRA = 1\n")
    with BridgeClient.local(root, "--cache-dir", str(tmp_path / "cache")) as b:
        b.sync()  # returns once the index has loaded
        stats = b.status()["stats"]
        assert (stats["files"], stats["reindexed"], stats["from_cache"]) == (len(SHOP), 1, len(SHOP) - 1)
        assert b.workspace_symbols("EXTRA")[0]["file"] == "app.py"
