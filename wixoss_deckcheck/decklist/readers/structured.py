"""YAML and JSON decklists (``.yaml``, ``.yml``, ``.json``; webxoss exports too).

A structured deck's escapes (``\\u001b``, ``\\ud800``) could spell what cannot be printed:
a lone surrogate is refused before either parser reads it (JSON would read it, PyYAML
not), a control character in a name after.
"""

from __future__ import annotations

import re

from wixoss_deckcheck.decklist.readers import reader
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck

# What no card name or deck name may hold once escapes (``\u001b``, ``\ud800``) are read.
_UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_HIGH, _LOW = r"\\u[dD][89abAB][0-9a-fA-F]{2}", r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
_LONE_SURROGATE = re.compile(f"{_HIGH}(?!{_LOW})|(?<!{_HIGH}){_LOW}|\\\\U0000[dD][89a-fA-F][0-9a-fA-F]{{2}}")


@reader("yaml", (".yaml", ".yml"))
def read_yaml(text: str, path: str) -> Deck:
    return _structured(text, path, False)


@reader("json", (".json",))
def read_json(text: str, path: str) -> Deck:
    return _structured(text, path, True)


def _structured(text: str, path: str, is_json: bool) -> Deck:
    from wixoss_deckcheck.decklist.structured import parse_structured_deck  # lazy: the YAML/JSON readers

    escapes = "\\" in text
    if escapes:
        _refuse_lone_surrogates(text, path)
    deck = parse_structured_deck(text, path, is_json)
    if escapes:
        _refuse_unprintable(deck)
    return deck


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
