"""The reporter registry, the one list of output formats (``--output-format``, the settings
file's ``output-format``).

A reporter is a module of this folder named ``<name>_report.py``; it renders
``--output-format <name>`` (an ``_`` in the name is written ``-``: ``json_lines_report.py``
renders ``json-lines``) with a function registered by ``@reporter("<name>")``. The names are
found from the file names, without importing anything, and a reporter's module is imported
only when its output is asked for: adding an output format is adding its module (and a test).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.model.results import RunReport

Reporter = Callable[..., str]
REPORTERS: dict[str, Reporter] = {}

#: What names a reporter module: ``<name>_report.py``.
MODULE_SUFFIX = "_report.py"


def reporter(name: str) -> Callable[[Reporter], Reporter]:
    """Decorator: register a reporter under its ``--output-format`` name."""

    def wrap(function: Reporter) -> Reporter:
        REPORTERS[name] = function
        return function

    return wrap


def module_name(name: str) -> str:
    """The module of the reporter of output format ``name``: ``json-lines`` → ``…json_lines_report``."""
    return f"{__package__}.{name.replace('-', '_')}{MODULE_SUFFIX[:-3]}"


@cache
def reporter_names() -> tuple[str, ...]:
    """Every output format, sorted: one per ``<name>_report.py`` of this folder."""
    folder = os.path.dirname(os.path.abspath(__file__))
    names = (entry[: -len(MODULE_SUFFIX)] for entry in os.listdir(folder) if entry.endswith(MODULE_SUFFIX))
    return tuple(sorted(name.replace("_", "-") for name in names if name.isidentifier()))


def get_reporter(name: str) -> Reporter:
    """The function of output format ``name``, its module imported the first time."""
    if name not in REPORTERS:
        if name not in reporter_names():
            raise KeyError(f"no reporter {name!r} (known: {', '.join(reporter_names())})")
        importlib.import_module(module_name(name))
        if name not in REPORTERS:
            raise LookupError(f"{module_name(name)} registers no @reporter({name!r})")
    return REPORTERS[name]


def render(name: str, report: RunReport, **options: object) -> str:
    """The whole output of reporter ``name`` for a run."""
    return get_reporter(name)(report, **options)
