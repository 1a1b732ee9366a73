"""The parts of an ability's cost that take other cards: what an ``activate`` event declares
(:class:`Spend`), whether it is the shape the card's cost states, whether the cards it names are
of the kind the cost names, whether they are there, and paying them.

Cards of a kind: ``which`` in the pool (importers/abilitycosts.py): ``type`` (SIGNI, SPELL), one
of ``classes``, ``colour``, ``level``; ``other`` (not the card itself), ``center`` (the center
LRIG). Parts: discards (N, up to N, the whole hand), ener cards to the trash, SIGNI of the field
to the trash, cards under this SIGNI to the trash, up SIGNI and up LRIGs turned down, and the
英知＝N condition (the level total of your ＜英知＞ SIGNI on the field is N).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck.engine.game.phases import take_top
from wixoss_deckcheck.engine.game.placements.groups import meets
from wixoss_deckcheck.engine.game.state import CENTER, Game, Problem, State, say, zone_name
from wixoss_deckcheck.model.cards import Card

#: The classes whose SIGNI count toward 英知＝N.
EICHI_CLASS = "英知"


@dataclass
class Spend:
    """What an ``activate`` event says it pays."""

    paid: Sequence[int] = ()
    coins: int = 0
    exceed: int = 0
    discard: Sequence[int] = ()
    down: bool = False
    trash_self: bool = False
    on_play: bool = False
    ener_trash: Sequence[int] = ()  # ener cards put into the trash (not the payment)
    field_trash: Sequence[int] = ()  # SIGNI zones (0-2) whose SIGNI goes to the trash
    under_trash: Sequence[int] = ()  # cards from under this SIGNI to the trash
    down_signi: Sequence[int] = ()  # SIGNI zones (0-2) whose up SIGNI is turned down
    down_lrigs: Sequence[int] = ()  # your up LRIGs turned down: 0 the center, 1 the left assist, 2 the right
    source: str = ""  # "hand" or "trash": the ability of a card there (its cost discards or removes it)
    hand_ener: Sequence[int] = ()  # cards from the hand into the ener zone
    hand_under: Sequence[int] = ()  # cards from the hand put under this SIGNI
    deck_trash: Sequence[int] = ()  # the cards from the top of the deck into the trash
    cost: Mapping[str, Any] = field(default_factory=dict)  # the matched ability's cost
    index: int = -1  # its index among the card's ability costs


def shape_fits(cost: Mapping[str, Any], spend: Spend) -> bool:
    """Does the declared cost take as many cards of each part as ``cost`` (discards: N, up to N, or all)?"""
    counted: tuple[str, ...] = ("ener_trash", "field_trash", "under_trash", "down_signi", "down_lrigs")
    counted += ("hand_ener", "hand_under", "deck_trash")
    if int(cost.get("exceed", 0)) + int(cost.get("exceed_own", 0)) != spend.exceed:
        return False
    declared = (
        len(spend.ener_trash),
        len(spend.field_trash),
        len(spend.under_trash),
        len(spend.down_signi),
        len(spend.down_lrigs),
        len(spend.hand_ener),
        len(spend.hand_under),
        len(spend.deck_trash),
    )
    if tuple(int(cost.get(key, 0)) for key in counted) != declared:
        return False
    if (bool(cost.get("down")), bool(cost.get("trash_self"))) != (spend.down, spend.trash_self):
        return False
    selves = (bool(cost.get("discard_self")), bool(cost.get("remove_self")))
    if selves != (spend.source == "hand", spend.source == "trash"):
        return False
    discards, due = len(spend.discard), int(cost.get("discard", 0))
    if cost.get("discard_all"):
        return True  # the whole hand: fits() counts it
    return discards <= due if cost.get("discard_up_to") else discards == due


def fits(game: Game, cost: Mapping[str, Any], spend: Spend, where: int) -> bool:
    """Are the cards the declared cost takes of the kinds ``cost`` names?"""
    book, state = game.book, game.state
    cards = book.main_cards
    if cost.get("discard_all") and len(spend.discard) != sum(state.hand):
        return False
    if not all(is_of(cards[k], cost.get("discard_of")) for k in spend.discard):
        return False
    for part, kinds in (("ener_trash_of", spend.ener_trash), ("hand_ener_of", spend.hand_ener)):
        if not all(is_of(cards[k], cost.get(part)) for k in kinds):
            return False
    if not all(is_of(cards[k], cost.get("hand_under_of")) for k in spend.hand_under):
        return False
    for part, zones in (("field_trash_of", spend.field_trash), ("down_signi_of", spend.down_signi)):
        which = cost.get(part) or {}
        for zone in zones:
            kind = state.signi_zones[zone] if 0 <= zone < len(state.signi_zones) else -1
            if kind < 0:
                continue  # an empty zone: there() reports it
            if (which.get("other") and zone == where) or not is_of(cards[kind], which, signi=book.is_signi[kind]):
                return False
    return all(_lrig_is_of(game, index, cost.get("down_lrigs_of") or {}) for index in spend.down_lrigs)


def _lrig_is_of(game: Game, index: int, which: Mapping[str, Any]) -> bool:
    """Is your LRIG ``index`` (0 center, 1 left, 2 right) of the kind named (its level; the center)?"""
    state = game.state
    stack = state.center if index == 0 else state.assists[index - 1] if index in (1, 2) else []
    if not stack:
        return True  # not on the field: there() reports it
    if which.get("center") and index != 0:
        return False
    return "level" not in which or game.book.lrig_level(stack[-1]) == which["level"]


def is_of(card: Card, which: Mapping[str, Any] | None, signi: bool | None = None) -> bool:
    """Is ``card`` of the kind ``which`` names: its ``type``, then what a group of placements/groups
    names (one of ``classes``, ``colour``, ``level``, ``dissona``, ``rise_icon``)?"""
    if not which:
        return True
    kind_ok = signi if which.get("type") == "SIGNI" and signi is not None else card.type == which.get("type")
    if "type" in which and not kind_ok:
        return False
    return meets({key: value for key, value in which.items() if key not in _NOT_GROUP}, card)


#: What ``which`` says that is not a group's condition (the type; other, center: where the card is).
_NOT_GROUP = ("type", "other", "center")


def eichi_problem(game: Game, card: Card, cost: Mapping[str, Any]) -> Problem | None:
    """英知＝N: the level total of your ＜英知＞ SIGNI on the field must be N."""
    if "eichi" not in cost:
        return None
    book, state = game.book, game.state
    total = sum(
        book.signi_levels[kind]
        for kind in state.signi_zones
        if kind >= 0 and is_of(book.main_cards[kind], {"classes": [EICHI_CLASS]})
    )
    if total == int(cost["eichi"]):
        return None
    return Problem("ability-cost", {"card": card.name, "why": say("ability_eichi", eichi=cost["eichi"], have=total)})


def there(game: Game, spend: Spend, where: int) -> Problem | None:
    """The cards the declared cost takes are there: the ener cards besides the payment, a SIGNI in
    each zone named (an up one to turn down), the cards under this SIGNI, your up LRIGs."""
    state, book = game.state, game.book
    have = list(state.ener)
    for kind in (*spend.paid, *spend.ener_trash):
        if have[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("ener")})
        have[kind] -= 1
    for zones, up in ((spend.field_trash, False), (spend.down_signi, True)):
        for zone in zones:
            empty = not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] < 0
            if empty or zones.count(zone) > 1 or (up and state.down[zone]):
                return Problem("ability-cost", {"card": str(zone + 1), "why": say("ability_no_signi", zone=zone + 1)})
    hand = list(state.hand)
    for kind in (*spend.discard, *spend.hand_ener, *spend.hand_under):
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
        hand[kind] -= 1
    if spend.hand_under and where >= len(state.under_signi):
        return Problem("card-not-in-zone", {"card": book.main_name(spend.hand_under[0]), "zone": zone_name("field")})
    deck = Counter(state.deck)  # the record says which cards came off the top (the engine keeps no shuffle)
    for kind in spend.deck_trash:
        if deck[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("deck")})
        deck[kind] -= 1
    under = list(state.under_signi[where]) if where < len(state.under_signi) else []
    for kind in spend.under_trash:
        if kind not in under:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": say("under_this_signi")})
        under.remove(kind)
    for index in spend.down_lrigs:
        stack = state.center if index == 0 else state.assists[index - 1] if index in (1, 2) else []
        down = state.down[CENTER] if index == 0 else state.assist_down[index - 1] if stack else True
        if not stack or down or spend.down_lrigs.count(index) > 1:
            name = book.lrig_name(stack[-1]) if stack else "LRIG"
            return Problem("ability-cost", {"card": name, "why": say("ability_no_up_lrig")})
    return None


def pay_others(game: Game, spend: Spend, where: int) -> None:
    """Pay the parts that take other cards (there() said they are there)."""
    state = game.state
    for kind in spend.ener_trash:
        state.ener[kind] -= 1
        state.trash[kind] += 1
    for kind in spend.under_trash:
        state.under_signi[where].remove(kind)
        state.trash[kind] += 1
    for kind in spend.hand_ener:
        state.hand[kind] -= 1
        state.ener[kind] += 1
    for kind in spend.hand_under:
        state.hand[kind] -= 1
        state.under_signi[where].append(kind)
    for kind in spend.deck_trash:
        take_top(state.deck, kind)
        state.trash[kind] += 1
    for zone in spend.down_signi:
        state.down[zone] = True
    for index in spend.down_lrigs:
        if index == 0:
            state.down[CENTER] = True
        else:
            state.assist_down[index - 1] = True
    for zone in sorted(set(spend.field_trash)):
        signi_to_trash(state, zone)


def signi_to_trash(state: State, zone: int) -> None:
    """The SIGNI of ``zone`` (and the cards under it) to the trash."""
    kind = state.signi_zones[zone]
    for card in state.under_signi[zone]:
        state.trash[card] += 1
    state.signi_zones[zone], state.under_signi[zone] = -1, []
    state.down[zone] = state.frozen[zone] = False
    state.accessories[zone] = 0
    state.trash[kind] += 1
    state.field_changed = True
