"""Which Python files a workspace has, their stat keys, and the module names they answer to."""

from __future__ import annotations

import os

SKIP_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "venv", "env"})


def scan(root: str) -> dict[str, tuple[int, int]]:
    """Workspace-relative posix path -> (mtime_ns, size) of every `*.py` file; hidden and tool dirs skipped."""
    out: dict[str, tuple[int, int]] = {}
    stack = [root]
    cut = len(root.rstrip("/")) + 1
    while stack:
        d = stack.pop()
        try:
            entries = os.scandir(d)
        except OSError:
            continue
        with entries:
            for e in entries:
                name = e.name
                if name.endswith(".py"):
                    try:
                        if not e.is_file():
                            continue
                        st = e.stat()
                    except OSError:
                        continue
                    out[e.path[cut:].replace(os.sep, "/")] = (st.st_mtime_ns, st.st_size)
                elif (
                    not name.startswith(".")
                    and name not in SKIP_DIRS
                    and not name.endswith(".egg-info")
                    and e.is_dir(follow_symlinks=False)
                ):
                    stack.append(e.path)
    return out


def module_table(paths: list[str]) -> dict[str, str]:
    """Dotted module name -> file, by path from the root and, for packages, from the top of their `__init__` chain."""
    paths = sorted(paths)
    package_dirs = {p.rsplit("/", 1)[0] for p in paths if p.endswith("/__init__.py")}
    table = {dotted(p): p for p in reversed(paths)}
    for p in paths:
        parts = p[:-3].split("/")
        j = len(parts) - 2
        while j >= 0 and "/".join(parts[: j + 1]) in package_dirs:
            j -= 1
        name = ".".join(parts[j + 1 :] if parts[-1] != "__init__" else parts[j + 1 : -1])
        if name:
            table.setdefault(name, p)
    return table


def dotted(path: str) -> str:
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)
