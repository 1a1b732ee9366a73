"""The game rules a simulation needs (RULES.md §7), in one place.

Setup: shuffle, draw 5, one mulligan of any number of cards (return them, shuffle,
draw as many), then 7 Life Cloth from the top. Each turn: draw 2 (the first player
draws 1 on turn 1), charge 1 card to ener, grow the center LRIG once, main phase,
attack (not on the first player's turn 1), end (discard down to 6 cards). When the
deck is empty the trash becomes the deck and one Life Cloth goes to the trash
(refresh); a second refresh in one turn ends the turn.
"""

from __future__ import annotations

OPENING_HAND = 5
LIFE_CLOTH = 7
HAND_LIMIT = 6
MAX_SIGNI_ZONES = 3
SETUP_CARDS = OPENING_HAND + LIFE_CLOTH


def draws_on_turn(turn: int, first: bool) -> int:
    """Cards drawn in the draw phase of your ``turn``-th turn (1-based)."""
    return 1 if first and turn == 1 else 2


def draws_by_turn(turn: int, first: bool) -> int:
    """Cards drawn in draw phases up to and including your ``turn``-th turn (0 = none)."""
    return sum(draws_on_turn(t, first) for t in range(1, turn + 1))


def cards_seen(turn: int, first: bool) -> int:
    """Cards in hand or drawn by your ``turn``-th turn: the opening hand plus the draws."""
    return OPENING_HAND + draws_by_turn(turn, first)


def attacks_on_turn(turn: int, first: bool) -> bool:
    """The first player skips the attack phase of turn 1."""
    return not (first and turn == 1)
