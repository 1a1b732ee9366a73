"""Turning JSON Schema validation errors into one readable line with a JSON path."""

from __future__ import annotations


def first_problem(validator, data) -> tuple[str, list] | None:
    """The most relevant schema error as (message, path parts), or None when valid.

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


def _flatten(errors):
    for error in errors:
        yield error
        if error.context:
            yield from _flatten(error.context)


def check_against(schema: dict, data) -> tuple[str, list] | None:
    """The first problem of ``data`` against ``schema`` as (message, path parts), or None.

    The compiled validator (:mod:`wixoss_deckcheck.fastschema`) answers the usual "valid"
    quickly; jsonschema is loaded only to word a problem.
    """
    from wixoss_deckcheck.fastschema import UnsupportedSchema, compile_schema

    try:
        if compile_schema(schema)(data, ()) is None:
            return None
    except UnsupportedSchema:  # pragma: no cover - our schemas use only supported keywords
        pass
    import jsonschema

    return first_problem(jsonschema.Draft202012Validator(schema), data)
