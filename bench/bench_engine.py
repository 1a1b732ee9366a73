"""Rules-engine benchmark: goldfish games per second, and the time to replay a 10-turn record.

Every figure is measured beside the fixed pure-Python reference loop of ``_reference.py``,
in the same run and alternating with it, and reported as a ratio to it as well: the machine
is shared, and a ratio moves far less with its load than seconds do.

1. Ten-turn goldfish games through the state machine (every action checked), pure Python,
   one process (one core), for the starter decks in ../shared/decks/text, both seats: games
   per CPU second of the process, the reference loop's units per CPU second just before,
   their ratio (games per reference unit), and that ratio times the loop's idle rate (the
   rate the machine gives when idle). Target: at least 2,000 games per CPU second idle.
2. Replaying one 10-turn goldfish trace in-process: reading it (JSON and the schema) and
   checking every action, each timed, against the wall time of a whole ``check`` of one deck
   (the start-up the target compares with); the ``replay`` command beside it.
3. With ``--callgrind`` (valgrind installed): instructions per goldfish game, per record
   read, per replay and per reference unit, which no load changes.

    python bench/bench_engine.py [--games N] [--runs N] [--callgrind]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, build_full_pool, isolated_environment, temp_base, timed, tool_command  # noqa: E402
from _reference import IDLE_UNITS_PER_SECOND, reference_rate  # noqa: E402

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


def goldfish_figures(pool, games: int, runs: int) -> bool:
    """Part 1: every starter deck, both seats; True when every seat meets the target."""
    from wixoss_deckcheck.engine.game.setup import load_game_deck

    ok = True
    print(
        f"goldfish, 10 turns, pure Python, one process; {runs * 3} runs of {max(50, games // 3):,} games, "
        f"each right after {max(20, games // 8)} units of the reference loop"
    )
    for deck in sorted((DECKS / "text").glob("*.txt")):
        loaded = load_game_deck(str(deck), pool, as_of="2026-11-30")
        for first in (True, False):
            goldfish_rate(loaded, 200, 1, first)  # warm the memos
            pairs = []
            for r in range(runs * 3):  # short alternating runs: both halves of a pair see the same load
                reference = reference_rate(max(20, games // 8))
                cpu, _wall = goldfish_rate(loaded, max(50, games // 3), 10 + r, first)
                pairs.append((cpu, reference))
            cpu = statistics.median(c for c, _ in pairs)
            ratio = statistics.median(c / ref for c, ref in pairs)
            idle = ratio * IDLE_UNITS_PER_SECOND
            ok &= idle >= TARGET_GAMES
            print(
                f"  {deck.name:<26} {'first ' if first else 'second'}  median {cpu:6,.0f} games/CPU s; "
                f"{ratio:5.2f} games per reference unit (reference median "
                f"{statistics.median(ref for _, ref in pairs):6,.0f} units/s) = {idle:6,.0f} games/s idle"
            )
    return ok


def replay_figures(pool, env, base: Path, runs: int) -> bool:
    """Part 2: read and replay a 10-turn trace in-process, against a whole check's wall time."""
    from wixoss_deckcheck.engine.game.record import read_record
    from wixoss_deckcheck.engine.game.replay import replay
    from wixoss_deckcheck.engine.game.setup import load_game_deck

    trace = base / "trace.jsonl"
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    write_trace(load_game_deck(str(deck), pool, as_of="2026-11-30"), trace)
    events = sum(1 for _ in trace.open(encoding="utf-8")) - 1
    reads, replays, references = [], [], []
    for _ in range(runs * 3):
        references.append(reference_rate(50))
        start = time.process_time()  # CPU time of this process: the share of the machine it gets does not count
        record = read_record(str(trace))
        middle = time.process_time()
        _game, outcomes = replay(record, pool)
        replays.append(time.process_time() - middle)
        reads.append(middle - start)
        assert all(o.slug is None for o in outcomes)
    check = tool_command() + ["check", str(deck)]
    # the trace is in a temporary folder and names its deck in ../shared: outside its folder
    replay_cmd = tool_command() + ["replay", "--allow-outside", str(trace)]
    timed(check, env, exits=(0,))  # fill the caches
    timed(replay_cmd, env, exits=(0,))
    checks, replay_walls = [], []
    for _ in range(runs):
        checks.append(timed(check, env, exits=(0,)))
        replay_walls.append(timed(replay_cmd, env, exits=(0,)))
    read, checked = statistics.median(reads), statistics.median(replays)
    in_process, check_wall = read + checked, statistics.median(checks)
    unit = 1 / statistics.median(references)
    print(
        f"replay of a 10-turn record ({events} events) in-process: median {in_process * 1000:5.2f} ms CPU "
        f"= {in_process / unit:4.2f} reference units (reading and the schema {read * 1000:5.2f} ms, "
        f"{read / in_process:.0%}; the actions {checked * 1000:5.2f} ms)"
    )
    print(f"a whole `check` of one deck (start-up):          median {check_wall * 1000:6.1f} ms")
    print(f"the whole `replay` command:                       median {statistics.median(replay_walls) * 1000:6.1f} ms")
    print(f"replay / check start-up: {in_process / check_wall:.3f}")
    return in_process < check_wall / 2


CALLGRIND_SCRIPT = """
import sys
sys.path[:0] = [{root!r}, {bench!r}]
from pathlib import Path
from _reference import reference_loop
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.engine.game.setup import load_game_deck
from wixoss_deckcheck.engine.goldfish.plan import build_plan
from wixoss_deckcheck.engine.goldfish.play import Seat
from wixoss_deckcheck.engine.goldfish.seats import run_seat
pool = CardPool.load(PoolLocation(Path({pool!r}), "option"))
loaded = load_game_deck({deck!r}, pool, as_of="2026-11-30")
plan = build_plan(loaded.book, loaded.rules)
record = read_record({trace!r}); replay(record, pool); run_seat(loaded, plan, Seat(False, 10), 20, 1); reference_loop(2)
n = int(sys.argv[2])
what = sys.argv[1]
if what == "reference": reference_loop(n)
elif what == "goldfish": run_seat(loaded, plan, Seat(False, 10), n, 3)
elif what == "read": [read_record({trace!r}) for _ in range(n)]
elif what == "replay": [replay(record, pool) for _ in range(n)]
"""


def callgrind_figures(env, base: Path, pool_path: Path) -> None:
    """Part 3: instructions per unit of work, by differences of two runs under callgrind."""
    import re
    import shutil
    import subprocess

    if not shutil.which("valgrind"):
        print("--callgrind: valgrind is not installed")
        return
    script = base / "callgrind_work.py"
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    script.write_text(
        CALLGRIND_SCRIPT.format(
            root=str(Path(__file__).resolve().parent.parent), bench=str(Path(__file__).resolve().parent),
            pool=str(pool_path), deck=str(deck), trace=str(base / "trace.jsonl"),
        ),
        encoding="utf-8",
    )

    def instructions(what: str, n: int) -> int:
        out = base / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, str(script), what]
        done = subprocess.run([*command, str(n)], env=env, capture_output=True, text=True, check=True)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))

    counts = {}
    for what, n in (("reference", 40), ("goldfish", 40), ("read", 40), ("replay", 40)):
        counts[what] = (instructions(what, n) - instructions(what, 0)) / n
        print(f"  callgrind: {what:<9} {counts[what] / 1e6:7.2f} million instructions each")
    print(
        f"  callgrind ratios: a goldfish game = {counts['goldfish'] / counts['reference']:.2f} reference units; "
        f"a record read = {counts['read'] / (counts['read'] + counts['replay']):.0%} of read + replay"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="goldfish games per timed run (default 2000)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs (default 7)")
    parser.add_argument("--callgrind", action="store_true", help="also count instructions with valgrind")
    args = parser.parse_args()

    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    base = temp_base("wdc-bench-engine-")
    env = isolated_environment(base)
    pool_path = build_full_pool(base / "pool.json")
    env["WIXOSS_DECKCHECK_CARDPOOL"] = str(pool_path)
    pool = CardPool.load(PoolLocation(pool_path, "option"))
    ok = goldfish_figures(pool, args.games, args.runs)
    ok &= replay_figures(pool, env, base, args.runs)
    if args.callgrind:
        callgrind_figures(env, base, pool_path)
    print(
        ("MEETS" if ok else "MISSES")
        + f" the targets (>= {TARGET_GAMES:,} games/s idle, by the reference loop; replay well under a check)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
