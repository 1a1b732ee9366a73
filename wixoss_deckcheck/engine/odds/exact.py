"""Exact answers where a closed form exists: the hypergeometric distribution.

Drawing ``n`` cards from a shuffled deck of ``N`` holding ``K`` cards of interest
gives ``i`` of them with probability ``C(K,i)·C(N−K,n−i)/C(N,n)``. The cards in hand
after setup and the draws that follow are such a draw as long as the deck has not
been refreshed, because the 7 Life Cloth are taken from the same shuffled deck.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from wixoss_deckcheck.engine.odds.rules import LIFE_CLOTH, OPENING_HAND, SETUP_CARDS, cards_seen, draws_by_turn


def hypergeometric_pmf(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of the ``successes`` cards among ``draws`` cards from ``population``)."""
    if draws < 0 or draws > population or successes < 0 or successes > population:
        raise ValueError("impossible draw")
    if hits < 0 or hits > successes or hits > draws or draws - hits > population - successes:
        return Fraction(0)
    return Fraction(comb(successes, hits) * comb(population - successes, draws - hits), comb(population, draws))


def hypergeometric_at_least(population: int, successes: int, draws: int, at_least: int) -> Fraction:
    """P(at least ``at_least`` of the ``successes`` cards among ``draws`` cards)."""
    if at_least <= 0:
        return Fraction(1)
    return sum(
        (hypergeometric_pmf(population, successes, draws, i) for i in range(at_least, min(successes, draws) + 1)),
        Fraction(0),
    )


def no_refresh_by(deck_size: int, turn: int, first: bool) -> bool:
    """True when the draws up to ``turn`` come from the first shuffled deck (no refresh yet)."""
    return SETUP_CARDS + draws_by_turn(turn, first) <= deck_size


def hit_keep_all(deck_size: int, group_size: int, at_least: int, turn: int, first: bool) -> float | None:
    """P(at least ``at_least`` group cards seen by ``turn``) when the whole opening hand is kept.

    ``None`` when no closed form applies (the deck would have been refreshed).
    """
    if not no_refresh_by(deck_size, turn, first):
        return None
    return float(hypergeometric_at_least(deck_size, group_size, cards_seen(turn, first), at_least))


def hit_find_one(deck_size: int, group_size: int, turn: int, first: bool) -> float | None:
    """P(at least 1 group card seen by ``turn``) under "find at least one of the group".

    Without a group card in the first 5 the whole hand goes back and 5 new cards are
    drawn from the full deck, so P(miss) = P(miss in 5) · P(miss in 5 + draws).
    """
    if not no_refresh_by(deck_size, turn, first):
        return None
    first_miss = hypergeometric_pmf(deck_size, group_size, OPENING_HAND, 0)
    later_miss = hypergeometric_pmf(deck_size, group_size, cards_seen(turn, first), 0)
    return float(1 - first_miss * later_miss)


def life_cloth_keep_all(deck_size: int, life_burst: int) -> list[float]:
    """Distribution of Life Burst cards among the 7 Life Cloth when the hand is kept (index = count)."""
    return [float(hypergeometric_pmf(deck_size, life_burst, LIFE_CLOTH, i)) for i in range(LIFE_CLOTH + 1)]
