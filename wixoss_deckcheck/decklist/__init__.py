"""Decklists: plain text, YAML, JSON and Cockatrice ``.cod``, all to one :class:`Deck`."""

from __future__ import annotations

import os
from pathlib import Path

from wixoss_deckcheck.decklist.reading import decode_deck, read_deck_bytes
from wixoss_deckcheck.model.deck import Deck, DeckEntry

#: File endings the tools treat as decklists (for audits and pre-commit hooks).
DECK_SUFFIXES = (".txt", ".deck", ".yaml", ".yml", ".json", ".cod")


def parse_deck_text(text: str, path: str, kind: str | None = None) -> Deck:
    """Parse decklist text; ``kind`` is ``text``, ``yaml``, ``json`` or ``cod`` (default: by suffix)."""
    kind = kind or kind_of(path)
    if kind in ("yaml", "json"):
        from wixoss_deckcheck.decklist.structured import parse_structured_deck

        return parse_structured_deck(text, path)
    if kind == "cod":
        from wixoss_deckcheck.decklist.cockatrice import parse_cockatrice_deck

        return parse_cockatrice_deck(text, path)
    from wixoss_deckcheck.decklist.text import parse_text_deck

    return parse_text_deck(text, path)


_KINDS = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".cod": "cod"}


def kind_of(path: str) -> str:
    """The reader a file name calls for: ``yaml``, ``json``, ``cod`` or ``text``."""
    return _KINDS.get(os.path.splitext(path)[1].lower(), "text")


def load_deck(path: str | Path, encoding: str | None = None) -> Deck:
    """Read and parse one decklist file. Problems raise InputError with file and line."""
    name = str(path)
    text = decode_deck(read_deck_bytes(path), name, encoding)
    return parse_deck_text(text, name)


__all__ = ["Deck", "DeckEntry", "DECK_SUFFIXES", "load_deck", "parse_deck_text", "kind_of"]
