"""The official decklist sheet read whatever its printed row numbers hold (issue 25, "Silent
misreading"): a filled row whose number cell is text (``"12"``), empty or anything else is
still read while the other half of its row is numbered, and a card written outside the
numbered rows -- below a block, in the gap between two blocks, far off in the sheet -- is an
error naming its cell, never left out of the deck.

Seeded generators: sheets of the tool's own layout and the two official forms (read in place
from ``../shared/forms``) filled at random, their row numbers spoiled at random, cards
written at random outside the slots. The property: the deck read holds exactly the cards
filled in, or the read is an error on the row of a spoiled or stray cell."""

from __future__ import annotations

import io
import random
from collections import Counter

import openpyxl
import pytest
from conftest import SHARED
from hostile import assert_one_error, run_cli

from wixoss_deckcheck.decklist.sheet import deck_of_workbook, find_sheet
from wixoss_deckcheck.decklist.sheet_write import own_workbook
from wixoss_deckcheck.errors import InputError

CARDS = [f"WXDi-D01-{n:03d}" for n in range(1, 22)]
SPOILED = ["12", " 7 ", "", None, "x", "１２", "No.", 0.5, "=A1"]


def _workbook(form: str):
    if form == "own":
        return own_workbook(False)
    if form == "team-own":
        return own_workbook(True)
    return openpyxl.load_workbook(SHARED / "forms" / form)


def _spoil(rng: random.Random, form: str) -> tuple[Counter, set[int], set[int], object]:
    """A filled sheet with row numbers spoiled: (the cards filled, the rows of stray cards,
    the rows spoiled, the workbook)."""
    workbook = _workbook(form)
    sheet, layout = find_sheet(workbook, form)
    filled: Counter = Counter()
    rows = sorted({slot.row for slot in layout.slots})
    for slot in rng.sample(layout.slots, rng.randint(1, len(layout.slots))):
        card = rng.choice(CARDS)
        sheet.cell(slot.row, slot.number_col).value = card
        filled[(card, slot.section)] += 1
    spoiled = set()
    for slot in rng.sample(layout.slots, rng.randint(0, 12)):
        sheet.cell(slot.row, slot.number_col - 1).value = rng.choice(SPOILED)
        spoiled.add(slot.row)
    stray: set[int] = set()
    for _ in range(rng.choice([0, 0, 1])):
        labels = [labels for labels, _columns in layout.margins]
        gaps = [label - 2 for label in labels[1:]]  # the blank row above each later block's heading
        row = rng.choice([max(rows) + rng.randint(1, 30), *gaps, 200])
        column = rng.choice([layout.slots[0].number_col, layout.slots[0].name_col, 30])
        if all((row, column) != (slot.row, col) for slot in layout.slots for col in (slot.number_col, slot.name_col)):
            sheet.cell(row, column).value = rng.choice(CARDS)
            stray.add(row)
    return filled, stray, spoiled, workbook


@pytest.mark.slow
@pytest.mark.parametrize("form", ["own", "team-own",
                                  pytest.param("wixoss_ceremony_decklist.xlsx", marks=pytest.mark.shared),
                                  pytest.param("wixoss_decklist_team.xlsx", marks=pytest.mark.shared)])
def test_spoiled_row_numbers_and_stray_cards_never_drop_a_card(form):
    rng = random.Random(f"issue 25 {form}")
    errors = 0
    for _ in range(25 if "own" in form else 12):
        filled, stray, spoiled, workbook = _spoil(rng, form)
        try:
            deck, _data = deck_of_workbook(workbook, form)
        except InputError as error:
            errors += 1
            # a stray card's row, a row whose both halves lost their numbers (its cards are then
            # outside the block), or no block left at all (its first row spoiled)
            below = bool(spoiled) and error.line is not None and error.line >= min(spoiled)  # a block cut short
            assert error.line in stray or below or "no decklist sheet" in str(error), str(error)
            assert "outside the sheet's numbered rows" in str(error) or "no decklist sheet" in str(error)
            continue
        assert not stray, ("a stray card was read as nothing", stray)
        read = Counter()
        for entry in deck.entries:
            read[(entry.query, entry.section)] += entry.count
        assert read == filled, form
    assert errors < 12  # most sheets read: the test checks readings, not only refusals


@pytest.mark.shared
def test_slot_twelve_with_a_text_row_number_is_read(tmp_path):
    """The issue's case: a second copy in slot 12, whose printed number is the text "12"."""
    for spoiled in ("12", None):
        workbook = openpyxl.load_workbook(SHARED / "forms" / "wixoss_ceremony_decklist.xlsx")
        sheet, layout = find_sheet(workbook, "form")
        lrig = sorted(layout.block("lrig"), key=lambda slot: slot.index)
        for slot in lrig[:11]:
            sheet.cell(slot.row, slot.number_col).value = CARDS[slot.index - 1]
        twelve = lrig[11]
        sheet.cell(twelve.row, twelve.number_col - 1).value = spoiled
        sheet.cell(twelve.row, twelve.number_col).value = CARDS[0]
        deck, _data = deck_of_workbook(workbook, "form")
        assert sum(entry.query == CARDS[0] for entry in deck.entries) == 2, spoiled


def test_a_card_outside_the_blocks_is_an_error_on_the_command_line(tmp_path):
    workbook = own_workbook(False)
    sheet, layout = find_sheet(workbook, "own")
    slot = layout.block("lrig")[0]
    sheet.cell(slot.row, slot.number_col).value = "WXDi-D01-001"
    last = max(s.row for s in layout.block("lrig"))
    sheet.cell(last + 1, slot.number_col).value = "WXDi-D01-002"  # the gap row under the LRIG block
    out = io.BytesIO()
    workbook.save(out)
    deck = tmp_path / "deck.xlsx"
    deck.write_bytes(out.getvalue())
    result = run_cli("check", "--no-config", deck)
    assert_one_error(result, f"deck.xlsx:{last + 1}:", "outside the sheet's numbered rows")
