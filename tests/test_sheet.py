"""The official tournament decklist sheet (issue 12): reading filled forms, the
ライフバースト無 box, the event date, and ``wixoss-deckcheck sheet`` writing them.

The two official forms are read in place from ``../shared/forms``; filled copies are made
in the test's temporary folder, never in the project.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import DECKS, SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.decklist.sheet import deck_of_workbook, find_sheet, read_sheet, seat_of
from wixoss_deckcheck.decklist.sheet_layout import find_layout
from wixoss_deckcheck.decklist.sheet_write import own_workbook
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.tables.loading import load_format

FORMS = SHARED / "forms"
INDIVIDUAL = FORMS / "wixoss_ceremony_decklist.xlsx"
TEAM = FORMS / "wixoss_decklist_team.xlsx"


def run(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def cards_of(pool, deck_path, numbers: bool = False) -> list[tuple]:
    """(card, section) of every copy of a deck, resolved: the card by its same-name key (a row
    written by name is that name), or by the number printed on the sheet (``numbers``)."""
    deck = load_deck(deck_path)
    resolved, problems = Checker(pool, load_format("diva")).resolve(deck)
    assert not problems, problems
    return sorted((e.number if numbers else e.card.key, e.section) for e in resolved.entries for _ in range(e.count))


def fill(form, rows: dict, fields: dict | None = None, seed: int = 0):
    """A filled copy of an official form: ``rows`` maps (section, burst) to a list of
    (number, name, ticked); the cards go to the block's rows in a shuffled order."""
    workbook = openpyxl.load_workbook(form)
    sheet, layout = find_sheet(workbook, str(form))
    rng = random.Random(seed)
    for (section, burst), cards in rows.items():
        slots = layout.block(section, burst)
        rng.shuffle(slots)
        for slot, (number, name, ticked) in zip(slots, cards, strict=False):
            sheet.cell(slot.row, slot.number_col).value = number
            sheet.cell(slot.row, slot.name_col).value = name
            if ticked:
                sheet.cell(slot.row, slot.tick_col).value = "■"
    for name, value in (fields or {}).items():
        sheet.cell(*layout.fields[name]).value = value
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def d01_rows(pool):
    """The Diva starter WXDi-D01 as sheet rows: numbers, names, or both; Life Burst cards in
    rows 1-20, the LB-less cards that do not fit rows 21-40 ticked among them."""
    deck = load_deck(DECKS / "text" / "rx-wxdi-d01.txt")
    resolved, _ = Checker(pool, load_format("diva")).resolve(deck)
    copies = [(e.number, e.card) for e in resolved.main for _ in range(e.count)]
    burst = [(number, card) for number, card in copies if card.life_burst]
    plain = [(number, card) for number, card in copies if not card.life_burst]
    written = [lambda n, c: (n, None), lambda n, c: (None, c.name), lambda n, c: (n, c.name)]
    lrig = [(*written[i % 3](e.number, e.card), False) for i, e in enumerate(resolved.lrig) for _ in range(e.count)]
    overflow = len(plain) - 20
    rows = {
        ("lrig", False): lrig,
        ("main", True): [(*written[i % 3](n, c), False) for i, (n, c) in enumerate(burst)]
        + [(n, c.name, True) for n, c in plain[:overflow]],
        ("main", False): [(*written[i % 3](n, c), False) for i, (n, c) in enumerate(plain[overflow:])],
    }
    return rows, cards_of(pool, DECKS / "text" / "rx-wxdi-d01.txt")


@pytest.mark.shared
@pytest.mark.parametrize("form", [INDIVIDUAL, TEAM])
def test_both_official_forms_are_found_by_their_labels(form):
    workbook = openpyxl.load_workbook(form)
    _sheet, layout = find_sheet(workbook, str(form))
    sizes = [len(layout.block("lrig")), len(layout.block("main", True)), len(layout.block("main", False))]
    assert sizes == [12, 20, 20]
    assert [slot.index for slot in layout.block("main")] == list(range(1, 41))
    assert all(slot.tick_col for slot in layout.block("main", True))
    assert {"nickname", "selector_id", "event_date", "venue", "center"} <= set(layout.fields)
    assert layout.team is (form == TEAM)


@pytest.mark.slow
@pytest.mark.parametrize("form", [INDIVIDUAL, TEAM])
def test_a_filled_official_sheet_checks_legal(tmp_path, capsys, full_pool, full_pool_path, form):
    rows, expected = d01_rows(full_pool)
    path = tmp_path / "filled.xlsx"
    path.write_bytes(fill(form, rows, {"nickname": "たま", "event_date": "2024年5月1日", "venue": "秋葉原"}))
    assert cards_of(full_pool, path) == expected
    deck, data = read_sheet(path.read_bytes(), str(path))
    assert deck.date == "2024-05-01" and deck.name == "たま" and data.fields["venue"] == "秋葉原"
    result = run("check", "--no-config", "--cardpool", str(full_pool_path), str(path), "-O", "json")
    report = json.loads(result.stdout)["decks"][0]
    assert result.exit_code == 0, result.output
    assert report["as_of"] == "2024-05-01"  # the event date is the default --as-of
    assert report["counts"] == {"main": 40, "lrig": 11, "life_burst": 20}


def test_the_life_burst_box_is_cross_checked(tmp_path, full_pool):
    rows, _ = d01_rows(full_pool)
    burst = rows[("main", True)]
    lb_card = next(row for row in burst if not row[2])
    plain_card = rows[("main", False)][0]
    rows[("main", True)] = [(lb_card[0], lb_card[1], True)] + [r for r in burst if r is not lb_card]
    rows[("main", True)] = rows[("main", True)][:-1] + [(plain_card[0], plain_card[1], False)]
    rows[("main", False)] = rows[("main", False)][1:] + [burst[-1][:2] + (False,)]
    path = tmp_path / "mis-ticked.xlsx"
    path.write_bytes(fill(INDIVIDUAL, rows))
    deck = load_deck(path)
    result = Checker(full_pool, load_format("diva"), "2024-05-01").check(deck)
    found = [v for v in result.violations if v.code == "WX004"]
    words = sorted(v.message.split(": ", 1)[1] for v in found)
    assert len(found) == 3 and all(v.kind == "sheet" and v.severity == "error" for v in found), words
    assert any("is ticked ライフバースト無 (no Life Burst) but has a Life Burst" in w for w in words)
    assert any("without the ライフバースト無 tick, but has no Life Burst" in w for w in words)
    assert any("has a Life Burst but is in the rows for cards without Life Burst" in w for w in words)
    assert not result.legal
    ja = Checker(full_pool, load_format("diva"), "2024-05-01", lang="ja").check(deck)
    assert any("ライフバーストを持っています" in v.message for v in ja.violations if v.code == "WX004")


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize(
    "change,fragment",
    [
        ({"tick": "?"}, "cannot tell whether the ライフバースト無 box is ticked"),
        ({"number": "甲冑　ローメイル"}, "is not a card number"),
        ({"date": "soon"}, "大会日時 'soon' is not a date"),
        ({"empty": True}, "has no cards filled in"),
    ],
)
def test_a_sheet_that_cannot_be_read_names_the_cell(tmp_path, change, fragment):
    workbook = openpyxl.load_workbook(INDIVIDUAL)
    sheet, layout = find_sheet(workbook, "form")
    slot = layout.block("main", True)[0]
    if not change.get("empty"):
        sheet.cell(slot.row, slot.number_col).value = change.get("number", "WXDi-D01-012")
        sheet.cell(slot.row, slot.name_col).value = "サーバント　Ｄ"
    if "tick" in change:
        sheet.cell(slot.row, slot.tick_col).value = change["tick"]
    if "date" in change:
        sheet.cell(*layout.fields["event_date"]).value = change["date"]
    path = tmp_path / "bad.xlsx"
    workbook.save(path)
    with pytest.raises(InputError) as caught:
        load_deck(path)
    assert fragment in caught.value.message and str(caught.value).startswith(str(path))


@pytest.mark.parametrize("data,fragment", [(b"not a zip", "not an .xlsx workbook"), (b"", "not an .xlsx workbook")])
def test_broken_workbooks(tmp_path, data, fragment):
    path = tmp_path / "broken.xlsx"
    path.write_bytes(data)
    with pytest.raises(InputError, match=fragment):
        load_deck(path)
    other = openpyxl.Workbook()
    other.active["A1"] = "not a decklist"
    other.save(path)
    with pytest.raises(InputError, match="no decklist sheet in the workbook"):
        load_deck(path)


# -- wixoss-deckcheck sheet ------------------------------------------------------------------

TEXT_DECKS = sorted((DECKS / "text").glob("*.txt"))
# Every template with the first deck in the quick tier; with the other decks, slow.
ROUND_TRIP_DECKS = [pytest.param(deck, marks=pytest.mark.slow if i else ()) for i, deck in enumerate(TEXT_DECKS)]


@pytest.mark.parametrize("deck", ROUND_TRIP_DECKS, ids=lambda path: path.stem)
@pytest.mark.parametrize("template,team", [(None, False), (None, True), (INDIVIDUAL, False), (TEAM, True)])
def test_sheet_then_check_round_trips(tmp_path, full_pool, full_pool_path, deck, template, team):
    out = tmp_path / "out.xlsx"
    args = [
        "sheet",
        "--cardpool",
        str(full_pool_path),
        str(deck),
        "-o",
        str(out),
        "--nickname",
        "ぷれいやー",
        "--event-date",
        "2024/05/01",
        "--venue",
        "秋葉原",
    ]
    if template:
        args += ["--template", str(template)]
    if team:
        args += ["--team", "--seat", "B"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert cards_of(full_pool, out, numbers=True) == cards_of(full_pool, deck, numbers=True)
    read, data = read_sheet(out.read_bytes(), str(out))
    assert read.date == "2024-05-01" and data.fields["nickname"] == "ぷれいやー"
    assert data.layout.team is team and (seat_of(data.fields) == "B" if team else "seat" not in data.fields)
    fmt = read_fmt(deck)
    check = run("check", "--no-config", "--cardpool", str(full_pool_path), "--format", fmt, str(out))
    assert check.exit_code == 0, check.output


def read_fmt(deck) -> str:
    return load_deck(deck).format or "diva"


def test_sheet_rows_are_sorted_as_a_judge_reads_them(tmp_path, full_pool, full_pool_path):
    out = tmp_path / "out.xlsx"
    assert (
        run(
            "sheet", "--cardpool", str(full_pool_path), str(DECKS / "text" / "rx-wxdi-d01.txt"), "-o", str(out)
        ).exit_code
        == 0
    )
    workbook = openpyxl.load_workbook(out)
    sheet = workbook.active
    layout = find_layout(sheet)
    main = [(slot, full_pool.by_number(sheet.cell(slot.row, slot.number_col).value)) for slot in layout.block("main")]
    assert all(card.life_burst for slot, card in main[:20] if sheet.cell(slot.row, slot.tick_col).value == "□")
    assert not any(card.life_burst for _slot, card in main[20:])
    lrig = [
        full_pool.by_number(sheet.cell(s.row, s.number_col).value)
        for s in layout.block("lrig")
        if sheet.cell(s.row, s.number_col).value
    ]
    order = {"LRIG": 0, "ASSIST_LRIG": 1, "ARTS": 2, "KEY": 3, "PIECE": 4, "RESONA": 6}
    assert [(order[c.type], c.level or 0) for c in lrig] == sorted((order[c.type], c.level or 0) for c in lrig)


@pytest.mark.parametrize(
    "deck,fragment",
    [
        (
            "[main]\n" + "".join(f"4 WXDi-D01-0{n}\n" for n in (13, 15, 16, 20, 21)) + "1 WXDi-D02-22\n",
            "21 Life Burst cards",
        ),
        (
            "[lrig]\n" + "".join(f"WXDi-P0{n}-00{m}\n" for n in (1, 2) for m in range(1, 8)),
            "the LRIG deck has 14 cards",
        ),
        ("[main]\n4 no such card\n", "WX001"),
    ],
)
def test_a_deck_that_does_not_fit_is_refused_and_the_old_sheet_kept(tmp_path, full_pool_path, deck, fragment):
    source = tmp_path / "deck.txt"
    source.write_text(deck, encoding="utf-8")
    out = tmp_path / "out.xlsx"
    out.write_bytes(b"an earlier sheet")
    result = run("sheet", "--cardpool", str(full_pool_path), str(source), "-o", str(out))
    assert result.exit_code == 2 and fragment in result.output and result.output.startswith("error: ")
    assert out.read_bytes() == b"an earlier sheet"


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--seat", "A"], "--seat is for the 3-on-3 team sheet"),
        (["--team", "--template", str(INDIVIDUAL)], "the template is the individual sheet"),
        (["--event-date", "soon"], "not a date"),
    ],
)
def test_sheet_usage_errors(tmp_path, full_pool_path, args, fragment):
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    result = run("sheet", "--cardpool", str(full_pool_path), str(deck), "-o", str(tmp_path / "o.xlsx"), *args)
    assert result.exit_code == 2 and fragment in result.output
    assert not (tmp_path / "o.xlsx").exists()


@pytest.mark.shared
def test_openpyxl_is_imported_only_for_sheets():
    import subprocess
    import sys

    code = (
        "import sys; from wixoss_deckcheck.decklist import load_deck; "
        f"load_deck({str(DECKS / 'text' / 'rx-wxdi-d01.txt')!r}); print('openpyxl' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


# -- 1,000 generated sheets: a deck or one clear error, never a traceback ---------------------

_WORKBOOK = own_workbook(False)
_LAYOUT = find_layout(_WORKBOOK.active)
CELL = st.one_of(
    st.none(),
    st.sampled_from(
        [
            "WXDi-D01-012",
            "WXDi-D01-001",
            "WD01-009",
            "サーバント　Ｄ",
            "甲冑　ローメイル",
            "x",
            "",
            "PR-K060",
            "WXDi-P01-040[EN]",
            "=A1",
            "4",
            "WXDi-D01-012 サーバント",
        ]
    ),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=12),  # what a cell can hold
    st.integers(-5, 100),
    st.booleans(),
    st.dates().map(lambda d: d),
)
TICK = st.sampled_from([None, "□", "■", "✓", "レ", "?", 1, 0, True, "x", "〇"])


@pytest.mark.slow
@settings(
    max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(cells=st.lists(st.tuples(CELL, CELL, TICK), min_size=52, max_size=52), date=CELL, nickname=CELL)
def test_generated_sheets_read_and_check_without_a_traceback(full_pool, cells, date, nickname):
    sheet = _WORKBOOK.active
    for slot, (number, name, tick) in zip(_LAYOUT.slots, cells, strict=True):
        sheet.cell(slot.row, slot.number_col).value = number
        sheet.cell(slot.row, slot.name_col).value = name
        if slot.tick_col:
            sheet.cell(slot.row, slot.tick_col).value = tick
    sheet.cell(*_LAYOUT.fields["event_date"]).value = date
    sheet.cell(*_LAYOUT.fields["nickname"]).value = nickname
    try:
        deck, _data = deck_of_workbook(_WORKBOOK, "gen.xlsx")
    except InputError as exc:
        assert exc.path == "gen.xlsx" and "\n" not in str(exc)
        return
    result = Checker(full_pool, load_format("diva"), "2024-05-01").check(deck)
    assert Counter(e.section for e in deck.entries) and result is not None
