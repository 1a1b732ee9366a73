"""Checks of the official decklist sheet (``.xlsx``): what the sheet says of each card
against what the card is. They run for decks read from a sheet, in every format."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wixoss_deckcheck.checks.registry import Finding, check
from wixoss_deckcheck.model.resolved import ResolvedDeck


@check("WX004", "sheet-life-burst-box", "error", "Decklist sheet: the Life Burst rows and box", kind="sheet")
def sheet_life_burst_box(deck: ResolvedDeck, params: Any) -> Iterator[Finding]:
    """On the official decklist sheet, rows 1-20 hold the cards with a Life Burst, and a card
    without one placed there is ticked ライフバースト無; rows 21-40 hold cards without a Life
    Burst. A judge counts Life Burst cards by the sheet, so a ticked card that has a Life
    Burst, an unticked card without one among rows 1-20, and a Life Burst card among rows
    21-40 are each reported."""
    marks = {id(entry): mark for entry, mark in zip(deck.deck.entries, deck.deck.sheet_marks, strict=True)}
    for entry in deck.main:
        mark = marks.get(id(entry.entry))
        if mark is None:
            continue
        index, where = mark
        burst = bool(entry.card.life_burst)
        problem = None
        if where == "burst-ticked" and burst:
            problem = "sheet_ticked_has_burst"
        elif where == "burst" and not burst:
            problem = "sheet_unticked_no_burst"
        elif where == "plain" and burst:
            problem = "sheet_burst_in_plain_rows"
        if problem:
            yield Finding(cards=(entry,), section="main", line=entry.line, args={"row": index, "problem": problem})
