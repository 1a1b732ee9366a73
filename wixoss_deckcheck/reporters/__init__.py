"""Reporters: turn a :class:`~wixoss_deckcheck.report.RunReport` into text, JSON, CI formats.

Reporters live in a registry by name (``--output-format NAME``) and return the whole
output as a string; they never decide pass or fail.
"""

from __future__ import annotations

from typing import Callable

from wixoss_deckcheck.report import RunReport

Reporter = Callable[..., str]
REPORTERS: dict[str, Reporter] = {}


def reporter(name: str):
    def wrap(function: Reporter) -> Reporter:
        REPORTERS[name] = function
        return function

    return wrap


def render(name: str, report: RunReport, **options) -> str:
    return REPORTERS[name](report, **options)


from wixoss_deckcheck.reporters import json_report, text  # noqa: E402,F401  (registers them)

__all__ = ["REPORTERS", "render", "reporter"]
