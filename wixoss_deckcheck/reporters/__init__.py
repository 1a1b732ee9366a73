"""Reporters: turn a :class:`~wixoss_deckcheck.model.results.RunReport` into text, JSON, CI formats.

Reporters live in a registry by name (``--output-format NAME``) and return the whole
output as a string; they never decide pass or fail.
"""

from __future__ import annotations

from wixoss_deckcheck.reporters import text  # noqa: F401  (registers it; the text report is the default)
from wixoss_deckcheck.reporters.registry import REPORTERS, render, reporter, reporter_names

__all__ = ["REPORTERS", "render", "reporter", "reporter_names"]
