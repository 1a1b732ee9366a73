"""The user's data directory, where ``cardpool import`` installs the full pool.

``WIXOSS_DECKCHECK_DATA_DIR`` overrides the platform default (XDG on Linux:
``~/.local/share/wixoss-deckcheck``), which tests and CI use to stay sandboxed.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "WIXOSS_DECKCHECK_DATA_DIR"


def user_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir as platform_data_dir

    return Path(platform_data_dir("wixoss-deckcheck", appauthor=False))


def installed_pool_path() -> Path:
    return user_data_dir() / "cardpool.json"


CACHE_DIR_ENV = "WIXOSS_DECKCHECK_CACHE_DIR"


def user_cache_dir() -> Path:
    """Where derived, rebuildable files live (the compact pool cache, validated tables)."""
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir as platform_cache_dir

    return Path(platform_cache_dir("wixoss-deckcheck", appauthor=False))
