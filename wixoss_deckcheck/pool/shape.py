"""The shape of a card pool file, checked before any card is built from it.

A pool JSON of the wrong shape (a card that is a string, ``names`` not a mapping, a
level of ``NaN``) is an input error that names the card, never a traceback later in
the indexes or the checks.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from wixoss_deckcheck.errors import InputError

#: The largest card pool file read (the full merged pool is a few megabytes).
MAX_POOL_BYTES = 256_000_000

_TEXT, _INT, _BOOL, _TEXTS, _COSTS, _NAMES = "text", "integer", "true/false", "list of texts", "mapping", "names"
_LIMITS, _CONDITION = "list of {deck, type, max} limits", "mapping or null"
#: The fields the pool's own code reads and what each must be (a missing field takes its
#: default; other fields are the schema's business, checked when a pool is written).
_FIELDS: dict[str, str] = {
    "number": _TEXT, "name": _TEXT, "type": _TEXT, "series": _TEXT, "team": _TEXT,
    "level": _INT, "limit": _INT, "power": _INT,
    "life_burst": _BOOL, "guard": _BOOL, "multi_ener": _BOOL, "team_piece": _BOOL, "token": _BOOL, "rise": _BOOL,
    "colors": _TEXTS, "lrig_types": _TEXTS, "limiting": _TEXTS, "formats": _TEXTS, "reprints": _TEXTS,
    "classes": _TEXTS, "timing": _TEXTS, "grow_cost": _COSTS, "cost": _COSTS, "rise_onto": _COSTS, "names": _NAMES,
    "inherited_names": _NAMES, "sources": _TEXTS, "plays_as": _TEXT, "deck_limits": _LIMITS,
    "piece_condition": _CONDITION, "effect": _CONDITION, "resona_condition": _CONDITION,
}
_REQUIRED = ("number", "name", "type")
_SCALARS = {_TEXT: str, _INT: int, _BOOL: bool}


def _fits(value: Any, kind: str) -> bool:
    if value is None:
        return kind not in (_BOOL, _TEXTS, _NAMES, _LIMITS)
    scalar = _SCALARS.get(kind)
    if scalar is not None:
        return value.__class__ is scalar
    if kind == _TEXTS:
        return value.__class__ is list and _all_text(value)
    if kind == _LIMITS:  # what checks/construction.py reads of each: deck, type (texts) and max (an integer)
        return value.__class__ is list and all(
            item.__class__ is dict and item.get("deck").__class__ is str and item.get("type").__class__ is str
            and item.get("max").__class__ is int for item in value)
    # names: texts by language; a cost's own shape (amounts, either/or choices) is the schema's
    return value.__class__ is dict and (kind != _NAMES or _all_text(value.values()))


def _all_text(items: Iterable[Any]) -> bool:
    return all(item.__class__ is str for item in items)


def card_problem(raw: Any) -> str | None:
    """What is wrong with one card of a pool file, or None when its shape is right."""
    if raw.__class__ is not dict:
        return f"is a {type(raw).__name__}, not an object"
    for key in _REQUIRED:
        if raw.get(key).__class__ is not str or not raw[key]:
            return f'has no text "{key}"'
    for key, value in raw.items():
        kind = _FIELDS.get(key)
        if kind is not None and not _fits(value, kind):
            return f'field "{key}" must be {"a" if kind != _INT else "an"} {kind}, not {type(value).__name__}'
    return None


def check_cards(cards: list, path: str) -> None:
    """An InputError naming the first card of the wrong shape (by index and number)."""
    for index, raw in enumerate(cards):
        problem = card_problem(raw)
        if problem is not None:
            number = raw.get("number") if isinstance(raw, dict) else None
            label = f"/cards/{index}" + (f" ({number})" if isinstance(number, str) else "")
            raise InputError(f"card pool entry {label} {problem}", path)


def parse_pool_json(raw: bytes, path: str) -> Any:
    """The JSON value of a pool file; invalid JSON, ``NaN``, huge numbers and deep
    nesting are InputErrors."""

    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=refuse_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise InputError(f"card pool is not valid JSON ({exc.__class__.__name__}: {exc})", path, line) from None
    except (ValueError, RecursionError) as exc:  # NaN, a number of over 4,300 digits, deep nesting
        raise InputError(f"card pool is not valid JSON ({exc})", path) from None
