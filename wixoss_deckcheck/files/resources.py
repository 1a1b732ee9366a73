"""Where the shipped data lives: format tables, schemas, the sample card pool, messages.

Installed, the folders ``formats/`` and ``cardpool/`` of the source tree are package
data (``wixoss_deckcheck/formats`` and ``wixoss_deckcheck/cardpool``). In a source
checkout they sit next to the package; both layouts are found.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def data_dir(name: str) -> Path:
    """Return the directory of the shipped data folder ``name`` (formats, cardpool)."""
    installed = _PACKAGE_DIR / name
    if installed.is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"shipped data folder {name!r} is missing from the installation")


def formats_dir() -> Path:
    return data_dir("formats")


def cardpool_dir() -> Path:
    return data_dir("cardpool")


def messages_dir() -> Path:
    return _PACKAGE_DIR / "messages"


def sample_pool_path() -> Path:
    return cardpool_dir() / "sample-pool.json"


def schemas_dir() -> Path:
    """The JSON Schemas of the tool's own files (decks, settings, aliases, policies, records)."""
    return _PACKAGE_DIR / "schemas"
