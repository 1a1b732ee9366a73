"""Reporters: turn a :class:`~wixoss_deckcheck.model.results.RunReport` into text, JSON, CI formats.

Reporters live in a registry by name (``--output-format NAME``): each is a module
``<name>_report.py`` of this folder, imported only when its output is asked for, and
returns the whole output as a string; they never decide pass or fail.
"""

from __future__ import annotations

from wixoss_deckcheck.reporters.registry import REPORTERS, get_reporter, render, reporter, reporter_names

__all__ = ["REPORTERS", "get_reporter", "render", "reporter", "reporter_names"]
