"""Decklists: plain text, YAML, JSON (webxoss exports too), Cockatrice ``.cod`` and the
official decklist sheet (``.xlsx``), all to one :class:`Deck`; which reader reads which
file is the reader registry's (:mod:`.readers`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from wixoss_deckcheck.decklist.readers import Reader, deck_suffixes, reader_of_suffix, readers_by_kind
from wixoss_deckcheck.decklist.reading import MAX_DECK_BYTES, decode_deck, read_deck_bytes
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry

#: File endings the tools treat as decklists (for audits and pre-commit hooks): the readers'.
DECK_SUFFIXES = deck_suffixes()


#: The longest run of digits a decklist may hold: Python refuses to convert more than
#: 4,300 digits to a number, so with this bound no reader fails on one (each then says
#: the count is out of range, 1-99). A text this short cannot hold a longer number, so
#: the usual deck is never searched.
MAX_DIGITS = 4300
_LONG_NUMBER = re.compile(rf"[\d_]{{{MAX_DIGITS + 1}}}")


def parse_deck_text(text: str, path: str, kind: str | None = None) -> Deck:
    """Parse decklist text; ``kind`` is a text reader's kind: ``text``, ``yaml``, ``json`` or
    ``cod`` (default: by suffix; a ``.txt`` file that holds a Cockatrice deck or a JSON
    document is read as one; any other kind is read as text).

    Every reader gets the same guards first: the text is not empty and holds no number
    longer than :data:`MAX_DIGITS` digits (a reader adds its own: a YAML or JSON deck whose
    escapes spell a control character or a lone surrogate in a name is refused).
    """
    kind = kind or kind_of(path)
    start = text.lstrip("\ufeff \t\r\n")
    if not start:
        raise InputError("the file is empty" if path != STDIN else "standard input is empty", path)
    if kind == "text" or kind == "stdin":
        kind = _kind_of_text(start, kind)
    if len(text) > MAX_DIGITS:
        _refuse_long_numbers(text, path)
    found = readers_by_kind().get(kind)
    if found is None or found.binary:
        found = readers_by_kind()["text"]
    return bounded(found.read(text, path))


def bounded(deck: Deck) -> Deck:
    """``deck``, unless it has more card lines than a text decklist may have lines
    (:data:`~wixoss_deckcheck.decklist.text.MAX_LINES`): the same limit for every reader
    (JSON, YAML flow, ``.cod``, a sheet), so no reader lets 90,000 names reach the lookup
    and its suggestions."""
    from wixoss_deckcheck.decklist.text import MAX_LINES  # the text reader's module: loaded as it is needed

    if len(deck.entries) > MAX_LINES:
        raise InputError(f"the deck has {len(deck.entries):,} card lines; a decklist has at most {MAX_LINES:,}",
                         deck.path)
    return deck


def _refuse_long_numbers(text: str, path: str) -> None:
    found = _LONG_NUMBER.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise InputError(f"a number of more than {MAX_DIGITS:,} digits; copy counts are 1-99", path, line)


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

def kind_of(path: str) -> str:
    """The reader a file name calls for, by its ending (``yaml``, ``json``, ``cod``, ``sheet``
    for .xlsx/.xlsm, ...); ``text`` for any other."""
    found = reader_of_suffix(os.path.splitext(path)[1])
    return found.kind if found is not None else "text"


def load_deck(path: str | Path, encoding: str | None = None) -> Deck:
    """Read and parse one decklist file (``-``: standard input, ``.xlsx``: a decklist sheet).
    Problems raise InputError with file and line."""
    name = str(path)
    if name == "-":
        from wixoss_deckcheck.decklist.reading import read_stdin_bytes

        return load_deck_data(read_stdin_bytes(), STDIN, encoding, kind="stdin")
    return load_deck_data(read_deck_bytes(path), name, encoding)


def load_deck_data(data: bytes, name: str, encoding: str | None = None, kind: str | None = None) -> Deck:
    """Parse one decklist given as bytes (an upload to ``serve``), read as a file named ``name``
    is (by its ending; ``kind`` ``stdin``: by its first bytes); the same size limit as a file."""
    if len(data) > MAX_DECK_BYTES:
        raise InputError(f"file is {len(data):,} bytes; a decklist is at most {MAX_DECK_BYTES:,}", name)
    kind = kind or kind_of(name)
    binary = _binary_reader(kind, data)
    if binary is not None:
        return bounded(binary.read(data, name))
    text = decode_deck(data, name, encoding)
    return parse_deck_text(text, name, kind)


def _binary_reader(kind: str, data: bytes) -> Reader | None:
    """The reader of bytes a file calls for: by its kind, or on standard input by its first bytes."""
    if kind == "stdin":
        return next((r for r in readers_by_kind().values() if r.binary and r.magic and data.startswith(r.magic)), None)
    found = readers_by_kind().get(kind)
    return found if found is not None and found.binary else None


__all__ = ["Deck", "DeckEntry", "DECK_SUFFIXES", "load_deck", "load_deck_data", "parse_deck_text", "kind_of"]
