"""Decklists: plain text, YAML, JSON (webxoss exports too), Cockatrice ``.cod`` and the
official decklist sheet (``.xlsx``), all to one :class:`Deck`."""

from __future__ import annotations

import os
import re
from pathlib import Path

from wixoss_deckcheck.decklist.reading import decode_deck, read_deck_bytes
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry

#: File endings the tools treat as decklists (for audits and pre-commit hooks).
DECK_SUFFIXES = (".txt", ".deck", ".yaml", ".yml", ".json", ".cod", ".xlsx")


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
    """Parse decklist text; ``kind`` is ``text``, ``yaml``, ``json`` or ``cod`` (default: by
    suffix; a ``.txt`` file that holds a Cockatrice deck or a JSON document is read as one).

    Every reader gets the same guards first: no number longer than :data:`MAX_DIGITS`
    digits; and a YAML or JSON deck whose escapes spell a control character or a lone
    surrogate in a name is refused (it could not be printed safely).
    """
    kind = kind or kind_of(path)
    start = text.lstrip("\ufeff \t\r\n")
    if not start:
        raise InputError("the file is empty" if path != STDIN else "standard input is empty", path)
    if kind == "text" or kind == "stdin":
        kind = _kind_of_text(start, kind)
    if len(text) > MAX_DIGITS:
        _refuse_long_numbers(text, path)
    if kind in ("yaml", "json"):
        from wixoss_deckcheck.decklist.structured import parse_structured_deck

        escapes = "\\" in text
        if escapes:
            _refuse_lone_surrogates(text, path)
        deck = parse_structured_deck(text, path, kind == "json")
        if escapes:
            _refuse_unprintable(deck)
        return deck
    if kind == "cod":
        from wixoss_deckcheck.decklist.cockatrice import parse_cockatrice_deck

        return parse_cockatrice_deck(text, path)
    from wixoss_deckcheck.decklist.text import parse_text_deck

    deck = parse_text_deck(text, path)
    if not deck.entries:
        raise InputError("no card lines in the decklist", path)
    return deck


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


def _kind_of_text(start: str, kind: str) -> str:
    """The reader a text file (or standard input) calls for, by its first characters:
    XML is a Cockatrice deck, ``{`` a JSON document; on standard input, ``main:``/``lrig:``
    keys make YAML. Card lines never start with ``<`` or ``{``."""
    if start.startswith("<"):
        return "cod"
    if start.startswith("{"):
        return "json"
    if kind == "stdin" and re.search(r"^(?:main|lrig):[ \t]*(?:\r?\n|$|\[)", start, re.MULTILINE):
        return "yaml"
    return "text"


STDIN = "<stdin>"

_KINDS = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".cod": "cod", ".xlsx": "sheet", ".xlsm": "sheet"}


def kind_of(path: str) -> str:
    """The reader a file name calls for: ``yaml``, ``json``, ``cod``, ``sheet`` (xlsx) or ``text``."""
    return _KINDS.get(os.path.splitext(path)[1].lower(), "text")


def load_deck(path: str | Path, encoding: str | None = None) -> Deck:
    """Read and parse one decklist file (``-``: standard input, ``.xlsx``: a decklist sheet).
    Problems raise InputError with file and line."""
    name = str(path)
    if name == "-":
        from wixoss_deckcheck.decklist.reading import read_stdin_bytes

        data, name, kind = read_stdin_bytes(), STDIN, "stdin"
    else:
        data, kind = read_deck_bytes(path), kind_of(name)
    if kind == "sheet" or (kind == "stdin" and data.startswith(b"PK\x03\x04")):
        from wixoss_deckcheck.decklist.sheet import read_sheet_deck

        return read_sheet_deck(data, name)
    text = decode_deck(data, name, encoding)
    return parse_deck_text(text, name, kind)


__all__ = ["Deck", "DeckEntry", "DECK_SUFFIXES", "load_deck", "parse_deck_text", "kind_of"]
