"""Validating a data file against a JSON Schema: the one way the tool does it.

:func:`validate` answers the usual "valid" with the compiled validator of
:mod:`wixoss_deckcheck.files.fastschema` (fast, same verdict) and loads ``jsonschema``
only to word a problem, as one line naming the file, the line and the JSON path.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError

#: Finds the line of the value at a JSON path (a list of keys and indexes), or None.
LineFinder = Callable[[list], "int | None"]


@cache
def load_schema(path: Path) -> dict:
    """A shipped schema file, read once per process (json is imported only here: a check
    whose files are all validated in the cache never loads it)."""
    import json

    return json.loads(Path(path).read_text(encoding="utf-8"))


def schema_stamp(path: Path) -> str:
    """What a cache of validated files must change with: the schema's size and time."""
    stat = Path(path).stat()
    return f"{stat.st_size}:{stat.st_mtime_ns}"


def first_problem(validator: Any, data: Any) -> tuple[str, list] | None:
    """The most relevant error of a jsonschema validator as (message, path parts), or None.

    An unknown key (``additionalProperties: false``) is named, since it is usually a typo.
    """
    from jsonschema.exceptions import best_match

    errors = list(validator.iter_errors(data))
    if not errors:
        return None
    typos = [e for e in _flatten(errors) if e.validator == "additionalProperties"]
    error = max(typos, key=lambda e: len(e.absolute_path)) if typos else best_match(errors)
    parts = list(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)  # keys may be null
        if extra:
            parts.append(extra[0])
            message = f"unknown key {extra[0]!r} (not allowed here; a typo?)"
    return message, parts


def pointer(parts: list) -> str:
    """A JSON pointer such as ``/rules/3/params``."""
    return "/" + "/".join(str(part) for part in parts) if parts else "/"


def _flatten(errors: Any) -> Any:
    for error in errors:
        yield error
        if error.context:
            yield from _flatten(error.context)


def schema_problem(schema: dict, data: Any) -> tuple[str, list] | None:
    """The first problem of ``data`` against ``schema`` as (message, path parts), or None."""
    from wixoss_deckcheck.files.fastschema import UnsupportedSchema, compile_schema

    try:
        if compile_schema(schema)(data):
            return None
    except UnsupportedSchema:
        pass
    import jsonschema

    return first_problem(jsonschema.Draft202012Validator(schema), data)


def validate(
    data: Any, schema: dict, where: str, line_of: LineFinder | None = None, template: str = "{message} at {pointer}"
) -> None:
    """Raise an InputError naming ``where``, the line and the JSON path of the first problem."""
    problem = schema_problem(schema, data)
    if problem is None:
        return
    message, parts = problem
    line = line_of(parts) if line_of is not None else None
    raise InputError(template.format(message=message, pointer=pointer(parts)), where, line)
