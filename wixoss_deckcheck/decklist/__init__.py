"""Decklists: plain text, YAML, JSON and Cockatrice ``.cod``, all to one :class:`Deck`."""

from __future__ import annotations

import os
import re
from pathlib import Path

from wixoss_deckcheck.decklist.reading import decode_deck, read_deck_bytes
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry

#: File endings the tools treat as decklists (for audits and pre-commit hooks).
DECK_SUFFIXES = (".txt", ".deck", ".yaml", ".yml", ".json", ".cod")


#: The longest run of digits a decklist may hold: Python refuses to convert more than
#: 4,300 digits to a number, so with this bound no reader fails on one (each then says
#: the count is out of range, 1-99). A text this short cannot hold a longer number, so
#: the usual deck is never searched.
MAX_DIGITS = 4300
_LONG_NUMBER = re.compile(rf"[\d_]{{{MAX_DIGITS + 1}}}")
# What no card name or deck name may hold once escapes (``\u001b``, ``\ud800``) are read.
_UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_HIGH, _LOW = r"\\u[dD][89abAB][0-9a-fA-F]{2}", r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
_LONE_SURROGATE = re.compile(f"{_HIGH}(?!{_LOW})|(?<!{_HIGH}){_LOW}|\\\\U0000[dD][89a-fA-F][0-9a-fA-F]{{2}}")


def parse_deck_text(text: str, path: str, kind: str | None = None) -> Deck:
    """Parse decklist text; ``kind`` is ``text``, ``yaml``, ``json`` or ``cod`` (default: by suffix).

    Every reader gets the same guards first: no number longer than :data:`MAX_DIGITS`
    digits; and a YAML or JSON deck whose escapes spell a control character or a lone
    surrogate in a name is refused (it could not be printed safely).
    """
    kind = kind or kind_of(path)
    if len(text) > MAX_DIGITS:
        _refuse_long_numbers(text, path)
    if kind in ("yaml", "json"):
        from wixoss_deckcheck.decklist.structured import parse_structured_deck

        escapes = "\\" in text
        if escapes:
            _refuse_lone_surrogates(text, path)
        deck = parse_structured_deck(text, path)
        if escapes:
            _refuse_unprintable(deck)
        return deck
    if kind == "cod":
        from wixoss_deckcheck.decklist.cockatrice import parse_cockatrice_deck

        return parse_cockatrice_deck(text, path)
    from wixoss_deckcheck.decklist.text import parse_text_deck

    return parse_text_deck(text, path)


def _refuse_long_numbers(text: str, path: str) -> None:
    found = _LONG_NUMBER.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise InputError(f"a number of more than {MAX_DIGITS:,} digits; copy counts are 1-99", path, line)


def _refuse_lone_surrogates(text: str, path: str) -> None:
    """JSON reads an escaped lone surrogate (PyYAML does not): refused before either reads it."""
    found = _LONE_SURROGATE.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise InputError(f"a lone surrogate ({found.group()}) cannot be printed", path, line)


def _refuse_unprintable(deck: Deck) -> None:
    for what, value, line in (("deck name", deck.name, None), ("format", deck.format, deck.format_line)):
        if isinstance(value, str) and _UNPRINTABLE.search(value):
            raise InputError(f"a control character or lone surrogate in the {what}", deck.path, line)
    for entry in deck.entries:
        if _UNPRINTABLE.search(entry.query):
            raise InputError("a control character or lone surrogate in a card name", deck.path, entry.line)


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
