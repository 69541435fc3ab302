"""An agent that runs on after the main thread ended, as `mini-extra swebench`'s worker threads do after Ctrl-C: the
interpreter's exit joins them, and from then on no thread pool takes new jobs. The code-context view rendered in
one (`cannot schedule new futures after interpreter shutdown`), so every running instance ended as RuntimeError with an
empty patch in preds.json, which a re-run then skipped as done."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

SCRIPT = """
import json, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsp_bridge.client import BridgeClient
from minisweagent.models.test_models import DeterministicModel

from agent.llm_ide_agent import LLMIDEAgent
from tests.agent.conftest import BridgeTestEnvironment
from tests.agent.test_llm_ide_loop import episode

repo, out, config = Path(sys.argv[1]), Path(sys.argv[2]), json.loads(sys.argv[3])
bridge = BridgeClient.local(repo)
bridge.sync()
env = BridgeTestEnvironment(bridge, cwd=str(repo), timeout=60)
agent = LLMIDEAgent(DeterministicModel(outputs=episode()), env, **config, output_path=out)


def exiting() -> bool:
    try:
        ThreadPoolExecutor(max_workers=1).submit(int).result()
        return False
    except RuntimeError:
        return True


def run() -> None:
    threading.main_thread().join()
    while not exiting():  # the interpreter's exit has begun: thread pools refuse new jobs
        time.sleep(0.01)
    result = agent.run("Cart.total() ignores the quantity of each item.")
    print(json.dumps({"exit_status": result["exit_status"], "submission": result["submission"]}), flush=True)
    bridge.close()


threading.Thread(target=run).start()
"""


def test_agent_finishes_its_run_while_the_interpreter_exits(repo: Path, agent_config: dict[str, Any], tmp_path: Path):
    out = tmp_path / "run.traj.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MSWEA_SILENT_STARTUP": "1"}
    args = [sys.executable, "-c", SCRIPT, str(repo), str(out), json.dumps(agent_config)]
    run = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.startswith("{"), run.stderr[-3000:]  # the run's thread ended normally
    result = json.loads(run.stdout)
    assert result["exit_status"] == "Submitted", run.stderr[-3000:]
    assert "+                total += price * qty" in result["submission"]
    traj = json.loads(out.read_text())
    assert traj["info"]["exit_status"] == "Submitted"
    assert [n["action_type"] for n in traj["info"]["llm_ide"]["memory"]["nodes"]] == [
        "open", "bash", "bash", "bash", "bash", "submit",
    ]  # fmt: skip
    assert "total += price * qty" in traj["info"]["llm_ide"]["code_context"]  # rendered after the fix, at exit
