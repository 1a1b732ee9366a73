"""Side by side: this checkout against another (``--ref DIR``, e.g. a worktree of an older
commit), on the two figures of the speed table that every change must keep: one ``check``
against ``python -c "import click, yaml"``, and ``audit`` of 10,000 decks in decks/s.

Both checkouts run the same commands, on the same generated decks and the same pool file,
alternating run by run, each with its own caches, so that the machine's noise hits both
alike. Prints each figure for both and their ratio (this / ref); a ratio within 5% of 1 is
"the same speed".

    git worktree add /tmp/ref 2a36436
    python bench/bench_against.py --ref /tmp/ref [--runs N] [--decks N] [--audit-runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, ROOT, build_full_pool, isolated_environment, temp_base, timed, timed_audit  # noqa: E402
from bench_audit import AS_OF, make_decks  # noqa: E402


def _environment(base: Path, tree: Path, pool: Path) -> dict[str, str]:
    env = isolated_environment(base)
    env["PYTHONPATH"] = str(tree)
    env["WIXOSS_DECKCHECK_CARDPOOL"] = str(pool)
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", type=Path, required=True, help="the other checkout")
    parser.add_argument("--runs", type=int, default=21, help="timed checks of each tree (default 21)")
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--audit-runs", type=int, default=5, help="timed audits of each tree (default 5)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    base = temp_base("wdc-bench-against-")
    pool = build_full_pool(base / "pool.json")
    trees = {"this": ROOT, "ref": args.ref.resolve()}
    envs = {name: _environment(base / name, tree, pool) for name, tree in trees.items()}
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    check = [sys.executable, "-m", "wixoss_deckcheck", "check", str(deck)]
    floor = [sys.executable, "-c", "import click, yaml"]
    for env in envs.values():  # fill each tree's caches, warm the file cache
        for _ in range(3):
            timed(check, env)
    times: dict[str, list[float]] = {"this": [], "ref": [], "floor": []}
    for _ in range(args.runs):
        for name, env in envs.items():
            times[name].append(timed(check, env))
        times["floor"].append(timed(floor, envs["this"]))
    med = {name: statistics.median(values) for name, values in times.items()}
    print(f"check {deck.name}, full pool, {args.runs} alternating runs:")
    for name in ("this", "ref"):
        print(f"  {name:4}  median {med[name] * 1000:6.1f} ms, to the import floor {med[name] / med['floor']:.2f}")
    print(f"  floor median {med['floor'] * 1000:6.1f} ms;  this / ref: {med['this'] / med['ref']:.3f}")

    folder = base / "decks"
    folder.mkdir()
    make_decks(folder, pool, args.decks)
    audit = [sys.executable, "-m", "wixoss_deckcheck", "audit", "--no-config", str(folder), "--cardpool", str(pool)]
    audit += ["--as-of", AS_OF, "-j", str(args.jobs), "-O", "json", "--no-progress"]
    commands = {name: audit + ["-o", str(base / f"{name}.json")] for name in trees}
    for name, env in envs.items():
        timed_audit(commands[name], env)
    walls: dict[str, list[float]] = {"this": [], "ref": []}
    cpus: dict[str, list[float]] = {"this": [], "ref": []}
    for _ in range(args.audit_runs):
        for name, env in envs.items():
            wall, cpu = timed_audit(commands[name], env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    rates = {name: args.decks / statistics.median(values) for name, values in walls.items()}
    cpu_ms = {name: statistics.median(values) / args.decks * 1000 for name, values in cpus.items()}
    print(f"audit of {args.decks} decks, -j {args.jobs}, {args.audit_runs} alternating runs:")
    for name in ("this", "ref"):
        print(f"  {name:4}  {rates[name]:8,.0f} decks/s (median)  {cpu_ms[name]:.3f} ms CPU per deck (all processes)")
    print(f"  this / ref: {rates['this'] / rates['ref']:.3f} in decks/s, {cpu_ms['ref'] / cpu_ms['this']:.3f} in CPU")
    same = abs(med["this"] / med["ref"] - 1) <= 0.05 and rates["this"] / rates["ref"] >= 0.95
    print("WITHIN 5% of the reference" if same else "OUTSIDE 5% of the reference")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
