"""A litellm model that answers in plain text: no tools sent, no action parsing.

The LLM-IDE agent parses both of its answers (reflection and action) itself, so the model must neither require a
tool call (upstream's `LitellmModel` does) nor exactly one fenced command (`LitellmTextbasedModel` does). Retries,
cost accounting and the global call/cost limits stay upstream's.
"""

from __future__ import annotations

from typing import Any

from minisweagent.models.litellm_textbased_model import LitellmTextbasedModel


class PlainTextModel(LitellmTextbasedModel):
    """Any model litellm serves, tool calling or not; `extra.actions` is always empty."""

    def _parse_actions(self, response: Any) -> list[dict]:
        return []
