"""``check DECK... --history``: its options, and the one door to the history machinery."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages, current_language

F = TypeVar("F", bound=Callable[..., Any])

#: The options of ``check`` that only go with ``--history`` (name: how the user writes it).
_HISTORY_ONLY = {"history_from": "--from", "history_until": "--until", "plot": "--plot"}


def history_options(command: F) -> F:
    """``--history``, ``--from``, ``--until`` and ``--plot`` of ``check``."""
    for option in reversed(
        (
            click.option(
                "--history",
                is_flag=True,
                help="Every period of the deck's verdict, in every format (or --format), with what began each.",
            ),
            click.option(
                "--from",
                "history_from",
                metavar="YYYY-MM-DD",
                help="--history: the first day (default: the day the deck's last card came out).",
            ),
            click.option(
                "--until",
                "history_until",
                metavar="YYYY-MM-DD",
                help="--history: the last day (default: --as-of, else open-ended: every change the tables hold).",
            ),
            click.option("--plot", metavar="FILE", help="--history: also draw the periods to FILE (.png or .svg)."),
        )
    ):
        command = option(command)
    return command


def wants_history(options: Mapping[str, Any]) -> bool:
    """Whether ``check`` runs as ``--history``; a usage error for a history option without it."""
    if options.get("history"):
        return True
    for name, option in _HISTORY_ONLY.items():
        if options.get(name):
            raise UsageError(Messages(current_language()).history("history_only", option=option))
    return False


def run_history(options: Mapping[str, Any]) -> int:
    """Write the histories of ``options["decks"]``; the exit code (see :func:`history_run.run_history`)."""
    # The history machinery is imported only when --history is asked for: a plain check starts as fast as before.
    from wixoss_deckcheck.cli import history_run

    return history_run.run_history(options)
