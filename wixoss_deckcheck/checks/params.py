"""JSON Schemas of the checks' parameters, as format tables write them in ``rules: params:``.

Each check names its schema when it registers (:func:`wixoss_deckcheck.checks.registry.check`);
the format table schema is completed from the registry
(:func:`wixoss_deckcheck.tables.schema.format_schema`), so these are the one place a
parameter is described.
"""

from __future__ import annotations

from typing import Any

CARD_TYPE_NAMES = ["SIGNI", "SPELL", "LRIG", "ASSIST_LRIG", "ARTS", "KEY", "RESONA", "PIECE", "RELAY_PIECE"]
LRIG_DECK_TYPE_NAMES = ["LRIG", "ASSIST_LRIG", "ARTS", "KEY", "RESONA", "PIECE", "RELAY_PIECE"]

_CARD_TYPES: dict[str, Any] = {"type": "array", "items": {"enum": CARD_TYPE_NAMES}, "uniqueItems": True}

_ICON_LIST: dict[str, Any] = {
    "type": ["array", "null"],
    "items": {"enum": ["key", "diva"]},
    "description": "A card is in the pool when it (or a card of the same name) carries one of these icons; "
    "null = every card.",
}

_CARD_SELECTION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "numbers": {"type": "array", "items": {"type": "string"}},
        "names": {"type": "array", "items": {"type": "string"}},
        "series": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Regular expressions matched at the start of the card number.",
        },
    },
}

AMOUNT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "properties": {
        "exactly": {"type": "integer", "minimum": 0},
        "min": {"type": "integer", "minimum": 0},
        "max": {"type": "integer", "minimum": 0},
    },
}

MAX: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["max"],
    "properties": {"max": {"type": "integer", "minimum": 0}},
}

MIN: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"min": {"type": "integer", "minimum": 1}},
}

LRIG_COPIES: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["max"],
    "properties": {
        "max": {"type": "integer", "minimum": 0},
        "per_type": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0},
            "propertyNames": {"enum": LRIG_DECK_TYPE_NAMES},
            "description": "A different limit for some card types, e.g. {ARTS: 4} (the Simplified Chinese glossary).",
        },
    },
}

DECK_TYPES: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["main", "lrig"],
    "properties": {"main": _CARD_TYPES, "lrig": _CARD_TYPES},
}

START: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["counts"],
    "properties": {
        "counts": {
            "type": "array",
            "items": {"enum": [1, 3]},
            "minItems": 1,
            "uniqueItems": True,
            "description": "How many level-0 LRIGs a game may start with.",
        },
        "more_level_zero_allowed": {
            "type": "boolean",
            "description": "UNVERIFIED reading: may the LRIG deck hold more level-0 LRIGs than it starts with "
            "(choosing at game start)? Default true.",
        },
    },
}

CARD_POOL: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["icons"],
    "properties": {
        "icons": _ICON_LIST,
        "same_name": {
            "type": "boolean",
            "description": "A card without the icon is legal when a card of the same name has it (default true).",
        },
        "exempt_level_zero_lrigs": {
            "type": "boolean",
            "description": "Level-0 LRIGs are judged by level-zero-lrig-pool (or are free, in Key), not by icon.",
        },
        "include": {**_CARD_SELECTION, "description": "Cards legal whatever their icons (a format's own card list)."},
        "exclude": {**_CARD_SELECTION, "description": "Cards not in the pool even with the icon."},
    },
}

LEVEL_ZERO_POOL: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["icons", "match"],
    "properties": {
        "icons": _ICON_LIST,
        "match": {
            "enum": ["any", "colour-and-type"],
            "description": "any: every level-0 LRIG is legal; colour-and-type: a level-0 LRIG without the "
            "icon is legal only if a level-0 LRIG with the icon has the same colour and the "
            "same LRIG type.",
        },
    },
}

COLOUR: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "multicolour": {
            "enum": ["every", "any"],
            "description": "Must every colour of a multi-colour card be among the LRIGs' colours "
            "(every, default; the official wording 'cards with a colour other than "
            "...') or one of them (any)?",
        },
        "decks": {
            "type": "array",
            "items": {"enum": ["main", "lrig"]},
            "uniqueItems": True,
            "description": "Which decks the rule covers (default both, as the official column play_201127 says).",
        },
        "lrigs": {
            "enum": ["starting-trio", "level-zero", "all"],
            "description": "Whose colours count: the three level-0 LRIGs opened at game start (default; with "
            "more level-0 LRIGs, the start that leaves the fewest cards out), every level-0 LRIG, or every LRIG "
            "of the LRIG deck.",
        },
    },
}

COLOUR_CLASH: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "reading": {
            "enum": ["no-shared-colour", "subset", "different-colours"],
            "description": "When two LRIGs of one LRIG type clash: they share no colour (default; keeps the "
            "official two-colour designs legal), neither's colours hold the other's, or their colours differ "
            "at all (the literal wording). UNVERIFIED: no official text on multi-colour LRIGs was found.",
        }
    },
}
