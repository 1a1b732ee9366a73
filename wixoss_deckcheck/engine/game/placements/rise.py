"""A rise (【ライズ】): the SIGNI goes onto the SIGNI its text names, which go under it with the cards
under them, and takes under it the cards the text names from other zones (the trash, ener).

A ``place`` with ``rise`` goes onto the SIGNI of its ``zone`` (``onto``: of these zones; the
SIGNI goes into ``zone``, one of them); ``under`` names the cards it takes from other zones. A
rise whose text puts it onto no SIGNI (from the trash: 「トラッシュにある…を下に重ねて場に出す」)
goes into an empty zone. Where the card pool reads the condition (``rise_onto``) the SIGNI and
cards must fill it exactly; an unread condition is trusted as the record declares it.
Sources: the official glossary's 【ライズ】 (formats/play-rules.yaml ``rise``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wixoss_deckcheck.engine.game.placements.groups import Group, count, fillings
from wixoss_deckcheck.engine.game.state import Game, Problem, State, say, zone_name

#: The zones a rise takes cards from to put under it (besides the SIGNI it goes onto).
STACK_ZONES = ("trash", "ener")


def field_groups(onto: Mapping[str, Any]) -> list[Group]:
    """The groups of your SIGNI a rise goes onto: the first (the top keys) and those of ``and``."""
    first = {key: value for key, value in onto.items() if key not in ("and", "stack")}
    groups = [first] if first.get("count", 1) else []
    return [*groups, *onto.get("and", ())]


def onto_zones(game: Game, kind: int, zone: int, onto: Sequence[int] | None) -> list[int]:
    """The zones whose SIGNI the rise goes onto: those declared, else the zone itself (none for a rise
    whose text puts it onto no SIGNI)."""
    if onto is not None:
        return list(onto)
    condition = game.book.main_cards[kind].rise_onto
    return [] if condition is not None and not field_groups(condition) else [zone]


def judged(game: Game, kind: int, zone: int, zones: Sequence[int], under: Sequence[tuple[int, str]]) -> Problem | None:
    """Can ``kind`` rise into ``zone`` onto the SIGNI of ``zones``, taking ``under`` (kind, zone) with it?"""
    state, book = game.state, game.book
    signi = state.signi_zones
    for onto in zones:
        if not 0 <= onto < len(signi) or signi[onto] < 0:
            return Problem("rise", {"zone": onto + 1, "zones": len(signi)})
    if not 0 <= zone < len(signi):
        return Problem("rise", {"zone": zone + 1, "zones": len(signi)})
    if not zones and signi[zone] >= 0:
        return Problem("zone-occupied", {"zone": zone + 1, "zones": len(signi)})
    card_name = book.main_name(kind)
    below = [book.main_name(signi[onto]) for onto in zones] + [book.main_name(k) for k, _ in under]
    named = ", ".join(below) if below else say("rise_nothing")
    if zones and (zone not in zones or len(set(zones)) < len(zones)):
        return Problem("rise-condition", {"card": card_name, "below": named, "why": say("rise_zone")})
    problem = _taken(game, under)
    if problem is not None:
        return problem
    condition = book.main_cards[kind].rise_onto
    if condition is None:
        return None  # the pool does not read it: the record is trusted
    why = _unmet(game, condition, zones, under)
    return None if why is None else Problem("rise-condition", {"card": card_name, "below": named, "why": why})


def _taken(game: Game, under: Sequence[tuple[int, str]]) -> Problem | None:
    """The cards put under from other zones are there (each copy once)."""
    state, book = game.state, game.book
    wanted: dict[tuple[int, str], int] = {}
    for kind, source in under:
        wanted[kind, source] = wanted.get((kind, source), 0) + 1
        pile = state.trash if source == "trash" else state.ener
        if source not in STACK_ZONES or pile[kind] < wanted[kind, source]:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name(source)})
    return None


def _unmet(game: Game, condition: Mapping[str, Any], zones: Sequence[int], under: Sequence[tuple[int, str]]) -> Any:
    """Why the SIGNI and cards do not fill the condition (a phrase), or None when they do."""
    book, signi = game.book, game.state.signi_zones
    groups, stack = field_groups(condition), list(condition.get("stack", ()))
    if len(zones) != count(groups):
        return say("rise_count", need=count(groups), got=len(zones))
    if len(under) != count(stack):
        return say("rise_stack", need=count(stack), got=len(under))
    kinds = [signi[onto] for onto in zones]
    if next(fillings(groups, range(len(kinds)), lambda i: book.main_cards[kinds[i]], lambda g, i: True), None) is None:
        return say("rise_named")
    placed = next(
        fillings(
            stack,
            range(len(under)),
            lambda i: book.main_cards[under[i][0]],
            lambda group, i: group.get("zone") == under[i][1],
        ),
        None,
    )
    return say("rise_named") if placed is None else None


def put_under(state: State, zone: int, zones: Sequence[int], under: Sequence[tuple[int, str]]) -> None:
    """The SIGNI of ``zones`` and the cards under them go under the rising SIGNI (in ``zone``), with
    the cards ``under`` taken from their zones; the other zones are left empty."""
    stacked: list[int] = []
    for onto in sorted(zones, key=lambda z: z != zone):
        stacked += [*state.under_signi[onto], state.signi_zones[onto]]
        if onto != zone:
            state.signi_zones[onto] = -1
            state.under_signi[onto] = []
            state.accessories[onto] = 0
            state.down[onto] = state.frozen[onto] = False
            state.field_changed = True
    for kind, source in under:
        (state.trash if source == "trash" else state.ener)[kind] -= 1
        stacked.append(kind)
    state.under_signi[zone] = stacked
