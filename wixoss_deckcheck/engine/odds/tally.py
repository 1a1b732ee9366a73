"""Counts a simulation collects, the same for both back ends, and their summaries.

Everything is a plain count or sum over games, so chunks and back ends merge by
addition and a probability's standard error is ``sqrt(p(1-p)/n)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from wixoss_deckcheck.engine.odds.rules import LIFE_CLOTH, MAX_SIGNI_ZONES, OPENING_HAND


@dataclass(frozen=True)
class SimConfig:
    """What to simulate. ``groups`` are (label, member card indexes) pairs."""

    games: int
    seed: int
    first: bool = True
    turns: int = 6
    goldfish: bool = False
    at_least: int = 1
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    refresh_turn: int = 10
    #: Deal the 7 Life Cloth (needed for every turn and the Life Burst count; an opening-hand
    #: question alone does not need them).
    life_cloth: bool = True


@dataclass
class Tally:
    """Per-turn counts over games; index 0 of every per-turn list is the end of setup."""

    groups: int
    turns: int
    max_level: int
    games: int = 0
    hits: list = field(default_factory=list)
    life_burst: list = field(default_factory=lambda: [0] * (LIFE_CLOTH + 1))
    returned: list = field(default_factory=lambda: [0] * (OPENING_HAND + 1))
    levels: list = field(default_factory=list)
    grew: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    hand_sq: list = field(default_factory=list)
    ener: list = field(default_factory=list)
    ener_sq: list = field(default_factory=list)
    field_signi: list = field(default_factory=list)
    attacks: list = field(default_factory=list)
    refreshes: list = field(default_factory=list)
    refresh_hist: dict = field(default_factory=dict)

    def __post_init__(self):
        rows = self.turns + 1
        self.hits = [[0] * rows for _ in range(self.groups)]
        self.levels = [[0] * (self.max_level + 1) for _ in range(rows)]
        self.field_signi = [[0] * (MAX_SIGNI_ZONES + 1) for _ in range(rows)]
        for name in ("grew", "hand", "hand_sq", "ener", "ener_sq", "attacks", "refreshes"):
            setattr(self, name, [0] * rows)

    # -- summaries -----------------------------------------------------------------
    def probability(self, successes: int) -> dict:
        """A simulated probability with its standard error and sample size."""
        n = self.games
        p = successes / n if n else 0.0
        return {"probability_simulated": p, "standard_error": math.sqrt(p * (1 - p) / n) if n else 0.0, "samples": n}

    def mean(self, total: float, squares: float) -> dict:
        n = self.games
        mean = total / n if n else 0.0
        variance = max(0.0, squares / n - mean * mean) if n else 0.0
        return {"mean": mean, "standard_error": math.sqrt(variance / n) if n else 0.0}


def standard_error(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n) if n else 0.0
