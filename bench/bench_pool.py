"""Card pool benchmark: building the pool, and loading it for one ``check``.

Prints, with their ratio to the targets (a ratio ≤ 1.0 meets the target):

- build from the WixossReact CSVs (import + schema validation + atomic write), target 2 s;
- build from every source in ../shared/carddata (``cardpool build --from``), for reference;
- full-pool load from JSON (cold: no cache), for reference;
- full-pool load from the compact cache (what every ``check`` after the first pays), target 50 ms.

Each figure is the median of ``--runs`` runs, in-process (CPU time is printed too, as
a shared machine's wall time is noisy).

    python bench/bench_pool.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import SHARED, temp_base  # noqa: E402

BUILD_TARGET = 2.0
LOAD_TARGET = 0.050


def measure(function, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` calls."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def line(label: str, wall: float, cpu: float, target: float | None) -> str:
    ratio = f"  ratio {wall / target:.2f} of the {target * 1000:g} ms target" if target else ""
    return f"{label:<44} {wall * 1000:8.1f} ms (cpu {cpu * 1000:7.1f} ms){ratio}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each measurement (default 7)")
    args = parser.parse_args()
    base = temp_base("wdc-bench-pool-")
    os.environ["WIXOSS_DECKCHECK_CACHE_DIR"] = str(base / "cache")
    os.environ["WIXOSS_DECKCHECK_DATA_DIR"] = str(base / "data")

    from wixoss_deckcheck.importers.build import build_pool, discover_sources
    from wixoss_deckcheck.importers.common import build_pool_document, write_pool
    from wixoss_deckcheck.importers.wixossreact import import_wixossreact
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    carddata = SHARED / "carddata"
    csv_pool, merged_pool = base / "csv-pool.json", base / "merged-pool.json"

    def build_csv():
        cards, source = import_wixossreact(carddata / "wixossreact")
        write_pool(build_pool_document(cards, [source]), csv_pool)

    def build_all():
        document, _result = build_pool(discover_sources(carddata))
        write_pool(document, merged_pool)

    results = [
        ("build from the CSVs", *measure(build_csv, args.runs), BUILD_TARGET),
        ("build from every source (merge)", *measure(build_all, max(1, args.runs // 2)), None),
    ]
    for label, path in (("CSV pool", csv_pool), ("merged pool", merged_pool)):
        location = PoolLocation(path, "option")
        cold = measure(lambda location=location: CardPool.load_json(location), args.runs)
        results.append((f"load {label}, cold JSON", *cold, None))
        CardPool.load(location)  # writes the cache
        cached = measure(lambda location=location: CardPool.load(location), args.runs)
        results.append((f"load {label}, cached", *cached, LOAD_TARGET))
        print(f"{label}: {len(CardPool.load(location))} cards, {path.stat().st_size / 1e6:.1f} MB JSON")
    for label, wall, cpu, target in results:
        print(line(label, wall, cpu, target))
    missed = [label for label, wall, _cpu, target in results if target and wall > target]
    print("all targets met" if not missed else f"over target: {', '.join(missed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
