from shop.cart import total

print("shop total", total([1, 2, 3]))
