"""A fixed pure-Python reference workload, timed beside a benchmark in the same run.

The machine the figures are measured on is shared (2 cores, several sessions): a figure in
seconds moves with the load, a ratio to this loop, measured in the same run, moves far less
(both slow down together). One *unit* of the loop is a small deterministic card game of the
interpreter work the rules engine does (list indexing, small dicts, attribute lookups,
method calls, comparisons; a linear congruential shuffle, no C helpers): about as much work
as one ten-turn goldfish game. The loop never changes (its checksum is asserted), so a ratio
measured today compares with one measured later.

:data:`IDLE_UNITS_PER_SECOND` is the loop's rate on the development machine when idle, by
calibration: the goldfish of 2026-12-01 (its code unchanged up to commit 22d182c) gave 2,980 games per CPU second
there for WD01 going second at a quiet moment (docs/speed.md), and the same code gives 1.49
games per unit of this loop (median of 9 alternating runs, 2026-12-02, load average 9):
2,980 / 1.49 = 2,000 units a second. A rate in units of the loop times it is the rate the
idle machine would give.
"""

from __future__ import annotations

import time

IDLE_UNITS_PER_SECOND = 2_000.0
#: The checksum of :func:`reference_loop` (200 units).
CHECKSUM_200: int | None = 607252510


class _Zone:
    __slots__ = ("cards", "counts")

    def __init__(self, kinds: int) -> None:
        self.cards: list[int] = []
        self.counts = [0] * kinds

    def add(self, kind: int) -> None:
        self.cards.append(kind)
        self.counts[kind] += 1

    def take(self) -> int:
        kind = self.cards.pop()
        self.counts[kind] -= 1
        return kind


def _game(seed: int) -> int:
    """Shuffle a 40-card deck of 10 kinds, play 10 turns of draw, charge, place, discard."""
    state = seed
    deck = [kind for kind in range(10) for _ in range(4)]
    for i in range(len(deck) - 1, 0, -1):  # Fisher-Yates with an LCG
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        j = state % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hand, ener, trash = _Zone(10), _Zone(10), _Zone(10)
    field = [-1, -1, -1]
    levels = {kind: kind % 4 for kind in range(10)}
    score = 0
    for turn in range(1, 11):
        for _ in range(2 if turn > 1 else 1):
            if not deck:
                deck, trash.cards = trash.cards, []
                trash.counts = [0] * 10
            if deck:
                hand.add(deck.pop())
        if hand.cards:
            low = min(range(len(hand.cards)), key=lambda i: (levels[hand.cards[i]], hand.cards[i]))
            hand.cards[low], hand.cards[-1] = hand.cards[-1], hand.cards[low]
            ener.add(hand.take())
        for zone in range(3):
            if field[zone] < 0 and hand.cards:
                best = max(hand.cards, key=lambda kind: (levels[kind], -kind))
                if levels[best] <= min(turn, 3):
                    hand.cards.remove(best)
                    hand.counts[best] -= 1
                    field[zone] = best
        score += sum(levels[k] for k in field if k >= 0) + sum(ener.counts) * turn
        while len(hand.cards) > 6:
            trash.add(hand.take())
        if turn % 3 == 0:
            for zone in range(3):
                if field[zone] >= 0:
                    trash.add(field[zone])
                    field[zone] = -1
    return score


#: Small games per unit: a unit then takes about as long as one ten-turn goldfish game.
GAMES_PER_UNIT = 16


def _unit(seed: int) -> int:
    """One unit of the loop."""
    total = 0
    for game in range(GAMES_PER_UNIT):
        total += _game(seed * GAMES_PER_UNIT + game)
    return total


def reference_loop(units: int) -> int:
    """Run ``units`` units; returns a checksum of the work done."""
    total = 0
    for seed in range(units):
        total = (total * 31 + _unit(seed)) & 0xFFFFFFFF
    return total


def reference_rate(units: int = 200) -> float:
    """Units of the reference loop per CPU second of this process, over one run of ``units``."""
    start = time.process_time()
    checksum = reference_loop(units)
    elapsed = time.process_time() - start
    if units == 200 and CHECKSUM_200 is not None:
        assert checksum == CHECKSUM_200, "the reference loop changed: its figures no longer compare"
    return units / elapsed
