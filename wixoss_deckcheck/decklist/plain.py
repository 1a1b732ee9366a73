"""A decklist document that is plainly valid, made into a Deck in one pass.

Both structured readers end here: the quick ones of
:mod:`~wixoss_deckcheck.decklist.structured` and the full PyYAML reader of
:mod:`~wixoss_deckcheck.decklist.yaml_reader`, so the two build the same Deck.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wixoss_deckcheck.decklist.text import read_quick_line
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry

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
    from wixoss_deckcheck.decklist.lines import read_card  # the general reader, for the lines that need it

    kind, first, second, _listed = read_card(stripped)
    if kind == "entry":
        return first, second
    if kind == "error":
        raise ValueError(first)
    return None


def plain_deck(data, path: str, lines: dict) -> Deck | None:
    """The deck of a plainly valid document, in one pass, with the lines in ``lines``
    (keyed by JSON path); None for anything else, which the full path then reads (and
    words any problem of).

    Plainly valid: only keys the schema knows, text fields as strings, and entries that
    are non-empty strings (with a copy count of 1-99, if any) or ``{card, count}``
    mappings; every such document is one ``deck.schema.json`` accepts.
    """
    if data.__class__ is not dict or not _KEYS.issuperset(data) or ("main" not in data and "lrig" not in data):
        return None
    for key in ("name", "format", "notes"):
        if key in data and data[key].__class__ is not str:
            return None
    date = data.get("date")
    if "date" in data and not (date.__class__ is str and DATE.search(date)):
        return None
    deck = Deck(path=path, name=data.get("name"), date=date)
    fmt = data.get("format")
    if fmt:
        deck.format = fmt.strip().lower()
        deck.format_line = lines.get(("format",))
    entries = deck.entries
    for section in ("main", "lrig"):
        if section not in data:
            continue
        items = data[section]
        if items.__class__ is not list:
            return None
        for index, item in enumerate(items):
            if item.__class__ is str:
                if not item:
                    return None
                try:
                    parsed = entry_line(item)
                except ValueError:
                    return None  # the full path names the line
                count, query = parsed if parsed else (1, item.strip())
                if not 1 <= count <= 99:
                    return None  # the full path names the line
            elif item.__class__ is dict:
                card, count = item.get("card"), item.get("count", 1)
                if not (card.__class__ is str and card) or len(item) > 1 + ("count" in item):
                    return None
                if count.__class__ is not int or not 1 <= count <= 99:
                    return None
                query = card.strip()
            else:
                return None
            entries.append(new_entry(DeckEntry, (count, query, lines.get((section, index)), section)))
    return deck
