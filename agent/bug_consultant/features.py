"""What a debugger looks at when it recognises a bug, as token fields for retrieval (no LLM, no network).

Fields (each a set of tokens, compared by idf-weighted overlap in `retrieval`):

- ``message``: the message's template (``Type: message``), literals normalised (``KeyError: <str>`` vs
  ``KeyError: <num>``) except quoted names the user's code does not choose (``'NoneType' object is not callable``
  is not ``'int' object is not callable``), the user's own functions and classes as ``<name>``; as words, one token
  for the whole template, and the kind of each quoted value (empty, an int or a decimal as text, padded, non-ASCII,
  a name, ...); values inside a printed list or dict are data, normalised. A message the user's own code raised
  (``assert ...``, ``raise ...`` on the innermost frame, in the project) is the author's text, not the failure's
  signature: one token for it; of a failed ``assert actual == expected``, the integers it got as tokens of their
  own (``assert 404 == 200``: ``got:'404'``; session 19).
- ``where``: where the error surfaces: the library and its innermost function, or ``project`` when the exception
  is raised in the user's own code; the chain of libraries the traceback passes through.
- ``tags``: the summary model's category and tags, when a model wrote the summary (never required).
- ``program``: the constructs of the record's ``code`` (every file of it), without the programmer's names: each
  AST node as what it does (``call.sort``, ``call:len``, ``const:str``, ``BinOp:Add``) and each parent>child pair
  (``Assign>call.sort``: an in-place method's result assigned; ``default>List``: a mutable default), and the
  modules imported. The mistake is often away from the failing line; the program holds it.
- ``failed``: the operation the traceback's carets mark on the innermost project frame's line (Python >= 3.11),
  reduced to its operations (calls, attributes, subscripts, operators, literal kinds; names dropped).
- ``keywords``: the keyword arguments the program passes, by name and the kind of value, and with the call they go to
  (``kw:inplace=True``, ``call.sort_values(kw:inplace)``, ``kw:key=call:user``): how a library is configured is
  often the mistake (``inplace=True`` assigned, ``shell`` missing, ``Loader`` omitted).
- ``imports``: the top-level modules the program imports (``csv``, ``sqlite3``, ``yaml``): the libraries it uses,
  also where the error does not surface in them.
- ``function``: the constructs of the function around the innermost project frame's line (as ``program``, that
  function only): the code a debugger reads first.
- ``api``: the library APIs the program uses, named by what it imported (``from glom import glom`` then
  ``glom(...)`` is ``api:glom.glom``; ``import xml.etree.ElementTree as ET`` then ``ET.parse`` is
  ``api:xml.etree.ElementTree.parse``), each call's keyword names and number of positional arguments
  (``api:csv.reader(kw:quoting)``, ``api:tempfile.mkstemp/0``): look-alike causes share the message, and the API
  the program misuses tells them apart (session 10). Only with ``code``.
- ``unawaited``: the coroutines Python warns were never awaited (``coroutine 'MemoryObjectSendStream.send' was never
  awaited``, in pytest's warnings summary too), whole and by their last part: the call a missing ``await`` left out.
  It gates only (session 16).

Measured and left out (session 5, weight 0 in the cross-validation folds once ``program`` is in): the failing
line's operations as a field of its own, where the failing line's values were assigned, the constructs of the
functions on the traceback's path, the exception type as a field of its own (the template starts with it). Session 6
(weight 0 or below 0.25 in the leave-one-set-out folds of four sets): the library functions the traceback passes
through (``where`` has the innermost and the entry one), the operations of the lines around the failing line, the
library APIs qualified by their module (``csv.reader``), the static embedding of the failing function's text. The
failing line still reaches the embedding text.
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
from functools import lru_cache

from agent.bug_consultant.errors import ErrorInfo, Frame, normalise, tokenize

FIELDS = (
    "message",
    "where",
    "tags",
    "program",
    "failed",
    "keywords",
    "imports",
    "function",
    "api",
    "report",
    "subject",
    "unawaited",
)
FEATURES_VERSION = 16  # stored fields of another version are computed again (store.index_rows)
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


_QUOTED = re.compile(r"'([A-Za-z_][\w.]{0,60}|[^\w\s'\\]{1,3})'")  # a name, or an operator ('<', '+')
_KEPT = re.compile(r"\bqkept([a-j]+)q\b")  # a placeholder the normalisers leave alone (letters only)


@lru_cache(maxsize=256)
def user_names(code: str, *, literals: bool = True) -> frozenset[str]:
    """The names the user's code chooses: what it assigns, defines, takes as parameters or (with `literals`)
    writes as string literals (dict keys, column names). A message quoting one of them says nothing about the
    cause."""
    names: set[str] = set()
    for text in split_files(code).values():
        if (tree := _parse(text)) is None:
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
            elif literals and isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) <= 60:
                names.add(node.value)
    return frozenset(names)


_USER_WORD = re.compile(r"(?<![\w<'])[A-Za-z_]\w*(?![\w>'])")


def _is_users(m: re.Match[str], user: frozenset[str]) -> bool:
    """A word of the message that names something of the user's code and reads as an identifier (dotted, called,
    snake or camel case), not an English word the code happens to use as a name."""
    word = m.group(0)
    if word not in user or word in _BUILTINS or word.startswith("__"):
        return False
    after = m.string[m.end() : m.end() + 1]
    return "_" in word or word[0].isupper() or after in ("(", ".") or m.string[m.start() - 1 : m.start()] == "."


def message_template(info: ErrorInfo, code: str = "") -> str:
    """`Type: message` with literals, paths, numbers and addresses replaced by placeholders — except quoted names
    the user's code does not choose (`'NoneType' object is not callable` is not `'int' object is not callable`;
    `'PosixPath' and 'str'`, `has no attribute 'append'` stay; `KeyError: 'host'` becomes `KeyError: <str>`), and
    with the user's functions and classes named without quotes as `<name>` (`<name>.<name>() missing ...`)."""
    user = user_names(code) if code else frozenset()
    defined = user_names(code, literals=False) if code else frozenset()
    kept: list[str] = []

    def keep(m: re.Match[str]) -> str:
        name = m.group(1)
        before = m.string[: m.start()]
        in_data = before.count("[") > before.count("]") or before.count("{") > before.count("}")
        if (name in user and name not in _BUILTINS) or in_data:  # the user's name, or a value in a printed list/dict
            return m.group(0)
        kept.append(name)
        return "qkept" + "".join(chr(97 + int(d)) for d in str(len(kept) - 1)) + "q"

    text = normalise(_QUOTED.sub(keep, info.message))
    if defined:  # the user's own functions and classes named without quotes (`Cart.total() missing 1 required ...`)
        text = _USER_WORD.sub(lambda m: "<name>" if _is_users(m, defined) else m.group(0), text)
    text = _KEPT.sub(lambda m: "'" + kept[int("".join(str(ord(c) - 97) for c in m.group(1)))] + "'", text)
    return f"{info.short_type}: {text}".strip()


_STRING = re.compile(r"'([^'\n]{0,200})'|\"([^\"\n]{0,200})\"")


def literal_kind(value: str) -> str:
    """What a quoted value looks like, its content left out: a debugger reading `invalid literal for int()` asks
    whether the text was empty, a decimal, a word; a `KeyError` whether the key was a number turned into text."""
    text = value.strip()
    if not value:
        return "empty"
    if value != text or "\\n" in value or "\\t" in value:
        return "padded"
    if value.startswith(("\ufeff", "\\ufeff", "\\xef")) or not value.isascii():
        return "nonascii"
    if re.fullmatch(r"[-+]?\d+", text):
        return "int"
    if re.fullmatch(r"[-+]?(\d+[.,]\d*|\d*[.,]\d+)([eE][-+]?\d+)?", text):
        return "decimal"
    if re.fullmatch(r"0[xX][0-9a-fA-F]+|[0-9a-fA-F]{2,}", text) and not text.isalpha():
        return "hex"
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        return "name"
    if re.search(r"\d", text) and re.search(r"[-/:]", text):
        return "datelike"
    if re.search(r"[{}%]", text):
        return "format"
    return "text"


_INTEGER = re.compile(r"(?<![\w.'\"])-?\d+(?![\w.'\"])")  # a whole integer, not part of a name, decimal or string


def _got(message: str) -> list[str]:
    """The integers a failed `assert actual == expected` got (`assert 404 == 200`: the status 404; `assert 1 == 3`: a
    count): the value a debugger prints first. The expected side is the test's, the same whatever the fault."""
    if not message.startswith("assert ") or (op := message.find(" == ")) < 0:
        return []
    return sorted({f"got:{value!r}" for value in _INTEGER.findall(message[7:op])})


def users_message(info: ErrorInfo) -> bool:
    """The message is the user's own text: the user's code raised it (`assert ...`, `raise X("...")`)."""
    frame = info.frames[-1] if info.frames else None
    return frame is not None and frame.library is None and frame.code.startswith(("assert ", "assert(", "raise "))


def _message_tokens(info: ErrorInfo, code: str) -> list[str]:
    template = message_template(info, code)
    words = tokenize(_PLACEHOLDER.sub(lambda m: f" lit{m.group(1)} ", template))
    if users_message(info):  # the author's words (`assert x == y, "leaked items"`), not the failure's signature
        return [f"usermsg:{info.short_type}", *(f"userword:{w}" for w in words), *_got(info.message)]
    digest = hashlib.sha1(template.encode()).hexdigest()[:12]
    quoted = [f"q:{name.lower()}" for name in _QUOTED.findall(template)]
    kinds = [f"kind:{literal_kind(a or b)}" for a, b in _STRING.findall(info.message)]
    return [*words, *quoted, *kinds, f"tpl:{digest}"]


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


def clear_caches() -> None:
    """Forget the parsed programs (benchmarks time a query whose code the process has not seen)."""
    _parse.cache_clear()
    user_names.cache_clear()


@lru_cache(maxsize=256)
def _parse(text: str) -> ast.Module | None:
    """The module's tree (cached: a record's code is read by several fields; callers never change the tree)."""
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
    out += [f"import:{m}" for m in imported_modules(code)]
    return out


def imported_modules(code: str) -> list[str]:
    """The top-level modules the code imports (relative imports left out)."""
    return [m.split(".")[0] for m in re.findall(r"(?m)^\s*(?:from|import)\s+([\w.]+)", code)]


def keyword_tokens(code: str) -> list[str]:
    """Each keyword argument the code passes: its name, its name with the kind of value (and the value itself when
    it is True, False or None), and the call it goes to (`call.sort_values(kw:inplace)`)."""
    out: list[str] = []
    for text in split_files(code).values():
        if (tree := _parse(text)) is None:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            call = _label(node)
            for kw in node.keywords:
                if kw.arg is None:
                    continue
                value = kw.value
                out += [f"kw:{kw.arg}", f"kw:{kw.arg}={_label(value) or 'name'}", f"{call}(kw:{kw.arg})"]
                if isinstance(value, ast.Constant) and isinstance(value.value, bool | None):
                    out.append(f"kw:{kw.arg}={value.value}")
    return out


def _imported_names(tree: ast.Module) -> dict[str, str]:
    """Each name the module binds by an import, with the module path it stands for (`ET` -> `xml.etree.ElementTree`,
    `glom` -> `glom.glom`); relative imports left out."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    bound[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if alias.name != "*":
                    bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def _dotted(node: ast.AST) -> list[str] | None:
    """`a.b.c` as ["a", "b", "c"]; None when the chain does not start at a name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def api_tokens(code: str) -> list[str]:
    """The imported APIs the code reads or calls, qualified by their import (`api:glom.glom`,
    `api:os.path.commonprefix`), and for each call its keyword names and number of positional arguments
    (`api:csv.reader(kw:quoting)`, `api:csv.reader/1`)."""
    out: list[str] = []
    for text in split_files(code).values():
        if (tree := _parse(text)) is None:
            continue
        bound = _imported_names(tree)
        # the attribute prefixes of a chain already counted (`os.path` of `os.path.join`; the module `os` counts)
        inner: set[int] = set()
        for node in ast.walk(tree):
            if id(node) in inner or not isinstance(node, (ast.Attribute, ast.Name)):
                continue
            if not isinstance(node.ctx, ast.Load) or not (chain := _dotted(node)) or chain[0] not in bound:
                continue
            value = node.value if isinstance(node, ast.Attribute) else None
            while isinstance(value, ast.Attribute):
                inner.add(id(value))
                value = value.value
            out.append("api:" + ".".join([bound[chain[0]], *chain[1:]]))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (chain := _dotted(node.func)) and chain[0] in bound:
                api = ".".join([bound[chain[0]], *chain[1:]])
                out += [f"api:{api}(kw:{kw.arg})" for kw in node.keywords if kw.arg]
                out.append(f"api:{api}/{len(node.args)}")
    return out


def function_tokens(info: ErrorInfo, code: str) -> list[str]:
    """The constructs of the function around the innermost project frame's line (none at module level, or when
    `code` does not hold that line)."""
    project = info.project_frames
    if not project or not code or (text := source_of(code, project[-1])) is None or (tree := _parse(text)) is None:
        return []
    line = project[-1].line
    around = [
        node for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= (node.end_lineno or 0)
    ]  # fmt: skip
    return _node_tokens(max(around, key=lambda node: node.lineno)) if around else []


def traceback_program_tokens(info: ErrorInfo) -> list[str]:
    """Without the code: the same constructs from the project's lines the traceback shows (each parsed alone)."""
    out: list[str] = []
    for line in dict.fromkeys(f.code for f in info.project_frames if f.code):
        text = line.strip()
        tree = _parse(text) or _parse(text + "\n    pass")  # a block opener (`for x in f():`) gets a body
        if tree is not None:
            out += _node_tokens(tree)
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
    llm_tags = [t.lower() for t in [category, *tags] if t]
    return {
        "message": _message_tokens(info, code),
        "where": _where(info),
        "tags": [tok for tag in llm_tags for tok in (tag, *tokenize(tag))],
        "program": program_tokens(code) if code else traceback_program_tokens(info),
        "failed": _with_pairs(code_shape(frame.marked)) if frame and frame.marked else [],
        "keywords": keyword_tokens(code) if code else [],
        "imports": sorted(set(imported_modules(code))) if code else [],
        "function": function_tokens(info, code),
        "api": api_tokens(code) if code else [],
        "report": report_tokens(info),
        "subject": subject_tokens(info),
        "unawaited": unawaited_tokens(info),
    }


REPORT_KINDS = ("test_failure",)


def report_tokens(info: ErrorInfo) -> list[str]:
    """The words of a test-suite report as printed (test names and files, the test's code, the assertion's values),
    as plain BM25 reads the whole output; other outputs none."""
    return sorted(set(tokenize(info.report))) if info.kind in REPORT_KINDS else []


# the failing test's class in unittest's header (`FAIL: test_x (pkg.test_mod.TestClass.test_x)`) and pytest's
# (`____ TestClass.test_x[param] ____`)
_UNITTEST_HEADER = re.compile(r"^(?:FAIL|ERROR): \w+ \((?P<test>[\w.]+)\)$")
_PYTEST_HEADER = re.compile(r"^_{3,} (?P<test>[\w.]+?)(?:\[.*\])? _{3,}$")


def subject_tokens(info: ErrorInfo) -> list[str]:
    """The subject under test of a test-suite report: the failing tests' classes, each a whole identifier (inherited
    tests of `TestMedian` and `TestMedianLow` share their names and assertions, not their class); other outputs none."""
    if info.kind not in REPORT_KINDS:
        return []
    subjects = set()
    for line in info.report.splitlines():
        if m := _UNITTEST_HEADER.match(line) or _PYTEST_HEADER.match(line):
            parts = m.group("test").split(".")
            if len(parts) > 1 and parts[-2][:1].isupper():
                subjects.add(parts[-2])
    return sorted(subjects)


_UNAWAITED = re.compile(r"coroutine '(?P<name>[\w.<>]+)' was never awaited")


def unawaited_tokens(info: ErrorInfo) -> list[str]:
    """The coroutines Python warns were never awaited (`RuntimeWarning: coroutine 'MemoryObjectSendStream.send' was
    never awaited`, often in pytest's warnings summary after the failure): a missing `await` names the call it left
    out, whole and by its last part; outputs without such a warning none."""
    names = {m.group("name") for m in _UNAWAITED.finditer(info.report)}
    return sorted({tok for name in names for tok in (f"coro:{name}", f"coro:.{name.rsplit('.', 1)[-1]}")})


def embedding_text(info: ErrorInfo, code: str = "") -> str:
    """The short text embedded for the semantic side: type, message template, where it surfaced, the failing line."""
    frame = failing_frame(info)
    lib_funcs = [f.func for f in info.frames if f.library and f.func != "<module>"][-3:]
    template = message_template(info, code).split(": ", 1)[-1]
    parts = [info.exc_type, template[:300], " ".join(info.libraries), " ".join(lib_funcs)]
    if frame and frame.code:
        parts.append(normalise(frame.code)[:200])
    return " ".join(p for p in parts if p)
