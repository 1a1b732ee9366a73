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
from functools import lru_cache

import yaml

from wixoss_deckcheck.decklist.model import Deck, DeckEntry
from wixoss_deckcheck.decklist.text import parse_entry_line
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.resources import _PACKAGE_DIR
from wixoss_deckcheck.schema_errors import first_problem, pointer
from wixoss_deckcheck.yamlnodes import compose_with_lines, plain


@lru_cache(maxsize=1)
def _deck_validator():
    import jsonschema

    schema = json.loads((_PACKAGE_DIR / "schemas" / "deck.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def parse_structured_deck(text: str, path: str) -> Deck:
    """Parse a YAML or JSON decklist; schema problems name the JSON path and line."""
    root = compose_with_lines(text, path)
    data = plain(root, path)
    if not isinstance(data, dict):
        raise InputError("a YAML/JSON decklist must be a mapping with main: and lrig: lists", path, 1)
    problem = first_problem(_deck_validator(), data)
    if problem is not None:
        message, parts = problem
        raise InputError(f"{message} (at {pointer(parts)})", path, _line_of(root, parts))
    deck = Deck(path=path, name=data.get("name"), date=data.get("date"))
    if data.get("format"):
        deck.format = str(data["format"]).strip().lower()
        deck.format_line = _line_of(root, ["format"])
    for section in ("main", "lrig"):
        for index, item in enumerate(data.get(section) or []):
            line = _line_of(root, [section, index])
            if isinstance(item, str):
                parsed = parse_entry_line(item)
                count, query = parsed if parsed else (1, item.strip())
                if not 1 <= count <= 99:
                    raise InputError(f"copy count {count} is out of range (1-99)", path, line)
            else:
                count, query = item.get("count", 1), item["card"].strip()
            deck.entries.append(DeckEntry(count, query, line, section))
    return deck


def _line_of(node: yaml.Node, path: list) -> int | None:
    """The 1-based line of the entry at ``path`` (the key's line for mapping entries)."""
    current, line = node, node.start_mark.line + 1
    for part in path:
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if key.value == part:
                    current, line = value, key.start_mark.line + 1
                    break
            else:
                break
        elif isinstance(current, yaml.SequenceNode) and isinstance(part, int) and part < len(current.value):
            current = current.value[part]
            line = current.start_mark.line + 1
        else:
            break
    return line
