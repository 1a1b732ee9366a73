"""The general reader of decklist card lines: every common way players write a card line,
for the lines the quick reader of :mod:`.text` does not take (headings and headers:
:mod:`.headings`). Imported only when a line needs it.

Read on the line's NFKC form (:mod:`.folding`), so half-width kana and NFD text read as
their NFKC forms. A card line: bullets and list marks (``- ``, ``* ``, ``・``, ``•``,
``1. ``) first, then the count anywhere (``4``, ``4x``, ``x4``, ``×4``, ``4枚``, ``×4枚``,
``4张``, ``x4张``) and the card as a number, a name, or both in either order
(``WD01-013 小剣　ククリ``); a tab-separated row (``4<TAB>WD01-009<TAB>甲冑　ローメイル``) has
one cell per field. Which card a number and a name beside it mean is decided when the card
is looked up (:meth:`wixoss_deckcheck.pool.cardpool.CardPool.resolve`): the number, and an
error when the name names another card.

Nothing is guessed: two counts on one line, or a numbered list whose numbers do not run
1, 2, 3 (is ``4.`` a count?), are errors that name the line. A block whose lines all
start with 1, 2, 3, ... as bare numbers (three or more) is a deck builder's numbered rows,
one copy a line, as the community deck builders copy decks out::

    ◆メインデッキ（ライフバースト有）
    1 WXDi-D01-013 翠将　センノリキュウ
    2 WXDi-D01-013 翠将　センノリキュウ
"""

from __future__ import annotations

import re
from functools import lru_cache

from wixoss_deckcheck.decklist.folding import FoldedLine, fold_line
from wixoss_deckcheck.decklist.headings import header_of, heading_of
from wixoss_deckcheck.errors import quoted
from wixoss_deckcheck.model.deck import written_count
from wixoss_deckcheck.pool.normalize import count_like, is_card_number, odd_digits

MAX_COPIES = 99

# -- card lines ------------------------------------------------------------------------

_BULLET = re.compile(r"^(?:[-*+>](?=\s|$)|[•・·◦‣▪▫●○◆◇■□►▶▸→])\s*")
_LIST_NUMBER = re.compile(r"^([1-9][0-9]{0,2})[.)](?=\s)\s*")
_UNIT = r"(?:枚|张|張)"
_NUM = r"(0+|[1-9][0-9]*)"  # ASCII digits (after NFKC): ``٢`` or ``¹`` is no count
# Counts as written (on the NFKC text): the ASCII x and * stand apart from the name.
_LEADING = (
    re.compile(_NUM + r"\s*(?:[xX*](?=\s)|[×✕✖]|" + _UNIT + r")\s*(?=\S)"),  # 4x NAME, 4×NAME, 4枚 NAME
    re.compile(r"[xX×✕✖*]\s*" + _NUM + r"\s*" + _UNIT + r"?\s+(?=\S)"),  # x4 NAME, ×4枚 NAME
    re.compile(_NUM + r"\s+(?=\S)"),  # 4 NAME
)
_TRAILING = (
    re.compile(r"(?:\s+[xX*]|\s*[×✕✖])\s*" + _NUM + r"\s*" + _UNIT + r"?$"),  # NAME x4, NAME×4, NAME ×4枚
    re.compile(r"(?:\s+|(?<=[^\x00-\x7f]))" + _NUM + r"\s*" + _UNIT + r"$"),  # NAME 4枚, ククリ4枚
    re.compile(r"\s+" + _NUM + r"\s*(?:cards?|copies)$", re.IGNORECASE),  # NAME 4 cards
)
_MIDDLE = re.compile(
    r"(?<=\s)(?:[xX×✕✖*]\s*" + _NUM + r"\s*" + _UNIT + r"?|" + _NUM + r"\s*(?:[xX×✕✖*]|" + _UNIT + r"))(?=\s)"
)
_COUNT_CELL = re.compile(r"(?:[xX×✕✖*]\s*)?" + _NUM + r"\s*(?:[xX×✕✖*]|" + _UNIT + r")?")
_COUNT_ONLY = re.compile(r"(?:[xX×✕✖*]\s*)?[0-9]+(?:\s*[×✕✖]|[xX*]|\s*" + _UNIT + r")?")
#: The heading row of a pasted table (one word per cell).
_TABLE_HEADINGS = frozenset(
    (
        "枚数", "カードナンバー", "カード番号", "カード名", "レアリティ", "卡号", "卡名", "数量", "count", "qty",
        "quantity", "number", "name", "card", "rarity",
    )
) | {"card number", "card name"}
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f]")  # control characters other than tab


_BARE_NUMBER = re.compile(r"[1-9][0-9]*\s+\S")


def drop_row_numbers(entries: list, starts: list[int], lines: list[str]) -> None:
    """Make each entry of a block one copy when the block's lines start with the bare
    numbers 1, 2, 3, ... n (n >= 3): those are row numbers, not counts (see the module doc).
    ``starts`` are the indexes of ``entries`` where blocks start; ``lines`` the deck's lines."""
    total = len(entries)
    for index, begin in enumerate(starts):
        if begin + 2 >= total or entries[begin].count != 1 or entries[begin + 1].count != 2:
            continue  # (nearly every block: the quick test)
        end = starts[index + 1] if index + 1 < len(starts) else total
        block = entries[begin:end]
        if _numbered_rows(block, lines):
            entries[begin:end] = [entry._replace(count=1) for entry in block]


def _numbered_rows(block: list, lines: list[str]) -> bool:
    """Three or more entries counted 1, 2, 3, ... whose lines start with those bare numbers."""
    if len(block) < 3 or any(entry.count != row for row, entry in enumerate(block, start=1)):
        return False
    return all(_BARE_NUMBER.match(fold_line(lines[entry.line - 1].strip().lstrip("\ufeff")).text) for entry in block)


@lru_cache(maxsize=8192)
def read_general(line: str) -> tuple:
    """What one stripped, non-blank line says (cached: decks repeat lines):

    ``("heading", section, None, None)``, ``("header", key, value, None)``, ``("skip", None,
    None, None)`` (a table's heading row), ``("error", message, None, None)``, or
    ``("entry", count, query, list_number)``, ``list_number`` being the ``N`` of ``N. `` or None.
    """
    folded = fold_line(line)
    text = folded.text.strip()
    section = heading_of(text)
    if section:
        return "heading", section, None, None
    header = header_of(text)
    if header:
        return "header", header[0], header[1], None
    return read_card(line)


@lru_cache(maxsize=8192)
def read_card(line: str) -> tuple:
    """A line read as a card (a YAML or JSON entry, a sheet row): as :func:`read_general`
    without headings and headers."""
    folded = fold_line(line)
    if "\t" in folded.text:
        return _table_row(folded)
    return _card_line(folded)


def _table_row(folded: FoldedLine) -> tuple:
    """A row pasted from a spreadsheet: one cell each for the count, the number, the name."""
    text = folded.text
    cells = _cells(text)
    if all(text[a:b].strip().casefold() in _TABLE_HEADINGS for a, b in cells):
        return "skip", None, None, None
    counts = [cell for cell in cells if _COUNT_CELL.fullmatch(text[cell[0] : cell[1]].strip())]
    if len(counts) > 1:
        shown = " and ".join(text[a:b].strip() for a, b in counts)
        return "error", f"two copy counts in one row ({shown}): which is it?", None, None
    return _row_entry(folded, cells, counts[0] if counts else None)


def _row_entry(folded: FoldedLine, cells: list[tuple[int, int]], count_cell: tuple[int, int] | None) -> tuple:
    """The entry of a table row: its cells other than the count cell make the card."""
    text = folded.text
    rest = [folded.original(a, b) for a, b in cells if (a, b) != count_cell]
    if not rest:
        return "error", f"a count with no card: {quoted(folded.raw)!r}", None, None
    query = " ".join(rest)
    if count_cell is None:
        return _card_line(fold_line(query))
    odd = odd_digits(_raw_span(folded, *count_cell))
    if odd:
        return "error", not_a_count(odd), None, None
    count = int("".join(char for char in text[count_cell[0] : count_cell[1]] if char.isdigit()))
    return _entry(count, query, None, folded.raw)


def _cells(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank tab-separated cell."""
    cells, start = [], 0
    for index in range(len(text) + 1):
        if index == len(text) or text[index] == "\t":
            if text[start:index].strip():
                cells.append((start, index))
            start = index + 1
    return cells


def _card_line(folded: FoldedLine) -> tuple:
    text = folded.text
    end = len(text.rstrip())
    start, list_number = _after_marks(text, end)
    body = text[start:end]
    if not body.strip():
        return "error", f"a list mark with no card: {quoted(folded.raw)!r}", None, None
    if _COUNT_ONLY.fullmatch(body):
        return "error", f"a count with no card: {quoted(folded.raw)!r}", None, None
    found, name_start, name_end, middle = _counts(text, start, end)
    if len(found) > 1:
        shown = " and ".join(text[a:b].strip() for _count, a, b in found)
        return "error", f"two copy counts on one line ({shown}): which is it?", None, None
    if middle is not None:
        query = (folded.original(name_start, middle.start()) + " " + folded.original(middle.end(), name_end)).strip()
    else:
        query = folded.original(name_start, name_end)
    if not query:
        return "error", f"a count with no card: {quoted(folded.raw)!r}", None, None
    for _count, count_start, count_end in found:
        odd = odd_digits(_raw_span(folded, count_start, count_end))
        if odd:
            return "error", not_a_count(odd), None, None
    return _entry(found[0][0] if found else None, query, list_number, folded.raw)


def _after_marks(text: str, end: int) -> tuple[int, int | None]:
    """Where the line's text starts after its white space, bullet and list number
    (``- 1. 4x NAME``: a bullet and a list number, in either order), and that number."""
    start = 0
    while start < end and text[start].isspace():
        start += 1
    list_number = None
    for _ in range(2):
        bullet = _BULLET.match(text, start, end)
        if bullet and bullet.end() > start:
            start = bullet.end()
        numbered = _LIST_NUMBER.match(text, start, end) if list_number is None else None
        if numbered:
            list_number = int(numbered.group(1))
            start = numbered.end()
    return start, list_number


def _counts(text: str, start: int, end: int) -> tuple[list[tuple[int, int, int]], int, int, re.Match[str] | None]:
    """The copy counts written in ``text[start:end]`` ((count, start, end) each: leading,
    trailing, in the middle), where the name starts and ends, and the count in the middle."""
    found = []  # (count, start, end) in offsets of the NFKC text
    name_start, name_end = start, end
    match = next((hit for pattern in _LEADING if (hit := pattern.match(text, start, end))), None)
    if match:
        found.append((int(match.group(1)), start, match.end()))
        name_start = match.end()
    match = next((hit for pattern in _TRAILING if (hit := pattern.search(text, name_start, end))), None)
    if match:
        found.append((int(match.group(1)), match.start(), end))
        name_end = match.start()
    middle = None
    for middle in _MIDDLE.finditer(text, name_start, name_end):
        found.append((int(middle.group(1) or middle.group(2)), middle.start(), middle.end()))
    return found, name_start, name_end, middle


def _raw_span(folded: FoldedLine, start: int, end: int) -> str:
    """The raw text of ``folded.text[start:end]``; the whole raw line when NFKC blurs the ends."""
    if folded.starts is None:
        return folded.text[start:end]
    begin, finish = folded.starts.get(start), folded.starts.get(end)
    return folded.raw if begin is None or finish is None else folded.raw[begin:finish]


def not_a_count(token: str) -> str:
    """The error of a token in a count's place that is no copy count (``1e18``, ``4.5``, ``¹``)."""
    return f"{quoted(token)!r} is not a copy count: write the count as 4 or x4 (1-{MAX_COPIES})"


_BARE = re.compile(r"[1-9][0-9]*")
_COUNT_TOKEN = re.compile(r"(?:[xX×✕✖*]?([1-9][0-9]*)(?:枚|张|張)?|([1-9][0-9]*)[xX×✕✖*])")


def beside_number(query: str, counted: int | None) -> tuple[int | None, str, str | None]:
    """What stands in a count's place beside a card number (``counted``: the count the line
    already has): (the count it gives or None, the query without it, an error or None).

    ``WXDi-D01-005 2`` (the number and one count token) is two copies, ``x2``, ``×2`` and
    ``2枚`` likewise; any other count-like word first or last on a line with a card number
    (``1e18``, ``4.5``, ``×-1枚``, ``0``, ``¹``) is an error, never dropped. Beside a name too
    (``WD01-009 甲冑　ローメイル 2``) a bare number may be part of the name (``呪われし数字　６６６``):
    the card pool decides (:func:`~wixoss_deckcheck.pool.namematch.resolve_number_and_name`)."""
    tokens = query.split()
    if len(tokens) < 2:
        return None, query, None
    folded = fold_line(query).text.split()
    if len(folded) != len(tokens):
        tokens = folded
    numbers = [index for index, token in enumerate(folded) if is_card_number(token) and not count_like(token)]
    if not numbers:
        return None, query, None
    for index in (0, -1):
        if index % len(tokens) == numbers[0] or not count_like(tokens[index]):
            continue
        token, shape = tokens[index], folded[index]
        plain = None if odd_digits(token) else _COUNT_TOKEN.fullmatch(shape)
        if len(tokens) == 2 and plain:
            if counted:
                return None, query, f"two copy counts on one line ({counted} and {token}): which is it?"
            return int(plain.group(1) or plain.group(2)), tokens[index + 1], None
        if len(tokens) == 2 or not _BARE.fullmatch(shape) or odd_digits(token):
            return None, query, not_a_count(token)
    return None, query, None


def _entry(count: int | None, query: str, list_number: int | None, raw: str) -> tuple:
    beside, query, problem = beside_number(query, count)
    if problem:
        return "error", problem, None, None
    # a written 1 is marked (written_count): no count after the name may replace it
    count = (beside or 1) if count is None else written_count(count)
    if not 1 <= count <= MAX_COPIES:
        return "error", f"copy count {count} is out of range (1-{MAX_COPIES})", None, None
    if _CONTROL.search(query):
        return "error", "control characters in a card name", None, None
    return "entry", count, query, list_number
