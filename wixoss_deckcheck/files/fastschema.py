"""A fast validator for the small part of JSON Schema our own schemas use.

``jsonschema`` checks a full card pool (9,000 cards) in about two seconds, most of
the time it takes to build one. This module compiles a schema once into plain
Python closures that give the same verdict in a fraction of that time. It knows
only these keywords: ``type enum const required properties additionalProperties
items minLength maxLength minimum maximum exclusiveMinimum exclusiveMaximum minItems
maxItems minProperties maxProperties propertyNames uniqueItems pattern allOf anyOf
oneOf not if then else $ref $defs`` (and the annotations ``$schema $id title
description``); a schema using anything else raises :class:`UnsupportedSchema`, and
callers fall back to ``jsonschema``. When an instance is invalid, callers ask ``jsonschema`` for the full message: this
module only has to be right about *whether* a document is valid.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: A compiled schema: True when the value is valid.
Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "title", "description", "$comment", "examples", "default", "$defs"}
_KNOWN = _ANNOTATIONS | {
    "type",
    "enum",
    "const",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "minLength",
    "minimum",
    "uniqueItems",
    "$ref",
    "maxLength",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "pattern",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
}


class UnsupportedSchema(ValueError):
    """The schema uses a keyword this module does not implement."""


_TYPES: dict[str, Check] = {
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: (
        (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())
    ),
    "number": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON sees it: ``true`` is not ``1``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (list, dict)):
        return _same_items(a, b)
    return a == b


def _same_items(a: list[Any] | dict[str, Any], b: Any) -> bool:
    """A JSON array or object equal to ``b``, item by item."""
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(json_equal, a, b))
    return isinstance(b, dict) and a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)


_OBJECT_KEYWORDS = frozenset({"required", "properties", "additionalProperties"})
_ARRAY_KEYWORDS = frozenset({"items", "uniqueItems"})
#: The bounds on a number, a text, a list or an object: (keyword, fails(value, bound)).
_BOUNDS: tuple[tuple[str, Callable[[Any, Any], bool]], ...] = (
    ("minLength", lambda value, bound: isinstance(value, str) and len(value) < bound),
    ("maxLength", lambda value, bound: isinstance(value, str) and len(value) > bound),
    ("minimum", lambda value, bound: _number(value) and value < bound),
    ("maximum", lambda value, bound: _number(value) and value > bound),
    ("exclusiveMinimum", lambda value, bound: _number(value) and value <= bound),
    ("exclusiveMaximum", lambda value, bound: _number(value) and value >= bound),
    ("minItems", lambda value, bound: isinstance(value, list) and len(value) < bound),
    ("maxItems", lambda value, bound: isinstance(value, list) and len(value) > bound),
    ("minProperties", lambda value, bound: isinstance(value, dict) and len(value) < bound),
    ("maxProperties", lambda value, bound: isinstance(value, dict) and len(value) > bound),
)


def _always(value: Any) -> bool:
    return True


def _never(value: Any) -> bool:
    return False


def _every(checks: list[Check]) -> Check:
    """One check that passes when all of ``checks`` pass (the first failure stops it)."""
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda value: first(value) and second(value)

    def check_all(value: Any) -> bool:
        return all(check(value) for check in checks)

    return check_all


class Compiler:
    """Compiles one root schema (with its local ``$ref``s) into a check function."""

    def __init__(self, root: dict[str, Any]):
        self.root = root
        self._refs: dict[str, list[Check]] = {}

    def compile(self, schema: Any = None) -> Check:
        return self._compile(self.root if schema is None else schema)

    def _resolve(self, ref: str) -> Check:
        if not ref.startswith("#/"):
            raise UnsupportedSchema(f"$ref {ref!r}")
        if ref not in self._refs:
            cell: list[Check] = []
            self._refs[ref] = cell
            target: Any = self.root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            cell.append(self._compile(target))
        cell = self._refs[ref]
        if cell:
            return cell[0]  # compiled already: no indirection
        return lambda value: cell[0](value)  # a reference to a schema still being compiled (recursion)

    def _compile(self, schema: Any) -> Check:
        if schema is True or schema == {}:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"schema {schema!r}")
        unknown = set(schema) - _KNOWN
        if unknown:
            raise UnsupportedSchema(f"keyword(s) {', '.join(sorted(unknown))}")
        checks = [
            *self._reference_and_type(schema),
            *_values(schema),
            *_bounds(schema),
            *self._alternatives(schema),
            *self._conditions(schema),
            *self._containers(schema),
        ]
        return _every(checks)

    def _containers(self, schema: dict[str, Any]) -> list[Check]:
        """The keywords of objects and of arrays."""
        checks: list[Check] = []
        if not _OBJECT_KEYWORDS.isdisjoint(schema):
            checks.append(self._object(schema))
        if not _ARRAY_KEYWORDS.isdisjoint(schema):
            checks.append(self._array(schema))
        return checks

    def _reference_and_type(self, schema: dict[str, Any]) -> list[Check]:
        """$ref and type."""
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self._resolve(schema["$ref"]))
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            unknown_types = [name for name in names if name not in _TYPES]
            if unknown_types:
                raise UnsupportedSchema(f"type {unknown_types[0]!r}")
            kinds = [_TYPES[name] for name in names]
            checks.append(kinds[0] if len(kinds) == 1 else (lambda value: any(kind(value) for kind in kinds)))
        return checks

    def _alternatives(self, schema: dict[str, Any]) -> list[Check]:
        """allOf, anyOf, oneOf."""
        checks: list[Check] = []
        if "allOf" in schema:
            checks.append(_every([self._compile(sub) for sub in schema["allOf"]]))
        if "anyOf" in schema:
            options = [self._compile(sub) for sub in schema["anyOf"]]
            checks.append(lambda value: any(option(value) for option in options))
        if "oneOf" in schema:
            checks.append(_exactly_one([self._compile(sub) for sub in schema["oneOf"]]))
        return checks

    def _conditions(self, schema: dict[str, Any]) -> list[Check]:
        """propertyNames, not, and if/then/else."""
        checks: list[Check] = []
        if "propertyNames" in schema:
            names = self._compile(schema["propertyNames"])
            checks.append(lambda value: not isinstance(value, dict) or all(names(name) for name in value))
        if "not" in schema:
            negated = self._compile(schema["not"])
            checks.append(lambda value: not negated(value))
        if "if" in schema:
            condition = self._compile(schema["if"])
            then = self._compile(schema.get("then", True))
            otherwise = self._compile(schema.get("else", True))
            checks.append(lambda value: then(value) if condition(value) else otherwise(value))
        return checks

    def _object(self, schema: dict[str, Any]) -> Check:
        required = tuple(schema.get("required", ()))
        properties = {name: self._compile(sub) for name, sub in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        extra_check = None if extra is True else self._compile(extra)
        get = properties.get

        def check_object(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            for name in required:
                if name not in value:
                    return False
            for name, item in value.items():
                check = get(name)
                if check is None:
                    if extra_check is None:
                        continue
                    check = extra_check
                if not check(item):
                    return False
            return True

        return check_object

    def _array(self, schema: dict[str, Any]) -> Check:
        items = self._compile(schema["items"]) if "items" in schema else None
        unique = bool(schema.get("uniqueItems"))

        def check_array(value: Any) -> bool:
            if not isinstance(value, list):
                return True
            if items is not None:
                for item in value:
                    if not items(item):
                        return False
            if unique and len(value) > 1:
                if all(isinstance(v, str) for v in value):
                    return len(set(value)) == len(value)
                return not any(json_equal(a, b) for i, a in enumerate(value) for b in value[i + 1 :])
            return True

        return check_array


def _values(schema: dict[str, Any]) -> list[Check]:
    """enum and const."""
    checks: list[Check] = []
    if "enum" in schema:
        checks.append(_enum(list(schema["enum"])))
    if "const" in schema:
        expected = schema["const"]
        checks.append(lambda value: json_equal(value, expected))
    return checks


def _bounds(schema: dict[str, Any]) -> list[Check]:
    """The bounds of :data:`_BOUNDS`, and pattern."""
    checks = [_bound_check(schema[keyword], fails) for keyword, fails in _BOUNDS if keyword in schema]
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda value: not isinstance(value, str) or search(value) is not None)
    return checks


def _exactly_one(choices: list[Check]) -> Check:
    """oneOf: exactly one of ``choices`` passes (a second stops it)."""

    def check_one_of(value: Any) -> bool:
        passing = 0
        for choice in choices:
            if choice(value):
                passing += 1
                if passing > 1:
                    return False
        return passing == 1

    return check_one_of


def _enum(options: list[Any]) -> Check:
    if all(isinstance(option, str) for option in options):
        allowed = frozenset(options)
        return lambda value: isinstance(value, str) and value in allowed
    return lambda value: any(json_equal(value, option) for option in options)


def _bound_check(bound: Any, fails: Callable[[Any, Any], bool]) -> Check:
    return lambda value: not fails(value, bound)


def compile_schema(schema: dict[str, Any]) -> Check:
    """Compile ``schema``; ``check(instance)`` is True when the instance is valid."""
    return Compiler(schema).compile()
