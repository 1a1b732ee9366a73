"""Keep this opening hand, or return some of it? Exactly, for one "seen by turn t" question.

With a given 5-card hand, the cards not seen yet are a uniformly shuffled remainder of the
deck (the Life Cloth come off it after the mulligan, which changes nothing for the cards
drawn later). Keeping: the group cards of the hand plus those among the draws by turn t.
Returning r cards: they are shuffled into the remainder, r new cards and the draws by
turn t come from that pile. Both are hypergeometric: every outcome (how many group cards
come) is enumerated with exact fractions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from wixoss_deckcheck.engine.odds.exact import hypergeometric_at_least, no_refresh_by
from wixoss_deckcheck.engine.odds.rules import OPENING_HAND, draws_by_turn
from wixoss_deckcheck.errors import InputError


def keep_or_return(
    deck_size: int,
    group_copies: int,
    hand_hits: int,
    returned: int,
    returned_hits: int,
    at_least: int,
    turn: int,
    first: bool,
) -> tuple[Fraction, Fraction]:
    """(P keeping the hand, P returning ``returned`` cards, ``returned_hits`` of them in the group)."""
    unseen = deck_size - OPENING_HAND
    draws = draws_by_turn(turn, first)
    keep = hypergeometric_at_least(unseen, group_copies - hand_hits, draws, at_least - hand_hits)
    kept_hits = hand_hits - returned_hits
    back = hypergeometric_at_least(unseen + returned, group_copies - kept_hits, returned + draws, at_least - kept_hits)
    return keep, back


def _checked_hand(
    hand: Sequence[int], returned: Sequence[int], counts: Sequence[int]
) -> tuple[Counter[int], Counter[int]]:
    """The hand and the returned cards as counts; an input error unless they can be so."""
    if len(hand) != OPENING_HAND:
        raise InputError(f"--hand names {len(hand)} cards; an opening hand is {OPENING_HAND}")
    held, back = Counter(hand), Counter(returned)
    for kind, n in held.items():
        if n > counts[kind]:
            raise InputError(f"--hand holds {n} copies of a card the deck has {counts[kind]} of")
    if back - held:
        raise InputError("--return names cards that are not in --hand")
    return held, back


def hand_choice(
    hand: Sequence[int],
    returned: Sequence[int],
    counts: Sequence[int],
    members: Sequence[int],
    at_least: int,
    turn: int,
    first: bool,
) -> dict[str, Any]:
    """The keep-or-return answer for a hand of deck-model card indexes (see the module doc)."""
    held, back = _checked_hand(hand, returned, counts)
    size = sum(counts)
    if not no_refresh_by(size, turn, first):
        raise InputError(f"by turn {turn} the deck has been refreshed: no exact answer")
    group = set(members)
    copies = sum(counts[m] for m in group)
    keep, ret = keep_or_return(
        size,
        copies,
        sum(n for k, n in held.items() if k in group),
        len(returned),
        sum(n for k, n in back.items() if k in group),
        at_least,
        turn,
        first,
    )
    return {
        "keep": float(keep),
        "return": float(ret),
        "better": "keep" if keep >= ret else "return",
        "exact": True,
        "returned_cards": len(returned),
        "group_copies": copies,
    }
