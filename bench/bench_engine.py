"""Rules-engine benchmark: goldfish games per second, and the time to replay a 10-turn record.

1. Ten-turn goldfish games through the state machine (every action checked), pure Python,
   one process (one core), for the starter decks in ../shared/decks/text, both seats;
   the median and best of several runs, in games per CPU second of the process (what
   other processes on a shared machine take does not count) and, beside it, per
   wall-clock second. Target: at least 2,000 games per CPU second.
2. Replaying one 10-turn goldfish trace in-process (read, schema, every action), against
   the wall time of a whole ``check`` of one deck (the start-up the target compares with),
   and the wall time of the ``replay`` command itself beside it.

    python bench/bench_engine.py [--games N] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, build_full_pool, isolated_environment, temp_base, timed, tool_command  # noqa: E402

TARGET_GAMES = 2_000


def goldfish_rate(loaded, games: int, seed: int, first: bool) -> tuple[float, float]:
    """Games per CPU second of this process (per core: what other processes do on the machine
    does not count) and games per wall-clock second."""
    from wixoss_deckcheck.engine.goldfish.plan import build_plan
    from wixoss_deckcheck.engine.goldfish.play import Seat
    from wixoss_deckcheck.engine.goldfish.seats import run_seat

    plan = build_plan(loaded.book, loaded.rules)
    cpu, wall = time.process_time(), time.perf_counter()
    run_seat(loaded, plan, Seat(first, 10), games, seed)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def write_trace(loaded, path: Path) -> None:
    from wixoss_deckcheck.engine.goldfish.plan import build_plan
    from wixoss_deckcheck.engine.goldfish.play import Seat
    from wixoss_deckcheck.engine.goldfish.run import trace_header
    from wixoss_deckcheck.engine.goldfish.run import write_trace as write
    from wixoss_deckcheck.engine.goldfish.seats import run_seat

    plan = build_plan(loaded.book, loaded.rules)
    trace: list[dict] = []
    start = [loaded.book.lrig_cards[lrig_id].number for lrig_id in (plan.center, *plan.assists)]
    run_seat(loaded, plan, Seat(True, 10, 1), 1, 7, trace, trace_header(loaded, start, str(path), 7))
    write(str(path), trace)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="goldfish games per timed run (default 2000)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs (default 7)")
    args = parser.parse_args()

    from wixoss_deckcheck.engine.game.record import read_record
    from wixoss_deckcheck.engine.game.replay import replay
    from wixoss_deckcheck.engine.game.setup import load_game_deck
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    base = temp_base("wdc-bench-engine-")
    env = isolated_environment(base)
    pool_path = build_full_pool(base / "pool.json")
    env["WIXOSS_DECKCHECK_CARDPOOL"] = str(pool_path)
    pool = CardPool.load(PoolLocation(pool_path, "option"))
    ok = True
    print(f"goldfish, 10 turns, pure Python, one process; {args.runs} runs of {args.games:,} games")
    for deck in sorted((DECKS / "text").glob("*.txt")):
        loaded = load_game_deck(str(deck), pool, as_of="2026-11-30")
        for first in (True, False):
            goldfish_rate(loaded, 200, 1, first)  # warm the memos
            rates = [goldfish_rate(loaded, args.games, 10 + r, first) for r in range(args.runs)]
            median = statistics.median(cpu for cpu, _wall in rates)
            ok &= median >= TARGET_GAMES
            print(
                f"  {deck.name:<26} {'first ' if first else 'second'}  median {median:7,.0f} games per CPU second "
                f"(best {max(cpu for cpu, _ in rates):7,.0f}; wall clock median "
                f"{statistics.median(w for _, w in rates):7,.0f}/s)"
            )
    trace = base / "trace.jsonl"
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    loaded = load_game_deck(str(deck), pool, as_of="2026-11-30")
    write_trace(loaded, trace)
    events = sum(1 for _ in trace.open(encoding="utf-8")) - 1
    replays = []
    for _ in range(args.runs * 3):
        start = time.perf_counter()
        _game, outcomes = replay(read_record(str(trace)), pool)
        replays.append(time.perf_counter() - start)
        assert all(o.slug is None for o in outcomes)
    check = tool_command() + ["check", str(deck)]
    replay_cmd = tool_command() + ["replay", str(trace)]
    timed(check, env, exits=(0,))  # fill the caches
    timed(replay_cmd, env, exits=(0,))
    checks, replay_walls = [], []
    for _ in range(args.runs):
        checks.append(timed(check, env, exits=(0,)))
        replay_walls.append(timed(replay_cmd, env, exits=(0,)))
    in_process, check_wall = statistics.median(replays), statistics.median(checks)
    print(
        f"replay of a 10-turn record ({events} events) in-process: median {in_process * 1000:6.1f} ms, "
        f"best {min(replays) * 1000:6.1f} ms"
    )
    print(f"a whole `check` of one deck (start-up):          median {check_wall * 1000:6.1f} ms")
    print(f"the whole `replay` command:                       median {statistics.median(replay_walls) * 1000:6.1f} ms")
    print(f"replay / check start-up: {in_process / check_wall:.2f}")
    ok &= in_process < check_wall / 2
    print(("MEETS" if ok else "MISSES") + f" the targets (>= {TARGET_GAMES:,} games/s; replay well under a check)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
