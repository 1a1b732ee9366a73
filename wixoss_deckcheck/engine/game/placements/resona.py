"""A RESONA's appearance condition (【出現条件】): when it may appear (its phase icons) and the SIGNI the
moves just before it put into the trash (from the field, the hand or ener, as the text says).

A record declares the condition by ``move`` events (``from`` a zone ``to`` ``trash``; a RESONA ``to``
``lrig_trash``) right before
the ``resona`` event, on the same turn, after the player's previous other action. Where the card
pool reads the condition (``resona_condition``) those moves must fill it: each group its number of
SIGNI from its zones, and a level total where the text asks one (moves that fill no group are other
effects, left alone). A condition the pool does not read is trusted: the main or the attack phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from wixoss_deckcheck.engine.game.gamerules import use_places
from wixoss_deckcheck.engine.game.placements.groups import Group, count, fillings, meets
from wixoss_deckcheck.engine.game.state import OPPONENT, Game, Problem, Say, say, zone_name
from wixoss_deckcheck.model.cards import Card

#: When a RESONA whose condition the pool does not read may appear (the engine's judgement before it read them).
UNREAD_PLACES = frozenset({"main", "attack"})


def places(card: Card) -> frozenset[str]:
    """Where ``card`` may appear (gamerules.WHEN): its phase icons read as use timings."""
    condition = card.resona_condition
    if condition is None:
        return UNREAD_PLACES
    return use_places("RESONA", tuple(condition.get("timing", ())))


def ways(condition: Mapping[str, Any]) -> list[list[Group]]:
    """The ways of meeting a condition: its groups, or every choice of ``choose`` of its ``options``."""
    if "choose" not in condition:
        return [list(condition.get("groups", ()))]
    options = list(condition.get("options", ()))
    return [[g for way in chosen for g in way] for chosen in combinations(options, int(condition["choose"]))]


def condition_problem(game: Game, lrig_id: int) -> Problem | None:
    """Do the moves just before the RESONA ``lrig_id`` fill its appearance condition?"""
    book, state = game.book, game.state
    card = book.lrig_cards[lrig_id]
    condition = card.resona_condition
    if condition is None:
        return None  # not read: the record is trusted
    now = (state.turn, state.phase == OPPONENT)
    moved = [
        (kind, source, target)
        for turn, opponent, kind, source, target in game.moves_before
        if (turn, opponent) == now and book.is_signi[kind]
    ]

    def card_of(item: int) -> Card:
        return book.main_cards[moved[item][0]]

    def allowed(group: Group, item: int) -> bool:
        return moved[item][1] in group["from"] and moved[item][2] == group.get("to", "trash")

    levels, powers = int(condition.get("level_sum_min", 0)), int(condition.get("power_sum_min", 0))
    found = ways(condition)
    filled = [chosen for groups in found for chosen in fillings(groups, range(len(moved)), card_of, allowed)]
    for chosen in filled:
        cards = [card_of(item) for item in chosen]
        if sum(c.level or 0 for c in cards) >= levels and sum(c.power or 0 for c in cards) >= powers:
            return None
    if filled:  # the cards are there, their levels or powers are not
        why = say("resona_levels", total=levels) if levels else say("resona_powers", total=powers)
        return Problem("resona-condition", {"card": card.name, "why": why})
    every = [group for groups in found for group in groups]
    fitting = sum(1 for i in range(len(moved)) if any(allowed(g, i) and meets(g, card_of(i)) for g in every))
    return Problem("resona-condition", {"card": card.name, "why": _short(found, fitting)})


def _short(found: list[list[Group]], fitting: int) -> Say:
    """Too few moves fit: how many SIGNI the condition puts into the trash, from where, and how many fit."""
    every = [group for groups in found for group in groups]
    zones = [zone_name(zone) for zone in dict.fromkeys(zone for group in every for zone in group["from"])]
    return say("resona_short", need=min((count(groups) for groups in found), default=0), zones=zones, got=fitting)
