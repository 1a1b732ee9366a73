"""Exact payment (a matching, never greedy) and the dated game rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.engine.game.gamerules import game_rules
from wixoss_deckcheck.engine.game.payment import (
    ALL_COLOURS,
    COLOUR_BITS,
    COLOURLESS,
    best_payment,
    card_mask,
    classes,
    cost_text,
    matches,
    parse_cost,
    shortfall,
)
from wixoss_deckcheck.model.cards import Card

W, R, B = (COLOUR_BITS[c] | COLOURLESS for c in ("white", "red", "black"))
WB = COLOUR_BITS["white"] | COLOUR_BITS["black"] | COLOURLESS
MULTI = ALL_COLOURS | COLOURLESS
NONE = COLOURLESS


def test_masks_of_cards():
    assert card_mask(Card.make("X", "x", "SIGNI", colors=("white",))) == W
    assert card_mask(Card.make("X", "x", "SIGNI", colors=("white", "black"))) == WB
    assert card_mask(Card.make("X", "x", "SIGNI", multi_ener=True)) == MULTI
    assert card_mask(Card.make("X", "x", "SPELL")) == NONE


def test_matching_not_greedy():
    cost = parse_cost({"white": 1, "black": 1})
    # greedy would spend the white-black card on white and fail on black
    assert matches(cost, [WB, W])
    assert not matches(cost, [WB, R])
    assert matches(parse_cost({"colorless": 2}), [NONE, R])
    assert not matches(parse_cost({"white": 1}), [NONE])
    assert not matches(parse_cost({"white": 1}), [W, W])  # paid exactly: no more cards than the cost
    assert matches(parse_cost({"white|red": 2}), [R, W])  # either/or symbols
    assert matches(parse_cost({"blue/black": 1}), [B])
    assert not matches(parse_cost({"white|red": 1}), [B])
    assert matches(parse_cost({"white": 3}), [MULTI, MULTI, W])


def test_cost_text_and_coins():
    cost = parse_cost({"white": 2, "colorless": 1, "coin": 1})
    assert cost.coins == 1 and cost.cards == 3
    assert cost_text(cost) == "white 2, colourless 1, coin 1"
    assert cost_text(parse_cost({})) == "free"


def test_best_payment_keeps_what_the_future_needs():
    ener = classes([W, WB, B, B])
    chosen = best_payment(parse_cost({"colorless": 1}).symbols, ener, parse_cost({"white": 2}).symbols)
    assert chosen == ((B, 1),)  # black pays colourless; the white cards are kept for white 2
    assert best_payment(parse_cost({"red": 1}).symbols, ener) is None
    assert shortfall(parse_cost({"white": 2, "black": 2}).symbols, ener) == 0
    assert shortfall(parse_cost({"white": 3, "black": 2}).symbols, ener) == 1


MASKS = st.sampled_from([W, R, B, WB, MULTI, NONE])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(MASKS, max_size=6), white=st.integers(0, 3), black=st.integers(0, 2), colourless=st.integers(0, 2)
)
def test_matching_agrees_with_brute_force(cards, white, black, colourless):
    cost = parse_cost({"white": white, "black": black, "colorless": colourless})
    units = [COLOUR_BITS["white"]] * white + [COLOUR_BITS["black"]] * black + [COLOURLESS] * colourless
    brute = len(cards) == len(units) and any(
        all(card & unit for card, unit in zip(order, units, strict=True)) for order in itertools.permutations(cards)
    )
    assert matches(cost, cards) == brute


def test_dated_rules():
    old, new = game_rules("2017-06-01"), game_rules("2026-11-30")
    assert old.grow_allowed(2, 1) and old.grow_allowed(2, 2) and old.grow_allowed(2, 3) and not old.grow_allowed(2, 4)
    assert new.grow_allowed(2, 3) and not new.grow_allowed(2, 2) and not new.grow_allowed(2, 4)
    assert old.active_trash_max == 1 and new.active_trash_max == 3
    assert not old.assists and new.assists and old.limit_upper is None and new.limit_upper is not None
    assert game_rules("2018-12-19").grow_min_up is None and game_rules("2018-12-20").grow_min_up == 1
    assert game_rules("2026-11-30", (3,)).start_counts == (3,)
    assert game_rules("2019-01-01", (1, 3)).start_counts == (1,)  # no assists before the Diva rules
    assert new.draws(1, True) == 1 and new.draws(1, False) == 2 and not new.attacks(1, True)


@pytest.mark.parametrize("day", ["2014-04-26", "2018-02-22", "2020-12-05", "2024-04-27", "2026-11-30"])
def test_every_rule_is_in_force_every_day(day):
    rules = game_rules(day)
    assert rules.opening_hand == 5 and rules.life_cloth == 7 and rules.hand_limit == 6


def test_keep_or_return_matches_a_simulation():
    import random

    from wixoss_deckcheck.engine.odds.exact_hand import keep_or_return
    from wixoss_deckcheck.engine.odds.rules import draws_by_turn

    # deck of 40 with 4 group cards; the hand holds 1 of them, 2 cards go back (none of the group)
    keep, back = keep_or_return(40, 4, 1, 2, 0, 2, 3, False)
    rng = random.Random(5)
    unseen = [1] * 3 + [0] * 32
    hits_keep = hits_back = 0
    games = 40_000
    draws = draws_by_turn(3, False)
    for _ in range(games):
        rng.shuffle(unseen)
        hits_keep += 1 + sum(unseen[:draws]) >= 2
        pile = unseen + [0, 0]
        rng.shuffle(pile)
        hits_back += 1 + sum(pile[: 2 + draws]) >= 2
    assert abs(hits_keep / games - float(keep)) < 4 * (0.25 / games) ** 0.5
    assert abs(hits_back / games - float(back)) < 4 * (0.25 / games) ** 0.5
    assert keep < back  # drawing 2 more cards finds the second copy more often
