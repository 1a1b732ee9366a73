"""Where things are on the official tournament decklist sheet (``デッキシート``).

Both official forms -- the individual one (``wixoss_ceremony_decklist.xlsx``) and the
3-on-3 team one (``wixoss_decklist_team.xlsx``) -- and the sheets ``wixoss-deckcheck sheet``
writes are found by their labels, not by fixed cells:

- the blocks by their headings: ``◆ルリグデッキ`` (rows 1-12), ``◆メインデッキ　ライフバースト有``
  (rows 1-20, with a ``ライフバースト無`` box for a card without Life Burst placed there) and
  ``◆メインデッキ　ライフバースト無`` (rows 21-40);
- in each block, the columns by the labels under its heading (``カードナンバー``,
  ``ライフバースト無``, ``カード名``), and the rows by the sheet's own row numbers (1-40)
  left of each number column (a row is the block's while any half of it is numbered: a
  number written as text, ``"12"``, or left empty does not end the block);
- the fields (``ニックネーム``, ``セレクターID``, ``大会日時``, ``開催会場``, ``使用ルリグ``,
  ``名札番号``, ``席順``) by their labels: the value is the cell right of the label (of its
  merged range).

Cells inside a merged range can only be written at the range's top-left cell.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from openpyxl.worksheet.worksheet import Worksheet

#: Field → the labels that name it on the forms.
FIELD_LABELS = {
    "nickname": ("ニックネーム",),
    "selector_id": ("セレクターID",),
    "event_date": ("大会日時",),
    "venue": ("開催会場",),
    "center": ("使用ルリグ", "使用センタールリグ"),
    "name_tag": ("名札番号",),
    "seat": ("席順",),
}
UNTICKED_BOX = "□"
TICKED_BOX = "■"
_UNTICKED = frozenset({"", "□", "☐", "0", "false", "no", "-"})
_TICKED = frozenset({"■", "☑", "☒", "✓", "✔", "レ", "〇", "○", "◯", "●", "x", "v", "1", "true", "yes", "✕", "×", "済"})


@dataclass(frozen=True)
class Slot:
    """One row of a block: the sheet's own number (1-12, 1-40) and the cells of its card."""

    index: int
    row: int
    number_col: int
    name_col: int
    tick_col: int | None
    section: str  # "lrig" or "main"
    burst: bool  # a row of the Life Burst block


@dataclass
class SheetLayout:
    """The slots of a sheet, in the sheet's own order, and the value cell of each field."""

    slots: list[Slot] = field(default_factory=list)
    fields: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: (the row of a block's column labels, the block's columns): no card is written in those
    #: columns below the labels but in a slot (:func:`~wixoss_deckcheck.decklist.sheet.deck_of_workbook`).
    margins: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)

    @property
    def team(self) -> bool:
        """The 3-on-3 team form (it has a seat and a name-tag number)."""
        return "seat" in self.fields or "name_tag" in self.fields

    def block(self, section: str, burst: bool | None = None) -> list[Slot]:
        return [slot for slot in self.slots if slot.section == section and (burst is None or slot.burst is burst)]


def label(value: Any) -> str:
    """A cell's text as labels are compared: NFKC, without white space."""
    if value is None:
        return ""
    return "".join(unicodedata.normalize("NFKC", str(value)).split())


def tick_state(value: Any) -> bool | None:
    """True for a ticked ``ライフバースト無`` box, False for an empty one, None when it cannot be told."""
    if value is None or value is False:
        return False
    if value is True:
        return True
    text = label(value).casefold()
    if text in _UNTICKED:
        return False
    if text in _TICKED or (len(text) == 2 and text[0] == "□" and text[1] in _TICKED):
        return True
    return None


def find_layout(sheet: Worksheet) -> SheetLayout | None:
    """The layout of an openpyxl worksheet, or None when it is no decklist sheet."""
    values = sheet_values(sheet)
    texts = {place: label(value) for place, value in values.items()}
    widths = {(r.min_row, r.min_col): r.max_col for r in sheet.merged_cells.ranges}
    layout = SheetLayout()
    for (row, column), text in sorted(texts.items()):
        if text.startswith("◆ルリグデッキ"):
            layout.slots += _block(texts, values, row + 1, "lrig", False, layout)
        elif text.startswith("◆メインデッキ"):
            layout.slots += _block(texts, values, row + 1, "main", "ライフバースト有" in text, layout)
        else:
            name = _field_named(text, layout.fields)
            if name is not None:
                layout.fields[name] = (row, widths.get((row, column), column) + 1)
    if not layout.block("lrig") or not layout.block("main"):
        return None
    return layout


def sheet_values(sheet: Worksheet) -> dict[tuple[int, int], Any]:
    """(row, column) -> value of every cell that holds one."""
    # The cells the sheet holds, not the rectangle up to its farthest one (iter_rows would
    # make every empty cell of it: a cell at XFD1048576 was 17 billion).
    cells = getattr(sheet, "_cells", None)
    if isinstance(cells, dict):
        return {(cell.row, cell.column): cell.value for cell in cells.values() if cell.value is not None}
    return {(cell.row, cell.column): cell.value for row in sheet.iter_rows() for cell in row if cell.value is not None}


def _field_named(text: str, found: dict[str, tuple[int, int]]) -> str | None:
    """The field a label names (the first of its kind only)."""
    for name, labels in FIELD_LABELS.items():
        if name not in found and any(text.startswith(word) for word in labels):
            return name
    return None


def _block(texts: dict, values: dict, heading_row: int, section: str, burst: bool, layout: SheetLayout) -> list[Slot]:
    """The slots under one block's column labels (row ``heading_row``); the block's columns
    and rows are kept in ``layout.margins`` for the cards written outside the slots."""
    halves = _block_columns(texts, heading_row)
    rows = _numbered_rows(values, heading_row + 1, [number_col for number_col, _name, _tick in halves])
    slots = []
    for number_col, name_col, tick_col in halves:
        for row, index in _row_indexes(values, rows, number_col - 1):
            slots.append(Slot(index, row, number_col, name_col, tick_col, section, burst))
    columns = {col for number_col, name_col, _tick in halves for col in (number_col, name_col)}  # where cards go
    layout.margins.append((heading_row, tuple(sorted(columns))))
    return sorted(slots, key=lambda slot: slot.index)


def row_number(value: Any) -> int | None:
    """A printed row number: an int (never True/False), or digits written as text (``"12"``)."""
    if type(value) is int:
        return value
    text = label(value) if isinstance(value, str) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def _numbered_rows(values: dict, first: int, number_cols: list[int]) -> list[int]:
    """The block's rows: from ``first`` down, for as long as any half of the block numbers its
    row left of its number column (a half whose number cell is text or empty is still a row;
    so is one row whose every half lost its number, between two numbered rows)."""

    def numbered(row: int) -> bool:
        return any(row_number(values.get((row, col - 1))) is not None for col in number_cols)

    rows: list[int] = []
    row = first
    while numbered(row) or (rows and numbered(row + 1)):
        rows.append(row)
        row += 1
    return rows


def _row_indexes(values: dict, rows: list[int], column: int) -> list[tuple[int, int]]:
    """(row, the sheet's own number) of each row of a half: its printed number, else the
    number its neighbours give (the row above's plus one; the first row's: the next one's minus)."""
    printed = [row_number(values.get((row, column))) for row in rows]
    known = [(place, number) for place, number in enumerate(printed) if number is not None]
    indexes = []
    for place, row in enumerate(rows):
        number = printed[place]
        if number is None:
            near = min(known, key=lambda item: abs(item[0] - place), default=(0, 1))
            number = near[1] + place - near[0]
        indexes.append((row, number))
    return indexes


def _block_columns(texts: dict, heading_row: int) -> list[tuple[int, int, int | None]]:
    """(number, name, tick box) column of each half of a block, by the labels of its row: each
    ``カードナンバー`` column, the first ``カード名`` after it, a ``バースト無`` box between them."""
    labels = sorted((column, text) for (row, column), text in texts.items() if row == heading_row)
    found = []
    for number_col, text in labels:
        if text != "カードナンバー":
            continue
        name_col = next((c for c, word in labels if c > number_col and word == "カード名"), None)
        if name_col is not None:
            found.append((number_col, name_col, _tick_column(labels, number_col, name_col)))
    return found


def _tick_column(labels: list[tuple[int, str]], number_col: int, name_col: int) -> int | None:
    return next((c for c, word in labels if number_col < c < name_col and "バースト無" in word), None)


