"""Localization benchmark: tasks, seeds from the problem statement, the fixed search policy and its two backends.

A task is a real bug fixed between two consecutive PyPI releases (tasks/*.yaml). The policy sees only the
problem statement: the repository frames of its traceback (innermost first), then its identifiers in order of
appearance. It is the same for both backends; only the tools differ:

- `SedBackend` (the primary baseline): literally grep/sed, as a strong shell agent uses them (def/class lines first,
  tests excluded, a Class.method narrowed to the class's files, then fixed `sed -n 'A,Bp'` windows until the
  function has ended on screen, class outlines cut by grep/sed, word matches last);
- `GrepBackend` (a reference column): the same greps, with whole functions printed by `function_at.awk` and class
  outlines by `outline.awk` (an IDE feature written in awk, which a grep/sed/cat agent does not have);
- `ActionsBackend`: the agent's actions (agent/actions: find_symbol, open, overview) over a real lsp-bridge.

A run ends when every gold function (the functions the fix release changed) has been on screen whole, or after
`budget` calls. Observation tokens are counted with litellm's `token_counter` (tiktoken's cl100k_base, which
litellm ships inside its wheel: nothing is downloaded).
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import os
import re
import ssl
import subprocess
import sys
import tarfile
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Protocol

import yaml

if TYPE_CHECKING:
    from agent.types import ActionResult
    from lsp_bridge.client import BridgeClient

HERE = Path(__file__).resolve().parent
TASKS = HERE / "tasks"
TEST_EXCLUDES = "--exclude-dir=tests --exclude-dir=test --exclude-dir=testing --exclude=test_*.py --exclude=conftest.py"
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
FRAME = re.compile(r'File "([^"]+)", line (\d+), in ([\w<>]+)')
PLACE = re.compile(r"((?:[\w.~-]+)?(?:[/\\][\w.-]+)*\.py):(\d+)")  # a quoted place: path/file.py:LINE
# a link (`https://github.com/org/repo/issues/12`, `<https://error.dvc.org/no-cache>`): its host and path are no code
URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s<>()\[\]`'\"]+")
# a hyphenated name (a linter's message, a command's option): `wrong-exception-operation`, `undefined-variable`
HYPHENATED = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+(?![\w/-])")
SCOPE_KINDS = {5, 6, 7, 12, "Class", "Method", "Property", "Function", "Constructor"}  # LSP SymbolKind numbers
STDLIB = set(sys.stdlib_module_names)
BUILTINS = set(dir(builtins))
FILE_SUFFIXES = {"py", "txt", "cfg", "toml", "ini", "rst", "md", "json", "yaml", "yml", "html"}
STOP = set(
    [
        "None",
        "True",
        "False",
        "self",
        "cls",
        "str",
        "int",
        "float",
        "bool",
        "dict",
        "list",
        "tuple",
        "set",
        "type",
        "object",
        "Exception",
        "ValueError",
        "TypeError",
        "KeyError",
        "IndexError",
        "AttributeError",
        "RuntimeError",
        "ImportError",
        "SyntaxError",
        "Traceback",
        "File",
        "line",
        "in",
        "most",
        "recent",
        "call",
        "last",
        "python",
        "venv",
        "lib",
        "site-packages",
        "usr",
    ]
)


# ---- tasks


@dataclass(frozen=True)
class Gold:
    file: str
    function: str


@dataclass
class Task:
    id: str
    package: str
    bug_version: str
    fix_version: str
    large: bool
    problem: str
    gold: list[Gold]
    changelog: str = ""
    report: str = ""  # the real report the statement follows ("" when its text was not available offline)
    tuned: bool = False  # used while tuning the actions and the policy (the others are held out)
    heldout_round: int | None = None  # the held-out set it was added in (1: reported in session 5, tuned on since)


def names_gold(task: Task) -> bool:
    """The statement names a gold function (its own name as a word, e.g. from a traceback frame or the report)."""
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", task.problem))
    return any(g.function.rsplit(".", 1)[-1] in words for g in task.gold)


def log_kind(label: str) -> str:
    """The kind of call an episode's log label records: find, open, outline or grep."""
    return label.split(" ", 1)[0]


def load_tasks(directory: Path = TASKS, only: list[str] | None = None, tuned_only: bool = False) -> list[Task]:
    """The tasks of `directory` (only the ids in `only`, when given; only those tuned on, with `tuned_only`)."""
    tasks = []
    for path in sorted(directory.glob("*.yaml")):
        raw = yaml.safe_load(path.read_text())
        raw["gold"] = [Gold(**g) for g in raw["gold"]]
        task = Task(**raw)
        if (not only or task.id in only) and (task.tuned or not tuned_only):
            tasks.append(task)
    return tasks


def task_set(task: Task) -> str:
    """The set a task belongs to in the bench's report: tuned, h1 (held out in round 1, tuned on since), h2, ..."""
    if task.heldout_round is None:
        return "tuned" if task.tuned else "held"
    return f"h{task.heldout_round}"


def sdist_name(package: str, version: str) -> re.Pattern[str]:
    """The sdist archive's file name: the project name with runs of `-_.` alike and any case (PEP 503), `.tar.gz` or
    `.zip` (older sdists)."""
    project = "[-_.]+".join(re.escape(part) for part in re.split(r"[-_.]+", package))
    return re.compile(rf"(?i)^{project}-{re.escape(version)}\.(tar\.gz|zip)$")


def sdist_archives(data: Path) -> set[Path]:
    return {*data.glob("*.tar.gz"), *data.glob("*.zip")}


def unpack_sdist(archive: Path, data: Path) -> Path:
    """Unpacks a `.tar.gz` or `.zip` sdist into `data` (unless its top folder is there already); returns that folder."""
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            top = zf.namelist()[0].split("/")[0]
            if not (data / top).is_dir():
                zf.extractall(data)
        return data / top
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        if not (data / top).is_dir():
            tar.extractall(data, filter="data")
    return data / top


def index_urls() -> list[str]:
    """The package indexes pip is configured with (its config files and PIP_* variables): index-url, or PyPI's when
    none is set, then every extra-index-url."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True).stdout
    lines = sorted(listed.splitlines(), key=lambda line: line.startswith(":env:"))  # the environment's win
    config = dict(re.findall(r"^\S*?\.([-\w]+)='(.*)'$", "\n".join(lines), re.M))
    return [config.get("index-url", "https://pypi.org/simple"), *config.get("extra-index-url", "").split()]


def read_url(url: str) -> bytes:
    """An index page or archive: `file://` from disk (a folder's index.html, as pip reads it), else over HTTPS with
    pip's certificate bundle."""
    if url.startswith("file://"):
        path = Path(urllib.request.url2pathname(urllib.parse.urlsplit(url).path))
        return (path / "index.html" if path.is_dir() else path).read_bytes()
    context = ssl.create_default_context(cafile=os.environ.get("PIP_CERT"))
    with urllib.request.urlopen(url, timeout=180, context=context) as response:
        return response.read()


def download_sdist(package: str, version: str, data: Path) -> Path | None:
    """The sdist archive of package==version from the first configured index (PEP 503 page) that lists it, its sha256
    checked when the index gives one; None when no index lists it. Nothing of the package runs: `pip download` of an
    sdist prepares its metadata, which builds its build dependencies from source under `--no-binary :all:` (numpy,
    for pandas: minutes)."""
    name = sdist_name(package, version)
    project = re.sub(r"[-_.]+", "-", package).lower()
    for index in index_urls():
        page = f"{index.rstrip('/')}/{project}/"
        try:
            html = read_url(page).decode(errors="replace")
        except (OSError, ValueError):
            continue
        for href, text in re.findall(r"<a\s[^>]*?href=\"([^\"]+)\"[^>]*>([^<]+)</a>", html):
            if not name.match(text.strip()):
                continue
            url, _, fragment = urllib.parse.urljoin(page, href.replace("&amp;", "&")).partition("#")
            body = read_url(url)
            digest = dict(re.findall(r"(\w+)=(\w+)", fragment)).get("sha256")
            if digest and hashlib.sha256(body).hexdigest() != digest:
                raise ValueError(f"{url}: sha256 differs from the index's")
            archive, part = data / text.strip(), data / f"{text.strip()}.part"
            part.write_bytes(body)
            return part.replace(archive)
    return None


def fetch_sdist(package: str, version: str, data: Path) -> Path:
    """The sdist of package==version from pip's configured indexes (`pip download --no-binary <package>` when no index
    page lists it), unpacked into `data`; returns the source root."""
    marker = data / f".{package.lower()}-{version}.root"
    if marker.exists() and Path(marker.read_text()).is_dir():
        return Path(marker.read_text())
    data.mkdir(parents=True, exist_ok=True)
    name = sdist_name(package, version)
    archives = [p for p in sdist_archives(data) if name.match(p.name)]
    if not archives and (archive := download_sdist(package, version, data)):
        archives = [archive]
    if not archives:
        before = sdist_archives(data)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", package, "-d", str(data),
             f"{package}=={version}"],
            check=True, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        archives = [p for p in sdist_archives(data) if name.match(p.name)]
        if not archives:  # an archive named otherwise: only when this download brought exactly one
            new = sorted(sdist_archives(data) - before)
            if len(new) != 1:
                raise FileNotFoundError(f"no sdist of {package}=={version} in {data} (new archives: {new})")
            archives = new
    root = unpack_sdist(archives[0], data)
    marker.write_text(str(root))
    return root


Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def definitions(path: Path) -> dict[str, Definition]:
    """Qualified name -> the definition of every function/class of a file, those defined under an `if`/`try`/`with`/...
    block too (typing_extensions' version-dependent definitions). A name defined directly in its scope is its last
    such definition; one defined only inside blocks, its first."""
    out: dict[str, Definition] = {}

    def walk(node: ast.AST, prefix: str, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not nested or name not in out:
                    out[name] = child
                walk(child, name + ".", False)
            elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                walk(child, prefix, True)

    walk(ast.parse(path.read_text(errors="replace")), "", False)
    return out


def function_ranges(path: Path) -> dict[str, tuple[int, int]]:
    """Qualified name -> (def line, last line) of every function/class of a file (decorators excluded)."""
    return {name: (d.lineno, d.end_lineno or d.lineno) for name, d in definitions(path).items()}


def docstring_lines(path: Path) -> set[int]:
    """The lines of every function's and class's docstring in a file. A function counts as shown whole when all of
    its code is on screen: a tool may leave a long docstring out behind a hint (as the actions do with examples), and
    a reader who has the code does not read 500 lines of examples to fix it (since session 22; grep/sed's windows run
    on from the def line, so they show a docstring before the code under it either way)."""
    lines: set[int] = set()
    for d in definitions(path).values():
        first = d.body[0] if d.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def function_source(path: Path, qualname: str) -> str | None:
    if not path.exists():
        return None
    span = function_ranges(path).get(qualname)
    if span is None:
        return None
    lines = path.read_text(errors="replace").splitlines()
    return "\n".join(lines[span[0] - 1 : span[1]])


# ---- seeds


@dataclass(frozen=True)
class Frame:
    file: str
    line: int
    function: str


def repo_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py"))


def _repo_file(path: str, files: list[str]) -> str | None:
    """The repository file a reported path names: its longest suffix that a repository path ends with."""
    parts = PurePosixPath(path.replace("\\", "/")).parts
    for i in range(len(parts)):
        suffix = "/".join(parts[i:])
        hits = [f for f in files if f == suffix or f.endswith("/" + suffix)]
        if hits:
            return min(hits, key=len)
    return None


def extract_frames(problem: str, files: list[str]) -> list[Frame]:
    """Traceback frames inside the repository, innermost first (paths matched by their longest repository suffix),
    then the other `dir/file.py:LINE` places the statement quotes (a warning's or an assertion's origin), in order of
    appearance; a bare `file.py:LINE` without a directory is the user's own file (`a.py:5:7` in a linter's output)."""
    frames = []
    for path, line, func in FRAME.findall(problem):
        if match := _repo_file(path, files):
            frames.append(Frame(match, int(line), func))
    seen, out = set(), []
    for f in reversed(frames):
        if (f.file, f.line) not in seen:
            seen.add((f.file, f.line))
            out.append(f)
    for path, line in PLACE.findall(FRAME.sub(" ", problem)):
        match = _repo_file(path, files) if re.search(r"[/\\]", path) else None
        if match and (match, int(line)) not in seen:
            seen.add((match, int(line)))
            out.append(Frame(match, int(line), ""))
    return out


def callback_bases(problem: str, root: Path, files: list[str]) -> list[str]:
    """The base classes (defined anywhere, looked up by name) of the class whose method is the traceback's innermost
    repository frame, when the traceback goes on in a library: the library calls back into the object (tornado's
    `render` calls `self.get_template_path()`), and the methods it calls are overrides in the class or its bases."""
    frames = [(_repo_file(path, files), int(line)) for path, line, _ in FRAME.findall(problem)]
    inside = [i for i, (file, _) in enumerate(frames) if file]
    if not inside or inside[-1] == len(frames) - 1:
        return []
    file, line = frames[inside[-1]]
    classes = [
        node
        for node in ast.walk(ast.parse((root / str(file)).read_text(errors="replace")))
        if isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or node.lineno)
    ]
    innermost = max(classes, key=lambda node: node.lineno, default=None)
    bases = [ast.unparse(b) for b in innermost.bases] if innermost else []
    return [b.rsplit(".", 1)[-1] for b in bases if b not in BUILTINS and b.split(".")[0] not in STDLIB]


def has_traceback(problem: str) -> bool:
    return bool(FRAME.search(problem))


def extract_identifiers(problem: str) -> list[str]:
    """Code-like names in order of first appearance: dotted names, snake_case, CamelCase, `quoted` names, calls; not
    the host and path of a link (`github.com`, `huggingface.co`: a reader follows a link, never greps it)."""
    text = URL.sub(" ", FRAME.sub(" ", problem))
    out: list[str] = []
    for m in IDENT.finditer(text):
        name = m.group(0).strip(".")
        before, after = text[max(0, m.start() - 1) : m.start()], text[m.end() : m.end() + 1]
        codeish = (
            "." in name
            or "_" in name.strip("_")
            or re.search(r"[a-z][A-Z]", name)
            or re.fullmatch(r"[A-Z][a-z]+[A-Z]\w*", name)
            or re.fullmatch(r"[A-Z]{2,}[a-z]+[A-Z]?\w*", name)  # ASGIHandler, HTTPResponse
            or after == "("
            or (before == "`" and after == "`")
        )
        prose = re.fullmatch(r"[A-Za-z](?:\.[A-Za-z])+", name)  # a Latin abbreviation (`e.g.`, `i.e.`), not code
        known = name in STOP or name in BUILTINS or name in out or prose
        if codeish and not known and not name.isupper() and len(name) > 2:
            out.append(name)
    return out


def extract_subjects(problem: str) -> list[str]:
    """Hyphenated names that are the report's subject: repeated in the statement and named by its title, as written
    or as its words (`wrong-exception-operation raised when ...`, `Undefined variable when ...` and pylint's
    `(undefined-variable)` lines). A report that only describes a tool's behaviour names it by such a name, which a
    developer greps for; a hyphenated word said once (`built-in`, a package name) is not its subject."""
    title = problem.strip().splitlines()[0].lower() if problem.strip() else ""
    names = HYPHENATED.findall(problem)
    out: list[str] = []
    for name in names:
        in_title = name in title or name.replace("-", " ") in title
        if name not in out and names.count(name) >= 2 and in_title:
            out.append(name)
    return out


MESSAGE = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Warning): (.+)$", re.M)


def extract_messages(problem: str) -> list[str]:
    """Error messages the statement quotes (`TemplateSyntaxError: control structures in ... are not allowed`), as a
    developer greps them: a message without quoted parts (those are the failing values, not the source's text) of
    three words or more, its final punctuation left off. Python's own messages find nothing in the repository."""
    out: list[str] = []
    for m in MESSAGE.finditer(problem):
        text = m[1].strip().strip("`'\"").rstrip(".:;,!")
        if not re.search(r"['\"`]", text) and len(text.split()) >= 3 and text not in out:
            out.append(text)
    return out


def problem_words(problem: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", problem)}


def named_in(name: str, words: set[str]) -> bool:
    """A method is named by the problem when its name, or every part of it (snake_case, CamelCase), is a word there."""
    parts = [p.lower() for p in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]
    return name.lower() in words or (bool(parts) and all(p in words for p in parts))


# ---- what is on screen


@dataclass
class Observation:
    text: str
    shown: dict[str, set[int]] = field(default_factory=dict)
    calls: int = 1
    parts: list[Observation] = field(default_factory=list)  # separate calls, counted one by one (sed windows)


@dataclass(frozen=True)
class Hit:
    file: str
    line: int
    kind: str  # "class" | "function"
    name: str
    qualname: str = ""


class Backend(Protocol):
    name: str

    def open_line(self, file: str, line: int) -> Observation: ...
    def find(self, ident: str) -> tuple[Observation, list[Hit]]: ...
    def open_hit(self, hit: Hit) -> Observation: ...
    def outline(self, hit: Hit) -> tuple[Observation, list[Hit]]: ...
    def word_search(self, name: str) -> tuple[Observation, list[tuple[str, int]]]: ...


@dataclass
class Outcome:
    task: str
    backend: str
    calls: int
    tokens: int
    found: bool
    log: list[tuple[str, int]] = field(default_factory=list)
    seen_gold: list[Gold] = field(default_factory=list)  # the gold functions it showed whole (all, when found)
    seen_text: list[str] = field(default_factory=list)  # their text as shown: a docstring left out is not in it


class Budget(Exception):
    pass


class Episode:
    """Counts calls and tokens, keeps what has been on screen, and stops the policy once all gold is seen."""

    def __init__(self, gold: dict[str, list[tuple[int, int]]], root: Path, count: Callable[[str], int], budget: int):
        self.root, self.count, self.budget = root, count, budget
        self.gold = gold
        self.shown: dict[str, set[int]] = {}
        self.calls = self.tokens = 0
        self.log: list[tuple[str, int]] = []
        self._lines: dict[str, list[str]] = {}
        self._docs: dict[str, set[int]] = {}

    def record(self, label: str, obs: Observation) -> Observation:
        for part in obs.parts:
            self.record(label, part)
        if obs.parts:
            return obs
        self.calls += obs.calls
        tokens = self.count(obs.text)
        self.tokens += tokens
        self.log.append((label, tokens))
        for file, lines in obs.shown.items():
            self.shown.setdefault(file, set()).update(lines)
        if self.done():
            raise StopIteration
        if self.calls >= self.budget:
            raise Budget
        return obs

    def done(self) -> bool:
        return all(self.seen(file, span) for file, spans in self.gold.items() for span in spans)

    def seen(self, file: str, span: tuple[int, int]) -> bool:
        """Every non-blank line of the span has been on screen, docstrings excepted (`docstring_lines`)."""
        lines, shown, docs = self._file(file), self.shown.get(file, set()), self._docs[file]
        return all(i in shown for i in range(span[0], span[1] + 1) if lines[i - 1].strip() and i not in docs)

    def shown_text(self, file: str, span: tuple[int, int]) -> str:
        """A span's text as a tool showed it: without the docstring lines it left out (all of it, for most tools)."""
        lines, shown, docs = self._file(file), self.shown.get(file, set()), self._docs[file]
        hidden = {i for i in range(span[0], span[1] + 1) if i in docs and i not in shown}
        if not any(lines[i - 1].strip() for i in hidden):  # only blank lines unseen: the docstrings were shown
            hidden = set()
        return "\n".join(lines[i - 1] for i in range(span[0], span[1] + 1) if i not in hidden)

    def _file(self, file: str) -> list[str]:
        if file not in self._lines:
            self._lines[file] = (self.root / file).read_text(errors="replace").splitlines()
            self._docs[file] = docstring_lines(self.root / file)
        return self._lines[file]


def run_policy(backend: Backend, task: Task, root: Path, count: Callable[[str], int], budget: int = 30) -> Outcome:
    """The fixed policy: traceback frames (and the bases of the class a library calls back into), then definitions of
    the identifiers, then word matches."""
    gold: dict[str, list[tuple[int, int]]] = {}
    for g in task.gold:
        gold.setdefault(g.file, []).append(function_ranges(root / g.file)[g.function])
    episode = Episode(gold, root, count, budget)
    files = repo_files(root)
    words = problem_words(task.problem)
    opened: set[tuple[str, int]] = set()
    asked: dict[str, tuple[Observation, list[Hit]]] = {}  # identifier -> its answer: on screen, not asked again
    viewed: dict[str, set[int]] = {}  # lines already shown by an open: the agent does not open them again
    found: dict[str, set[int]] = {}  # lines a search answer showed (a def line, or a whole short function)

    def view(label: str, obs: Observation) -> None:
        for file, lines in obs.shown.items():
            viewed.setdefault(file, set()).update(lines)
        episode.record(label, obs)

    def fresh(file: str, line: int) -> bool:
        if (file, line) in opened or line in viewed.get(file, ()):
            return False
        opened.add((file, line))
        return True

    def whole_on_screen(hit: Hit) -> bool:
        """The hit's function was shown whole already (by a search answer): the agent does not open it again."""
        spans = [span for span in function_ranges(root / hit.file).values() if span[0] == hit.line]
        seen = viewed.get(hit.file, set()) | found.get(hit.file, set())
        wanted = set(range(spans[0][0], spans[0][1] + 1)) - docstring_lines(root / hit.file) if spans else set()
        return hit.kind != "class" and bool(spans) and wanted <= seen

    def find(ident: str, shown: bool = False) -> list[Hit]:
        """The hits of the definitions of `ident`; an identifier asked already is not asked again (its answer is on
        screen: `find root_dir` after `find ServerApp.root_dir` found no attribute of that class)."""
        if ident not in asked:
            asked[ident] = backend.find(ident)
            episode.record(f"find {ident}", asked[ident][0])
        for file, lines in asked[ident][0].shown.items() if shown else ():
            found.setdefault(file, set()).update(lines)
        return asked[ident][1]

    def open_hit(hit: Hit) -> None:
        if whole_on_screen(hit) or not fresh(hit.file, hit.line):
            return
        if hit.kind == "class":
            obs, methods = backend.outline(hit)
            episode.record(f"outline {hit.qualname or hit.name}", obs)
            for m in methods:
                if named_in(m.name, words) and fresh(m.file, m.line):
                    view(f"open {m.qualname or m.name}", backend.open_hit(m))
        else:
            view(f"open {hit.qualname or hit.name}", backend.open_hit(hit))

    try:
        for frame in extract_frames(task.problem, files):
            if fresh(frame.file, frame.line):
                view(f"open {frame.file}:{frame.line}", backend.open_line(frame.file, frame.line))
        for base in callback_bases(task.problem, root, files):
            for hit in find(base, shown=True)[:3]:
                open_hit(hit)
        # word searches, after the definitions of the identifiers: the report's subject, its error messages, then the
        # identifiers no definition was found for
        unresolved = extract_subjects(task.problem) + extract_messages(task.problem)
        modules = {f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in files}
        for ident in extract_identifiers(task.problem):
            dotted_module = "." in ident and any(m == ident or m.endswith("." + ident) for m in modules)
            if ident.rsplit(".", 1)[-1] in FILE_SUFFIXES or dotted_module:
                continue  # a file or module name, not a symbol
            if ident.split(".")[0] in STDLIB:  # re.sub, os.path.join: only their uses in the repository can matter
                unresolved.append(ident)
                continue
            hits = find(ident, shown=True)
            cls, member = _split_ident(ident)
            if not hits and cls and cls != member:  # Class.method not found there: maybe inherited
                hits = find(member)
            if not hits:
                unresolved.append(ident)
            for hit in hits[:3]:
                open_hit(hit)
        grepped: set[str] = set()
        for ident in unresolved:
            text = ident.removeprefix("self.").removeprefix("cls.")
            if text in grepped:  # `self.thread_safe` and `thread_safe`: one search, its matches are on screen
                continue
            grepped.add(text)
            obs, places = backend.word_search(text)
            episode.record(f"grep {text}", obs)
            for file, line in places[:3]:
                if fresh(file, line):
                    view(f"open {file}:{line}", backend.open_line(file, line))
    except (StopIteration, Budget):
        pass
    spans = {g: function_ranges(root / g.file)[g.function] for g in task.gold}
    seen = [g for g in task.gold if episode.seen(g.file, spans[g])]
    texts = [episode.shown_text(g.file, spans[g]) for g in seen]
    return Outcome(task.id, backend.name, episode.calls, episode.tokens, episode.done(), episode.log, seen, texts)


# ---- grep/sed/awk


def _split_ident(ident: str) -> tuple[str | None, str]:
    parts = ident.split(".")
    name = parts[-1]
    cls = next((p for p in reversed(parts[:-1]) if p[:1].isupper()), None)
    return cls, name


class GrepBackend:
    """A shell agent with two awk extractors (`function_at.awk`: exactly the function around a line, `outline.awk`:
    a class's numbered def lines). The reference column "grep+awk extractor": an IDE feature written in awk, which a
    grep/sed/cat agent does not have; observations are exactly the commands' standard output."""

    name = "grep+awk"

    def __init__(self, root: Path) -> None:
        self.root = root

    def sh(self, command: str) -> tuple[str, str]:
        p = subprocess.run(["bash", "-c", command], cwd=self.root, capture_output=True, text=True, errors="replace")
        return p.stdout, p.stderr

    def _span(self, stderr: str) -> set[int]:
        m = re.search(r"(\d+) (\d+)\s*$", stderr)
        return set(range(int(m[1]), int(m[2]) + 1)) if m else set()

    def open_line(self, file: str, line: int) -> Observation:
        out, err = self.sh(f"awk -v L={line} -f {HERE / 'function_at.awk'} {file}")
        return Observation(out, {file: self._span(err)})

    def open_hit(self, hit: Hit) -> Observation:
        return self.open_line(hit.file, hit.line)

    def outline(self, hit: Hit) -> tuple[Observation, list[Hit]]:
        out, _ = self.sh(f"awk -v L={hit.line} -f {HERE / 'outline.awk'} {hit.file}")
        methods = []
        for row in out.splitlines()[1:]:
            m = re.match(r"(\d+): \s*(?:async\s+)?(def|class)\s+(\w+)", row)
            if m:
                methods.append(Hit(hit.file, int(m[1]), "class" if m[2] == "class" else "function", m[3]))
        shown = {int(r.split(":", 1)[0]) for r in out.splitlines() if r.split(":", 1)[0].isdigit()}
        return Observation(out, {hit.file: shown}), methods

    # grep -r lists files in the directory's own order, which differs between file systems: matches are sorted by
    # path and line, so which three candidates the policy opens first is the same on every machine
    SORT = "sort -t: -k1,1 -k2,2n"

    def _defs(self, name: str, exact: bool) -> str:
        word = rf"{name}\b" if exact else rf"\w*{name}\w*"
        pattern = rf"^\s*(async\s+)?(def|class)\s+{word}"
        return f"grep -rnE --include='*.py' {TEST_EXCLUDES} '{pattern}' . | sed 's#^\\./##' | {self.SORT} | head -30"

    def find(self, ident: str) -> tuple[Observation, list[Hit]]:
        cls, name = _split_ident(ident)
        command = self._defs(name, exact=True)
        if cls and cls != name:
            # narrow a Class.method to that class: its class lines, then the method's def lines in those files only
            files = f"grep -rlE --include='*.py' {TEST_EXCLUDES} '^\\s*class\\s+{cls}\\b' ."
            method = rf"^\s*(async\s+)?def\s+{name}\b"
            command = f"{self._defs(cls, exact=True)}; {files} | xargs -r grep -nHE '{method}' | sed 's#^\\./##'"
        out, _ = self.sh(command)
        if cls and cls != name and not re.search(rf"^[^:]+:\d+:\s*(async\s+)?def\s+{name}\b", out, re.M):
            out, _ = self.sh(self._defs(name, exact=True))  # not defined in that class: maybe inherited
        if not out.strip():
            out, _ = self.sh(self._defs(name, exact=False))
        rows = []
        for row in out.splitlines():
            m = re.match(r"([^:]+):(\d+):(\s*)(?:async\s+)?(def|class)\s+(\w+)", row)
            if m:
                rows.append((m[1], int(m[2]), len(m[3]), m[4], m[5]))
        shown: dict[str, set[int]] = {}
        for f, line, *_ in rows:
            shown.setdefault(f, set()).add(line)
        exact = [r for r in rows if r[4] == name]
        classes = [r for r in rows if r[4] == cls and r[3] == "class"] if cls and cls != name else []
        inside = [r for r in exact if any(c[0] == r[0] and c[1] < r[1] and c[2] < r[2] for c in classes)]
        defs = inside or exact or classes or [r for r in rows if r[4] != cls]
        hits = [Hit(f, line, "class" if kind == "class" else "function", n) for f, line, _, kind, n in defs]
        return Observation(out, shown), hits

    def word_search(self, name: str) -> tuple[Observation, list[tuple[str, int]]]:
        how = "-F" if "." in name else "-w"  # a dotted use as written, a plain name as a whole word
        grep = f"grep -rn {how} --include='*.py' {TEST_EXCLUDES} '{name}' ."
        out, _ = self.sh(f"{grep} | sed 's#^\\./##' | {self.SORT} | head -20")
        places: list[tuple[str, int]] = []
        shown: dict[str, set[int]] = {}
        for row in out.splitlines():
            m = re.match(r"([^:]+):(\d+):", row)
            if m:
                places.append((m[1], int(m[2])))
                shown.setdefault(m[1], set()).add(int(m[2]))
        return Observation(out, shown), places


OTHER_WINDOWS = (20, 60)  # the sensitivity line
# The sed window (lines). Smaller windows print fewer lines past a function's end but need more calls; on these
# tasks 40 is the best for grep/sed: the fewest tokens among 20/30/40/50/60/80/100 whose calls stay within 20 % of
# the exact awk extractor's (20 lines: -20 % tokens, +27 % calls; the bench prints 20 and 60 beside it).
WINDOW = 40
BLOCK = re.compile(r"^\s*(async\s+)?(def|class)\s")


class SedBackend(GrepBackend):
    """Literally grep/sed, as a strong shell agent uses them: def/class lines first (tests excluded, as in
    `GrepBackend.find`), then `sed -n 'A,Bp'` windows of a fixed `window` lines starting at the def (or around a
    traceback line, `window // 2` before it). The reader reads the next (or previous) window while the function is not
    complete on screen: its def line not printed yet, or no following non-blank line at the def's indentation or less
    printed (the end of the file ends it too). A class outline is the file's def/class lines one level inside the
    class, cut by sed from the class line to the next line at the class's level:
    `grep -nE '^ {0,c}(class|def|async def) |^ {c+4}(async )?def ' FILE | sed -nE '/^A:/,/^[0-9]+: {0,c}(class|def)/p'`.
    """

    def __init__(self, root: Path, window: int = WINDOW) -> None:
        super().__init__(root)
        self.window = window
        self.name = f"grep/sed w{window}"
        self._text: dict[str, list[str]] = {}

    def _lines(self, file: str) -> list[str]:
        if file not in self._text:
            self._text[file] = (self.root / file).read_text(errors="replace").splitlines()
        return self._text[file]

    def _sed(self, file: str, start: int, end: int) -> tuple[str, set[int]]:
        out, _ = self.sh(f"sed -n '{start},{end}p' {file}")
        n = len(self._lines(file))
        return out, set(range(start, min(end, n) + 1))

    def _function_span(self, file: str, line: int) -> tuple[int, int] | None:
        """(def line, line that shows the end) of the innermost function around `line`, as a reader finds them: the
        def is the nearest def/class line above (or on) `line` indented less than it, the end is the first following
        non-blank line at the def's indentation or less (or the end of the file); a decorator's line reads the
        function it decorates, and a line in a class's own body (outside its methods) is no function: None."""
        lines = self._lines(file)
        while line < len(lines) and lines[line - 1].lstrip().startswith("@"):
            line += 1  # a decorator: the function it decorates
        ranges = function_ranges(self.root / file)
        around = [span for span in ranges.values() if span[0] <= line <= span[1]]
        if not around:
            return None
        start, end = max(around)
        if lines[start - 1].lstrip().startswith("class "):
            return None  # a line in a class's own body (an attribute, a message table): its window is enough
        after = next((i for i in range(end + 1, len(lines) + 1) if lines[i - 1].strip()), len(lines))
        return start, after

    def _read(self, file: str, first: int, line: int) -> Observation:
        """Windows from `first` on (and back, if the def is above), until the function around `line` is complete."""
        w = self.window
        start, end = first, first + w - 1
        parts = [self._window(file, start, end)]
        span = self._function_span(file, line)
        if span is not None:
            while span[0] < start:  # the def is above: the previous window
                start = max(1, start - w)
                parts.append(self._window(file, start, start + w - 1))
            while end < span[1]:  # no dedent yet: the next window
                parts.append(self._window(file, end + 1, end + w))
                end += w
        shown = set().union(*(p.shown[file] for p in parts))
        return Observation("".join(p.text for p in parts), {file: shown}, calls=len(parts), parts=parts)

    def _window(self, file: str, start: int, end: int) -> Observation:
        text, shown = self._sed(file, start, end)
        return Observation(text, {file: shown})

    def open_line(self, file: str, line: int) -> Observation:
        return self._read(file, max(1, line - self.window // 2), line)

    def open_hit(self, hit: Hit) -> Observation:
        return self._read(hit.file, hit.line, hit.line)

    def outline(self, hit: Hit) -> tuple[Observation, list[Hit]]:
        c = len(self._lines(hit.file)[hit.line - 1]) - len(self._lines(hit.file)[hit.line - 1].lstrip())
        inner = " " * (c + 4)
        outer = f" {{0,{c}}}" if c else ""
        grep = rf"grep -nE '^{outer}(class|def|async def) |^{inner}(async )?def ' {hit.file}"
        out, _ = self.sh(f"{grep} | sed -nE '/^{hit.line}:/,/^[0-9]+:{outer}(class|def|async def) /p'")
        rows = out.splitlines()
        if len(rows) > 1 and not rows[-1].startswith(f"{hit.line}:") and re.match(rf"\d+:{outer}\S", rows[-1]):
            rows = rows[:-1]  # the next class/def at the class's level only marks the end
        methods, shown = [], set()
        for row in rows:
            m = re.match(r"(\d+):\s*(?:async\s+)?(def|class)\s+(\w+)", row)
            if m:
                shown.add(int(m[1]))
                if int(m[1]) != hit.line:
                    methods.append(Hit(hit.file, int(m[1]), "class" if m[2] == "class" else "function", m[3]))
        return Observation(out, {hit.file: shown}), methods


# ---- the LLM-IDE actions through lsp-bridge


def is_test_path(path: str) -> bool:
    p = PurePosixPath(path)
    return (
        any(part in ("test", "tests", "testing") for part in p.parts[:-1])
        or p.name.startswith("test_")
        or p.name == "conftest.py"
    )


class ActionsBackend:
    """The agent's own actions (agent/actions: find_symbol, open, overview; bash for word matches) over a real
    lsp-bridge: exactly the observations the agent reads."""

    name = "lsp actions"

    def __init__(self, bridge: BridgeClient, root: Path) -> None:
        from agent.actions.executor import Actions

        self.root = root
        self.bridge = bridge
        self.grep = GrepBackend(root)
        self.actions = Actions(bridge, self._shell, root=str(root))
        self._outlines: dict[tuple[str, int], list[Hit]] = {}
        self._found: dict[str, list[Hit]] = {}  # identifier -> the hits of its find_symbol answer

    def _shell(self, command: str) -> tuple[str, int]:
        p = subprocess.run(["bash", "-c", command], cwd=self.root, capture_output=True, text=True, errors="replace")
        return p.stdout + p.stderr, p.returncode

    def _run(self, action: str, params: str) -> tuple[Observation, object]:
        result = self.actions.execute(action, params)
        obs = Observation(result.observation, self._shown(result))
        # a long function comes in parts: the agent follows the observation's own `open FILE:A-B` hints, each a call
        # of its own, counted one by one as sed's windows are (the budget stops the reader between two parts)
        parts = [Observation(obs.text, {f: set(lines) for f, lines in obs.shown.items()})]
        pending = self._hints(obs.text)
        while pending:
            more = self.actions.execute("open", pending.pop(0))
            parts.append(Observation(more.observation, self._shown(more)))
            obs.text += "\n" + more.observation
            obs.calls += 1
            for file, lines in parts[-1].shown.items():
                obs.shown.setdefault(file, set()).update(lines)
            pending += self._hints(more.observation)
        if len(parts) > 1:
            obs.parts = parts
        return obs, result

    def _shown(self, result: ActionResult) -> dict[str, set[int]]:
        """file -> the line numbers an answer showed: the bridge's rendering of the chunks it reports (as data; the
        answer's located lines alone show no code, and their chunks render as just their signature lines)."""
        from agent.actions.executor import chunk_to_dict

        if not result.chunks:
            return {}
        blocks = self.bridge.render_blocks([chunk_to_dict(c) for c in result.chunks])
        return {b.path: {n for n, _ in b.lines} for b in blocks}

    @staticmethod
    def _hints(text: str) -> list[str]:
        """The `open FILE:A-B` ranges of an answer's note on the lines it left out (`... (85 more lines; narrow it:
        ...)`): the last line, or above where `open FILE:LINE` names the functions called on that line."""
        notes = [raw for raw in text.splitlines() if raw.startswith("... (") and "narrow it: " in raw]
        return re.findall(r"open (\S+?:\d+-\d+)", notes[-1].split("narrow it: ", 1)[1]) if notes else []

    def open_line(self, file: str, line: int) -> Observation:
        return self._run("open", f"{file}:{line}")[0]

    def open_hit(self, hit: Hit) -> Observation:
        return self.open_line(hit.file, hit.line)

    def _methods(self, file: str, cls: str) -> list[Hit]:
        """The classes and functions a class outline lists, from the bridge's overview as data."""
        symbols = self.bridge.overview(file, cls=cls).get("symbols") or []
        kinds = {5: "class", 6: "function", 7: "function", 12: "function", 9: "function"}
        return [Hit(file, s["line"], kinds[s["kind"]], s["name"]) for s in symbols if s["kind"] in kinds]

    def outline(self, hit: Hit) -> tuple[Observation, list[Hit]]:
        if (hit.file, hit.line) in self._outlines:  # find_symbol already showed it
            return Observation("", {}, calls=0), self._outlines[(hit.file, hit.line)]
        obs, _ = self._run("overview", f"{hit.file} {hit.qualname or hit.name}")
        return obs, [m for m in self._methods(hit.file, hit.qualname or hit.name) if m.line != hit.line]

    def find(self, ident: str) -> tuple[Observation, list[Hit]]:
        obs, result = self._run("find_symbol", ident)
        earlier = re.search(r"shown above \(find_symbol (\S+)\)$", obs.text)  # the definitions an earlier answer
        self._found[ident] = self._found.get(earlier[1], []) if earlier else self._hits(obs, result)  # listed
        return obs, self._found[ident]

    def _hits(self, obs: Observation, result: ActionResult) -> list[Hit]:
        hits = []
        if obs.text.startswith("### File: ") and result.chunks:  # the only definition, a function shown whole: its
            c = result.chunks[0]  # block (file, numbered def line) is the answer's hit
            qualname = f"{c.class_name}.{c.function}" if c.class_name else c.function
            return [Hit(c.file_path, c.lines[0], "function", c.function or "", qualname)]
        for raw in obs.text.splitlines():
            m = re.match(r"(\S+\.py):(\d+)  (\S+)  (?!\[test\])(.*)$", raw)
            kind = re.match(r"\s*(?:async\s+)?(def|class)\s", m[4]) if m else None
            if m and kind:  # functions and classes, as the grep policy's def/class lines
                what = "class" if kind[1] == "class" else "function"
                hits.append(Hit(m[1], int(m[2]), what, m[3].split(".")[-1], m[3]))
            elif raw.startswith("partial matches") and hits:
                break
        classes = [h for h in hits if h.kind == "class"]
        if len(hits) == 1 and classes and "\n\n" in obs.text:  # a unique class: its outline (or itself) is shown
            self._outlines[(hits[0].file, hits[0].line)] = [
                m for m in self._methods(hits[0].file, hits[0].qualname or hits[0].name) if m.line != hits[0].line
            ]
        return hits

    def word_search(self, name: str) -> tuple[Observation, list[tuple[str, int]]]:
        return self.grep.word_search(name)


def _qualname(symbol: dict) -> str:
    """Class.method of a workspace symbol (its container without the module path)."""
    module = symbol["file"].removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    container = symbol.get("container") or ""
    for prefix in (module, module.split(".", 1)[-1]):
        if container == prefix:
            container = ""
        elif container.startswith(prefix + "."):
            container = container[len(prefix) + 1 :]
    return ".".join(p for p in (container, symbol["name"]) if p)


def token_counter() -> Callable[[str], int]:
    """litellm's token_counter on plain text (cl100k_base from litellm's own wheel; no network)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from litellm import token_counter as count

    return lambda text: count(model="gpt-3.5-turbo", text=text) if text else 0
