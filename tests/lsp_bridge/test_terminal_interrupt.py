"""A Ctrl-C at the terminal goes to the whole foreground process group: the bridge a client started (a local process,
or `docker exec … lsp-bridge connect`) is in a session of its own, so it keeps answering while its caller handles the
signal (mini-extra swebench's workers finish their instances after a first Ctrl-C; the bridge under them had died,
and the agent switched its LSP actions off). Found by a user trial in session 21."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

CALLER = """
import signal, sys, time
from lsp_bridge.client import BridgeClient

interrupted = []
signal.signal(signal.SIGINT, lambda *_: interrupted.append(1))
with BridgeClient.local(sys.argv[1], timeout=60) as bridge:
    bridge.sync()
    print("ready", flush=True)
    while not interrupted:
        time.sleep(0.05)
    time.sleep(0.5)  # the signal reached every process of the group by now
    print("after", bridge.status()["root"] == bridge.root, flush=True)
"""


def test_the_bridge_outlives_a_ctrl_c_of_its_callers_process_group(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n")
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,  # a foreground group of its own, as a terminal gives a command
    )  # fmt: skip
    assert caller.stdout is not None
    assert caller.stdout.readline().strip() == "ready"
    os.killpg(caller.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
    out, err = caller.communicate(timeout=60)
    assert caller.returncode == 0, err
    assert out.strip() == "after True", err


def test_the_bridge_process_is_in_a_session_of_its_own(tmp_path: Path) -> None:
    from lsp_bridge.client import BridgeClient

    with BridgeClient.local(tmp_path, timeout=60) as bridge:
        assert bridge._process is not None
        assert os.getsid(bridge._process.pid) == bridge._process.pid != os.getsid(0)
