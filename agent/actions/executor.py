"""The agent's actions: bash, LSP-backed code navigation, exact edits, the debugger, submit.

`Actions(bridge, run_shell)` needs only a BridgeClient (or anything with its methods) and a function running a shell
command in the repository (`run_shell(cmd) -> (output, returncode)`), so benchmarks can drive it without an agent.
Every call returns an `ActionResult`; bad params and unknown action types come back as observations naming the valid
forms. The one exception that passes through is whatever `run_shell` raises (the environment raises upstream's
`Submitted` there when a submission is detected).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import keyword
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import PurePosixPath

from agent.actions.located import (
    Bridge,
    FileFacts,
    Scope,
    block_text,
    compact_signature,
    cut_lines,
    is_test_file,
    line_texts,
    located,
)
from agent.actions.params import (
    FileLines,
    ParamError,
    Symbol,
    normalize_path,
    parse_edit,
    parse_overview,
    parse_symbol,
    parse_target,
    parse_use,
)
from agent.actions.templates import ActionTemplates
from agent.types import ActionResult, ChunkRef
from lsp_bridge.blocks import FileBlock, continued_rows

logger = logging.getLogger("agent.actions")

ShellRunner = Callable[[str], tuple[str, int]]
ACTION_TYPES = ("bash", "open", "overview", "find_symbol", "definition", "references", "edit", "debugger", "submit")
LSP_ACTIONS = frozenset({"open", "overview", "find_symbol", "definition", "references"})
# lsp-bridge re-checks the disk about once a second (and a file whenever a request names it): an LSP action within
# this many seconds of a shell command asks it to look at once, later ones rely on its poll (a sync of a large
# repository costs tens of milliseconds)
SYNC_WINDOW = 2.0
_REPLACED_AT = re.compile(r"replaced at line (\d+)")
_CITED = re.compile(r"(?<![\w/.-])((?:/testbed/)?[\w.-]+(?:/[\w.-]+)*\.py):(\d+)")
# a shown `def`/`class` line: numbered (`12  def f(`), continuing a number's column, or a located line's
# `file:line  name  def f(`
_SIGNATURE_ROW = re.compile(r"^(?:\d+|\S+:\d+\s+\S+)?\s*(?:async\s+def|def|class)\s")


@dataclass
class ActionLimits:
    """How much one observation may show (keep observations lean: the prompt is rebuilt every step)."""

    max_open_lines: int = 150
    max_overview_lines: int = 120
    max_definitions: int = 5
    max_test_matches: int = 2  # test definitions listed when nothing outside tests defines the name
    max_loose_matches: int = 2
    max_loose_matches_after_exact: int = 1
    max_references: int = 30
    max_test_references: int = 8
    max_reference_chunks: int = 10
    max_outline_chunk_lines: int = 40
    compact_outline_rows: int = 10  # an outline longer than this lists its members compactly (`_compact_rows`)
    max_inline_lines: int = 30  # a class or function this short is shown whole where an outline or a line would do
    min_part_fraction: float = 0.5  # a part of a long range is cut at a method boundary when it keeps this much
    min_elided_docstring: int = 10  # a function too long for one part shows a docstring this long by its first line
    min_elided_attribute_doc: int = 3  # a short class shown whole: attribute docstrings this long past their first line
    line_context: int = 7  # `open FILE:LINE` outside any function: this many lines either side
    neighbour_reach: int = 60  # `open FILE:LINE` in a function: short functions beside it within this many lines
    max_called: int = 2  # `open FILE:LINE` names where this many functions called on that line are defined
    short_file_lines: int = 80  # `open FILE:LINE` in the body of a short function of a file this short: the file
    recently_shown: int = 8  # find_symbol's unique function is not shown whole again within this many calls
    recently_outlined: int = 20  # nor a unique class's outline (or the class whole) within this many
    max_output_chars: int = 10000
    # a code line longer than `max_line_chars` (a generated regex, a data blob) is cut to `cut_line_chars`
    max_line_chars: int = 500
    cut_line_chars: int = 200


@dataclass
class Definition:
    file: str
    line: int
    qualname: str
    detail: str
    kind: str  # Class | Function | Method | Variable | ...
    cls: str | None = None
    function: str | None = None
    end_line: int | None = None
    alias: str = ""  # the import alias this definition was found through (`file:line  from m import f as g`)
    overloads: tuple[int, ...] = ()  # the def lines of its `@overload` signatures, folded into this implementation
    test: bool = field(init=False)

    def __post_init__(self) -> None:
        self.test = is_test_file(self.file)

    @property
    def is_class(self) -> bool:
        return self.kind == "Class"

    def text(self) -> str:
        own = located(self.file, self.line, self.qualname, self.detail, "test" if self.test else "")
        if self.overloads:
            own += f"  (@overload: {', '.join(map(str, self.overloads))})"
        return f"{own}\n  alias: {self.alias}" if self.alias else own

    def chunk(self) -> ChunkRef:
        return ChunkRef(self.file, self.cls, self.function, False, (self.line,))


class Actions:
    def __init__(
        self,
        bridge: Bridge | None,
        run_shell: ShellRunner,
        *,
        root: str = "/testbed",
        templates: ActionTemplates | None = None,
        limits: ActionLimits | None = None,
        reconnect: Callable[[], Bridge | None] | None = None,
    ) -> None:
        self.bridge = bridge
        self.run_shell = run_shell
        self.root = root
        self.templates = templates or ActionTemplates.load()
        self.limits = limits or ActionLimits()
        self.reconnect = reconnect
        self._changed_at: float | None = None  # when a shell command last ran (it may have changed files)
        self._calls = 0  # actions executed so far
        self._shown_whole: dict[tuple[str, int], int] = {}  # (file, def line) -> the call that last showed a function
        # (file, def line) -> the call that last showed a long function's code without its long docstring
        self._code_shown: dict[tuple[str, int], int] = {}
        # the (file, line)s of the definitions a find_symbol answer listed -> the name asked and the call
        self._listed: dict[tuple[tuple[str, int], ...], tuple[str, int]] = {}
        self._handlers: dict[str, Callable[[str], ActionResult]] = {
            "bash": self.bash,
            "open": self.open,
            "overview": self.overview,
            "find_symbol": self.find_symbol,
            "definition": self.definition,
            "references": self.references,
            "edit": self.edit,
            "debugger": self.debugger,
            "submit": self.submit,
        }

    # ---- entry points

    def usage(self, **variables: object) -> str:
        """The built-in actions' part of the Tool Usage section."""
        return self.templates.render(
            self.templates.usage, **{"cwd": self.root, "reproduction_script": "", **variables}
        ).strip()

    def execute(self, action_type: str, params: str) -> ActionResult:
        self._calls += 1
        kind = (action_type or "").strip().lower()
        handler = self._handlers.get(kind)
        if handler is None:
            text = self.templates.message("unknown_action", action_type=action_type, valid=ACTION_TYPES)
            return ActionResult(text, returncode=2, bad_params=True)
        if kind in LSP_ACTIONS:
            return self._lsp(kind, handler, params or "")
        try:
            return handler(params or "")
        except ParamError as e:
            return self._bad(kind, params, str(e))

    def _bad(self, kind: str, params: str | None, reason: str) -> ActionResult:
        text = self.templates.message(
            "bad_params", action_type=kind, reason=reason, params=(params or "").strip(), form=self.templates.form(kind)
        )
        return ActionResult(text, returncode=2, bad_params=True)

    def _lsp(self, kind: str, handler: Callable[[str], ActionResult], params: str) -> ActionResult:
        if self.bridge is None:
            return ActionResult(self.templates.message("no_bridge", action_type=kind), returncode=1, bad_params=True)
        for attempt in (1, 2):
            try:
                if self._changed_at is not None and time.monotonic() - self._changed_at < SYNC_WINDOW:
                    self.bridge.sync()  # the bridge's own disk poll may not have run since: look now
                self._changed_at = None
                return self._long_lines_cut(handler(params))
            except ParamError as e:
                return self._bad(kind, params, str(e))
            except Exception as e:  # a dead or confused language server must not end the run
                logger.warning("lsp action %s failed (attempt %d): %s", kind, attempt, e)
                if _bridge_gone(e):
                    # one reconnect; a server that still does not answer is dropped for the rest of the run, so a
                    # hung bridge costs one timeout per action at most twice, not on every later step
                    self.bridge = self.reconnect() if attempt == 1 and self.reconnect is not None else None
                    if self.bridge is not None:
                        continue
                return ActionResult(self.templates.message("bridge_error", error=str(e) or type(e).__name__), 1)
        raise AssertionError("unreachable")

    def _long_lines_cut(self, result: ActionResult) -> ActionResult:
        """`result` with each line longer than `max_line_chars` (a generated module's 10,000-character regex) cut to
        its first `cut_line_chars` characters and a note of what is left out (`sed -n 'Lp' FILE` prints it whole);
        a `def` or `class` line is code to call or edit, never cut here."""
        limit, keep = self.limits.max_line_chars, self.limits.cut_line_chars
        rows = result.observation.split("\n")
        if limit <= 0 or not any(len(row) > limit and not _SIGNATURE_ROW.match(row) for row in rows):
            return result
        result.observation = "\n".join(
            row
            if len(row) <= limit or _SIGNATURE_ROW.match(row)
            else f"{row[:keep]} … ({len(row) - keep} more characters)"
            for row in rows
        )
        return result

    # ---- shell-backed actions

    def _shell(self, command: str) -> tuple[str, int]:
        output, code = self.run_shell(command)
        self._changed_at = time.monotonic()
        return output, code

    def _clip(self, output: str) -> str:
        limit = self.limits.max_output_chars
        if len(output) <= limit:
            return output
        half = limit // 2
        note = self.templates.message("output_elided", elided=len(output) - limit)
        return f"{output[:half]}\n{note}\n{output[-half:]}"

    def bash(self, params: str) -> ActionResult:
        command = params.strip()
        if not command:
            raise ParamError("empty command")
        output, code = self._shell(command)
        return ActionResult(self._clip(output), code, command=command)

    def edit(self, params: str) -> ActionResult:
        edit = parse_edit(params, self.root)
        command = self.templates.command("edit", file=edit.file, old=edit.old, new=edit.new)
        output, code = self._shell(command)
        chunks: list[ChunkRef] = []
        if code == 0 and (m := _REPLACED_AT.search(output)):
            first = int(m[1])
            count = max(1, edit.new.rstrip("\n").count("\n") + 1) if edit.new else 1
            chunks = self._chunks_for_lines(edit.file, list(range(first, first + count)))
        return ActionResult(self._clip(output), code, chunks, command=command)

    def debugger(self, params: str) -> ActionResult:
        args = params.strip()
        if args.startswith("debugger "):
            args = args[len("debugger ") :].strip()
        sub = args.split(maxsplit=1)[0] if args else ""
        if sub not in self.templates.debugger_subcommands:
            raise ParamError(f"unknown debugger command {sub!r}" if sub else "empty")
        command = self.templates.command("debugger", args=args)
        output, code = self._shell(command)
        cited: list[tuple[str, int]] = []
        for file, line in _CITED.findall(output):
            where = (normalize_path(file, self.root), int(line))
            if not where[0].startswith("/") and where not in cited:
                cited.append(where)
        chunks = [c for file, line in cited[:3] for c in self._chunks_for_lines(file, [line])]
        return ActionResult(self._clip(output), code, chunks, command=command)

    def submit(self, params: str) -> ActionResult:
        paths = [normalize_path(p, self.root) for p in params.split()]
        command = self.templates.command("submit", paths=paths)
        output, code = self._shell(command)
        return ActionResult(self._clip(output), code, command=command)

    # ---- LSP-backed actions

    @property
    def _bridge(self) -> Bridge:
        assert self.bridge is not None
        return self.bridge

    def _definitions(self, name: str, facts: FileFacts) -> list[Definition]:
        """Exact definitions of `name` (dotted suffix match), non-test files first."""
        found = self._bridge.locate(symbol=name).get("chunks") or []
        out: list[Definition] = []
        for c in found:
            file, cls, function, lines = c["file"], c.get("class"), c.get("function"), c.get("lines") or []
            via = c.get("via")
            alias = f"{via['file']}:{via['line']}  {via['text']}" if via else ""
            scope = _scope_named(facts.scopes(file), cls, function, lines[0] if lines else 0)
            if scope is not None and scope.kind == "Class" and lines and lines[0] > scope.line and not via:
                scope = None if name.rsplit(".", 1)[-1] != scope.name else scope  # `Class.attr`: the attribute's line
            if scope is not None:
                out.append(Definition(file, scope.line, scope.qualname, scope.detail, scope.kind, cls, function,
                                      scope.end_line, alias))  # fmt: skip
            elif lines:
                qualname, detail = facts.defined_at(file, lines[0], name.rsplit(".", 1)[-1])
                out.append(Definition(file, lines[0], qualname or name, detail, "Variable", cls, function, None, alias))
        return sorted(self._fold_overloads(out, facts), key=_rank)

    def _fold_overloads(self, defs: list[Definition], facts: FileFacts) -> list[Definition]:
        """`@typing.overload` signatures folded into their implementation (the def of the same name in the same file
        without the decorator), which alone is listed, with their def lines: they are stubs (`...`), and opening
        each costs a call. Overloads without an implementation (a `.pyi` stub) are all kept."""
        decorated: dict[str, list[int]] = {}
        for d in defs:
            scope = _scope_at(facts.scopes(d.file), d.line) if d.kind in _SCOPE_KINDS - {"Class"} else None
            if scope is not None and scope.start_line < scope.line:
                decorated.setdefault(d.file, []).extend(range(scope.start_line, scope.line))
        if not decorated:
            return defs
        texts = line_texts(self._bridge, decorated)
        stubs = {
            (d.file, d.line)
            for d in defs
            if (scope := _scope_at(facts.scopes(d.file), d.line)) is not None
            and any(_OVERLOAD.match(texts.get((d.file, n), "")) for n in range(scope.start_line, scope.line))
        }
        if not stubs:
            return defs
        out: list[Definition] = []
        for d in defs:
            if (d.file, d.line) in stubs:
                continue
            folded = sorted(
                o.line for o in defs if (o.file, o.line) in stubs and (o.file, o.qualname) == (d.file, d.qualname)
            )
            out.append(dataclasses.replace(d, overloads=tuple(folded)) if folded else d)
        implemented = {(d.file, d.qualname) for d in out}
        return out + [d for d in defs if (d.file, d.line) in stubs and (d.file, d.qualname) not in implemented]

    def _chunks_for_lines(self, file: str, lines: list[int]) -> list[ChunkRef]:
        """The lines grouped by the innermost class/function holding them (what the memory tracks)."""
        if self.bridge is None:
            return [ChunkRef(file, lines=tuple(lines))]
        facts = FileFacts(self.bridge)
        groups: dict[tuple[str | None, str | None], list[int]] = {}
        for n in lines:
            scope = facts.enclosing(file, n)
            groups.setdefault((scope.cls, scope.function) if scope else (None, None), []).append(n)
        return [ChunkRef(file, cls, fn, False, tuple(ns)) for (cls, fn), ns in groups.items()]

    def _render(self, chunks: list[ChunkRef]) -> str:
        return self._bridge.render_context([chunk_to_dict(c) for c in chunks])

    def _part_end(self, file: str, start: int, end: int, facts: FileFacts) -> int:
        """The last line of a part of `start`-`end` no longer than `max_open_lines`: cut before the outermost
        function that the plain cut would split (its decorators and def with it), when the part keeps at least
        `min_part_fraction` of its lines; a function longer than that is cut where the limit falls."""
        limit = self.limits.max_open_lines
        stop = start + limit - 1
        if stop >= end:
            return end
        split = [s for s in facts.scopes(file) if s.kind != "Class" and s.start_line <= stop < s.end_line]
        first = min((s.start_line for s in split if s.start_line > start), default=None)
        if first is not None and first - start >= limit * self.limits.min_part_fraction:
            return first - 1
        return stop

    def _truncated(self, more: int, hint: str) -> str:
        return self.templates.message("truncated", more=more, hint=hint)

    def _show_range(self, file: str, start: int, end: int, asked: str = "") -> ActionResult:
        """Lines `start`-`end` by the code-context rules, a long range in a part cut at a method boundary; `asked`
        names what the agent asked for (default: them)."""
        facts = FileFacts(self._bridge)
        stop = self._part_end(file, start, end, facts) if self.bridge is not None else end
        blocks = self._bridge.render_blocks([{"file": file, "lines": list(range(start, stop + 1))}])
        if not blocks:
            return self._view_plain(file, start, min(stop, start + self.limits.max_open_lines - 1))
        shown = {n for n, _ in blocks[0].lines}
        present = [n for n in range(start, stop + 1) if n in shown]
        if not present:  # an indexed file, but every line asked for is past its end
            return ActionResult(self.templates.message("past_end", file=file, asked=asked or f"lines {start}-{end}"), 1)
        text = _without_rows(blocks[0], self._repeated_signatures(file, start, stop, blocks[0], facts))
        last = max(shown)
        if stop < end and last >= stop:  # the file goes on past this part
            text += "\n" + self._truncated(end - stop, f"open {file}:{stop + 1}-{end}")
        return ActionResult(text, 0, self._chunks_for_lines(file, present))

    def _repeated_signatures(self, file: str, start: int, stop: int, block: FileBlock, facts: FileFacts) -> set[int]:
        """The lines after the first of the signature of each function longer than one part that holds `start`-`stop`
        below its def (the next part of a long function: the part before showed its signature whole), as `block`
        renders them above `start`; its def line stays."""
        continued = continued_rows(block.lines)
        out: set[int] = set()
        for s in facts.scopes(file):
            if s.kind == "Class" or s.end_line - s.line < self.limits.max_open_lines or not s.line < start <= stop:
                continue
            if stop <= s.end_line:
                n = s.line + 1
                while n in continued and n < start:
                    out.add(n)
                    n += 1
        return out

    def _view_plain(self, file: str, start: int, end: int) -> ActionResult:
        """A file the language server does not index (not Python): numbered lines read with the shell."""
        command = self.templates.command("view_lines", file=file, start=start, end=end)
        output, code = self.run_shell(command)
        if code != 0 or not output.strip():
            return ActionResult(self.templates.message("no_lines", file=file, start=start, end=end), 1, command=command)
        return ActionResult(self._clip(output.rstrip("\n")), 0, command=command)

    def _show_function(self, file: str, scope: Scope, around: int | None = None) -> ActionResult:
        """The whole function; one longer than `max_open_lines` in a part, from its def or centred on `around` (the
        line asked for: a traceback line deep in a long function must be on screen), with the rest as hints."""
        limit = self.limits.max_open_lines
        chunk = ChunkRef(file, scope.cls, scope.function, True, tuple(range(scope.line, scope.end_line + 1)))
        if scope.end_line - scope.line + 1 <= limit:
            accessors = self._accessors(file, scope)
            chunks = [chunk] + [
                ChunkRef(file, s.cls, s.function, True, tuple(range(s.line, s.end_line + 1))) for s in accessors
            ]
            for s in (scope, *accessors):
                self._shown_whole[(file, s.line)] = self._calls
            return ActionResult(self._render(chunks), 0, chunks)
        if (window := self._docstring_window(file, scope, around)) is not None:
            return window
        if (lean := self._without_docstring(file, scope, around)) is not None:
            self._code_shown[(file, scope.line)] = self._calls
            return lean
        if (first := self._first_part_without_docstring(file, scope, around)) is not None:
            self._code_shown[(file, scope.line)] = self._calls
            return first
        start = scope.line if around is None else max(scope.line, min(around - limit // 2, scope.end_line - limit + 1))
        stop = start + limit - 1
        part = ChunkRef(file, scope.cls, scope.function, False, tuple(range(start, stop + 1)))
        rest = [(a, b) for a, b in ((scope.line + 1, start - 1), (stop + 1, scope.end_line)) if a <= b]
        hint = ", ".join(f"open {file}:{a}-{b}" for a, b in rest)
        note = self._truncated(sum(b - a + 1 for a, b in rest), hint)
        return ActionResult(self._render([part]) + "\n" + note, 0, [part])

    def _accessors(self, file: str, scope: Scope) -> list[Scope]:
        """The setter and deleter written right after a property's getter (`@NAME.setter`, `@NAME.deleter`), when
        each is short: one attribute, shown with its getter (opening each would cost a call of its own)."""
        scopes = sorted(FileFacts(self._bridge).scopes(file), key=lambda s: s.start_line)
        out: list[Scope] = []
        last = scope
        for s in scopes:
            if s.start_line <= last.end_line:
                continue
            if s.name != scope.name or s.cls != scope.cls or s.kind == "Class" or s.start_line == s.line:
                break  # the next definition after the getter (or the last accessor) is something else
            if s.end_line - s.line >= self.limits.max_inline_lines:
                break
            out.append(s)
            last = s
        if not out:
            return []
        texts = line_texts(self._bridge, {file: [n for s in out for n in range(s.start_line, s.line)]})
        accessor = re.compile(rf"\s*@{re.escape(scope.name)}\.(setter|deleter)\b")
        kept: list[Scope] = []
        for s in out:
            if not any(accessor.match(texts.get((file, n), "")) for n in range(s.start_line, s.line)):
                break
            kept.append(s)
        return kept

    def _long_docstring(self, file: str, scope: Scope) -> tuple[dict[int, str], tuple[int, int]] | None:
        """The function's numbered lines and its docstring's (first, last) line, when the docstring is at least
        `min_elided_docstring` lines long; None otherwise."""
        blocks = self._bridge.render_blocks([{"file": file, "lines": list(range(scope.line, scope.end_line + 1))}])
        codes = dict(blocks[0].lines) if blocks else {}
        span = docstring_span(codes, scope.line, scope.end_line)
        if span is None or span[1] - span[0] < self.limits.min_elided_docstring:
            return None
        if not any(_EXAMPLE.match(codes.get(n, "")) for n in range(span[0], span[1] + 1)):
            return None  # its parameters and behaviour described, no examples: part of what the function is
        return codes, span

    def _docstring_notes(self, file: str, codes: dict[int, str], first: int, left_out: list[int]) -> dict[int, str]:
        """The note standing for each run of docstring lines left out (`open FILE:A-B` shows them)."""
        indent = codes.get(first, "")[: len(codes.get(first, "")) - len(codes.get(first, "").lstrip())]
        return {
            start - 1: self.templates.message(
                "docstring_elided", indent=indent, more=end - start + 1, file=file, start=start, end=end
            )
            for start, end in _runs(left_out)
        }

    def _docstring_window(self, file: str, scope: Scope, around: int | None) -> ActionResult | None:
        """A line in the long docstring of a long function whose code an answer of the last `recently_shown` calls
        showed without that docstring (a second grep match in its examples): the line with `line_context` lines
        either side, not the function again; None otherwise."""
        shown = self._code_shown.get((file, scope.line))
        if around is None or shown is None or self._calls - shown > self.limits.recently_shown:
            return None
        found = self._long_docstring(file, scope)
        if found is None or not found[1][0] < around <= found[1][1]:
            return None
        context = self.limits.line_context
        return self._show_range(file, max(scope.line, around - context), min(scope.end_line, around + context))

    def _without_docstring(self, file: str, scope: Scope, around: int | None = None) -> ActionResult | None:
        """A function longer than one part, whole but for its docstring's lines after the first (a hint opens them),
        when that makes it fit one part: a long function's docstring is mostly examples, and reading it in parts
        costs more calls; None when it has no docstring that long or is still too long without it. A line asked for
        in the docstring (`around`: a grep match there) stays on screen with `line_context` lines either side."""
        found = self._long_docstring(file, scope)
        if found is None:
            return None
        codes, span = found
        context = self.limits.line_context
        inside = around is not None and span[0] < around <= span[1]
        near = range(around - context, around + context + 1) if around is not None and inside else range(0)
        left_out = [n for n in range(span[0] + 1, span[1] + 1) if n not in near]
        kept = [n for n in range(scope.line, scope.end_line + 1) if n not in left_out]
        if len(kept) > self.limits.max_open_lines or len(left_out) < self.limits.min_elided_docstring:
            return None
        part = ChunkRef(file, scope.cls, scope.function, False, tuple(kept))
        rendered = self._bridge.render_blocks([chunk_to_dict(part)])
        if not rendered:
            return None
        text = block_text(rendered[0], notes=self._docstring_notes(file, codes, span[0], left_out))
        return ActionResult(text, 0, [part])

    def _first_part_without_docstring(self, file: str, scope: Scope, around: int | None = None) -> ActionResult | None:
        """A function too long for one part even without its long docstring: the first part of its code from the def,
        the docstring but its first line left out (a note opens it), the rest of the code as the part's hint. The
        parts a reader follows are then code; the docstring (mostly examples) is one `open` away, as when leaving it
        out makes a function fit one part. A line asked for in the docstring (`around`: a grep match there) stays
        with `line_context` lines either side. None without such a docstring, or when the line asked for is further
        down than that first part (the part is centred on it)."""
        found = self._long_docstring(file, scope)
        if found is None:
            return None
        codes, span = found
        context = self.limits.line_context
        inside = around is not None and span[0] < around <= span[1]
        near = range(around - context, around + context + 1) if around is not None and inside else range(0)
        left_out = [n for n in range(span[0] + 1, span[1] + 1) if n not in near]
        code = [n for n in range(scope.line, scope.end_line + 1) if n not in left_out]
        kept, rest = code[: self.limits.max_open_lines], code[self.limits.max_open_lines :]
        if not rest or (around is not None and around not in kept):
            return None
        part = ChunkRef(file, scope.cls, scope.function, False, tuple(kept))
        rendered = self._bridge.render_blocks([chunk_to_dict(part)])
        if not rendered:
            return None
        text = block_text(rendered[0], notes=self._docstring_notes(file, codes, span[0], left_out))
        note = self._truncated(scope.end_line - rest[0] + 1, f"open {file}:{rest[0]}-{scope.end_line}")
        return ActionResult(text + "\n" + note, 0, [part])

    def _outline(self, file: str, cls: str, after: int = 0) -> ActionResult:
        """A class's outline: its file, then the numbered decorators and signatures of its methods and attributes,
        no bodies (lines up to `after` left out: the class's own line when a located line already showed it)."""
        answer = self._bridge.overview(file, cls=cls)
        block = FileBlock.from_dict(answer["file"]) if answer.get("file") else None
        text, more = cut_lines(
            _outline_text(block, after, self.limits.compact_outline_rows), self.limits.max_overview_lines
        )
        if block is None or not block.lines:
            return ActionResult(self.templates.message("no_class", file=file, cls=cls), 1)
        if more:
            text += "\n" + self._truncated(more, f"open {cls}.METHOD")
        lines = sorted({s["line"] for s in answer.get("symbols") or []})[: self.limits.max_outline_chunk_lines]
        return ActionResult(text, 0, [ChunkRef(file, cls, None, False, tuple(lines))])

    def _show_definition(self, d: Definition, facts: FileFacts) -> ActionResult:
        if d.is_class:
            if d.end_line is not None and d.end_line - d.line < self.limits.max_inline_lines:
                return self._show_class(d, facts)
            self._shown_whole[(d.file, d.line)] = self._calls
            return self._outline(d.file, d.qualname)
        scope = _scope_named(facts.scopes(d.file), d.cls, d.function, d.line) if d.function else None
        if scope is not None and scope.kind != "Class":
            return self._show_function(d.file, scope)
        return self._show_range(d.file, max(1, d.line - 5), d.line + 10)

    def _show_class(self, d: Definition, facts: FileFacts) -> ActionResult:
        """A short class whole (its outline would be most of it, and a second call), its attribute docstrings by
        their first line (`_class_docstrings`)."""
        self._shown_whole[(d.file, d.line)] = self._calls
        end = d.end_line if d.end_line is not None else d.line
        chunk = ChunkRef(d.file, d.qualname, None, False, tuple(range(d.line, end + 1)))
        blocks = self._bridge.render_blocks([chunk_to_dict(chunk)])
        codes = dict(blocks[0].lines) if blocks else {}
        methods = [s for s in facts.scopes(d.file) if s.kind != "Class" and d.line < s.start_line <= end]
        left_out = self._class_docstrings(codes, d.line, end, methods)
        kept = ChunkRef(d.file, d.qualname, None, False, tuple(n for n in chunk.lines if n not in left_out))
        rendered = self._bridge.render_blocks([chunk_to_dict(kept)]) if left_out else []
        if not rendered:
            return ActionResult(self._render([chunk]), 0, [chunk])
        notes = self._docstring_notes(d.file, codes, min(left_out) - 1, sorted(left_out))
        text = block_text(rendered[0], notes=notes, continued=continued_rows(blocks[0].lines))
        if max(left_out) > max(kept.lines):  # the class ends with a docstring left out: no gap row stands for it
            text += "\n" + notes[max(n for n in notes if n < max(left_out))]
        return ActionResult(text, 0, [kept])

    def _class_docstrings(self, codes: dict[int, str], line: int, end: int, methods: list[Scope]) -> set[int]:
        """The lines after the first of each docstring of a class's attributes (a string statement at the class
        body's indentation after an attribute, outside its methods) of at least `min_elided_attribute_doc` more
        lines: what a reader looking for code skips (pydantic-ai's `CachePoint.ttl`, 7 lines on providers)."""
        in_methods = {n for s in methods for n in range(s.start_line, s.end_line + 1)}
        own = docstring_span(codes, line, end)
        body = next((n for n in range(line + 1, end + 1) if codes.get(n, "").strip()), None)
        if body is None or self.limits.min_elided_attribute_doc <= 0:
            return set()
        indent = _indent(codes[body])
        left_out: set[int] = set()
        previous = ""
        n = body
        while n <= end:
            code = codes.get(n, "")
            m = _DOC_OPEN.match(code.strip())
            attribute = not previous.split("#", 1)[0].rstrip().endswith(_OPENERS)
            if n in in_methods or not code.strip() or m is None or _indent(code) != indent or not attribute:
                previous = code if code.strip() and not code.lstrip().startswith("#") else previous
                n += 1
                continue
            rest = code.strip()[m.end() :]
            last = n if m[1] in rest else next((k for k in range(n + 1, end + 1) if m[1] in codes.get(k, "")), n)
            if (own is None or n != own[0]) and last - n >= self.limits.min_elided_attribute_doc:
                left_out.update(range(n + 1, last + 1))
            previous = codes.get(last, "")
            n = last + 1
        return left_out

    def _others(self, defs: list[Definition]) -> str:
        if not defs:
            return ""
        shown = defs[: self.limits.max_definitions]
        more = len(defs) - len(shown)
        lines = [f"{len(defs)} other definition(s) (open FILE:LINE):", *(d.text() for d in shown)]
        if more:
            lines.append(f"... {more} more")
        return "\n".join(lines)

    def open(self, params: str) -> ActionResult:
        target = parse_target(params, self.root)
        facts = FileFacts(self._bridge)
        if isinstance(target, FileLines):
            if target.start is not None and target.end is not None:
                return self._show_range(target.file, target.start, target.end)
            if target.start is not None:
                scope = facts.enclosing(target.file, target.start)
                if scope is not None and scope.function is not None:
                    shown = self._short_file(target.file, scope, target.start, facts) or self._with_neighbours(
                        self._show_function(target.file, scope, around=target.start), target.file, scope,
                        target.start, facts,
                    )  # fmt: skip
                else:
                    context = self.limits.line_context
                    start, end = max(1, target.start - context), target.start + context
                    if not line_texts(self._bridge, {target.file: [target.start]}).get((target.file, target.start)):
                        start, end = self._whole_short(target.file, start, end, facts)
                    shown = self._show_range(target.file, start, end, f"line {target.start}")
                return self._with_called(shown, target.file, target.start, facts)
            return self._open_file(target.file, facts)
        defs = self._definitions(target.name, facts)
        if not defs:
            return ActionResult(self.templates.message("not_found", name=target.name), 1)
        result = self._show_definition(defs[0], facts)
        if defs[0].alias:
            result.observation = f"`{target.name}` is an import alias: {defs[0].alias}\n{result.observation}"
        if others := self._others(defs[1:]):
            result.observation += "\n\n" + others
        return result

    def _short_file(self, file: str, scope: Scope, line: int, facts: FileFacts) -> ActionResult | None:
        """The whole file from its first line of code (a licence banner's comments left out), when `line` is in the
        body of a short function (shorter than `max_inline_lines`) of a file no longer than `short_file_lines` (and
        than one part): what sits beside a traceback's frame in a small module (another class, the factory that builds
        the object) is a few lines more, and a second line of the file costs no call; None otherwise. The def line
        (or a decorator) asks for the function itself."""
        limit = min(self.limits.short_file_lines, self.limits.max_open_lines)
        if limit <= 0 or line <= scope.line or scope.end_line - scope.line >= self.limits.max_inline_lines:
            return None
        blocks = self._bridge.render_blocks([{"file": file, "lines": list(range(1, limit + 2))}])
        if not blocks or max((n for n, _ in blocks[0].lines), default=limit + 1) > limit:
            return None
        first = next((n for n, code in blocks[0].lines if code.strip() and not code.lstrip().startswith("#")), 1)
        for s in facts.scopes(file):
            if s.kind != "Class":
                self._shown_whole[(file, s.line)] = self._calls
        lines = [n for n, _ in blocks[0].lines if n >= first]
        text = block_text(blocks[0], keep=lambda n: n >= first)
        return ActionResult(text, 0, self._chunks_for_lines(file, lines))

    def _with_neighbours(
        self, shown: ActionResult, file: str, scope: Scope, line: int, facts: FileFacts
    ) -> ActionResult:
        """`shown` (the whole method around `line`, a traceback's frame) with the short methods of its class within
        `neighbour_reach` lines of `line` that call a method of an object `self` holds whose method the line calls
        (`self.poller.register(…)` beside `self.poller.unregister(conn.sock)`), each whole: the other operations on
        the object the line fails on, which a reader's window around the line shows for free when they are written
        beside it."""
        reach = self.limits.neighbour_reach
        if (
            reach <= 0
            or shown.returncode != 0
            or scope.cls is None
            or scope.end_line - scope.line >= self.limits.max_open_lines
        ):
            return shown
        code = line_texts(self._bridge, {file: [line]}).get((file, line), "").split("#", 1)[0]
        used = set(re.findall(r"\bself\.(\w+)\.\w+\(", code))
        if not used:
            return shown
        on_screen = {n for c in shown.chunks for n in c.lines}
        peers = [
            s
            for s in facts.scopes(file)
            if s.kind != "Class" and s.cls == scope.cls and s.function and "." not in s.function
            and s.line not in on_screen and s.end_line - s.line < self.limits.max_inline_lines
            and abs(s.line - line) <= reach and abs(s.end_line - line) <= reach
        ]  # fmt: skip
        texts = line_texts(self._bridge, {file: [n for s in peers for n in range(s.line, s.end_line + 1)]})
        pattern = re.compile(rf"\bself\.(?:{'|'.join(map(re.escape, sorted(used)))})\.\w+\(")
        extra = [
            s for s in peers if any(pattern.search(texts.get((file, n), "")) for n in range(s.line, s.end_line + 1))
        ]
        if not extra:
            return shown
        chunks = sorted(
            [
                *shown.chunks,
                *(ChunkRef(file, s.cls, s.function, True, tuple(range(s.line, s.end_line + 1))) for s in extra),
            ],
            key=lambda c: c.lines[0] if c.lines else 0,
        )
        for s in extra:
            self._shown_whole[(file, s.line)] = self._calls
        return ActionResult(self._render(chunks), 0, chunks)

    def _whole_short(self, file: str, start: int, end: int, facts: FileFacts) -> tuple[int, int]:
        """`start`-`end` (the lines around a blank line asked for outside any function: a traceback's line from
        another release, between two methods) widened to the whole of each function it cuts that is shorter than
        `max_inline_lines` (its decorators too): the line's code moved into one of them, which the next call would
        open."""
        for s in facts.scopes(file):
            cut = s.start_line < start <= s.end_line or s.start_line <= end < s.end_line
            if s.kind != "Class" and cut and s.end_line - s.line < self.limits.max_inline_lines:
                start, end = min(start, s.start_line), max(end, s.end_line)
        return start, end

    def _with_called(self, result: ActionResult, file: str, line: int, facts: FileFacts) -> ActionResult:
        """`result` (the code around `line`, a traceback's line) and where the functions called on that line are
        defined when the answer does not show them: one located line each, the next hop's signature without a call
        (at most `max_called`; builtins, installed packages and ambiguous names are left out)."""
        if result.returncode != 0 or self.limits.max_called <= 0:
            return result
        code = line_texts(self._bridge, {file: [line]}).get((file, line), "")
        on_screen = {(c.file_path, n) for c in result.chunks for n in c.lines}
        names: list[str] = []
        for m in _CALL.finditer(code.split("#", 1)[0]):
            name = m[1].rsplit(".", 1)[-1]
            if name not in names and name not in _NOT_CALLED and not keyword.iskeyword(name):
                names.append(name)
        found: list[Definition] = []
        for name in names:
            where = self._bridge.definition(file, line, name=name)
            if len(where) != 1 or where[0]["file"].startswith("/") or is_test_file(where[0]["file"]):
                continue
            d = self._definition_at({"file": where[0]["file"], "line": where[0]["line"], "name": name}, facts)
            if (d.file, d.line) not in on_screen and d.kind != "Variable":
                found.append(d)
            if len(found) == self.limits.max_called:
                break
        if found:
            called = "\n".join(self.templates.message("called", located=d.text()) for d in found)
            result.observation += "\n" + called
            result.chunks = [*result.chunks, *(d.chunk() for d in found)]
        return result

    def _open_file(self, file: str, facts: FileFacts) -> ActionResult:
        symbols = facts.symbols(file)
        last = max((s["end_line"] for s in symbols), default=0)
        if not symbols or last <= self.limits.max_open_lines:
            return self._show_range(file, 1, self.limits.max_open_lines)
        result = self._overview_file(file)
        result.observation += "\n" + self._truncated(last, f"open {file}:START-END, or open NAME")
        return result

    def _overview_file(self, file: str) -> ActionResult:
        answer = self._bridge.overview(file)
        block = FileBlock.from_dict(answer["file"]) if answer.get("file") else None
        text, more = cut_lines(
            _outline_text(block, 0, self.limits.compact_outline_rows), self.limits.max_overview_lines
        )
        if block is None:
            return ActionResult(self.templates.message("not_indexed", file=file), 1)
        if more:
            text += "\n" + self._truncated(more, f"overview {file} CLASS, or find_symbol NAME")
        return ActionResult(text, 0)

    def overview(self, params: str) -> ActionResult:
        file, cls = parse_overview(params, self.root)
        facts = FileFacts(self._bridge)
        if file is None:
            defs = [d for d in self._definitions(cls or "", facts) if d.is_class]
            if not defs:
                return ActionResult(self.templates.message("not_found", name=cls), 1)
            result = self._outline(defs[0].file, defs[0].qualname)
            self._shown_whole[(defs[0].file, defs[0].line)] = self._calls
            if others := self._others(defs[1:]):
                result.observation += "\n\n" + others
            return result
        if cls:
            scope = next((s for s in facts.scopes(file) if s.kind == "Class" and cls in (s.qualname, s.name)), None)
            if scope is not None:
                self._shown_whole[(file, scope.line)] = self._calls
            return self._outline(file, scope.qualname if scope else cls)
        return self._overview_file(file)

    def find_symbol(self, params: str) -> ActionResult:
        symbol = parse_symbol(params)
        if symbol.name.split(".", 1)[0] in ("self", "cls") and "." in symbol.name:
            symbol = Symbol(symbol.name.split(".", 1)[1])  # `self.context` as code writes it: the attribute's name
        facts = FileFacts(self._bridge)
        loose: list[Definition] = []
        exact = []
        through = ""  # a dotted name nothing defines: the functions and classes its last part names are the answer
        if "." in symbol.name:
            exact = self._definitions(symbol.name, facts) or self._in_module(symbol.name, facts)
            parts = symbol.name.split(".")
            for k in range(1, len(parts) - 1):  # `nnx.Rngs.__getattr__`, where the package `nnx` re-exports `Rngs`
                if not exact and parts[k][:1].isupper():  # defined elsewhere: the trailing `Class.member` names it
                    exact = self._definitions(".".join(parts[k:]), facts)
                    through, symbol = (symbol.name, Symbol(".".join(parts[k:]))) if exact else ("", symbol)
            if not exact:  # `env.from_string`: a method called through a variable (or a module's function), never
                symbols = self._bridge.workspace_symbols(symbol.last)  # a function local to another one
                exact = self._fold_overloads([
                    d
                    for w in symbols
                    if w["name"] == symbol.last and not is_test_file(w["file"])
                    and (d := self._definition_at(w, facts)).kind in _SCOPE_KINDS and not _local(d)
                ], facts)  # fmt: skip
                through, symbol = (symbol.name, Symbol(symbol.last)) if exact else ("", symbol)
                if not exact and _partial_last(symbol.name):  # nor its last part (`six.add_metaclass`): the
                    loose = self._loose(symbol.last, symbols, facts)  # names holding it
        else:
            symbols = self._bridge.workspace_symbols(symbol.name)
            exact = [self._definition_at(w, facts) for w in symbols if w["name"] == symbol.name]
            loose = self._loose(symbol.name, symbols, facts)
            if not exact:  # no definition of its own: an import alias names one (`import Specifier as Spec`)
                exact = [d for d in self._definitions(symbol.name, facts) if d.alias]
            exact = sorted(self._fold_overloads(exact, facts), key=_rank)
        if not exact and not loose:
            return ActionResult(self.templates.message("not_found", name=through or symbol.name), 1)
        main = [d for d in exact if not d.test][: self.limits.max_definitions]
        tests = [d for d in exact if d.test]
        listed = tests[: self.limits.max_test_matches] if not main else []  # tests only when nothing else defines it
        key = tuple(sorted((d.file, d.line) for d in main + listed))
        before = self._listed.get(key)
        self._listed[key] = (through or symbol.name, self._calls)
        repeated = ""  # `fs.add_real_directory` after `add_real_directory`: the definitions a recent answer listed
        if through and not loose and before is not None and self._calls - before[1] <= self.limits.recently_shown:
            repeated = self.templates.message(
                "definitions_listed", through=through, last=symbol.name, name=before[0], n=len(exact)
            )
        header = self.templates.message(
            "definitions_found", through=through, name=symbol.name, n=len(exact), unique=len(exact) == 1 and bool(main),
            outside_tests=bool(main),
        )  # fmt: skip
        lines = [header] if header else []
        lines += [d.text() for d in main]
        lines += [d.text() for d in listed]
        hidden, in_tests = len(exact) - len(main) - len(listed), len(tests) - len(listed)
        if hidden > 0:
            lines.append(self.templates.message("more_definitions", more=hidden, tests=in_tests, name=symbol.last))
        more = self._unique_hit(main[0], facts) if len(main) == 1 else None  # one answer: what the next call
        instance = self._instance_class(main[0], facts) if len(main) == 1 and more is None else None  # would fetch
        if any(d.kind in _SCOPE_KINDS for d in main) or instance:  # a class or function outside tests answers it
            loose = []  # (or the class of the instance it names): partial matches are noise there
        elif exact:  # only names assigned, tests or an import alias define it: a few partial matches are enough
            found = {(d.file, d.line) for d in exact}
            loose = [d for d in loose if (d.file, d.line) not in found][: self.limits.max_loose_matches_after_exact]
        if loose:
            capped = len(loose) == self.limits.max_loose_matches
            lines.append(f"partial matches{' (first ' + str(len(loose)) + ')' if capped else ''}:")
            lines += [located(d.file, d.line, d.qualname, d.detail) for d in loose]
        text = "\n".join(lines)
        chunks = [d.chunk() for d in main]
        if instance is not None:  # the name's own line, then its class
            text, chunks = text + "\n" + instance.observation, instance.chunks or chunks
        if more is not None:  # when it is small
            d = main[0]  # the only definition, a function shown whole with nothing else to tell (an alias,
            alone = not (d.is_class or d.alias or d.overloads or through or loose) and len(exact) == 1
            # overloads, tests): its block's file and numbered def line say where it is, as its located line did
            text = more.observation if alone else text + "\n\n" + more.observation
            chunks = more.chunks or chunks
        if repeated and len(repeated) < len(text):  # saying so is shorter than listing them again
            return ActionResult(repeated, 0, [d.chunk() for d in main])
        return ActionResult(text, 0, chunks)

    def _loose(self, name: str, symbols: list[dict], facts: FileFacts) -> list[Definition]:
        """Up to `max_loose_matches` workspace symbols outside tests whose names hold `name` (not it exactly) in
        any case; classes and functions before assigned names (`def load_contextvar_class` before `TEXT = 1` for
        `text`: a name one can open and read), and among them names holding it as words (`CodeTagFilter`,
        `_make_tag_state` for `Tag`) before names holding its letters (`_lookup_ctag`); in-order subsequence matches
        are noise, and so are a short name's letters in another case that are not its words (`natural_sort_key`,
        `concatenate` for `NaT`; `FSSpecCoroutineCancel` for `fsspec` is kin)."""
        pool = [
            w for w in symbols
            if w["name"] != name and name.lower() in w["name"].lower() and not is_test_file(w["file"])
            and (len(name) > MAX_SHORT_NAME or name in w["name"] or _holds_words(w["name"], name))
        ][: MAX_LOOSE_POOL]  # fmt: skip
        found = [self._definition_at(w, facts) for w in pool]
        ranked = sorted(
            zip(pool, found, strict=True),
            key=lambda p: (p[1].kind not in _SCOPE_KINDS, not _holds_words(p[0]["name"], name)),
        )
        return [d for _, d in ranked][: self.limits.max_loose_matches]

    def _in_module(self, name: str, facts: FileFacts) -> list[Definition]:
        """`module.Name` as code writes it (`admin.ModelAdmin`, `pkg.keys.hashkey`): the definitions of `Name` in a
        file whose path has the module's parts in a row (`django/contrib/admin/options.py`), outside tests first."""
        head, _, last = name.rpartition(".")
        parts = head.split(".")

        def in_module(file: str) -> bool:
            path = PurePosixPath(file).with_suffix("").parts
            return any(list(path[i : i + len(parts)]) == parts for i in range(len(path) - len(parts) + 1))

        found = [
            self._definition_at(w, facts)
            for w in self._bridge.workspace_symbols(last)
            if w["name"] == last and in_module(w["file"])
        ]
        return sorted(self._fold_overloads(found, facts), key=_rank)

    def _unique_hit(self, d: Definition, facts: FileFacts) -> ActionResult | None:
        """What `open` of a unique hit would show, when that is small: a short class or function whole, a long
        class's outline (its own line left out: the located line above has it); None for a long function."""
        if d.end_line is None or d.file.startswith("/"):
            return None
        shown = self._shown_whole.get((d.file, d.line))
        recently = self.limits.recently_outlined if d.is_class else self.limits.recently_shown
        if shown is not None and self._calls - shown <= recently:
            return None  # shown whole (a class: or its outline) a few calls ago: its located line is enough
        short = d.end_line - d.line < self.limits.max_inline_lines
        if d.is_class:
            if short:
                return self._show_class(d, facts)
            self._shown_whole[(d.file, d.line)] = self._calls
            return self._outline(d.file, d.qualname, after=d.line)
        scope = _scope_named(facts.scopes(d.file), d.cls, d.function, d.line) if d.function else None
        if scope is not None and short:
            return self._show_function(d.file, scope)
        return None

    def _instance_class(self, d: Definition, facts: FileFacts) -> ActionResult | None:
        """A name assigned an instance of one of the repository's classes (`zipf = zipf_gen(a=1)`, as an IDE's hover
        names its type): the class's located line and what a find_symbol of the class would show; None otherwise."""
        call = _INSTANCE.match(d.detail.strip()) if d.kind not in _SCOPE_KINDS and not d.file.startswith("/") else None
        if call is None:
            return None
        name = call["callee"].rsplit(".", 1)[-1]
        found = [f for f in self._bridge.definition(d.file, d.line, name=name) if not f["file"].startswith("/")]
        classes = [c for f in found if (c := self._definition_at({**f, "name": name}, facts)).is_class and not c.test]
        more = self._unique_hit(classes[0], facts) if len(classes) == 1 else None
        if more is None:
            return None
        intro = self.templates.message("instance_of", name=d.qualname, cls=classes[0].qualname)
        return ActionResult(f"{intro}\n{classes[0].text()}\n\n{more.observation}", 0, more.chunks)

    def _definition_at(self, w: dict, facts: FileFacts) -> Definition:
        """What is defined at a workspace-symbol or go-to-definition answer: the class/function there even when it
        has another name than the one asked for (an import alias: `_parse_marker` -> `def parse_marker`)."""
        file, line = w["file"], w["line"]
        at_line = [s for s in facts.scopes(file) if s.line == line]
        scope = next((s for s in at_line if s.name == w["name"]), at_line[-1] if at_line else None)
        if scope is not None:
            alias = "" if scope.name == w["name"] else f"{w['name']} -> {scope.name}"
            return Definition(file, line, scope.qualname, scope.detail, scope.kind, scope.cls, scope.function,
                              scope.end_line, alias)  # fmt: skip
        qualname, detail = facts.defined_at(file, line, w["name"])
        return Definition(file, line, qualname or w["name"], detail, w.get("kind") or "Variable")

    def definition(self, params: str) -> ActionResult:
        use = parse_use(params, self.root)
        facts = FileFacts(self._bridge)
        if isinstance(use, Symbol):
            defs = self._definitions(use.name, facts)
            if not defs:
                return ActionResult(self.templates.message("not_found", name=use.name), 1)
        else:
            found = self._bridge.definition(use.file, use.line, name=use.name)
            if not found:
                message = self.templates.message("no_definition_at", name=use.name, file=use.file, line=use.line)
                return ActionResult(message, 1)
            defs = [self._definition_at({"file": f["file"], "line": f["line"], "name": use.name}, facts) for f in found]
        header = "\n".join(d.text() for d in defs[: self.limits.max_definitions])
        if len(defs) == 1 and not defs[0].file.startswith("/"):
            shown = self._show_definition(defs[0], facts)
            chunks = shown.chunks or [defs[0].chunk()]
            return ActionResult(header + "\n\n" + shown.observation, shown.returncode, chunks)
        return ActionResult(header, 0, [d.chunk() for d in defs[: self.limits.max_definitions]])

    def references(self, params: str) -> ActionResult:
        use = parse_use(params, self.root)
        facts = FileFacts(self._bridge)
        if isinstance(use, Symbol):
            defs = self._definitions(use.name, facts)
            if not defs:
                return ActionResult(self.templates.message("not_found", name=use.name), 1)
            target = defs[0]
            refs = self._bridge.references(target.file, target.line, name=use.last, include_declaration=False)
            what = f"`{target.qualname}` ({target.file}:{target.line})"
        else:
            refs = self._bridge.references(use.file, use.line, name=use.name, include_declaration=False)
            what = f"`{use.name}` ({use.file}:{use.line})"
        seen = sorted({(r["file"], r["line"]) for r in refs}, key=lambda fl: (is_test_file(fl[0]), fl))
        if not seen:
            return ActionResult(self.templates.message("no_references", what=what), 0)
        main = [fl for fl in seen if not is_test_file(fl[0])]
        tests = [fl for fl in seen if is_test_file(fl[0])]
        shown = main[: self.limits.max_references] + tests[: self.limits.max_test_references]
        wanted: dict[str, list[int]] = {}
        for file, line in shown:
            wanted.setdefault(file, []).append(line)
        texts = line_texts(self._bridge, wanted)
        files = {f for f, _ in seen}
        lines = [f"{len(seen)} reference(s) to {what} in {len(files)} file(s), {len(tests)} in tests:"]
        for file, line in shown:
            scope = facts.enclosing(file, line)
            where, mark = (scope.qualname if scope else "<module>"), ("test" if is_test_file(file) else "")
            lines.append(located(file, line, where, texts.get((file, line), ""), mark))
        if hidden := len(seen) - len(shown):
            lines.append(f"... {hidden} more ({len(main) - len(shown[: len(main)])} outside tests)")
        groups: dict[tuple[str, str | None, str | None], list[int]] = {}
        for file, line in main[: self.limits.max_reference_chunks]:
            ref = facts.chunk(file, line)
            groups.setdefault((file, ref.class_name, ref.function), []).append(line)
        accessed = [ChunkRef(f, c, fn, False, tuple(ns)) for (f, c, fn), ns in groups.items()]
        return ActionResult("\n".join(lines), 0, accessed)


# a docstring line that starts examples: a doctest, an `Examples` heading, a code block
_EXAMPLE = re.compile(
    r"\s*(>>>\s|\.\. (code-block|code|doctest|ipython|plot)::|(Examples?|Usage)\s*:?\s*$|Example usage\b)", re.I
)
MAX_SHORT_NAME = 3  # a name this short holds its partial matches as written or as words, not in another case
MAX_LOOSE_POOL = 30  # workspace symbols holding a name read for its partial matches (the first ones answer)
# a compound name (`add_metaclass`, `addMetaclass`), whose partial matches are likely its kin; a plain word's (`key`,
# `name`) are every name holding the word
_COMPOUND = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]|[a-z0-9][A-Z]")
_CALL = re.compile(r"(?<![\w.])((?:self\.|cls\.)?[A-Za-z_]\w*)\s*\(")
_NOT_CALLED = frozenset(dir(builtins)) | {"super", "self", "cls"}
# a line that continues into the next one (a string on the next line is part of that expression, not a docstring)
_OPENERS = ("(", "[", "{", ",", "\\", "=", "+")
_DOC_OPEN = re.compile(r"""^[rRuUbB]{0,2}(\"\"\"|''')""")


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


# an assignment of a call (`zipf = zipf_gen(a=1, ...)`, `x: T = mod.Cls(`): the called name
_INSTANCE = re.compile(r"[\w.]+\s*(?::[^=]*)?=\s*(?P<callee>[A-Za-z_][\w.]*)\(")


def _holds_words(name: str, part: str) -> bool:
    """`part`'s words (snake_case and CamelCase parts, any case) are words of `name` in a row: `tag` in
    `CodeTagFilter` and `_make_tag_state`, not in `_lookup_ctag`."""
    words, wanted = [w.lower() for w in _WORD.findall(name)], [w.lower() for w in _WORD.findall(part)]
    return bool(wanted) and any(words[i : i + len(wanted)] == wanted for i in range(len(words) - len(wanted) + 1))


def _partial_last(name: str) -> bool:
    """A dotted name nothing defines lists the partial matches of its last part when that part is a compound name
    (`six.add_metaclass`) or a word longer than MAX_SHORT_NAME (`self.parent.children`, `torch.tensor`), as
    `find_symbol` of that part alone does; not for a short word (`crt.key`) nor a method of a builtin (`str.strip`:
    Python's own, whatever names in the repository hold its name)."""
    last = name.rsplit(".", 1)[-1]
    if name.split(".", 1)[0] in _NOT_CALLED:
        return False
    return bool(_COMPOUND.search(last)) or len(last) > MAX_SHORT_NAME


def _local(d: Definition) -> bool:
    """A function defined inside another function (a closure): no attribute reaches it."""
    return d.kind != "Class" and "." in (d.function or "")


def _without_rows(block: FileBlock, left_out: set[int]) -> str:
    """The block's text (the renderer's: its numbering read over the whole file) without the rows `left_out`, `...`
    where they were; the text as it is when its lines are not one per row and gap as rendered."""
    rows = block.lines
    texts = block.text.split("\n")[1:]
    gaps = sum(1 for (a, _), (b, _) in pairwise(rows) if b != a + 1)
    if not left_out or len(texts) != len(rows) + gaps:
        return block.text
    out, i, prev = [block.text.split("\n", 1)[0]], 0, None
    for k, (n, _) in enumerate(rows):
        i += 1 if k and n != rows[k - 1][0] + 1 else 0  # the renderer's `...` before this row
        shown = texts[i]
        i += 1
        if n in left_out:
            continue
        if prev is not None and n != prev + 1:
            if out[-1] != "...":
                out.append("...")
            shown = shown or str(n)  # a blank line after a gap keeps its number
        out.append(shown)
        prev = n
    return "\n".join(out)


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted numbers as (first, last) runs of consecutive ones."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def docstring_span(codes: dict[int, str], line: int, end_line: int) -> tuple[int, int] | None:
    """(first, last) line of the docstring of the function whose def is on `line`, from its numbered lines; None
    when it has none or it fits on one line."""
    n = line
    while n <= end_line and not codes.get(n, "").split("#", 1)[0].rstrip().endswith(":"):
        n += 1  # the signature's last line ends with its colon
    n += 1
    while n <= end_line and not codes.get(n, "").strip():
        n += 1
    m = _DOC_OPEN.match(codes.get(n, "").strip())
    if m is None:
        return None
    rest = codes[n].strip()[m.end() :]
    if m[1] in rest:
        return None
    for last in range(n + 1, end_line + 1):
        if m[1] in codes.get(last, ""):
            return n, last
    return None


def _outline_text(block: FileBlock | None, after: int = 0, compact_over: int | None = None) -> str:
    """An outline's text: its file header and numbered lines past `after`, without `...` between them (an outline
    is signatures with gaps between all of them: the gap lines carry nothing there); each def/class as one compact
    line numbered by its def line (`_outline_rows`); more than `compact_over` lines, its members compactly
    (`_compact_rows`)."""
    if block is None or not block.lines:
        return ""
    rows = [(n, code) for n, code in _outline_rows(block.lines) if n > after]
    if compact_over is not None and len(rows) > compact_over:
        rows = _compact_rows([(n, code) for n, code in _outline_rows(block.lines, defaults=False) if n > after])
    return block_text(FileBlock(block.path, "", rows), gaps=False)


_MEMBER = re.compile(r"(?P<head>\s*(?:@\S+ )*(?:async )?)def (?P<name>\w+)\((?:(?:self|cls)(?:, |(?=\))))?")
_ATTRIBUTE = re.compile(r"(\s*)([A-Za-z_]\w*)\s*(?::[^=]*)?=(?!=)")
# an annotation without a value (`fields: ClassVar[dict]`): an attribute too
_DECLARED = re.compile(r"(\s*)([A-Za-z_]\w*)\s*:\s*[^\s=][^=]*$")
# a method named with a leading underscore, but not the constructors and __call__ (their signatures say how to call)
_UNDERSCORE_MEMBER = re.compile(r"(\s*)(?:@\S+ )*(?:async )?def (?!__(?:init|new|call)__\()(_\w*)\(")
MIN_RUN = {"attributes": 4, "underscore methods": 3}  # this many in a row are listed by name in a compact outline


def _compact_rows(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A long outline's members compactly: `name(params)` without `def` and without a method's `self`/`cls` (its
    decorators still say which it is); a run of one-line attributes as their names on the first one's line
    (`attributes (642-675): list_display, list_filter, …`), and a run of methods named with a leading underscore
    (private helpers, `__repr__`; 3 or more) likewise (`underscore methods (1610-2344): _check_default_pk, …`):
    `open Class.NAME` or `open FILE:A-B` shows them."""
    out: list[tuple[int, str]] = []
    run: list[tuple[int, str, str, str]] = []  # (line, kind, indent, name) of a run of rows of one kind and indent

    def flush() -> None:
        if run and len(run) >= MIN_RUN[run[0][1]]:
            n, kind, indent, _ = run[0]
            names = ", ".join(name for *_, name in run)
            out.append((n, f"{indent}{kind} ({n}-{run[-1][0]}): {names}"))
        else:
            out.extend((n, compact[n]) for n, *_ in run)
        run.clear()

    compact = {n: _MEMBER.sub(lambda m: f"{m['head']}{m['name']}(", code, count=1) for n, code in rows}
    for i, (n, code) in enumerate(rows):
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        continued = nxt is not None and nxt[0] == n + 1 and _indent(nxt[1]) > _indent(code)
        attribute = (_ATTRIBUTE.match(code) or _DECLARED.match(code)) if not continued else None
        member = _UNDERSCORE_MEMBER.match(code) if attribute is None else None
        found = (attribute, "attributes") if attribute else (member, "underscore methods") if member else (None, "")
        if found[0] is None:
            flush()
            out.append((n, compact[n]))
            continue
        here = (n, found[1], found[0][1], found[0][2])
        if run and run[-1][1:3] != here[1:3]:
            flush()
        run.append(here)
    flush()
    return out


def _indent(code: str) -> int:
    return len(code) - len(code.lstrip())


MAX_JOINED_SIGNATURE = 100  # characters of an outline's signature (`open` shows it whole)
_HEADER = re.compile(r"\s*(async\s+def|def|class)\s")


def _outline_rows(lines: list[tuple[int, str]], defaults: bool = True) -> list[tuple[int, str]]:
    """Numbered outline lines, each def/class compact on the line of its `def`: its decorators before it (a property's
    getter and setter stay apart), a header written over several lines joined, parameters without annotations and
    long defaults as `…` (`def from_string(self, source, globals=None, template_class=None)`; no defaults without
    `defaults`; `open` shows the full signature), a decorator's call over several lines as `@name(…)`. A data
    attribute written over several lines (a list, a dict, a call) is joined on its first line and cut like a
    signature; a string over several lines keeps its lines, and what does not parse stays as it is."""
    out: list[tuple[int, str]] = []
    decorators: list[tuple[int, str]] = []  # consecutive `@...` lines waiting for their def
    i = 0
    while i < len(lines):
        n, code = lines[i]
        follows = i + 1 < len(lines) and lines[i + 1][0] == n + 1
        if code.lstrip().startswith("@") and follows:
            j = i  # a decorator's call written over several lines: `@name(…)` on its first line
            while j + 1 < len(lines) and lines[j + 1][0] == lines[j][0] + 1 and _continues(code, lines[j + 1][1]):
                j += 1
            if j > i:
                code = code[: _indent(code)] + code.strip().split("(", 1)[0] + "(…)"
            decorators.append((n, code))
            i = j + 1
            continue
        j = i
        if _HEADER.match(code):
            while not lines[j][1].split("#", 1)[0].rstrip().endswith(":") and j + 1 < len(lines):
                if lines[j + 1][0] != lines[j][0] + 1:
                    break
                j += 1
            indent = code[: len(code) - len(code.lstrip())]
            header = compact_signature([c for _, c in lines[i : j + 1]], defaults)
            if len(header) > MAX_JOINED_SIGNATURE:
                header = header[: MAX_JOINED_SIGNATURE - 1].rstrip() + "…"
            code = indent + " ".join([*(d.strip() for _, d in decorators), header])
        elif _ATTRIBUTE.match(code):
            while j + 1 < len(lines) and lines[j + 1][0] == lines[j][0] + 1 and _continues(code, lines[j + 1][1]):
                j += 1
            if j > i and (joined := _joined_data([c for _, c in lines[i : j + 1]])) is not None:
                code = code[: _indent(code)] + joined
            else:
                j = i  # a string over several lines (a regex, a template) keeps its lines
            out.extend(decorators)
        else:
            out.extend(decorators)  # not a decorator list after all (a multi-line decorator's call, a gap)
        decorators = []
        out.append((n, code))
        i = j + 1
    return out + decorators


def _continues(first: str, row: str) -> bool:
    """`row` continues the statement begun on `first`: indented deeper, or the closing bracket at its indentation."""
    return _indent(row) > _indent(first) or (_indent(row) == _indent(first) and row.lstrip()[:1] in ")]}")


def _joined_data(codes: list[str]) -> str | None:
    """An assignment written over several lines on one line, cut at MAX_JOINED_SIGNATURE; None when it does not parse
    alone or assigns a string (its line breaks are its content)."""
    if any("#" in c for c in codes):
        return None  # a comment inside would swallow the rest of the joined line
    source = "\n".join([codes[0].strip(), *codes[1:]])
    try:
        node = ast.parse(source).body[0]
    except (SyntaxError, IndexError):
        return None
    value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
    if (
        value is None
        or isinstance(value, ast.JoinedStr)
        or (isinstance(value, ast.Constant) and isinstance(value.value, (str, bytes)))
    ):
        return None
    joined = re.sub(r"([(\[{])\s+", r"\1", " ".join(c.strip() for c in codes))
    joined = re.sub(r",?\s+([)\]}])", r"\1", joined)
    return joined if len(joined) <= MAX_JOINED_SIGNATURE else joined[: MAX_JOINED_SIGNATURE - 1].rstrip() + "…"


_SCOPE_KINDS = frozenset({"Class", "Function", "Method", "Property", "Constructor"})
_OVERLOAD = re.compile(r"\s*@(?:\w+\.)*overload\b")


def _scope_at(scopes: list[Scope], line: int) -> Scope | None:
    """The class/function whose def (or class) line is `line`."""
    return next((s for s in scopes if s.line == line), None)


_KIND_RANK = {"Class": 0, "Function": 0, "Method": 0, "Property": 0, "Constructor": 0}


def _rank(d: Definition) -> tuple[bool, int]:
    """Definitions outside tests first; among them classes and functions before assigned names."""
    return d.test, _KIND_RANK.get(d.kind, 1)


def _bridge_gone(error: Exception) -> bool:
    """The session with the language server is lost (its process exited or stopped answering)."""
    from lsp_bridge.client import BridgeError

    return isinstance(error, (BridgeError, BrokenPipeError, ConnectionError))


def _scope_named(scopes: list[Scope], cls: str | None, function: str | None, near: int) -> Scope | None:
    """The scope a bridge chunk names (class/function), the first one starting at or after `near`."""
    named = [s for s in scopes if (s.cls, s.function) == (cls, function)]
    return next((s for s in named if s.line >= near), named[0] if named else None)


def chunk_to_dict(chunk: ChunkRef, score: float | None = None) -> dict:
    """A ChunkRef as lsp-bridge's chunk (`lspBridge/renderContext`, `lspBridge/setAgentContext`)."""
    out: dict = {
        "file": chunk.file_path,
        "class": chunk.class_name,
        "function": chunk.function,
        "whole_function": chunk.whole_function,
        "lines": list(chunk.lines),
    }
    if score is not None:
        out["score"] = score
    return out
