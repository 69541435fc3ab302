"""The trajectory file keeps upstream's format plus the per-step memory; its HTML page shows the tree (bad actions
as marked sibling branches), the highlighted chain and the final code context, without any outside resource."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from agent.trajectory_html import line_ranges, render_trajectory_html, write_trajectory_html
from tests.agent.conftest import BridgeTestEnvironment
from tests.agent.test_llm_ide_loop import run_episode


class TreeParser(HTMLParser):
    """Each `li.node`'s parent (`data-parent`), the branches it sits in (a fork opens one per sibling) and the
    classes of its card; every outside reference (src/href)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []  # the open <li>s: "branch-N", a node id or ""
        self.branches = 0
        self.parent_of: dict[str, str] = {}
        self.branch_of: dict[str, list[str]] = {}
        self.card_classes: dict[str, list[str]] = {}
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("src", "href"):
            if a.get(key) and not str(a[key]).startswith("#"):
                self.external.append(str(a[key]))
        if tag == "li":
            entry = ""
            if (a.get("class") or "").startswith("branch "):
                self.branches += 1
                entry = f"branch-{self.branches}-{(a.get('class') or '').split()[1]}"
            elif a.get("class") == "node":
                entry = str(a["id"])
                self.parent_of[entry] = str(a["data-parent"])
                self.branch_of[entry] = [e for e in self.stack if e.startswith("branch-")]
            self.stack.append(entry)
        if tag == "div" and "card" in (a.get("class") or "").split():
            self.card_classes[self.stack[-1]] = (a.get("class") or "").split()

    def handle_endtag(self, tag: str) -> None:
        if tag == "li":
            self.stack.pop()


def test_html_page_of_an_episode(env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path) -> None:
    traj_path = tmp_path / "run.traj.json"
    run_episode(env, agent_config, tmp_path)
    out = write_trajectory_html(traj_path, tmp_path / "page" / "run.html")
    page = out.read_text()

    parser = TreeParser()
    parser.feed(page)
    # step 2 (the bad cat) and step 3 (its alternative) are siblings under step 1
    assert parser.parent_of == {
        "node-1": "",
        "node-2": "node-1",
        "node-3": "node-1",
        "node-4": "node-3",
        "node-5": "node-4",
        "node-6": "node-5",
    }
    # ... shown as two branches of one fork; a line of single children stays in its branch, unindented
    assert parser.branch_of == {
        "node-1": [],
        "node-2": ["branch-1-replaced"],
        "node-3": ["branch-2-taken"],
        "node-4": ["branch-2-taken"],
        "node-5": ["branch-2-taken"],
        "node-6": ["branch-2-taken"],
    }
    assert parser.card_classes["node-2"] == ["card", "bad"]
    assert parser.card_classes["node-3"] == ["card", "chain"]
    assert parser.card_classes["node-6"] == ["card", "chain", "pending"]
    assert parser.external == []  # self-contained: no script, style sheet or image from elsewhere
    assert "bad action: replaced by the next sibling" in page
    assert '<span class="status Submitted">Submitted</span>' in page
    # the chain list links steps 1, 3, 4, 5, 6; the final code context is the bridge's rendering
    assert [f'<a href="#node-{i}">' in page for i in range(1, 7)] == [True, False, True, True, True, True]
    final_context = page.split("<h2>Final code context</h2>")[1].split("<table>")[0]
    assert "def total(self):" in final_context and "total += price * qty" in final_context
    assert "+                total += price * qty" in page  # the submitted diff
    # one row per prompt: its phase and the cached prefix it was meant to have (from the trajectory's marks)
    calls = page.split("<h2>Model calls</h2>")[1].split("</table>")[0]
    rows = calls.split("<tr>")[2:]
    assert len(rows) == 11  # 1 + 2 * 5 calls, retries ask again in the same chat
    assert "<td>action</td>" in rows[0] and "<td>1 message</td>" in rows[0]  # the first call: nothing to read
    assert "<td>reflection</td>" in rows[1] and "1 message + " in rows[1]  # the head read back
    assert "<td>action</td>" in rows[2] and "<td>2 messages</td>" in rows[2]  # system + the reflection's prompt


def test_trajectory_keeps_upstream_format(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    agent, _ = run_episode(env, agent_config, tmp_path)
    traj = json.loads((tmp_path / "run.traj.json").read_text())
    # the incremental save writes exactly what upstream's save would (json.dumps of serialize()), extra dicts too
    assert traj == json.loads(json.dumps(agent.serialize()))
    agent.save(tmp_path / "again.json", {"instance_id": "shop-1", "info": {"exit_status": "Submitted"}})
    assert json.loads((tmp_path / "again.json").read_text()) == json.loads(
        json.dumps(agent.serialize({"instance_id": "shop-1", "info": {"exit_status": "Submitted"}}))
    )
    assert traj["trajectory_format"] == "mini-swe-agent-1.1"
    assert set(traj["info"]) >= {"model_stats", "config", "mini_version", "exit_status", "submission", "llm_ide"}
    assert traj["info"]["config"]["agent_type"] == "agent.llm_ide_agent.LLMIDEAgent"
    assert [m["role"] for m in traj["messages"][:4]] == ["system", "user", "user", "assistant"]
    assert traj["messages"][-1]["role"] == "exit"
    assert all(isinstance(m["content"], str) for m in traj["messages"])
    memory = traj["info"]["llm_ide"]["memory"]
    assert [c["activity"]["accessed"] for c in memory["chunks"]] == [[1, 0, 0, 0, 0, 0]]
    assert memory["nodes"][1]["bad_action"] is True and memory["nodes"][2]["parent"] == 0


def test_page_of_an_upstream_trajectory() -> None:
    page = render_trajectory_html(
        {"info": {"exit_status": "LimitsExceeded", "submission": "", "model_stats": {}}, "messages": []}
    )
    assert "No operations recorded" in page and "Nothing submitted." in page
    assert "No operations recorded" in render_trajectory_html([{"role": "system", "content": "hi"}])


async def test_upstream_inspector_opens_the_trajectory(
    env: BridgeTestEnvironment, agent_config: dict[str, Any], tmp_path: Path
) -> None:
    from minisweagent.run.utilities.inspector import TrajectoryInspector

    run_episode(env, agent_config, tmp_path)
    app = TrajectoryInspector([tmp_path / "run.traj.json"])
    # one page per model answer (13) plus the system/task page before the first
    assert app.n_steps == 14
    async with app.run_test() as pilot:
        for _ in range(app.n_steps):
            await pilot.press("l")
        assert app.i_step == app.n_steps - 1
        assert "Step 14/14" in app.title


@pytest.mark.parametrize(
    ("lines", "text"),
    [([17, 8, 9, 10, 12], "8-10, 12, 17"), ([3], "3"), ([], ""), ([1, 2, 2, 3], "1-3")],
)
def test_line_ranges(lines: list[int], text: str) -> None:
    assert line_ranges(lines) == text
