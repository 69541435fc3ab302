"""The seed's three summaries (bug start, trial failure, trial success) by litellm function calling.

Any failed, refused or malformed call falls back to a deterministic summary computed from the error text;
a summary never stops the agent.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import dataclass, field
from typing import Any

from agent.bug_consultant import templates
from agent.bug_consultant.config import BugConsultantConfig
from agent.bug_consultant.errors import ErrorInfo

logger = logging.getLogger("agent.bug_consultant")

CATEGORIES = {
    "TypeError": "TYPE_ERROR",
    "ValueError": "VALUE_ERROR",
    "AttributeError": "ATTRIBUTE_ERROR",
    "ImportError": "IMPORT_ERROR",
    "ModuleNotFoundError": "IMPORT_ERROR",
    "KeyError": "DATA_ERROR",
    "IndexError": "DATA_ERROR",
    "AssertionError": "LOGIC_ERROR",
    "TestFailure": "LOGIC_ERROR",
    "NotImplementedError": "API_MISUSE",
}
_STRING_FIELDS = {
    "bug_start": {"error_signature": 200, "error_category": 40, "initial_hypothesis": 300},
    "trial_failure": {"why_failed": 250, "failed_strategy_summary": 150, "learned_constraint": 200},
    "trial_success": {"why_worked": 250, "successful_strategy_summary": 150, "key_insight": 200},
}


@dataclass
class SummaryStats:
    calls: int = 0
    failures: int = 0
    cost: float = 0.0
    by_stage: dict[str, int] = field(default_factory=dict)


class Summarizer:
    """Calls the summary model (when one is configured) and validates what comes back."""

    def __init__(self, config: BugConsultantConfig):
        self.config = config
        self.spec = templates.load()["summary"]
        self.stats = SummaryStats()
        self._lock = threading.Lock()

    def _call(self, stage: str, context: dict[str, Any]) -> dict[str, Any] | None:
        if not self.config.summary_model:
            return None
        stage_spec = self.spec["stages"][stage]
        function = stage_spec["function"]
        messages = [
            {"role": "system", "content": self.spec["system"]},
            {"role": "user", "content": templates.render_block(stage_spec["prompt"], **context)},
        ]
        per_stage = {str(k): v for k, v in self.config.summary_stage_kwargs.items()}  # keys: the three stages
        kwargs = {**self.config.summary_model_kwargs, **per_stage.get(stage, {})}
        with self._lock:
            self.stats.calls += 1
            self.stats.by_stage[stage] = self.stats.by_stage.get(stage, 0) + 1
        try:
            os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
            import litellm

            response = _completion(
                litellm,
                model=self.config.summary_model,
                messages=messages,
                tools=[{"type": "function", "function": function}],
                tool_choice={"type": "function", "function": {"name": function["name"]}},
                timeout=self.config.summary_timeout,
                **kwargs,
            )
            self._add_cost(litellm, response)
            result = _parse(response, function)
        except Exception as exc:  # the boundary: any provider error means "no summary"
            logger.warning("bug consultant: %s summary call failed (%s); using the deterministic summary", stage, exc)
            result = None
        if result is None:
            with self._lock:
                self.stats.failures += 1
        return result

    def _add_cost(self, litellm: Any, response: Any) -> None:
        try:
            cost = float(litellm.completion_cost(completion_response=response) or 0.0)
        except Exception:  # unknown model prices cost nothing we can count
            cost = 0.0
        with self._lock:
            self.stats.cost += cost

    # the three stages ------------------------------------------------------------------------------------------
    def bug_start(self, info: ErrorInfo, command: str, code: str, plan: str, error_output: str) -> tuple[dict, str]:
        context = {"command": command, "code": code[-4000:], "error_output": error_output[-6000:], "plan": plan}
        if (result := self._call("bug_start", context)) is not None:
            return result, "llm"
        fallback = self.spec["fallback"]["bug_start"]
        frames = [f.func for f in (info.project_frames or info.frames)[-3:]][::-1]
        summary = {
            "error_signature": info.signature,
            "error_category": CATEGORIES.get(info.short_type, "OTHER"),
            "initial_hypothesis": templates.render_line(
                fallback["initial_hypothesis"], exc_type=info.exc_type, frames=frames, libraries=info.libraries
            )[:300],
            "context_tags": [*info.libraries, info.short_type],
        }
        return summary, "deterministic"

    def trial_failure(
        self,
        signature: str,
        original: ErrorInfo | None,
        new: ErrorInfo | None,
        plan: str,
        code: str,
        commands: list[str],
        error_output: str,
        previous: list[str],
    ) -> tuple[dict, str]:
        context = {
            "error_signature": signature,
            "plan": plan,
            "code": code[-4000:],
            "error_output": error_output[-6000:],
            "previous": previous,
        }
        if (result := self._call("trial_failure", context)) is not None:
            return result, "llm"
        fallback = self.spec["fallback"]
        strategy = self.strategy(plan, commands)
        same = original is not None and new is not None and original.fingerprint() == new.fingerprint()
        ctx = {
            "same_error": same,
            "signature": new.signature if new else "an error",
            "strategy": strategy,
            "original_type": original.exc_type if original else "the error",
            "new_type": new.exc_type if new else "?",
        }
        summary = {k: templates.render_line(v, **ctx) for k, v in fallback["trial_failure"].items()}
        return _clip("trial_failure", summary), "deterministic"

    def trial_success(self, signature: str, plan: str, code: str, commands: list[str]) -> tuple[dict, str]:
        if (
            result := self._call("trial_success", {"error_signature": signature, "plan": plan, "code": code[-4000:]})
        ) is not None:
            return result, "llm"
        ctx = {"strategy": self.strategy(plan, commands), "original_signature": signature}
        summary = {k: templates.render_line(v, **ctx) for k, v in self.spec["fallback"]["trial_success"].items()}
        return _clip("trial_success", summary), "deterministic"

    def strategy(self, plan: str, commands: list[str]) -> str:
        plan = " ".join(plan.split())
        first = plan.split(". ")[0] if plan else ""
        shown = [" ".join(c.split())[:60] for c in commands[-3:]]
        return templates.render_line(self.spec["fallback"]["strategy"], plan=first, commands=shown)[:150]


_SKIP_MCP: list[bool] = []  # decided at the first call: does this litellm need `_skip_mcp_handler`?


def _completion(litellm: Any, **kwargs: Any) -> Any:
    """litellm.completion with tools. Some litellm versions check every tools call for their MCP gateway, which
    imports the optional `mcp` package; our tools are plain functions, so such versions are told to skip it."""
    if _SKIP_MCP:
        return litellm.completion(**kwargs, _skip_mcp_handler=True)
    try:
        return litellm.completion(**kwargs)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "mcp":
            raise
        _SKIP_MCP.append(True)
        return litellm.completion(**kwargs, _skip_mcp_handler=True)


def _clip(stage: str, summary: dict[str, Any]) -> dict[str, Any]:
    for key, limit in _STRING_FIELDS[stage].items():
        if isinstance(summary.get(key), str):
            summary[key] = summary[key][:limit]
    return summary


def _parse(response: Any, function: dict[str, Any]) -> dict[str, Any] | None:
    """The function arguments if the model called the right function with well-typed required fields."""
    message = response.choices[0].message
    calls = getattr(message, "tool_calls", None) or []
    call = next((c for c in calls if c.function.name == function["name"]), None)
    if call is None:
        return None
    try:
        args = json.loads(call.function.arguments)
    except (TypeError, ValueError):
        return None
    params = function["parameters"]
    if not isinstance(args, dict) or any(k not in args for k in params["required"]):
        return None
    for key, prop in params["properties"].items():
        value = args.get(key)
        if prop["type"] == "string" and not (isinstance(value, str) and value.strip()):
            return None
        if prop["type"] == "array" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return None
        if "enum" in prop and value not in prop["enum"]:
            return None
    stage = next(s for s, f in _STRING_FIELDS.items() if set(f) <= set(params["properties"]))
    return _clip(stage, {k: args[k] for k in params["properties"]})
