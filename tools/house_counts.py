"""The house counts of issue 19, printed side by side with their targets.

    python tools/house_counts.py [--no-mypy]

Prints, for the ``wixoss_deckcheck`` package:

- lines of Python, and modules per sub-package (target: no sub-package over about 12);
- imports inside functions (ruff PLC0415; target 60 or fewer);
- blocks of radon grade C or worse per 1,000 lines (target at most 4) and the worst grade
  (target no worse than D);
- ``mypy --strict`` errors in the strictly typed packages (target 0);
- ruff's SIM and C90 findings (target 0).

It needs the ``lint`` extra and ``radon`` (``pip install ".[lint]"``). It exits 1 when a
target is missed, so ``.ci/run`` can run it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wixoss_deckcheck"

# The packages `mypy --strict` must pass on (issue 19); keep in step with .ci/run.
STRICT_PACKAGES = ("model", "checks", "tables", "engine/game")
MAX_LAZY_IMPORTS = 60
MAX_C_PER_KLOC = 4.0
WORST_ALLOWED = "D"
MAX_MODULES = 12


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def python_lines() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py"))


def modules_per_package() -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in PACKAGE.rglob("*.py"):
        counts[str(path.parent.relative_to(ROOT))] += 1
    return counts


def ruff_count(rules: str) -> int:
    done = _run([sys.executable, "-m", "ruff", "check", "--select", rules, "--output-format", "json",
                 "--no-cache", "--exit-zero", str(PACKAGE)])
    return len(json.loads(done.stdout or "[]"))


def radon_blocks() -> list[tuple[str, str, int, str]]:
    done = _run([sys.executable, "-m", "radon", "cc", "-j", str(PACKAGE)])
    blocks = []
    for path, items in json.loads(done.stdout).items():
        if not isinstance(items, list):
            continue
        for item in items:
            if item["rank"] >= "C":
                name = f"{item.get('classname') + '.' if item.get('classname') else ''}{item['name']}"
                blocks.append((str(Path(path).relative_to(ROOT)), name, item["complexity"], item["rank"]))
    return blocks


def mypy_strict_errors() -> int:
    paths = [str(PACKAGE / p) for p in STRICT_PACKAGES if (PACKAGE / p).exists()]
    if not paths:
        return -1
    done = _run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *paths])
    return sum(1 for line in done.stdout.splitlines() if ": error:" in line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-mypy", action="store_true", help="skip the mypy --strict count (slow)")
    parser.add_argument("--list", action="store_true", help="list the radon C-or-worse blocks")
    args = parser.parse_args()

    missed = []
    lines = python_lines()
    print(f"lines of Python in wixoss_deckcheck/: {lines:,}")
    counts = modules_per_package()
    engine = {pkg: n for pkg, n in sorted(counts.items()) if pkg.startswith("wixoss_deckcheck/engine")}
    print("engine modules per sub-package: " + ", ".join(f"{pkg.split('/', 1)[1]} {n}" for pkg, n in engine.items()))
    big = {pkg: n for pkg, n in engine.items() if n > MAX_MODULES}
    if big:
        missed.append(f"engine sub-packages over {MAX_MODULES} modules")
    others = {pkg.split("/", 1)[1]: n for pkg, n in sorted(counts.items()) if n > MAX_MODULES and pkg not in engine}
    print(f"other packages over {MAX_MODULES} modules (for information): {others or 'none'}")

    lazy = ruff_count("PLC0415")
    print(f"imports inside functions (PLC0415): {lazy} (target <= {MAX_LAZY_IMPORTS})")
    if lazy > MAX_LAZY_IMPORTS:
        missed.append("lazy imports")

    blocks = radon_blocks()
    per_kloc = len(blocks) / lines * 1000
    worst = max((b[3] for b in blocks), default="A")
    print(f"radon C-or-worse blocks: {len(blocks)}, {per_kloc:.2f} per 1,000 lines (target <= {MAX_C_PER_KLOC}); "
          f"worst grade {worst} (target no worse than {WORST_ALLOWED})")
    print("  by grade: " + ", ".join(f"{g} {n}" for g, n in sorted(Counter(b[3] for b in blocks).items())))
    if args.list:
        for path, name, complexity, rank in sorted(blocks, key=lambda b: -b[2]):
            print(f"  {rank} {complexity:3d} {path}:{name}")
    if per_kloc > MAX_C_PER_KLOC or worst > WORST_ALLOWED:
        missed.append("complexity")

    sim_c90 = ruff_count("SIM,C90")
    print(f"ruff SIM and C90 (max-complexity 15) findings: {sim_c90} (target 0)")
    if sim_c90:
        missed.append("SIM/C90")

    if not args.no_mypy:
        strict = mypy_strict_errors()
        print(f"mypy --strict errors in {', '.join(STRICT_PACKAGES)}: {strict} (target 0)")
        if strict != 0:
            missed.append("mypy --strict")

    print("MEETS every target" if not missed else "MISSES: " + ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
