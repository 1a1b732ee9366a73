"""The checker's resolution (ResolvedDeck.add_lines over its memo of KnownCard facts)
keeps the same figures as ResolvedDeck.add line by line, and both the figures worked out
here from the cards themselves."""

from __future__ import annotations

import pytest
from conftest import DECKS

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.model.deck import DeckEntry
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.tables.loading import load_format

REAL_DECKS = sorted((DECKS / "text").glob("*.txt")) + sorted((DECKS / "cockatrice").glob("WXDi-*.cod"))


def figures(resolved: ResolvedDeck) -> dict:
    return {
        "entries": [(e.entry, e.card.number, e.number, e.section) for e in resolved.entries],
        "main": [e.entry for e in resolved.main],
        "lrig": [e.entry for e in resolved.lrig],
        "totals": resolved.totals,
        "life_burst": resolved.life_burst_count,
        "pieces": resolved.piece_total,
        "names": resolved.names,
        "types": resolved.types,
        "level_zero": [e.entry for e in resolved.level_zero_lrigs],
        "unresolved": resolved.unresolved,
    }


def reference(deck, pool) -> dict:
    """The figures of a deck worked out from each line's card, with no memo and no loop of the model's."""
    out: dict = {"entries": [], "main": [], "lrig": [], "totals": {"main": 0, "lrig": 0}, "life_burst": 0,
                 "pieces": 0, "names": {"main": {}, "lrig": {}}, "types": {"main": set(), "lrig": set()},
                 "level_zero": [], "unresolved": []}
    for entry in deck.entries:
        card = pool.resolve(entry.query).card
        if card is None:
            out["unresolved"].append(entry)
            if entry.section:
                out["totals"][entry.section] += entry.count
            continue
        number = pool.resolve(entry.query).number or card.number
        section = entry.section or ("main" if card.type in ("SIGNI", "SPELL") else "lrig")
        out["entries"].append((entry, card.number, number, section))
        out[section].append(entry)
        out["totals"][section] += entry.count
        out["names"][section][card.key] = out["names"][section].get(card.key, 0) + entry.count
        out["types"][section].add(card.type)
        if section == "main" and card.life_burst:
            out["life_burst"] += entry.count
        if section == "lrig" and card.type in ("PIECE", "RELAY_PIECE"):
            out["pieces"] += entry.count
        if section == "lrig" and card.type in ("LRIG", "ASSIST_LRIG") and card.level == 0:
            out["level_zero"].append(entry)
    return out


@pytest.mark.parametrize("path", REAL_DECKS, ids=lambda p: p.name)
def test_resolution_loop_and_add_agree(path, merged_pool):
    deck = load_deck(path)
    # A misspelt line and a line placed in the other deck, so every branch is taken.
    deck.entries.append(DeckEntry(2, "WXDi-D01-0999Z", 900, "main"))
    deck.entries.append(
        DeckEntry(1, deck.entries[0].query, 901, "lrig" if deck.entries[0].section == "main" else "main")
    )
    checker = Checker(merged_pool, load_format("diva"), "2026-11-30")
    inlined, _problems = checker.resolve(deck)
    added = ResolvedDeck(deck, merged_pool, None)
    for entry in deck.entries:
        result = merged_pool.resolve(entry.query)
        if result.card is None:
            added.add_unresolved(entry)
            continue
        section = entry.section or result.card.deck
        added.add(ResolvedEntry(entry, result.card, result.number or result.card.number, section))
    assert figures(inlined) == figures(added)
    assert figures(inlined) == reference(deck, merged_pool)
    assert inlined.main and inlined.lrig and inlined.unresolved
    if path.suffix == ".txt":
        assert inlined.level_zero_lrigs
