"""Plain-text decklists, the way players write them.

Accepted lines (full-width digits and letters work too)::

    4 WXDi-P01-040          4x 蒼天姫　アマビエ       4 × 蒼天姫　アマビエ
    蒼天姫　アマビエ x4      蒼天姫　アマビエ ×4       WXDi-P01-040   (one copy)

``#`` starts a comment line; ``# format: diva``, ``# date: 2024-05-01`` and
``# name: ...`` are headers. Sections: ``[main]``/``[lrig]`` and the usual headings
(``Main Deck``, ``LRIG Deck``, ``メインデッキ``, ``ルリグデッキ``, ``主卡组``,
``分身卡组``, ...). Without headings each card goes to the deck of its type.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry
from wixoss_deckcheck.pool.normalize import fold_width

MAX_COPIES = 99
MAX_LINES = 2_000

_HEADER = re.compile(r"^#\s*(format|date|name|deck)\s*[:=]\s*(.*?)\s*$", re.IGNORECASE)
# "4x NAME", "4 x NAME", "4×NAME", "4 NAME"; the x must stand apart so "4 XOXO" keeps its X.
_COUNT_FIRST = (
    re.compile(r"^(\d+)\s*[x*]\s+(\S.*)$", re.IGNORECASE),
    re.compile(r"^(\d+)\s*×\s*(\S.*)$"),
    re.compile(r"^(\d+)\s+(\S.*)$"),
)
# "NAME x4", "NAME ×4", "NAME×4".
_COUNT_LAST = (
    re.compile(r"^(\S.*?)\s+[x*]\s*(\d+)$", re.IGNORECASE),
    re.compile(r"^(\S.*?)\s*×\s*(\d+)$"),
)
_SECTION_WORDS = {
    "main": {
        "main", "maindeck", "main deck", "メイン", "メインデッキ",
        "主卡组", "主卡組", "主牌组", "主牌組", "主卡", "deck",
    },
    "lrig": {
        "lrig", "lrigdeck", "lrig deck", "lrigs", "ルリグ", "ルリグデッキ", "分身卡组", "分身卡組", "分身", "分身组",
        "side", "white deck", "whitedeck", "lrig/arts", "lrig & arts",
    },
}


_BRACKETED = re.compile(r"\[(.+)\]")
_TRAILING_COLON = re.compile(r"\s*[:：]\s*$")
_TRAILING_COUNT_BRACKETED = re.compile(r"\s*[\(\[]\s*\d+\s*(枚|cards?)?\s*[\)\]]\s*$", re.IGNORECASE)
_TRAILING_COUNT = re.compile(r"\s*\d+\s*(枚|cards?)$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f]")  # control characters other than tab


@lru_cache(maxsize=4096)  # pure; the lines of a batch of decks repeat a lot
def section_of_heading(line: str) -> str | None:
    """Return ``main``/``lrig`` when ``line`` is a section heading, else ``None``."""
    text = fold_width(line).strip()
    if text[:1].isdigit():  # "4 WXDi-P01-040": no heading word starts with a digit
        return None
    bracketed = _BRACKETED.fullmatch(text)
    if bracketed:
        text = bracketed.group(1)
    text = _TRAILING_COLON.sub("", text)
    text = _TRAILING_COUNT_BRACKETED.sub("", text)
    text = _TRAILING_COUNT.sub("", text)
    word = text.strip().casefold()
    for section, words in _SECTION_WORDS.items():
        if word in words:
            return section
    return None


@lru_cache(maxsize=8192)  # pure; the lines of a batch of decks repeat a lot
def parse_entry_line(line: str) -> tuple[int, str] | None:
    """Split ``4x NAME`` / ``NAME x4`` / ``NAME`` into (count, name-or-number)."""
    folded = fold_width(line).strip()
    for pattern in _COUNT_FIRST:
        match = pattern.match(folded)
        if match:
            return int(match.group(1)), _original_tail(line, match.group(2))
    for pattern in _COUNT_LAST:
        match = pattern.match(folded)
        if match:
            return int(match.group(2)), _original_head(line, match.group(1))
    return None


def _original_tail(line: str, folded_tail: str) -> str:
    """Keep the player's own spelling of the name (not the width-folded one)."""
    original = line.strip()
    return original[len(original) - len(folded_tail):].strip() if len(original) >= len(folded_tail) else folded_tail


def _original_head(line: str, folded_head: str) -> str:
    original = line.strip()
    return original[: len(folded_head)].strip() if len(original) >= len(folded_head) else folded_head


@lru_cache(maxsize=8192)
def _read_line(line: str) -> tuple:
    """What one stripped, non-comment line says: ("heading", section, None),
    ("entry", count, query) or ("error", message, None). Cached: decks repeat lines."""
    heading = section_of_heading(line)
    if heading:
        return "heading", heading, None
    parsed = parse_entry_line(line)
    if parsed is None:
        if re.match(r"^\d+\s*[x×*]?\s*$", fold_width(line), re.IGNORECASE):
            return "error", f"a count with no card: {line!r}", None
        count, query = 1, line
    else:
        count, query = parsed
    if count < 1 or count > MAX_COPIES:
        return "error", f"copy count {count} is out of range (1-{MAX_COPIES}): {line!r}", None
    if _CONTROL.search(query):
        return "error", "control characters in a card name", None
    return "entry", count, query


def _lines(text: str) -> list[str]:
    """The lines as an editor (and GitHub) numbers them: broken at LF, CRLF or CR only.

    (``str.splitlines`` also breaks at NEL, LS, PS and form feeds, which would shift
    every later line number.)"""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def parse_text_deck(text: str, path: str) -> Deck:
    """Parse a plain-text decklist. Malformed lines raise :class:`InputError` with the line."""
    deck = Deck(path=path)
    entries = deck.entries
    section: str | None = None
    lines = _lines(text)
    if len(lines) > MAX_LINES:
        raise InputError(f"{len(lines):,} lines; a decklist has at most {MAX_LINES:,}", path)
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("//"):
            continue
        if line.startswith("#"):
            header = _HEADER.match(fold_width(line))
            if header:
                key, value = header.group(1).lower(), header.group(2)
                if key == "format":
                    deck.format, deck.format_line = value.strip().lower() or None, number
                elif key == "date":
                    deck.date = value.strip() or None
                else:
                    deck.name = value.strip() or None
            continue
        kind, first, second = _read_line(line)
        if kind == "heading":
            section = first
        elif kind == "error":
            raise InputError(first, path, number)
        else:
            entries.append(new_entry(DeckEntry, (first, second, number, section)))
    return deck
