"""Diva Selection colour rules (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Iterator

from wixoss_deckcheck.checks import params
from wixoss_deckcheck.checks.registry import Finding, check
from wixoss_deckcheck.model.cards import LRIG_TYPES
from wixoss_deckcheck.model.resolved import ResolvedDeck


@check(
    "WX130",
    "colour-outside-lrig-colours",
    "error",
    "Card colour not among the level-0 LRIGs' colours",
    params=params.COLOUR,
)
def colour_outside_lrig_colours(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """Diva Selection, 2020-12-05 to 2023-01-31: a card in the main deck or the LRIG deck
    may not have a colour other than those of the level-0 LRIGs opened at game start;
    colourless cards are exempt (official column play_201127: 「青・緑・赤以外の色を持つ
    カードはメイン・ルリグ両デッキに入れられません」). A multi-colour card must have no
    colour outside them (option ``multicolour``)."""
    lrigs = (
        deck.level_zero_lrigs
        if params.get("lrigs", "level-zero") == "level-zero"
        else [e for e in deck.lrig if e.card.is_lrig]
    )
    available = {colour for e in lrigs for colour in e.card.colors}
    every = params.get("multicolour", "every") == "every"
    for section in params.get("decks", ["main", "lrig"]):
        for entry in deck.section(section):
            colours = set(entry.card.colors)
            if not colours or entry.card.token:
                continue
            covered = colours <= available if every else bool(colours & available)
            if not covered:
                missing = sorted(colours - available)
                yield Finding(
                    (entry,),
                    section,
                    entry.line,
                    sorted(colours),
                    sorted(available),
                    args={"missing": "/".join(missing)},
                )


@check("WX131", "lrig-type-colour-clash", "error", "Same LRIG type in different colours")
def lrig_type_colour_clash(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """Diva Selection from 2023-02-01: LRIGs with the same LRIG type but different
    colours may not be used together (colourless LRIGs clash with none)."""
    by_type: dict[str, list] = {}
    first_colours: dict[str, tuple] = {}
    clash = False
    for entry in deck.lrig:
        card = entry.card
        if card.colors and card.type in LRIG_TYPES:
            for lrig_type in card.lrig_types:
                by_type.setdefault(lrig_type, []).append(entry)
                first = first_colours.setdefault(lrig_type, card.colors)
                if first is not card.colors and first != card.colors:
                    clash = True
    if not clash:
        return  # every LRIG type in one colour (as written: the same colours in another order are checked below)
    reported: set[tuple] = set()
    for lrig_type, entries in by_type.items():
        colour_sets = {frozenset(e.card.colors) for e in entries}
        if len(colour_sets) > 1:
            key = tuple(sorted(e.card.number for e in entries))
            if key in reported:
                continue
            reported.add(key)
            yield Finding(
                tuple(entries),
                "lrig",
                entries[0].line,
                sorted("/".join(sorted(c)) for c in colour_sets),
                1,
                args={"type": lrig_type},
            )
