"""The broken programs of bug_heldout7: one `Prog` per run, built with `P(...)`.

Every root-cause group is modelled on a real public report; its address is the program's `url`.
"""

from bugset_runner import Prog
from bugset_runner import from_files as P

__all__ = ["P", "Prog"]
