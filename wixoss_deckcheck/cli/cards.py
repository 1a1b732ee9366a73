"""``wixoss-deckcheck cards search QUERY`` and ``cards show ID-OR-NAME [--as-of DATE]``.

Every label follows ``--lang`` (else the locale); card names are shown in that language
next to the Japanese one when the pool knows them.
"""

from __future__ import annotations

import sys

import click

from wixoss_deckcheck.cli.cards_text import describe, legality
from wixoss_deckcheck.cli.habits import say_pool
from wixoss_deckcheck.cli.options import cardpool_option, format_option, lang_option, settings_pool
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.pool.search import search_cards
from wixoss_deckcheck.reporters.ci_common import no_workflow_commands
from wixoss_deckcheck.tables.dates import parse_day, today


@click.group("cards")
def cards_group() -> None:
    """Find cards by number or by name (Japanese, English, Chinese)."""


def _load(cardpool: str | None) -> CardPool:
    pool = CardPool.load(locate_pool(cardpool))
    say_pool(pool)
    return pool


def _day(as_of: str | None) -> str:
    return parse_day(as_of) if as_of else today()


@cards_group.command("search")
@settings_pool
@click.argument("query", nargs=-1, required=True)
@format_option("Only cards playable in all-star, key or diva (on --as-of, default today).")
@click.option("--as-of", "as_of", metavar="YYYY-MM-DD", help="The day --format is judged on (default: today).")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 10000), help="At most this many cards.")
@cardpool_option
@lang_option
def search_command(
    query: tuple[str, ...], format_id: str | None, as_of: str | None, limit: int, cardpool: str | None, lang: str | None
) -> None:
    """List the cards matching QUERY: a number, or part of a name in any language.

    Sorted by relevance (the number, numbers starting with it, the exact name, names
    starting with it, names containing it, close matches), then by card number. When
    more match than --limit, says how many on stderr. Exit 1 when nothing matches.
    """
    messages = Messages(current_language())
    text = " ".join(query)
    matches = search_cards(_load(cardpool), text, format_id=format_id, day=_day(as_of) if as_of else None)
    for match in matches[:limit]:
        card = match.card
        other = card.display_name(messages.lang) if messages.lang != "ja" else ""
        shown = f"{card.name} / {other}" if other and other != card.name else card.name
        click.echo(no_workflow_commands(f"{match.number}\t{shown}\t{messages.card_type(card.type)}{_level(card)}"))
    if not matches:
        click.echo(messages.cards("no_match", query=repr(text)), err=True)
        sys.exit(1)
    if len(matches) > limit:
        click.echo(messages.cards("more", shown=limit, total=len(matches)), err=True)


@cards_group.command("show")
@settings_pool
@click.argument("query", nargs=-1, required=True, metavar="ID-OR-NAME")
@click.option(
    "--as-of",
    "as_of",
    metavar="YYYY-MM-DD",
    help="Say in which formats the card is legal that day, and why (default: today).",
)
@cardpool_option
@lang_option
def show_command(query: tuple[str, ...], as_of: str | None, cardpool: str | None, lang: str | None) -> None:
    """Show every field of the card(s) a number or an exact name names, and where each is
    legal on a day: the formats and why (icons and where they come from, the same-name
    rule, release date), and the Mayu's Room restrictions in force.

    An ambiguous name shows each candidate; an unknown one says what is close (exit 2).
    """
    messages = Messages(current_language())
    day = _day(as_of)
    pool = _load(cardpool)
    text = " ".join(query)
    resolution = pool.resolve(text)
    cards = [resolution.card] if resolution.card else resolution.candidates
    if not cards:
        hint = messages.suggestion_hint(resolution.suggestions)
        raise InputError(f"no card named or numbered {text!r}.{hint}")
    if resolution.candidates:
        click.echo(messages.cards("several", query=repr(text), count=len(cards)))
    for index, card in enumerate(cards):
        if index:
            click.echo("")
        printed = resolution.number if resolution.card else None
        click.echo(no_workflow_commands(describe(card, printed, messages)))  # a pool's names may hold anything
        click.echo(no_workflow_commands(legality(pool, card, printed or card.number, day, messages)))


def _level(card: Card) -> str:
    return f" L{card.level}" if card.level is not None else ""
