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
