"""What a debugger looks at when it recognises a bug, as token fields for retrieval (no LLM, no network).

Fields (each a set of tokens, compared by idf-weighted overlap in `retrieval`):

- ``type``: the exception type (short and qualified).
- ``message``: the message's template, literals normalised (``KeyError: <str>`` vs ``KeyError: <num>``), as words
  plus one token for the whole template.
- ``line``: the failing line's code: the innermost project frame (the user's line, not the library's), reduced to
  its operations (calls, attributes, subscripts, operators, literal kinds); the user's own variable names are left
  out, they differ from one program to the next while the operation stays.
- ``function``: the same reduction over the function around that line, from the record's ``code`` when that code
  holds the line (else the project frames' lines from the traceback).
- ``where``: where the error surfaces: the library and its innermost function, or ``project`` when the exception
  is raised in the user's own code; the chain of libraries the traceback passes through.
- ``tags``: the summary model's category and tags, when a model wrote the summary (never required).
"""

from __future__ import annotations

import builtins
import hashlib
import io
import itertools
import keyword
import re
import tokenize as pytokenize
from collections.abc import Iterable

from agent.bug_consultant.errors import ErrorInfo, Frame, normalise, tokenize

FIELDS = ("type", "message", "line", "function", "where", "tags")
_BUILTINS = frozenset(dir(builtins))
_PLACEHOLDER = re.compile(r"<(addr|path|str|num)>")
# operators whose presence says what the line does (arithmetic, matmul, subscripting, comparison, calls, unpacking)
_OPS = frozenset(
    [
        "+",
        "-",
        "*",
        "/",
        "//",
        "%",
        "@",
        "**",
        "+=",
        "-=",
        "*=",
        "/=",
        "==",
        "!=",
        "<",
        ">",
        "<=",
        ">=",
        "[",
        "(",
        ".",
        ",",
        "=",
        ":",
        "->",
    ]
)
_MAX_FUNCTION_LINES = 40


def message_template(info: ErrorInfo) -> str:
    """`Type: message` with literals, paths, numbers and addresses replaced by placeholders."""
    return f"{info.short_type}: {normalise(info.message)}".strip()


def _message_tokens(info: ErrorInfo) -> list[str]:
    template = message_template(info)
    words = tokenize(_PLACEHOLDER.sub(lambda m: f" lit{m.group(1)} ", template))
    digest = hashlib.sha1(template.encode()).hexdigest()[:12]
    return [*words, f"tpl:{digest}"]


def code_shape(source: str) -> list[str]:
    """The operations of some lines of Python: called names, attributes, builtins, keywords, operators and the
    kinds of literals; the programmer's own variable names are dropped. Unparsable text falls back to words."""
    out: list[str] = []
    prev = ""
    try:
        toks = list(pytokenize.generate_tokens(io.StringIO(source).readline))
    except (pytokenize.TokenError, IndentationError, SyntaxError):
        toks = []
    if not toks:
        return [f"w:{t}" for t in tokenize(normalise(source))]
    names = [t for t in toks if t.type != pytokenize.COMMENT]
    for i, tok in enumerate(names):
        nxt = names[i + 1].string if i + 1 < len(names) else ""
        if tok.type == pytokenize.NAME:
            if keyword.iskeyword(tok.string):
                out.append(f"kw:{tok.string}")
            elif prev == ".":
                out.append(f"attr:{tok.string}" if nxt != "(" else f"method:{tok.string}")
            elif nxt == "(":
                out.append(f"call:{tok.string}" if tok.string in _BUILTINS else "call")
            elif tok.string in _BUILTINS:
                out.append(f"name:{tok.string}")
            elif nxt == ".":
                out.append(f"mod:{tok.string}" if len(tok.string) <= 6 else "obj")
        elif tok.type == pytokenize.OP and tok.string in _OPS:
            out.append(f"op:{tok.string}" if tok.string != "[" or prev not in ("", "=", "(", ",") else "op:list")
        elif tok.type == pytokenize.NUMBER:
            out.append("lit:num")
        elif tok.type == pytokenize.STRING:
            out.append("lit:str")
        if tok.type in (pytokenize.NAME, pytokenize.OP, pytokenize.NUMBER, pytokenize.STRING):
            prev = tok.string
    return out


def _with_pairs(shape: list[str]) -> list[str]:
    """The shape's tokens and its adjacent pairs (`method:sort` then `op:[` says more than either alone)."""
    return [*shape, *(f"{a}>{b}" for a, b in itertools.pairwise(shape))]


def failing_frame(info: ErrorInfo) -> Frame | None:
    """The innermost frame of the user's own code (else the innermost frame)."""
    project = info.project_frames
    return project[-1] if project else (info.frames[-1] if info.frames else None)


def enclosing_function(code: str, frame: Frame) -> str | None:
    """The function (or module-level block) around the frame's line in `code`, when `code` is the file the frame
    points into (its line there is the frame's line); None otherwise."""
    lines = code.splitlines()
    if not frame.code or not 0 < frame.line <= len(lines) or lines[frame.line - 1].strip() != frame.code.strip():
        return None
    at = frame.line - 1
    indent = len(lines[at]) - len(lines[at].lstrip())
    start = at
    while start > 0:
        start -= 1
        text = lines[start]
        if text.strip() and len(text) - len(text.lstrip()) < indent and text.lstrip().startswith(("def ", "async ")):
            break
    else:
        start = max(0, at - _MAX_FUNCTION_LINES // 2)
    body = [line for line in lines[start : start + _MAX_FUNCTION_LINES] if line.strip()]
    return "\n".join(line.strip() for line in body)


def _where(info: ErrorInfo) -> list[str]:
    frames = info.frames
    out = [f"lib:{lib}" for lib in info.libraries]
    if frames and frames[-1].library is None:
        out.append("raised:project")
    elif frames:
        last = frames[-1]
        out += [f"raised:{last.library}", f"raised:{last.library}.{last.func}"]
        # the library function the user's line called into (the first library frame after the last project one)
        project_at = max((i for i, f in enumerate(frames) if f.library is None), default=-1)
        if project_at + 1 < len(frames):
            entry = frames[project_at + 1]
            out.append(f"entry:{entry.library}.{entry.func}")
    if len(info.frames) > 50:
        out.append("deep:recursion")
    return out


def extract(info: ErrorInfo, *, code: str = "", category: str = "", tags: Iterable[str] = ()) -> dict[str, list[str]]:
    """The token fields of one error (see the module docstring)."""
    frame = failing_frame(info)
    line = frame.code if frame else ""
    function = enclosing_function(code, frame) if (code and frame) else None
    if function is None:
        function = "\n".join(f.code for f in info.project_frames[-3:] if f.code)
    llm_tags = [t.lower() for t in [category, *tags] if t]
    return {
        "type": [f"type:{info.short_type}", f"qual:{info.exc_type}"],
        "message": _message_tokens(info),
        "line": _with_pairs(code_shape(line)) if line else [],
        "function": code_shape(function) if function else [],
        "where": _where(info),
        "tags": [tok for tag in llm_tags for tok in (tag, *tokenize(tag))],
    }


def embedding_text(info: ErrorInfo) -> str:
    """The short text embedded for the semantic side: type, message template, where it surfaced, the failing line."""
    frame = failing_frame(info)
    lib_funcs = [f.func for f in info.frames if f.library and f.func != "<module>"][-3:]
    parts = [info.exc_type, normalise(info.message)[:300], " ".join(info.libraries), " ".join(lib_funcs)]
    if frame and frame.code:
        parts.append(normalise(frame.code)[:200])
    return " ".join(p for p in parts if p)
