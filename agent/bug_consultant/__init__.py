"""Bug Consultant: learn from past bugs — records, summaries, offline retrieval, bounded advice, A/B report."""

from agent.bug_consultant.config import BugConsultantConfig
from agent.bug_consultant.consultant import BugConsultant
from agent.bug_consultant.records import BugRecord, DebugTrial, WorldModel
from agent.bug_consultant.tracker import BugTracker

__all__ = ["BugConsultant", "BugConsultantConfig", "BugRecord", "BugTracker", "DebugTrial", "WorldModel"]
