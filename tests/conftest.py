"""Shared test fixtures: the real card data in ../shared, a full pool built from it,
and an isolated data/cache directory for every test run.

Tests that read ``../shared`` (the real card data, decklists and official sheets, which sit
beside the repository and are never copied into it) say so in one of two ways: the
``shared`` marker (``pytestmark = pytest.mark.shared`` or ``@pytest.mark.shared``), or a
fixture that asks for :func:`shared_dir` (as the pool fixtures below and the local card
data sites do); a test using such a fixture is marked for it. Without ``../shared`` they
are all skipped with one reason, :data:`SHARED_REASON`; with
``WIXOSS_DECKCHECK_REQUIRE_SHARED=1`` (set by ``.ci/run``) a missing ``../shared`` fails
the run instead, so CI never passes by skipping. ``tests/test_tiers.py`` checks that every
test naming a path into ``../shared`` says so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests: while working (the default profile) each run draws new examples, so the
# generators keep exploring; CI (`.ci/run` sets HYPOTHESIS_PROFILE=ci) draws the same
# examples on every run, so a submission's verdict does not depend on a lucky draw. A
# failure found while working is kept as an @example of its test.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CARDDATA = SHARED / "carddata"
DECKS = SHARED / "decks"
EXAMPLES = ROOT / "examples"

SHARED_REASON = "needs ../shared (the real card data and decklists) beside the repository"
REQUIRE_SHARED = os.environ.get("WIXOSS_DECKCHECK_REQUIRE_SHARED", "") not in ("", "0")


def have_shared() -> bool:
    return SHARED.is_dir()


def _missing_shared_message(what: str) -> str:
    return f"WIXOSS_DECKCHECK_REQUIRE_SHARED is set but {SHARED} is missing ({what}: {SHARED_REASON})"


def need_shared() -> None:
    """Skip the running test when ../shared is missing (fail it under WIXOSS_DECKCHECK_REQUIRE_SHARED)."""
    if have_shared():
        return
    if REQUIRE_SHARED:
        pytest.fail(_missing_shared_message("this test"), pytrace=False)
    pytest.skip(SHARED_REASON)


def pytest_collection_modifyitems(config, items):
    """Mark the tests whose fixtures ask for ``shared_dir``; without ../shared, skip every marked test
    with the one reason (before any other skip, such as an empty parameter list of shared
    decks), or stop the run when ../shared is required."""
    for item in items:
        if "shared_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.shared)
    if have_shared():
        return
    needing = [item for item in items if item.get_closest_marker("shared") is not None]
    if needing and REQUIRE_SHARED:
        raise pytest.UsageError(_missing_shared_message(f"{len(needing)} tests"))
    for item in needing:
        item.add_marker(pytest.mark.skip(reason=SHARED_REASON), append=False)


@pytest.fixture(scope="session", autouse=True)
def isolated_dirs(tmp_path_factory):
    """Keep the user's real data and cache directories out of every test."""
    base = tmp_path_factory.mktemp("wdc-home")
    saved = {
        key: os.environ.get(key)
        for key in ("WIXOSS_DECKCHECK_DATA_DIR", "WIXOSS_DECKCHECK_CACHE_DIR", "WIXOSS_DECKCHECK_CARDPOOL", "NO_COLOR")
    }
    os.environ["WIXOSS_DECKCHECK_DATA_DIR"] = str(base / "data")
    os.environ["WIXOSS_DECKCHECK_CACHE_DIR"] = str(base / "cache")
    os.environ.pop("WIXOSS_DECKCHECK_CARDPOOL", None)
    yield base
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared``, for a fixture or test that reads it (skipped, or failed under
    WIXOSS_DECKCHECK_REQUIRE_SHARED, when it is missing)."""
    need_shared()
    return SHARED


@pytest.fixture(scope="session")
def full_pool_path(tmp_path_factory, shared_dir) -> Path:
    """A full card pool built by the real importer from ../shared/carddata/wixossreact."""
    from wixoss_deckcheck.importers.common import build_pool_document, write_pool
    from wixoss_deckcheck.importers.wixossreact import import_wixossreact

    cards, source = import_wixossreact(CARDDATA / "wixossreact")
    target = tmp_path_factory.mktemp("pool") / "pool.json"
    write_pool(build_pool_document(cards, [source]), target)
    return target


@pytest.fixture(scope="session")
def full_pool(full_pool_path):
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    return CardPool.load(PoolLocation(full_pool_path, "option"))


@pytest.fixture(scope="session")
def merged_pool_path(tmp_path_factory, shared_dir) -> Path:
    """The pool ``cardpool build --from ../shared/carddata`` makes: every source merged."""
    from wixoss_deckcheck.importers.build import build_pool, discover_sources
    from wixoss_deckcheck.importers.common import write_pool

    document, _result = build_pool(discover_sources(CARDDATA))
    target = tmp_path_factory.mktemp("merged") / "pool.json"
    write_pool(document, target)
    return target


@pytest.fixture(scope="session")
def merged_pool(merged_pool_path):
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    return CardPool.load(PoolLocation(merged_pool_path, "option"))


def run_main(capsys, *args) -> tuple[int, str, str]:
    """Run the console-script entry point in-process: (exit code, stdout, stderr)."""
    from wixoss_deckcheck.cli import main

    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def typed(value):
    """A form of plain data where 1, 1.0 and True differ (== alone would call them equal):
    what the YAML readers' agreement tests compare."""
    if isinstance(value, dict):
        return ("map", tuple((typed(k), typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("seq", tuple(typed(item) for item in value))
    return (type(value).__name__, repr(value))
