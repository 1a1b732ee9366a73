"""The values of a format table that its schema cannot judge: every date a calendar day,
every card-number pattern inside the safe subset of :mod:`~wixoss_deckcheck.model.patterns`.

Light on purpose (no YAML, no JSON): a table read from the cache is checked by these too,
so that a cache whose checksum is right but whose values are not is a cache miss, never a
traceback, without importing what a cache hit is there to avoid.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.cache import load_marshalled, store_marshalled
from wixoss_deckcheck.files.fastschema import UnsupportedSchema, compile_schema
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.model.patterns import pattern_problem

#: The line of a JSON path in the table's text (None: not known).
Lines = Callable[[list[Any]], "int | None"]

_DATE_KEYS = ("since", "until", "announced", "effective")
#: What compiling a cached schema whose values are wrong may raise.
BROKEN_SCHEMA = (UnsupportedSchema, TypeError, KeyError, ValueError, AttributeError, IndexError, re.error)


def check_patterns(data: Any, path: Path, lines: Lines, parts: list[Any] | None = None) -> None:
    """Every card-number pattern (``pattern:``, ``series:``) is inside the safe subset of
    :mod:`~wixoss_deckcheck.model.patterns`; the first that is not is an InputError with its line."""
    parts = parts or []
    if isinstance(data, dict):
        for key, item in data.items():
            texts = [(key, item)] if key == "pattern" else list(enumerate(item)) if key == "series" and isinstance(
                item, list) else []
            for index, text in texts:
                where = [*parts, key] if key == "pattern" else [*parts, key, index]
                problem = pattern_problem(text)
                if problem:
                    raise InputError(f"{problem} at /{'/'.join(map(str, where))}", str(path), lines(where))
            if isinstance(item, (dict, list)):
                check_patterns(item, path, lines, [*parts, key])
    elif isinstance(data, list):
        for index, item in enumerate(data):
            check_patterns(item, path, lines, [*parts, index])


def check_dates(data: dict[str, Any], path: Path, lines: Lines) -> None:
    """Every since/until/announced/effective must be a real calendar day; the first that
    is not is an InputError with its JSON path and line."""
    good: set[str] = set()  # each distinct date is tried once
    for parts, value in _dates(data, []):
        if value in good:
            continue
        try:
            _dt.date.fromisoformat(value)
        except ValueError:
            raise InputError(
                f"{value!r} is not a calendar date (YYYY-MM-DD) at /{'/'.join(map(str, parts))}",
                str(path),
                lines(parts),
            ) from None
        good.add(value)


def _dates(value: Any, parts: list[Any]) -> Iterator[tuple[list[Any], str]]:
    """(JSON path, text) of every date key's text value, in document order."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _DATE_KEYS and isinstance(item, str):
                yield [*parts, key], item
            elif isinstance(item, (dict, list)):
                yield from _dates(item, [*parts, key])
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _dates(item, [*parts, index])


def cached_values_ok(data: Any, depends: str, make_schema: Callable[[], dict[str, Any]]) -> bool:
    """Whether a table read from the cache still has the schema's shape (the schema itself
    from the cache: ``depends`` is its stamp), its dates are calendar days and its patterns
    safe. ``make_schema`` makes the schema on a miss of its cache."""
    if not isinstance(data, dict) or not _shape_check(depends, make_schema)(data):
        return False
    try:
        check_dates(data, Path("cache"), lambda parts: None)
        check_patterns(data, Path("cache"), lambda parts: None)
    except InputError:
        return False
    return True


@lru_cache(maxsize=1)
def _shape_check(depends: str, make_schema: Callable[[], dict[str, Any]]) -> Callable[[Any], bool]:
    """The compiled check of the table schema (completed from the registry), its schema read
    from the cache; on a miss, made by ``make_schema`` and cached."""
    source = formats_dir() / "schema.json"
    schema = load_marshalled("table-schema", source, depends)
    if isinstance(schema, dict):
        try:
            return compile_schema(schema)
        except BROKEN_SCHEMA:  # a cached schema whose values are not a schema: made again
            pass
    schema = make_schema()
    store_marshalled("table-schema", source, schema, depends)
    return compile_schema(schema)


def remember_schema(depends: str, make_schema: Callable[[], dict[str, Any]]) -> None:
    """Cache the table schema beside a table just validated (its next cache hit reads no JSON)."""
    _shape_check(depends, make_schema)
