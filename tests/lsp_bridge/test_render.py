"""Code-context rendering by the seed's rules, exact text, through the bridge's JSON-RPC methods."""

from __future__ import annotations

import sys

import pytest
from pygls.exceptions import JsonRpcInvalidParams

from lsp_bridge.client import BridgeClient
from tests.lsp_bridge.conftest import write_repo

MODELS = "shop/models.py"


@pytest.mark.parametrize(
    ("chunk", "expected"),
    [
        (  # a line inside a for inside an if: class, def, for and if headers, gaps between them
            {"file": MODELS, "class": "Cart", "function": "checkout", "lines": [35]},
            """\
### File: `shop/models.py`
18 class Cart:
...
31     def checkout(self, coupon=None):
...
33         for item in self.items:
34             if item.price > 0:
35                 total += item.total(1)""",
        ),
        (  # an `else:` branch brings its `if` too
            {"file": MODELS, "class": "Cart", "function": "checkout", "lines": [39]},
            """\
### File: `shop/models.py`
18 class Cart:
...
31     def checkout(self, coupon=None):
...
33         for item in self.items:
34             if item.price > 0:
...
38             else:
39                 continue""",
        ),
        (  # except and finally bodies bring `try:` and their own clause lines; adjacent lines need no gap
            {"file": MODELS, "class": "Cart", "function": "checkout", "lines": [43, 45]},
            """\
### File: `shop/models.py`
18 class Cart:
...
31     def checkout(self, coupon=None):
...
40         try:
...
42         except ValueError:
43             total = -1
44         finally:
45             self.closed = True""",
        ),
        (  # nested class and method, inside with / while / for
            {"file": MODELS, "class": "Cart.Receipt", "function": "lines", "lines": [56]},
            """\
### File: `shop/models.py`
18 class Cart:
...
48     class Receipt:
...
52         def lines(self):
53             with open("/dev/null") as sink:
54                 while sink:
55                     for item in self.cart.items:
56                         yield item.name""",
        ),
        (  # whole_function: the whole def under its class signature
            {"file": MODELS, "class": "Item", "function": "total", "whole_function": True},
            """\
### File: `shop/models.py`
8  class Item:
...
14     def total(self, qty: int) -> float:
15         return self.price * qty""",
        ),
        (  # signatures of the chunk's class and function even without lines
            {"file": MODELS, "class": "VipCart", "function": "checkout"},
            """\
### File: `shop/models.py`
60 class VipCart(Cart):
61     def checkout(self, coupon=None):""",
        ),
    ],
)
def test_render_rules(bridge, chunk, expected):
    assert bridge.render_context([chunk]) == expected


def test_render_groups_files_in_order_and_merges_chunks(bridge):
    chunks = [
        {"file": "app.py", "function": "main", "lines": [9, 10]},
        {"file": "shop/pricing.py", "function": "discount", "lines": [7]},
        {"file": "app.py", "lines": [1, 2]},
        {"file": "shop/pricing.py", "function": "discount", "lines": [1, 2]},
    ]
    assert (
        bridge.render_context(chunks)
        == """\
### File: `app.py`
1  from shop import Cart, Item
2  from shop.models import VipCart
...
6  def main():
...
9      print(cart.checkout(coupon="X"), p.discount(1.0, None))
10     return Cart.TAX

### File: `shop/pricing.py`
1 def discount(total: float, coupon) -> float:
2     \"\"\"Apply a coupon.
...
6     if coupon is None:
7         return total"""
    )


def test_render_threshold_and_missing_files(bridge):
    result = bridge.request(
        "lspBridge/renderContext",
        {
            "threshold": 0.5,
            "chunks": [
                {"file": "app.py", "function": "main", "lines": [7], "score": 0.9},
                {"file": "shop/pricing.py", "function": "discount", "lines": [7], "score": 0.1},
                {"file": "nowhere.py", "lines": [1], "score": 1.0},
            ],
        },
    )
    digest = result["files"][0].pop("digest")  # of app.py's text (test_a_rendering_carries_the_digest_...)
    assert digest == bridge.file_digests(["app.py"])["app.py"]
    assert result == {
        "text": '### File: `app.py`\n6 def main():\n7     cart = VipCart("ann")',
        "files": [
            {
                "path": "app.py",
                "text": '### File: `app.py`\n6 def main():\n7     cart = VipCart("ann")',
                "lines": [[6, "def main():"], [7, '    cart = VipCart("ann")']],
            }
        ],
        "missing": ["nowhere.py"],
    }


def test_render_blocks_match_the_text_file_by_file(bridge):
    chunks = [
        {"file": "app.py", "function": "main", "lines": [9, 10]},
        {"file": "shop/pricing.py", "function": "discount", "lines": [7]},
        {"file": "app.py", "lines": [1]},
    ]
    blocks = bridge.render_blocks(chunks)
    assert [b.path for b in blocks] == ["app.py", "shop/pricing.py"]
    assert "\n\n".join(b.text for b in blocks) == bridge.render_context(chunks)
    assert [n for n, _ in blocks[0].lines] == [1, 6, 9, 10]
    assert blocks[0].lines[-1] == (10, "    return Cart.TAX")
    assert blocks[1].lines == [
        (1, "def discount(total: float, coupon) -> float:"),
        (6, "    if coupon is None:"),
        (7, "        return total"),
    ]


def test_locate_line_and_symbol(bridge):
    assert bridge.locate(file=MODELS, line=56)["chunks"] == [
        {"file": MODELS, "class": "Cart.Receipt", "function": "lines", "whole_function": False, "lines": [56]}
    ]
    assert bridge.locate(file="app.py", line=3)["chunks"] == [
        {"file": "app.py", "class": None, "function": None, "whole_function": False, "lines": [3]}
    ]
    found = bridge.locate(symbol="Receipt.lines")
    assert found["chunks"] == [
        {
            "file": MODELS,
            "class": "Cart.Receipt",
            "function": "lines",
            "whole_function": True,
            "lines": [52, 53, 54, 55, 56, 57],
        }
    ]
    assert found["text"].splitlines()[:3] == ["### File: `shop/models.py`", "18 class Cart:", "..."]
    assert found["text"].endswith("57                     break")
    assert [c["file"] for c in bridge.locate(symbol="checkout")["chunks"]] == [MODELS, MODELS]
    assert bridge.locate(symbol="shop.pricing.discount")["chunks"][0]["lines"] == list(range(1, 9))
    assert bridge.locate(symbol="no_such_thing") == {"chunks": [], "text": ""}


def test_overview_of_file_and_class(bridge):
    assert bridge.overview("shop/pricing.py")["text"] == (
        "### File: `shop/pricing.py`\n1 def discount(total: float, coupon) -> float:"
    )
    cart = bridge.overview(MODELS, "Cart")
    assert (
        cart["text"]
        == """\
### File: `shop/models.py`
18 class Cart:
...
21     TAX = 0.2
...
23     def __init__(self, owner: str):
...
27     def add(self, item: Item) -> "Cart":
...
31     def checkout(self, coupon=None):
...
48     class Receipt:
49         def __init__(self, cart: "Cart"):
...
52         def lines(self):"""
    )
    assert [(s["name"], s["parent"]) for s in cart["symbols"]] == [
        ("TAX", "Cart"),
        ("__init__", "Cart"),
        ("add", "Cart"),
        ("checkout", "Cart"),
        ("Receipt", "Cart"),
        ("__init__", "Receipt"),
        ("lines", "Receipt"),
    ]
    # the same rendering as data: the numbered lines, so the agent builds its outline without parsing the text
    assert cart["file"]["path"] == MODELS and cart["file"]["text"] == cart["text"]
    assert [n for n, _ in cart["file"]["lines"]] == [18, 21, 23, 27, 31, 48, 49, 52]
    assert bridge.overview(MODELS, "Nope") == {"text": "", "symbols": [], "file": None}


def test_lines_continuing_a_statement_have_no_number_after_the_line_above(bridge):
    """A docstring's lines after its first (and a signature's parameters, a call's arguments) continue the statement
    above: no number, the code in the same column; first on screen after a gap, such a line keeps its number."""
    whole = bridge.render_context([{"file": "shop/pricing.py", "function": "discount", "whole_function": True}])
    assert whole.split("\n") == [
        "### File: `shop/pricing.py`",
        "1 def discount(total: float, coupon) -> float:",
        '2     """Apply a coupon.',
        "",
        "      Half price with any coupon.",
        '      """',
        "6     if coupon is None:",
        "7         return total",
        "8     return total * 0.5",
    ]
    part = bridge.render_blocks([{"file": "shop/pricing.py", "function": "discount", "lines": [4, 5]}])[0]
    assert part.text.split("\n")[1:] == [
        "1 def discount(total: float, coupon) -> float:",
        "...",
        "4     Half price with any coupon.",
        '      """',
    ]
    assert part.lines[-1] == (5, '    """')  # the data keeps every number


def test_continued_lines_by_the_tokenizer():
    from lsp_bridge.blocks import continued_lines

    code = ["x = call(1,", "         2)  # a comment", "# alone", "y = 1 + \\", "    2", 's = """a', 'b"""', "z = 3"]
    assert continued_lines(code) == {2, 5, 7}
    assert continued_lines(code[1:], first=2) == set()  # a part that starts inside brackets: every line numbered
    assert continued_lines(['    """half of a docstring', "x = 1"]) == set()


def test_continued_lines_from_the_tree_agree_with_the_tokenizer():
    """The renderer reads continuation lines from the parse tree it already has (a tenth of the tokenizer's time on
    a large file): on every Python file of this repository the two agree; a file with a syntax error falls back to
    the tokenizer."""
    from pathlib import Path

    from lsp_bridge.blocks import continued_lines
    from lsp_bridge.extract import parse
    from lsp_bridge.render import _continued, continued_in_tree

    repo = Path(__file__).resolve().parents[2]
    files = [p for d in ("lsp_bridge", "agent", "provisioner", "tool_specs") for p in (repo / d).rglob("*.py")]
    files += [*(repo / "bench").glob("*.py"), *(p for p in (repo / "tests").rglob("*.py") if "data" not in p.parts)]
    assert len(files) > 100
    for path in files:
        source = path.read_bytes()
        lines = [line.rstrip("\r") for line in source.decode("utf-8", "replace").split("\n")]
        assert continued_in_tree(parse(source)) == continued_lines(lines), path
    code = [
        "@deco(",
        "    1)",
        "def f(a,",
        "      b) -> int:  # c",
        "    '''doc",
        "    more'''",
        "    if (a and",
        "        b):",
        "        pass",
    ]
    assert continued_in_tree(parse("\n".join(code).encode())) == {2, 4, 6, 8}
    broken = b"x = call(1,\n         2)\ndef f(:)\n"  # balanced brackets: the tokenizer reads it
    assert _continued(broken) == continued_lines(broken.decode().split("\n")) == {2}


def test_a_rendering_carries_the_digest_of_the_text_it_came_from(tmp_path):
    """`renderContext` files carry the digest of the text they were rendered from and `lspBridge/fileDigests` answers
    the same for the text now, so a client keeps a rendering until its file changes (the agent does, across
    operations that may change files)."""
    root = write_repo(tmp_path / "repo")
    chunks = [{"file": "app.py", "lines": [1]}, {"file": "shop/pricing.py", "function": "discount", "lines": [7]}]
    with BridgeClient.local(root, "--cache-dir", str(tmp_path / "cache"), timeout=60, stderr=sys.stderr) as client:
        app, pricing = client.render_blocks(chunks)
        assert app.digest and pricing.digest and app.digest != pricing.digest
        files = ["app.py", "shop/pricing.py", "nowhere.py"]
        assert client.file_digests(files) == {"app.py": app.digest, "shop/pricing.py": pricing.digest, "nowhere.py": ""}

        path = root / "shop/pricing.py"
        path.write_text(path.read_text().replace("return total", "return total  # unchanged"))
        now = client.file_digests(files)
        assert now["app.py"] == app.digest and now["shop/pricing.py"] != pricing.digest
        again = client.render_blocks(chunks[1:])[0]
        assert again.digest == now["shop/pricing.py"] and "# unchanged" in again.text

        path.unlink()
        assert client.file_digests(["shop/pricing.py"]) == {"shop/pricing.py": ""}
        with pytest.raises(JsonRpcInvalidParams, match="'files' must be a list of strings"):
            client.request("lspBridge/fileDigests", {"files": "app.py"})
