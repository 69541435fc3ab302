"""BugTracker: the Bug Consultant as the LLM-IDE agent sees it — it watches the commands the agent runs.

A failing command with an error starts a bug record; a later run of the same command is a trial; success
completes the record. With `use_bug_consultant: false` nothing is recorded, retrieved or advised, but the
episode's bug figures are still counted so that both arms of an A/B comparison report the same metrics.

A new record's `code` is the project's files its traceback passes through, read when the command failed (through
`read_file`, e.g. from the agent's container): the program field then compares programs as the benchmark does with
code, instead of only the lines the traceback shows.
"""

from __future__ import annotations

import ast
import logging
import posixpath
import re
import shlex
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agent.bug_consultant.config import BugConsultantConfig
from agent.bug_consultant.consultant import BugConsultant, config_from
from agent.bug_consultant.errors import ErrorInfo, Frame, parse_error
from agent.bug_consultant.records import BugRecord

logger = logging.getLogger("agent.bug_consultant")

_CD_PREFIX = re.compile(r"^\s*cd\s+\S+\s*&&\s*")
_TIMEOUT_PREFIX = re.compile(r"^\s*timeout\s+\S+\s+")
# output plumbing that does not change what runs: `2>&1`, `| tail -30`, `| head`, `| grep -v x`
_PLUMBING = re.compile(r"\s+2>&1|\s*\|\s*(?:head|tail|grep|cat|less|tee)\b[^|]*$")


FileReader = Callable[[str], "str | None"]  # an absolute path -> the file's text, None when it cannot be read


def command_key(command: str) -> str:
    """The same command, however it was prefixed (`cd /repo && …`, `timeout 60 …`), piped into head/tail/grep or
    spaced."""
    text = command.strip()
    while True:
        stripped = _PLUMBING.sub("", _TIMEOUT_PREFIX.sub("", _CD_PREFIX.sub("", text))).strip()
        if stripped == text:
            break
        text = stripped
    return " ".join(text.split())


@dataclass
class EpisodeBug:
    """One bug of this episode, counted in both arms."""

    command: str
    fingerprint: str
    step: int
    attempts: int = 0
    resolved: bool = False
    first_attempt_fix: bool = False
    repeated_errors: int = 0
    record_id: str | None = None
    resolved_step: int | None = None  # the step whose run of the command passed


@dataclass
class _Open:
    bug: EpisodeBug
    record: BugRecord | None
    fingerprints: set[str]
    commands: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)


class BugTracker:
    """observe() every command the agent ran; advice() and constraints() for its next prompt; stats() at the end."""

    def __init__(
        self,
        config: BugConsultantConfig | Mapping[str, Any] | None = None,
        run_id: str | None = None,
        log_dir: Path | None = None,
        *,
        instance_id: str = "",
        experiment_dir: Path | None = None,
        read_file: FileReader | None = None,
        project_root: str = "",
    ):
        """`read_file` and `project_root` (the folder commands run in): a new record's code is the traceback's
        project files under `project_root`, read through `read_file`; without them records carry no code."""
        self.config = config_from(config)
        self.read_file = read_file
        self.project_root = project_root
        self.enabled = self.config.use_bug_consultant
        self.consultant = (
            BugConsultant(self.config, log_dir, run_id, instance_id=instance_id, experiment_dir=experiment_dir)
            if self.enabled
            else None
        )
        self.bugs: list[EpisodeBug] = []
        self._open: dict[str, _Open] = {}
        self._active: str | None = None
        self._attempted: set[str] = set()  # fingerprints that had a failed attempt on them
        self.error_events = 0
        self.repeated_error_events = 0
        self.advice_prompts = 0
        self.advice_items_shown = 0
        self._advice_cache: dict[tuple[str, int], tuple[str, int]] = {}
        self.observe_errors = 0

    # the agent's side ------------------------------------------------------------------------------------------
    def observe(self, command: str, output: str, returncode: int, thought: str = "", step: int = 0) -> None:
        try:
            self._observe(command, output, returncode, thought, step)
        except Exception:  # the boundary: the consultant must never stop the agent
            self.observe_errors += 1
            logger.exception("bug consultant: observe failed; the agent goes on without it")

    def _observe(self, command: str, output: str, returncode: int, thought: str, step: int) -> None:
        key = command_key(command)
        if not key:
            return
        info = parse_error(output, returncode)
        if key in self._open:
            self._attempt(key, output, returncode, thought, info, step)
            return
        for other in self._open.values():
            other.commands.append(key)
            if thought:
                other.thoughts.append(thought)
        first_word = shlex.split(key, posix=True)[0] if _splittable(key) else key.split()[0]
        if info is None or Path(first_word).name in self.config.ignore_commands:
            return
        fingerprint = info.fingerprint()
        self._error_event(fingerprint)
        bug = EpisodeBug(command=key, fingerprint=fingerprint, step=step)
        record = None
        if self.consultant is not None:
            code = ""
            if self.read_file is not None and self.project_root:
                code = project_code(info, self.read_file, self.project_root, cd=_cd_dir(command))
            record = self.consultant.start_bug_record(
                node_id=f"step-{step}", node_step=step, code=code, error_output=output, plan=thought, command=key
            )
            bug.record_id = record.id
        self.bugs.append(bug)
        if len(self._open) >= self.config.max_open_bugs:
            self._close(next(iter(self._open)))
        self._open[key] = _Open(bug, record, {fingerprint})
        self._active = key

    def _attempt(self, key: str, output: str, returncode: int, thought: str, info: ErrorInfo | None, step: int) -> None:
        entry = self._open[key]
        entry.bug.attempts += 1
        plan = next((t for t in entry.thoughts if t.strip()), thought)
        code = "\n".join(entry.commands)
        if returncode == 0:
            entry.bug.resolved = True
            entry.bug.resolved_step = step
            entry.bug.first_attempt_fix = entry.bug.attempts == 1
            if self.consultant is not None and entry.record is not None:
                self.consultant.record_trial(
                    entry.record, debug_plan=plan, debug_code=code, outcome="success", commands=entry.commands
                )
                self.consultant.complete_bug_record(entry.record)
            del self._open[key]
            if self._active == key:
                self._active = next(reversed(self._open), None)
            return
        fingerprint = info.fingerprint() if info else ""
        self._attempted.update(entry.fingerprints)
        if fingerprint:
            if self._error_event(fingerprint):
                entry.bug.repeated_errors += 1
            entry.fingerprints.add(fingerprint)
        if self.consultant is not None and entry.record is not None:
            self.consultant.record_trial(
                entry.record,
                debug_plan=plan,
                debug_code=code,
                outcome="failed",
                error_output=output,
                commands=entry.commands,
            )
        entry.commands, entry.thoughts = [], []
        self._active = key

    def _error_event(self, fingerprint: str) -> bool:
        """Counts an error; True when its fingerprint is seen again after a failed attempt on it."""
        self.error_events += 1
        repeated = fingerprint in self._attempted
        self.repeated_error_events += repeated
        return repeated

    def _close(self, key: str) -> None:
        entry = self._open.pop(key)
        if self.consultant is not None and entry.record is not None:
            self.consultant.complete_bug_record(entry.record)
        if self._active == key:
            self._active = next(reversed(self._open), None)

    def finish(self) -> None:
        """End of the episode: unresolved bugs are completed as unresolved (call once, optional)."""
        for key in list(self._open):
            self._close(key)

    # the prompt's side -----------------------------------------------------------------------------------------
    def active_record(self) -> BugRecord | None:
        entry = self._open.get(self._active) if self._active else None
        return entry.record if entry else None

    def advice(self) -> str:
        """The body of the "Debugging Advice" section; "" when there is nothing above threshold to say."""
        record = self.active_record()
        if self.consultant is None or record is None:
            return ""
        cache_key = (record.id, record.num_trials)
        if cache_key not in self._advice_cache:
            before = self.consultant.retrieval.shown
            text = self.consultant.get_advice(record)
            similar = self.consultant.retrieval.shown - before
            failed = min(len(record.failed_strategies), self.config.max_failed_strategies)
            items = similar + failed + min(len(set(record.learned_constraints)), self.config.max_constraints)
            self._advice_cache[cache_key] = (text, items if text else 0)
            self.advice_items_shown += items if text else 0
        text, _ = self._advice_cache[cache_key]
        self.advice_prompts += bool(text)
        return text

    def constraints(self) -> list[str]:
        """World-model constraints for Lessons Learned: those of similar past bugs, then this run's."""
        if self.consultant is None or not self.config.enable_world_model:
            return []
        found: list[str] = []
        if record := self.active_record():
            found.extend(self.consultant.similar_constraints(record))
        found.extend(self.consultant.world_model.api_constraints)
        return list(dict.fromkeys(found))[: self.config.max_constraints]

    def stats(self) -> dict[str, Any]:
        """What the A/B report reads (the agent stores it as the trajectory's `info["bug_consultant"]`)."""
        consultant = self.consultant
        summary = consultant.summarizer.stats if consultant else None
        retrieval = consultant.retrieval if consultant else None
        latencies = sorted(retrieval.latencies_ms) if retrieval else []
        return {
            "enabled": self.enabled,
            "run_id": consultant.run_id if consultant else None,
            "records": len(consultant.bug_records) if consultant else 0,
            "trials": sum(b.attempts for b in self.bugs),
            "bugs": [asdict(b) for b in self.bugs],
            "error_events": self.error_events,
            "repeated_error_events": self.repeated_error_events,
            "summary_calls": summary.calls if summary else 0,
            "summary_failures": summary.failures if summary else 0,
            "summary_cost": summary.cost if summary else 0.0,
            "retrieval_queries": retrieval.queries if retrieval else 0,
            "retrieval_candidates": retrieval.candidates if retrieval else 0,
            "retrieved_above_threshold": retrieval.above_threshold if retrieval else 0,
            "retrieval_p95_ms": latencies[int(0.95 * (len(latencies) - 1))] if latencies else None,
            "advice_prompts": self.advice_prompts,
            # world-model growth (a seed metric): what this run's completed bugs added
            "world_model_insights": len(consultant.world_model.insights) if consultant else 0,
            "world_model_constraints": len(consultant.world_model.api_constraints) if consultant else 0,
            "advice_items_shown": self.advice_items_shown,
            "observe_errors": self.observe_errors,
        }


def project_code(
    info: ErrorInfo, read_file: FileReader, root: str, *, cd: str = "", max_files: int = 3, max_chars: int = 20_000
) -> str:
    """The project files the traceback passes through, as the labelled sets give a program's `code`: each file after
    a `# file: <path relative to root>` line, the innermost project frame's file first, at most `max_files`. Files
    outside `root`, in site-packages or the stdlib, and files that cannot be read are left out; a file longer than
    `max_chars` is cut to its imports and the functions around its frames' lines. Relative paths in the traceback
    are taken from `cd` (the command's `cd DIR &&`, relative to root) or root."""
    root = posixpath.normpath(root)
    files: dict[str, list[int]] = {}  # absolute path -> its frames' lines, innermost file first
    for frame in [*reversed(info.frames), *reversed(info.outer_frames)]:
        if (path := _project_path(frame, root, cd)) is not None:
            files.setdefault(path, []).append(frame.line)
    parts: list[str] = []
    for path, lines in list(files.items())[: max_files * 2]:
        if len(parts) >= max_files:
            break
        try:
            text = read_file(path)
        except Exception:  # a reader that fails is a file without code, never an error for the agent
            logger.debug("bug consultant: cannot read %s", path, exc_info=True)
            text = None
        if text and (text := text if len(text) <= max_chars else _around(text, lines, max_chars)):
            parts.append(f"# file: {posixpath.relpath(path, root)}\n{text.rstrip()}\n")
    return "\n".join(parts)


def _project_path(frame: Frame, root: str, cd: str) -> str | None:
    """The frame's file as an absolute path under root; None for library, stdlib and `<string>` frames."""
    if frame.library is not None or not frame.file or frame.file.startswith("<"):
        return None
    path = posixpath.normpath(posixpath.join(root, cd, frame.file))
    return path if path.startswith(root.rstrip("/") + "/") else None


def _around(text: str, lines: list[int], max_chars: int) -> str:
    """A long file cut to what a debugger looks at: its imports and the innermost function (or top-level statement)
    around each of `lines`, in file order, each dedented so that it parses alone; "" when the file does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return ""
    source = text.splitlines()
    spans: list[tuple[int, int]] = []
    for line in lines:  # innermost frame first: it keeps its function when the cap leaves others out
        around = [
            (min([n.lineno, *(d.lineno for d in n.decorator_list)]), n.end_lineno or n.lineno)
            for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno <= line <= (n.end_lineno or 0)
        ]
        around = around or [(n.lineno, n.end_lineno or n.lineno) for n in tree.body]
        found = max((span for span in around if span[0] <= line <= span[1]), key=lambda span: span[0], default=None)
        if found is not None and found not in spans:
            spans.append(found)
    imports = [(n.lineno, n.end_lineno or n.lineno) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    kept: list[tuple[int, int]] = []
    size = 0
    for start, end in [*spans, *imports]:
        piece = textwrap.dedent("\n".join(source[start - 1 : end]))
        if size + len(piece) + 1 > max_chars:
            continue
        kept.append((start, end))
        size += len(piece) + 1
    return "\n".join(textwrap.dedent("\n".join(source[s - 1 : e])) for s, e in sorted(kept))


_CD_DIR = re.compile(r"^\s*cd\s+(\S+)\s*&&")


def _cd_dir(command: str) -> str:
    """The folder of a command's `cd DIR &&` prefix (shell quotes removed), "" without one."""
    if not (m := _CD_DIR.match(command)):
        return ""
    try:
        return shlex.split(m.group(1))[0]
    except (ValueError, IndexError):
        return ""


def env_file_reader(env: Any, max_bytes: int = 1_000_000) -> FileReader:
    """A reader of the environment's files through its shell (`env.execute`, as the agent's commands run): a regular
    file's first `max_bytes`; None when it is missing, not a regular file, or the command fails in any way."""

    def read(path: str) -> str | None:
        quoted = shlex.quote(path)
        try:
            out = env.execute({"command": f"test -f {quoted} && head -c {max_bytes} -- {quoted}"})
        except Exception:  # Submitted by a file starting with the submit marker, a timeout, a stopped container
            return None
        if not isinstance(out, dict) or out.get("returncode") != 0 or out.get("exception_info"):
            return None
        return str(out.get("output", "")) or None

    return read


def _splittable(text: str) -> bool:
    try:
        return bool(shlex.split(text))
    except ValueError:
        return False


def env_cwd(env: Any) -> str:
    """The folder the environment runs commands in (a local environment without one: this process's)."""
    return str(getattr(getattr(env, "config", None), "cwd", "") or Path.cwd())
