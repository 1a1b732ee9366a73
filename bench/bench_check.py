"""Start-up benchmark: one ``check`` of one deck with the full card pool.

Compares the wall time of ``wixoss-deckcheck check DECK`` (full pool, warm cache) with
``python -c "import click, yaml"`` -- the floor for any click + PyYAML tool -- in the
same run, alternating the two so that machine noise hits both alike. Prints the
median and best times and their ratio; the target is a median ratio of at most 1.5.

    python bench/bench_check.py [--runs N] [--installed]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, full_pool_environment, run, timed, tool_command  # noqa: E402

TARGET = 1.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each command (default 21)")
    parser.add_argument("--installed", action="store_true", help="time the installed console script")
    args = parser.parse_args()

    _base, env, pool = full_pool_environment("wdc-bench-check-")
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    check = tool_command(args.installed) + ["check", str(deck)]
    floor = [sys.executable, "-c", "import click, yaml"]

    first = run(check, env)  # the first run fills the pool and format caches
    if first.returncode != 0:
        raise SystemExit(f"the benchmark deck did not check clean:\n{first.stdout}{first.stderr}")
    for _ in range(2):  # warm the OS file cache for both commands
        timed(check, env)
        timed(floor, env)
    checks, floors = [], []
    for _ in range(args.runs):
        checks.append(timed(check, env))
        floors.append(timed(floor, env))

    med_check, med_floor = statistics.median(checks), statistics.median(floors)
    best_check, best_floor = min(checks), min(floors)
    ratio = med_check / med_floor
    print(f"deck: {deck.name}  pool: {pool.stat().st_size / 1e6:.1f} MB (full, from wixossreact)  runs: {args.runs}")
    print(f"check (one deck, full pool)   median {med_check * 1000:7.1f} ms   best {best_check * 1000:7.1f} ms")
    print(f'python -c "import click, yaml" median {med_floor * 1000:7.1f} ms   best {best_floor * 1000:7.1f} ms')
    print(f"ratio check / import floor: {ratio:.2f} (median), {best_check / best_floor:.2f} (best); target <= {TARGET}")
    verdict = "MEETS" if ratio <= TARGET else "MISSES"
    print(f"{verdict} the start-up target")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
