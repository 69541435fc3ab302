"""A small repository written by the tests, and real bridge processes serving it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsp_bridge.client import BridgeClient

SHOP = {
    "shop/__init__.py": """\
from . import pricing as pricing_mod
from .models import Cart, Item
""",
    "shop/pricing.py": '''\
def discount(total: float, coupon) -> float:
    """Apply a coupon.

    Half price with any coupon.
    """
    if coupon is None:
        return total
    return total * 0.5
''',
    "shop/models.py": '''\
"""Cart and items."""
from dataclasses import dataclass

from shop.pricing import discount


@dataclass
class Item:
    """A line item."""

    name: str
    price: float

    def total(self, qty: int) -> float:
        return self.price * qty


class Cart:
    """A shopping cart."""

    TAX = 0.2

    def __init__(self, owner: str):
        self.owner = owner
        self.items: list[Item] = []

    def add(self, item: Item) -> "Cart":
        self.items.append(item)
        return self

    def checkout(self, coupon=None):
        total = 0.0
        for item in self.items:
            if item.price > 0:
                total += item.total(1)
            elif coupon:
                total -= 1
            else:
                continue
        try:
            total = discount(total, coupon)
        except ValueError:
            total = -1
        finally:
            self.closed = True
        return total * (1 + self.TAX)

    class Receipt:
        def __init__(self, cart: "Cart"):
            self.cart = cart

        def lines(self):
            with open("/dev/null") as sink:
                while sink:
                    for item in self.cart.items:
                        yield item.name
                    break


class VipCart(Cart):
    def checkout(self, coupon=None):
        return super().checkout(coupon) * 0.9
''',
    "app.py": """\
from shop import Cart, Item
from shop.models import VipCart
import shop.pricing as p


def main():
    cart = VipCart("ann")
    cart.add(Item("pen", 2.0)).add(Item("ink", 3.0))
    print(cart.checkout(coupon="X"), p.discount(1.0, None))
    return Cart.TAX
""",
    "unicode_cols.py": 's = "\U0001f600é"; value = 1\nprint(value)\n',
    "broken.py": "def broken(:\n    pass\n\n\nclass Ok:\n    def fine(self):\n        return 1\n",
}
SPECIAL = {
    "binary.py": b"\x00\x01\x02def x(): pass\n",
    "latin1.py": b'# -*- coding: latin-1 -*-\nname = "caf\xe9"\n\n\ndef f():\n    return name\n',
    "huge.py": b"x = 1\n" * 400_000,
}


def write_repo(root: Path, files: dict[str, str] = SHOP, special: dict[str, bytes] = SPECIAL) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    for rel, data in special.items():
        (root / rel).write_bytes(data)
    return root


def write_files(root: Path, files: dict[str, str]) -> Path:
    """Files as written, UTF-8, without newline translation (a lone CR stays one)."""
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(text.encode("utf-8"))
    return root


def places(found: list[dict]) -> list[tuple[str, int, int]]:
    """A definition or references answer as sorted (file, line, column)."""
    return sorted((r["file"], r["line"], r["column"]) for r in found)


@pytest.fixture(scope="session")
def shop(tmp_path_factory) -> Path:
    return write_repo(tmp_path_factory.mktemp("shop"))


@pytest.fixture(scope="session")
def bridge(shop, tmp_path_factory) -> Iterator[BridgeClient]:
    """One stdio bridge over the shop repository for the read-only tests."""
    cache = tmp_path_factory.mktemp("cache")
    with BridgeClient.local(shop, "--cache-dir", str(cache), timeout=60, stderr=sys.stderr) as client:
        yield client
