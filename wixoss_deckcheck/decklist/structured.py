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

JSON has the same shape. Both are read through the YAML composer so that every
entry keeps its line number.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

import yaml

from wixoss_deckcheck.decklist.model import Deck, DeckEntry
from wixoss_deckcheck.decklist.text import parse_entry_line
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.resources import _PACKAGE_DIR
from wixoss_deckcheck.schema_errors import first_problem, pointer
from wixoss_deckcheck.yamlnodes import compose_with_lines, line_at, plain


@lru_cache(maxsize=1)
def _deck_validator():
    import jsonschema

    schema = json.loads((_PACKAGE_DIR / "schemas" / "deck.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


_KEYS = frozenset({"name", "format", "date", "main", "lrig", "notes"})
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _NotSimple(Exception):
    """The document uses YAML beyond strings, decimal integers and nulls: use the full constructor."""


_STR, _INT, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:null"
_EVENT_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVERS = {first: tuple(items) for first, items in yaml.resolver.Resolver.yaml_implicit_resolvers.items()}
_WILDCARD = _RESOLVERS.get(None, ())


def _simple_plain(node):
    """Plain values of a document of mappings, lists, strings, decimal integers and nulls.

    The common decklist, much faster than PyYAML's constructor and with the same result;
    anything else (anchors, merge keys, dates, booleans, 0x or 010 integers) raises
    :class:`_NotSimple`.
    """
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == _INT and value.isdigit() and value.isascii() and (value == "0" or value[0] != "0"):
            return int(value)
        if tag == _NULL:
            return None
        raise _NotSimple
    if isinstance(node, yaml.SequenceNode) and node.tag == "tag:yaml.org,2002:seq":
        return [_simple_plain(item) for item in node.value]
    if isinstance(node, yaml.MappingNode) and node.tag == "tag:yaml.org,2002:map":
        result = {}
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode) or key.tag != _STR:
                raise _NotSimple
            result[key.value] = _simple_plain(value)
        return result
    raise _NotSimple


def _plainly_valid(data: dict) -> bool:
    """A quick yes for the usual, valid decklist (no jsonschema needed); False means "ask the schema".

    Accepts only documents ``deck.schema.json`` accepts: known keys, text fields as
    strings, and entries that are non-empty strings or ``{card, count}`` mappings.
    """
    if not _KEYS.issuperset(data) or ("main" not in data and "lrig" not in data):
        return False
    for key in ("name", "format", "notes"):
        if key in data and not isinstance(data[key], str):
            return False
    if "date" in data and not (isinstance(data["date"], str) and _DATE.search(data["date"])):
        return False
    for section in ("main", "lrig"):
        if section not in data:
            continue
        entries = data[section]
        if not isinstance(entries, list):
            return False
        for item in entries:
            if isinstance(item, str):
                if not item:
                    return False
            elif isinstance(item, dict):
                card, count = item.get("card"), item.get("count", 1)
                if not (isinstance(card, str) and card) or len(item) > 1 + ("count" in item):
                    return False
                if type(count) is not int or not 1 <= count <= 99:
                    return False
            else:
                return False
    return True


def parse_structured_deck(text: str, path: str) -> Deck:
    """Parse a YAML or JSON decklist; schema problems name the JSON path and line."""
    if path.lower().endswith(".json"):
        fast = _plain_json_deck(text)
    else:
        fast = _block_yaml_deck(text) or _plain_yaml_deck(text)
    if fast is not None:
        data, lines = fast
        return _build_deck(data, path, lines.get)
    root = compose_with_lines(text, path)
    try:
        data = _simple_plain(root)
    except _NotSimple:
        data = plain(root, path)
    if not isinstance(data, dict):
        raise InputError("a YAML/JSON decklist must be a mapping with main: and lrig: lists", path, 1)
    problem = None if _plainly_valid(data) else first_problem(_deck_validator(), data)
    if problem is not None:
        message, parts = problem
        raise InputError(f"{message} (at {pointer(parts)})", path, line_at(root, parts))
    return _build_deck(data, path, lambda parts: line_at(root, parts))


def _build_deck(data: dict, path: str, line_of) -> Deck:
    """The deck of a valid document; ``line_of(parts)`` gives the line of a JSON path."""
    deck = Deck(path=path, name=data.get("name"), date=data.get("date"))
    if data.get("format"):
        deck.format = str(data["format"]).strip().lower()
        deck.format_line = line_of(("format",))
    entries = deck.entries
    for section in ("main", "lrig"):
        for index, item in enumerate(data.get(section) or ()):
            line = line_of((section, index))
            if item.__class__ is str:
                parsed = _entry_line(item)
                count, query = parsed if parsed else (1, item.strip())
                if not 1 <= count <= 99:
                    raise InputError(f"copy count {count} is out of range (1-99)", path, line)
            else:
                count, query = item.get("count", 1), item["card"].strip()
            entries.append(DeckEntry(count, query, line, section))
    return deck


_SAFE_PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^#:\t]|:(?! )|(?<! )#)*?")
_TOP_LINE = re.compile(r"(name|format|date|notes|main|lrig):(?: +(.*?))? *")
_ITEM_LINE = re.compile(r"  +- +(?:\{ *card: +([^,{}\[\]]+?) *, *count: +([0-9]+) *\}|\{ *card: +([^,{}\[\]]+?) *\}|(.+?)) *")


def _block_yaml_deck(text: str) -> tuple[dict, dict] | None:
    """The most common YAML decklist layout, read line by line without PyYAML.

    Only this exact shape is accepted: top-level ``key: value`` lines, ``main:``/``lrig:``
    followed by ``  - CARD`` or ``  - {card: CARD, count: N}`` items, blank lines and
    whole-line comments, every value a plain scalar that YAML reads as a string. Anything
    else returns None and the parser-based readers take over, so the result is always
    what PyYAML would give.
    """
    data: dict = {}
    lines: dict[tuple, int] = {}
    section = None
    indent = None
    for number, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        if not line.strip() or line.lstrip().startswith("#"):
            if line.strip() and not line.startswith("#"):
                return None  # an indented comment: leave it to the parser
            continue
        item = _ITEM_LINE.fullmatch(line) if section and line.startswith(" ") else None
        top = None if item else _TOP_LINE.fullmatch(line)
        if top:
            key, value = top.group(1), top.group(2)
            if key in data:
                return None
            lines[(key,)] = number
            if key in ("main", "lrig"):
                if value:
                    return None
                data[key], section, indent = [], key, None
            else:
                if not value or _yaml_string(value) is None:
                    return None
                data[key], section = value, None
            continue
        if item is None:
            return None
        card_with_count, count, card_alone, plain = item.groups()
        card = card_with_count or card_alone or plain
        here = len(line) - len(line.lstrip(" "))
        if indent is None:
            indent = here
        if here != indent or _yaml_string(card) is None or (plain is None and ":" in card):
            return None
        lines[(section, len(data[section]))] = number
        if plain is not None:
            data[section].append(card)
        elif count is not None:
            if count != "0" and count.startswith("0"):
                return None
            data[section].append({"card": card, "count": int(count)})
        else:
            data[section].append({"card": card})
    if not _plainly_valid(data):
        return None
    return data, lines


@lru_cache(maxsize=8192)
def _yaml_string(value: str) -> str | None:
    """``value`` when YAML reads this plain scalar as that very string, else None."""
    if not _SAFE_PLAIN.fullmatch(value) or value != value.strip() or value.endswith(":"):
        return None
    for tag, pattern in _RESOLVERS.get(value[:1], ()) + _WILDCARD:
        if pattern.match(value):
            return None
    return value


def _plain_yaml_deck(text: str) -> tuple[dict, dict] | None:
    """A valid, plain YAML decklist read from the parser's events, with the lines of its
    keys and entries (much cheaper than composing nodes).

    Returns None for anything beyond one document of mappings, lists, strings, decimal
    integers and nulls (anchors, tags, dates, booleans, duplicate keys, schema problems):
    the full path then reads it and names any problem with its line.
    """
    try:
        events = iter(yaml.parse(text, Loader=_EVENT_LOADER))
        if not isinstance(next(events), yaml.StreamStartEvent) or not isinstance(next(events), yaml.DocumentStartEvent):
            return None
        lines: dict[tuple, int] = {}
        data = _event_value(next(events), events, lines, ())
        if not isinstance(next(events), yaml.DocumentEndEvent) or not isinstance(next(events), yaml.StreamEndEvent):
            return None
    except (_NotSimple, yaml.YAMLError, StopIteration, RecursionError):
        return None
    if not isinstance(data, dict) or not _plainly_valid(data):
        return None
    return data, lines


def _event_value(event, events, lines: dict, where: tuple):
    """The plain value that starts with ``event``; records lines of top-level keys and list items."""
    if getattr(event, "anchor", None) is not None or isinstance(event, yaml.AliasEvent):
        raise _NotSimple
    if isinstance(event, yaml.ScalarEvent):
        return _plain_scalar(event)
    if isinstance(event, yaml.SequenceStartEvent):
        if event.tag is not None and not event.implicit:
            raise _NotSimple
        items = []
        for item in events:
            if isinstance(item, yaml.SequenceEndEvent):
                return items
            if len(where) == 1:
                lines[(where[0], len(items))] = item.start_mark.line + 1
            items.append(_event_value(item, events, lines, where + (len(items),)))
        raise _NotSimple
    if isinstance(event, yaml.MappingStartEvent):
        if event.tag is not None and not event.implicit:
            raise _NotSimple
        result = {}
        for key in events:
            if isinstance(key, yaml.MappingEndEvent):
                return result
            if not isinstance(key, yaml.ScalarEvent) or key.anchor is not None:
                raise _NotSimple
            name = _plain_scalar(key)
            if not isinstance(name, str) or name in result:
                raise _NotSimple
            if not where:
                lines[(name,)] = key.start_mark.line + 1
            result[name] = _event_value(next(events), events, lines, where + (name,))
        raise _NotSimple
    raise _NotSimple


def _plain_scalar(event):
    """A scalar as PyYAML's safe loader reads it, for strings, decimal integers and nulls only."""
    if event.tag is not None and event.tag != "!" and not (event.implicit and event.implicit[0]):
        raise _NotSimple
    value = event.value
    if event.style:  # quoted (or a block scalar): always a string
        return value
    for tag, pattern in _RESOLVERS.get(value[:1], ()) + _WILDCARD:
        if pattern.match(value):
            if tag == _INT and value.isdigit() and value.isascii() and (value == "0" or value[0] != "0"):
                return int(value)
            if tag == _NULL:
                return None
            raise _NotSimple
    return value


def _plain_json_deck(text: str) -> tuple[dict, dict] | None:
    """A valid JSON decklist read by the json module's scanner, with the lines of its keys
    and entries.

    Walks the top-level object and the ``main``/``lrig`` arrays, scanning each value with
    the json module's C scanner, so each entry's first character gives its line. Returns
    None for anything unusual (invalid JSON, duplicate keys, a schema problem): the YAML
    path then reads it and names the problem with its line.
    """
    try:
        data, lines = _scan_json_deck(text)
    except (ValueError, IndexError, StopIteration, RecursionError):
        return None
    if not isinstance(data, dict) or not _plainly_valid(data):
        return None
    return data, lines


@lru_cache(maxsize=8192)
def _entry_line(text: str) -> tuple[int, str] | None:
    """``parse_entry_line``, remembered: decklists repeat the same entries."""
    return parse_entry_line(text)


_JSON_SPACE = re.compile(r"[ \t\n\r]*")


@lru_cache(maxsize=1)
def _json_scanner():
    import json.scanner

    return json.scanner.make_scanner(json.JSONDecoder())


def _scan_json_deck(text: str) -> tuple[dict, dict]:
    scan = _json_scanner()
    space = _JSON_SPACE.match
    lines: dict[tuple, int] = {}
    line, last = 1, 0

    def line_at(index: int) -> int:
        nonlocal line, last
        line += text.count("\n", last, index)
        last = index
        return line

    index = space(text, 0).end()
    if text[index] != "{":
        raise ValueError("not an object")
    data: dict = {}
    index = space(text, index + 1).end()
    if text[index] == "}":
        index += 1
    else:
        while True:
            if text[index] != '"':
                raise ValueError("key expected")
            key_line = line_at(index)
            key, index = scan(text, index)
            if key in data:
                raise ValueError("duplicate key")
            lines[(key,)] = key_line
            index = space(text, index).end()
            if text[index] != ":":
                raise ValueError("colon expected")
            index = space(text, index + 1).end()
            if key in ("main", "lrig") and text[index] == "[":
                items: list = []
                index = space(text, index + 1).end()
                if text[index] == "]":
                    index += 1
                else:
                    while True:
                        lines[(key, len(items))] = line_at(index)
                        value, index = scan(text, index)
                        items.append(value)
                        index = space(text, index).end()
                        if text[index] == "]":
                            index += 1
                            break
                        if text[index] != ",":
                            raise ValueError("comma expected")
                        index = space(text, index + 1).end()
                data[key] = items
            else:
                data[key], index = scan(text, index)
            index = space(text, index).end()
            if text[index] == "}":
                index += 1
                break
            if text[index] != ",":
                raise ValueError("comma expected")
            index = space(text, index + 1).end()
    if space(text, index).end() != len(text):
        raise ValueError("extra data")
    return data, lines
