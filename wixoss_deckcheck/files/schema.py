"""Validating a data file against a JSON Schema: the one way the tool does it.

:func:`validate` answers the usual "valid" with the compiled validator of
:mod:`wixoss_deckcheck.files.fastschema` (fast, same verdict) and loads ``jsonschema``
only to word a problem, as one line naming the file, the line and the JSON path. Only
the slow paths import this module: a file validated once is cached
(:mod:`wixoss_deckcheck.files.cache`, stamped with :func:`~wixoss_deckcheck.files.cache.file_stamp`
of its schema), so a usual ``check`` never loads a schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.fastschema import UnsupportedSchema, compile_schema

#: Finds the line of the value at a JSON path (a list of keys and indexes), or None.
LineFinder = Callable[[list[Any]], "int | None"]


@cache
def load_schema(path: Path) -> dict[str, Any]:
    """A shipped schema file, read once per process."""
    schema: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return schema


@cache
def fast_check(path: Path) -> Callable[[Any], bool]:
    """Whether a value is valid against the schema at ``path`` (compiled once; jsonschema
    for a schema the fast validator does not know)."""
    schema = load_schema(path)
    try:
        return compile_schema(schema)
    except UnsupportedSchema:
        return lambda value: schema_problem(schema, value) is None


def pointer(parts: list[Any]) -> str:
    """A JSON pointer such as ``/rules/3/params``."""
    return "/" + "/".join(str(part) for part in parts) if parts else "/"


def schema_problem(schema: dict[str, Any], data: Any) -> tuple[str, list[Any]] | None:
    """The first problem of ``data`` against ``schema`` as (message, path parts), or None."""
    try:
        if compile_schema(schema)(data):
            return None
    except UnsupportedSchema:
        pass
    return _worded_problem(schema, data)


def _worded_problem(schema: dict[str, Any], data: Any) -> tuple[str, list[Any]] | None:
    """The most relevant error jsonschema finds, as (message, path parts), or None.

    An unknown key (``additionalProperties: false``) is named, since it is usually a typo.
    """
    import jsonschema  # heavy: loaded only to word a problem the compiled check found

    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if not errors:
        return None
    typos = [e for e in _flatten(errors) if e.validator == "additionalProperties"]
    error = max(typos, key=lambda e: len(e.absolute_path)) if typos else jsonschema.exceptions.best_match(errors)
    parts = list(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)  # keys may be null
        if extra:
            parts.append(extra[0])
            message = f"unknown key {extra[0]!r} (not allowed here; a typo?)"
    return message, parts


def _flatten(errors: Any) -> Iterator[Any]:
    for error in errors:
        yield error
        if error.context:
            yield from _flatten(error.context)


def validate(
    data: Any,
    schema: dict[str, Any],
    where: str,
    line_of: LineFinder | None = None,
    template: str = "{message} at {pointer}",
) -> None:
    """Raise an InputError naming ``where``, the line and the JSON path of the first problem."""
    problem = schema_problem(schema, data)
    if problem is None:
        return
    message, parts = problem
    line = line_of(parts) if line_of is not None else None
    raise InputError(template.format(message=message, pointer=pointer(parts)), where, line)
