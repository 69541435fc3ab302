"""lsp-bridge against jedi-language-server and pyright on the Django 5.1 sdist, in one run.

    python bench/lsp_bench.py [--project django|sqlalchemy] [--peers all|none|pyright|jedi] [--sample N] [--repeat N]

Downloads the project's sdist from PyPI into bench/.data (git-ignored) and installs the peers into their own venv there
(bench/.data/peers; pyright's PyPI package runs the npm `pyright` package with this machine's node). Measures, per
server: cold start (process spawn -> first non-empty workspace/symbol answer), warm start from lsp-bridge's disk
cache, p50/p95 latency of documentSymbol, workspace/symbol, definition (usage sites of names imported from other
modules of the project) and references over a fixed sample, peak RSS of the server's process tree, and the F1
agreement of definition/references answers with pyright's. Every query goes through the same raw JSON-RPC client.

Django is the project the bridge was tuned on; SQLAlchemy 2.0 (`--project sqlalchemy`) is held out: nothing was
tuned on it. Its package re-exports most names through `from .x import y as y` and aliases others, so its reference
targets include every definition some module imports under another name (`references through aliases` F1 row).
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsp_bridge.framing import FramingError, encode, read_frames

DATA = Path(__file__).resolve().parent / ".data"
PEERS = DATA / "peers"


@dataclass(frozen=True)
class Project:
    requirement: str  # what pip downloads (an sdist)
    folder: str  # the sdist's top folder in bench/.data
    package: str  # the package's folder inside it (its import name is the last part)
    # sample use sites and targets from relative imports too (SQLAlchemy's modules import each other relatively;
    # Django's sample keeps its `from django.x import` sites only, as its earlier figures were measured)
    relative_imports: bool = False

    @property
    def name(self) -> str:
        return self.package.rsplit("/", 1)[-1]


PROJECTS = {
    "django": Project("django==5.1", "Django-5.1", "django"),
    "sqlalchemy": Project("sqlalchemy==2.0.36", "sqlalchemy-2.0.36", "lib/sqlalchemy", relative_imports=True),
}
TIMEOUT = 30.0
WS_QUERIES = [
    "QuerySet", "HttpResponse", "get_object_or_404", "ValidationError", "ModelAdmin", "reverse", "as_sql",
    "CharField", "render_to_string", "csrf_protect", "Migration", "URLPattern", "cached_property", "Signal",
    "SafeString", "BaseCommand", "Paginator", "qset", "httpresp", "getobj",
]  # fmt: skip


# ---- data and peers


def fetch_project(project: Project) -> Path:
    root = DATA / project.folder
    if not (root / project.package).is_dir():
        DATA.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "-d", str(DATA),
             project.requirement],
            check=True,
        )  # fmt: skip
        sdist = next(p for p in DATA.glob("*.tar.gz") if p.name.lower() == f"{project.folder.lower()}.tar.gz")
        with tarfile.open(sdist) as tar:
            tar.extractall(DATA, filter="data")
        if not root.is_dir():  # the sdist's folder is named with another case
            next(p for p in DATA.iterdir() if p.name.lower() == project.folder.lower()).rename(root)
    return root


def ensure_peers() -> Path:
    if not (PEERS / "bin" / "pyright-langserver").exists():
        subprocess.run([sys.executable, "-m", "venv", str(PEERS)], check=True)
        subprocess.run([PEERS / "bin" / "pip", "install", "-q", "jedi-language-server", "pyright"], check=True)
    # pyright's wrapper fetches its npm package on first use; later runs are offline
    subprocess.run([PEERS / "bin" / "pyright", "--version"], check=True, capture_output=True, env=peer_env())
    return PEERS


def peer_env() -> dict[str, str]:
    return {**os.environ, "PATH": f"{PEERS / 'bin'}:{os.environ['PATH']}"}


# ---- the fixed query sample, from Python's own parser


@dataclass
class Sample:
    doc_files: list[str]
    def_sites: list[tuple[str, int, int, str]]  # file, line, col (0-based), name
    ref_targets: list[tuple[str, int, int, str]]
    alias_targets: list[tuple[str, int, int, str]] = field(default_factory=list)  # imported elsewhere under an alias


def _every(items: list, n: int) -> list:
    items = sorted(items)
    return items[:: max(1, len(items) // n)][:n] if n else []


def build_sample(root: Path, n: int, project: Project) -> Sample:
    """Deterministic queries: the largest files; usage sites of imported names, of `module.attr` for imported
    modules and of `self.method`; reference targets among the definitions those sites lead to, and among the
    definitions some module imports under another name (`from m import f as g`)."""
    files = sorted(p.relative_to(root).as_posix() for p in (root / project.package).rglob("*.py"))
    base = (root / project.package).parent.relative_to(root).as_posix()
    prefix = "" if base == "." else base + "/"

    def absolute(rel: str, node: ast.ImportFrom) -> str:
        """The dotted module an import names, relative imports resolved from the file `rel`."""
        if not node.level:
            return node.module or ""
        parts = rel.removeprefix(prefix).removesuffix(".py").split("/")[: -node.level]
        return ".".join([*parts, *([node.module] if node.module else [])])

    by_size = sorted(files, key=lambda f: -(root / f).stat().st_size)
    doc_files = by_size[:: max(1, len(by_size) // n)][:n]
    defs: dict[str, dict[str, tuple[int, int]]] = {}

    def definitions(rel: str) -> dict[str, tuple[int, int]]:
        if rel not in defs:
            out = {}
            path = root / rel
            if path.is_file():
                lines = path.read_text().splitlines()
                for node in ast.parse(path.read_text()).body:
                    if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                        line = lines[node.lineno - 1]
                        col = line.find(node.name, node.col_offset)
                        if line.isascii() and col >= 0:
                            out[node.name] = (node.lineno - 1, col)
            defs[rel] = out
        return defs[rel]

    names, module_attrs, methods, method_defs, aliased = [], [], [], [], set()
    for rel in files:
        source = (root / rel).read_text()
        tree = ast.parse(source)
        lines = source.splitlines()
        imported, modules = {}, {}
        for node in tree.body:
            module = absolute(rel, node) if isinstance(node, ast.ImportFrom) else ""
            if module == project.name or module.startswith(project.name + "."):
                path = prefix + module.replace(".", "/")
                target = f"{path}.py" if (root / f"{path}.py").is_file() else f"{path}/__init__.py"
                for alias in node.names:
                    sub = f"{path}/{alias.name}"
                    if alias.asname not in (None, alias.name) and alias.name in definitions(target):
                        aliased.add((target, *definitions(target)[alias.name], alias.name))
                    plain = target
                    if not project.relative_imports:  # `from django.x import` sites only, as before
                        if node.level or module == project.name:
                            continue
                        plain = f"{path}.py"
                    if alias.asname is None and alias.name in definitions(plain):
                        imported[alias.name] = plain
                    elif alias.asname is None and ((root / f"{sub}.py").is_file() or (root / sub).is_dir()):
                        modules[alias.name] = sub
        seen = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in imported and node.id not in seen:
                if lines[node.lineno - 1].isascii():
                    seen.add(node.id)
                    names.append((rel, node.lineno - 1, node.col_offset, node.id, imported[node.id]))
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
                key = (node.value.id, node.attr)
                if key not in seen and lines[node.lineno - 1].isascii() and node.end_lineno == node.lineno:
                    seen.add(key)
                    module_attrs.append((rel, node.lineno - 1, node.end_col_offset - len(node.attr), node.attr))
            elif isinstance(node, ast.ClassDef):
                own = {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
                for f in own.values():
                    line = lines[f.lineno - 1]
                    if line.isascii() and not f.name.startswith("__"):
                        method_defs.append((rel, f.lineno - 1, line.find(f.name, f.col_offset), f.name))
                for sub in ast.walk(node):
                    if (
                        isinstance(sub, ast.Attribute)
                        and isinstance(sub.value, ast.Name)
                        and sub.value.id == "self"
                        and sub.attr in own
                        and lines[sub.lineno - 1].isascii()
                        and sub.end_lineno == sub.lineno
                    ):
                        methods.append((rel, sub.lineno - 1, sub.end_col_offset - len(sub.attr), sub.attr))
    picked = _every(names, n)
    def_sites = [(f, line, col, name) for f, line, col, name, _ in picked]
    def_sites += _every(module_attrs, n // 2) + _every(methods, n // 2)
    targets = sorted({(t, *definitions(t)[name], name) for _, _, _, name, t in picked})
    ref_targets = _every(targets, n // 2) + _every(method_defs, n // 4)
    return Sample(doc_files, def_sites, ref_targets, _every(sorted(aliased), n // 2))


# ---- a raw JSON-RPC client that works the same for every server


def tree_rss(pid: int) -> int:
    """RSS in bytes of a process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
        stack.extend(children.get(p, []))
    return total


@dataclass
class Server:
    name: str
    command: list[str]
    root: Path
    env: dict[str, str] | None = None
    settings: dict = field(default_factory=dict)
    peak_rss: int = 0

    async def start(self) -> None:
        self.t0 = time.perf_counter()
        self.proc = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            cwd=self.root,
            env=self.env,
            limit=2**26,
        )
        self.pending: dict[int, asyncio.Future] = {}
        self.next_id = 0
        self.reader = asyncio.ensure_future(self._read())
        self._sampling = True
        threading.Thread(target=self._sample, daemon=True).start()
        uri = self.root.as_uri()
        await self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri,
                "rootPath": str(self.root),
                "workspaceFolders": [{"uri": uri, "name": self.root.name}],
                "capabilities": {
                    "textDocument": {
                        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
                        "definition": {"linkSupport": False},
                        "references": {},
                        "synchronization": {"didSave": True},
                    },
                    "workspace": {"configuration": True, "workspaceFolders": True, "symbol": {}},
                },
            },
            timeout=120,
        )
        self.notify("initialized", {})

    def _sample(self) -> None:
        while self._sampling:
            self.peak_rss = max(self.peak_rss, tree_rss(self.proc.pid))
            time.sleep(0.2)

    async def _read(self) -> None:
        async for body in read_frames(self.proc.stdout.read, stall_after=None, max_body=2**62):
            if isinstance(body, FramingError):
                raise RuntimeError(f"{self.name}: {body.reason}")
            message = json.loads(body)
            if "method" in message and "id" in message:
                self._reply(message)
            elif "id" in message and message["id"] in self.pending:
                self.pending.pop(message["id"]).set_result(message)

    def _reply(self, message: dict) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [self.settings.get(item.get("section", ""), {}) for item in message["params"]["items"]]
        self._write({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def _write(self, message: dict) -> None:
        self.proc.stdin.write(encode(json.dumps(message).encode()))

    def notify(self, method: str, params: Any) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params: Any, timeout: float = TIMEOUT) -> tuple[Any, float]:
        self.next_id += 1
        msg_id = self.next_id
        future = asyncio.get_running_loop().create_future()
        self.pending[msg_id] = future
        start = time.perf_counter()
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        try:
            message = await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            self.pending.pop(msg_id, None)
            self.notify("$/cancelRequest", {"id": msg_id})
            return None, timeout
        return message.get("result"), time.perf_counter() - start

    def open(self, rel: str) -> None:
        path = self.root / rel
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": path.as_uri(), "languageId": "python", "version": 1, "text": path.read_text()}},
        )

    async def stop(self) -> None:
        await self.request("shutdown", None, timeout=20)
        self.notify("exit", None)
        try:
            await asyncio.wait_for(self.proc.wait(), 20)
        except asyncio.TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        self._sampling = False


# ---- measurements


@dataclass
class Result:
    name: str
    cold: float | None = None
    cold_build: float | None = None  # lsp-bridge: seconds the index build took (inside the cold start)
    warm: float | None = None
    warm_load: float | None = None  # lsp-bridge: seconds to load the whole index from its cache
    spread: dict[str, list[float]] = field(default_factory=dict)  # lsp-bridge: every cold/warm start
    latency: dict[str, list[float]] = field(default_factory=dict)
    answers: dict[str, list] = field(default_factory=dict)
    peak_rss: int = 0
    timeouts: int = 0


async def first_symbols(server: Server, deadline: float = 90) -> float:
    """Seconds from process spawn until workspace/symbol first answers non-empty."""
    while time.perf_counter() - server.t0 < deadline:
        result, _ = await server.request("workspace/symbol", {"query": "QuerySet"}, timeout=deadline)
        if result:
            return time.perf_counter() - server.t0
        await asyncio.sleep(0.2)
    return float("nan")


def location_key(loc: dict, root: Path, with_column: bool) -> tuple | None:
    uri = loc.get("targetUri", loc.get("uri", ""))
    rng = loc.get("targetSelectionRange", loc.get("range"))
    path = Path(uri.removeprefix("file://"))
    if not str(path).startswith(str(root) + "/"):
        return None
    rel = path.relative_to(root).as_posix()
    return (rel, rng["start"]["line"], rng["start"]["character"]) if with_column else (rel, rng["start"]["line"])


async def run_queries(server: Server, sample: Sample, result: Result) -> None:
    root = server.root
    targets = [*sample.ref_targets, *sample.alias_targets]
    for rel in {*sample.doc_files, *(s[0] for s in sample.def_sites), *(t[0] for t in targets)}:
        server.open(rel)
    await asyncio.sleep(1.0)

    async def timed(kind: str, method: str, params: dict) -> Any:
        answer, seconds = await server.request(method, params)
        result.latency.setdefault(kind, []).append(seconds)
        result.timeouts += seconds >= TIMEOUT
        return answer

    for rel in sample.doc_files:
        await timed("documentSymbol", "textDocument/documentSymbol", {"textDocument": {"uri": (root / rel).as_uri()}})
    for query in WS_QUERIES:
        await timed("workspace/symbol", "workspace/symbol", {"query": query})
    for rel, line, col, _ in sample.def_sites:
        params = {"textDocument": {"uri": (root / rel).as_uri()}, "position": {"line": line, "character": col}}
        answer = await timed("definition", "textDocument/definition", params)
        answer = answer if isinstance(answer, list) else [answer] if answer else []
        result.answers.setdefault("definition", []).append({k for a in answer if (k := location_key(a, root, False))})
    for kind, targets in (("references", sample.ref_targets), ("alias references", sample.alias_targets)):
        for rel, line, col, _ in targets:
            params = {
                "textDocument": {"uri": (root / rel).as_uri()},
                "position": {"line": line, "character": col},
                "context": {"includeDeclaration": True},
            }
            answer = await timed("references", "textDocument/references", params) or []
            found = {k for a in answer if (k := location_key(a, root, True))}
            result.answers.setdefault(kind, []).append(found)


async def measure(name: str, command: list[str], root: Path, sample: Sample, env=None, settings=None) -> Result:
    result = Result(name)
    server = Server(name, command, root, env, settings or {})
    await server.start()
    result.cold = await first_symbols(server)
    await run_queries(server, sample, result)
    await server.stop()
    result.peak_rss = server.peak_rss
    return result


async def start_times(command: list[str], root: Path) -> tuple[float, float, float]:
    """One start: (seconds to the first answer, index build or load seconds from its stats, peak RSS)."""
    server = Server("lsp-bridge", command, root)
    await server.start()
    first = await first_symbols(server)
    await server.request("lspBridge/sync", {})  # returns once the whole index has loaded
    status, _ = await server.request("lspBridge/status", {})
    await server.stop()
    return first, status["stats"]["build_s"], server.peak_rss


async def measure_bridge(root: Path, sample: Sample, repeat: int) -> Result:
    """Queries once; cold and warm starts `repeat` times each (medians: this machine is shared)."""
    caches = [Path(tempfile.mkdtemp(prefix="lsp-bench-cache-")) for _ in range(repeat)]
    commands = [
        [sys.executable, "-m", "lsp_bridge", "serve", "--workspace", str(root), "--cache-dir", str(cache)]
        for cache in caches
    ]
    try:
        result = await measure("lsp-bridge", commands[0], root, sample)
        colds = [await start_times(command, root) for command in commands[1:]]
        warms = [await start_times(command, root) for command in commands]
        result.cold = statistics.median([result.cold, *(c[0] for c in colds)])
        result.cold_build = statistics.median(c[1] for c in colds) if colds else None
        result.warm = statistics.median(w[0] for w in warms)
        result.warm_load = statistics.median(w[1] for w in warms)
        result.spread = {"cold": sorted([result.cold, *(c[0] for c in colds)]), "warm": sorted(w[0] for w in warms)}
        result.peak_rss = max(result.peak_rss, *(c[2] for c in colds + warms))
        return result
    finally:
        for cache in caches:
            shutil.rmtree(cache, ignore_errors=True)


def f1(ours: list[set], theirs: list[set]) -> float:
    pairs = list(zip(ours, theirs, strict=True))
    tp = sum(len(a & b) for a, b in pairs)
    fp = sum(len(a - b) for a, b in pairs)
    fn = sum(len(b - a) for a, b in pairs)
    return 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 1.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def report(results: list[Result], root: Path, sample: Sample, project: Project) -> str:
    files = list((root / project.package).rglob("*.py"))
    lines = sum(len(p.read_bytes().splitlines()) for p in root.rglob("*.py"))
    head = f"{'':28}" + "".join(f"{r.name:>22}" for r in results) + f"{'goal':>14}"
    out = [
        f"lsp-bridge benchmark: {project.requirement} sdist ({len(list(root.rglob('*.py')))} files, {lines:,} lines; "
        f"{len(files)} in {project.package}/), {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f} at the end",
        f"sample: {len(sample.doc_files)} documentSymbol files, {len(WS_QUERIES)} workspace/symbol queries, "
        f"{len(sample.def_sites)} definition sites, {len(sample.ref_targets)} reference targets, "
        f"{len(sample.alias_targets)} more imported under an alias somewhere",
        head,
    ]

    def row(label: str, values: list[str], goal: str) -> None:
        out.append(f"{label:28}" + "".join(f"{v:>22}" for v in values) + f"{goal:>14}")

    row("cold start (s)", [f"{r.cold:.2f}" if r.cold == r.cold else "never" for r in results], "<= 5")
    row("  all cold starts (s)", [" ".join(f"{x:.1f}" for x in r.spread.get("cold", [])) or "-" for r in results], "")
    row("  of which index build (s)", [f"{r.cold_build:.2f}" if r.cold_build else "-" for r in results], "")
    row("warm start, disk cache (s)", [f"{r.warm:.2f}" if r.warm else "-" for r in results], "<= 1")
    row("  all warm starts (s)", [" ".join(f"{x:.2f}" for x in r.spread.get("warm", [])) or "-" for r in results], "")
    row("  whole index loaded in (s)", [f"{r.warm_load:.2f}" if r.warm_load else "-" for r in results], "")
    goals = {"documentSymbol": "p95 <= 10", "workspace/symbol": "p95 <= 30", "definition": "",
             "references": "p95 <= 150"}  # fmt: skip
    for kind, goal in goals.items():
        row(
            f"{kind} p50/p95 (ms)",
            [f"{pct(r.latency[kind], 0.5):.1f} / {pct(r.latency[kind], 0.95):.1f}" for r in results],
            goal,
        )
    row("peak RSS (MB)", [f"{r.peak_rss / 2**20:.0f}" for r in results], "<= 600")
    row("timeouts (30 s)", [str(r.timeouts) for r in results], "")
    pyright = next((r for r in results if r.name == "pyright"), None)
    if pyright:
        for kind in ("definition", "references", "alias references"):
            if kind in pyright.answers:
                scores = [f"{f1(r.answers[kind], pyright.answers[kind]):.3f}" for r in results]
                row(f"{kind} F1 vs pyright", scores, ">= 0.98" if kind == "alias references" else ">= 0.95")
        row(
            "answers found (def / refs)",
            [f"{sum(map(len, r.answers['definition']))} / {sum(map(len, r.answers['references']))}" for r in results],
            "",
        )
    return "\n".join(out)


async def main_async(args: argparse.Namespace) -> None:
    print(f"load average at the start: {os.getloadavg()[0]:.2f} (other work on this machine skews timings)")
    project = PROJECTS[args.project]
    root = fetch_project(project).resolve()
    sample = build_sample(root, args.sample, project)
    results = [await measure_bridge(root, sample, args.repeat)]
    if args.peers != "none":
        ensure_peers()
        env = peer_env()
        if args.peers in ("all", "jedi"):
            results.append(await measure("jedi-language-server", [str(PEERS / "bin/jedi-language-server")], root,
                                         sample, env))  # fmt: skip
        if args.peers in ("all", "pyright"):
            # a src layout (lib/sqlalchemy): pyright resolves `import sqlalchemy` (tests, examples) there only when
            # told, as its user would configure it, in a pyrightconfig.json (a project's [tool.pyright] table
            # overrides the client's extraPaths); lsp-bridge finds package roots itself
            source_root = (root / project.package).parent
            if source_root != root:
                config = {"extraPaths": [source_root.relative_to(root).as_posix()]}
                (root / "pyrightconfig.json").write_text(json.dumps(config))
            settings = {"python.analysis": {"diagnosticMode": "openFilesOnly"}, "python": {}}
            command = [str(PEERS / "bin/pyright-langserver"), "--stdio"]
            results.append(await measure("pyright", command, root, sample, env, settings))
    text = report(results, root, sample, project)
    print(text)
    stem = "lsp_bench" if args.project == "django" else f"lsp_bench_{args.project}"
    (DATA / f"{stem}.txt").write_text(text + "\n")
    results_json = [
        {"name": r.name, "cold": r.cold, "cold_build": r.cold_build, "warm": r.warm, "warm_load": r.warm_load,
         "spread": r.spread,
         "latency": r.latency, "peak_rss": r.peak_rss, "timeouts": r.timeouts,
         "answers": {k: [sorted(a) for a in v] for k, v in r.answers.items()}}
        for r in results
    ]  # fmt: skip
    queries = {
        "definition": sample.def_sites,
        "references": sample.ref_targets,
        "alias references": sample.alias_targets,
    }
    (DATA / f"{stem}.json").write_text(json.dumps({"results": results_json, "queries": queries}, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project", choices=sorted(PROJECTS), default="django", help="django (tuned on) or held out")
    parser.add_argument("--peers", choices=["all", "none", "pyright", "jedi"], default="all")
    parser.add_argument("--sample", type=int, default=40, help="documentSymbol files and definition sites")
    parser.add_argument("--repeat", type=int, default=3, help="cold and warm starts of lsp-bridge (median reported)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
