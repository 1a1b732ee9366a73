"""Format-table benchmark: one ``check`` with a user format file of a long Mayu's Room list.

Writes format files that extend Diva Selection with 8,000, 16,000 and 32,000 entries
(``banned``, each naming a real card of the full pool, the pool's names in turn, in force
from 2020-12-05), then times ``wixoss-deckcheck check --format-file F DECK`` as a user
meets it: the first run after the file changed (nothing cached: read, validate, build)
and the runs after (the validated table from the cache). Prints medians, the time per
entry, and the 32,000 / 8,000 ratio (4 for a linear load, 16 for a quadratic one). The
target is the uncached 32,000-entry check well under a second (at most 0.75 s here).

    python bench/bench_tables.py [--runs N] [--installed]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, full_pool_environment, run, timed, tool_command  # noqa: E402

SIZES = (8000, 16000, 32000)
TARGET = 0.75  # seconds, uncached, 32,000 entries


def write_table(path: Path, names: list[str], entries: int) -> None:
    lines = [f"id: big-{entries}", "extends: diva", "mayus_room:"]
    for n in range(entries):
        lines += [
            "  - kind: banned",
            f"    cards: [{{name: {json.dumps(names[n % len(names)], ensure_ascii=False)}}}]",
            "    effective: '2020-12-05'",
            "    source: bench",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each kind (default 7)")
    parser.add_argument("--installed", action="store_true", help="time the installed console script")
    args = parser.parse_args()

    base, env, pool = full_pool_environment("wdc-bench-tables-")
    names = sorted({card["name"] for card in json.loads(pool.read_text(encoding="utf-8"))["cards"]})
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    run(tool_command(args.installed) + ["check", str(deck)], env)  # the pool cache, the built-in tables

    results = {}
    for size in SIZES:
        table = base / f"big-{size}.yaml"
        write_table(table, names, size)
        check = tool_command(args.installed) + ["check", "--format-file", str(table), str(deck)]
        first = run(check, env)
        if first.returncode not in (0, 1) or "error: " in first.stderr:
            raise SystemExit(f"the {size}-entry table did not load:\n{first.stderr[-2000:]}")
        uncached, cached = [], []
        for _ in range(args.runs):
            os.utime(table)  # a new modification time: the cached table is stale, as after an edit
            uncached.append(timed(check, env))
            cached.append(timed(check, env))
        results[size] = statistics.median(uncached), statistics.median(cached)

    print(f"deck: {deck.name}  pool: {len(names):,} names (full, from wixossreact)  runs: {args.runs}")
    for size, (uncached, cached) in results.items():
        per_entry = uncached / size * 1e6
        print(
            f"{size:6,} entries   first run {uncached * 1000:7.1f} ms ({per_entry:5.1f} us/entry)"
            f"   cached {cached * 1000:7.1f} ms"
        )
    small, large = results[SIZES[0]][0], results[SIZES[-1]][0]
    print(f"ratio {SIZES[-1]:,} / {SIZES[0]:,} entries (first run): {large / small:.2f} (linear 4, quadratic 16)")
    verdict = "MEETS" if large <= TARGET else "MISSES"
    print(f"{verdict} the target: {SIZES[-1]:,} entries, first run {large:.2f} s (target <= {TARGET} s)")
    return 0 if large <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
