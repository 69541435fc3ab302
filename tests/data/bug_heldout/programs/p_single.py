"""stub"""

PROGRAMS: list = []
