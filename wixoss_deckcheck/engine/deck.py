"""Reading a deck for the simulator: parse, resolve every card, choose the format's start."""

from __future__ import annotations

from dataclasses import dataclass

from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.messages import Messages, default_language
from wixoss_deckcheck.model.cards import MAIN_DECK_TYPES
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.cardpool import CardPool

DEFAULT_START_COUNTS = (1, 3)


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
            if result.candidates:
                names = "; ".join(f"{c.name} ({c.number})" for c in result.candidates[:5])
                raise InputError(
                    f"{entry.query!r} names several cards: {names}; write the card number", deck.path, entry.line
                )
            hint = Messages(default_language()).suggestion_hint(result.suggestions)
            raise InputError(f"unknown card {entry.query!r}.{hint}", deck.path, entry.line)
        section = entry.section or ("main" if result.card.type in MAIN_DECK_TYPES else "lrig")
        resolved.add(ResolvedEntry(entry, result.card, result.number or result.card.number, section))
    return resolved


def load_simulation_deck(
    path: str, pool: CardPool, format_id: str | None = None, as_of: str | None = None
) -> SimulationDeck:
    """Load ``path``; the format (option, else the deck's header, else diva) gives the start counts
    in force on ``as_of`` (else the deck's date, else today)."""
    from wixoss_deckcheck.tables.dates import parse_day, today
    from wixoss_deckcheck.tables.loading import DEFAULT_FORMAT, load_format

    deck = load_deck(path)
    resolved = resolve_all(deck, pool)
    try:
        table = load_format(format_id or deck.format or DEFAULT_FORMAT)
    except UsageError as exc:
        if format_id:
            raise
        raise InputError(exc.message, path, deck.format_line) from None
    day = parse_day(as_of) if as_of else parse_day(deck.date) if deck.date else today()
    counts = DEFAULT_START_COUNTS
    for rule in table.rules_in_force(day):
        if rule.check == "starting-lrigs":
            counts = tuple(rule.params.get("counts", DEFAULT_START_COUNTS))
    return SimulationDeck(resolved, table.id, day, counts)
