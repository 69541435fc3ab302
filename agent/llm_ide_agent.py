"""LLMIDEAgent: mini-swe-agent's DefaultAgent with a structured memory instead of the whole chat.

Each step is upstream's loop (query, parse, execute, record) over a prompt built from memory by
`agent.prompting.PromptBuilder`: a static head, the seed's compact rebuild from memory (code context, lessons,
operation history), one frozen record per step since that rebuild, and the per-call tail (the last step with its
observation, advice, the phase's instruction), so consecutive calls share a long prefix a provider can cache. After
the first step a step makes two calls by default: a reflection on the last observation (bad_action, lessons,
summary), then the next action (thought, action_type, action_params) as a follow-up message of the same chat, with
the "alternative action" instruction when the last action was bad; `single_call: true` asks for both in one answer.
The answers are plain text parsed here, so any model class works (a tool-calling model's FormatError is caught and
its text used). Limits and cost are checked and charged before/after each call exactly as upstream's `query()`.

The environment must offer `execute_action(type, params) -> ActionResult`, `tool_usage() -> str`,
`render_blocks(chunks) -> list[FileBlock]` and `set_agent_context(chunks) -> None` (see agent/types.py).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from minisweagent import Environment, Model
from minisweagent.agents.default import AgentConfig, DefaultAgent
from minisweagent.exceptions import FormatError, LimitsExceeded, Submitted, TimeExceeded
from pydantic import BaseModel, ConfigDict, Field, model_validator

from agent.context import CodeContextView, ShownCode, blocks_text, normalized, within
from agent.memory import Memory, OperationNode
from agent.parsing import ActionRequest, Reflection, ResponseFormatError, parse_action, parse_reflection
from agent.prompting import Layout, Prompt, PromptBuilder, head_tail, node_view, render
from agent.trajectory_file import TrajectoryFile
from agent.types import ActionResult

T = TypeVar("T")
ENV_METHODS = ("execute_action", "tool_usage", "render_blocks", "set_agent_context")
PHASES = ("reflection", "action", "reflection_action")
CACHE_CONTROL_MODELS = re.compile(r"anthropic|claude", re.IGNORECASE)


class MemoryConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a misspelt key (`treshold`) is an error, not a silent default

    alpha: float = Field(default=1.0, ge=0)
    """Weight of an access in the chunk score."""
    beta: float = Field(default=1.0, ge=0)
    """Weight of one citation in the chunk score."""
    gamma: float = Field(default=0.85, gt=0, le=1)
    """Decay per operation."""
    threshold: float = Field(default=0.3, ge=0)
    """Chunks scoring above this are shown in Code Context."""
    max_chunks: int = Field(default=12, ge=0)
    """At most this many chunks (the best scores) are shown; 0 = no cap."""
    max_context_chars: int = Field(default=12000, ge=0)
    """When the rendered code context is longer, only the best-scoring chunks that fit are shown; 0 = no cap."""
    brief_nodes: int = Field(default=20, ge=0)
    """Chain nodes older than the recent ones: the next N get a one-line entry, older ones a shorter one."""
    summary_nodes: int = Field(default=60, ge=0)
    """Of the one-line entries, the N latest keep the step's summary; older ones show only the operation (a long
    run's log then grows by about a third of a summarised line a step); 0 = every entry keeps it."""
    log_stride: int = Field(default=20, ge=1)
    """The boundaries between the longer, the shorter and the summary-less one-line entries move in steps of N chain
    nodes, so an entry is the same text across rebuilds (a cached prefix) most of the time; 1: exactly
    `brief_nodes` and `summary_nodes`."""
    recent_nodes: int = Field(default=3, ge=0)
    """The last N chain nodes are shown in full; older ones as one line each."""
    observation_head: int = Field(default=2000, ge=0)
    observation_tail: int = Field(default=1500, ge=0)
    """Characters of the last node's observation shown (head and tail); older nodes show their summary instead."""
    max_lessons: int = Field(default=15, ge=0)
    """Only the most recent lessons are shown."""
    max_stored_observation: int = Field(default=20000, ge=0)
    """Observations are kept in memory (and the trajectory) up to this many characters, head and tail."""


class PromptLayoutConfig(BaseModel):
    """Where each prompt section goes (see agent/prompting.py) and when the memory is rendered again."""

    model_config = ConfigDict(extra="forbid")

    head: list[str] = ["tool_usage", "response_rules", "task"]
    """Rendered once per run, first."""
    memory: list[str] = ["code_context", "lessons", "history_log", "history"]
    """The seed's compact prompt from memory, rendered at each rebuild."""
    tail: list[str] = ["context_update", "last_step", "constraints", "advice"]
    """Rendered for every call, after the records and before the phase's instruction."""
    record: str = "record"
    """The section template of a reflected step's frozen record."""
    follow_up: list[str] = ["advice"]
    """Sections repeated before the action instruction when the action call extends the reflection call."""
    rebuild_every: int = Field(default=20, ge=0)
    """Render the memory again every N steps (0: only by size)."""
    rebuild_chars: int = Field(default=6000, ge=0)
    """... or when the records appended since the last rebuild would pass this many characters (0: no limit)."""
    cache_control: Literal["auto", "on", "off"] = "auto"
    """Anthropic-style `cache_control` breakpoints at the cache boundaries: auto = for model names with
    `anthropic` or `claude`."""


# keys upstream's runners pass for its InteractiveAgent (`swebench-single -y` / `--exit-immediately`): this agent
# never asks for confirmation, so they are accepted and mean nothing
INTERACTIVE_KEYS = ("mode", "confirm_exit", "whitelist_actions")


class LLMIDEAgentConfig(AgentConfig):
    model_config = ConfigDict(extra="forbid")  # a misspelt key (`singel_call`) is an error, not a silent default

    @model_validator(mode="before")
    @classmethod
    def _interactive_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if k not in INTERACTIVE_KEYS}
        return data

    prompt_sections: dict[str, str]
    """Section name -> jinja template; `prompt_layout` says where each goes. Blank renders are left out."""
    prompt_layout: PromptLayoutConfig = PromptLayoutConfig()
    single_call: bool = False
    """One call per step: the reflection on the last step and the next action in one answer (both tag groups)."""
    reflection_template: str
    """Instruction of the reflection call."""
    action_template: str
    """Instruction of the action call (first step, or the last action was good)."""
    alternative_action_template: str
    """Instruction of the action call when the last action was bad."""
    single_call_template: str = ""
    """Instruction of the one call of a step in `single_call` mode."""
    phase_model_kwargs: dict[str, dict[str, Any]] = {}
    """Extra keyword arguments of the model's query per phase, over the model's own `model_kwargs` (litellm passes
    them to the provider), e.g. `reflection: {reasoning_effort: minimal}`: a reflection is a short judgement and
    summary, and a reasoning model bills its reasoning as output on every call."""
    format_error_template: str
    """Message after an answer that does not follow the format ({{error}}, {{phase}})."""
    observation_template: str = "{{ observation }}"
    """How an action's result is shown in the trajectory's observation message."""
    action_types: list[str] = []
    """Accepted action types; empty: any (the environment answers unknown ones)."""
    read_only_actions: list[str] = []
    """Action types that never change files. After one of them a file's code-context rendering is reused while its
    chunks stay the same; any other action (bash, edit, debugger, an unknown type) makes every file render anew."""
    memory: MemoryConfig = MemoryConfig()
    bug_consultant: dict[str, Any] = {}
    """Config block of agent.bug_consultant.tracker.BugTracker; `use_bug_consultant` switches its advice on."""

    @model_validator(mode="after")
    def _known_sections(self) -> LLMIDEAgentConfig:
        layout = self.prompt_layout
        names = [*layout.head, *layout.memory, *layout.tail, *layout.follow_up, layout.record]
        unknown = [name for name in names if name not in self.prompt_sections]
        if unknown:
            raise ValueError(f"prompt_layout: {', '.join(unknown)} not in prompt_sections")
        phases = sorted(set(self.phase_model_kwargs) - set(PHASES))
        if phases:
            raise ValueError(f"phase_model_kwargs: {', '.join(phases)} is not a phase ({', '.join(PHASES)})")
        if self.single_call and not self.single_call_template:
            raise ValueError("single_call needs a single_call_template")
        from agent.actions import ACTION_TYPES

        for key in ("action_types", "read_only_actions"):  # a misspelt one was an action the agent could never use
            if odd := [name for name in getattr(self, key) if name not in ACTION_TYPES]:
                raise ValueError(f"{key}: {', '.join(odd)} is not an action ({', '.join(ACTION_TYPES)})")
        return self


@dataclass
class Turn:
    """The messages of the current step's calls after the system message: the prompt, and when the action call
    extends the reflection call, the reflection's answer and the action instruction (plus any format-error retry)."""

    phase: str = "action"  # the phase of the next call: reflection, action or reflection_action
    messages: list[dict] = field(default_factory=list)
    prompts: dict[int, Prompt] = field(default_factory=dict)  # message index -> its prompt (for cache_control)
    recorded: int = 0  # how many of the messages are in the trajectory already

    def add(self, message: dict, prompt: Prompt | None = None) -> None:
        if prompt is not None:
            self.prompts[len(self.messages)] = prompt
        self.messages.append(message)

    def api(self, cache_control: bool) -> list[dict]:
        return [
            self.prompts[i].message(cache_control)
            if i in self.prompts
            else {"role": m["role"], "content": m["content"]}
            for i, m in enumerate(self.messages)
        ]

    def unrecorded(self) -> list[dict]:
        new, self.recorded = self.messages[self.recorded :], len(self.messages)
        return new


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
        m, layout = self.config.memory, self.config.prompt_layout
        self.context = CodeContextView(
            env,  # type: ignore[arg-type]
            Memory(),
            weights=(m.alpha, m.beta, m.gamma),
            threshold=m.threshold,
            max_chunks=m.max_chunks,
            max_chars=m.max_context_chars,
        )
        self.prompts = PromptBuilder(
            self.config.prompt_sections,
            Layout(layout.head, layout.memory, layout.tail, layout.record, layout.rebuild_every, layout.rebuild_chars),
        )
        self.shown = ShownCode()  # the code the prompt shows since its last rebuild
        self.progress_manager = progress_manager
        # swebench-single's runner names no instance to its agent; the environment the hook made knows it
        self.instance_id = instance_id or str(getattr(getattr(env, "config", None), "instance_id", "") or "")
        self._turn: Turn | None = None
        self._in_prompt = -1  # nodes up to this id are in the prompt (its memory part or a record)
        self._updates: dict[int, str] = {}  # node id -> the code-context update shown after it
        self._shown_lessons: set[str] = set()
        self._advice_cache: tuple[int, list[str], str] = (-1, [], "")
        self._trajectory = TrajectoryFile()
        self.bug_tracker = self._make_bug_tracker()

    @property
    def memory(self) -> Memory:
        return self.context.memory

    @memory.setter
    def memory(self, value: Memory) -> None:
        self.context.memory = value

    @property
    def cache_control(self) -> bool:
        """Whether prompts carry `cache_control` breakpoints (explicit caching, as Anthropic's models need)."""
        mode, config = self.config.prompt_layout.cache_control, getattr(self.model, "config", None)
        if getattr(config, "set_cache_control", None):  # the model marks messages itself (upstream's default_end)
            return False
        name = str(getattr(config, "model_name", ""))
        return mode == "on" or (mode == "auto" and bool(CACHE_CONTROL_MODELS.search(name)))

    def _make_bug_tracker(self) -> Any:
        """The Bug Consultant's tracker. Switched off it still counts the episode's bug figures (the A/B control
        arm), so it is built whenever its module is there; only a switched-on consultant requires it."""
        block = self.config.bug_consultant
        try:
            from agent.bug_consultant.tracker import BugTracker, env_cwd, env_file_reader
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
            read_file=env_file_reader(self.env),  # a new record's code: the traceback's project files
            project_root=env_cwd(self.env),
        )

    def run(self, task: str = "", **kwargs: Any) -> dict:
        try:
            return super().run(task, **kwargs)
        finally:
            try:
                self.context.close()
            finally:
                if self.bug_tracker is not None:
                    self.bug_tracker.finish()
                self.save(self.config.output_path)

    @property
    def env_(self) -> Any:
        """The environment with the LLM-IDE methods (typed loosely: upstream's protocol does not know them)."""
        return self.env

    # ---- the step: query, parse, execute, record

    def step(self) -> list[dict]:
        if self.progress_manager is not None:
            self.progress_manager.update_instance_status(
                self.instance_id, f"Step {self.memory.n_operations + 1:3d} (${self.cost:.2f})"
            )
        turn = self._turn = self._turn or self.start_turn()
        last = self.memory.history.last
        if turn.phase == "reflection":
            assert last is not None
            self._apply(last, self._ask("reflection", parse_reflection))
            template = self.config.alternative_action_template if last.bad_action else self.config.action_template
            follow_up = self.prompts.follow_up(template, self._variables(last), self.config.prompt_layout.follow_up)
            turn.add(self._prompt_message(follow_up, "action", len(turn.messages)), follow_up)  # the last call's input
            turn.phase = "action"
        if turn.phase == "reflection_action":
            assert last is not None
            reflection, action = self._ask(turn.phase, self._parse_both)
            self._apply(last, reflection)
        else:
            action = self._ask("action", lambda text: parse_action(text, self.config.action_types))
        self._turn = None
        return self._execute(action)

    def _parse_both(self, text: str) -> tuple[Reflection, ActionRequest]:
        errors = []
        reflection = action = None
        try:
            reflection = parse_reflection(text)
        except ResponseFormatError as e:
            errors.append(str(e))
        try:
            action = parse_action(text, self.config.action_types)
        except ResponseFormatError as e:
            errors.append(str(e))
        if reflection is None or action is None:
            raise ResponseFormatError(" ".join(errors))
        return reflection, action

    @staticmethod
    def _apply(node: OperationNode, reflection: Reflection) -> None:
        node.bad_action, node.summary, node.lessons = reflection.bad_action, reflection.summary, reflection.lessons

    def _check_limits(self) -> None:
        """Upstream's checks from `DefaultAgent.query()`, run before every model call."""
        if 0 < self.config.step_limit <= self.n_calls or 0 < self.config.cost_limit <= self.cost:
            raise LimitsExceeded(_exit_message("LimitsExceeded"))
        if 0 < self.config.wall_time_limit_seconds <= int(time.time() - self._start_time):
            raise TimeExceeded(_exit_message("TimeExceeded"))

    def _ask(self, phase: str, parse: Callable[[str], T]) -> T:
        """One model call over the turn's messages; a malformed answer raises FormatError (the run loop records the
        error message and calls `step` again, which asks again in the same turn)."""
        self._check_limits()
        turn = self._turn
        assert turn is not None
        system = {"role": "system", "content": self.messages[0]["content"]}
        self.n_calls += 1
        message, content = self._query_text([system, *turn.api(self.cache_control)], phase)
        self.cost += message.get("extra", {}).get("cost", 0.0)
        self.add_messages(*turn.unrecorded(), message)
        turn.add({"role": "assistant", "content": content})
        turn.recorded += 1
        try:
            return parse(content)
        except ResponseFormatError as e:
            error = render(self.config.format_error_template, **self.get_template_vars(error=str(e), phase=phase))
            error_message = self.model.format_message(
                role="user", content=error, extra={"interrupt_type": "FormatError", "phase": phase}
            )
            turn.add(error_message)
            turn.recorded += 1  # the run loop records it
            raise FormatError(error_message) from None

    def _query_text(self, messages: list[dict], phase: str) -> tuple[dict, str]:
        """The model's answer and its text (with the phase's `phase_model_kwargs`). A model class that parses actions
        itself may reject a text-only answer with FormatError: its billed response is then taken as the answer."""
        try:
            message = self.model.query(messages, **self.config.phase_model_kwargs.get(phase, {}))
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
        self.context.after_operation(action.action_type not in self.config.read_only_actions, self.shown)
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

    def render_code_context(self) -> str:
        """The code context as a rebuild shows it (the bridge's blocks of the above-threshold chunks)."""
        return self.context.current().text

    def start_turn(self) -> Turn:
        """The step's first prompt. Reflected steps not in the prompt yet become records, or, when the layout says
        so, the memory is rendered again (a rebuild); the code the last operation brought in that the prompt does
        not show yet is the tail's context update."""
        history = self.memory.history
        last = history.last
        reflect = last is not None and last.bad_action is None
        n = self.memory.n_operations
        rendering = self.context.current()
        new = [node for node in history.nodes if node.id > self._in_prompt and node.bad_action is not None]
        records = [self.prompts.record(f"step_{node.id + 1}", self._record_variables(node)) for node in new]
        rebuilt = self.prompts.needs_rebuild(n, sum(len(r.text) + 2 for r in records))
        if rebuilt:
            self.prompts.rebuild(self._memory_variables(rendering.text, reflect), n)
            added = 0
        else:
            for node, record in zip(new, records, strict=True):
                self.prompts.append(record)
                self._shown_lessons.update(node.lessons)
            added = len(records)
        self._in_prompt = (last.id - 1 if reflect else last.id) if last is not None else -1
        if rebuilt:
            self.shown.reset(rendering)
        if last is not None and last.id not in self._updates:
            chunks, update = self.context.update(self.shown)
            self.shown.add(chunks, update)
            self._updates[last.id] = blocks_text(update)
        if not reflect:
            phase, template = "action", self.config.action_template
        elif self.config.single_call:
            phase, template = "reflection_action", self.config.single_call_template
        else:
            phase, template = "reflection", self.config.reflection_template
        prompt = self.prompts.build(
            template, self._variables(last), rebuilt=rebuilt, added=added, extended=phase == "reflection"
        )
        turn = Turn(phase=phase)
        turn.add(self._prompt_message(prompt, phase, 1), prompt)
        return turn

    def _prompt_message(self, prompt: Prompt, phase: str, prefix_messages: int) -> dict:
        """The prompt as the trajectory stores it: its text, its sections (offsets) and which part of the call was
        meant to be a cached prefix (the first `prefix_messages` messages and `prefix_chars` of this one)."""
        cache = {
            "prefix_messages": prefix_messages,
            "prefix_chars": prompt.cached_chars(),
            "boundaries": prompt.boundaries(),
            "rebuild": prompt.rebuild,
            "cache_control": self.cache_control,
        }
        extra = {"llm_ide": {"phase": phase, "sections": prompt.offsets(), "cache": cache}}
        return self.model.format_message(role="user", content=prompt.text, extra=extra)

    def _memory_variables(self, code_context: str, reflect: bool) -> dict[str, Any]:
        """The seed's compact prompt: the chain (without the last node while it waits for its reflection: the tail
        shows it), the lessons, the code context."""
        m = self.config.memory
        chain = self.memory.history.chain()
        if reflect:
            chain = chain[:-1]
        lessons = self.memory.history.lessons()
        constraints, _ = self._consultant_advice()
        lessons += [c for c in constraints if c not in lessons]
        lessons = lessons[-m.max_lessons :] if m.max_lessons else lessons
        self._shown_lessons = set(lessons)
        split, stride = max(0, len(chain) - m.recent_nodes), max(1, m.log_stride)
        short = max(0, split - m.brief_nodes) // stride * stride
        bare = max(0, split - m.summary_nodes) // stride * stride if m.summary_nodes else 0
        views = [
            node_view(n, is_last=False, is_recent=i >= split, age=len(chain) - 1 - i, short=i < short, bare=i < bare)
            for i, n in enumerate(chain)
        ]
        return self._variables(None, code_context=code_context, log=views[:split], chain=views[split:], lessons=lessons)

    def _record_variables(self, node: OperationNode) -> dict[str, Any]:
        return self._variables(
            None,
            n=node_view(node, is_last=False, is_recent=True),
            context_update=self._updates.get(node.id, ""),
        )

    def _variables(self, last: OperationNode | None, **overrides: Any) -> dict[str, Any]:
        """Every section's variables (StrictUndefined: all of them are always defined)."""
        constraints, advice = self._consultant_advice()
        update = self._updates.get(last.id, "") if last is not None else ""
        has_history = any(p.name.startswith("history") for p in self.prompts.epoch.memory) or bool(
            self.prompts.epoch.records
        )
        variables: dict[str, Any] = {
            "code_context": "",
            "chain": [],
            "log": [],
            "lessons": [],
            "n": None,
            "last": None,
            "context_update": update,
            "history_heading": not has_history,
            "constraints": [c for c in constraints if c not in self._shown_lessons],
            "advice": advice,
            "n_operations": self.memory.n_operations,
            "single_call": self.config.single_call,
            "tool_usage": self.env_.tool_usage() if self.prompts.head is None else "",
        }
        variables["shown_code"] = frozenset()
        if last is not None:
            shown = self.shown.texts()
            seen = within(last.observation, shown) if last.observation else False
            variables["last"] = node_view(last, is_last=True, is_recent=True, in_code_context=seen)
            variables["shown_code"] = normalized(shown)
        variables.update(overrides)
        return self.get_template_vars(**variables)

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
            "code_context": self.context.rendering.text,
            "memory_config": self.config.memory.model_dump(mode="json"),
            "prompt_layout": self.config.prompt_layout.model_dump(mode="json")
            | {"single_call": self.config.single_call},
        }
        data: dict[str, Any] = {"llm_ide": info}
        if self.bug_tracker is not None:
            data["bug_consultant"] = self.bug_tracker.stats()
        own = {"instance_id": self.instance_id} if self.instance_id else {}  # as upstream's batch adds it
        return super().serialize({"info": data, **own}, *extra_dicts)

    def save(self, path: Path | None, *extra_dicts: dict) -> dict:
        """Upstream's save, without encoding and writing the whole history again at every step (see
        agent/trajectory_file.py); the memory is stored on one line."""
        data = self.serialize(*extra_dicts)
        if path:
            self._trajectory.write(path, data)
        return data


def _exit_message(status: str) -> dict:
    return {"role": "exit", "content": status, "extra": {"exit_status": status, "submission": ""}}
