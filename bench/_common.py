"""Helpers shared by the benchmarks: a full card pool built from ../shared, isolated dirs."""

from __future__ import annotations

import atexit
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CARDDATA = SHARED / "carddata" / "wixossreact"
DECKS = SHARED / "decks"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def isolated_environment(base: Path) -> dict[str, str]:
    """Environment variables that keep the benchmark's data and cache out of the user's."""
    env = dict(os.environ)
    env["WIXOSS_DECKCHECK_DATA_DIR"] = str(base / "data")
    env["WIXOSS_DECKCHECK_CACHE_DIR"] = str(base / "cache")
    env.pop("WIXOSS_DECKCHECK_CARDPOOL", None)
    env.pop("GITHUB_ACTIONS", None)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    # An installed package runs from compiled bytecode (pip compiles it at install time).
    # Measure that case: allow bytecode, and keep it out of the source tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(base / "pycache")
    return env


def build_full_pool(target: Path) -> Path:
    """Build the full card pool from the shared wixossreact CSVs with the project's importer."""
    from wixoss_deckcheck.importers.common import build_pool_document, write_pool
    from wixoss_deckcheck.importers.wixossreact import import_wixossreact

    cards, source = import_wixossreact(CARDDATA)
    write_pool(build_pool_document(cards, [source]), target)
    return target


def full_pool_environment(prefix: str) -> tuple[Path, dict[str, str], Path]:
    """A benchmark's own temporary folder, its isolated environment, and the full pool
    built there and named by the environment: (folder, environment, pool)."""
    base = temp_base(prefix)
    env = isolated_environment(base)
    pool = build_full_pool(base / "pool.json")
    env["WIXOSS_DECKCHECK_CARDPOOL"] = str(pool)
    return base, env, pool


def tool_command(installed: bool = False) -> list[str]:
    """``python -m wixoss_deckcheck`` from this checkout, or the installed console script."""
    if installed:
        script = shutil.which("wixoss-deckcheck")
        if not script:
            raise SystemExit("--installed: no wixoss-deckcheck on PATH")
        return [script]
    return [sys.executable, "-m", "wixoss_deckcheck"]


def run(command: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)


def timed(command: list[str], env: dict[str, str], exits: tuple[int, ...] = (0, 1)) -> float:
    """The wall time of one run of ``command``; any exit code outside ``exits`` stops the benchmark."""
    start = time.perf_counter()
    result = run(command, env)
    elapsed = time.perf_counter() - start
    if result.returncode not in exits:
        tail = (result.stdout + result.stderr)[-2000:]
        raise SystemExit(f"command failed ({result.returncode}): {' '.join(command)}\n{tail}")
    return elapsed


def timed_audit(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time and the CPU time (every process of it) of one ``audit`` run; exit codes
    0, 1 and 2 are an audit's verdicts (2: the generated decks' misspelt cards; callers
    check the report), anything else stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = run(command, env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1, 2):
        raise SystemExit(f"audit failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def temp_base(prefix: str) -> Path:
    """A fresh temporary folder for one benchmark run, removed when the run ends
    (kept when ``WDC_BENCH_KEEP=1``, to look at the decks and reports)."""
    base = Path(tempfile.mkdtemp(prefix=prefix))
    if os.environ.get("WDC_BENCH_KEEP") != "1":
        atexit.register(shutil.rmtree, base, ignore_errors=True)
    return base
