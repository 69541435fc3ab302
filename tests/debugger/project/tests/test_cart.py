from shop.cart import total


def test_discount():
    prices = [10, 20, 30]
    assert total(prices, discount=10) == 54


def test_no_discount():
    assert total([1, 2]) == 3
