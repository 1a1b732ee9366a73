"""The complete schema of a format table: ``formats/schema.json`` plus, from the check
registry, the names a rule may run and the schema of each one's parameters.

A check describes its own parameters where it registers, so adding a check never
touches the table schema; :func:`schema_stamp` changes whenever either part does,
and a cached validation is made again.
"""

from __future__ import annotations

import copy
import zlib
from functools import lru_cache
from typing import Any

from wixoss_deckcheck.checks import REGISTRY, CheckInfo
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.files.schema import load_schema
from wixoss_deckcheck.files.schema import schema_stamp as file_stamp


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
def schema_stamp() -> str:
    """Changes with ``formats/schema.json`` and with the registry's rules and parameter schemas."""
    registry = [(info.slug, info.params, info.params_required) for info in table_rules()]
    # repr, not marshal: marshal's bytes vary from process to process (its back-references
    # follow reference counts), which made every run miss the table cache.
    text = repr(registry)
    return f"{file_stamp(formats_dir() / 'schema.json')}:{zlib.crc32(text.encode('utf-8')):08x}"
