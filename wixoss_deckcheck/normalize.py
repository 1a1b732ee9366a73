"""Normalising card numbers and names so that the way a player writes them matches.

Two names are "the same name" (RULES.md §2) when they are equal after:
removing a trailing promotional note in full-width parentheses, width
normalisation (NFKC folds full-width letters, digits and spaces), treating ``♯``
as ``#``, removing white space, and ignoring case.

Card numbers match case-insensitively, with or without the English edition's
``[EN]`` suffix, in full or half width.
"""

from __future__ import annotations

import re
import unicodedata

_PROMO_NOTE = re.compile(r"（[^（）]*）\s*$")
_SPACES = re.compile(r"\s+")
_EN_SUFFIX = re.compile(r"\[EN\]$", re.IGNORECASE)
# A card number: letters/digits joined by hyphens, with at least one hyphen and a digit.
_NUMBER_SHAPE = re.compile(r"^[A-Z]{1,6}\d*[A-Z]*(-[A-Z0-9]+)+(\[EN\])?$", re.IGNORECASE)


def fold_width(text: str) -> str:
    """Fold full-width letters, digits, punctuation and spaces to their plain forms."""
    return unicodedata.normalize("NFKC", text)


def strip_promo_note(name: str) -> str:
    """Remove a trailing promotional note such as ``（GLOWING DIVA 10パック購入特典）``."""
    stripped = _PROMO_NOTE.sub("", name)
    return stripped if stripped.strip() else name


def name_key(name: str) -> str:
    """The comparison key of a card name (see the module doc)."""
    text = fold_width(strip_promo_note(name.strip()))
    text = text.replace("♯", "#")
    text = _SPACES.sub("", text)
    return text.casefold()


def number_key(number: str) -> str:
    """The comparison key of a card number: upper case, no ``[EN]``, no spaces."""
    text = _SPACES.sub("", fold_width(number))
    text = _EN_SUFFIX.sub("", text)
    return text.upper()


def looks_like_number(text: str) -> bool:
    """True when ``text`` has the shape of a card number (``WXDi-P01-040``, ``PR-K060``)."""
    return bool(_NUMBER_SHAPE.match(_SPACES.sub("", fold_width(text))))


def series_of(number: str) -> str:
    """The series (set code) of a card number: ``WXDi-P01-040`` → ``WXDi-P01``.

    ``WX24-P1-001`` → ``WX24-P1``, ``WDA-F02-30`` → ``WDA-F02``, ``PR-K060`` → ``PR-K``,
    ``PR-Di007`` → ``PR-Di``, ``PR-054`` → ``PR``, ``WX15-Re08`` → ``WX15``.
    """
    parts = _EN_SUFFIX.sub("", number.strip()).split("-")
    if len(parts) >= 3 and parts[1][:1].isalpha() and not parts[1].startswith(("Re", "TK")):
        return f"{parts[0]}-{parts[1]}"
    if parts[0].upper() == "PR" and len(parts) >= 2:
        letters = re.match(r"[A-Za-z]*", parts[1]).group(0)
        return f"PR-{letters}" if letters else "PR"
    return parts[0]
