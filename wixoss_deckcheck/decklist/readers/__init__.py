"""The reader registry, the one list of decklist file kinds: which file endings are decklists
(for ``audit``'s walk and the pre-commit hook) and which reader reads each.

A reader is a module of this folder that registers its function with ``@reader``::

    @reader("cod", suffixes=(".cod",), anywhere=(".cod",))
    def read(text: str, path: str) -> Deck: ...

``suffixes`` are the file endings it reads; ``anywhere`` those that mark a decklist
wherever it is in a repository (the others only under a ``decks/`` folder, or as
``name.deck.<suffix>``); ``binary`` readers get the file's bytes (``magic``: how standard
input shows it is theirs), the others its decoded text. The modules are found by listing
this folder and imported on first use, so a reader module keeps its own imports light
(its parser imported inside the function). Adding a reader is adding its module (and a
test); ``python tools/pre_commit_hook.py --write`` then puts a new ending in the hook.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.model.deck import Deck


class Reader(NamedTuple):
    """A registered reader: ``read(text or bytes, path) -> Deck``."""

    kind: str
    suffixes: tuple[str, ...]
    read: Callable[[Any, str], Deck]
    anywhere: tuple[str, ...] = ()
    binary: bool = False
    magic: bytes | None = None


_READERS: dict[str, Reader] = {}
_FOUND: list[bool] = []


def reader(
    kind: str,
    suffixes: tuple[str, ...],
    *,
    anywhere: tuple[str, ...] = (),
    binary: bool = False,
    magic: bytes | None = None,
) -> Callable[[Callable[[Any, str], Deck]], Callable[[Any, str], Deck]]:
    """Decorator: register the reader of decklists of ``kind`` (file endings ``suffixes``, lower case)."""

    def wrap(function: Callable[[Any, str], Deck]) -> Callable[[Any, str], Deck]:
        taken = {suffix for other in _READERS.values() if other.kind != kind for suffix in other.suffixes}
        if kind in _READERS or taken & set(suffixes) or not set(anywhere) <= set(suffixes):
            raise ValueError(f"reader {kind!r}: a kind or file ending read twice, or 'anywhere' not among its suffixes")
        _READERS[kind] = Reader(kind, tuple(suffixes), function, tuple(anywhere), binary, magic)
        return function

    return wrap


def readers_by_kind() -> dict[str, Reader]:
    """Every reader by kind (the reader modules are imported the first time)."""
    if not _FOUND:
        folder = os.path.dirname(os.path.abspath(__file__))
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and not name.startswith("_"):
                importlib.import_module(f"{__name__}.{name[:-3]}")
        _FOUND.append(True)  # only once every reader module is in
    return _READERS


def reader_of_suffix(suffix: str) -> Reader | None:
    """The reader of a file ending (``.YAML`` as ``.yaml``), or None."""
    suffix = suffix.lower()
    return next((item for item in readers_by_kind().values() if suffix in item.suffixes), None)


def deck_suffixes() -> tuple[str, ...]:
    """Every file ending a decklist may have, in the readers' order."""
    return tuple(suffix for item in readers_by_kind().values() for suffix in item.suffixes)


def hook_endings() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """What the pre-commit hook matches: every decklist ending (under a ``decks/`` folder); the
    ``anywhere`` ones; the other text endings, which mark a deck anywhere as ``name.deck<ending>``."""
    found = readers_by_kind().values()
    anywhere = tuple(s for item in found for s in item.anywhere)
    compound = tuple(s for item in found if not item.binary for s in item.suffixes if s not in anywhere)
    return deck_suffixes(), anywhere, compound


def hook_files_pattern() -> str:
    """The pre-commit hook's ``files:`` pattern (:func:`hook_endings`)."""
    every, anywhere, compound = ("|".join(re.escape(s[1:]) for s in endings) for endings in hook_endings())
    return rf"(^|/)decks?/(.+/)?[^/]+\.({every})$|\.({anywhere})$|\.deck\.({compound})$"
