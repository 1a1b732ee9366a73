"""The card-number patterns of format tables (``icons: - pattern:``, a rule's ``series:``):
regular expressions limited to a subset that cannot take long.

The rule: at most :data:`MAX_PATTERN` characters; a counted repeat (``{n}``, ``{m,n}``)
of at most :data:`MAX_REPEAT`; no quantifier or alternation inside a repeated part (no
``(a+)+``, ``(a|ab)*``: the shapes that backtrack exponentially); no look-around and no
back-reference. Everything the shipped tables use (``WXDi-|WX(2[4-9]|[3-9][0-9])-``,
``SP38-00[1-5]``) is inside it. A pattern outside it, or not a regular expression at all,
is one error line naming the table (never ``re.error`` or ``OverflowError``).
"""

from __future__ import annotations

import re
import warnings
from typing import Any

from wixoss_deckcheck.errors import InputError

try:  # the standard library's own parser of regular expressions (the same one re.compile uses)
    from re import _parser as _sre  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse as _sre

#: The longest pattern accepted (the longest shipped one has 38 characters).
MAX_PATTERN = 200
#: The largest count of a counted repeat (``x{3}``).
MAX_REPEAT = 100

_REPEATS = {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}
_REFUSED = {"ASSERT": "a look-around", "ASSERT_NOT": "a look-around", "GROUPREF": "a back-reference",
            "GROUPREF_EXISTS": "a conditional group"}


def pattern_problem(text: Any) -> str | None:
    """Why ``text`` is not a card-number pattern the tool accepts, or None."""
    if not isinstance(text, str):
        return "a pattern is text"
    if len(text) > MAX_PATTERN:
        return f"a pattern has at most {MAX_PATTERN} characters (this one {len(text):,})"
    try:
        with warnings.catch_warnings():  # "possible nested set" and the like: never a line on stderr
            warnings.simplefilter("ignore")
            parsed = _sre.parse(text)
    except (re.error, OverflowError, RecursionError, ValueError) as exc:
        return f"not a regular expression ({exc})"
    return _walk(parsed, False)


def _walk(items: Any, repeated: bool) -> str | None:
    for op, value in items:
        name = str(op)
        problem = _refused(name, value, repeated)
        if problem:
            return problem
        for inner in _parts(name, value):
            problem = _walk(inner, repeated or name in _REPEATS)
            if problem:
                return problem
    return None


def _refused(name: str, value: Any, repeated: bool) -> str | None:
    if name in _REFUSED:
        return f"{_REFUSED[name]} is not allowed in a pattern"
    if name in _REPEATS:
        if repeated:
            return "a quantifier inside a repeated part (such as (a+)+) is not allowed"
        low, high = value[0], value[1]
        if low > MAX_REPEAT or (high != _sre.MAXREPEAT and high > MAX_REPEAT):
            return f"a repeat count is at most {MAX_REPEAT}"
    if name == "BRANCH" and repeated:
        return "an alternation inside a repeated part (such as (a|ab)*) is not allowed"
    return None


def _parts(name: str, value: Any) -> list[Any]:
    """The sub-patterns of one parsed item."""
    if name in _REPEATS:
        return [value[2]]
    if name == "SUBPATTERN":
        return [value[3]]
    if name == "BRANCH":
        return list(value[1])
    return []


def card_pattern(text: Any, where: str = "format table") -> re.Pattern[str]:
    """``text`` compiled, or an InputError naming ``where`` and what is wrong with it."""
    problem = pattern_problem(text)
    if problem:
        raise InputError(f"{where}: pattern {str(text)[:60]!r}: {problem}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return re.compile(text)
