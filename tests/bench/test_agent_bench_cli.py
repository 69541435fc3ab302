"""bench/agent_bench.py as a user runs it: the quick prompt/overhead parts end with their goals, and bad options
fail at once in one line (before minutes of other parts)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "agent_bench.py"


def bench(*args: str, tmp: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "TMPDIR": str(tmp)} if tmp else None
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=600, env=env)


def test_quick_prompt_and_overhead_parts_report_their_goals(tmp_path: Path) -> None:
    run = bench("--only", "prompt", "--only", "overhead", "--quick", tmp=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []  # the episode's repository copies (agent-bench-<pid>) are gone
    assert "goal: <= 12k tokens at step 60" in run.stdout
    assert "goal: LLMIDEAgent p95 <= 50 ms" in run.stdout
    rows = [line.split() for line in run.stdout.splitlines() if line.startswith(("LLMIDEAgent ", "DefaultAgent "))]
    assert [r[0] for r in rows] == ["LLMIDEAgent", "DefaultAgent"] and all(int(r[1]) == 21 for r in rows)


def test_unknown_episode_and_malformed_agent_setting_fail_first() -> None:
    run = bench("--only", "cost", "--episode", "Nope")
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1].startswith("error: unknown episode(s) Nope; choose from Django")
    run = bench("--only", "cost", "--agent-set", "memory.gamma")
    assert run.returncode == 2 and "Traceback" not in run.stderr
