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

import ast
import builtins
import hashlib
import io
import itertools
import keyword
import re
import tokenize as pytokenize
from collections.abc import Iterable

from agent.bug_consultant.errors import ErrorInfo, Frame, normalise, tokenize

FIELDS = ("type", "message", "line", "function", "where", "tags", "program", "origin", "failed")
FEATURES_VERSION = 2  # stored fields of another version are computed again (store.index_rows)
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


_QUOTED = re.compile(r"'([A-Za-z_][\w.]{0,60}|[^\w\s'\\]{1,3})'")  # a name, or an operator ('<', '+')
_KEPT = re.compile(r"\bqkept([a-j]+)q\b")  # a placeholder the normalisers leave alone (letters only)


def user_names(code: str) -> frozenset[str]:
    """The names the user's code chooses: what it assigns, defines, takes as parameters or writes as string
    literals (dict keys, column names). A message quoting one of them says nothing about the cause."""
    names: set[str] = set()
    for text in split_files(code).values():
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            names.update(re.findall(r"[A-Za-z_]\w*", text))  # unparsable: every word counts as the user's
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                names.add(node.attr)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) <= 60:
                names.add(node.value)
    return frozenset(names)


def message_template(info: ErrorInfo, user: frozenset[str] = frozenset()) -> str:
    """`Type: message` with literals, paths, numbers and addresses replaced by placeholders — except quoted names
    the user's code does not choose (`'NoneType' object is not callable` is not `'int' object is not callable`;
    `'PosixPath' and 'str'`, `has no attribute 'append'` stay; `KeyError: 'host'` becomes `KeyError: <str>`)."""
    kept: list[str] = []

    def keep(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in user and name not in _BUILTINS:
            return m.group(0)
        kept.append(name)
        return "qkept" + "".join(chr(97 + int(d)) for d in str(len(kept) - 1)) + "q"

    text = normalise(_QUOTED.sub(keep, info.message))
    text = _KEPT.sub(lambda m: "'" + kept[int("".join(str(ord(c) - 97) for c in m.group(1)))] + "'", text)
    return f"{info.short_type}: {text}".strip()


def _message_tokens(info: ErrorInfo, user: frozenset[str]) -> list[str]:
    template = message_template(info, user)
    words = tokenize(_PLACEHOLDER.sub(lambda m: f" lit{m.group(1)} ", template))
    digest = hashlib.sha1(template.encode()).hexdigest()[:12]
    quoted = [f"q:{name.lower()}" for name in _QUOTED.findall(template)]
    return [*words, *quoted, f"tpl:{digest}"]


def split_files(code: str) -> dict[str, str]:
    """A program given as several files, each after a `# file: <path>` line, as {path: text}; one file: {"": code}."""
    parts = re.split(r"(?m)^# file: (.*)$", code)
    if len(parts) == 1:
        return {"": code}
    files = {"": parts[0]} if parts[0].strip() else {}
    for k in range(1, len(parts), 2):
        files[parts[k].strip()] = parts[k + 1].lstrip("\n")
    return files


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


# ---------------------------------------------------------------------------------------------- the program's code
_NO_LABEL = (
    ast.expr_context, ast.operator, ast.cmpop, ast.unaryop, ast.boolop, ast.arguments, ast.arg, ast.keyword,
    ast.alias, ast.Import, ast.ImportFrom,
)  # fmt: skip


def _label(node: ast.AST) -> str | None:
    """A node as what it does, without the programmer's names: `call.sort` (a method), `call:len` (a builtin),
    `call:user`, `attr.items`, `const:str`, `BinOp:Add`, `cmp:Eq`, `FunctionDef:__getattr__` (dunders only)."""
    kind = type(node).__name__
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute):
            return f"call.{func.attr}"
        if isinstance(func, ast.Name):
            return f"call:{func.id}" if func.id in _BUILTINS else "call:user"
        return "call:expr"
    if isinstance(node, ast.Attribute):
        return f"attr.{node.attr}"
    if isinstance(node, ast.Name):
        return f"name:{node.id}" if node.id in _BUILTINS else None
    if isinstance(node, ast.Constant):
        return f"const:{type(node.value).__name__}"
    if isinstance(node, (ast.BinOp, ast.AugAssign)):
        return f"{kind}:{type(node.op).__name__}"
    if isinstance(node, ast.Compare):
        return "cmp:" + ",".join(type(op).__name__ for op in node.ops)
    if isinstance(node, ast.UnaryOp):
        return f"unary:{type(node.op).__name__}"
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return f"{kind}:{node.name}" if node.name.startswith("__") else kind
    if isinstance(node, _NO_LABEL):
        return None
    return kind


def _node_tokens(root: ast.AST, prefix: str = "") -> list[str]:
    """Every node's label and each parent>child pair of labels (`Assign>call.sort`: a method's result assigned),
    a function's defaults (`default>List`) and decorators."""
    out: list[str] = []
    for node in ast.walk(root):
        label = _label(node)
        if label is None:
            continue
        out.append(prefix + label)
        out += [f"{prefix}{label}>{child}" for c in ast.iter_child_nodes(node) if (child := _label(c)) is not None]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defaults = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
            out += [f"{prefix}default>{_label(d)}" for d in defaults]
            out += [f"{prefix}decorator>{_label(d)}" for d in node.decorator_list]
    return out


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def program_tokens(code: str) -> list[str]:
    """The whole program's constructs (`_node_tokens` of every file) and the modules it imports: the field that
    sees a mutable default, an in-place method's result assigned or a decorator without return wherever they are."""
    out: list[str] = []
    for text in split_files(code).values():
        if (tree := _parse(text)) is not None:
            out += _node_tokens(tree)
    out += [f"import:{m.split('.')[0]}" for m in re.findall(r"(?m)^\s*(?:from|import)\s+([\w.]+)", code)]
    return out


def source_of(code: str, frame: Frame) -> str | None:
    """The file of `code` the frame points into (its line there is the frame's line), else None."""
    if not frame.code:
        return None
    files = split_files(code)
    ordered = sorted(files.items(), key=lambda kv: not (kv[0] and frame.file.endswith(kv[0])))
    for _, text in ordered:
        lines = text.splitlines()
        if 0 < frame.line <= len(lines) and lines[frame.line - 1].strip() == frame.code.strip():
            return text
    return None


def _statement(line: str) -> ast.Module | None:
    """One traceback line as a statement (a block opener gets a body)."""
    text = line.strip()
    return _parse(text) or _parse(text + "\n    pass")


def origin_tokens(code: str, frame: Frame | None) -> list[str]:
    """Where the failing line's values come from, as a debugger follows them back: for each name (and attribute)
    the failing line reads, what the file assigns to it (`o:Assign>call.sort`, a builtin's name rebound:
    `o:shadow-builtin`), the function it calls (decorators, `o:no-return`, what it returns), the class it
    instantiates (its dunder methods), a parameter, an import, a loop variable (what the loop iterates)."""
    if frame is None or not code or (src := source_of(code, frame)) is None:
        return []
    tree, line = _parse(src), _statement(frame.code)
    if tree is None or line is None:
        return []
    names = {n.id for n in ast.walk(line) if isinstance(n, ast.Name)}
    attrs = {n.attr for n in ast.walk(line) if isinstance(n, ast.Attribute)}
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound = [x for t in targets for x in ast.walk(t)]
            hit = any(isinstance(x, ast.Name) and x.id in names for x in bound) or any(
                isinstance(x, ast.Attribute) and x.attr in attrs and isinstance(x.ctx, ast.Store) for x in bound
            )
            if hit and node.value is not None:
                if any(isinstance(x, ast.Name) and x.id in _BUILTINS for x in bound):
                    out.append("o:shadow-builtin")
                out += _node_tokens(node.value, "o:")
                out.append(f"o:{type(node).__name__}>{_label(node.value)}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (node.name in names or node.name in attrs):
            out.append("o:def-async" if isinstance(node, ast.AsyncFunctionDef) else "o:def")
            out += [f"o:decorator>{_label(d)}" for d in node.decorator_list]
            returns = [x for x in ast.walk(node) if isinstance(x, ast.Return)]
            out += [f"o:return>{_label(r.value) if r.value else 'none'}" for r in returns] or ["o:no-return"]
            for x in ast.walk(node):
                if isinstance(x, ast.Assign):
                    out += _node_tokens(x, "o:body:")
        elif isinstance(node, ast.ClassDef) and node.name in names:
            out.append("o:class")
            out += [f"o:class:{x.name}" for x in node.body if isinstance(x, ast.FunctionDef) and x.name[:2] == "__"]
        elif isinstance(node, ast.arg) and node.arg in names:
            out.append("o:arg")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            for alias in node.names:
                if (alias.asname or alias.name).split(".")[0] in names:
                    out.append(f"o:import:{(module or alias.name).split('.')[0]}")
        elif isinstance(node, (ast.For, ast.comprehension)) and any(
            isinstance(x, ast.Name) and x.id in names for x in ast.walk(node.target)
        ):
            out.append(f"o:loopvar>{_label(node.iter)}")
    return out


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
    user = user_names(code) if code else frozenset()
    frame = failing_frame(info)
    line = frame.code if frame else ""
    function = enclosing_function(code, frame) if (code and frame) else None
    if function is None:
        function = "\n".join(f.code for f in info.project_frames[-3:] if f.code)
    llm_tags = [t.lower() for t in [category, *tags] if t]
    return {
        "type": [f"type:{info.short_type}", f"qual:{info.exc_type}"],
        "message": _message_tokens(info, user),
        "line": _with_pairs(code_shape(line)) if line else [],
        "function": code_shape(function) if function else [],
        "where": _where(info),
        "tags": [tok for tag in llm_tags for tok in (tag, *tokenize(tag))],
        "program": program_tokens(code) if code else [],
        "origin": origin_tokens(code, frame),
        "failed": _with_pairs(code_shape(frame.marked)) if frame and frame.marked else [],
    }


def embedding_text(info: ErrorInfo, code: str = "") -> str:
    """The short text embedded for the semantic side: type, message template, where it surfaced, the failing line."""
    frame = failing_frame(info)
    lib_funcs = [f.func for f in info.frames if f.library and f.func != "<module>"][-3:]
    template = message_template(info, user_names(code) if code else frozenset()).split(": ", 1)[-1]
    parts = [info.exc_type, template[:300], " ".join(info.libraries), " ".join(lib_funcs)]
    if frame and frame.code:
        parts.append(normalise(frame.code)[:200])
    return " ".join(p for p in parts if p)
