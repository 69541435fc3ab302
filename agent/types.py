"""The few types shared by the agent's parts (memory, actions, environment, Bug Consultant)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ChunkRef:
    """A region of code an action put on screen; the agent's memory turns it into an accessed chunk.

    Paths are relative to the repository root (e.g. ``more_itertools/more.py``), lines are 1-based.
    """

    file_path: str
    class_name: str | None = None
    function: str | None = None
    whole_function: bool = False
    lines: tuple[int, ...] = ()


@dataclass
class ActionResult:
    """What one action returned to the agent."""

    observation: str
    returncode: int = 0
    chunks: list[ChunkRef] = field(default_factory=list)
    # the action could not run as written (unknown action type, bad params): the observation says the valid forms
    bad_params: bool = False
    # the shell command that actually ran, when the action ran one (bash, edit, debugger): the Bug Consultant reads it
    command: str | None = None
