"""Moves a card effect makes, as the player declares them (``move`` events).

The engine applies no card effect of its own: a record says "this card went from zone A
to zone B because of card C", and the engine checks that the card was in zone A, moves
it, and applies the continuous rules (a refresh, the limit, ...). Zones: ``deck``,
``hand``, ``ener``, ``trash``, ``life_cloth``, ``field`` (a SIGNI zone), ``check`` for
main-deck cards; ``lrig_deck``, ``lrig_trash``, ``removed`` for LRIG-deck cards; and
``limit_upper`` (a 【リミットアッパー】 marker from ``token`` to ``lrig_zone``); and an effect makes a
card the 【アクセ】 of a SIGNI (:func:`attach`).
"""

from __future__ import annotations

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.phases import take_top
from wixoss_deckcheck.engine.game.placements.signi import not_rising
from wixoss_deckcheck.engine.game.state import Game, Problem, State, say, type_article, zone_name

MAIN_ZONES = ("deck", "hand", "ener", "trash", "life_cloth", "field", "check")
LRIG_ZONES = ("lrig_deck", "lrig_trash", "removed")
MARKER_ZONES = ("token", "lrig_zone")


def move_main(game: Game, kind: int, source: str, target: str, zone: int | None = None) -> Problem | None:
    """Move one main-deck card from ``source`` to ``target`` (``zone`` 0-2 picks a SIGNI zone)."""
    state, book = game.state, game.book
    if source not in MAIN_ZONES or target not in MAIN_ZONES:
        action = say("for_move", source=zone_name(source), target=zone_name(target))
        return Problem(
            "wrong-card-type",
            {"card": book.main_name(kind), "type": type_article(book.main_cards[kind].type), "action": action},
        )
    if target == "field":
        zone, problem = _landing(game, kind, zone)
        if problem is None and source != "field" and book.main_cards[kind].rise:  # it comes only by its rise
            problem = not_rising(game, kind)
        if problem is not None:
            return problem
    if not take(state, kind, source):
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name(source)})
    if target == "field":
        assert zone is not None
        state.signi_zones[zone] = kind
        state.down[zone] = state.frozen[zone] = False  # a SIGNI enters the field up, with no 【アクセ】
        state.accessories[zone] = 0
        state.came.add((False, kind))
        state.field_changed = True
    elif target in ORDERED_ZONES:
        _ordered(state, target).append(kind)
    else:
        _counts(state, target)[kind] += 1
    settle(game)
    return None


#: The main-deck zones kept in order (the top is the end), the others are counts per kind.
ORDERED_ZONES = ("deck", "life_cloth", "check")


def _ordered(state: State, zone: str) -> list[int]:
    return {"deck": state.deck, "life_cloth": state.life_cloth, "check": state.check_zone}[zone]


def _counts(state: State, zone: str) -> list[int]:
    return {"hand": state.hand, "ener": state.ener, "trash": state.trash}[zone]


def _landing(game: Game, kind: int, zone: int | None) -> tuple[int | None, Problem | None]:
    """The SIGNI zone a SIGNI moved to the field lands in (``zone``, else the first free one),
    or the problem: the zone is missing or occupied, or the card is not a SIGNI."""
    state = game.state
    asked = zone if zone is not None else _first_free(state)
    free = _free_zone(state, asked)
    if free is None or not game.book.is_signi[kind]:
        return None, Problem("zone-occupied", {"zone": (asked or 0) + 1, "zones": len(state.signi_zones)})
    return free, None


def _first_free(state: State) -> int | None:
    return next((z for z, kind in enumerate(state.signi_zones) if kind < 0), None)


def _free_zone(state: State, zone: int | None) -> int | None:
    """``zone`` when it is a free SIGNI zone, else None."""
    zones = state.signi_zones
    return zone if zone is not None and 0 <= zone < len(zones) and zones[zone] < 0 else None


def take(state: State, kind: int, source: str) -> bool:
    """Take one ``kind`` from a main-deck zone (the field: its SIGNI, the cards under it to the trash)."""
    if source in ORDERED_ZONES:
        return take_top(_ordered(state, source), kind)
    if source == "field":
        if kind not in state.signi_zones:
            return False
        zone = state.signi_zones.index(kind)
        for card in state.under_signi[zone]:
            state.trash[card] += 1
        state.signi_zones[zone] = -1
        state.under_signi[zone] = []
        return True
    counts = _counts(state, source)
    if counts[kind] <= 0:
        return False
    counts[kind] -= 1
    return True


def move_lrig(game: Game, lrig_id: int, source: str, target: str) -> Problem | None:
    """Move an LRIG-deck card between the LRIG deck, the LRIG trash and the removed cards."""
    state, card = game.state, game.book.lrig_cards[lrig_id]
    if source == "field" and lrig_id in game.book.resona_kind:
        return _resona_off(game, lrig_id, target)
    if source not in LRIG_ZONES or target not in LRIG_ZONES:
        return Problem(
            "wrong-card-type",
            {
                "card": card.name,
                "type": type_article(card.type),
                "action": say("for_move", source=zone_name(source), target=zone_name(target)),
            },
        )
    here = state.lrig_deck[lrig_id] if source == "lrig_deck" else lrig_id in _lrig_pile(state, source)
    if not here:
        return Problem("card-not-in-zone", {"card": card.name, "zone": zone_name(source)})
    if source == "lrig_deck":
        state.lrig_deck[lrig_id] = False
    else:
        _lrig_pile(state, source).remove(lrig_id)
    if target == "lrig_deck":
        state.lrig_deck[lrig_id] = True
    else:
        _lrig_pile(state, target).append(lrig_id)
    settle(game)
    return None


def _lrig_pile(state: State, zone: str) -> list[int]:
    return {"lrig_trash": state.lrig_trash, "removed": state.removed}[zone]


def move_marker(game: Game, source: str, target: str) -> Problem | None:
    """A 【リミットアッパー】 placed in (``token`` → ``lrig_zone``) or taken from the LRIG zone."""
    state, upper = game.state, game.rules.limit_upper
    if upper is None:
        return Problem(
            "wrong-card-type",
            {
                "card": "【リミットアッパー】",
                "type": say("marker"),
                "action": say("for_rules_of", day=game.rules.as_of),
            },
        )
    if (source, target) == ("token", "lrig_zone"):
        state.limit_upper = min(upper.max, state.limit_upper + 1)
    elif (source, target) == ("lrig_zone", "token") and state.limit_upper:
        state.limit_upper -= 1
        state.field_changed = True
    else:
        return Problem("card-not-in-zone", {"card": "【リミットアッパー】", "zone": zone_name(source)})
    settle(game)
    return None


def attach(game: Game, kind: int, zone: int, source: str) -> Problem | None:
    """An effect makes a card (from ``source``: hand, ener, trash, deck) the 【アクセ】 of the SIGNI in
    ``zone``: at most the rules' number on one SIGNI; it leaves the field with that SIGNI."""
    state, book = game.state, game.book
    if not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] < 0:
        return Problem("accessory", {"card": book.main_name(kind), "why": say("attack_empty", zone=zone + 1)})
    if state.accessories[zone] >= game.rules.accessories_per_signi:
        return Problem(
            "accessory",
            {"card": book.main_name(kind), "why": say("accessory_full", most=game.rules.accessories_per_signi)},
        )
    if source == "field" or not take(state, kind, source):
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name(source)})
    state.under_signi[zone] = [*state.under_signi[zone], kind]
    state.accessories[zone] += 1
    settle(game)
    return None


def _resona_off(game: Game, lrig_id: int, target: str) -> Problem | None:
    """A RESONA leaves the field: to the LRIG trash if the effect says so, else (anywhere) to the LRIG deck."""
    state, book = game.state, game.book
    if not take(state, book.resona_kind[lrig_id], "field"):
        return Problem("card-not-in-zone", {"card": book.lrig_cards[lrig_id].name, "zone": zone_name("field")})
    if target == "lrig_trash":
        state.lrig_trash.append(lrig_id)
    else:
        state.lrig_deck[lrig_id] = True
        if target != "lrig_deck":
            game.notes.append(say("note_resona_home", card=book.lrig_name(lrig_id)))
    state.field_changed = True
    settle(game)
    return None
