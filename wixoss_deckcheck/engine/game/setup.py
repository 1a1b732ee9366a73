"""Reading a deck for the engine: every card resolved, the format's start counts, the dated rules.

:func:`load_game_deck` sets up a game for the rules engine (shared by ``replay``, whose record
names the deck, the format and the day, and the goldfish); :func:`load_simulation_deck` reads a
deck for the opening-hand odds.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.engine.game.gamerules import GameRules, game_rules
from wixoss_deckcheck.engine.game.state import Book
from wixoss_deckcheck.errors import InputError, UsageError, quoted
from wixoss_deckcheck.messages import Messages, default_language
from wixoss_deckcheck.model.cards import MAIN_DECK_TYPES, Card
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.tables.dates import parse_day as parse_table_day
from wixoss_deckcheck.tables.dates import today
from wixoss_deckcheck.tables.loading import DEFAULT_FORMAT, load_format

if TYPE_CHECKING:  # pragma: no cover
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


@dataclass
class SimulationDeck:
    """A resolved deck and the numbers of LRIGs its format lets a game start with."""

    resolved: ResolvedDeck
    format: str | None
    as_of: str | None
    start_counts: tuple[int, ...]


def resolve_all(deck: Deck, pool: CardPool) -> ResolvedDeck:
    """Resolve every line; an unknown or ambiguous card is an input error naming its line."""
    resolved = ResolvedDeck(deck, pool, None)
    for entry in deck.entries:
        result = pool.resolve(entry.query)
        if result.card is None:
            if resolved.add_counted(entry, result):  # ``WD01-009 甲冑　ローメイル 2``: 2 copies
                continue
            if result.candidates:
                names = "; ".join(f"{c.name} ({c.number})" for c in result.candidates[:5])
                shown = quoted(entry.query)
                problem = f"{shown!r} names several cards: {names}; write the card number"
                raise InputError(problem, deck.path, entry.line)
            hint = Messages(default_language()).suggestion_hint(result.suggestions)
            raise InputError(f"unknown card {quoted(entry.query)!r}.{hint}", deck.path, entry.line)
        section = entry.section or ("main" if result.card.type in MAIN_DECK_TYPES else "lrig")
        resolved.add(ResolvedEntry(entry, result.card, result.number or result.card.number, section))
    return resolved


def load_simulation_deck(
    path: str, pool: CardPool, format_id: str | None = None, as_of: str | None = None
) -> SimulationDeck:
    """Load ``path``; the format (option, else the deck's header, else diva) gives the start counts
    in force on ``as_of`` (else the deck's date, else today)."""
    deck = load_deck(path)
    resolved = resolve_all(deck, pool)
    try:
        table = load_format(format_id or deck.format or DEFAULT_FORMAT)
    except UsageError as exc:
        if format_id:
            raise
        raise InputError(exc.message, path, deck.format_line) from None
    day = parse_table_day(as_of) if as_of else parse_table_day(deck.date) if deck.date else today()
    counts = DEFAULT_START_COUNTS
    for rule in table.rules_in_force(day):
        if rule.check == "starting-lrigs":
            counts = tuple(rule.params.get("counts", DEFAULT_START_COUNTS))
    return SimulationDeck(resolved, table.id, day, counts)


def book_of(resolved: ResolvedDeck) -> Book:
    """The engine's card book of a resolved deck (LRIG-deck copies one by one)."""
    main = [(entry.card, entry.count) for entry in resolved.main]
    lrig: list[Card] = [entry.card for entry in resolved.lrig for _ in range(entry.count)]
    return Book.build(main, lrig)


def start_counts(
    format_id: str | None, as_of: str, deck_format: str | None = None, path: str | None = None, line: int | None = None
) -> tuple[str, tuple[int, ...]]:
    """The format's id and the numbers of LRIGs its games start with on ``as_of``."""
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
    deck = load_deck(path)
    resolved = resolve_all(deck, pool)
    day = parse_day(as_of if as_of is not None else deck.date, where or path, line)
    table_id, counts = start_counts(format_id, day, deck.format, where or path, line)
    return LoadedDeck(path, book_of(resolved), table_id, day, game_rules(day, counts))
