"""Programs an agent really debugs: forks, threads, sleeps, detached children, coroutines, deep recursion."""

import asyncio
import itertools
import os
import subprocess
import sys
import threading
import time


def endless():
    for i in itertools.count():  # noqa: UP028 (a Python loop: signals get in)
        yield i


def forked(argv):
    pid = os.fork()
    if pid == 0:
        print("child", os.getpid(), "runs to the end")
        return 0  # child
    os.waitpid(pid, 0)
    status = "parent after the child"
    print(status)
    return 0


def worker(results, n):
    square = n * n
    results.append(square)


def threads(argv):
    results = []
    pool = [threading.Thread(target=worker, args=(results, n)) for n in (2, 3)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    print("squares", sorted(results))
    return 0


def sleeper(argv):
    print("sleeping", flush=True)
    time.sleep(60)  # sleeper
    return 0


def detached(argv):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], start_new_session=True)
    print("detached", child.pid, flush=True)
    time.sleep(60)  # detached
    return 0


async def inner(x):
    doubled = x * 2
    return doubled


async def outer():
    value = await inner(3)
    print("awaited", value)
    return value + 1


def coroutines(argv):
    loop = asyncio.new_event_loop()
    try:
        print("result", loop.run_until_complete(outer()))
    finally:
        loop.close()
    return 0


def recurse(n):
    return recurse(n + 1)


def recursion(argv):
    try:
        recurse(0)
    except RecursionError:
        print("recursion caught")
    after = "traced again"
    print(after)
    return 0


if __name__ == "__main__":
    sys.exit(globals()[sys.argv[1]](sys.argv[2:]))
