"""Running goldfish games and summarising them: what players ask, with honest intervals.

Per seat (first and second): P(the center reaches level L on curve, i.e. by your turn L);
P(a guard in the hand when the opponent's turn t begins); P(each ARTS of the LRIG deck
can be paid on the opponent's turn t); P(a refresh by your turn t); the means of the
hand, the ener, the SIGNI on the field and the attacks (SIGNI and the center) by turn, each with its standard
error; and, when an opponent crushes Life Cloth, the Life Bursts shown. Every probability
carries a Wilson 95% interval (honest at 0 and 1) and its standard error. A level the
arithmetic alone rules out (its grows take more ener than the charges and the crushed Life
Cloth, and the ener charges of the ARTS it uses, bring by then) says so (``unreachable``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck.engine.game.payment import shortfall
from wixoss_deckcheck.engine.game.setup import LoadedDeck
from wixoss_deckcheck.engine.game.state import Book
from wixoss_deckcheck.engine.goldfish.arts import count
from wixoss_deckcheck.engine.goldfish.plan import Plan
from wixoss_deckcheck.engine.goldfish.play import Goldfish, Seat, new_goldfish, play

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (never outside [0, 1], honest at 0 and 1)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)  # exact at the ends (no rounding below 1)
    return low, high


def proportion(successes: int, n: int) -> dict[str, Any]:
    """A simulated probability: value, standard error, Wilson 95% interval, samples."""
    p = successes / n if n else 0.0
    low, high = wilson(successes, n)
    return {
        "probability": p,
        "standard_error": math.sqrt(p * (1 - p) / n) if n else 0.0,
        "wilson_95": [low, high],
        "samples": n,
    }


@dataclass
class Mean:
    """A running mean with its standard error."""

    total: float = 0.0
    squares: float = 0.0
    n: int = 0

    def add(self, value: float) -> None:
        """Count one value."""
        self.total += value
        self.squares += value * value
        self.n += 1

    def summary(self) -> dict[str, float]:
        """The mean and its standard error."""
        if not self.n:
            return {"mean": 0.0, "standard_error": 0.0}
        mean = self.total / self.n
        variance = max(0.0, self.squares / self.n - mean * mean)
        return {"mean": mean, "standard_error": math.sqrt(variance / self.n)}


@dataclass
class SeatTally:
    """Counts over the games of one seat; index t is your turn t (or the opponent's turn t)."""

    turns: int
    arts: int
    games: int = 0
    level_at_least: list[list[int]] = field(default_factory=list)  # [turn][level]
    guard: list[int] = field(default_factory=list)
    arts_payable: list[list[int]] = field(default_factory=list)  # [arts][turn]
    refreshed: list[int] = field(default_factory=list)
    hand: list[Mean] = field(default_factory=list)
    ener: list[Mean] = field(default_factory=list)
    signi: list[Mean] = field(default_factory=list)
    attacks: list[Mean] = field(default_factory=list)
    bursts: Mean = field(default_factory=Mean)

    def __post_init__(self) -> None:
        rows = self.turns + 1
        self.level_at_least = [[0] * 8 for _ in range(rows)]
        self.guard = [0] * rows
        self.arts_payable = [[0] * rows for _ in range(self.arts)]
        self.refreshed = [0] * rows
        self.hand = [Mean() for _ in range(rows)]
        self.ener = [Mean() for _ in range(rows)]
        self.signi = [Mean() for _ in range(rows)]
        self.attacks = [Mean() for _ in range(rows)]


def _observer(tally: SeatTally, plan: Plan, book: Book):
    guards = [kind for kind, guard in enumerate(book.is_guard) if guard]

    def observe(goldfish: Goldfish, moment: str, turn: int) -> None:
        """Count what the report asks at this moment of a game."""
        game, state, book = goldfish.game, goldfish.game.state, goldfish.book
        if moment == "own":
            level = game.center_level()
            for at_least in range(min(level, 7) + 1):
                tally.level_at_least[turn][at_least] += 1
            tally.refreshed[turn] += state.total_refreshes > 0
            tally.hand[turn].add(sum(state.hand))
            tally.ener[turn].add(sum(state.ener))
            tally.signi[turn].add(sum(1 for k in state.signi_zones if k >= 0))
            tally.attacks[turn].add(goldfish.attacks)
            return
        hand = state.hand
        tally.guard[turn] += any(hand[k] for k in guards)
        if plan.arts:
            ener = goldfish.ener_classes()
            for i, lrig_id in enumerate(plan.arts):
                cost = book.use_costs[lrig_id]
                if state.lrig_deck[lrig_id] and cost.coins <= state.coins and not shortfall(cost.symbols, ener):
                    tally.arts_payable[i][turn] += 1

    return observe


def run_seat(
    loaded: LoadedDeck,
    plan: Plan,
    seat: Seat,
    games: int,
    seed: int,
    trace: list[dict] | None = None,
    header: dict | None = None,
) -> SeatTally:
    """Play ``games`` games of one seat; with ``trace`` each game's header and events are appended."""
    rng = random.Random(seed)
    tally = SeatTally(seat.turns, len(plan.arts))
    observe = _observer(tally, plan, loaded.book)
    for _ in range(games):
        events: list[dict] | None = [] if trace is not None else None
        goldfish = new_goldfish(loaded.book, plan, loaded.rules, seat.first, rng, events)
        play(goldfish, seat, observe)
        tally.games += 1
        tally.bursts.add(goldfish.bursts)
        if trace is not None and events is not None:
            trace.append({"game": {**(header or {}), "player": "first" if seat.first else "second"}})
            trace.extend(events)
    return tally


def seat_report(tally: SeatTally, loaded: LoadedDeck, plan: Plan, seat: Seat) -> dict[str, Any]:
    """The JSON-ready summary of one seat (keys described in the README)."""
    book, n, turns = loaded.book, tally.games, range(1, tally.turns + 1)
    top = max([0, *(book.lrig_level(lrig_id) for lrig_id in plan.center_path)])
    return {
        "player": "first" if seat.first else "second",
        "games": n,
        "opponent_crushes_per_turn": seat.crushes,
        "on_curve": [
            {
                "level": level,
                "by_turn": level,
                **proportion(tally.level_at_least[level][level], n),
                **_unreachable(loaded, plan, seat, level),
            }
            for level in range(1, min(top, tally.turns) + 1)
        ],
        "guard_in_hand_on_opponents_turn": [{"opponent_turn": t, **proportion(tally.guard[t], n)} for t in turns],
        "arts_payable_on_opponents_turn": [
            {
                "number": book.lrig_cards[lrig_id].number,
                "name": book.lrig_cards[lrig_id].name,
                "by_turn": [{"opponent_turn": t, **proportion(tally.arts_payable[i][t], n)} for t in turns],
            }
            for i, lrig_id in enumerate(plan.arts)
        ],
        "refresh_by_turn": [{"turn": t, **proportion(tally.refreshed[t], n)} for t in turns],
        "by_turn": [
            {
                "turn": t,
                "center_level_at_least": {str(lv): tally.level_at_least[t][lv] / n for lv in range(1, top + 1)},
                "hand": tally.hand[t].summary(),
                "ener": tally.ener[t].summary(),
                "signi_on_field": tally.signi[t].summary(),
                "attacks": tally.attacks[t].summary(),
            }
            for t in turns
        ],
        "life_bursts_shown": tally.bursts.summary(),
    }


def ener_by_turn(loaded: LoadedDeck, seat: Seat, turn: int) -> tuple[int, int]:
    """The most cards that can reach the ener by the grow phase of your turn ``turn``: the
    charges of turns 1 to ``turn``, and the Life Cloth the opponent crushes in the turns
    before it (none before the second player's turn 1; at most the Life Cloth dealt)."""
    rules = loaded.rules
    crushed = min(seat.crushes * (turn - 1), rules.life_cloth)
    return rules.charges_per_turn * turn, crushed


def _unreachable(loaded: LoadedDeck, plan: Plan, seat: Seat, level: int) -> dict[str, Any]:
    """``{"unreachable": {...}}`` when the center cannot be at ``level`` by your turn ``level``
    by arithmetic alone: the grows up to it take more ener cards than can come by then."""
    book = loaded.book
    needed = sum(book.grow_costs[lrig_id].cards for lrig_id in plan.center_path if book.lrig_level(lrig_id) <= level)
    charges, crushed = ener_by_turn(loaded, seat, level)
    by_arts = sum(_ener_charge(book.lrig_cards[lrig_id].effect or {}) for lrig_id in plan.plays)
    if needed <= charges + crushed + by_arts:
        return {}
    return {
        "unreachable": {
            "ener_needed": needed,
            "ener_at_most": charges + crushed + by_arts,
            "charges": charges,
            "crushed_life_cloth": crushed,
            "arts_ener_charge": by_arts,
        }
    }


def _ener_charge(effect: Mapping[str, Any]) -> int:
    """The most cards an ARTS's effect puts into the ener (its 【エナチャージ】, or the larger of a choice)."""
    options = [c for c in effect.get("choose") or () if isinstance(c, dict)]
    return max([count(effect, "ener_charge"), *(count(c, "ener_charge") for c in options)])


def describe_plan(loaded: LoadedDeck, plan: Plan) -> dict[str, Any]:
    """The goldfish's plan as card numbers: the center path, the assist lines, the ARTS."""
    book = loaded.book
    return {
        "center": [book.lrig_cards[lrig_id].number for lrig_id in [plan.center, *plan.center_path]],
        "assists": [
            [book.lrig_cards[lrig_id].number for lrig_id in [a, *path]]
            for a, path in zip(plan.assists, plan.assist_paths, strict=True)
        ],
        "arts": [book.lrig_cards[lrig_id].number for lrig_id in plan.arts],
    }
