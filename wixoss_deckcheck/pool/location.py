"""Which card pool file a run uses: ``--cardpool``, else ``$WIXOSS_DECKCHECK_CARDPOOL``,
else the installed pool (``cardpool build``/``import``), else the small shipped sample."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from wixoss_deckcheck.files.dirs import installed_pool_path
from wixoss_deckcheck.files.resources import sample_pool_path

POOL_ENV = "WIXOSS_DECKCHECK_CARDPOOL"


class PoolLocation(NamedTuple):
    """Which pool file is used, and why (``option``, ``settings``: the settings file's
    ``cardpool``, ``env``, ``installed``, ``sample``)."""

    path: Path
    origin: str

    @property
    def is_sample(self) -> bool:
        return self.origin == "sample"


def locate_pool(option: str | os.PathLike | None = None) -> PoolLocation:
    """Choose the card pool file (see the module doc for the order)."""
    if option:
        return PoolLocation(Path(option), "option")
    env = os.environ.get(POOL_ENV)
    if env:
        return PoolLocation(Path(env), "env")
    installed = installed_pool_path()
    if installed.is_file():
        return PoolLocation(installed, "installed")
    return PoolLocation(sample_pool_path(), "sample")
