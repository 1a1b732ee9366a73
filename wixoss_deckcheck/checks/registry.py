"""The check registry: every check has a stable code, a readable name and a severity.

A check is a small pure function ``(deck, params) -> iterator of Finding``. The
engine (``wixoss_deckcheck.checker``) adds the code, name, severity, message and
deck; a check never formats text or decides pass/fail. Codes are never reused: a
retired check keeps its code reserved in ``RETIRED_CODES``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping, NamedTuple

#: Codes of checks that no longer exist; they may never be given to a new check.
RETIRED_CODES: frozenset[str] = frozenset()


_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Finding(NamedTuple):
    """What a check found. ``args`` fill the message template of the check's code."""

    cards: tuple = ()  # ResolvedEntry objects or Card objects the finding is about
    section: str | None = None
    line: int | None = None
    found: Any = None
    allowed: Any = None
    args: Mapping[str, Any] = _NO_ARGS


class CheckInfo(NamedTuple):
    """A registered check: its stable code, readable name (slug), severity and function."""

    code: str
    slug: str
    severity: str
    summary: str
    doc: str
    kind: str
    function: Callable[..., Iterator[Finding]] | None


_PER_RULE: dict[tuple[int, str], tuple[dict, Any]] = {}


def per_rule(params: dict, name: str, build: Callable[[dict], Any]) -> Any:
    """``build(params)``, made once per rule: a check runs for every deck of an audit,
    its rule's parameters never change. ``name`` tells apart several values of one rule."""
    key = (id(params), name)
    found = _PER_RULE.get(key)
    if found is None or found[0] is not params:  # an id reused by another dict: build anew
        found = _PER_RULE[key] = (params, build(params))
    return found[1]


REGISTRY: dict[str, CheckInfo] = {}  # by slug
BY_CODE: dict[str, CheckInfo] = {}


def register(code: str, slug: str, severity: str, summary: str, kind: str = "construction", function=None, doc: str = ""):
    if code in RETIRED_CODES:
        raise ValueError(f"check code {code} is retired and may not be reused")
    if code in BY_CODE or slug in REGISTRY:
        raise ValueError(f"duplicate check {code} {slug}")
    info = CheckInfo(code, slug, severity, summary, " ".join((doc or "").split()), kind, function)
    REGISTRY[slug] = info
    BY_CODE[code] = info
    return info


def check(code: str, slug: str, severity: str, summary: str, kind: str = "construction"):
    """Decorator: register a check function under a stable code and slug."""

    def wrap(function):
        register(code, slug, severity, summary, kind, function, function.__doc__ or "")
        return function

    return wrap
