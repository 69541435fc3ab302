"""A small shop module with one bug: a discount given in percent is applied as a fraction."""


def total(prices, discount=0):
    subtotal = 0
    for price in prices:
        subtotal += price

    return apply_discount(subtotal, discount)


def apply_discount(amount, discount):
    rate = discount  # bug: should be discount / 100
    return amount - amount * rate


def average(prices):
    return total(prices) / len(prices)
