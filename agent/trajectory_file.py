"""Writing upstream's trajectory JSON at every step without encoding or writing the whole history again.

The file holds the same object as upstream's `json.dumps(data, indent=2)`, with the `messages` list first: messages
are only ever appended, so a save encodes the new messages once, writes them where the list ended and rewrites only
what follows (the info, which changes every step). Any other change (another path, a file changed or truncated by
someone else, a message list that was replaced) writes the whole file again. Lists and objects nested
`compact_depth` levels deep (e.g. info.llm_ide.memory) are written on one line: `indent=2` takes json's slow
pure-Python encoder, which on a long run's memory cost tens of milliseconds per save.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

INDENT = "\n    "


class TrajectoryFile:
    def __init__(self, compact_depth: int = 3) -> None:
        self.compact_depth = compact_depth
        self._marker = f"@@compact-{uuid.uuid4().hex}-"
        self._path: Path | None = None
        self._written: list[dict] = []  # the messages in the file, as the objects that were encoded
        self._end = 0  # byte offset where the last message ends
        self._size = -1  # the file's size after our last write

    def write(self, path: Path, data: dict[str, Any]) -> None:
        messages: list[dict] = data.get("messages", [])
        tail = self._tail({k: v for k, v in data.items() if k != "messages"}).encode()
        if self._can_append(path, messages):
            new = messages[len(self._written) :]
            body = "".join(("," if self._written or i else "") + INDENT + json.dumps(m) for i, m in enumerate(new))
            added = body.encode()
            with path.open("r+b") as f:
                f.seek(self._end)
                f.write(added + tail)
                f.truncate()
            self._end += len(added)
        else:
            head = ('{\n  "messages": [' + ",".join(INDENT + json.dumps(m) for m in messages)).encode()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(head + tail)
            self._path, self._end = path, len(head)
        self._written = list(messages)
        self._size = self._end + len(tail)

    def _can_append(self, path: Path, messages: list[dict]) -> bool:
        if path != self._path or len(messages) < len(self._written):
            return False
        if any(a is not b for a, b in zip(self._written, messages, strict=False)):
            return False
        try:
            return path.stat().st_size == self._size
        except OSError:
            return False

    def _tail(self, rest: dict[str, Any]) -> str:
        """What follows the last message: the end of the list, then the other keys as `indent=2` shows them."""
        if not rest:
            return "\n  ]\n}"
        raw: list[str] = []

        def shallow(value: Any, depth: int) -> Any:
            if not isinstance(value, (dict, list)) or not value:
                return value
            if depth >= self.compact_depth:
                raw.append(json.dumps(value))
                return f"{self._marker}{len(raw) - 1}"
            if isinstance(value, dict):
                return {k: shallow(v, depth + 1) for k, v in value.items()}
            return [shallow(v, depth + 1) for v in value]

        text = json.dumps(shallow(rest, 0), indent=2)
        text = re.sub(f'"{self._marker}(\\d+)"', lambda m: raw[int(m.group(1))], text)
        return "\n  ]," + text[1:]
