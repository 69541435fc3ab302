"""One trajectory of the LLM-IDE agent as a self-contained HTML page: the operation tree (bad actions marked, as
sibling branches of their alternatives), the reasoning chain highlighted, the final code context, the submission.

    write_trajectory_html(Path("run/iid/iid.traj.json"), Path("iid.html"))
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from agent.prompting import head_tail

TEMPLATES = Path(__file__).resolve().parent / "templates"


def line_ranges(lines: list[int]) -> str:
    """[8, 9, 10, 17] -> "8-10, 17"."""
    parts: list[str] = []
    for n in sorted(set(lines)):
        if parts and n == int(parts[-1].rpartition("-")[2]) + 1:
            parts[-1] = f"{parts[-1].partition('-')[0]}-{n}"
        else:
            parts.append(str(n))
    return ", ".join(parts)


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["head_tail"] = head_tail
    env.filters["line_ranges"] = line_ranges
    return env


def tree_view(memory: dict[str, Any]) -> dict[str, Any]:
    """Nodes by id with their children, the top-level ids, and which ids are on the chain."""
    nodes = {n["id"]: n for n in memory.get("nodes", [])}
    return {
        "nodes": nodes,
        "roots": [i for i, n in nodes.items() if n.get("parent") is None],
        "chain": list(memory.get("chain", [])),
        "chunks": sorted(memory.get("chunks", []), key=lambda c: -c.get("activity", {}).get("score", 0.0)),
    }


def model_calls(messages: list[dict]) -> list[dict[str, Any]]:
    """One row per prompt message: its phase, size, and what was meant to come from a provider's cache (the first
    `prefix_messages` messages of the call and `prefix_chars` of this one), whether it was a rebuild."""
    rows = []
    for i, m in enumerate(messages):
        llm_ide = (m.get("extra") or {}).get("llm_ide") or {}
        if "phase" not in llm_ide:
            continue
        cache = llm_ide.get("cache") or {}
        content = m.get("content")
        rows.append(
            {
                "index": i,
                "phase": llm_ide["phase"],
                "chars": len(content) if isinstance(content, str) else 0,
                "prefix_messages": cache.get("prefix_messages", 1),
                "prefix_chars": cache.get("prefix_chars", 0),
                "boundaries": cache.get("boundaries", []),
                "rebuild": cache.get("rebuild", False),
                "cache_control": cache.get("cache_control", False),
            }
        )
    return rows


def render_trajectory_html(traj: dict | list) -> str:
    """The page for one trajectory (as `LLMIDEAgent.save` writes it); a trajectory of another agent, without
    memory, still renders its status and submission (an old-style list of messages, its messages only)."""
    if isinstance(traj, list):
        traj = {"messages": traj}
    if not isinstance(traj, dict) or not isinstance(traj.get("messages"), list):
        raise ValueError("no list of messages (is it a .traj.json?)")
    info = traj.get("info", {})
    llm_ide = info.get("llm_ide", {})
    memory = llm_ide.get("memory", {})
    template = _environment().get_template("trajectory.html.j2")
    return template.render(
        instance_id=traj.get("instance_id", ""),
        exit_status=info.get("exit_status", ""),
        submission=info.get("submission", ""),
        model_stats=info.get("model_stats", {}),
        model_name=info.get("config", {}).get("model", {}).get("model_name", ""),
        agent_type=info.get("config", {}).get("agent_type", ""),
        n_operations=memory.get("n_operations", 0),
        code_context=llm_ide.get("code_context", ""),
        bug_consultant=info.get("bug_consultant"),
        calls=model_calls(traj["messages"]),
        **tree_view(memory),
    )


def write_trajectory_html(traj_path: Path, out: Path) -> Path:
    page = render_trajectory_html(json.loads(Path(traj_path).read_text()))  # a bad trajectory creates no folder
    if not out.parent.exists():  # missing folders are made; a file where a folder goes fails as writing under it
        out.parent.mkdir(parents=True)  # does (`Not a directory`), not as mkdir's `File exists`
    out.write_text(page)
    return out
