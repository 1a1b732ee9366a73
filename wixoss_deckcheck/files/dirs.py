"""The user's data directory, where ``cardpool update`` and ``cardpool build`` install the full pool.

``WIXOSS_DECKCHECK_DATA_DIR`` overrides the platform default (XDG on Linux:
``~/.local/share/wixoss-deckcheck``), which tests and CI use to stay sandboxed.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "WIXOSS_DECKCHECK_DATA_DIR"


def _directory(override_env: str, kind: str) -> Path:
    """The folder the environment variable names, else the platform's ``kind`` folder."""
    override = os.environ.get(override_env)
    if override:
        return Path(override)
    import platformdirs  # costs a few milliseconds: only when no folder is given

    folder: str = getattr(platformdirs, kind)("wixoss-deckcheck", appauthor=False)
    return Path(folder)


def user_data_dir() -> Path:
    return _directory(DATA_DIR_ENV, "user_data_dir")


def installed_pool_path() -> Path:
    return user_data_dir() / "cardpool.json"


CACHE_DIR_ENV = "WIXOSS_DECKCHECK_CACHE_DIR"


def user_cache_dir() -> Path:
    """Where derived, rebuildable files live (the compact pool cache, validated tables)."""
    return _directory(CACHE_DIR_ENV, "user_cache_dir")
