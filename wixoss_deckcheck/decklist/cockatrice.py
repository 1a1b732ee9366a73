"""Cockatrice ``.cod`` deck files.

WIXOSS files keep the main deck in the ``main`` zone and the LRIG deck in the
``side`` zone. Line numbers come from the XML parser, so messages point at the
``<card>`` element.
"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.parsers import expat

from wixoss_deckcheck.errors import InputError, quoted
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
    layout = _Layout()
    zone = None  # (the layout's, kept at hand for the card lines)
    for number, raw in enumerate(text.split("\n"), 1):
        read = _cod_line(raw)
        if read is None:
            return None
        kind = read[0]
        if kind == "card":
            if zone is None:
                return None
            entries.append(new_entry(DeckEntry, (read[1], read[2], number, zone)))
        elif kind != "blank":
            if not layout.take(read, number, raw):
                return None
            zone = layout.zone
            if kind == "name":
                deck.name = read[1]
    return deck if layout.ended else None


class _Layout:
    """Where the line reader is among a Cockatrice file's elements, and whether an element may
    come there (:meth:`take`): as expat would accept it, in the plain layout."""

    __slots__ = ("opened", "ended", "named", "zone")

    def __init__(self) -> None:
        self.opened = self.ended = self.named = False
        self.zone: str | None = None

    def take(self, read: tuple, number: int, raw: str) -> bool:
        """Take the element of a line (not a card, not blank); False when it may not come here."""
        kind = read[0]
        if self.ended:
            return False
        if kind == "declaration":
            return number == 1 and raw.startswith("<?xml")  # XML allows it only at the very start
        if kind == "start":
            if self.opened:
                return False
            self.opened = True
            return True
        return self.opened and self._inside(kind, read)  # everything else lives inside <cockatrice_deck>

    def _inside(self, kind: str, read: tuple) -> bool:
        if kind == "zone":
            if self.zone is not None:
                return False
            self.zone = read[1]
        elif kind == "end-zone":
            if self.zone is None:
                return False
            self.zone = None
        elif kind == "end":
            if self.zone is not None:
                return False
            self.ended = True
        elif kind == "name":
            if self.named:
                return False  # expat joins the texts of several names
            self.named = True
        return True


@lru_cache(maxsize=16384)
def _cod_line(raw: str) -> tuple | None:
    """What one line of a plain Cockatrice file says: ``("card", count, name)``,
    ``("zone", section)``, ``("name", text)``, ``("declaration",)``, ``("start",)``,
    ``("comments",)``, ``("end-zone",)``, ``("end",)``, ``("blank",)``; None when
    :func:`_simple_cockatrice` must step aside."""
    line = raw.strip()
    if not line:
        return ("blank",)
    kind, match = _element(line)
    if match is None:
        return None
    if kind in ("card", "card-reversed"):
        count_text, name = match.groups() if kind == "card" else match.groups()[::-1]
        return _card(count_text, name)
    if kind == "zone":
        zone = _ZONES.get(_unescape(match.group(1)).strip().lower())
        return None if zone is None else ("zone", zone)  # expat reports an unknown zone with its line
    if kind == "name":
        return "name", (match.group(1) or "").strip() or None
    return (kind,)


def _element(line: str) -> tuple[str, re.Match[str] | None]:
    """The kind of element a stripped line holds alone, and its match (None: no plain line)."""
    for pattern, kind in _SIMPLE_LINES:
        match = pattern.fullmatch(line)
        if match:
            return kind, match
    return "", None


def _card(count_text: str, name: str) -> tuple | None:
    """``("card", count, name)`` of a ``<card>`` element's attributes; None for one expat should word."""
    name = (_unescape(name) if "&" in name else name).strip()
    if not name or not _plain_count(count_text) or not 1 <= int(count_text) <= 99:
        return None  # (int() reads ٢ and ２ too: the full path says no)
    return "card", int(count_text), name


def _plain_count(text: str) -> bool:
    """ASCII digits without a leading zero: what Cockatrice writes, and what a text deck takes."""
    return text.isascii() and text.isdecimal() and (text == "0" or text[0] != "0")


_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&"))


def _unescape(text: str) -> str:
    """The five XML entities (the only ones the line reader lets through); ``&amp;`` last,
    so ``&amp;lt;`` stays ``&lt;``. (xml.sax.saxutils would do, but importing it costs
    more than reading a thousand decks.)"""
    for entity, character in _ENTITIES:
        text = text.replace(entity, character)
    return text


def parse_cockatrice_deck(text: str, path: str) -> Deck:
    """The deck of a Cockatrice file: the plain layout by lines, anything else by expat."""
    simple = _simple_cockatrice(text, path) if "<!" not in text else None
    if simple is not None:
        return simple
    reader = _ExpatReader(path)
    try:
        reader.parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise InputError(f"invalid Cockatrice XML: {expat.ErrorString(exc.code)}", path, exc.lineno) from None
    reader.deck.name = "".join(reader.name_parts).strip() or None
    return reader.deck


class _ExpatReader:
    """expat's handlers for a Cockatrice file: the cards of each zone, the deck name."""

    def __init__(self, path: str) -> None:
        self.deck = Deck(path=path)
        self.parser = expat.ParserCreate("UTF-8")  # the text is decoded already, whatever the declaration says
        self.zone: str | None = None
        self.name_parts: list[str] = []
        self.in_name = False
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.chars

    def start(self, tag: str, attrs: dict) -> None:
        line = self.parser.CurrentLineNumber
        if tag == "zone":
            zone_name = (attrs.get("name") or "").strip().lower()
            if zone_name not in _ZONES:
                raise InputError(f"unknown Cockatrice zone {quoted(zone_name)!r} (expected main or side)",
                                 self.deck.path, line)
            self.zone = _ZONES[zone_name]
        elif tag == "card":
            self._card(attrs, line)
        elif tag == "deckname":
            self.in_name = True

    def _card(self, attrs: dict, line: int) -> None:
        path = self.deck.path
        if self.zone is None:
            raise InputError("<card> outside a <zone>", path, line)
        name = (attrs.get("name") or "").strip()
        if not name:
            raise InputError("<card> without a name", path, line)
        written = attrs.get("number", "1").strip()
        if not _plain_count(written):  # int() would read "٢", "２", "+2" or "04"
            raise InputError(f"card count {quoted(written)!r} is not a number", path, line)
        count = int(written)
        if not 1 <= count <= 99:
            raise InputError(f"copy count {count} is out of range (1-99)", path, line)
        self.deck.entries.append(DeckEntry(count, name, line, self.zone))

    def end(self, tag: str) -> None:
        if tag == "zone":
            self.zone = None
        elif tag == "deckname":
            self.in_name = False

    def chars(self, data: str) -> None:
        if self.in_name:
            self.name_parts.append(data)
