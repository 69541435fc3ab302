"""The code-context memory as the prompt shows it: the above-threshold chunks rendered by lsp-bridge, file by file.

`CodeContextView` owns everything between the memory's chunks and the prompt's Code Context: scoring, the visible
set, the bridge's rendering (`render_blocks`, one `FileBlock` per file, so nothing parses `### File:` text), a
per-file cache while no operation may have changed files, the character budget, and the background jobs that render
the new context after an operation (with the update the next prompt needs) and then push it to attached editors
(nothing waits for the push). `ShownCode` tracks which lines of
which files a prompt already shows, so later prompts can append only what is new (a delta) instead of re-rendering.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.memory import Memory
from lsp_bridge.blocks import FileBlock

FileKey = tuple  # (file, (class, function, whole_function, lines) per chunk of that file)


class ContextEnvironment(Protocol):
    def render_blocks(self, chunks: list[dict]) -> list[FileBlock]: ...

    # optional: `file_digests(files) -> {file: digest}` (the bridge's `lspBridge/fileDigests`), so that renderings of
    # files an operation did not change are kept; without it every rendering is dropped after such an operation

    def set_agent_context(self, chunks: list[dict]) -> None: ...


def blocks_text(blocks: list[FileBlock]) -> str:
    return "\n\n".join(b.text for b in blocks)


@dataclass
class Rendering:
    """The code context after some operation: the chunks shown and their files' blocks."""

    n_operations: int = -1
    chunks: list[dict] = field(default_factory=list)
    blocks: list[FileBlock] = field(default_factory=list)

    @property
    def text(self) -> str:
        return blocks_text(self.blocks)


class CodeContextView:
    def __init__(
        self,
        env: ContextEnvironment,
        memory: Memory,
        *,
        weights: tuple[float, float, float],
        threshold: float,
        max_chunks: int,
        max_chars: int,
    ) -> None:
        self.env = env
        self.memory = memory
        self._weights = weights
        self.threshold, self.max_chunks, self.max_chars = threshold, max_chunks, max_chars
        self.rendering = Rendering()
        self._file_blocks: dict[FileKey, FileBlock] = {}  # per file and its chunks, until the file's text changes
        self._worker: ThreadPoolExecutor | None = None
        self._pending: Future | None = None  # the rendering of the code context after the last operation
        self._push: Future | None = None  # then its push to attached editors (nothing waits for it but the next one)
        self._update: tuple[int, int, list[dict], list[FileBlock]] | None = None  # (n_operations, shown version, ...)

    # ---- scheduling (agent thread only: `_pending` is touched here and in `settle`)

    def after_operation(self, files_changed: bool, shown: ShownCode | None = None) -> None:
        """Score the chunks now, then render the visible ones and push them to the bridge in the background, with
        the update a prompt showing `shown` would need; a prompt waits for it (`current`, `update`)."""
        self.settle()
        visible = self.visible_chunks()
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llm-ide-context")
        if self._push is not None:  # the last push is done by now (one worker, in order); its error is raised here
            self._push.result()
        n_operations = self.memory.n_operations
        self._pending = self._submit(lambda: self._render_update(n_operations, visible, shown, files_changed))
        self._push = self._submit(lambda: self.env.set_agent_context(self.rendering.chunks))

    def _submit(self, job: Callable[[], None]) -> Future:
        """`job` on the worker thread; on this one when no executor takes new jobs: the interpreter is exiting while
        a batch's worker threads still finish their instances (upstream's `mini-extra swebench` after Ctrl-C)."""
        assert self._worker is not None
        try:
            return self._worker.submit(job)
        except RuntimeError:  # "cannot schedule new futures after interpreter shutdown"
            done: Future = Future()
            try:
                job()
                done.set_result(None)
            except Exception as e:
                done.set_exception(e)
            return done

    def settle(self) -> None:
        """Wait for the background rendering (its error, if any, is raised here)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def close(self) -> None:
        try:
            self.settle()
            push, self._push = self._push, None
            if push is not None:
                push.result()
        finally:
            if self._worker is not None:
                self._worker.shutdown()
                self._worker = None

    def render(self, chunks: list[dict]) -> list[FileBlock]:
        """The bridge's blocks of exactly these chunks (e.g. a code-context update); a file whose chunks are all
        among them is usually rendered already (call after `current`, on the agent's thread)."""
        return self._render(chunks, set()) if chunks else []

    def _render_update(
        self, n_operations: int, visible: list[dict], shown: ShownCode | None, files_changed: bool = False
    ) -> None:
        if files_changed:
            self._forget_changed_files()
        self.rendering = self._render_visible(n_operations, visible)
        if shown is not None:
            chunks = shown.new_chunks(self.rendering)
            self._update = (n_operations, shown.version, chunks, self._render(chunks, set()))

    def update(self, shown: ShownCode) -> tuple[list[dict], list[FileBlock]]:
        """The visible chunks `shown` lacks and their blocks: usually computed in the background right after the
        operation (while the model call ran), else now."""
        rendering = self.current()
        pre = self._update
        if pre is not None and pre[0] == rendering.n_operations and pre[1] == shown.version:
            return pre[2], pre[3]
        chunks = shown.new_chunks(rendering)
        return chunks, self.render(chunks)

    # ---- rendering

    def visible_chunks(self) -> list[dict]:
        self.memory.code_context.update_scores(*self._weights)
        return [c.to_bridge() for c in self.memory.code_context.visible(self.threshold, self.max_chunks)]

    def current(self) -> Rendering:
        """The above-threshold chunks rendered by the bridge, within `max_chars`: when the rendering is longer, the
        best-scoring chunks that fit are shown (equal scores go or stay together; at least one chunk). Files change
        only through operations, so one rendering serves every prompt until the next operation."""
        self.settle()
        if self.rendering.n_operations != self.memory.n_operations:
            self.rendering = self._render_visible(self.memory.n_operations, self.visible_chunks())
        return self.rendering

    def _render_visible(self, n_operations: int, visible: list[dict]) -> Rendering:
        used: set[FileKey] = set()
        shown, blocks = visible, self._render(visible, used)
        if self.max_chars and len(blocks_text(blocks)) > self.max_chars and len(visible) > 1:
            # leave out the lowest-scoring chunks (equal scores together) until the rest fits: only their files
            # are rendered again, and not even those when they lose their last chunk
            scores = sorted({c["score"] for c in visible}, reverse=True)
            for floor in scores[-2::-1]:  # the lowest score goes first
                shown = [c for c in visible if c["score"] >= floor]
                blocks = self._render(shown, used)
                if len(blocks_text(blocks)) <= self.max_chars:
                    break
            else:
                best = max(range(len(visible)), key=lambda i: visible[i]["score"])  # at least one chunk
                shown = visible[best : best + 1]
                blocks = self._render(shown, used)
        self._file_blocks = {key: self._file_blocks[key] for key in used if key in self._file_blocks}
        return Rendering(n_operations, shown, blocks)

    def _forget_changed_files(self) -> None:
        """After an operation that may have changed files: drop the renderings whose file's text changed (one
        `file_digests` request for every file rendered), or all of them when the environment cannot tell."""
        if not self._file_blocks:
            return
        digests_of = getattr(self.env, "file_digests", None)
        files = sorted({key[0] for key in self._file_blocks})
        digests = digests_of(files) if digests_of is not None else {}
        self._file_blocks = {
            key: block
            for key, block in self._file_blocks.items()
            if block.digest and digests.get(key[0]) == block.digest
        }

    def _render(self, chunks: list[dict], used: set[FileKey]) -> list[FileBlock]:
        """The bridge's blocks for `chunks`, one per file in order of first appearance. A file whose chunks were
        rendered before, with no file-changing operation since, is not asked again; the others go in one request
        (one per file when the bridge could not render one of them, so each block is known to be its file's)."""
        groups: dict[FileKey, list[dict]] = {}
        for chunk in chunks:
            groups.setdefault(chunk["file"], []).append(chunk)
        keyed = {
            (file, *((c["class"], c["function"], c["whole_function"], tuple(c["lines"])) for c in group)): group
            for file, group in groups.items()
        }
        used.update(keyed)
        missing = [key for key in keyed if key not in self._file_blocks]
        if missing:
            blocks = self.env.render_blocks([c for key in missing for c in keyed[key]])
            if len(blocks) == len(missing):
                self._file_blocks.update(zip(missing, blocks, strict=True))
            else:  # a file the bridge could not render (or did not answer): ask file by file
                for key in missing:
                    got = self.env.render_blocks(keyed[key])
                    if len(got) == 1:
                        self._file_blocks[key] = got[0]
        return [self._file_blocks[key] for key in keyed if key in self._file_blocks]


def chunk_key(chunk: dict) -> tuple:
    return (chunk["file"], chunk["class"], chunk["function"], chunk["whole_function"], tuple(chunk["lines"]))


@dataclass
class ShownCode:
    """What a prompt's code context already shows since its last rebuild: the chunks, and each file's numbered lines
    (its base rendering and the updates after it)."""

    chunks: set[tuple] = field(default_factory=set)
    lines: dict[str, dict[int, str]] = field(default_factory=dict)
    version: int = 0  # changes with every reset/add

    def reset(self, rendering: Rendering) -> None:
        self.chunks, self.lines = set(), {}
        self.add(rendering.chunks, rendering.blocks)

    def add(self, chunks: list[dict], blocks: list[FileBlock]) -> None:
        self.version += 1
        self.chunks.update(chunk_key(c) for c in chunks)
        for block in blocks:
            self.lines.setdefault(block.path, {}).update(block.lines)

    def new_chunks(self, rendering: Rendering) -> list[dict]:
        """The visible chunks the prompt does not show yet: new ones (or grown), and every chunk of a file whose
        shown lines changed since (an edit)."""
        changed = {
            b.path
            for b in rendering.blocks
            if any(self.lines.get(b.path, {}).get(n, code) != code for n, code in b.lines)
        }
        return [c for c in rendering.chunks if chunk_key(c) not in self.chunks or c["file"] in changed]

    def texts(self) -> set[str]:
        """Every shown line as the bridge renders it, for `within` and `elide`: `N code`, and the code alone (a line
        that continues the statement above it, a signature's parameters or a docstring's lines, has no number), the
        file headers and `...`."""
        shown = {f"{n} {code}" for lines in self.lines.values() for n, code in lines.items()}
        codes = {code for lines in self.lines.values() for code in lines.values() if code.strip()}
        return shown | codes | {f"### File: `{path}`" for path in self.lines} | ({"..."} if shown else set())


def within(observation: str, shown: set[str]) -> bool:
    """Every line of an observation that shows numbered code is also a line the prompt's code context shows
    (indentation aside; `ShownCode.texts`: a continuation line without its number too), so the prompt need not show
    it twice."""
    lines = [" ".join(line.split()) for line in observation.splitlines() if line.strip()]
    if not shown or not any(line[:1].isdigit() for line in lines):
        return False
    normal = {" ".join(s.split()) for s in shown}
    return all(line in normal for line in lines)


def normalized(shown: set[str]) -> frozenset[str]:
    """Shown lines with their whitespace normalized, as `elide` compares them."""
    return frozenset(" ".join(s.split()) for s in shown)


def elide(observation: str, shown: frozenset[str], marker: str, min_lines: int = 3) -> str:
    """An observation with every run of at least `min_lines` code lines that the prompt's code context already shows
    (numbered, or continuing the statement above without a number; with the file headers, `...` and blank lines among
    them; at least one numbered) replaced by `marker` (`{n}`: how many code lines it stands for); shorter runs and
    every other line stay."""
    if not shown:
        return observation
    out: list[str] = []
    run: list[str] = []

    def close() -> None:
        blanks = []
        while run and not run[-1].strip():
            blanks.append(run.pop())
        code = [line for line in run if line.strip() and line.strip() != "..." and not line.startswith("### File:")]
        numbered = any(line.lstrip()[:1].isdigit() for line in code)
        out.extend([marker.format(n=len(code))] if numbered and len(code) >= min_lines else run)
        out.extend(blanks)
        run.clear()

    for line in observation.splitlines():
        flat = " ".join(line.split())
        if (flat and flat in shown) or (run and not flat):
            run.append(line)
        else:
            close()
            out.append(line)
    close()
    return "\n".join(out)


def context_info(rendering: Rendering) -> dict[str, Any]:
    return {"n_operations": rendering.n_operations, "files": [b.path for b in rendering.blocks]}
