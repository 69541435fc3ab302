"""The agent's code context as editors see it: a labelled line span per chunk (diagnostics and code lenses)."""

from __future__ import annotations

from lsp_bridge.render import Chunk, Renderer
from lsp_bridge.view import View

CONTEXT_SOURCE = "lsp-bridge agent"


def context_label(chunk: Chunk) -> str:
    where = ".".join(x for x in (chunk.cls, chunk.function) if x) or chunk.file
    score = f" (score {chunk.score:.2f})" if isinstance(chunk.score, (int, float)) else ""
    return f"agent context: {where}{score}"


def context_spans(view: View, chunks: list[Chunk]) -> list[tuple[Chunk, int, int]]:
    """(chunk with a workspace path, first line, line after the last) of each chunk the agent holds."""
    renderer = Renderer(view)
    out = []
    for chunk in chunks:
        path = view.normalize(chunk.file)
        fi = view.files.get(path) if path else None
        if path is None or fi is None:
            continue
        shown = renderer.shown_lines(fi, chunk)
        if shown:
            out.append(
                (
                    Chunk(path, chunk.cls, chunk.function, chunk.whole_function, chunk.lines, chunk.score),
                    min(shown),
                    max(shown) + 1,
                )
            )
    return out
