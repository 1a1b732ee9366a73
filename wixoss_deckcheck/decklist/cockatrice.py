"""Cockatrice ``.cod`` deck files.

WIXOSS files keep the main deck in the ``main`` zone and the LRIG deck in the
``side`` zone. Line numbers come from the XML parser, so messages point at the
``<card>`` element.
"""

from __future__ import annotations

from xml.parsers import expat

from wixoss_deckcheck.decklist.model import Deck, DeckEntry
from wixoss_deckcheck.errors import InputError

_ZONES = {"main": "main", "side": "lrig", "lrig": "lrig"}


def parse_cockatrice_deck(text: str, path: str) -> Deck:
    deck = Deck(path=path)
    parser = expat.ParserCreate()
    zone: list[str | None] = [None]
    name_parts: list[str] = []
    in_name = [False]

    def start(tag: str, attrs: dict) -> None:
        line = parser.CurrentLineNumber
        if tag == "zone":
            zone_name = (attrs.get("name") or "").strip().lower()
            if zone_name not in _ZONES:
                raise InputError(f"unknown Cockatrice zone {zone_name!r} (expected main or side)", path, line)
            zone[0] = _ZONES[zone_name]
        elif tag == "card":
            if zone[0] is None:
                raise InputError("<card> outside a <zone>", path, line)
            name = (attrs.get("name") or "").strip()
            if not name:
                raise InputError("<card> without a name", path, line)
            try:
                count = int(attrs.get("number", "1"))
            except ValueError:
                raise InputError(f"card count {attrs.get('number')!r} is not a number", path, line) from None
            if not 1 <= count <= 99:
                raise InputError(f"copy count {count} is out of range (1-99)", path, line)
            deck.entries.append(DeckEntry(count, name, line, zone[0]))
        elif tag == "deckname":
            in_name[0] = True

    def end(tag: str) -> None:
        if tag == "zone":
            zone[0] = None
        elif tag == "deckname":
            in_name[0] = False

    def chars(data: str) -> None:
        if in_name[0]:
            name_parts.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise InputError(f"invalid Cockatrice XML: {expat.ErrorString(exc.code)}", path, exc.lineno) from None
    deck.name = "".join(name_parts).strip() or None
    return deck
