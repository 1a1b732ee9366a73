"""Helpers shared by the engine tests: build deck models from real decks or from cards."""

from __future__ import annotations

from conftest import DECKS

from wixoss_deckcheck.engine.game.setup import load_simulation_deck
from wixoss_deckcheck.engine.odds.model import build_model
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry

D01 = DECKS / "text" / "rx-wxdi-d01.txt"
WD01 = DECKS / "text" / "wx-wd01-white-hope.txt"


def real_model(pool, path=D01, start_counts=None):
    loaded = load_simulation_deck(str(path), pool)
    resolved = loaded.resolved
    return build_model(
        [(e.card, e.count) for e in resolved.main], [e.card for e in resolved.lrig], start_counts or loaded.start_counts
    )


def signi(number: str, level: int, **fields) -> Card:
    return Card.make(number, f"signi {number}", "SIGNI", level=level, **fields)


def lrig(number: str, level: int, types=("タマ",), limit=None, card_type="LRIG", **fields) -> Card:
    limits = {0: 0, 1: 2, 2: 5, 3: 7, 4: 11}
    return Card.make(
        number,
        f"lrig {number}",
        card_type,
        level=level,
        lrig_types=tuple(types),
        limit=limits.get(level, 0) if limit is None else limit,
        **fields,
    )


def resolved_deck(main: list[tuple[Card, int]], lrig_cards: list[Card]) -> ResolvedDeck:
    """A resolved deck built from cards (lines numbered in list order, main first)."""
    deck = Deck("synthetic.txt")
    resolved = ResolvedDeck(deck, None, None)
    line = 1
    for card, count in main:
        entry = DeckEntry(count, card.number, line, "main")
        deck.entries.append(entry)
        resolved.add(ResolvedEntry(entry, card, card.number, "main"))
        line += 1
    for card in lrig_cards:
        entry = DeckEntry(1, card.number, line, "lrig")
        deck.entries.append(entry)
        resolved.add(ResolvedEntry(entry, card, card.number, "lrig"))
        line += 1
    return resolved
