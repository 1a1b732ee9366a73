"""Format card pool checks: icons, the same-name carve-out, level-0 LRIGs."""

from __future__ import annotations

from typing import Iterator

from wixoss_deckcheck.checks.registry import Finding, check
from wixoss_deckcheck.resolved import ResolvedDeck


def _is_level_zero_lrig(card) -> bool:
    return card.is_lrig and card.level == 0


@check("WX120", "card-pool", "error", "Card not in the format's card pool")
def card_pool(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A card must carry one of the format's icons (Key: key icon; Diva: diva icon). A
    card without it is legal when a card of the same name has it (a reprint). Level-0
    LRIGs follow their own rule (level-zero-lrig-pool)."""
    required = params.get("icons")
    if not required:
        return
    required = frozenset(required)
    same_name = params.get("same_name", True)
    for entry in deck.entries:
        card = entry.card
        if card.token or (params.get("exempt_level_zero_lrigs") and _is_level_zero_lrig(card)):
            continue
        icons = deck.icons.icons_of_name(card) if same_name else deck.icons.icons_of_number(entry.number)
        if not icons & required:
            yield Finding((entry,), entry.section, entry.line, sorted(icons), sorted(required))


@check("WX121", "level-zero-lrig-pool", "error", "Level-0 LRIG not usable in the format")
def level_zero_lrig_pool(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """Diva Selection: a level-0 LRIG without the diva icon is legal only if some
    Diva-series level-0 LRIG has the same colour and the same LRIG type (correction of
    2020-12-14; e.g. the All-Star white タウィル and black ウムル are not usable). Key
    Selection: every level-0 LRIG is legal."""
    if params["match"] == "any":
        return
    required = frozenset(params["icons"])
    signatures = None
    for entry in deck.level_zero_lrigs:
        card = entry.card
        if deck.icons.icons_of_name(card) & required:
            continue
        if signatures is None:
            signatures = deck.icons.level_zero_signatures(required)
        colours = frozenset(card.colors)
        if not any((colours, lrig_type) in signatures for lrig_type in card.lrig_types):
            yield Finding(
                (entry,), "lrig", entry.line,
                args={"colours": "/".join(card.colors) or "colourless", "types": "/".join(card.lrig_types) or "-"},
            )
