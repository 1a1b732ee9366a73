"""Reading YAML and JSON decklists with PyYAML: every layout YAML allows, and a message
with the line for every problem.

:mod:`~wixoss_deckcheck.decklist.structured` reads the usual files without a YAML parser
and hands the rest to :func:`parse_yaml_deck`: first a quick reader of the parser's
events for plain documents, then the full path (composed nodes, PyYAML's constructor,
the deck schema), which names any problem with its JSON path and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from wixoss_deckcheck.decklist.plain import entry_line, plain_deck
from wixoss_deckcheck.decklist.yaml_scalars import RESOLVERS as _RESOLVERS
from wixoss_deckcheck.decklist.yaml_scalars import WILDCARD as _WILDCARD
from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.files.resources import schemas_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.yamllines import compose_with_lines, line_at, plain
from wixoss_deckcheck.model.deck import Deck, DeckEntry, written_count


def parse_yaml_deck(text: str, path: str, events: bool = True) -> Deck:
    """Parse a decklist with PyYAML (JSON is YAML too); ``events`` tries the event reader first."""
    deck = None
    if events:
        deck = _plain_yaml_deck(text, path)
    if deck is None:
        deck = _parse_with_nodes(text, path)
    if "#" in text:
        deck.comment_cut_lines = _comment_cut_lines(deck, text)
    return deck


_YAML_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_COMMENT = re.compile(r"[ \t]#")


def _comment_cut_lines(deck: Deck, text: str) -> frozenset[int]:
    """Lines where YAML took `` #...`` after an entry for a comment (``- 4x サーバント #``
    reads as ``4x サーバント``): the checker adds a hint when that entry names no card."""
    lines = _YAML_BREAK.split(text)
    return frozenset(
        entry.line
        for entry in deck.entries
        if entry.line and "#" not in entry.query and _COMMENT.search(lines[entry.line - 1])
    )


def _parse_with_nodes(text: str, path: str) -> Deck:
    """The full path: composed nodes (with lines), the constructor, the deck schema."""
    root = compose_with_lines(text, path)
    if root is not None:
        _refuse_surprises(root, path)
    try:
        data = _simple_plain(root)
    except _NotSimple:
        data = plain(root, path)
    if not isinstance(data, dict):
        raise InputError("a YAML/JSON decklist must be a mapping with main: and lrig: lists", path, 1)
    if not _plainly_valid(data):
        validate(
            data,
            load_schema(schemas_dir() / "deck.schema.json"),
            path,
            lambda parts: line_at(root, parts),
            "{message} (at {pointer})",
        )
    return _build_deck(data, path, lambda parts: line_at(root, list(parts)))


_BOOL, _FLOAT = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:float"
_NOT_DECIMAL = re.compile(r"[-+]?0[0-9_]|[-+]?0[xXoObB]|.*[:_]")  # 1_0: YAML 1.1 reads 10


def _refuse_surprises(root: yaml.Node, path: str) -> None:
    """Refuse what YAML 1.1 (PyYAML) reads otherwise than a person does: a key twice in one
    mapping (the later one would silently replace the earlier: a whole ``main:`` block lost),
    ``010`` as the octal number 8, ``0x10`` or ``1:30`` as numbers, ``no``/``on`` as booleans."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            _refuse_duplicate_keys(node, path)
            stack.extend(item for pair in node.value for item in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.ScalarNode) and not node.style:
            _refuse_surprising_scalar(node, path)


def _refuse_duplicate_keys(node: yaml.MappingNode, path: str) -> None:
    seen: dict = {}
    for key, _value in node.value:
        if isinstance(key, yaml.ScalarNode):
            if key.value in seen:
                raise InputError(
                    f"duplicate key {quoted(key.value)!r} (first on line {seen[key.value]}): the "
                    "later one would replace the earlier",
                    path,
                    key.start_mark.line + 1,
                )
            seen[key.value] = key.start_mark.line + 1


def _refuse_surprising_scalar(node: yaml.ScalarNode, path: str) -> None:
    """A plain scalar YAML 1.1 reads as an octal or other non-decimal number, a boolean
    other than true/false, or a number of base 60."""
    value, line = node.value, node.start_mark.line + 1
    if node.tag == _INT and _NOT_DECIMAL.match(value):
        read = _scalar(value)
        if re.fullmatch(r"[-+]?0[0-7_]+", value):
            plain_number = int(value.replace("_", ""), 10)
            raise InputError(
                f"YAML 1.1 reads {value} as the octal number {read}, not {plain_number}: "
                f"write {plain_number}, or quote it if it is text",
                path,
                line,
            )
        raise InputError(
            f"YAML 1.1 reads {value} as the number {read}: write a plain number, or quote it if it is text",
            path,
            line,
        )
    if node.tag == _BOOL and value.lower() not in ("true", "false"):
        raise InputError(f"YAML 1.1 reads {value} as {str(_scalar(value)).lower()}, not as text: quote it", path, line)
    if node.tag == _FLOAT and ":" in value:
        raise InputError(f"YAML 1.1 reads {value!r} as a number of base 60: quote it", path, line)


def _scalar(value: str) -> object:
    """What PyYAML makes of a plain scalar (for the messages of :func:`_refuse_surprises`)."""
    try:
        return yaml.safe_load(value)
    except yaml.YAMLError:  # pragma: no cover - the value was already parsed once
        return value


class _NotSimple(Exception):
    """The document uses YAML beyond strings, decimal integers and nulls: use the full constructor."""


_STR, _INT, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:null"
_EVENT_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _simple_plain(node: yaml.Node | None) -> object:
    """Plain values of a document of mappings, lists, strings, decimal integers and nulls.

    The common decklist, much faster than PyYAML's constructor and with the same result;
    anything else (anchors, merge keys, dates, booleans, 0x or 010 integers) raises
    :class:`_NotSimple`.
    """
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return _simple_scalar(node.tag, node.value)
    if isinstance(node, yaml.SequenceNode) and node.tag == "tag:yaml.org,2002:seq":
        return [_simple_plain(item) for item in node.value]
    if isinstance(node, yaml.MappingNode) and node.tag == "tag:yaml.org,2002:map":
        return _simple_mapping(node)
    raise _NotSimple


def _simple_mapping(node: yaml.MappingNode) -> dict:
    result = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag != _STR:
            raise _NotSimple
        result[key.value] = _simple_plain(value)
    return result


def _simple_scalar(tag: str, value: str) -> str | int | None:
    """A scalar of one of the simple tags (a string, a decimal integer, a null) as its value."""
    if tag == _STR:
        return value
    if tag == _INT and _decimal(value):
        return int(value)
    if tag == _NULL:
        return None
    raise _NotSimple


def _decimal(value: str) -> bool:
    """Digits YAML 1.1 and a person read alike (no ``010``: an octal number to YAML)."""
    return value.isdigit() and value.isascii() and (value == "0" or value[0] != "0")


def _plainly_valid(data: dict) -> bool:
    """A quick yes for the usual, valid decklist (no jsonschema needed); False means "ask the
    schema" (see :func:`~wixoss_deckcheck.decklist.plain.plain_deck`)."""
    return plain_deck(data, "", {}) is not None


def _build_deck(data: dict, path: str, line_of: Callable[[tuple], int | None]) -> Deck:
    """The deck of a valid document; ``line_of(parts)`` gives the line of a JSON path."""
    _refuse_blank(data, path, line_of)
    deck = Deck(path=path, name=data.get("name"), date=data.get("date"))
    if data.get("format"):
        deck.format = str(data["format"]).strip().lower()
        deck.format_line = line_of(("format",))
    entries = deck.entries
    for section in ("main", "lrig"):
        for index, item in enumerate(data.get(section) or ()):
            line = line_of((section, index))
            if item.__class__ is str:
                try:
                    parsed = entry_line(item)
                except ValueError as exc:
                    raise InputError(str(exc), path, line) from None
                count, query = parsed if parsed else (1, item.strip())
                if not query:
                    raise InputError("an entry whose card is blank: name the card or remove the entry", path, line)
                if not 1 <= count <= 99:
                    raise InputError(f"copy count {count} is out of range (1-99)", path, line)
            else:
                count, query = item.get("count", 1), item["card"].strip()
                if not query:
                    raise InputError("an entry whose card is blank: name the card or remove the entry", path, line)
                if count.__class__ is not int:  # 1.0: JSON Schema's "integer" takes it
                    raise InputError(f"copy count {count!r} is not a whole number: write {int(count)}", path, line)
                if "count" in item:
                    count = written_count(count)  # a written 1: no count after the card's name replaces it
            entries.append(DeckEntry(count, query, line, section))
    return deck


def _refuse_blank(data: dict, path: str, line_of: Callable[[tuple], int | None]) -> None:
    """An empty ``format`` or ``name`` is an error, never read as if the key were absent
    (the deck would be checked in the default format without a word)."""
    for key, problem in (("format", "the format is empty: name one (all-star, key, diva) or leave the key out"),
                         ("name", "the deck name is empty: write one or leave the key out")):
        if key in data and isinstance(data[key], str) and not data[key].strip():
            raise InputError(problem, path, line_of((key,)))


def _plain_yaml_deck(text: str, path: str) -> Deck | None:
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
    return plain_deck(data, path, lines)


def _event_value(event: yaml.Event, events: Iterator[yaml.Event], lines: dict[tuple, int], where: tuple) -> object:
    """The plain value that starts with ``event``; records lines of top-level keys and list items."""
    if getattr(event, "anchor", None) is not None or isinstance(event, yaml.AliasEvent):
        raise _NotSimple
    if isinstance(event, yaml.ScalarEvent):
        return _plain_scalar(event)
    if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)) and (
        event.tag is None or event.implicit
    ):
        if isinstance(event, yaml.SequenceStartEvent):
            return _event_list(events, lines, where)
        return _event_mapping(events, lines, where)
    raise _NotSimple


def _event_list(events: Iterator[yaml.Event], lines: dict[tuple, int], where: tuple) -> list[Any]:
    """The items of a sequence (its start event read), to its end event."""
    items: list[Any] = []
    for item in events:
        if isinstance(item, yaml.SequenceEndEvent):
            return items
        if len(where) == 1 and item.start_mark is not None:
            lines[(where[0], len(items))] = item.start_mark.line + 1
        items.append(_event_value(item, events, lines, where + (len(items),)))
    raise _NotSimple


def _event_mapping(events: Iterator[yaml.Event], lines: dict[tuple, int], where: tuple) -> dict[str, Any]:
    """The members of a mapping (its start event read) with string keys each once, to its end event."""
    result: dict[str, Any] = {}
    for key in events:
        if isinstance(key, yaml.MappingEndEvent):
            return result
        if not isinstance(key, yaml.ScalarEvent) or key.anchor is not None:
            raise _NotSimple
        name = _plain_scalar(key)
        if not isinstance(name, str) or name in result:
            raise _NotSimple
        if not where and key.start_mark is not None:
            lines[(name,)] = key.start_mark.line + 1
        result[name] = _event_value(next(events), events, lines, where + (name,))
    raise _NotSimple


def _plain_scalar(event: yaml.ScalarEvent) -> object:
    """A scalar as PyYAML's safe loader reads it, for strings, decimal integers and nulls only."""
    if event.tag is not None and event.tag != "!" and not (event.implicit and event.implicit[0]):
        raise _NotSimple
    value = event.value
    if event.style:  # quoted (or a block scalar): always a string
        return value
    for tag, pattern in _RESOLVERS.get(value[:1], ()) + _WILDCARD:
        if pattern.match(value):
            return _simple_scalar(tag, value)  # (no resolver gives a string)
    return value
