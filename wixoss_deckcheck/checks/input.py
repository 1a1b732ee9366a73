"""Checks about the decklist itself: cards the pool cannot name, and what a decklist
sheet says of its cards.

WX001-WX003 are produced while resolving the deck, not by a rule of the format, so
they have no check function; they are registered so that their codes are stable
and documented; so are WX005, the checker's one note of the rules it did not judge
because of them, and WX006, an ambiguous name the rest of the deck decided. WX004 runs
for every deck read from an official decklist sheet (.xlsx).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wixoss_deckcheck.checks.registry import Finding, check, register
from wixoss_deckcheck.model.resolved import ResolvedDeck

register(
    "WX001",
    "unknown-card",
    "error",
    "Unknown card",
    kind="input",
    doc="The decklist names a card (by number or name) that the card pool does not know. "
    "Close matches are suggested; nothing is ever substituted. With the small sample pool, "
    "install the full pool: `wixoss-deckcheck cardpool update` (online) or "
    "`wixoss-deckcheck cardpool build --from DIR` (offline, DIR laid out like carddata/).",
)
register(
    "WX002",
    "ambiguous-card",
    "error",
    "Ambiguous card name",
    kind="input",
    doc="The name written in the decklist belongs to several different cards (for example two "
    "cards share an English name). Write the card number instead; the candidates are listed.",
)
register(
    "WX003",
    "number-name-mismatch",
    "error",
    "Card number and name disagree",
    kind="input",
    doc="A line gives a card number and, beside it, a name that names a different card. The number "
    "would name the card, but which one the player meant cannot be told: neither is picked. "
    "Correct the number or the name.",
)

register(
    "WX005",
    "rules-not-judged",
    "warning",
    "Rules not judged: a card is unknown",
    kind="input",
    doc="A rule whose answer depends on every card of a deck (the Life Burst count, the level-0 "
    "LRIGs the game starts with, the colours they allow, the play checks of the LRIG deck) is not "
    "judged while that deck holds a card the pool cannot name (WX001, WX002, WX003): the unknown "
    "card could change the answer either way, so a finding would be a guess. The rules skipped are "
    "named once, in one warning; they are judged as soon as the card is named (write its number). "
    "A rule whose finding stays true whatever the unknown card is (too many copies, a banned card, "
    "a card of the wrong type) is still judged.",
)

register(
    "WX006",
    "name-decided-by-deck",
    "warning",
    "Ambiguous name decided by the rest of the deck",
    kind="input",
    doc="The name written in the decklist belongs to several cards, and the rest of the deck "
    "points to one of them: the only LRIG candidate that shares an LRIG type with the deck's "
    "other LRIGs, or the only candidate printed in the set most of the deck's other cards are "
    "printed in (at least two of them, and no other candidate printed there). That card is "
    "taken and this warning names it and why; write the card number to be sure. Without such "
    "a pointer the name stays ambiguous (WX002). Taking the card the deck points to is the tool's "
    "reading of what the player meant, not a rule of the game.",
)


#: (where the sheet puts a card, whether it has a Life Burst) → what is wrong (a word of the messages).
_SHEET_PROBLEMS = {
    ("burst-ticked", True): "sheet_ticked_has_burst",
    ("burst", False): "sheet_unticked_no_burst",
    ("plain", True): "sheet_burst_in_plain_rows",
}


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
        problem = _SHEET_PROBLEMS.get((where, bool(entry.card.life_burst)))
        if problem:
            yield Finding(cards=(entry,), section="main", line=entry.line, args={"row": index, "problem": problem})
