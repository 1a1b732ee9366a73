"""YAML and JSON decklists (schema: ``wixoss_deckcheck/schemas/deck.schema.json``).

::

    name: Amabie blue
    format: diva
    date: 2024-05-01
    main:
      - {card: WXDi-P01-040, count: 4}
      - "4 蒼天姫　アマビエ"
    lrig:
      - WXDi-D01-001

JSON has the same shape. The usual files are read here by quick readers that need no
YAML parser: block YAML line by line, JSON with the json module's scanner. Anything
else (and anything wrong) goes to :mod:`~wixoss_deckcheck.decklist.yaml_reader`, which
reads with PyYAML and names every problem with its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from wixoss_deckcheck.decklist.plain import DATE as _DATE
from wixoss_deckcheck.decklist.plain import entry_line, plain_deck
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry, written_count

#: The keys a decklist document may have.


def parse_structured_deck(text: str, path: str, is_json: bool | None = None) -> Deck:
    """Parse a YAML or JSON decklist (JSON: by the ``.json`` suffix unless ``is_json`` says);
    schema problems name the JSON path and line. A webxoss deck export is read as such."""
    if is_json is None:
        is_json = path.lower().endswith(".json")
    fast = _plain_json_deck(text, path) if is_json else _block_yaml_deck(text, path)
    if fast is not None:
        return fast
    if is_json:
        from wixoss_deckcheck.decklist import webxoss  # lazy: the json module, for JSON decks off the quick path

        data = webxoss.load_json_document(text, path)  # "invalid JSON", duplicate keys
        if webxoss.is_webxoss_export(data):
            return webxoss.parse_webxoss_deck(text, data, path)  # type: ignore[arg-type]
    from wixoss_deckcheck.decklist import yaml_reader  # lazy: PyYAML, the slow path

    return yaml_reader.parse_yaml_deck(text, path, events=not is_json)


_TOP_LINE = re.compile(r"(name|format|date|notes|main|lrig):(?: +(.*?))? *")
# The characters YAML takes as they are: printable, and no line breaks (CR, LF, NEL, LS, PS).
_PRINTABLE = "\t\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff"
# A plain scalar that stays on its line: no indicator first, no tab, no ": " and no " #".
_SAFE_PLAIN = re.compile(
    r"(?![\s\-?:,\[\]{}#&*!|>'\"%@`])[" + _PRINTABLE + r"]"
    r"(?:(?![#:\t])[" + _PRINTABLE + r"]|:(?! )|(?<! )#)*?"
)
# Quoted scalars without escapes: their text is what is between the quotes.
_DOUBLE_QUOTED = '"((?:(?!["\\\\])[' + _PRINTABLE + '])*)"'
_SINGLE_QUOTED = "'((?:(?!')[" + _PRINTABLE + "])*)'"
_ITEM_LINE = re.compile(
    r"  +- +(?:\{ *card: +(?:"
    + _DOUBLE_QUOTED
    + "|"
    + _SINGLE_QUOTED
    + r"|([^,{}\[\]'\"][^,{}\[\]]*?)) *(?:, *count: +([0-9]+))? *\}"
    r"|" + _DOUBLE_QUOTED + "|" + _SINGLE_QUOTED + r"|(.+?)) *"
)


def _block_yaml_deck(text: str, path: str) -> Deck | None:
    """The most common YAML decklist layout, read line by line without PyYAML.

    Only this exact shape is accepted: top-level ``key: value`` lines, ``main:``/``lrig:``
    followed by ``  - CARD`` or ``  - {card: CARD, count: N}`` items, blank lines and
    whole-line comments, every value a plain scalar that YAML reads as a string, and
    nothing the schema would refuse. Anything else returns None and the parser-based
    readers take over, so the result is always what PyYAML would give. Each line is
    read once per process (:func:`_block_line`): the decks of an audit share most lines.
    """
    top: dict[str, tuple[str | None, int]] = {}
    sections: dict[str, list[DeckEntry]] = {}
    entries: list[DeckEntry] | None = None
    section = indent = None
    for number, line in enumerate(text.split("\n"), 1):
        read = _block_line(line)
        if read is None:
            return None
        if read[0] == "item":
            _kind, here, count, query = read
            if entries is None or here != (indent if indent is not None else here):
                return None  # an item outside main:/lrig:, or indented otherwise than the first
            indent = here
            entries.append(new_entry(DeckEntry, (count, query, number, section)))
        elif read[0] == "top":
            _kind, key, value = read
            if key in top:
                return None
            top[key] = (value, number)
            section, indent, entries = None, None, None
            if value is None:  # main: or lrig: starts a section
                section = key
                entries = sections[key] = []
    return _block_deck(path, top, sections)


def _block_deck(path: str, top: dict[str, tuple[str | None, int]], sections: dict[str, list[DeckEntry]]) -> Deck | None:
    """The deck of a block YAML document's top-level values and sections (None without a
    section, or with a date the schema refuses)."""
    if not sections:
        return None
    name, fmt, date = top.get("name"), top.get("format"), top.get("date")
    if date is not None and not _DATE.search(date[0] or ""):
        return None
    deck = Deck(path=path, name=name and name[0], date=date and date[0])
    if fmt is not None:
        deck.format, deck.format_line = (fmt[0] or "").strip().lower(), fmt[1]
    deck.entries = sections.get("main", []) + sections.get("lrig", [])
    return deck


@lru_cache(maxsize=16384)
def _block_line(line: str) -> tuple | None:
    """What one line of a block YAML decklist says, when :func:`_block_yaml_deck` can read it:
    ``("skip",)`` (blank or a comment), ``("top", key, value)`` (value None for ``main:`` and
    ``lrig:``), ``("item", indent, count, query)``; None for anything else."""
    if line.endswith("\r"):
        line = line[:-1]
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return ("skip",) if not stripped or line.startswith("#") else None  # indented comments: the parser
    return _item_line(line) if line.startswith(" ") else _top_line(line)


def _item_line(line: str) -> tuple | None:
    """``("item", indent, count, query)`` of a ``  - CARD`` or ``  - {card: CARD, count: N}`` line."""
    item = _ITEM_LINE.fullmatch(line)
    if item is None:
        return None
    double, single, card, count_text, double_item, single_item, plain = item.groups()
    if double is not None or single is not None or card is not None:
        parsed = _mapping_item(double, single, card, count_text)
    else:
        parsed = _text_item(double_item, single_item, plain)
    if parsed is None or not 1 <= parsed[0] <= 99:
        return None  # the full path names the problem
    return "item", len(line) - len(line.lstrip(" ")), parsed[0], parsed[1]


def _mapping_item(double: str | None, single: str | None, card: str | None, count_text: str | None) -> tuple | None:
    """(count, card) of ``{card: CARD, count: N}`` (the card double-quoted, single-quoted or plain)."""
    if card is not None and (_yaml_string(card) is None or ":" in card):
        return None
    card = next(value for value in (double, single, card) if value is not None)
    if not card.strip() or (count_text is not None and _leading_zero(count_text)):
        return None
    # a written 1 is a count: no count after the card's name replaces it (model.deck.WrittenCount)
    return (1 if count_text is None else written_count(int(count_text))), card.strip()


def _leading_zero(digits: str) -> bool:
    """``010``: YAML 1.1 reads it as an octal number (the full path says so)."""
    return digits != "0" and digits.startswith("0")


def _text_item(double: str | None, single: str | None, plain: str | None) -> tuple | None:
    """(count, card) of a card written as text (``4x NAME``, ``NAME``), quoted or not."""
    text = next(value for value in (double, single, plain) if value is not None)
    if not text or (plain is not None and _yaml_string(text) is None):
        return None
    try:
        parsed = entry_line(text)
    except ValueError:
        return None  # the full path names the problem
    count, query = parsed if parsed else (1, text.strip())
    return (count, query) if query else None  # a blank card: the full path names the problem


def _top_line(line: str) -> tuple | None:
    """``("top", key, value)`` of a top-level line (value None for ``main:`` and ``lrig:``)."""
    top = _TOP_LINE.fullmatch(line)
    if top is None:
        return None
    key, value = top.group(1), top.group(2)
    if key in ("main", "lrig"):
        return None if value else ("top", key, None)
    if not value or _yaml_string(value) is None:
        return None
    return "top", key, value


#: The first characters of every plain scalar PyYAML might read as something other than a
#: string (booleans, nulls, numbers, dates, ``<<``, ``=``, YAML's own tags); a test keeps it
#: a superset of PyYAML's own table. Every one of PyYAML's patterns for those is ASCII from
#: start to end (a test checks this too), so a value with any other character, or with
#: another first character, is a string without asking a YAML parser.
_MAYBE_NOT_TEXT = frozenset("yYnNtTfFoO~-+.0123456789<=!&*")


@lru_cache(maxsize=8192)
def _yaml_string(value: str) -> str | None:
    """``value`` when YAML reads this plain scalar as that very string, else None."""
    if not _SAFE_PLAIN.fullmatch(value) or value != value.strip() or value.endswith(":"):
        return None
    if value[0] in _MAYBE_NOT_TEXT and value.isascii():
        from wixoss_deckcheck.decklist.yaml_scalars import resolves_to_text  # lazy: PyYAML's own resolvers

        return value if resolves_to_text(value) else None
    return value


def _plain_json_deck(text: str, path: str) -> Deck | None:
    """A valid JSON decklist read by the json module's scanner, with the lines of its keys
    and entries.

    Walks the top-level object and the ``main``/``lrig`` arrays, scanning each value with
    the json module's C scanner, so each entry's first character gives its line. Returns
    None for anything unusual (invalid JSON, duplicate keys, a schema problem): the YAML
    path then reads it and names the problem with its line.
    """
    if "\r" in text:  # lines as editors number them (a raw CR inside a string is invalid JSON either way)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        data, lines = _scan_json_deck(text)
    except (ValueError, IndexError, StopIteration, RecursionError):
        return None
    return plain_deck(data, path, lines)


_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_JSON_AFTER_ITEM = re.compile(r"[ \t\n\r]*([,\]])[ \t\n\r]*")  # after an array item: a comma or the end
# White space (the pattern matches the empty string too, so this match never gives None).
_space: Callable[[str, int], re.Match[str]] = _JSON_SPACE.match  # type: ignore[assignment]


@lru_cache(maxsize=1)
def _json_scanner() -> Callable[[str, int], tuple[Any, int]]:
    import json.scanner  # lazy: JSON decks only (a text or YAML deck never imports json)

    return json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # typeshed: a decoder


def _scan_json_deck(text: str) -> tuple[dict, dict]:
    """The top-level object of a JSON decklist and the line of each key and of each
    ``main``/``lrig`` entry; ValueError (or IndexError, StopIteration) for anything else."""
    index = _space(text, 0).end()
    if text[index] != "{":
        raise ValueError("not an object")
    data, lines, index = _scan_members(text, _space(text, index + 1).end())
    if _space(text, index).end() != len(text):
        raise ValueError("extra data")
    return data, lines


def _scan_members(text: str, index: int) -> tuple[dict, dict, int]:
    """The members of the top-level object, from ``index`` (just after its ``{``): the object,
    the lines of its keys and entries, and the offset after its ``}``. Lines are counted as
    the scan goes (``line`` is the line of offset ``last``)."""
    scan, space, count = _json_scanner(), _space, text.count
    data: dict = {}
    lines: dict[tuple, int] = {}
    line, last = 1, 0
    if text[index] == "}":
        return data, lines, index + 1
    while True:
        if text[index] != '"':
            raise ValueError("key expected")
        line += count("\n", last, index)
        last = index
        key, index = scan(text, index)
        if key in data:
            raise ValueError("duplicate key")
        lines[(key,)] = line
        index = space(text, index).end()
        if text[index] != ":":
            raise ValueError("colon expected")
        index = space(text, index + 1).end()
        if key in ("main", "lrig") and text[index] == "[":
            data[key], index, line, last = _scan_entries(text, index, key, lines, line, last)
        else:
            data[key], index = scan(text, index)
        index = space(text, index).end()
        if text[index] == "}":
            return data, lines, index + 1
        if text[index] != ",":
            raise ValueError("comma expected")
        index = space(text, index + 1).end()


def _scan_entries(
    text: str, index: int, key: str, lines: dict[tuple, int], line: int, last: int
) -> tuple[list, int, int, int]:
    """The entries of the ``key`` array (``main``/``lrig``) that opens at ``index``, the line
    of each put in ``lines``; returns the entries, the offset after the array and the line
    count so far (``line`` at offset ``last``)."""
    scan, after_item, count = _json_scanner(), _JSON_AFTER_ITEM.match, text.count
    items: list = []
    index = _space(text, index + 1).end()
    if text[index] == "]":
        return items, index + 1, line, last
    while True:
        line += count("\n", last, index)
        last = index
        lines[(key, len(items))] = line
        value, index = scan(text, index)
        items.append(value)
        separator = after_item(text, index)
        if separator is None:
            raise ValueError("comma expected")
        index = separator.end()
        if separator.group(1) == "]":
            return items, index, line, last
