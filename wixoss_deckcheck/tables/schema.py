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
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.checks import REGISTRY, CheckInfo
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.fastschema import compile_schema
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.yamllines import LineFinder, load_plain
from wixoss_deckcheck.tables.table_values import check_dates, check_patterns


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




@lru_cache(maxsize=1)
def _fast_check() -> Callable[[Any], bool]:
    return compile_schema(format_schema())


def parse_table(text: str, path: Path) -> dict[str, Any]:
    """The validated data of a format file's text (a mapping whose dates are all calendar
    days); a problem is an InputError with the file, the line and the JSON path."""
    data = load_plain(text, str(path))
    if not isinstance(data, dict):
        raise InputError("a format table must be a YAML mapping (id:, rules:, mayus_room:)", str(path), 1)
    lines = LineFinder(text)
    validate(data, format_schema(), str(path), lines)
    check_dates(data, path, lines)
    check_patterns(data, path, lines)
    return data


