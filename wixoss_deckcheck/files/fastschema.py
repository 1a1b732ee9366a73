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

from collections.abc import Callable
from typing import Any

Check = Callable[[Any, tuple], "tuple[tuple, str] | None"]

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


def _is_type(value: Any, name: str) -> bool:
    if name == "string":
        return isinstance(value, str)
    if name == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer()
        )
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    raise UnsupportedSchema(f"type {name!r}")


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON sees it: ``true`` is not ``1``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=False))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return a == b


class Compiler:
    """Compiles one root schema (with its local ``$ref``s) into a check function."""

    def __init__(self, root: dict):
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
        return lambda value, path: cell[0](value, path)

    def _compile(self, schema: Any) -> Check:
        if schema is True or schema == {}:
            return lambda value, path: None
        if schema is False:
            return lambda value, path: (path, "no value is allowed here")
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"schema {schema!r}")
        unknown = set(schema) - _KNOWN
        if unknown:
            raise UnsupportedSchema(f"keyword(s) {', '.join(sorted(unknown))}")
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self._resolve(schema["$ref"]))
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            for name in names:
                _is_type(None, name)  # reject unknown type names now

            def check_type(value, path, names=tuple(names)):
                if not any(_is_type(value, name) for name in names):
                    return path, f"{value!r} is not of type {', '.join(names)}"
                return None

            checks.append(check_type)
        if "enum" in schema:
            options = list(schema["enum"])
            plain = all(isinstance(o, str) for o in options)
            allowed = frozenset(options) if plain else frozenset()

            def check_enum(value, path):
                if plain:
                    ok = isinstance(value, str) and value in allowed
                else:
                    ok = any(json_equal(value, option) for option in options)
                return None if ok else (path, f"{value!r} is not one of {options!r}")

            checks.append(check_enum)
        if "const" in schema:
            expected = schema["const"]
            checks.append(
                lambda value, path: None if json_equal(value, expected) else (path, f"{expected!r} was expected")
            )
        if "minLength" in schema:
            least = schema["minLength"]
            checks.append(
                lambda value, path: (path, "is too short") if isinstance(value, str) and len(value) < least else None
            )
        if "minimum" in schema:
            floor = schema["minimum"]
            checks.append(
                lambda value, path: (
                    (path, f"is less than the minimum of {floor}")
                    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < floor
                    else None
                )
            )
        checks.extend(self._bounds(schema))
        checks.extend(self._combinations(schema))
        if "required" in schema or "properties" in schema or "additionalProperties" in schema:
            checks.append(self._object(schema))
        if "items" in schema or "uniqueItems" in schema:
            checks.append(self._array(schema))
        if len(checks) == 1:
            return checks[0]

        def check_all(value, path):
            for check in checks:
                error = check(value, path)
                if error is not None:
                    return error
            return None

        return check_all

    def _bounds(self, schema: dict) -> list[Check]:
        """maxLength, maximum, exclusiveMinimum/Maximum, minItems, maxItems, pattern."""
        checks: list[Check] = []

        def number(value: Any) -> bool:
            return isinstance(value, (int, float)) and not isinstance(value, bool)

        for keyword, fails in (
            ("maximum", lambda value, bound: number(value) and value > bound),
            ("exclusiveMinimum", lambda value, bound: number(value) and value <= bound),
            ("exclusiveMaximum", lambda value, bound: number(value) and value >= bound),
            ("maxLength", lambda value, bound: isinstance(value, str) and len(value) > bound),
            ("minItems", lambda value, bound: isinstance(value, list) and len(value) < bound),
            ("maxItems", lambda value, bound: isinstance(value, list) and len(value) > bound),
            ("minProperties", lambda value, bound: isinstance(value, dict) and len(value) < bound),
            ("maxProperties", lambda value, bound: isinstance(value, dict) and len(value) > bound),
        ):
            if keyword in schema:
                checks.append(_bound_check(keyword, schema[keyword], fails))
        if "pattern" in schema:
            import re

            search = re.compile(schema["pattern"]).search
            checks.append(
                lambda value, path: (path, "does not match the pattern")
                if isinstance(value, str) and search(value) is None
                else None
            )
        return checks

    def _combinations(self, schema: dict) -> list[Check]:
        """allOf, anyOf, oneOf, not, and if/then/else."""
        checks: list[Check] = []
        if "allOf" in schema:
            parts = [self._compile(sub) for sub in schema["allOf"]]

            def check_all_of(value, path):
                for part in parts:
                    error = part(value, path)
                    if error is not None:
                        return error
                return None

            checks.append(check_all_of)
        for keyword, wanted in (("anyOf", "any"), ("oneOf", "one")):
            if keyword in schema:
                options = [self._compile(sub) for sub in schema[keyword]]

                def check_some(value, path, options=options, wanted=wanted, keyword=keyword):
                    passing = sum(1 for option in options if option(value, path) is None)
                    ok = passing >= 1 if wanted == "any" else passing == 1
                    return None if ok else (path, f"fails {keyword}")

                checks.append(check_some)
        if "propertyNames" in schema:
            names = self._compile(schema["propertyNames"])

            def check_names(value, path):
                if isinstance(value, dict):
                    for name in value:
                        if names(name, path) is not None:
                            return path, f"property name {name!r} is not allowed"
                return None

            checks.append(check_names)
        if "not" in schema:
            negated = self._compile(schema["not"])
            checks.append(lambda value, path: (path, "fails not") if negated(value, path) is None else None)
        if "if" in schema:
            condition = self._compile(schema["if"])
            then = self._compile(schema.get("then", True))
            otherwise = self._compile(schema.get("else", True))
            checks.append(lambda value, path: (then if condition(value, path) is None else otherwise)(value, path))
        return checks

    def _object(self, schema: dict) -> Check:
        required = tuple(schema.get("required", ()))
        properties = {name: self._compile(sub) for name, sub in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        extra_check = None if extra is True else self._compile(extra)

        def check_object(value, path):
            if not isinstance(value, dict):
                return None
            for name in required:
                if name not in value:
                    return path, f"{name!r} is a required property"
            for name, item in value.items():
                check = properties.get(name)
                if check is None:
                    if extra_check is None:
                        continue
                    if extra is False:
                        return path, f"additional property {name!r} is not allowed"
                    check = extra_check
                error = check(item, path + (name,))
                if error is not None:
                    return error
            return None

        return check_object

    def _array(self, schema: dict) -> Check:
        items = self._compile(schema["items"]) if "items" in schema else None
        unique = bool(schema.get("uniqueItems"))

        def check_array(value, path):
            if not isinstance(value, list):
                return None
            if items is not None:
                for index, item in enumerate(value):
                    error = items(item, path + (index,))
                    if error is not None:
                        return error
            if unique and len(value) > 1:
                if all(isinstance(v, str) for v in value):
                    duplicate = len(set(value)) != len(value)
                else:
                    duplicate = any(json_equal(a, b) for i, a in enumerate(value) for b in value[i + 1 :])
                if duplicate:
                    return path, "has non-unique elements"
            return None

        return check_array


def _bound_check(keyword: str, bound: Any, fails: Callable[[Any, Any], bool]) -> Check:
    def check_bound(value: Any, path: tuple) -> tuple[tuple, str] | None:
        return (path, f"fails {keyword} {bound}") if fails(value, bound) else None

    return check_bound


def compile_schema(schema: dict) -> Check:
    """Compile ``schema``; call the result as ``check(instance, ())`` → None or (path, message)."""
    return Compiler(schema).compile()
