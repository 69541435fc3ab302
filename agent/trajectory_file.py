"""Writing upstream's trajectory JSON at every step without encoding or writing the whole history again.

The file holds the same object as upstream's `json.dumps(data, indent=2)`, with the `messages` list first: messages
are only ever appended, so a save encodes the new messages once, writes them where the list ended and rewrites only
what follows (the info, which changes every step). Any other change (another path, a file changed or truncated by
someone else, a message list that was replaced) writes the whole file again. Values at `compact` key paths are
encoded on one line (the C encoder; `indent=2` would take the slow pure-Python one).
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

INDENT = "\n    "


class TrajectoryFile:
    def __init__(self, compact: tuple[tuple[str, ...], ...] = ()) -> None:
        self.compact = compact
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
        raw: dict[str, str] = {}
        for i, keys in enumerate(self.compact):
            holder = _parent(rest, keys)
            if holder is not None:
                rest = _replaced(rest, keys, f"{self._marker}{i}")
                raw[json.dumps(f"{self._marker}{i}")] = json.dumps(holder[keys[-1]])
        text = json.dumps(rest, indent=2)
        for marker, value in raw.items():
            text = text.replace(marker, value, 1)
        return "\n  ]," + text[1:]


def _parent(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any] | None:
    for key in keys[:-1]:
        data = data.get(key)  # type: ignore[assignment]
        if not isinstance(data, dict):
            return None
    return data if keys[-1] in data else None


def _replaced(data: dict[str, Any], keys: tuple[str, ...], value: Any) -> dict[str, Any]:
    """A copy of `data` (only along `keys`) with the value at `keys` replaced."""
    if len(keys) == 1:
        return {**data, keys[0]: value}
    return {**data, keys[0]: _replaced(data[keys[0]], keys[1:], value)}
