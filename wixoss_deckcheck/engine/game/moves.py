"""Moves a card effect makes, as the player declares them (``move`` events).

The engine applies no card effect of its own: a record says "this card went from zone A
to zone B because of card C", and the engine checks that the card was in zone A, moves
it, and applies the continuous rules (a refresh, the limit, ...). Zones: ``deck``,
``hand``, ``ener``, ``trash``, ``life_cloth``, ``field`` (a SIGNI zone), ``check`` for
main-deck cards; ``lrig_deck``, ``lrig_trash``, ``removed`` for LRIG-deck cards; and
``limit_upper`` (a 【リミットアッパー】 marker from ``token`` to ``lrig_zone``).
"""

from __future__ import annotations

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.phases import take_top
from wixoss_deckcheck.engine.game.state import Game, Problem

MAIN_ZONES = ("deck", "hand", "ener", "trash", "life_cloth", "field", "check")
LRIG_ZONES = ("lrig_deck", "lrig_trash", "removed")
MARKER_ZONES = ("token", "lrig_zone")


def move_main(game: Game, kind: int, source: str, target: str, zone: int | None = None) -> Problem | None:
    """Move one main-deck card from ``source`` to ``target`` (``zone`` 0-2 picks a SIGNI zone)."""
    state, book = game.state, game.book
    if source not in MAIN_ZONES or target not in MAIN_ZONES:
        return Problem(
            "wrong-card-type",
            {
                "card": book.main_name(kind),
                "type": book.main_cards[kind].type,
                "action": f"a move from {source} to {target}",
            },
        )
    if target == "field":
        free = [z for z in range(len(state.signi_zones)) if state.signi_zones[z] < 0]
        if zone is None and free:
            zone = free[0]
        if (
            zone is None
            or not 0 <= zone < len(state.signi_zones)
            or state.signi_zones[zone] >= 0
            or not book.is_signi[kind]
        ):
            return Problem("zone-occupied", {"zone": (zone or 0) + 1, "zones": len(state.signi_zones)})
    if not _take(game, kind, source):
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": source.replace("_", " ")})
    if target == "field":
        assert zone is not None
        state.signi_zones[zone] = kind
        state.field_changed = True
    elif target == "deck":
        state.deck.append(kind)
    elif target == "life_cloth":
        state.life_cloth.append(kind)
    elif target == "check":
        state.check_zone.append(kind)
    else:
        getattr(state, target)[kind] += 1
    settle(game)
    return None


def _take(game: Game, kind: int, source: str) -> bool:
    state = game.state
    if source == "deck":
        return take_top(state.deck, kind)
    if source == "life_cloth":
        return take_top(state.life_cloth, kind)
    if source == "check":
        return take_top(state.check_zone, kind)
    if source == "field":
        if kind not in state.signi_zones:
            return False
        zone = state.signi_zones.index(kind)
        for card in state.under_signi[zone]:
            state.trash[card] += 1
        state.signi_zones[zone] = -1
        state.under_signi[zone] = []
        return True
    counts = getattr(state, source)
    if counts[kind] <= 0:
        return False
    counts[kind] -= 1
    return True


def move_lrig(game: Game, lrig_id: int, source: str, target: str) -> Problem | None:
    """Move an LRIG-deck card between the LRIG deck, the LRIG trash and the removed cards."""
    state, book = game.state, game.book
    card = book.lrig_cards[lrig_id]
    if source not in LRIG_ZONES or target not in LRIG_ZONES:
        return Problem(
            "wrong-card-type", {"card": card.name, "type": card.type, "action": f"a move from {source} to {target}"}
        )
    here = state.lrig_deck[lrig_id] if source == "lrig_deck" else lrig_id in getattr(state, source)
    if not here:
        return Problem("card-not-in-zone", {"card": card.name, "zone": source.replace("_", " ")})
    if source == "lrig_deck":
        state.lrig_deck[lrig_id] = False
    else:
        getattr(state, source).remove(lrig_id)
    if target == "lrig_deck":
        state.lrig_deck[lrig_id] = True
    else:
        getattr(state, target).append(lrig_id)
    settle(game)
    return None


def move_marker(game: Game, source: str, target: str) -> Problem | None:
    """A 【リミットアッパー】 placed in (``token`` → ``lrig_zone``) or taken from the LRIG zone."""
    state, upper = game.state, game.rules.limit_upper
    if upper is None:
        return Problem(
            "wrong-card-type",
            {"card": "【リミットアッパー】", "type": "marker", "action": f"the rules of {game.rules.as_of}"},
        )
    if (source, target) == ("token", "lrig_zone"):
        state.limit_upper = min(upper.max, state.limit_upper + 1)
    elif (source, target) == ("lrig_zone", "token") and state.limit_upper:
        state.limit_upper -= 1
        state.field_changed = True
    else:
        return Problem("card-not-in-zone", {"card": "【リミットアッパー】", "zone": source.replace("_", " ")})
    settle(game)
    return None
