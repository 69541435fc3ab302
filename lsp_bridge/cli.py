"""`lsp-bridge`: serve (stdio), daemon (Unix socket), connect (stdio <-> daemon), index, check."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import NoReturn

from lsp_bridge import __version__
from lsp_bridge.runtime import check_socket, default_socket, open_private


def default_workspace() -> Path:
    return Path("/testbed") if Path("/testbed").is_dir() else Path.cwd()


def _directory(text: str) -> Path:
    if not text:  # Path("") is the working directory
        raise argparse.ArgumentTypeError("empty (a folder is needed)")
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {'not a folder' if path.exists() else 'no such folder'}")
    return path


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1: {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:  # also NaN
        raise argparse.ArgumentTypeError(f"seconds, 0 or more: {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, exit status 2 (argparse prints the whole usage first)."""

    commands: Mapping[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> _Parser:
    p = _Parser(prog="lsp-bridge", description="Tree-sitter indexed Python language server.")
    p.add_argument("--version", action="version", version=f"lsp-bridge {__version__}")
    sub = p.add_subparsers(dest="command")

    def common(sp: argparse.ArgumentParser, workspace_default: bool = True) -> None:
        sp.add_argument(
            "--workspace",
            type=_directory,
            default=None,
            help="folder to index (default: the client's root for serve, else /testbed if present, else cwd)"
            if not workspace_default
            else "folder to index (default: /testbed if present, else cwd)",
        )
        sp.add_argument("--cache-dir", type=Path, default=None, help="index cache (default ~/.cache/lsp-bridge)")
        sp.add_argument("--workers", type=_count, default=None, help="processes for a cold index (default: all cores)")
        sp.add_argument("--poll", type=_seconds, default=1.0, help="seconds between disk checks (0: never)")
        sp.add_argument("--log-file", type=Path, default=None)
        sp.add_argument("-v", "--verbose", action="store_true")

    common(sub.add_parser("serve", help="one LSP session on stdin/stdout (the default)"), workspace_default=False)
    daemon = sub.add_parser("daemon", help="serve many sessions on a Unix socket over one shared index")
    common(daemon)
    daemon.add_argument("--socket", type=Path, default=None)
    connect = sub.add_parser("connect", help="bridge stdio to the daemon (starting it if needed)")
    common(connect)
    connect.add_argument("--socket", type=Path, default=None)
    connect.add_argument(
        "--map",
        type=_map,
        action="append",
        default=[],
        metavar="EDITOR_PATH=WORKSPACE_PATH",
        help="translate file paths between the editor's copy of the repository and the daemon's (repeatable)",
    )
    index = sub.add_parser("index", help="index the workspace now (warms the cache) and print statistics")
    common(index)
    sub.add_parser("check", help="self-test: index a small generated project and resolve a definition")
    p.commands = sub.choices
    return p


def _logging(args: argparse.Namespace) -> None:
    level = logging.DEBUG if args.verbose else logging.WARNING
    if args.log_file:  # opened like the daemon's own files: never through a planted symlink
        fd = open_private(args.log_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        stream = os.fdopen(fd, "a", buffering=1)
        logging.basicConfig(stream=stream, level=level, format="%(asctime)s %(name)s %(message)s")
    else:
        logging.basicConfig(stream=sys.stderr, level=level, format="lsp-bridge: %(message)s")
    if not args.verbose:  # pygls logs every rejected request; the client already gets a JSON-RPC error
        logging.getLogger("pygls").setLevel(logging.CRITICAL)


COMMANDS = ("serve", "daemon", "connect", "index", "check")


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:  # `lsp-bridge indx`: not serve's argument
        parser.error(f"unknown command {argv[0]!r} (commands: {', '.join(COMMANDS)})")
    if not argv or argv[0] not in (*COMMANDS, "-h", "--help", "--version"):
        argv = ["serve", *argv]
    args, extra = parser.parse_known_args(argv)
    if extra:  # named by the command's own parser, which lists its options in --help
        parser.commands.get(args.command, parser).error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        sys.exit(_run(args.command, args))
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as e:
        if getattr(args, "verbose", False):
            raise
        print(f"lsp-bridge: {e}", file=sys.stderr)
        sys.exit(1)


def say(text: str) -> None:
    """print; a reader that has what it wanted (`lsp-bridge check | head -1`) ends the output, not the command."""
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the rest of the output, and Python's flush at exit, go nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _map(text: str) -> tuple[str, str]:
    editor, sep, workspace = text.partition("=")
    if not (sep and editor.startswith("/") and workspace.startswith("/")):
        raise argparse.ArgumentTypeError(f"EDITOR_PATH=WORKSPACE_PATH, both absolute: {text!r}")
    return editor, workspace


def _run(command: str, args: argparse.Namespace) -> int:
    if command == "check":
        return check()
    workspace: Path = args.workspace or default_workspace()
    if command == "connect":
        from lsp_bridge.connect import ensure_daemon, pump

        maps = args.map
        socket_path = args.socket or default_socket(workspace)
        extra = ["--workspace", str(workspace), "--poll", str(args.poll)]
        if args.cache_dir:
            extra += ["--cache-dir", str(args.cache_dir)]
        log_file = args.log_file or Path(f"{socket_path}.log")
        return pump(ensure_daemon(socket_path, extra, log_file), maps)

    _logging(args)
    if command == "index":
        from lsp_bridge.index import Index

        index = Index(workspace, args.cache_dir, args.workers)
        index.build()
        if index.error:
            raise RuntimeError(index.error)
        index.save_cache(strict=True)  # `index` is for the cache: not writing it is an error, not a warning
        say(json.dumps({"root": str(index.root), **index.stats, "cache": str(index.cache_path)}))
        return 0
    from lsp_bridge.hub import Hub

    socket_path = (args.socket or default_socket(workspace)) if command == "daemon" else None
    if socket_path is not None:
        check_socket(socket_path)  # before any work: an unsafe path is refused in one line
    root = args.workspace if command == "serve" else workspace  # serve: the client's root when not given
    hub = Hub(root, args.cache_dir, args.workers, args.poll)  # indexing starts while pygls is imported
    from lsp_bridge import transport

    if socket_path is not None:
        return transport.serve_daemon(hub, socket_path)
    return transport.serve_stdio(hub)


SAMPLE = {
    "pkg/__init__.py": "from .shapes import Square\n",
    "pkg/shapes.py": (
        'class Square:\n    """A square."""\n\n    def area(self, side: int) -> int:\n        return side * side\n'
    ),
    "main.py": "from pkg import Square\n\nprint(Square().area(3))\n",
}


def check() -> int:
    """Index a generated project, resolve `Square().area` across an import, and render it as a chunk."""
    from lsp_bridge.index import Index
    from lsp_bridge.render import Chunk, Renderer
    from lsp_bridge.resolve import Resolver
    from lsp_bridge.view import View

    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in SAMPLE.items():
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / rel).write_text(text)
        index = Index(tmp, Path(tmp) / ".cache", workers=1)
        index.build()
        view = View(index)
        facts = view.facts("main.py")
        k = facts.at(2, 15) if facts is not None else None
        target = Resolver(view).definition(facts, k) if facts is not None and k is not None else None
        text = Renderer(view).render([Chunk("pkg/shapes.py", "Square", "area", lines=[5])])[0]
    ok = target is not None and (target.path, target.line) == ("pkg/shapes.py", 3) and "4     def area" in text
    say(f"lsp-bridge {__version__}: {'ok' if ok else 'FAILED'} ({len(SAMPLE)} files, python {sys.version.split()[0]})")
    say(text)
    return 0 if ok else 1


if __name__ == "__main__":
    main()
