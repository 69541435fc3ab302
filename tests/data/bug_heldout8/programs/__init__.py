"""The broken programs of bug_heldout8: one `Prog` per run, built with `P(...)`.

Every root-cause group is one cluster of public reports that share one cause and one fix (reports closed as
duplicates of one another, or answered by maintainers with the same cause); its addresses are in the program's
module (`SOURCES`), and each run's `url` is the report that run was modelled on.
"""

from bugset_runner import Prog
from bugset_runner import from_files as P

__all__ = ["P", "Prog"]
