"""Throughput benchmark: ``audit`` of 10,000 decks with the full card pool and ``-j 2``.

The decks are made here, from the shared real decklists (the Diva starters
WXDi-D01..D03 and the All-Star starter WD01) and the full pool built from the
shared card data: legal decks (lines shuffled, written as text, YAML, JSON and
Cockatrice .cod), illegal ones (a fifth copy, a missing card, a card from another
era, an extra LRIG) and a few with a misspelt card. The audit must agree with how
each deck was made. Prints decks/s (target: at least 5,000) and the cost per deck.

    python bench/bench_audit.py [--decks N] [--jobs J] [--installed]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DECKS, build_full_pool, isolated_environment, run, temp_base, tool_command  # noqa: E402

TARGET = 5000
AS_OF = "2026-11-30"


def read_text_deck(path: Path) -> tuple[str, list[tuple[int, str]], list[str]]:
    """(format, main [(count, number)], lrig [number]) of a shared text deck by card number."""
    fmt, main, lrig, section = "diva", [], [], None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.lower().startswith("# format:"):
            fmt = line.split(":", 1)[1].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]").lower()
            continue
        parts = line.split()
        count, number = (int(parts[0]), parts[1]) if len(parts) == 2 else (1, parts[0])
        if section == "main":
            main.append((count, number))
        else:
            lrig.extend([number] * count)
    return fmt, main, lrig


def write_deck(folder: Path, index: int, fmt: str, main: list[tuple[int, str]], lrig: list[str], kind: str) -> None:
    stem = folder / f"{index // 1000:02d}" / f"deck{index:05d}"
    stem.parent.mkdir(exist_ok=True)
    if kind == "txt":
        text = (
            f"# format: {fmt}\n[main]\n"
            + "".join(f"{c} {n}\n" for c, n in main)
            + "[lrig]\n"
            + "".join(f"{n}\n" for n in lrig)
        )
    elif kind == "yaml":
        text = (
            f"format: {fmt}\nmain:\n"
            + "".join(f"  - {{card: {n}, count: {c}}}\n" for c, n in main)
            + "lrig:\n"
            + "".join(f"  - {n}\n" for n in lrig)
        )
    elif kind == "json":
        text = json.dumps(
            {"format": fmt, "main": [{"card": n, "count": c} for c, n in main], "lrig": [{"card": n} for n in lrig]},
            indent=1,
        )
    else:
        text = (
            '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n <zone name="main">\n'
            + "".join(f'  <card number="{c}" name="{n}"/>\n' for c, n in main)
            + ' </zone>\n <zone name="side">\n'
            + "".join(f'  <card number="1" name="{n}"/>\n' for n in lrig)
            + " </zone>\n</cockatrice_deck>\n"
        )
    Path(f"{stem}.{kind}").write_text(text, encoding="utf-8")


def make_decks(folder: Path, pool_path: Path, count: int, seed: int = 6) -> dict[str, int]:
    """Write ``count`` decks; return how many of each kind were made (legal, illegal, unknown)."""
    rng = random.Random(seed)
    bases = [read_text_deck(path) for path in sorted((DECKS / "text").glob("*.txt"))]
    pool = json.loads(pool_path.read_text(encoding="utf-8"))
    old_signi = [c["number"] for c in pool["cards"] if c["type"] == "SIGNI" and c["number"].startswith("WX0")]
    made = {"legal": 0, "illegal": 0, "unknown": 0}
    for index in range(count):
        fmt, main, lrig = rng.choice(bases)
        main, lrig = list(main), list(lrig)
        rng.shuffle(main)
        roll = rng.random()
        if roll < 0.005:  # a misspelt card: an input problem
            position = rng.randrange(len(main))
            main[position] = (main[position][0], main[position][1].replace("-0", "-9", 1) + "Z")
            made["unknown"] += 1
        elif roll < 0.40:
            mutation = rng.randrange(4)
            if mutation == 0:  # a fifth copy
                main[0] = (5, main[0][1])
            elif mutation == 1:  # one card short
                main[-1] = (main[-1][0] - 1, main[-1][1]) if main[-1][0] > 1 else main[-1]
                if main[-1][0] == 1:
                    main.pop()
            elif mutation == 2 and fmt == "diva":  # a card from another era
                main[0] = (main[0][0], rng.choice(old_signi))
            else:  # the LRIG deck gets one card too many
                lrig.append(lrig[0])
            made["illegal"] += 1
        else:
            made["legal"] += 1
        kind = rng.choice(("txt", "txt", "yaml", "json", "cod"))
        if kind == "cod" and fmt != "diva":
            kind = "txt"  # a .cod file has no format header, and a deck without one is judged as Diva
        write_deck(folder, index, fmt, main, lrig, kind)
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3, help="timed audits (the best and median are shown)")
    parser.add_argument("--installed", action="store_true", help="time the installed console script")
    args = parser.parse_args()

    base = temp_base("wdc-bench-audit-")
    env = isolated_environment(base)
    pool = build_full_pool(base / "pool.json")
    folder = base / "decks"
    folder.mkdir()
    made = make_decks(folder, pool, args.decks)
    report = base / "report.json"
    command = tool_command(args.installed) + [
        "audit",
        "--no-config",
        str(folder),
        "--cardpool",
        str(pool),
        "--as-of",
        AS_OF,
        "-j",
        str(args.jobs),
        "-O",
        "json",
        "-o",
        str(report),
        "--no-progress",
    ]
    run(command, env)  # warm-up: fills the pool and format caches
    walls, cpus = [], []
    for _ in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = run(command, env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        if done.returncode not in (1, 2):
            raise SystemExit(f"audit failed ({done.returncode}):\n{done.stderr[-2000:]}")
    summary = json.loads(report.read_text(encoding="utf-8"))["summary"]
    expected_bad = made["illegal"] + made["unknown"]
    if (
        summary["total"] != args.decks
        or summary["legal"] != made["legal"]
        or summary["illegal"] + summary["unreadable"] != expected_bad
    ):
        raise SystemExit(f"the audit disagrees with the generated decks: {summary} vs {made}")

    ordered = sorted(walls)
    best, median = ordered[0], ordered[len(ordered) // 2]
    cpu = sorted(cpus)[len(cpus) // 2]
    rate = args.decks / median
    print(
        f"decks: {args.decks} ({made['legal']} legal, {made['illegal']} illegal, {made['unknown']} with an unknown "
        f"card; text/YAML/JSON/.cod)  pool: full  jobs: {args.jobs}  runs: {args.runs}"
    )
    print(f"audit wall time: median {median:.2f} s, best {best:.2f} s (start-up and JSON report included)")
    print(f"throughput: {rate:,.0f} decks/s (median), {args.decks / best:,.0f} decks/s (best); target >= {TARGET:,}")
    print(
        f"cost per deck: {median / args.decks * 1000:.3f} ms wall, {cpu / args.decks * 1000:.3f} ms CPU (all processes)"
    )
    print(f"violations per code: {summary['violations_per_code']}")
    verdict = "MEETS" if rate >= TARGET else "MISSES"
    print(f"{verdict} the throughput target")
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
