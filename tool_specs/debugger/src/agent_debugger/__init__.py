"""An agent-friendly Python debugger: one shell command per step, sessions kept by a small server."""

__version__ = "0.1.0"
