"""Closed forms: the hypergeometric distribution and the setup formulas built on it."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from wixoss_deckcheck.engine.odds import exact
from wixoss_deckcheck.engine.odds.rules import cards_seen, draws_by_turn, draws_on_turn


def test_acceptance_value_four_copies_in_forty():
    value = exact.hit_keep_all(40, 4, 1, 0, True)
    assert value == pytest.approx(1 - comb(36, 5) / comb(40, 5))
    assert round(value, 4) == 0.4271


@pytest.mark.parametrize("population,successes,draws", [(13, 3, 6), (12, 5, 5), (10, 0, 4), (9, 9, 3)])
def test_hypergeometric_matches_brute_force(population, successes, draws):
    deck = [1] * successes + [0] * (population - successes)
    subsets = list(combinations(range(population), draws))
    for hits in range(draws + 1):
        brute = Fraction(sum(1 for s in subsets if sum(deck[i] for i in s) == hits), len(subsets))
        assert exact.hypergeometric_pmf(population, successes, draws, hits) == brute
    for at_least in range(draws + 2):
        brute = Fraction(sum(1 for s in subsets if sum(deck[i] for i in s) >= at_least), len(subsets))
        assert exact.hypergeometric_at_least(population, successes, draws, at_least) == brute


def test_draw_rule_first_player_draws_one_on_turn_one():
    assert [draws_on_turn(t, True) for t in (1, 2, 3)] == [1, 2, 2]
    assert [draws_on_turn(t, False) for t in (1, 2, 3)] == [2, 2, 2]
    assert draws_by_turn(3, True) == 5 and draws_by_turn(3, False) == 6
    assert cards_seen(0, True) == 5 and cards_seen(2, False) == 9


def test_no_closed_form_after_the_deck_runs_out():
    # 40 cards: 12 go to hand and Life Cloth, 28 draws are left; the second player draws 2 a turn
    assert exact.hit_keep_all(40, 4, 1, 14, False) is not None
    assert exact.hit_keep_all(40, 4, 1, 15, False) is None


def test_find_one_closed_form():
    miss5 = comb(36, 5) / comb(40, 5)
    assert exact.hit_find_one(40, 4, 0, True) == pytest.approx(1 - miss5 * miss5)
    miss7 = comb(36, 7) / comb(40, 7)  # second player, turn 1: 5 + 2 cards seen
    assert exact.hit_find_one(40, 4, 1, False) == pytest.approx(1 - miss5 * miss7)


def test_life_cloth_distribution_sums_to_one_and_has_the_right_mean():
    dist = exact.life_cloth_keep_all(40, 20)
    assert sum(dist) == pytest.approx(1.0)
    assert sum(i * p for i, p in enumerate(dist)) == pytest.approx(7 * 20 / 40)
    assert dist[0] == pytest.approx(comb(20, 7) / comb(40, 7))
