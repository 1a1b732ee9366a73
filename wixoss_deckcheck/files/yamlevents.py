"""Plain data built straight from the YAML parser's events: the quick way to read the
tool's own YAML files (format tables, sources, messages), several times faster than
PyYAML's constructor on a large table, with the same result.

Only what those files use is built here: mappings with text keys, lists, text,
decimal integers, simple floats, booleans and nulls, in one document. Anything else
(a tag, a merge key, ``0x10``, ``1_000``, ``1:30``, ``.inf``, a syntax error) returns
:data:`NOT_PLAIN` and the caller reads the text with PyYAML, which words any problem;
a test checks that both give the same data. Anchors, aliases and nesting past
``max_depth`` are refused with an InputError, as everywhere.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from wixoss_deckcheck.errors import InputError

#: The longest integer read (Python converts at most 4,300 digits).
MAX_DIGITS = 4300
#: Returned when the document needs PyYAML's constructor.
NOT_PLAIN: Any = object()

_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_SIMPLE_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?")
_BOOLEANS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}


class NotPlain(Exception):
    """The document needs PyYAML's constructor."""


class HugeNumber(NotPlain):
    """An integer of more than :data:`MAX_DIGITS` digits (``int()`` would refuse it)."""


def plain_from_events(text: str, path: str, loader: type, max_depth: int) -> Any:
    """The plain data of ``text`` as ``yaml.load(text, loader)`` gives it, or NOT_PLAIN."""
    resolve = loader("").resolve  # the loader's implicit resolvers (dates left as text, say)
    try:
        return _build(yaml.parse(text, Loader=loader), path, resolve, max_depth)
    except (NotPlain, yaml.YAMLError):
        return NOT_PLAIN
    except InputError as exc:
        exc.path = exc.path or path
        raise


def _line(event) -> int | None:
    return event.start_mark.line + 1 if event.start_mark else None


def _scalar(event, resolve) -> Any:
    if event.tag is not None and event.tag != "!" and not event.implicit[0]:
        raise NotPlain  # an explicit tag
    if event.style:  # quoted or a block scalar: text
        return event.value
    try:
        return plain_value(event.value, resolve)
    except HugeNumber:  # bounded before int(), which would refuse it with a traceback
        raise InputError(f"a number of more than {MAX_DIGITS:,} digits", None, _line(event)) from None


def plain_value(value: str, resolve) -> Any:
    """The value of an untagged plain scalar as the loader's ``resolve`` reads it: text,
    None, a boolean, a decimal integer or a simple float; NotPlain for anything else
    (a date the loader would build, ``0x10``, ``.inf``, a merge key...)."""
    tag = resolve(yaml.ScalarNode, value, (True, False))
    if tag == _STR:
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return _BOOLEANS[value.lower()]
    if tag == _INT and _DECIMAL.fullmatch(value):
        if len(value) > MAX_DIGITS:
            raise HugeNumber
        return int(value)
    if tag == _FLOAT and _SIMPLE_FLOAT.fullmatch(value):
        return float(value)
    raise NotPlain


def _build(events, path: str, resolve, max_depth: int) -> Any:
    documents = 0
    result: Any = None
    stack: list[list] = []  # [container, pending key or None]
    for event in events:
        kind = type(event)
        if kind is yaml.AliasEvent or getattr(event, "anchor", None) is not None:
            raise InputError("YAML anchors and aliases (&name, *name) are not allowed", path, _line(event))
        if kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise NotPlain  # PyYAML says "expected a single document"
            continue
        if kind in (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent):
            continue
        if kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            value = stack.pop()[0]
        elif kind is yaml.ScalarEvent:
            value = _scalar(event, resolve)
            if stack and isinstance(stack[-1][0], dict) and stack[-1][1] is _NO_KEY:
                if not isinstance(value, str) or value == "<<":
                    raise NotPlain  # a key that is not text, or a merge key
                stack[-1][1] = value
                continue
        else:  # the start of a mapping or a list
            if event.tag is not None and not event.implicit:
                raise NotPlain
            if stack and isinstance(stack[-1][0], dict) and stack[-1][1] is _NO_KEY:
                raise NotPlain  # a mapping or list as a key
            if len(stack) >= max_depth:
                raise InputError(f"nesting deeper than {max_depth} levels", path, _line(event))
            stack.append([{} if kind is yaml.MappingStartEvent else [], _NO_KEY])
            continue
        if not stack:
            result = value
        elif isinstance(stack[-1][0], dict):
            stack[-1][0][stack[-1][1]] = value
            stack[-1][1] = _NO_KEY
        else:
            stack[-1][0].append(value)
    return result


_NO_KEY: Any = object()
