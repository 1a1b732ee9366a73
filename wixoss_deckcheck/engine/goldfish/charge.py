"""What the goldfish charges: the card that keeps the grow path most payable, worth least.

A candidate's key is (the shortfall of the center's path, the shortfall of the costs after
it, its keep value) with the card added to the ener: the smallest key wins, a card of the
hand on ties.

- **Guards** stay in the hand while another card can go, except when a guard pays more of
  the grows of this turn and the next than the card chosen otherwise: then the guard worth
  least is charged, since the curve is worth more than one guard (issue 22: WXDi-D02 and
  -D06 missed the Lv3 curve in 21 and 24 of 3,000 games going first without it).
- **A SIGNI of the field** is worth less only when a SIGNI of the hand of at least its level
  can take its zone this turn (the center's level, the limit without it and the limiting
  condition allow it); else charging it leaves the zone empty while the hand, one card
  fuller, may have to discard at the end of the turn. And while the hand will be over the
  hand limit at the end of the turn, a card of the hand goes first unless the field's pays
  strictly more (issue 22: this happened on 2.3-3.1% of WXDi-D02's turns).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from wixoss_deckcheck.engine.game.payment import Symbols, shortfall
from wixoss_deckcheck.engine.game.state import Book, Game, State
from wixoss_deckcheck.engine.goldfish.plan import Plan

#: The SIGNI zones with no SIGNI.
EMPTY_FIELD = [-1, -1, -1]
#: How much less a SIGNI of the field is worth when one of the hand takes its zone this turn.
REPLACED = 60
Ener = tuple[tuple[int, int], ...]
Key = tuple[int, int, int]


def charge_choice(game: Game, plan: Plan, step: int, ener: Ener) -> tuple[int, bool] | None:
    """The kind to charge and whether it comes from the field (None: nothing to charge);
    ``step`` is how far along the center's path the game is, ``ener`` the ener as classes."""
    state, book = game.state, game.book
    pays = _shortfalls_with(book, plan.center_rest[min(step, len(plan.center_rest) - 1)], plan.later, ener)
    from_hand = _least_in_hand(state, book, plan, pays)
    from_field = _least_on_field(game, plan, pays) if state.signi_zones != EMPTY_FIELD else None
    best: tuple[Key, int, bool] | None = None
    if from_field is not None and (from_hand is None or _field_first(game, from_field[0], from_hand[0])):
        best = (from_field[0], from_field[1], True)
    elif from_hand is not None:
        best = (from_hand[0], from_hand[1], False)
    guard = _guard_for_the_grow(state, book, plan, step, ener, best)
    if guard is not None:
        return guard, False
    return (best[1], best[2]) if best is not None else None


def _field_first(game: Game, field_key: Key, hand_key: Key) -> bool:
    """Charge the SIGNI of the field rather than the card of the hand? Its key must be smaller;
    and while the hand will be over the hand limit at the end of the turn (more cards than the
    limit and the empty zones), the hand's card would be discarded anyway: the field's SIGNI
    goes first only when it pays strictly more."""
    if field_key >= hand_key:
        return False
    state = game.state
    over = sum(state.hand) - state.signi_zones.count(-1) > game.rules.hand_limit
    return not over or field_key[:2] < hand_key[:2]


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
    keep, hand = plan.keep, state.hand
    others = state.signi_zones != EMPTY_FIELD or any(hand[k] for k in plan.no_guards)
    best: tuple[Key, int] | None = None
    for candidate in plan.no_guards if others else range(len(hand)):  # guards only when nothing else can go
        if hand[candidate]:
            key = (*pays(candidate), keep[candidate])
            if best is None or key < best[0]:
                best = key, candidate
    return best


def _least_on_field(game: Game, plan: Plan, pays: Callable[[int], tuple[int, int]]) -> tuple[Key, int] | None:
    """The best SIGNI of the field to charge and its key: worth less when one of the hand takes its zone."""
    keep = plan.keep
    takes = replacements(game, plan)
    best: tuple[Key, int] | None = None
    for candidate in game.state.signi_zones:
        if candidate >= 0:
            key = (*pays(candidate), keep[candidate] - (REPLACED if takes(candidate) else 0))
            if best is None or key < best[0]:
                best = key, candidate
    return best


def replacements(game: Game, plan: Plan) -> Callable[[int], bool]:
    """kind (on the field) -> can a SIGNI of the hand, of at least its level, take its zone this
    turn: within the center's level, the limit without it, and its limiting condition? (The
    hand's candidates are worked out once for all the field's SIGNI.)"""
    state, book = game.state, game.book
    levels, guard, placeable = book.signi_levels, book.is_guard, plan.placeable
    top = game.center_level()
    held = sorted(
        {
            levels[k]
            for k, n in enumerate(state.hand)
            if n and placeable[k] and not guard[k] and levels[k] <= top and game.limiting_ok(k)
        }
    )
    if not held:
        return lambda kind: False
    spare = game.limit() - game.field_levels()

    def takes(kind: int) -> bool:
        low = levels[kind]
        most = min(top, spare + low)
        return any(low <= level <= most for level in held)

    return takes


def replaceable(game: Game, plan: Plan, kind: int) -> bool:
    """Can a SIGNI of the hand, of at least the level of ``kind`` (on the field), take its zone this turn?"""
    return replacements(game, plan)(kind)


def _guard_for_the_grow(
    state: State, book: Book, plan: Plan, step: int, ener: Ener, best: tuple[Key, int, bool] | None
) -> int | None:
    """A guard to charge when it pays more of the grows of this turn and the next than the card
    chosen otherwise (None: keep the guards)."""
    if step >= len(plan.center_path) or best is None or book.is_guard[best[1]]:
        return None
    grow = plan.center_soon[step]
    mask = book.colour_masks
    without = shortfall(grow, with_card(ener, mask[best[1]]))
    if not without:
        return None
    guards = [k for k, n in enumerate(state.hand) if n and book.is_guard[k]]
    helping = [k for k in guards if shortfall(grow, with_card(ener, mask[k])) < without]
    return min(helping, key=lambda k: (plan.keep[k], k)) if helping else None


@lru_cache(maxsize=1 << 14)
def with_card(ener: Ener, mask: int) -> Ener:
    """The ener classes with one more card of ``mask``."""
    counts = dict(ener)
    counts[mask] = counts.get(mask, 0) + 1
    return tuple(sorted(counts.items()))
