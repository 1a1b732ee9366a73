"""Writing a deck onto the official decklist sheet (``wixoss-deckcheck sheet``).

With a template (the blank official form a user downloaded) its cells are filled; without
one, a sheet of the same layout is made (:func:`own_workbook`), which reads back the same.
One row per copy, sorted as a judge reads them: the LRIG deck by card type (LRIG, ASSIST
LRIG, ARTS, KEY, PIECE, RESONA) and level; the main deck with its Life Burst cards first
(rows 1-20), SIGNI by level before SPELLs, then the cards without Life Burst -- those that
do not fit rows 21-40 right after the Life Burst cards, ticked ``ライフバースト無``. A deck
that does not fit the sheet is refused with the reason. Only the ``sheet`` command imports
this module (and openpyxl with it).
"""

from __future__ import annotations

import datetime as _dt
import io
import re
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from wixoss_deckcheck.decklist.sheet import find_sheet, open_workbook
from wixoss_deckcheck.decklist.sheet_layout import TICKED_BOX, UNTICKED_BOX, SheetLayout, Slot, find_layout
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry

LRIG_ROWS, BURST_ROWS, PLAIN_ROWS = 12, 20, 20
_TYPE_ORDER = {
    kind: index
    for index, kind in enumerate(
        ("SIGNI", "SPELL", "LRIG", "ASSIST_LRIG", "ARTS", "KEY", "PIECE", "RELAY_PIECE", "RESONA")
    )
}
SEATS = {"A": "Ⓐ ・ B ・ C", "B": "A ・ Ⓑ ・ C", "C": "A ・ B ・ Ⓒ"}


@dataclass
class SheetRows:
    """What goes on the sheet: (number, name) per LRIG-deck row, (number, name, ticked) per
    main-deck row of the Life Burst block, (number, name) per row of rows 21-40."""

    lrig: list[tuple[str, str]] = field(default_factory=list)
    burst: list[tuple[str, str, bool]] = field(default_factory=list)
    plain: list[tuple[str, str]] = field(default_factory=list)


def _natural(number: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", number)]


def _judge_order(item: tuple[Card, str]) -> tuple:
    card, number = item
    return (_TYPE_ORDER.get(card.type, 99), card.level if card.level is not None else 99, _natural(number))


def plan_rows(resolved: ResolvedDeck) -> SheetRows:
    """The rows of a resolved deck in the order a judge reads them; InputError when it does not fit."""
    lrig, main = _copies(resolved.lrig), _copies(resolved.main)
    burst = [item for item in main if item[0].life_burst]
    plain = [item for item in main if not item[0].life_burst]
    _refuse_misfit(resolved.deck.path, len(lrig), len(main), len(burst))
    overflow = max(0, len(plain) - PLAIN_ROWS)  # cards without Life Burst placed among rows 1-20, ticked
    rows = SheetRows()
    rows.lrig = [(number, card.name) for card, number in lrig]
    rows.burst = [(number, card.name, False) for card, number in burst]
    rows.burst += [(number, card.name, True) for card, number in plain[:overflow]]
    rows.plain = [(number, card.name) for card, number in plain[overflow:]]
    return rows


def _copies(entries: list[ResolvedEntry]) -> list[tuple[Card, str]]:
    """(card, number) once per copy, in the order a judge reads them."""
    return sorted(((e.card, e.number) for e in entries for _ in range(e.count)), key=_judge_order)


def _refuse_misfit(path: str, lrig: int, main: int, burst: int) -> None:
    """InputError, with every reason, for a deck of these counts that does not fit the sheet."""
    problems = []
    if lrig > LRIG_ROWS:
        problems.append(f"the LRIG deck has {lrig} cards; the sheet has {LRIG_ROWS} rows for it")
    if main > BURST_ROWS + PLAIN_ROWS:
        problems.append(f"the main deck has {main} cards; the sheet has {BURST_ROWS + PLAIN_ROWS} rows for it")
    elif burst > BURST_ROWS:
        problems.append(f"the main deck has {burst} Life Burst cards; the sheet has {BURST_ROWS} rows for them")
    if problems:
        raise InputError("the deck does not fit the decklist sheet: " + "; ".join(problems), path)


def write_sheet(
    rows: SheetRows, fields: dict[str, str], team: bool, template: bytes | None, template_path: str | None = None
) -> bytes:
    """The workbook of the sheet, as bytes: the template filled in, or a sheet of our own."""
    workbook, sheet, layout = _workbook(team, template, template_path)
    if fields.get("seat") and not layout.team:
        raise InputError("--seat is for the 3-on-3 team sheet (--team)", template_path)
    for (section, burst), cards in (
        (("lrig", False), [(n, name, False) for n, name in rows.lrig]),
        (("main", True), rows.burst),
        (("main", False), [(n, name, False) for n, name in rows.plain]),
    ):
        _fill_block(sheet, sorted(layout.block(section, burst), key=lambda slot: slot.index), cards, template_path)
    for name, value in fields.items():
        if value and name in layout.fields:
            _fill_field(sheet.cell(*layout.fields[name]), name, value)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _workbook(team: bool, template: bytes | None, template_path: str | None) -> tuple[Workbook, Worksheet, SheetLayout]:
    """The workbook to fill (the template's, or our own for the individual or team form), its
    decklist sheet and layout; ``--team`` with the individual template is refused."""
    if template is None:
        workbook = own_workbook(team)
        sheet = workbook.active
        layout = find_layout(sheet)
        assert layout is not None  # our own layout is always found
        return workbook, sheet, layout
    workbook = open_workbook(template, template_path or "template", read_only_values=False)
    sheet, layout = find_sheet(workbook, template_path or "template")
    if team and not layout.team:
        raise InputError("--team: the template is the individual sheet, not the 3-on-3 team sheet", template_path)
    return workbook, sheet, layout


def _fill_block(sheet: Worksheet, block: list[Slot], cards: list[tuple[str, str, bool]], where: str | None) -> None:
    """Write one block's cards into its rows, in order, and empty the rows left over."""
    if len(cards) > len(block):
        raise InputError(f"the sheet has {len(block)} rows for {len(cards)} cards here", where)
    for slot, card in zip(block, cards + [None] * (len(block) - len(cards)), strict=True):
        write_text(sheet.cell(slot.row, slot.number_col), card[0] if card else None)
        write_text(sheet.cell(slot.row, slot.name_col), card[1] if card else None)
        if slot.tick_col:
            sheet.cell(slot.row, slot.tick_col).value = TICKED_BOX if card and card[2] else UNTICKED_BOX


#: Characters a workbook cannot hold (openpyxl's IllegalCharacterError, or a file Excel
#: cannot open): shown as U+FFFD in a card's number or name from a hostile pool.
_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` with every character a workbook cannot hold replaced by U+FFFD."""
    return _NOT_IN_XML.sub("\ufffd", text)


def _fill_field(cell: Cell, name: str, value: str) -> None:
    """A field's value: the event date as a date cell (``yyyy年m月d日``), the seat circled."""
    if name == "event_date" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        cell.value = _dt.date.fromisoformat(value)
        cell.number_format = 'yyyy"年"m"月"d"日"'
    else:
        write_text(cell, SEATS.get(value, value) if name == "seat" else value)


#: What a spreadsheet runs as a formula (or a DDE command) when a cell starts with it (OWASP's list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def write_text(cell: Cell, value: str | None) -> None:
    """Write ``value`` as text, never as a formula: ``--venue '=HYPERLINK(...)'`` or a card
    name from a hostile pool stays the text it is (a string cell, and Excel's quote prefix
    when it starts like a formula); a character a workbook cannot hold is U+FFFD."""
    cell.value = xml_text(value) if value is not None else None
    if value is not None:
        cell.data_type = "s"
        if value.startswith(FORMULA_START):
            cell.quotePrefix = True


# -- a sheet of our own, laid out as the official forms ------------------------------------

_FIELDS_INDIVIDUAL = (
    ("ニックネーム", "F2:G3", "H2:I3"),
    ("セレクターID", "F4:G4", "H4:I4"),
    ("大会日時", "F5:G6", "H5:I6"),
    ("開催会場", "F7:G8", "H7:I8"),
    ("使用ルリグ\n（センタールリグ）", "F9:G10", "H9:I10"),
)
_FIELDS_TEAM = (
    ("名札番号\n※会場にて受付時確認ください", "I2:K3", "L2:M3"),
    ("使用センタールリグ", "I4:K5", "L4:M5"),
    ("席順　いずれかに\n〇を付けてください", "G7:H8", "I7:L8"),
    ("大会日時", "C9:D10", "E9:E10"),
    ("ニックネーム", "G9:H10", "I9:L10"),
    ("開催会場", "C11:D12", "E11:E12"),
    ("セレクターID\n※お持ちでない方は記入不要", "G11:H12", "I11:L12"),
)
_HEADINGS = (
    ("◆ルリグデッキ（最大10枚まで　※ピースカードを入れる場合最大12枚まで）", 12, 6, 1, False),
    ("◆メインデッキ　ライフバースト有（20枚まで）＋ ライフバースト無（□を付けてください）", 21, 10, 1, True),
    ("◆メインデッキ　ライフバースト無", 34, 10, 21, False),
)


def own_workbook(team: bool) -> Workbook:
    """A blank sheet of the official layout (individual, or the 3-on-3 team form)."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "デッキシート"
    thin = Side(style="thin")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    wrap = Alignment(wrap_text=True, vertical="center")
    _write_fields(sheet, team, box, wrap)
    down, right = (2, 1) if team else (0, 0)
    name_end = 12 if team else 9  # the right-hand name cells run to L on the team form, to I on the other
    for text, row, count, first, burst in _HEADINGS:
        row += down
        sheet.cell(row, 1 + right).value = text
        sheet.cell(row, 1 + right).font = Font(bold=True)
        for half, columns in enumerate(((2 + right, 4 + right), (6 + right, name_end))):
            _write_half(sheet, row, columns, (first + half * count, count), burst, (box, wrap))
    widths = (2, 4, 14, 8, 26, 4, 14, 8, 14, 8, 8, 8, 12) if team else (4, 14, 8, 26, 4, 14, 8, 20, 14)
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = width
    return workbook


def _write_fields(sheet: Worksheet, team: bool, box: Border, wrap: Alignment) -> None:
    """The title of the team form, and each field's label with the box of its value."""
    if team:
        _merged(sheet, "B2:E3", "WIXOSS", Font(bold=True, size=16))
        _merged(sheet, "B4:E5", " 3 vs 3 TEAM BATTLE ", Font(bold=True))
    for text, label_range, value_range in _FIELDS_TEAM if team else _FIELDS_INDIVIDUAL:
        _merged(sheet, label_range, text, Font(bold=True), wrap, box)
        _merged(sheet, value_range, SEATS["A"].replace("Ⓐ", "A") if text.startswith("席順") else None, None, wrap, box)


def _write_half(
    sheet: Worksheet,
    row: int,
    columns: tuple[int, int],
    numbers: tuple[int, int],
    burst: bool,
    styles: tuple[Border, Alignment],
) -> None:
    """One half of a block under its heading (row ``row``): the column labels, then ``numbers``
    (first, how many) rows numbered left of the number column, from ``columns[0]`` to ``columns[1]``."""
    (base, last), (first, count), (box, wrap) = columns, numbers, styles
    name_col = base + 2 if burst else base + 1
    labels = [(base, "カードナンバー"), *([(base + 1, "ライフ\nバースト無")] if burst else []), (name_col, "カード名")]
    for column, word in labels:
        sheet.cell(row + 1, column).value = word
        sheet.cell(row + 1, column).font = Font(bold=True)
        sheet.cell(row + 1, column).alignment = wrap
    for offset in range(count):
        line = row + 2 + offset
        sheet.cell(line, base - 1).value = first + offset
        for column in range(base, last + 1):
            sheet.cell(line, column).border = box
        if burst:
            sheet.cell(line, base + 1).value = UNTICKED_BOX
        if last > name_col:
            sheet.merge_cells(start_row=line, start_column=name_col, end_row=line, end_column=last)
    if last > name_col:
        sheet.merge_cells(start_row=row + 1, start_column=name_col, end_row=row + 1, end_column=last)


def _merged(
    sheet: Worksheet,
    cells: str,
    value: str | None,
    font: Font | None = None,
    alignment: Alignment | None = None,
    border: Border | None = None,
) -> None:
    sheet.merge_cells(cells)
    top_left = sheet[cells.split(":")[0]]
    top_left.value = value
    if font is not None:
        top_left.font = font
    if alignment is not None:
        top_left.alignment = alignment
    if border is not None:
        for row in sheet[cells]:
            for cell in row:
                cell.border = border
