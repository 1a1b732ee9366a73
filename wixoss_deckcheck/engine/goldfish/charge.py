"""What the goldfish charges: the card that keeps the grow path most payable, worth least.

A candidate's key is (the shortfall of the center's path, the shortfall of the costs after
it, its keep value) with the card added to the ener: the smallest key wins, a card of the
hand on ties. Guards stay in the hand while another card can go; a SIGNI of the field is
worth less when one of the hand can take its place.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from wixoss_deckcheck.engine.game.payment import Symbols, shortfall
from wixoss_deckcheck.engine.game.state import Book, State
from wixoss_deckcheck.engine.goldfish.plan import Plan

#: The SIGNI zones with no SIGNI.
EMPTY_FIELD = [-1, -1, -1]
Ener = tuple[tuple[int, int], ...]
Key = tuple[int, int, int]


def charge_choice(state: State, book: Book, plan: Plan, rest: Symbols, ener: Ener) -> tuple[int, bool] | None:
    """The kind to charge and whether it comes from the field (None: nothing to charge);
    ``rest`` is what the center's path still needs, ``ener`` the ener as classes."""
    pays = _shortfalls_with(book, rest, plan.later, ener)
    from_hand = _least_in_hand(state, book, plan, pays)
    from_field = _least_on_field(state, book, plan, pays) if state.signi_zones != EMPTY_FIELD else None
    if from_field is not None and (from_hand is None or from_field[0] < from_hand[0]):
        return from_field[1], True
    return (from_hand[1], False) if from_hand is not None else None


def _shortfalls_with(book: Book, rest: Symbols, later: Symbols, base: Ener) -> Callable[[int], tuple[int, int]]:
    """kind -> the shortfalls of the center's path and of the later costs with that card in ener."""
    mask = book.colour_masks
    scores: dict[int, tuple[int, int]] = {}  # by card mask: cards of one mask pay alike

    def pays(kind: int) -> tuple[int, int]:
        found = scores.get(mask[kind])
        if found is None:
            ener = with_card(base, mask[kind])
            found = scores[mask[kind]] = (shortfall(rest, ener), shortfall(later, ener) if later else 0)
        return found

    return pays


def _least_in_hand(
    state: State, book: Book, plan: Plan, pays: Callable[[int], tuple[int, int]]
) -> tuple[Key, int] | None:
    """The best card of the hand to charge and its key; guards stay while another card can go."""
    guard, keep = book.is_guard, plan.keep
    others = state.signi_zones != EMPTY_FIELD or any(n and not guard[k] for k, n in enumerate(state.hand))
    best: tuple[Key, int] | None = None
    for candidate, held in enumerate(state.hand):
        if held and not (guard[candidate] and others):
            key = (*pays(candidate), keep[candidate])
            if best is None or key < best[0]:
                best = key, candidate
    return best


def _least_on_field(
    state: State, book: Book, plan: Plan, pays: Callable[[int], tuple[int, int]]
) -> tuple[Key, int] | None:
    """The best SIGNI of the field to charge and its key: worth less when one of the hand can take its place."""
    levels, keep = book.signi_levels, plan.keep
    highest = highest_in_hand(state, book, plan)
    best: tuple[Key, int] | None = None
    for candidate in state.signi_zones:
        if candidate >= 0:
            key = (*pays(candidate), keep[candidate] - (60 if highest >= levels[candidate] else 0))
            if best is None or key < best[0]:
                best = key, candidate
    return best


def highest_in_hand(state: State, book: Book, plan: Plan) -> int:
    """The highest level of a SIGNI in the hand that could be placed (-1 without one)."""
    levels = [
        book.signi_levels[k] for k, n in enumerate(state.hand) if n and plan.placeable[k] and not book.is_guard[k]
    ]
    return max(levels, default=-1)


@lru_cache(maxsize=1 << 14)
def with_card(ener: Ener, mask: int) -> Ener:
    """The ener classes with one more card of ``mask``."""
    counts = dict(ener)
    counts[mask] = counts.get(mask, 0) + 1
    return tuple(sorted(counts.items()))
