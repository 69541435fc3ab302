"""Later additions (appended last so the ids of committed rows do not move)."""

from . import P

PROGRAMS = []
