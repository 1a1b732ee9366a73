"""Setting up a game for the engine: the deck, the format's start counts and the dated rules.

Shared by ``replay`` (the record names the deck, the format and the day) and the goldfish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wixoss_deckcheck.engine.gamerules import GameRules, game_rules
from wixoss_deckcheck.engine.state import Book
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.cards import Card

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.model.resolved import ResolvedDeck
    from wixoss_deckcheck.pool.cardpool import CardPool

DEFAULT_START_COUNTS = (1, 3)


@dataclass(frozen=True)
class LoadedDeck:
    """A resolved deck as the engine reads it, with the format and day it is played under."""

    path: str
    book: Book
    format: str
    as_of: str
    rules: GameRules


def book_of(resolved: ResolvedDeck) -> Book:
    """The engine's card book of a resolved deck (LRIG-deck copies one by one)."""
    main = [(entry.card, entry.count) for entry in resolved.main]
    lrig: list[Card] = [entry.card for entry in resolved.lrig for _ in range(entry.count)]
    return Book.build(main, lrig)


def start_counts(
    format_id: str | None, as_of: str, deck_format: str | None = None, path: str | None = None, line: int | None = None
) -> tuple[str, tuple[int, ...]]:
    """The format's id and the numbers of LRIGs its games start with on ``as_of``."""
    from wixoss_deckcheck.errors import UsageError
    from wixoss_deckcheck.tables.loading import DEFAULT_FORMAT, load_format

    try:
        table = load_format(format_id or deck_format or DEFAULT_FORMAT)
    except UsageError as exc:
        raise InputError(exc.message, path, line) from None
    counts: Sequence[int] = DEFAULT_START_COUNTS
    for rule in table.rules_in_force(as_of):
        if rule.check == "starting-lrigs":
            counts = rule.params.get("counts", DEFAULT_START_COUNTS)
    return table.id, tuple(counts)


def parse_day(text: str | None, path: str | None = None, line: int | None = None) -> str:
    """A YYYY-MM-DD day (today when None); a bad one is an input error naming the file and line."""
    import datetime

    if text is None:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(str(text).strip()).isoformat()
    except ValueError:
        raise InputError(f"as_of is not a date (YYYY-MM-DD): {text!r}", path, line) from None


def load_game_deck(
    path: str,
    pool: CardPool,
    format_id: str | None = None,
    as_of: str | None = None,
    where: str | None = None,
    line: int | None = None,
) -> LoadedDeck:
    """Read and resolve ``path``; the format and day default to the deck's header, else diva and today."""
    from wixoss_deckcheck.decklist import load_deck
    from wixoss_deckcheck.engine.deck import resolve_all

    deck = load_deck(path)
    resolved = resolve_all(deck, pool)
    day = parse_day(as_of if as_of is not None else deck.date, where or path, line)
    table_id, counts = start_counts(format_id, day, deck.format, where or path, line)
    return LoadedDeck(path, book_of(resolved), table_id, day, game_rules(day, counts))
