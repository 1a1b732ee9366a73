"""Legality over time (issue 23): ``check --history`` and ``audit --changed-since``.

Two figures, each a ratio against its plain command in the same run (alternated, so
that the machine's noise hits both alike):

* ``check DECK --history`` of a real deck over 2014-2026 in all three formats, against a
  plain ``check DECK`` of the same deck (full pool, warm caches); target at most 3x.
* ``audit FOLDER --changed-since DATE`` over 10,000 generated decks (``bench_audit``'s
  decks: real starters, legal and illegal, text, YAML, JSON and .cod), against ``audit
  FOLDER``; target: at least half the plain audit's decks per second.

    python bench/bench_history.py [--runs N] [--decks N] [--jobs J] [--installed]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, build_full_pool, isolated_environment, run, temp_base, timed, timed_audit, tool_command  # noqa: E402
from bench_audit import AS_OF, make_decks  # noqa: E402

HISTORY_TARGET = 3.0  # --history at most 3 x a plain check
CHANGED_TARGET = 0.5  # --changed-since at least half as fast as audit
#: The day before the Mayu's Room update of 2025-09-16 (a Diva limit), so that some decks
#: of the generated folder change verdict and the slow path is exercised too.
SINCE = "2025-09-15"
#: Real decks of the first and the last era: WD01 (2014, the whole range by itself) and a
#: Diva starter given --from 2014-04-26 so its history spans 2014-2026 too.
DECKS = [
    (ROOT / "tests/realdecks/all-star/2014-04-26-wd01-white-hope.txt", []),
    (ROOT / "tests/realdecks/diva/2025-04-26-wx25-cd1-blue-archive.txt", ["--from", "2014-04-26"]),
]


def _median_pair(first: list[str], second: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median wall times of two commands run alternately ``runs`` times (after a warm-up)."""
    for _ in range(2):
        timed(first, env)
        timed(second, env)
    a, b = [], []
    for _ in range(runs):
        a.append(timed(first, env))
        b.append(timed(second, env))
    return statistics.median(a), statistics.median(b)


def history_figures(env: dict[str, str], tool: list[str], runs: int) -> bool:
    ok = True
    for deck, extra in DECKS:
        plain = tool + ["check", "--no-config", str(deck), "--as-of", AS_OF]
        history = plain + ["--history", *extra]
        shown = run(history, env)
        if shown.returncode not in (0, 1) or shown.stdout.count(" — ") != 3:
            raise SystemExit(f"--history did not give the three formats:\n{shown.stdout}{shown.stderr}")
        periods = sum(int(line.rsplit(":", 1)[1].split()[0]) for line in shown.stdout.splitlines() if " — " in line)
        with_history, without = _median_pair(history, plain, env, runs)
        ratio = with_history / without
        ok = ok and ratio <= HISTORY_TARGET
        print(
            f"{deck.name} {' '.join(extra)}: --history (3 formats, {periods} periods) median "
            f"{with_history * 1000:.0f} ms, plain check {without * 1000:.0f} ms: ratio {ratio:.2f} "
            f"(target <= {HISTORY_TARGET})"
        )
    return ok


def _deck_count(report: object) -> int | None:
    """The number of decks a --changed-since JSON report says it compared."""
    if isinstance(report, dict):
        for key in ("decks", "checked", "total"):
            if isinstance(report.get(key), int):
                return int(report[key])
        for value in report.values():
            found = _deck_count(value)
            if found is not None:
                return found
    return None


def changed_figures(env: dict[str, str], tool: list[str], base: Path, pool: Path, args: argparse.Namespace) -> bool:
    folder = base / "decks"
    folder.mkdir()
    make_decks(folder, pool, args.decks)
    common = tool + ["audit", "--no-config", str(folder), "--cardpool", str(pool), "--as-of", AS_OF]
    common += ["-j", str(args.jobs), "-O", "json", "--no-progress"]
    audit = common + ["-o", str(base / "audit.json")]
    changed = common + ["-o", str(base / "changed.json"), "--changed-since", SINCE]
    timed_audit(audit, env)  # warm-up: the pool and format caches
    timed_audit(changed, env)
    for report in ("audit.json", "changed.json"):
        checked = json.loads((base / report).read_text(encoding="utf-8"))
        if _deck_count(checked) != args.decks:
            raise SystemExit(f"{report}: the audit did not take the {args.decks} decks: {str(checked)[:400]}")
    plain_walls, changed_walls = [], []
    for _ in range(args.audit_runs):
        plain_walls.append(timed_audit(audit, env)[0])
        changed_walls.append(timed_audit(changed, env)[0])
    plain, since = statistics.median(plain_walls), statistics.median(changed_walls)
    plain_rate, changed_rate = args.decks / plain, args.decks / since
    ratio = changed_rate / plain_rate
    print(
        f"{args.decks} decks, -j {args.jobs}: audit {plain_rate:,.0f} decks/s, --changed-since {SINCE} "
        f"{changed_rate:,.0f} decks/s: ratio {ratio:.2f} (target >= {CHANGED_TARGET})"
    )
    return ratio >= CHANGED_TARGET


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="timed runs of each check command (default 11)")
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--audit-runs", type=int, default=3, help="timed runs of each audit (default 3)")
    parser.add_argument("--installed", action="store_true", help="time the installed console script")
    args = parser.parse_args()

    base = temp_base("wdc-bench-history-")
    env = isolated_environment(base)
    pool = build_full_pool(base / "pool.json")
    env["WIXOSS_DECKCHECK_CARDPOOL"] = str(pool)
    tool = tool_command(args.installed)
    history_ok = history_figures(env, tool, args.runs)
    changed_ok = changed_figures(env, tool, base, pool, args)
    for name, ok in (("--history", history_ok), ("--changed-since", changed_ok)):
        print(f"{'MEETS' if ok else 'MISSES'} the {name} target")
    return 0 if history_ok and changed_ok else 1


if __name__ == "__main__":
    sys.exit(main())
