"""``check DECK... --history`` at work: every period of each deck's verdict, in text, JSON or a picture
(imported only when ``--history`` is asked for, see :mod:`wixoss_deckcheck.cli.history`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from wixoss_deckcheck.checking.history import HistoryMaker, check_range, format_spans, history_tables
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import CheckSession
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.files.text import check_output_path, refuse_same_outputs, write_atomic
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.model.history import DeckHistory
from wixoss_deckcheck.reporters.ci_common import no_workflow_commands
from wixoss_deckcheck.reporters.history import render_history_json, render_history_text
from wixoss_deckcheck.reporters.history_plot import check_history_plot, write_history_plot


def _checked(options: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """The output format and the range's days, before any deck is read (usage errors: an
    output format other than text or json, --play, bad days, an output or picture path
    that cannot be written, matplotlib missing for --plot)."""
    messages = Messages(current_language())
    output_format = options.get("output_format") or "text"
    if output_format not in ("text", "json"):
        raise UsageError(messages.history("history_output", format=output_format))
    if options.get("play"):
        raise UsageError(messages.history("history_play"))
    start, end = check_range(options.get("history_from"), options.get("history_until") or options.get("as_of"))
    inputs = [*options["decks"], *(options[key] for key in ("format_file", "cardpool") if options.get(key))]
    refuse_same_outputs({"-o": options.get("output"), "--plot": options.get("plot")})
    if options.get("output"):
        check_output_path(options["output"], inputs)
    if options.get("plot"):
        check_history_plot(options["plot"], inputs)
    return output_format, start, end


def run_history(options: Mapping[str, Any]) -> int:
    """Write the histories of ``options["decks"]``; the exit code (2: a deck could not be
    read or names a card the pool does not know; else 0)."""
    output_format, start, end = _checked(options)
    settings = RunSettings.from_options(options)
    session = CheckSession(settings)
    histories, failed = _histories(session, settings, options["decks"], start, end)
    lang = session.lang
    text = (render_history_json(histories) if output_format == "json"
            else no_workflow_commands(render_history_text(histories, lang)))  # paths and names: no :: first
    if options.get("output"):
        write_atomic(options["output"], text)
    else:
        click.echo(text, nl=False)
    if options.get("plot") and histories:
        write_history_plot(histories, options["plot"], session.lang, warn=lambda line: click.echo(line, err=True))
    return 2 if failed or any(history.input_problem for history in histories) else 0


def _histories(
    session: CheckSession, settings: RunSettings, paths: list[str], start: str | None, end: str | None
) -> tuple[list[DeckHistory], bool]:
    """Every deck's history in every format asked for; an unreadable deck is one error line."""
    maker = HistoryMaker(session)
    spans = format_spans(history_tables(session, settings), start, end)
    out: list[DeckHistory] = []
    failed = False
    for path in paths:
        try:
            deck = load_deck(path, settings.encoding)
        except InputError as exc:
            click.echo(maker.messages.error_line(exc), err=True)
            failed = True
            continue
        out.extend(maker.history(deck, table, *span) for table, span in spans)
    return out, failed
