"""Reading a filled official decklist sheet (``.xlsx``) like any decklist.

Every filled row of the sheet (:mod:`.sheet_layout`) is one copy of a card, in any order,
by number and/or name: a number and a name are looked up together (a name that names
another card is WX003), a name alone is looked up like any name. The ``ライフバースト無``
box is kept for the checker, which cross-checks it against the card (WX004). The event
date (``大会日時``) is the deck's date, so it is the default ``--as-of``.

openpyxl is imported when a sheet is read (or written: :mod:`.sheet_write`).
"""

from __future__ import annotations

import datetime as _dt
import io
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.decklist.headings import date_value
from wixoss_deckcheck.decklist.sheet_layout import SheetLayout, Slot, find_layout, label, sheet_values, tick_state
from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.pool.normalize import fold_width, is_card_number, looks_like_number

if TYPE_CHECKING:  # pragma: no cover
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

#: A sheet is a zip of XML files; more than this uncompressed is refused before it is read.
MAX_UNPACKED_BYTES = 50_000_000
#: Each XML part of a workbook (a worksheet, its shared strings, a comment) is at most this
#: big unpacked (the official forms' largest is about 30 KB; a 45 MB comment is refused).
MAX_XML_PART_BYTES = 2_000_000
#: The cells of all worksheets together (the official sheet fills about 300); more are
#: refused before openpyxl builds a cell object for each.
MAX_SHEET_CELLS = 20_000
#: The farthest row and column a cell may be in (the official sheet ends near row 60,
#: column 12); a cell at XFD1048576 is refused before the sheet is loaded.
MAX_SHEET_ROW, MAX_SHEET_COLUMN = 2_000, 100
_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s>/]")
_REF = re.compile(rb"\br=\"([A-Z]{1,3})([0-9]{1,7})\"")


@dataclass
class SheetData:
    """What a sheet holds besides its cards: the filled fields, by name (as text)."""

    layout: SheetLayout
    fields: dict[str, str] = field(default_factory=dict)


def open_workbook(data: bytes, path: str, read_only_values: bool = True) -> Workbook:
    """An openpyxl workbook of ``data``; anything that is no readable workbook is an InputError."""
    try:
        import openpyxl  # lazy: a heavy library, for the sheets alone
    except ImportError:  # pragma: no cover - a dependency
        raise InputError("reading .xlsx sheets needs openpyxl (pip install openpyxl)", path) from None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_parts(archive, path)
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, zlib.error, NotImplementedError):
        raise InputError("not an .xlsx workbook (not a zip archive)", path) from None
    try:
        return openpyxl.load_workbook(io.BytesIO(data), data_only=read_only_values)
    except Exception as exc:  # openpyxl raises many kinds for a broken workbook
        raise InputError(f"not a readable .xlsx workbook ({exc.__class__.__name__})", path) from None


def _check_parts(archive: zipfile.ZipFile, path: str) -> None:
    """Refuse, before openpyxl reads a byte of it, a workbook past the limits above: its
    size unpacked, one XML part's, the number of cells, a cell far outside the sheet."""
    infos = archive.infolist()
    unpacked = sum(info.file_size for info in infos)
    if unpacked > MAX_UNPACKED_BYTES:
        raise InputError(f"the workbook unpacks to {unpacked:,} bytes; a decklist sheet is far smaller", path)
    cells = 0
    for info in infos:
        if not info.filename.lower().endswith((".xml", ".rels", ".vml")):
            continue
        if info.file_size > MAX_XML_PART_BYTES:
            raise InputError(f"the workbook's part {quoted(info.filename)} unpacks to {info.file_size:,} bytes; "
                             f"a decklist sheet's parts are at most {MAX_XML_PART_BYTES:,}", path)
        if info.filename.startswith("xl/worksheets/"):
            with archive.open(info) as member:
                text = member.read(MAX_XML_PART_BYTES + 1)
            cells += len(_CELL.findall(text))
            _check_far(text, path)
    if cells > MAX_SHEET_CELLS:
        raise InputError(f"the workbook has {cells:,} cells; a decklist sheet has at most {MAX_SHEET_CELLS:,}", path)


def _check_far(text: bytes, path: str) -> None:
    """A cell (or the sheet's dimension) past :data:`MAX_SHEET_ROW` / :data:`MAX_SHEET_COLUMN` is refused."""
    for letters, digits in _REF.findall(text):
        column = 0
        for letter in letters:
            column = column * 26 + letter - 64
        if int(digits) > MAX_SHEET_ROW or column > MAX_SHEET_COLUMN:
            where = (letters + digits).decode("ascii")
            raise InputError(f"the workbook has a cell at {where}, far outside a decklist sheet (at most row "
                             f"{MAX_SHEET_ROW:,}, column {MAX_SHEET_COLUMN})", path)


def find_sheet(workbook: Workbook, path: str) -> tuple[Worksheet, SheetLayout]:
    """The decklist sheet of a workbook (``デッキシート`` first) and its layout."""
    sheets = sorted(workbook.worksheets, key=lambda sheet: sheet.title != "デッキシート")
    for sheet in sheets:
        layout = find_layout(sheet)
        if layout is not None:
            return sheet, layout
    raise InputError(
        "no decklist sheet in the workbook (expected the official デッキシート with its ◆ルリグデッキ and "
        "◆メインデッキ blocks)",
        path,
    )


def read_sheet_deck(data: bytes, path: str) -> Deck:
    """The deck of a filled decklist sheet; problems name the cell (the line is the sheet row)."""
    deck, _fields = read_sheet(data, path)
    return deck


def read_sheet(data: bytes, path: str) -> tuple[Deck, SheetData]:
    """The deck of a filled decklist sheet (``.xlsx`` bytes) and the sheet's fields."""
    return deck_of_workbook(open_workbook(data, path), path)


def deck_of_workbook(workbook: Workbook, path: str) -> tuple[Deck, SheetData]:
    """The deck of an openpyxl workbook holding a filled decklist sheet, and the sheet's fields."""
    sheet, layout = find_sheet(workbook, path)
    deck = Deck(path=path)
    marks: list[tuple[int, str] | None] = []
    for slot in layout.slots:
        filled = _slot_entry(sheet, slot, path)
        if filled is None:
            continue
        entry, where = filled
        deck.entries.append(entry)
        marks.append((slot.index, where) if slot.section == "main" else None)
    if not deck.entries:
        raise InputError("the decklist sheet has no cards filled in", path)
    _nothing_outside(sheet, layout, path)
    deck.sheet_marks = tuple(marks)
    fields = {name: _field_text(sheet.cell(*cell).value) for name, cell in layout.fields.items()}
    fields = {name: value for name, value in fields.items() if value}
    if fields.get("event_date"):
        row, column = layout.fields["event_date"]
        deck.date = _sheet_date(sheet.cell(row, column).value, fields["event_date"], path, row)
    deck.name = fields.get("nickname")
    return deck, SheetData(layout, fields)


def _nothing_outside(sheet: Worksheet, layout: SheetLayout, path: str) -> None:
    """A card written outside the numbered rows (in a block's columns below its labels, or a
    card number anywhere but a slot or a field) is an error, never left out of the deck."""
    taken = {(slot.row, col) for slot in layout.slots
             for col in (slot.number_col - 1, slot.number_col, slot.name_col, slot.tick_col) if col}
    taken |= set(layout.fields.values())
    margins = sorted(layout.margins)
    regions = [(labels + 1, (margins[i + 1][0] - 2) if i + 1 < len(margins) else sheet.max_row, set(columns))
               for i, (labels, columns) in enumerate(margins)]
    for (row, column), value in sheet_values(sheet).items():
        if (row, column) in taken:
            continue
        text = _text(value)
        inside = any(first <= row <= last and column in columns for first, last, columns in regions)
        if text and (inside or any(is_card_number(word) for word in fold_width(text).split())):
            cell = sheet.cell(row, column).coordinate
            raise InputError(f"cell {cell}: {quoted(text)!r} is outside the sheet's numbered rows: "
                             "write each card in a numbered row of its block", path, row)


def _slot_entry(sheet: Worksheet, slot: Slot, path: str) -> tuple[DeckEntry, str] | None:
    """The entry of one filled row (one copy, by number and/or name) and where it sits for the
    Life Burst cross-check (``burst-ticked``, ``burst``, ``plain``); None for an empty row."""
    number = _text(sheet.cell(slot.row, slot.number_col).value)
    name = _text(sheet.cell(slot.row, slot.name_col).value)
    ticked = _ticked(sheet, slot, path)
    if not number and not name:
        return None
    where = "burst-ticked" if ticked else "burst" if slot.burst else "plain"
    return DeckEntry(1, _query(sheet, slot, number, name, path), slot.row, slot.section), where


def _query(sheet: Worksheet, slot: Slot, number: str, name: str, path: str) -> str:
    """What a row names: number and name together, or either alone (a name in the number
    column, with the name column empty, is a name)."""
    if number and not looks_like_number(number):
        if name:
            cell = sheet.cell(slot.row, slot.number_col).coordinate
            raise InputError(
                f"cell {cell}: {quoted(number)!r} is not a card number (the name has a column of its own)",
                path,
                slot.row,
            )
        number, name = "", number
    return f"{number} {name}" if number and name else number or name


def _ticked(sheet: Worksheet, slot: Slot, path: str) -> bool:
    """Whether the row's ライフバースト無 box is ticked (False for a row without one)."""
    if not slot.tick_col:
        return False
    cell = sheet.cell(slot.row, slot.tick_col)
    ticked = tick_state(cell.value)
    if ticked is None:
        raise InputError(
            f"cell {cell.coordinate}: cannot tell whether the ライフバースト無 box is ticked "
            f"({quoted(_text(cell.value))!r}): leave □, or tick it with ■ or ✓",
            path,
            slot.row,
        )
    return ticked


def _text(value: Any) -> str:
    if value is None:
        return ""
    return " ".join(str(value).split())


def _field_text(value: Any) -> str:
    if isinstance(value, _dt.datetime):
        return value.date().isoformat() if value.time() == _dt.time() else value.isoformat(sep=" ")
    if isinstance(value, _dt.date):
        return value.isoformat()
    return _text(value)


def _sheet_date(value: Any, text: str, path: str, row: int) -> str | None:
    """The event date as ``YYYY-MM-DD``: a date cell, or a date written as text."""
    if isinstance(value, (_dt.date, _dt.datetime)):
        return (value.date() if isinstance(value, _dt.datetime) else value).isoformat()
    try:
        return date_value(text, path, row)
    except InputError:
        shown = quoted(text)
        raise InputError(f"大会日時 {shown!r} is not a date (write 2024-05-01 or 2024年5月1日)", path, row) from None


def seat_of(fields: dict[str, str]) -> str | None:
    """The seat (A, B or C) circled in a team sheet's 席順 cell, if exactly one is marked."""
    text = "".join(str(fields.get("seat") or "").split())  # not NFKC: that makes Ⓐ an A
    circled = [letter for letter, mark in (("A", "Ⓐ"), ("B", "Ⓑ"), ("C", "Ⓒ")) if mark in text]
    if len(circled) == 1:
        return circled[0]
    if label(text).upper() in ("A", "B", "C"):
        return label(text).upper()
    return None
