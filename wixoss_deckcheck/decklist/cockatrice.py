"""Cockatrice ``.cod`` deck files.

WIXOSS files keep the main deck in the ``main`` zone and the LRIG deck in the
``side`` zone. Line numbers come from the XML parser, so messages point at the
``<card>`` element.
"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.parsers import expat

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry

_ZONES = {"main": "main", "side": "lrig", "lrig": "lrig"}


# Characters XML allows and expat passes on as they are: in attribute values not the
# quote, <, & (only the five entities) or tab/CR/LF (normalised to spaces); in text not
# <, & or CR.
_XML_CHARS = "\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff"
_ATTR = r'"((?:(?![\"<&])[' + _XML_CHARS + r"]|&(?:amp|lt|gt|quot|apos);)*)" + '"'
_TEXT = r"(?:(?![<&])[\t" + _XML_CHARS + "])*"
_SIMPLE_LINES = (  # the card line first: it is nearly every line
    (re.compile(r"<card +number=" + _ATTR + r" +name=" + _ATTR + r" */>"), "card"),
    (re.compile(r"<\?xml(?: +[a-z]+=\"[^\"<>]*\")* *\?>"), "declaration"),
    (re.compile(r'<cockatrice_deck(?: +version="[0-9]+")? *>'), "start"),
    (re.compile(r"<deckname>(" + _TEXT + r")</deckname>|<deckname */>"), "name"),
    (re.compile(r"<comments>" + _TEXT + r"</comments>|<comments */>"), "comments"),
    (re.compile(r"<zone +name=" + _ATTR + r" *>"), "zone"),
    (re.compile(r"<card +name=" + _ATTR + r" +number=" + _ATTR + r" */>"), "card-reversed"),
    (re.compile(r"</zone *>"), "end-zone"),
    (re.compile(r"</cockatrice_deck *>"), "end"),
)


def _simple_cockatrice(text: str, path: str) -> Deck | None:
    """The usual Cockatrice file, one element per line, read without an XML parser.

    Only the plain layout Cockatrice writes is accepted (declaration, deck element, name,
    comments on one line, zones of cards, entities limited to the XML ones); anything
    else returns None and expat reads the file, so the result is what expat would give.
    Each line is read once per process (:func:`_cod_line`): the decks of an audit share
    most lines.
    """
    deck = Deck(path=path)
    entries = deck.entries
    zone = None
    opened = ended = named = False
    number = 0
    for raw in text.split("\n"):
        number += 1
        read = _cod_line(raw)
        if read is None:
            return None
        kind = read[0]
        if kind == "card":
            if zone is None:
                return None
            entries.append(new_entry(DeckEntry, (read[1], read[2], number, zone)))
            continue
        if kind == "blank":
            continue
        if ended:
            return None
        if kind == "declaration":
            if number != 1 or not raw.startswith("<?xml"):
                return None  # XML allows it only at the very start
        elif kind == "start":
            if opened:
                return None
            opened = True
        elif not opened:
            return None  # everything else lives inside <cockatrice_deck>
        elif kind == "zone":
            if zone is not None:
                return None
            zone = read[1]
        elif kind == "end-zone":
            if zone is None:
                return None
            zone = None
        elif kind == "end":
            if zone is not None:
                return None
            ended = True
        elif kind == "name":
            if named:
                return None  # expat joins the texts of several names
            deck.name, named = read[1], True
    return deck if ended else None


@lru_cache(maxsize=16384)
def _cod_line(raw: str) -> tuple | None:
    """What one line of a plain Cockatrice file says: ``("card", count, name)``,
    ``("zone", section)``, ``("name", text)``, ``("declaration",)``, ``("start",)``,
    ``("comments",)``, ``("end-zone",)``, ``("end",)``, ``("blank",)``; None when
    :func:`_simple_cockatrice` must step aside."""
    line = raw.strip()
    if not line:
        return ("blank",)
    found = next(((kind, hit) for pattern, kind in _SIMPLE_LINES if (hit := pattern.fullmatch(line))), None)
    if found is None:
        return None
    kind, match = found
    if kind in ("card", "card-reversed"):
        count_text, name = match.groups() if kind == "card" else match.groups()[::-1]
        name = (_unescape(name) if "&" in name else name).strip()
        if not name or not count_text.isdecimal() or not 1 <= int(count_text) <= 99:
            return None
        return "card", int(count_text), name
    if kind == "zone":
        zone = _ZONES.get(_unescape(match.group(1)).strip().lower())
        return None if zone is None else ("zone", zone)  # expat reports an unknown zone with its line
    if kind == "name":
        return "name", (match.group(1) or "").strip() or None
    return (kind,)


_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&"))


def _unescape(text: str) -> str:
    """The five XML entities (the only ones the line reader lets through); ``&amp;`` last,
    so ``&amp;lt;`` stays ``&lt;``. (xml.sax.saxutils would do, but importing it costs
    more than reading a thousand decks.)"""
    for entity, character in _ENTITIES:
        text = text.replace(entity, character)
    return text


def parse_cockatrice_deck(text: str, path: str) -> Deck:
    simple = _simple_cockatrice(text, path) if "<!" not in text else None
    if simple is not None:
        return simple
    deck = Deck(path=path)
    parser = expat.ParserCreate("UTF-8")  # the text is decoded already, whatever the declaration says
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
