import os
import signal
import sys
import textwrap
import time

from shop.cart import average, total


def keep(line):
    return bool(line.strip())


def main(argv):
    print("args", argv)
    prices = [10, 20, 30]
    print("total", total(prices))
    try:
        average([])
    except ZeroDivisionError:
        print("empty cart handled")
    if "--indent" in argv:
        print(textwrap.indent("a\n\nb", "> ", predicate=keep))
    if "--crash" in argv:
        return {}["missing"]
    if "--loop" in argv:
        while True:
            time.sleep(0.01)
    if "--sleep" in argv:
        time.sleep(1)
    if "--exit7" in argv:
        os._exit(7)
    if "--segv" in argv:
        os.kill(os.getpid(), signal.SIGSEGV)
    if "--noisy" in argv:
        for i in range(3000):
            print("line", i)
    return 0


sys.exit(main(sys.argv[1:]))
