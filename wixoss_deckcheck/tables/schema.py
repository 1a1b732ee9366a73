"""Validating a format table not yet cached: ``formats/schema.json`` completed from the
check registry (the names a rule may run and the schema of each one's parameters), and
its dates as calendar days; every problem with its line.

A check describes its own parameters where it registers, so adding a check never
touches the table schema. This is the slow path of :mod:`~wixoss_deckcheck.tables.loading`,
imported on a cache miss only: a usual ``check`` reads the validated table from the cache
(stamped with :func:`~wixoss_deckcheck.tables.loading.schema_stamp`, which follows the
schema file and the registry) and never loads YAML, json or a schema.
"""

from __future__ import annotations

import copy
import datetime as _dt
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.checks import REGISTRY, CheckInfo
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.fastschema import compile_schema
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.yamllines import LineFinder, load_plain
from wixoss_deckcheck.model.patterns import pattern_problem


def table_rules() -> list[CheckInfo]:
    """The checks a format table may name in ``rules:``, in code order."""
    return sorted((info for info in REGISTRY.values() if info.table_rule), key=lambda info: info.code)


def _params_clause(info: CheckInfo) -> dict[str, Any]:
    then: dict[str, Any] = {"properties": {"params": info.params}}
    if info.params_required:
        then["required"] = ["params"]
    return {"if": {"properties": {"check": {"const": info.slug}}}, "then": then}


@lru_cache(maxsize=1)
def format_schema() -> dict[str, Any]:
    """The file's schema with the rule's ``check`` names and parameter schemas filled in."""
    schema = copy.deepcopy(load_schema(formats_dir() / "schema.json"))
    rule = schema["$defs"]["rule"]
    rules = table_rules()
    rule["properties"]["check"] = {**rule["properties"]["check"], "enum": [info.slug for info in rules]}
    rule["allOf"] = [_params_clause(info) for info in rules if info.params is not None]
    return schema


_DATE_KEYS = ("since", "until", "announced", "effective")


@lru_cache(maxsize=1)
def _fast_check() -> Callable[[Any], bool]:
    return compile_schema(format_schema())


def cached_table_ok(data: Any) -> bool:
    """Whether a table read from the cache still has the schema's shape, its dates are
    calendar days and its patterns safe: a cache whose checksum is right but whose values
    are not (written by hand, by another version) is a cache miss, never a traceback."""
    if not _fast_check()(data):
        return False
    try:
        _check_dates(data, Path("cache"), LineFinder(""))
        _check_patterns(data, Path("cache"), LineFinder(""))
    except InputError:
        return False
    return True


def parse_table(text: str, path: Path) -> dict[str, Any]:
    """The validated data of a format file's text (a mapping whose dates are all calendar
    days); a problem is an InputError with the file, the line and the JSON path."""
    data = load_plain(text, str(path))
    if not isinstance(data, dict):
        raise InputError("a format table must be a YAML mapping (id:, rules:, mayus_room:)", str(path), 1)
    lines = LineFinder(text)
    validate(data, format_schema(), str(path), lines)
    _check_dates(data, path, lines)
    _check_patterns(data, path, lines)
    return data


def _check_patterns(data: Any, path: Path, lines: LineFinder, parts: list[Any] | None = None) -> None:
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
                _check_patterns(item, path, lines, [*parts, key])
    elif isinstance(data, list):
        for index, item in enumerate(data):
            _check_patterns(item, path, lines, [*parts, index])


def _check_dates(data: dict[str, Any], path: Path, lines: LineFinder) -> None:
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
