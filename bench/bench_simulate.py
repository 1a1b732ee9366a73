"""Simulation benchmark: opening hands per second, and exact vs simulated at 10^6 samples.

Builds the full card pool from ../shared, loads the WXDi-D01 starter deck, then prints:

- setups (shuffle, 5-card hand, keep-all mulligan, 7 Life Cloth) per second with the
  numpy back end, against the target of 1,000,000 a second (ratio = measured / target);
- the same with a mulligan policy, and with the pure-Python fallback (ratio numpy / python);
- goldfish games (10 turns) per second with both back ends;
- exact (hypergeometric) against simulated answers at 10^6 games: the difference, its
  size in standard errors, and whether they agree to 3 decimals, read as "differ by less
  than one unit in the third decimal" (|difference| < 0.001). At 10^6 games the standard
  error of a probability near 0.5 is 0.0005, so that bound is 2 standard errors; a
  stricter reading (|difference| < 0.0005) would fail by chance about a third of the time.

Usage: python bench/bench_simulate.py [--games N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import DECKS, build_full_pool

TARGET_HANDS_PER_SECOND = 1_000_000
THREE_DECIMALS = 0.001  # less than one unit in the third decimal


def _timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="samples for the agreement table (default 10^6)")
    args = parser.parse_args()

    from wixoss_deckcheck.engine.game.setup import load_simulation_deck
    from wixoss_deckcheck.engine.odds import exact
    from wixoss_deckcheck.engine.odds.groups import parse_group
    from wixoss_deckcheck.engine.odds.model import build_model
    from wixoss_deckcheck.engine.odds.policy import KEEP_ALL, builtin_policy
    from wixoss_deckcheck.engine.odds.simulate import exact_hit, hit_group, make_group, run_simulation
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    with tempfile.TemporaryDirectory() as temp:
        pool = CardPool.load(PoolLocation(build_full_pool(Path(temp) / "pool.json"), "option"))
        loaded = load_simulation_deck(str(DECKS / "text" / "rx-wxdi-d01.txt"), pool)
    model = build_model(
        [(e.card, e.count) for e in loaded.resolved.main], [e.card for e in loaded.resolved.lrig], loaded.start_counts
    )
    target = hit_group("WXDi-D01-015", model, pool)
    run_simulation(model, KEEP_ALL, [target], games=10_000, seed=0, turns=0)  # warm up

    print("Setup throughput (WXDi-D01 starter deck, 40 cards):")
    games = 2_000_000
    _tally, seconds = _timed(
        lambda: run_simulation(model, KEEP_ALL, [target], games=games, seed=1, turns=0, life_cloth=False)
    )
    numpy_rate = games / seconds
    print(
        f"  numpy, opening hands (shuffle, draw 5, keep):  {numpy_rate:>10,.0f}/s ({games:,} in {seconds:.2f} s; "
        f"target {TARGET_HANDS_PER_SECOND:,}/s, ratio {numpy_rate / TARGET_HANDS_PER_SECOND:.2f})"
    )
    curve = builtin_policy("curve", pool)
    _tally, seconds = _timed(
        lambda: run_simulation(model, curve, [target], games=games, seed=1, turns=0, life_cloth=False)
    )
    print(
        f"  numpy, opening hands with the curve mulligan:  {games / seconds:>10,.0f}/s "
        f"(ratio {games / seconds / TARGET_HANDS_PER_SECOND:.2f})"
    )
    _tally, seconds = _timed(lambda: run_simulation(model, KEEP_ALL, [target], games=games, seed=1, turns=0))
    print(f"  numpy, full setups (+ 7 Life Cloth):          {games / seconds:>10,.0f}/s")
    small = 100_000
    _tally, seconds = _timed(
        lambda: run_simulation(
            model, KEEP_ALL, [target], games=small, seed=1, turns=0, backend="python", life_cloth=False
        )
    )
    python_rate = small / seconds
    print(
        f"  pure Python, opening hands:                   {python_rate:>10,.0f}/s (numpy / python = "
        f"{numpy_rate / python_rate:.0f}x)"
    )
    print("Goldfish throughput (10 turns, first player):")
    _tally, seconds = _timed(
        lambda: run_simulation(model, KEEP_ALL, [], games=100_000, seed=1, turns=10, goldfish=True)
    )
    gold_numpy = 100_000 / seconds
    _tally, seconds = _timed(
        lambda: run_simulation(model, KEEP_ALL, [], games=5_000, seed=1, turns=10, goldfish=True, backend="python")
    )
    gold_python = 5_000 / seconds
    print(
        f"  numpy {gold_numpy:,.0f} games/s; pure Python {gold_python:,.0f} games/s "
        f"(ratio {gold_numpy / gold_python:.0f}x)"
    )

    questions = [
        ("4 copies (WXDi-D01-015), opening hand", target, 1, 0, True),
        ("level:1 SIGNI by turn 2, first player", make_group(parse_group("level:1"), model), 1, 2, True),
        ("guard by turn 3, second player", make_group(parse_group("guard"), model), 1, 3, False),
        ("2+ copies of WXDi-D01-015 by turn 5", target, 2, 5, True),
        ("3+ life burst cards, opening hand", make_group(parse_group("lifeburst"), model), 3, 0, True),
    ]
    print(f"Exact vs simulated at {args.games:,} games (numpy, keep all; agree to 3 decimals = |diff| < 0.001):")
    worst = 0.0
    for label, group, at_least, turn, first in questions:
        tally, _config, _used = run_simulation(
            model, KEEP_ALL, [group], games=args.games, seed=2024 + turn, first=first, turns=turn, at_least=at_least
        )
        truth = exact_hit(KEEP_ALL, group, model, at_least, turn, first)
        simulated = tally.hits[0][turn] / tally.games
        se = (truth * (1 - truth) / tally.games) ** 0.5
        diff = simulated - truth
        worst = max(worst, abs(diff))
        print(
            f"  {label:<40} exact {truth:.5f}  simulated {simulated:.5f}  diff {diff:+.5f} "
            f"({abs(diff) / se:.1f} SE)  {'agree' if abs(diff) < THREE_DECIMALS else 'DIFFER'}"
        )
    tally, _config, _used = run_simulation(model, KEEP_ALL, [], games=args.games, seed=7, turns=0)
    dist = exact.life_cloth_keep_all(model.size, 20)
    lc_worst = max(abs(tally.life_burst[i] / tally.games - p) for i, p in enumerate(dist))
    worst = max(worst, lc_worst)
    print(f"  Life Burst count in the Life Cloth, worst of 8 values: |diff| {lc_worst:.5f}")
    print(
        f"Worst |exact - simulated| = {worst:.5f}; ratio to the 3-decimal bound 0.001: {worst / THREE_DECIMALS:.2f} "
        f"({'all agree' if worst < THREE_DECIMALS else 'not all agree'})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
