"""LLMIDEAgent: mini-swe-agent's DefaultAgent with a structured memory instead of the whole chat.

Every model call gets a prompt rebuilt from memory (task, code context, reasoning chain, tool usage, lessons,
[debugging advice], response format). After the first step each step makes two calls: a reflection on the last
observation (bad_action, lessons, summary), then the next action (thought, action_type, action_params), with the
"alternative action" template when the last action was bad. The answers are plain text parsed here, so any model
class works (a tool-calling model's FormatError is caught and its text used). Limits and cost are checked and
charged before/after each call exactly as upstream's `query()` does.

The environment must offer `execute_action(type, params) -> ActionResult`, `tool_usage() -> str`,
`render_context(chunks) -> str` and `set_agent_context(chunks) -> None` (see agent/types.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from minisweagent import Environment, Model
from minisweagent.agents.default import AgentConfig, DefaultAgent
from minisweagent.exceptions import FormatError, LimitsExceeded, Submitted, TimeExceeded
from pydantic import BaseModel, model_validator

from agent.memory import Memory, OperationNode
from agent.parsing import ActionRequest, ResponseFormatError, parse_action, parse_reflection
from agent.prompting import PromptBuilder, RenderedPrompt, head_tail, node_view, render, within
from agent.trajectory_file import TrajectoryFile
from agent.types import ActionResult

T = TypeVar("T")
ENV_METHODS = ("execute_action", "tool_usage", "render_context", "set_agent_context")


class MemoryConfig(BaseModel):
    alpha: float = 1.0
    """Weight of an access in the chunk score."""
    beta: float = 1.0
    """Weight of one citation in the chunk score."""
    gamma: float = 0.85
    """Decay per operation."""
    threshold: float = 0.3
    """Chunks scoring above this are shown in Code Context."""
    max_chunks: int = 12
    """At most this many chunks (the best scores) are shown; 0 = no cap."""
    max_context_chars: int = 12000
    """When the rendered code context is longer, only the best-scoring chunks that fit are shown; 0 = no cap."""
    brief_nodes: int = 20
    """Chain nodes older than the recent ones: the next N get a one-line entry, older ones a shorter one."""
    recent_nodes: int = 3
    """The last N chain nodes are shown in full; older ones as one line each."""
    reflection_chain_nodes: int = 0
    """The reflection call sees only the chain's last N nodes (the older ones are counted); 0 = the whole chain."""
    observation_head: int = 2000
    observation_tail: int = 1500
    """Characters of the last node's observation shown (head and tail); older nodes show their summary instead."""
    max_lessons: int = 15
    """Only the most recent lessons are shown."""
    max_stored_observation: int = 20000
    """Observations are kept in memory (and the trajectory) up to this many characters, head and tail."""


class LLMIDEAgentConfig(AgentConfig):
    prompt_sections: dict[str, str]
    """Section name -> jinja template, in prompt order; blank renders are left out."""
    reflection_template: str
    """Response format of the reflection call."""
    action_template: str
    """Response format of the action call (first step, or the last action was good)."""
    alternative_action_template: str
    """Response format of the action call when the last action was bad."""
    format_error_template: str
    """Message after an answer that does not follow the format ({{error}}, {{phase}})."""
    observation_template: str = "{{ observation }}"
    """How an action's result is shown in the trajectory's observation message."""
    action_types: list[str] = []
    """Accepted action types; empty: any (the environment answers unknown ones)."""
    reflection_sections: list[str] = []
    """The prompt sections the reflection call gets (still in prompt order); empty: all of them."""
    read_only_actions: list[str] = []
    """Action types that never change files. After one of them a file's code-context rendering is reused while its
    chunks stay the same; any other action (bash, edit, debugger, an unknown type) makes every file render anew."""
    memory: MemoryConfig = MemoryConfig()
    bug_consultant: dict[str, Any] = {}
    """Config block of agent.bug_consultant.tracker.BugTracker; `use_bug_consultant` switches its advice on."""

    @model_validator(mode="after")
    def _known_sections(self) -> LLMIDEAgentConfig:
        unknown = [name for name in self.reflection_sections if name not in self.prompt_sections]
        if unknown:
            raise ValueError(f"reflection_sections: {', '.join(unknown)} not in prompt_sections")
        return self


class LLMIDEAgent(DefaultAgent):
    def __init__(
        self,
        model: Model,
        env: Environment,
        *,
        config_class: type = LLMIDEAgentConfig,
        progress_manager: Any = None,
        instance_id: str = "",
        **kwargs: Any,
    ) -> None:
        missing = [name for name in ENV_METHODS if not callable(getattr(env, name, None))]
        if missing:
            raise TypeError(
                f"LLMIDEAgent needs an environment with {', '.join(ENV_METHODS)} (agent.environment); "
                f"{type(env).__name__} lacks {', '.join(missing)}"
            )
        super().__init__(model, env, config_class=config_class, **kwargs)
        self.config: LLMIDEAgentConfig
        self.memory = Memory()
        self.prompts = PromptBuilder(self.config.prompt_sections)
        self.progress_manager = progress_manager
        self.instance_id = instance_id
        self._retry_messages: list[dict] = []
        self._last_prompt: RenderedPrompt | None = None
        # (n_operations it was rendered at, the chunks shown, their rendering)
        self._context_cache: tuple[int, list[dict], str] = (-1, [], "")
        # (file, its chunks) -> the bridge's rendering of them, while no operation may have changed files
        self._file_renders: dict[tuple, str] = {}
        self._worker: ThreadPoolExecutor | None = None
        self._pending: Future | None = None  # the code context being rendered and pushed in the background
        self._advice_cache: tuple[int, list[str], str] = (-1, [], "")
        self._trajectory = TrajectoryFile()
        self.bug_tracker = self._make_bug_tracker()

    def _make_bug_tracker(self) -> Any:
        """The Bug Consultant's tracker. Switched off it still counts the episode's bug figures (the A/B control
        arm), so it is built whenever its module is there; only a switched-on consultant requires it."""
        block = self.config.bug_consultant
        try:
            from agent.bug_consultant.tracker import BugTracker
        except ImportError:
            if block.get("use_bug_consultant", False):
                raise
            return None
        log_dir = self.config.output_path.parent if self.config.output_path else None
        # the experiment's folder (its store, its run id): a batch writes <output>/<instance>/<instance>.traj.json
        batch = log_dir is not None and bool(self.instance_id) and log_dir.name == self.instance_id
        experiment = log_dir.parent if batch and log_dir is not None else log_dir
        return BugTracker(
            block,
            run_id=experiment.resolve().name if experiment is not None else None,
            log_dir=log_dir,
            instance_id=self.instance_id,
            experiment_dir=experiment,
        )

    def run(self, task: str = "", **kwargs: Any) -> dict:
        try:
            return super().run(task, **kwargs)
        finally:
            try:
                self._settle_context()
            finally:
                if self._worker is not None:
                    self._worker.shutdown()
                    self._worker = None
                if self.bug_tracker is not None:
                    self.bug_tracker.finish()
                self.save(self.config.output_path)

    @property
    def env_(self) -> Any:
        """The environment with the LLM-IDE methods (typed loosely: upstream's protocol does not know them)."""
        return self.env

    # ---- the step

    def step(self) -> list[dict]:
        if self.progress_manager is not None:
            self.progress_manager.update_instance_status(
                self.instance_id, f"Step {self.memory.n_operations + 1:3d} (${self.cost:.2f})"
            )
        last = self.memory.history.last
        if last is not None and last.bad_action is None:
            reflection = self._ask("reflection", self.config.reflection_template, parse_reflection)
            last.bad_action = reflection.bad_action
            last.summary = reflection.summary
            last.lessons = reflection.lessons
        template = self.config.action_template
        if last is not None and last.bad_action:
            template = self.config.alternative_action_template
        action = self._ask("action", template, lambda text: parse_action(text, self.config.action_types))
        return self._execute(action)

    def _check_limits(self) -> None:
        """Upstream's checks from `DefaultAgent.query()`, run before every model call."""
        if 0 < self.config.step_limit <= self.n_calls or 0 < self.config.cost_limit <= self.cost:
            raise LimitsExceeded(_exit_message("LimitsExceeded"))
        if 0 < self.config.wall_time_limit_seconds <= int(time.time() - self._start_time):
            raise TimeExceeded(_exit_message("TimeExceeded"))

    def _ask(self, phase: str, response_format: str, parse: Callable[[str], T]) -> T:
        """One model call of this phase; a malformed answer raises FormatError (the run loop retries)."""
        self._check_limits()
        prompt = self.build_prompt(response_format, phase)
        prompt_message = self.model.format_message(
            role="user", content=prompt.text, extra={"llm_ide": {"phase": phase, "sections": prompt.offsets()}}
        )
        api_messages = [self.messages[0], prompt_message, *self._retry_messages]
        self.n_calls += 1
        message, content = self._query_text(api_messages)
        self.cost += message.get("extra", {}).get("cost", 0.0)
        self.add_messages(prompt_message, message)
        try:
            parsed = parse(content)
        except ResponseFormatError as e:
            error = render(self.config.format_error_template, **self.get_template_vars(error=str(e), phase=phase))
            error_message = self.model.format_message(
                role="user", content=error, extra={"interrupt_type": "FormatError", "phase": phase}
            )
            self._retry_messages = [self.model.format_message(role="assistant", content=content), error_message]
            raise FormatError(error_message) from None
        self._retry_messages = []
        return parsed

    def _query_text(self, messages: list[dict]) -> tuple[dict, str]:
        """The model's answer and its text. A model class that parses actions itself may reject a text-only
        answer with FormatError: its billed response is then taken as the answer."""
        try:
            message = self.model.query(messages)
        except FormatError as e:
            failed = e.messages[0]
            extra = failed.get("extra", {})
            content = extra.get("model_response")
            if content is None:
                response = extra.get("response")
                choices = response.get("choices") if isinstance(response, dict) else None
                content = (choices[0].get("message") or {}).get("content") if choices else None
            message = {"role": "assistant", "content": content or "", "extra": {"cost": extra.get("cost", 0.0)}}
        return message, message.get("content") or ""

    def _execute(self, action: ActionRequest) -> list[dict]:
        node = self.memory.history.add(action.thought, action.action_type, action.action_params)
        try:
            result: ActionResult = self.env_.execute_action(action.action_type, action.action_params)
        except Submitted as e:
            node.observation = e.messages[0].get("extra", {}).get("submission", "")
            node.returncode = 0
            self.memory.record_operation(action.thought, [])
            raise
        limit = self.config.memory.max_stored_observation
        node.observation = head_tail(result.observation, limit // 2, limit // 2)
        node.returncode = result.returncode
        self.memory.record_operation(action.thought, result.chunks)
        self._refresh_context(files_changed=action.action_type not in self.config.read_only_actions)
        if self.bug_tracker is not None and result.command:
            self.bug_tracker.observe(
                result.command, result.observation, result.returncode, action.thought, self.memory.n_operations
            )
        observation = self.model.format_message(
            role="user",
            content=render(
                self.config.observation_template,
                **self.get_template_vars(observation=node.observation, returncode=result.returncode),
            ),
            extra={
                "raw_output": node.observation,
                "returncode": result.returncode,
                "action": {"action_type": action.action_type, "action_params": action.action_params},
                "llm_ide": {"memory": self.memory_snapshot()},
                "timestamp": time.time(),
            },
        )
        return self.add_messages(observation)

    # ---- the prompt

    def _score_chunks(self) -> None:
        m = self.config.memory
        self.memory.code_context.update_scores(m.alpha, m.beta, m.gamma)

    def _refresh_context(self, files_changed: bool) -> None:
        """After an operation: score the chunks now, then render the shown ones and push them to the bridge (for
        attached editors) in the background, while the next reflection call runs; a prompt that shows the code
        context waits for it. Only this method and `_settle_context` (both on the agent's thread) touch `_pending`;
        the job is the only code touching the renderings while it runs."""
        self._settle_context()
        if files_changed:
            self._file_renders.clear()
        visible = self._visible_chunks()
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llm-ide-context")
        self._pending = self._worker.submit(self._render_and_push, self.memory.n_operations, visible)

    def _render_and_push(self, n_operations: int, visible: list[dict]) -> None:
        self._render_visible(n_operations, visible)
        self.env_.set_agent_context(self._context_cache[1])

    def _settle_context(self) -> None:
        """Wait for the background rendering (its error, if any, is raised here)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def _visible_chunks(self) -> list[dict]:
        m = self.config.memory
        self._score_chunks()
        return [c.to_bridge() for c in self.memory.code_context.visible(m.threshold, m.max_chunks)]

    def render_code_context(self) -> str:
        """The above-threshold chunks rendered by the bridge, within `max_context_chars`: when the rendering is
        longer, the best-scoring chunks that fit are shown (equal scores go or stay together; at least one chunk).
        Files change only through operations, so one rendering serves every prompt until the next operation."""
        self._settle_context()
        if self._context_cache[0] != self.memory.n_operations:
            self._render_visible(self.memory.n_operations, self._visible_chunks())
        return self._context_cache[2]

    def _render_visible(self, n_operations: int, visible: list[dict]) -> None:
        m = self.config.memory
        used: set[tuple] = set()
        shown, text = visible, self._render(visible, used)
        if m.max_context_chars and len(text) > m.max_context_chars and len(visible) > 1:
            # leave out the lowest-scoring chunks (equal scores together) until the rest fits: only their files
            # are rendered again, and not even those when they lose their last chunk
            scores = sorted({c["score"] for c in visible}, reverse=True)
            for floor in scores[-2::-1]:  # the lowest score goes first
                shown = [c for c in visible if c["score"] >= floor]
                text = self._render(shown, used)
                if len(text) <= m.max_context_chars:
                    break
            else:
                best = max(range(len(visible)), key=lambda i: visible[i]["score"])  # at least one chunk
                shown = visible[best : best + 1]
                text = self._render(shown, used)
        self._file_renders = {key: self._file_renders[key] for key in used if key in self._file_renders}
        self._context_cache = (n_operations, shown, text)

    def _render(self, chunks: list[dict], used: set[tuple]) -> str:
        """The bridge's rendering of `chunks`, kept per file: the bridge renders each file's chunks as one block that
        starts with its `### File: `path`` line, blocks in order of first appearance, a blank line between. A file
        whose chunks were rendered before, with no file-changing operation since, is not asked again; the files
        that are asked go in one request, its blocks kept per file when they line up with the files asked (else
        nothing is kept). `used` collects the keys."""
        by_file: dict[str, list[dict]] = {}
        for chunk in chunks:
            by_file.setdefault(chunk["file"], []).append(chunk)
        groups = {
            (file, *((c["class"], c["function"], c["whole_function"], tuple(c["lines"])) for c in group)): group
            for file, group in by_file.items()
        }
        used.update(groups)
        missing = [key for key in groups if key not in self._file_renders]
        text: str
        if len(missing) == 1:
            text = self.env_.render_context(groups[missing[0]])
            if text:  # "" may be a bridge that did not answer: asked again next time
                self._file_renders[missing[0]] = text
        elif missing:
            text = self.env_.render_context([c for key in missing for c in groups[key]])
            blocks = text.split("\n\n### File: `")
            blocks = blocks[:1] + ["### File: `" + b for b in blocks[1:]]
            if len(blocks) == len(missing) and all(
                b.startswith(f"### File: `{key[0]}`\n") for b, key in zip(blocks, missing, strict=True)
            ):
                self._file_renders.update(zip(missing, blocks, strict=True))
            elif len(missing) == len(groups):  # blocks that do not line up (a file the bridge could not find)
                return text
            else:
                text = self.env_.render_context(chunks)
                return text
        return "\n\n".join(self._file_renders[key] for key in groups if self._file_renders.get(key))

    def build_prompt(self, response_format: str, phase: str = "action") -> RenderedPrompt:
        """The whole prompt of the next call, from memory. The reflection gets only `reflection_sections` and the
        chain's last `reflection_chain_nodes` nodes."""
        m = self.config.memory
        sections = (
            self.config.reflection_sections if phase == "reflection" and self.config.reflection_sections else None
        )
        shown = sections or list(self.prompts.sections)
        chain = self.memory.history.chain()
        left_out = 0
        if phase == "reflection" and 0 < m.reflection_chain_nodes < len(chain):
            left_out = len(chain) - m.reflection_chain_nodes
        last: OperationNode | None = self.memory.history.last
        lessons = self.memory.history.lessons()
        constraints, advice = self._consultant_advice() if "advice" in shown or "lessons" in shown else ([], "")
        lessons += [c for c in constraints if c not in lessons]
        code_context = self.render_code_context() if "code_context" in shown else ""
        seen = last is not None and within(last.observation, code_context)
        variables = self.get_template_vars(
            phase=phase,
            code_context=code_context,
            chain=[
                node_view(
                    n,
                    is_last=n is last,
                    is_recent=i >= len(chain) - m.recent_nodes,
                    age=len(chain) - 1 - i,
                    in_code_context=seen and n is last,
                )
                for i, n in enumerate(chain)
                if i >= left_out
            ],
            chain_left_out=left_out,
            last=node_view(last, is_last=True, is_recent=True) if last else None,
            n_operations=self.memory.n_operations,
            tool_usage=self.env_.tool_usage() if "tool_usage" in shown else "",
            lessons=lessons[-m.max_lessons :] if m.max_lessons else lessons,
            advice=advice,
        )
        self._last_prompt = self.prompts.build(response_format, variables, sections)
        return self._last_prompt

    def _consultant_advice(self) -> tuple[list[str], str]:
        """The Bug Consultant's constraints and advice, asked once per operation (both calls of a step share it)."""
        if self.bug_tracker is None:
            return [], ""
        if self._advice_cache[0] != self.memory.n_operations:
            self._advice_cache = (self.memory.n_operations, self.bug_tracker.constraints(), self.bug_tracker.advice())
        return self._advice_cache[1], self._advice_cache[2]

    # ---- trajectory

    def memory_snapshot(self) -> dict[str, Any]:
        """The memory after a step, compact (the node texts are in the messages, the full memory at the end):
        the tree's shape, the chain, and every chunk with its score."""
        return {
            "n_operations": self.memory.n_operations,
            "tree": [
                {"id": n.id, "parent": n.parent, "bad_action": n.bad_action, "action_type": n.action_type}
                for n in self.memory.history.nodes
            ],
            "chain": [n.id for n in self.memory.history.chain()],
            "chunks": [c.to_bridge() for c in self.memory.code_context.chunks],
        }

    def serialize(self, *extra_dicts: dict) -> dict:
        memory = self.memory.to_dict()
        for node in memory["nodes"]:  # whole outputs are in the observation messages already
            node["observation"] = head_tail(node["observation"], 3000, 1500)
        info: dict[str, Any] = {
            "memory": memory,
            "code_context": self._context_cache[2],
            "memory_config": self.config.memory.model_dump(mode="json"),
        }
        data: dict[str, Any] = {"llm_ide": info}
        if self.bug_tracker is not None:
            data["bug_consultant"] = self.bug_tracker.stats()
        return super().serialize({"info": data}, *extra_dicts)

    def save(self, path: Path | None, *extra_dicts: dict) -> dict:
        """Upstream's save, without encoding and writing the whole history again at every step (see
        agent/trajectory_file.py); the memory is stored on one line."""
        data = self.serialize(*extra_dicts)
        if path:
            self._trajectory.write(path, data)
        return data


def _exit_message(status: str) -> dict:
    return {"role": "exit", "content": status, "extra": {"exit_status": status, "submission": ""}}
