"""Reading an error out of a command's output: exception, message, frames, libraries, fingerprint, tokens.

Everything here is deterministic and cheap; it feeds the fingerprint, the retrieval index and the
fallback summary when no summary model answers.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache

_TRACEBACK = "Traceback (most recent call last):"
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>\S+))?')
# "ValueError: msg", "pandas.errors.ParserError: msg", "KeyError: 'x'", bare "StopIteration"
_EXC_LINE = re.compile(
    r"^(?:E\s+)?(?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Iteration))(?::\s?(?P<msg>.*))?$"
)
# after a traceback's last frame any `module.CamelName: message` line is the exception (NetworkXNoPath, MissingSchema)
_EXC_AFTER_FRAME = re.compile(
    r"^(?:E\s+)?(?P<type>(?:[a-z_]\w*\.)*[A-Z]\w*|(?:[a-z_]\w*\.)+[a-z_]\w*)(?::\s?(?P<msg>.*))?$"
)
_GROUP_PREFIX = re.compile(r"^\s*(?:\|\s?)+")
# pytest's long format: "E   message" lines, then "path.py:12: ExceptionType"
_PYTEST_LOCATION = re.compile(r"^(?P<file>\S+\.py):(?P<line>\d+): (?P<type>[A-Za-z_][\w.]*)$")
# pytest's summary line `FAILED tests/test_x.py::test_add - assert ...` (unittest's `FAILED (failures=1)` is no test)
_PYTEST_SUMMARY = re.compile(r"^(?:FAILED|ERROR) (?P<test>[^\s(]\S*?)(?: - (?P<rest>.*))?$")
# unittest's header of a failure: `FAIL: test_x (pkg.mod.Class.test_x)` (Python >= 3.11), `(pkg.mod.Class)` before
_UNITTEST_HEADER = re.compile(r"^(?:FAIL|ERROR): (?P<name>\w+) \((?P<id>[\w.]+)\)")
_GENERIC_ERROR = re.compile(r"(?i)\b(error|fatal|failed|failure|not found|no such file|cannot|permission denied)\b")
_SITE = re.compile(r"(?:site|dist)-packages/(?P<pkg>[A-Za-z_][\w]*)")
_STDLIB = re.compile(r"/lib/python3\.\d+/(?P<mod>[A-Za-z_]\w*)")

_NORMALISERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"0x[0-9a-fA-F]+"), "<addr>"),
    (re.compile(r"(?:[A-Za-z]:)?(?:/[\w.\-+@]+){2,}/?"), "<path>"),
    (re.compile(r"'[^'\n]{0,200}'|\"[^\"\n]{0,200}\""), "<str>"),
    (re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])"), "<num>"),
    (re.compile(r"\s+"), " "),
]
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "in",
        "on",
        "to",
        "is",
        "was",
        "be",
        "for",
        "and",
        "or",
        "not",
        "with",
        "by",
        "at",
        "as",
        "it",
        "this",
        "that",
        "from",
        "line",
        "file",
        "most",
        "recent",
        "call",
        "last",
        "traceback",
        "self",
        "none",
        "true",
        "false",
    ]
)


@dataclass(frozen=True)
class Frame:
    file: str
    line: int
    func: str
    code: str = ""
    marked: str = ""  # the part of `code` the traceback's carets mark (Python >= 3.11): the operation that failed

    @property
    def library(self) -> str | None:
        """The installed package (site-packages) or stdlib module the frame runs in; None for project code."""
        if m := _SITE.search(self.file):
            return m.group("pkg").lower()
        if m := _STDLIB.search(self.file):
            return m.group("mod").lower()
        if self.file.startswith("<frozen") or self.file.startswith("<string"):
            return "python"
        return None


@dataclass
class ErrorInfo:
    """The error a failing command reported, as far as its output tells."""

    exc_type: str
    message: str
    frames: list[Frame] = field(default_factory=list)
    kind: str = "exception"  # exception | test_failure | error_line
    failing_tests: list[str] = field(default_factory=list)
    # frames of the earlier tracebacks in the output (chained exceptions, the outer exception of a group)
    outer_frames: list[Frame] = field(default_factory=list)
    report: str = ""  # the output's last lines as printed (a test-suite report is read whole: `features.report_tokens`)

    @property
    def short_type(self) -> str:
        return self.exc_type.rsplit(".", 1)[-1]

    @property
    def normalised_message(self) -> str:
        return normalise(self.message)

    @property
    def project_frames(self) -> list[Frame]:
        return [f for f in self.frames if f.library is None]

    @property
    def libraries(self) -> list[str]:
        libs: list[str] = []
        if "." in self.exc_type:
            libs.append(self.exc_type.split(".", 1)[0].lower())
        for f in [*self.outer_frames, *self.frames]:
            if (lib := f.library) and lib not in libs and lib not in ("python", "runpy", "importlib"):
                libs.append(lib)
        return libs

    @property
    def signature(self) -> str:
        """`Type: message`, at most 200 characters: the seed's error_signature, computed."""
        msg = " ".join(self.message.split())
        return (f"{self.exc_type}: {msg}" if msg else self.exc_type)[:200]

    def fingerprint(self) -> str:
        """Exact identity of an error: type, normalised message, innermost project frames (file name + function)."""
        inner = [f"{f.file.rsplit('/', 1)[-1]}:{f.func}" for f in self.project_frames[-2:]]
        key = "\n".join([self.exc_type, self.normalised_message, *inner])
        return hashlib.sha1(key.encode()).hexdigest()[:16]


def normalise(text: str) -> str:
    """Literals, paths, numbers and addresses replaced by placeholders; whitespace collapsed."""
    for pattern, repl in _NORMALISERS:
        text = pattern.sub(repl, text)
    return text.strip()


@lru_cache(maxsize=65536)
def split_identifier(word: str) -> tuple[str, ...]:
    parts = [p.lower() for chunk in word.split("_") for p in _CAMEL.findall(chunk)]
    return tuple(p for p in parts if len(p) > 1 and not p.isdigit())


def tokenize(text: str) -> list[str]:
    """Identifiers split at dots, underscores and camel case; the whole identifier is kept as a token too."""
    tokens: list[str] = []
    for ident in _IDENT.findall(text):
        low = ident.lower()
        parts = split_identifier(ident)
        if low not in _STOP and len(low) > 1 and not (len(parts) == 1 and parts[0] == low):
            tokens.append(low)
        tokens.extend(p for p in parts if p not in _STOP)
    return tokens


_CARETS = re.compile(r"^\s*[~^]*\^[~^]*\s*$")


def _marked(code_line: str, marks: str) -> str:
    """The characters of `code_line` under the `^` of a caret line (`~` marks the operands around them)."""
    cols = [j for j, ch in enumerate(marks) if ch == "^"]
    return code_line[cols[0] : cols[-1] + 1].strip() if cols else ""


def _frames(lines: list[str]) -> list[Frame]:
    frames: list[Frame] = []
    for i, line in enumerate(lines):
        if m := _FRAME.match(line):
            code = marked = ""
            if i + 1 < len(lines) and not _FRAME.match(lines[i + 1]) and lines[i + 1].startswith("    "):
                code = lines[i + 1].strip()
                if i + 2 < len(lines) and _CARETS.match(lines[i + 2]):
                    marked = _marked(lines[i + 1], lines[i + 2])
            frames.append(Frame(m.group("file"), int(m.group("line")), m.group("func") or "<module>", code, marked))
    return frames


# pytest's report (--tb=long/auto/short): entries end or start with a location line, `path:line: ` (long, an inner
# entry), `path:line: ExcType` (long, the last entry) or `path:line: in func` (short, and auto's middle entries)
_PT_LOCATION = re.compile(
    r"^(?P<file>[^\s:][^\s]*?):(?P<line>\d+): ?(?:in (?P<func>\S+)|(?P<type>[A-Za-z_][\w.]*))?\s*$"
)
_PT_E_LINE = re.compile(r"^E(?:\s|$)")
_PT_HEADER = re.compile(r"^_{3,} (?P<title>.+?) _{3,}\s*$")  # a test's block: `____ test_add ____`
_PT_END = re.compile(r"^(?:={3,}|-{3,}) .+ (?:={3,}|-{3,})\s*$")  # `=== short test summary info ===`, captured output
_PT_CHAINED = (
    "The above exception was the direct cause of the following exception:",
    "During handling of the above exception, another exception occurred:",
)
_PT_DEF = re.compile(r"^(?P<indent>\s*)(?:async\s+)?def\s+(?P<name>\w+)\s*\(")
# pytest's warnings summary (`path:line: RuntimeWarning: ...` lines, then `-- Docs: ...`) up to the next section line
_PT_WARNINGS = re.compile(r"^={3,} warnings summary(?: \(final\))? ={3,}\s*$")
_PT_SECTION = re.compile(r"^={3,} .+ ={3,}\s*$")


def _without_warnings(lines: list[str]) -> list[str]:
    """The lines with pytest's warnings summary left out: a warning's lines name no failure."""
    kept: list[str] = []
    skipping = False
    for line in lines:
        if _PT_WARNINGS.match(line):
            skipping = True
        elif skipping and line.startswith("-- Docs: "):
            skipping = False
        elif not skipping or _PT_SECTION.match(line):
            skipping = False
            kept.append(line)
    return kept


def _pytest_blocks(lines: list[str]) -> list[list[str]]:
    """The failure blocks of a pytest report (one per failing test, its header left out); the whole output when it
    shows no header (a block cut out of a report)."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in lines:
        if _PT_HEADER.match(line):
            current = []
            blocks.append(current)
        elif _PT_END.match(line):
            current = None
        elif current is not None:
            current.append(line)
    return [block for block in blocks if any(_PT_LOCATION.match(line) for line in block)] or [lines]


def _long_entry(source: list[str], loc: re.Match[str]) -> Frame:
    """A long entry: the function's source lines (4 columns of margin, `>` on the failing line) before its location
    line; the function is the `def` around the failing line, "" when the source shows none (`???`)."""
    failing = max((i for i, line in enumerate(source) if line.startswith(">")), default=-1)
    code = marked = func = ""
    if failing >= 0:
        text = source[failing][4:]
        code = text.strip()
        if failing + 1 < len(source) and _CARETS.match(source[failing + 1]):
            marked = _marked(source[failing], source[failing + 1])
        indent = len(text) - len(text.lstrip())
        for line in reversed(source[:failing]):
            if (m := _PT_DEF.match(line[4:])) and len(m.group("indent")) < indent:
                func = m.group("name")
                break
    return Frame(loc.group("file"), int(loc.group("line")), func, code, marked)


def _pytest_frames(chain: list[str]) -> list[Frame]:
    """The frames of one exception of a pytest report, outermost first, from its long and short entries."""
    frames: list[Frame] = []
    start = 0  # where the current long entry's lines begin
    for i, line in enumerate(chain):
        if line.startswith("_ _ _") or not (m := _PT_LOCATION.match(line)):
            if line.startswith("_ _ _"):
                start = i + 1
            continue
        if m.group("func"):  # short: the location, then the source line and its carets
            code = marked = ""
            if i + 1 < len(chain) and chain[i + 1].startswith("    ") and not _PT_LOCATION.match(chain[i + 1]):
                code = chain[i + 1].strip()
                if i + 2 < len(chain) and _CARETS.match(chain[i + 2]):
                    marked = _marked(chain[i + 1], chain[i + 2])
            frames.append(Frame(m.group("file"), int(m.group("line")), m.group("func"), code, marked))
        else:
            frames.append(_long_entry(chain[start:i], m))
        start = i + 1
    return frames


# a click/typer CliRunner result in an assertion's explanation: `<Result ValueError("not an amount: '1,5'")>`
_RESULT_EXC = re.compile(r"<Result (?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Warning))\((?P<args>.*?)\)>")


def _exception_str(exc_type: str, args: str) -> str:
    """What `str(exc)` prints for an exception shown as its repr `Type(args)`; the args as written when they are no
    literals."""
    try:
        values: tuple[object, ...] = tuple(ast.literal_eval(f"({args},)")) if args.strip() else ()
    except (ValueError, SyntaxError):
        return args
    if len(values) == 1:
        return repr(values[0]) if exc_type.endswith("KeyError") else str(values[0])
    if len(values) == 2 and isinstance(values[0], int) and isinstance(values[1], str):  # OSError(errno, strerror)
        return f"[Errno {values[0]}] {values[1]}"
    return str(values) if values else ""


def _quoted_failure(e_run: list[str]) -> tuple[str, str, list[Frame]] | None:
    """The error of a program a test ran, as its assertion's message or explanation quotes it: a traceback (the
    child's stderr: its frames and last exception line) or a CliRunner result's exception repr (no frames); None when
    the E lines quote neither (or a traceback cut before its exception line)."""
    starts = [i for i, line in enumerate(e_run) if line.rstrip().endswith(_TRACEBACK)]
    if starts:
        body = e_run[starts[-1] + 1 :]
        first = next((line for line in body if line.strip()), "")
        base = max(len(first) - len(first.lstrip()) - 2, 0)  # frames are indented 2 more than the exception line
        block: list[str] = []
        for line in body:
            if not line.strip() or len(line) - len(line.lstrip()) < base:
                break
            block.append(line[base:].rstrip())
        frames = _frames(block)
        last_frame = max((i for i, line in enumerate(block) if _FRAME.match(line)), default=-1)
        for i in range(len(block) - 1, last_frame, -1):
            if frames and (m := _EXC_AFTER_FRAME.match(block[i])):
                message = " ".join([(m.group("msg") or "").strip(), *(x.strip() for x in block[i + 1 : i + 4])])
                return m.group("type"), message.strip(), frames
    results = [m for line in e_run if (m := _RESULT_EXC.search(line))]
    if results:
        exc_type, args = results[-1].group("type"), results[-1].group("args")
        return exc_type, _exception_str(exc_type, args), []
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _diff_mark(line: str) -> bool:
    """A diff line that differs (`- `, `+ `, `? `), not one both sides share (`  `)."""
    body = line.lstrip()
    return body[:2] in ("- ", "+ ", "? ") or body in ("-", "+", "?")


def _differing(lines: list[str]) -> list[str]:
    """An assertion's explanation lines (pytest's, or unittest's diff) without a diff's unchanged lines (indented 2
    more than its `- `/`+ ` lines) and its `?` lines (columns only): the lines that say what differs."""
    marks = {_indent(line) for line in lines if _diff_mark(line)}
    return [
        line for line in lines
        if not line.lstrip().startswith("?") and not (_indent(line) - 2 in marks and not _diff_mark(line))
    ]  # fmt: skip


def _parse_pytest(lines: list[str], tests: list[str]) -> ErrorInfo | None:
    """The first failure of a pytest report (--tb=long, auto or short): its frames and the exception its last entry's
    `E` lines give (the last long entry's location line names the type when the `E` lines do not: `assert ...`)."""
    block = _pytest_blocks(lines)[0]
    chains: list[list[str]] = [[]]
    for line in block:
        if line.strip() in _PT_CHAINED:
            chains.append([])
        else:
            chains[-1].append(line)
    chains = [chain for chain in chains if any(_PT_LOCATION.match(line) for line in chain)]
    if not chains:
        return None
    last = chains[-1]
    e_runs: list[list[str]] = []
    previous = False
    for line in last:
        is_e = bool(_PT_E_LINE.match(line))
        if is_e and not previous:
            e_runs.append([])
        if is_e:
            e_runs[-1].append(line[1:])
        previous = is_e
    if not e_runs:
        return None
    e_lines = [text.strip() for text in e_runs[-1] if text.strip()]
    located = [m for line in last if (m := _PT_LOCATION.match(line))]
    loc_type = located[-1].group("type") or ""
    # the exception's line: the one naming the location's type (a SyntaxError's display comes before it), else the
    # first line when it reads `Type: message`; none (`assert ...`, a diff): the E lines are the message
    found = [
        (i, m)
        for i, text in enumerate(e_lines)
        if (m := _EXC_AFTER_FRAME.match(text) if i == 0 or loc_type else _EXC_LINE.match(text))
        and (not loc_type or m.group("type").rsplit(".", 1)[-1] == loc_type)
    ]
    first = e_lines[0] if e_lines else ""
    exc_type, at, message = loc_type or ("AssertionError" if first.startswith("assert") else "Exception"), 0, first
    if found:
        at, m = found[0]
        exc_type, message = m.group("type"), (m.group("msg") or "").strip()
    explained = [text for text in e_runs[-1] if text.strip()][at + 1 :]
    if exc_type.rsplit(".", 1)[-1] == "AssertionError":
        explained = _differing(explained)
    message = " ".join([message, *(text.strip() for text in explained[:3])]).strip()
    outer = [frame for chain in chains[:-1] for frame in _pytest_frames(chain)]
    frames = _pytest_frames(last)
    if exc_type == "AssertionError" and (inner := _quoted_failure(e_runs[-1])) is not None:
        # the program the test ran failed: its error is the failure, the test's frames are the outer ones
        inner_type, inner_message, inner_frames = inner
        return ErrorInfo(inner_type, inner_message[:500], inner_frames, "test_failure", tests, [*outer, *frames])
    return ErrorInfo(exc_type, message[:500], frames, "test_failure", tests, outer)


def failing_tests(lines: list[str], report: list[str]) -> list[str]:
    """The failing tests a report names: pytest's summary (`FAILED tests/test_x.py::test_add`), else unittest's
    headers (`FAIL: test_x (pkg.mod.Class.test_x)`: the test's id) or pytest's block headers (`____ Class.test_x[1]
    ____`, `ERROR at setup of test_x`), in order, each once."""
    tests = [m.group("test") for line in lines if (m := _PYTEST_SUMMARY.match(line.strip()))]
    if not tests:
        for line in report:
            if m := _UNITTEST_HEADER.match(line):
                name, test = m.group("name"), m.group("id")
                tests.append(test if test.endswith(f".{name}") else f"{test}.{name}")
            elif m := _PT_HEADER.match(line):
                title = m.group("title")
                tests.append(re.sub(r"^ERROR (?:at (?:setup|teardown) of|collecting) ", "", title))
    return list(dict.fromkeys(tests))


_DOCTEST_EXAMPLE = re.compile(r"^(?:\d+\s+)?\s*>>> (?P<code>.*)$")  # pytest numbers the docstring's lines
_DOCTEST_DIFF = re.compile(r"^Differences \(.*\):$")  # doctest's REPORT_UDIFF / CDIFF / NDIFF


def _doctest_failure(lines: list[str]) -> tuple[str, str] | None:
    """A failed doctest example (pytest's `[doctest]` block): the example's code (its last `>>>` line) and
    what the doctest printed as the message, `Expected: ... Got: ...` (or its diff's lines), each side's lines
    joined; None when the lines before the location show neither (only the last test's block is read)."""
    lines = lines[max((k for k, line in enumerate(lines) if _PT_HEADER.match(line)), default=-1) + 1 :]
    marks = [
        (i, text)
        for i, line in enumerate(lines)
        if (text := line.strip()) in ("Expected:", "Expected nothing", "Got:") or _DOCTEST_DIFF.match(text)
    ]
    if not marks:
        return None
    start = marks[0][0]
    examples = [m.group("code").strip() for line in lines[:start] if (m := _DOCTEST_EXAMPLE.match(line))] or [""]
    parts = []
    for k, (i, text) in enumerate(marks):
        end = marks[k + 1][0] if k + 1 < len(marks) else len(lines)
        label = "Differences:" if _DOCTEST_DIFF.match(text) else text
        parts += [label, *(line.strip() for line in lines[i + 1 : end] if line.strip())]
    return examples[-1], " ".join(parts)[:500]


def _doctest_name(tests: list[str]) -> str:
    """The doctest's object (`[doctest] textkit.split_fields` -> `split_fields`), "" when no test names one."""
    return next((t.rsplit(".", 1)[-1] for t in tests if t.startswith("[doctest] ")), "")


def parse_error(output: str, returncode: int = 1) -> ErrorInfo | None:
    """The error in a command's output; None when the output shows none (or the command succeeded)."""
    if returncode == 0 or not output.strip():
        return None
    if (info := _parse_error(output)) is not None:
        info.report = "\n".join(output.rstrip().splitlines()[-3000:])
    return info


def _parse_error(output: str) -> ErrorInfo | None:
    # exception groups print their tracebacks behind "| " margins and "+---" rules
    printed = _without_warnings(output.rstrip().splitlines())
    lines = [_GROUP_PREFIX.sub("", line) for line in printed[-400:]]
    lines = [line for line in lines if not line.lstrip().startswith("+-")]
    report = printed[-3000:]  # pytest's long entries show whole functions: more lines
    tests = failing_tests(lines, report)
    pytest_report = any(_PT_LOCATION.match(line) for line in report) and any(_PT_E_LINE.match(line) for line in report)
    if pytest_report and (info := _parse_pytest(report, tests)) is not None:
        return info
    start = max((i for i, line in enumerate(lines) if _TRACEBACK in line), default=-1)
    block = lines[start + 1 :] if start >= 0 else lines
    frames = _frames(block) if start >= 0 else _frames(lines)
    # the exception line: the last one after the last frame (pytest prints "E   Type: msg" lines)
    last_frame = max((i for i, line in enumerate(block) if _FRAME.match(line)), default=-1)
    for i in range(len(block) - 1, last_frame, -1):
        # after a frame the exception line starts in column 0 (indented lines are code)
        line = block[i].rstrip() if last_frame >= 0 else block[i].strip()
        pattern = _EXC_AFTER_FRAME if last_frame >= 0 else _EXC_LINE
        if (m := pattern.match(line)) and not line.startswith(("FAILED", "ERROR ")):
            message = (m.group("msg") or "").strip()
            # multi-line messages: keep the following indented/plain lines up to a blank line (pytest style)
            for extra in block[i + 1 : i + 4]:
                if not extra.strip() or _PYTEST_SUMMARY.match(extra.strip()) or extra.startswith(("=", "-")):
                    break
                message += " " + extra.strip()
            kind = "test_failure" if tests else "exception"
            outer = _frames(lines[: max(start, 0)])
            return ErrorInfo(m.group("type"), message[:500], frames, kind, tests, outer)
    if tests and start < 0:
        located = [(i, m) for i, line in enumerate(lines) if (m := _PYTEST_LOCATION.match(line.strip()))]
        if located:
            i, m = located[-1]
            e_lines: list[str] = []
            for line in reversed(lines[:i]):
                if not line.startswith("E "):
                    if e_lines:
                        break
                    continue
                e_lines.append(line[1:].strip())
            frames = [Frame(loc.group("file"), int(loc.group("line")), "") for _, loc in located[-6:]]
            message = " ".join(reversed(e_lines))[:500]
            if not e_lines and (doctest := _doctest_failure(lines[:i])) is not None:
                example, message = doctest
                frames[-1] = Frame(m.group("file"), int(m.group("line")), _doctest_name(tests), example)
            return ErrorInfo(m.group("type"), message, frames, "test_failure", tests)
    for line in reversed(lines):
        if (m := _PYTEST_SUMMARY.match(line.strip())) and m.group("rest"):
            rest = m.group("rest")
            exc, _, msg = rest.partition(": ")
            if _EXC_LINE.match(exc):
                return ErrorInfo(exc, msg[:500], frames, "test_failure", tests)
    if tests:
        return ErrorInfo("TestFailure", " ".join(tests)[:500], frames, "test_failure", tests)
    for line in reversed(lines):
        if _GENERIC_ERROR.search(line):
            return ErrorInfo("CommandError", line.strip()[:500], frames, "error_line")
    return None


def error_document(info: ErrorInfo, command: str = "", code: str = "") -> str:
    """The text the retrieval index sees for an error: what an agent has at failure time, focused on the error."""
    parts = [info.exc_type, info.message, " ".join(info.libraries)]
    for f in info.frames[-8:]:
        parts.append(f"{f.file.rsplit('/', 1)[-1]} {f.func} {f.code}")
    if command:
        parts.append(command[:300])
    if code:
        parts.append(code[-1500:])
    return "\n".join(parts)


def signature_text(info: ErrorInfo) -> str:
    """The short text embedded for the semantic side and the similarity gate."""
    lib_funcs = [f.func for f in info.frames if f.library and f.func != "<module>"][-4:]
    return " ".join([info.exc_type, info.message[:300], " ".join(info.libraries), " ".join(lib_funcs)])
