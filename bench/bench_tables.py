"""Format-table benchmark: ``check --format-file`` with a real table, the largest table the
size bound lets in, and a giant the bound refuses.

The real table is a copy of the largest shipped one (``formats/all-star.yaml``, which
extends ``common``). Each is timed as a user meets it: the first run after the file
changed (nothing cached: read, validate, build) and the runs after (the validated table
from the cache). The largest table the bound lets in (Mayu's Room entries, each naming a
real card of the full pool, up to just under the bound) is timed the first time only: the
worst a user's file can cost, once. The giant (32,000 entries, about 3.6 MB) must be one
error line and exit 2, in about the time of a cached check: refused by its size, never
parsed. Prints medians and ranges, and each as a multiple of a cached check (the machine's
speed drifts; the ratios much less); targets: the real table's first run within 1.5 times
a cached check, the giant refused within 1.25 times.

    python bench/bench_tables.py [--runs N] [--installed]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, ROOT, full_pool_environment, run, timed, tool_command  # noqa: E402

from wixoss_deckcheck.files.text import MAX_YAML_BYTES  # noqa: E402

FIRST_RUN_TARGET = 1.5  # the real table's first run, as a multiple of a cached check
REFUSAL_TARGET = 1.25  # the giant's refusal, as a multiple of a cached check
GIANT = 32000


def entry_lines(name: str) -> list[str]:
    return [
        "  - kind: banned",
        f"    cards: [{{name: {json.dumps(name, ensure_ascii=False)}}}]",
        "    effective: '2020-12-05'",
        "    source: bench",
    ]


def write_table(path: Path, names: list[str], entries: int | None) -> int:
    """A table extending Diva Selection with ``entries`` entries (None: as many as fit
    under the bound); returns how many it holds."""
    lines = [f"id: big-{entries or 'bound'}", "extends: diva", "mayus_room:"]
    size = sum(len(line.encode("utf-8")) + 1 for line in lines)
    count = 0
    while entries is None or count < entries:
        more = entry_lines(names[count % len(names)])
        grown = size + sum(len(line.encode("utf-8")) + 1 for line in more)
        if entries is None and grown > MAX_YAML_BYTES:
            break
        lines += more
        size, count = grown, count + 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def first_and_cached(check: list[str], table: Path, env: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    uncached, cached = [], []
    for _ in range(runs):
        os.utime(table)  # a new modification time: the cached table is stale, as after an edit
        uncached.append(timed(check, env))
        cached.append(timed(check, env))
    return uncached, cached


def shown(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.1f} ms ({min(times) * 1000:.0f}-{max(times) * 1000:.0f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each kind (default 7)")
    parser.add_argument("--installed", action="store_true", help="time the installed console script")
    args = parser.parse_args()

    base, env, pool = full_pool_environment("wdc-bench-tables-")
    names = sorted({card["name"] for card in json.loads(pool.read_text(encoding="utf-8"))["cards"]})
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    tool = tool_command(args.installed)
    run(tool + ["check", str(deck)], env)  # the pool cache, the built-in tables

    real = base / "all-star.yaml"
    shutil.copy(ROOT / "formats" / "all-star.yaml", real)
    check_real = tool + ["check", "--format-file", str(real), str(deck)]
    real_first, real_cached = first_and_cached(check_real, real, env, args.runs)

    bound = base / "bound.yaml"
    held = write_table(bound, names, None)
    check_bound = tool + ["check", "--format-file", str(bound), str(deck)]
    bound_first = []
    for _ in range(max(1, args.runs // 2)):
        os.utime(bound)
        bound_first.append(timed(check_bound, env))

    giant = base / "giant.yaml"
    write_table(giant, names, GIANT)
    check_giant = tool + ["check", "--format-file", str(giant), str(deck)]
    refused = run(check_giant, env)
    lines = refused.stderr.strip().splitlines()
    if refused.returncode != 2 or len(lines) != 1 or "at most" not in lines[0]:
        raise SystemExit(f"the giant table was not refused in one line:\n{refused.stderr[-2000:]}")
    giant_times = [timed(check_giant, env, exits=(2,)) for _ in range(args.runs)]

    print(f"deck: {deck.name}  pool: {len(names):,} names (full, from wixossreact)  runs: {args.runs}")
    print(f"all-star.yaml ({real.stat().st_size / 1000:.1f} KB)   first run {shown(real_first)}"
          f"   cached {shown(real_cached)}")
    print(f"at the bound ({held:,} entries, {bound.stat().st_size / 1e6:.2f} MB)   first run {shown(bound_first)}")
    print(f"giant ({GIANT:,} entries, {giant.stat().st_size / 1e6:.2f} MB)   refused in {shown(giant_times)}")
    print(f"  {lines[0]}")
    cached = statistics.median(real_cached)
    first = statistics.median(real_first) / cached
    bound_ratio = statistics.median(bound_first) / cached
    ratio = statistics.median(giant_times) / cached
    print(f"as multiples of a cached check: all-star first run {first:.2f}, at the bound {bound_ratio:.1f}, "
          f"the giant's refusal {ratio:.2f}")
    meets = first <= FIRST_RUN_TARGET and ratio <= REFUSAL_TARGET
    verdict = "MEETS" if meets else "MISSES"
    print(f"{verdict} the targets: first run {first:.2f} x a cached check (<= {FIRST_RUN_TARGET}), "
          f"refusal {ratio:.2f} x (<= {REFUSAL_TARGET})")
    return 0 if meets else 1


if __name__ == "__main__":
    sys.exit(main())
