"""Plain-text decklists, the way players write them.

Accepted lines (full-width digits and letters work too)::

    4 WXDi-P01-040          4x 蒼天姫　アマビエ       4 × 蒼天姫　アマビエ
    蒼天姫　アマビエ x4      蒼天姫　アマビエ ×4       WXDi-P01-040   (one copy)

``#`` starts a comment line; ``# format: diva``, ``# date: 2024-05-01`` and
``# name: ...`` are headers. Sections: ``[main]``/``[lrig]`` and the usual headings
(``Main Deck``, ``LRIG Deck``, ``メインデッキ``, ``ルリグデッキ``, ``主卡组``,
``分身卡组``, ...). Without headings each card goes to the deck of its type.

The lines above are read here quickly (and remembered: the decks of an audit share
most lines). Every other line -- bullets, counts in Japanese and Chinese, decorated
headings, spreadsheet rows -- goes to the general reader, :mod:`.lines`. The readers of
what a plain deck never holds (:mod:`.folding`, :mod:`.headings`, :mod:`.lines`) are
imported on first need, so checking a plain deck starts as fast as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry, new_entry
from wixoss_deckcheck.pool.normalize import count_like, fold_width, is_card_number, looks_like_number, odd_digits
from wixoss_deckcheck.tables.loading import builtin_format_ids

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
        "main", "maindeck", "main deck", "メイン", "メインデッキ", "主卡组", "主卡組", "主牌组", "主牌組", "主卡",
        "deck",
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
    """Split ``4x NAME`` / ``NAME x4`` / ``NAME`` into (count, name-or-number). The line is
    read on its NFKC form; the name is cut back from the line as written (:mod:`.folding`)."""
    if line.isascii():  # NFKC leaves ASCII as it is
        folded_line = _Ascii(line)
    else:
        from wixoss_deckcheck.decklist.folding import fold_line  # lazy: only a line that is not ASCII

        folded_line = fold_line(line)  # type: ignore[assignment]
    folded = folded_line.text
    offset = len(folded) - len(folded.lstrip())
    stripped = folded.strip()
    for pattern in _COUNT_FIRST:
        match = pattern.match(stripped)
        if match:
            return _count(match.group(1)), folded_line.original(offset + match.start(2), offset + len(stripped))
    for pattern in _COUNT_LAST:
        match = pattern.match(stripped)
        if match:
            return _count(match.group(2)), folded_line.original(offset, offset + match.end(1))
    return None


def _count(digits: str) -> int:
    """A copy count; ``-1`` (out of range) for one written with a leading zero (``012``)."""
    return -1 if digits[:1] == "0" and len(digits) > 1 else int(digits)


class _Ascii:
    """An ASCII line as :class:`~wixoss_deckcheck.decklist.folding.FoldedLine` (its own NFKC form)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def original(self, start: int, end: int) -> str:
        return self.text[start:end].strip()


#: What makes a line one for the general reader: a tab or a count written another way
#: (枚, 张, ✕, a second count, a count with a leading zero), a lone number in the name, a
#: bullet or list mark first. (Plain string tests where they do: patterns with many
#: characters cost start-up time to compile.)
_GENERAL_CHARS = frozenset("\t枚张張×✕✖")
_LONE_NUMBER = re.compile(r"(?:^|\s)[xX*]?\d+[xX*]?(?:\s|$)|\d\s*(?:cards?|copies)$")
_GENERAL_FIRST = frozenset("•・·◦‣▪▫●○◆◇■□►▶▸→【〔<《〈「『([0123456789")


def _general_start(text: str) -> bool:
    """A bullet or list mark first (``- ``, ``・``, ``1. ``, ``【``...): the general reader's line."""
    first = text[:1]
    return first in _GENERAL_FIRST or (first != "" and first in "-*+>" and (text[1:2] == "" or text[1:2].isspace()))


def _general_marks(text: str) -> bool:
    return not _GENERAL_CHARS.isdisjoint(text) or _LONE_NUMBER.search(text.lower()) is not None


_GENERAL = ("general", None, None)


@lru_cache(maxsize=8192)
def read_quick_line(line: str) -> tuple:
    """What one stripped, non-comment line says: ("heading", section, None),
    ("entry", count, query), or ("general", None, None) for a line only the general
    reader reads as it means. Cached: decks repeat lines."""
    heading = section_of_heading(line)
    if heading:
        return "heading", heading, None
    if not line.isascii() and odd_digits(line):  # "¹ WXDi-D01-005": NFKC reads ¹ as 1
        return _GENERAL
    parsed = parse_entry_line(line)
    folded = fold_width(line).strip()
    if parsed is None:
        if _general_start(folded):
            return _GENERAL
        return _quick_entry(1, line, folded)
    if folded[:1] == "0" or "\t" in folded or (not folded[:1].isdigit() and _general_start(folded)):
        return _GENERAL
    return _quick_entry(parsed[0], parsed[1], folded)


def _quick_entry(count: int, query: str, folded: str) -> tuple:
    """("entry", count, query) when the quick reader reads the line (``folded``: its width
    folded) as it means, else ("general", None, None)."""
    folded_query = fold_width(query)
    if not 1 <= count <= MAX_COPIES or _CONTROL.search(query) or _general_marks(folded_query):
        return _GENERAL
    if _general_start(folded_query) or _count_beside_number(folded_query):
        return _GENERAL
    if any(char.isdigit() for char in folded_query) and looks_like_number(folded_query):
        return "entry", count, query  # a card number: never a heading or a header
    if _heading_or_header(folded):
        return _GENERAL
    return "entry", count, query


def _count_beside_number(folded_query: str) -> bool:
    """A digit first or last on a line with a card number (``WXDi-D01-005 2``, ``1e18
    WXDi-D01-005``): the general reader decides whether it is a count
    (:func:`~wixoss_deckcheck.decklist.lines.beside_number`)."""
    tokens = folded_query.split()
    if len(tokens) < 2:
        return False
    numbers = [index for index, token in enumerate(tokens) if is_card_number(token) and not count_like(token)]
    if not numbers:
        return False
    number = numbers[0]
    return any(any(char.isdigit() for char in tokens[end]) for end in (0, len(tokens) - 1) if end != number)


def _heading_or_header(folded: str) -> bool:
    """Whether the general reader reads the line as a heading or a header (``format: diva``)."""
    from wixoss_deckcheck.decklist.headings import header_of, heading_of  # lazy: a deck of numbers never needs it

    return bool(heading_of(folded) or (("=" in folded or ":" in folded) and header_of(folded)))


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
    starts = [0]  # where each block of entries (between headings) starts
    numbered = [0]  # the last number of a numbered list ("1. ", "2. ", ...)
    lines = _lines(text)
    if len(lines) > MAX_LINES:
        raise InputError(f"{len(lines):,} lines; a decklist has at most {MAX_LINES:,}", path)
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("//"):
            continue
        if line[0] == "#":
            section = _hash_line_into(deck, line, number, section, starts)
            continue
        kind, first, second = read_quick_line(line)
        if kind == "entry":
            entries.append(new_entry(DeckEntry, (first, second, number, section)))
        elif kind == "heading":
            section = first
            starts.append(len(entries))
        else:
            section = _general_line_into(deck, line, number, section, starts, numbered)
    if len(entries) >= 3 and _may_be_row_numbers(entries, starts):
        from wixoss_deckcheck.decklist.lines import drop_row_numbers  # lazy: the general line reader

        drop_row_numbers(entries, starts, lines)
    return deck


def _hash_line_into(deck: Deck, line: str, number: int, section: str | None, starts: list[int]) -> str | None:
    """Read a ``#`` line into ``deck`` (a header, or a Markdown heading: ``## Main Deck``);
    return the section that follows it."""
    key, value = _hash_line(line)
    if key == "heading":
        starts.append(len(deck.entries))
        return value
    if key:
        _set_header(deck, key, value, deck.path, number)
    return section


def _general_line_into(
    deck: Deck, line: str, number: int, section: str | None, starts: list[int], numbered: list[int]
) -> str | None:
    """Read a line the quick reader leaves to the general reader into ``deck``; return the
    section that follows it. A numbered list (``numbered``: its last number) must count 1, 2, 3."""
    from wixoss_deckcheck.decklist.lines import read_general  # lazy: the general line reader, a slow path

    kind, first, second, listed = read_general(line)
    if kind == "entry":
        if listed is not None:
            last = numbered[0]
            if listed != 1 and listed != last + 1:
                where = f"does not follow {last}." if last else "starts a numbered list"
                raise InputError(f"{listed}. {where}: is it a copy count? write {listed}x", deck.path, number)
            numbered[0] = listed
        deck.entries.append(new_entry(DeckEntry, (first, second, number, section)))
    elif kind == "heading":
        numbered[0] = 0
        starts.append(len(deck.entries))
        return first
    elif kind == "header":
        _set_header(deck, first, second, deck.path, number)
    elif kind == "error":
        raise InputError(first, deck.path, number)
    return section


def _may_be_row_numbers(entries: list[DeckEntry], starts: list[int]) -> bool:
    """A block starting with a count of 1 then 2: perhaps rows numbered 1, 2, 3 (:mod:`.lines`)."""
    return any(i + 2 < len(entries) and entries[i].count == 1 and entries[i + 1].count == 2 for i in starts)


#: A ``#`` line longer than this is a comment, never a Markdown heading (``## Main Deck``).
_LONGEST_HEADING = 64
#: Every heading word of :mod:`.headings` holds one of these (a test keeps the two in step):
#: a ``#`` line without one is a comment, and the heading reader is not even imported.
HEADING_STEMS = (
    "main", "lrig", "deck", "side", "signi", "spell", "arts", "piece", "key", "resona", "assist", "burst", "lb",
    "メイン", "ルリグ", "デッキ", "シグニ", "スペル", "アーツ", "ピース", "キー", "レゾナ", "アシスト",
    "ライフバースト", "卡", "牌", "分身", "精灵", "精靈", "魔法", "技艺", "技藝", "共鸣", "共鳴", "辅助", "輔助",
    "生命爆",
)


@lru_cache(maxsize=4096)
def _hash_line(line: str) -> tuple[str | None, str]:
    """What a ``#`` line says: a header (``("format", value)``, ``date``, ``name``), a Markdown
    heading (``("heading", section)``: ``## Main Deck``), or nothing (``(None, "")``: a comment)."""
    folded = fold_width(line)
    header = _HEADER.match(folded)
    if header:
        key = header.group(1).lower()
        return ("name" if key == "deck" else key), header.group(2)
    lowered = folded.casefold()
    if len(folded) > _LONGEST_HEADING or not any(stem in lowered for stem in HEADING_STEMS):
        return None, ""
    from wixoss_deckcheck.decklist.headings import heading_of  # lazy: only a # line with a heading word

    section = heading_of(folded)
    return ("heading", section) if section else (None, "")


_ISO_DATE = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])")  # every month has these days


def _set_header(deck: Deck, key: str, value: str, path: str, number: int) -> None:
    if key == "format":
        if value in builtin_format_ids():  # an id as it is (else as people write it: .headings)
            deck.format = value
        else:
            from wixoss_deckcheck.decklist.headings import format_value

            deck.format = format_value(value)
        deck.format_line = number
    elif key == "date":
        if _ISO_DATE.fullmatch(value):
            deck.date = value
        else:
            from wixoss_deckcheck.decklist.headings import date_value

            deck.date = date_value(value, path, number)
    else:
        deck.name = value.strip() or None
