"""Placing a SIGNI onto the field: into an empty zone within the center's level, the limit and
its limiting condition, from the hand in the main phase or by an effect (from the hand, the deck,
the ener or the trash); a SIGNI with 【ライズ】 only by its rise (:mod:`.rise`), wherever it comes
from (the official glossary's 【ライズ】: formats/play-rules.yaml ``placements.rise_source``). A RESONA
is placed through :func:`placeable` too (:func:`wixoss_deckcheck.engine.game.actions.resona`).
"""

from __future__ import annotations

from collections.abc import Sequence

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.phases import enter, take_top
from wixoss_deckcheck.engine.game.placements import rise
from wixoss_deckcheck.engine.game.state import MAIN, Game, Problem, State, say, type_article, zone_name


def place(
    game: Game, kind: int, zone: int, how: str = "", by: bool = False, onto: Sequence[int] | None = None,
    under: Sequence[tuple[int, str]] = (), source: str = "hand",
) -> Problem | None:
    """A SIGNI from the hand onto the field, within the center's level and the limit: into an empty
    zone in the main phase; ``how`` ``rise`` onto the SIGNI its 【ライズ】 names (those of ``onto``, else
    of ``zone``; they go under it, with the cards ``under`` from other zones: :mod:`.placements.rise`);
    ``by`` an effect (in any phase: the effect says when), which may take it from another ``source``
    (``deck``: its topmost copy, as a ``move`` takes it; ``ener``, ``trash``). A SIGNI with 【ライズ】
    comes only by its rise."""
    state = game.state
    zones = rise.onto_zones(game, kind, zone, onto) if how == "rise" else []
    problem = None if by else enter(game, MAIN)
    if problem is None:
        problem = placeable(game, kind, zone, how == "rise", zones, under, source)
    if problem is not None:
        return problem
    _take_placed(state, kind, source)
    if how == "rise":
        rise.put_under(state, zone, zones, under)
    state.signi_zones[zone] = kind
    entered(game, zone)
    state.field_changed = state.field_changed or by
    settle(game)
    return None


#: Where an effect may take a SIGNI it puts onto the field from (``place``'s ``from``).
PLACE_SOURCES = ("hand", "deck", "ener", "trash")


def placeable(
    game: Game, kind: int, zone: int, rising: bool, zones: Sequence[int] = (), under: Sequence[tuple[int, str]] = (),
    source: str = "hand",
) -> Problem | None:
    """Can the SIGNI ``kind`` from ``source`` come into ``zone`` (empty; for a rise, onto the SIGNI of ``zones``)?"""
    state, book = game.state, game.book
    card = book.main_cards[kind]
    if not book.is_signi[kind] or (rising and not card.rise):
        action = say("for_rise") if rising and book.is_signi[kind] else say("for_placing")
        return Problem(
            "wrong-card-type", {"card": book.main_name(kind), "type": type_article(card.type), "action": action}
        )
    if not _in_source(state, kind, source):
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name(source)})
    if rising:
        problem = _rise_judged(game, kind, zone, zones, under, source)
        if problem is not None:
            return problem
    elif not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] >= 0:
        return Problem("zone-occupied", {"zone": zone + 1, "zones": len(state.signi_zones)})
    elif card.rise:
        return not_rising(game, kind)
    level, top = book.signi_levels[kind], game.center_level()
    if level > top:
        return Problem("signi-level", {"card": book.main_name(kind), "level": level, "center": top})
    below = sum(book.signi_levels[state.signi_zones[z]] for z in zones)  # a rise replaces the SIGNI below
    total = game.field_levels() - below + level
    if total > game.limit():
        return Problem("signi-limit", {"card": book.main_name(kind), "total": total, "limit": game.limit()})
    if not game.limiting_ok(kind):
        return Problem(
            "limiting",
            {
                "card": book.main_name(kind),
                "types": "/".join(sorted(book.limiting_types[kind])),
                "center_types": "/".join(sorted(game.center_types())) or "-",
            },
        )
    return None


def _rise_judged(
    game: Game, kind: int, zone: int, zones: Sequence[int], under: Sequence[tuple[int, str]], source: str
) -> Problem | None:
    """:func:`.rise.judged`, the rising SIGNI itself out of its zone: from the trash or ener, that copy
    is never also one of the cards it takes under it."""
    pile = _piles(game.state).get(source) if source in rise.STACK_ZONES else None
    if pile is not None:
        pile[kind] -= 1
    try:
        return rise.judged(game, kind, zone, zones, under)
    finally:
        if pile is not None:
            pile[kind] += 1


def _piles(state: State) -> dict[str, list[int]]:
    return {"hand": state.hand, "ener": state.ener, "trash": state.trash}


def _in_source(state: State, kind: int, source: str) -> bool:
    """Whether one ``kind`` is in ``source`` (the deck: anywhere; its topmost copy is taken, as a move takes it)."""
    if source == "deck":
        return kind in state.deck
    pile = _piles(state).get(source)
    return pile is not None and pile[kind] > 0


def _take_placed(state: State, kind: int, source: str) -> None:
    """Take the placed SIGNI from ``source`` (:func:`_in_source` said it is there)."""
    if source == "deck":
        take_top(state.deck, kind)
    else:
        _piles(state)[source][kind] -= 1


def entered(game: Game, zone: int) -> None:
    """A SIGNI entered zone ``zone``: it comes up, unfrozen, with no 【アクセ】."""
    state = game.state
    state.down[zone] = state.frozen[zone] = False
    state.accessories[zone] = 0
    state.came.add((False, state.signi_zones[zone]))


def not_rising(game: Game, kind: int) -> Problem:
    """A SIGNI with 【ライズ】 put onto the field otherwise than by its rise (placed, or moved there by an
    effect): the official glossary's 【ライズ】 says it comes only by its rise, from the hand or by an effect alike."""
    name = game.book.main_name(kind)
    return Problem("rise-condition", {"card": name, "below": say("rise_nothing"), "why": say("rise_only")})
