"""The programs of bug_heldout11: one `Run` (the venv it runs in and its `Prog`) per public report.

Each program is written for this set (no reporter's code is copied); it reproduces what one report describes, in that
report's setting, against the library versions the report names. Programs of one group reproduce reports that the
library's maintainers linked to one root cause (closed as a duplicate, or pointed to one issue or fix).
"""

from dataclasses import dataclass

from bugset_runner import Prog
from bugset_runner import from_files as P


@dataclass(frozen=True)
class Run:
    venv: str  # the folder under the venv root that holds the library versions the report names
    prog: Prog


__all__ = ["P", "Prog", "Run"]
