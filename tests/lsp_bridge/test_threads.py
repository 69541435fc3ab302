"""Clients made on several threads at once (mini-extra --workers N starts one bridge client per worker)."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import threading
from lsp_bridge.pygls_adapter import converter

barrier, errors = threading.Barrier(8), []

def make():
    barrier.wait()
    try:
        converter()
    except Exception as exc:
        errors.append(repr(exc))

threads = [threading.Thread(target=make) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(errors)
"""


def test_first_converters_made_on_eight_threads_at_once_all_succeed() -> None:
    """lsprotocol resolves its forward references on the first converter, mutating a map it iterates: each run is a
    fresh process, so every run is a first time (before the lock, one worker of a batch died of it)."""
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "[]", out.stdout + out.stderr
