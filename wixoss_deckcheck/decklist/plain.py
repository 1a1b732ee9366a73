"""A decklist document that is plainly valid, made into a Deck in one pass.

Both structured readers end here: the quick ones of
:mod:`~wixoss_deckcheck.decklist.structured` and the full PyYAML reader of
:mod:`~wixoss_deckcheck.decklist.yaml_reader`, so the two build the same Deck.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TypeGuard

from wixoss_deckcheck.decklist.text import read_quick_line
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry, written_count

#: The keys a decklist document may have.
_KEYS = frozenset({"name", "format", "date", "main", "lrig", "notes"})
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@lru_cache(maxsize=8192)
def entry_line(text: str) -> tuple[int, str] | None:
    """The (count, card) of an entry written as text (``"4x NAME"``), read as a text line
    is (never as a heading); None for a lone card. Remembered: decklists repeat entries.
    Raises ValueError with the problem for text no line may hold (two counts)."""
    stripped = text.strip()
    kind, first, second = read_quick_line(stripped)
    if kind == "entry":
        return (first, second) if (first, second) != (1, stripped) else None
    if kind == "heading":
        return None
    from wixoss_deckcheck.decklist.lines import read_card  # lazy: the general line reader, a slow path

    kind, first, second, _listed = read_card(stripped)
    if kind == "entry":
        return first, second
    if kind == "error":
        raise ValueError(first)
    return None


def plain_deck(data: object, path: str, lines: dict) -> Deck | None:
    """The deck of a plainly valid document, in one pass, with the lines in ``lines``
    (keyed by JSON path); None for anything else, which the full path then reads (and
    words any problem of).

    Plainly valid: only keys the schema knows, text fields as strings, and entries that
    are non-empty strings (with a copy count of 1-99, if any) or ``{card, count}``
    mappings; every such document is one ``deck.schema.json`` accepts.
    """
    if not _plain_top(data):
        return None
    deck = Deck(path=path, name=data.get("name"), date=data.get("date"))
    fmt = data.get("format")
    if fmt:
        deck.format = fmt.strip().lower()
        deck.format_line = lines.get(("format",))
    for section in ("main", "lrig"):
        items = data.get(section, ())
        if items.__class__ is not list and section in data:
            return None
        if not _read_section(items, section, lines, deck.entries):
            return None  # the full path names the problem
    return deck


def _read_section(items: list, section: str, lines: dict, entries: list[DeckEntry]) -> bool:
    """Add the entries of one section (``main``/``lrig``) to ``entries``; False when one is not
    plainly valid. (One loop with the usual entry, a ``{card, count}`` mapping, read in place:
    an audit reads thousands of these.)"""
    for index, item in enumerate(items):
        if item.__class__ is dict:
            card, count = item.get("card"), item.get("count", 1)
            if not (card.__class__ is str and card.strip()) or len(item) > 1 + ("count" in item):
                return False
            if count.__class__ is not int or not 1 <= count <= 99:
                return False
            query = card.strip()
            if "count" in item:
                count = written_count(count)  # a written 1: no count after the card's name replaces it
        elif item.__class__ is str:
            read = _text_item(item)
            if read is None:
                return False
            count, query = read
        else:
            return False
        entries.append(new_entry(DeckEntry, (count, query, lines.get((section, index)), section)))
    return True


def _plain_top(data: object) -> TypeGuard[dict]:
    """A mapping of the keys the schema knows (``main`` or ``lrig`` among them), its text
    fields strings and its date a ``YYYY-MM-DD`` one."""
    if data.__class__ is not dict:
        return False
    if not _KEYS.issuperset(data) or ("main" not in data and "lrig" not in data):
        return False
    if any(key in data and data[key].__class__ is not str for key in ("name", "format", "notes")):
        return False
    if any(key in data and not data[key].strip() for key in ("name", "format")):
        return False  # empty: the full path says so
    return "date" not in data or _plain_date(data["date"])


def _plain_date(date: object) -> bool:
    return date.__class__ is str and DATE.search(date) is not None


def _text_item(item: str) -> tuple[int, str] | None:
    """(count, card) of an entry written as text, when it is plainly valid."""
    if not item:
        return None
    try:
        parsed = entry_line(item)
    except ValueError:
        return None
    count, query = parsed if parsed else (1, item.strip())
    return (count, query) if 1 <= count <= 99 and query else None
