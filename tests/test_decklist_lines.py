"""Decklist lines as players really write them (issue 12): counts, bullets, headings,
numbers beside names, spreadsheet rows, headers; half-width kana and NFD read exactly as
their NFKC forms; the quick reader and the general reader agree."""

from __future__ import annotations

import unicodedata

import pytest
from conftest import DECKS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import parse_deck_text
from wixoss_deckcheck.decklist.headings import date_value, format_value, heading_of
from wixoss_deckcheck.decklist.lines import read_general
from wixoss_deckcheck.decklist.text import read_quick_line
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.pool.normalize import name_key
from wixoss_deckcheck.tables.loading import load_format


def entries(text: str) -> list[tuple]:
    return [(e.count, e.query, e.section) for e in parse_deck_text(text, "d.txt").entries]


@pytest.mark.parametrize(
    "line,count,query",
    [
        ("WD01-013 小剣　ククリ ×4", 4, "WD01-013 小剣　ククリ"),
        ("小剣　ククリ WD01-013 x4", 4, "小剣　ククリ WD01-013"),
        ("4\tWD01-009\t甲冑　ローメイル", 4, "WD01-009 甲冑　ローメイル"),
        ("WD01-009\t甲冑　ローメイル\t4", 4, "WD01-009 甲冑　ローメイル"),
        ("4枚 サーバント　Ｄ", 4, "サーバント　Ｄ"),
        ("×4枚 サーバント　Ｄ", 4, "サーバント　Ｄ"),
        ("サーバント　Ｄ ×4枚", 4, "サーバント　Ｄ"),
        ("サーバント　Ｄ　４枚", 4, "サーバント　Ｄ"),
        ("小剣　ククリ4枚", 4, "小剣　ククリ"),
        ("サーバント　Ｄ4枚", 1, "サーバント　Ｄ4枚"),  # Ｄ４ is a card too: no count is cut from it
        ("４枚 WD01-018", 4, "WD01-018"),
        ("4张 侍从 D", 4, "侍从 D"),
        ("侍从 D x4张", 4, "侍从 D"),
        ("- 4x Servant D", 4, "Servant D"),
        ("* 4 Servant D", 4, "Servant D"),
        ("* Servant D x2", 2, "Servant D"),
        ("・サーバント　Ｄ×4", 4, "サーバント　Ｄ"),
        ("• 3 Servant D", 3, "Servant D"),
        ("1. 4x Servant D", 4, "Servant D"),
        ("1. WD01-001", 1, "WD01-001"),
        ("WD01-013 ×4 小剣　ククリ", 4, "WD01-013 小剣　ククリ"),
        ("Servant D 4 cards", 4, "Servant D"),
        ("0068　オペラより愛をこめて！", 1, "0068　オペラより愛をこめて！"),  # a name that starts with digits
        ("4 0068　オペラより愛をこめて！", 4, "0068　オペラより愛をこめて！"),
        ("4 XOXO", 4, "XOXO"),
        ("*Thinker*, Embodiment of Meditation", 1, "*Thinker*, Embodiment of Meditation"),
        ("ｻｰﾊﾞﾝﾄ Ｄ２ x4", 4, "ｻｰﾊﾞﾝﾄ Ｄ２"),  # never cut to ｻｰﾊﾞﾝﾄ Ｄ (Servant D)
    ],
)
def test_card_lines(line, count, query):
    assert entries(f"[main]\n{line}\n") == [(count, query, "main")]


@pytest.mark.parametrize(
    "heading,section",
    [
        ("【メインデッキ】（40枚）", "main"),
        ("◆ルリグデッキ", "lrig"),
        ("メインデッキ:LB有", "main"),
        ("Main Deck: 40", "main"),
        ("LRIG Deck (10)", "lrig"),
        ("SIGNI (32)", "main"),
        ("Spells (8)", "main"),
        ("SIGNI ×32", "main"),
        ("ARTS (5)", "lrig"),
        ("PIECE", "lrig"),
        ("## Main Deck", "main"),
        ("# LRIG Deck", "lrig"),
        ("**Main Deck**", "main"),
        ("分身牌組", "lrig"),
        ("分身卡组：10张", "lrig"),
        ("主卡組", "main"),
        ("ライフバースト有（20枚）", "main"),
        ("ライフバースト無", "main"),
        ("Life Burst (20)", "main"),
        ("Non-LB", "main"),
        ("【ルリグデッキ】（8枚）", "lrig"),
    ],
)
def test_headings(heading, section):
    assert entries(f"{heading}\nWD01-010\n") == [(1, "WD01-010", section)]


def test_every_heading_word_holds_a_stem_the_quick_reader_knows():
    from wixoss_deckcheck.decklist import headings
    from wixoss_deckcheck.decklist.text import HEADING_STEMS

    words = headings._MAIN_WORDS | headings._LRIG_WORDS | set(headings._TYPE_WORDS)
    words |= {"lb", "lb有", "ライフバースト無", "withoutlifeburst", "nonlb", "生命爆发", "有生命爆发", "bursts"}
    assert [word for word in words if not any(stem in word for stem in HEADING_STEMS)] == []


def test_no_card_name_reads_as_a_heading(full_pool):
    headings = {name for _key, cards in full_pool.name_index() for card in cards for name in [card.name]}
    assert not [name for name in headings if heading_of(unicodedata.normalize("NFKC", name))]


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("4 サーバント x4", "two copy counts"),
        ("4\t3\tサーバント", "two copy counts in one row"),
        ("1. A\n3. B", "3. does not follow 1."),
        ("4. サーバント", "4. starts a numbered list"),
        ("4", "a count with no card"),
        ("x4", "a count with no card"),
        ("4枚", "a count with no card"),
        ("0 サーバント", "out of range"),
        ("サーバント x100", "out of range"),
        ("- ", "a list mark with no card"),
    ],
)
def test_lines_that_cannot_be_read_say_why(text, fragment):
    with pytest.raises(InputError) as caught:
        parse_deck_text(f"[main]\n{text}\n", "d.txt")
    assert fragment in caught.value.message and caught.value.line and caught.value.line >= 2


@pytest.mark.parametrize(
    "value,expected",
    [
        ("Diva Selection", "diva"),
        ("ディーヴァ", "diva"),
        ("ディーヴァ・セレクション", "diva"),
        ("All Star", "all-star"),
        ("all-star", "all-star"),
        ("オールスター", "all-star"),
        ("key selection", "key"),
        ("キーセレクション", "key"),
        ("house-rules", "house-rules"),
    ],
)
def test_format_headers(value, expected):
    assert format_value(value) == expected
    assert parse_deck_text(f"# format: {value}\nWD01-001\n", "d.txt").format == expected


@pytest.mark.parametrize(
    "value,expected",
    [
        ("2024/05/01", "2024-05-01"),
        ("2024年5月1日", "2024-05-01"),
        ("2024-5-1", "2024-05-01"),
        ("2024.05.01", "2024-05-01"),
        ("２０２４年５月１日（水）", "2024-05-01"),
        ("2024/5/1 13:00", "2024-05-01"),
    ],
)
def test_date_headers(value, expected):
    assert date_value(value) == expected
    assert parse_deck_text(f"# date: {value}\nWD01-001\n", "d.txt").date == expected
    assert parse_deck_text(f"日付：{value}\nWD01-001\n", "d.txt").date == expected


def test_a_date_that_is_no_date_names_its_line():
    with pytest.raises(InputError) as caught:
        parse_deck_text("WD01-001\n# date: 2024-13-45\n", "d.txt")
    assert caught.value.line == 2 and "not a date" in caught.value.message


def test_rows_numbered_1_2_3_are_rows_not_counts():
    numbered = "◆メインデッキ（ライフバースト有）\n1 WD01-009 甲冑　ローメイル\n2 WD01-009 甲冑\n3 WD01-011\n"
    assert [e[0] for e in entries(numbered)] == [1, 1, 1]
    assert [e[0] for e in entries("[main]\n1 WD01-009\n2 WD01-010\n")] == [1, 2]  # two lines: counts
    assert [e[0] for e in entries("[main]\n1 WD01-009\n2 WD01-010\n4 WD01-011\n")] == [1, 2, 4]
    assert [e[0] for e in entries("[main]\n1x WD01-009\n2x WD01-010\n3x WD01-011\n")] == [1, 2, 3]  # marked
    two_blocks = "[lrig]\n1 WD01-001\n2 WD01-002\n3 WD01-003\n[main]\n4 WD01-009\n4 WD01-010\n"
    assert [e[0] for e in entries(two_blocks)] == [1, 1, 1, 4, 4]


# -- half-width kana and NFD are judged exactly as their NFKC forms -------------------------

_HALF = {unicodedata.normalize("NFKC", chr(code)): chr(code) for code in range(0xFF61, 0xFFA0)}


def half_width(text: str) -> str:
    """Katakana (voiced ones as two half-width characters) in half width; the rest as it is."""
    out = []
    for char in text:
        if char in _HALF:
            out.append(_HALF[char])
            continue
        base = unicodedata.normalize("NFD", char)
        if len(base) == 2 and base[0] in _HALF and base[1] in "\u3099\u309a":
            out.append(_HALF[base[0]] + ("\uff9e" if base[1] == "\u3099" else "\uff9f"))
        else:
            out.append(char)
    return "".join(out)


def judged(pool, text: str) -> tuple:
    deck = parse_deck_text(text, "d.txt")
    checker = Checker(pool, load_format("all-star"), "2024-05-01")
    resolved, problems = checker.resolve(deck)
    result = checker.check(deck)
    return (
        sorted((e.count, e.card.number if e.card else None, e.section) for e in resolved.entries),
        sorted((v.code, v.line) for v in problems),
        result.legal,
    )


def test_half_width_kana_and_nfd_starters_are_judged_as_their_nfkc_form(full_pool):
    text = (DECKS / "text" / "wx-wd01-white-hope.txt").read_text(encoding="utf-8")
    names = {f"WD01-{i:03d}": full_pool.by_number(f"WD01-{i:03d}").name for i in range(1, 19)}
    written = "\n".join(
        " ".join(names.get(part, part) for part in line.split()) if line[:1].isdigit() else line
        for line in text.splitlines()
    )
    expected = judged(full_pool, unicodedata.normalize("NFKC", written))
    assert expected[2] is True
    for variant in (
        half_width(written),
        unicodedata.normalize("NFD", written),
        half_width(unicodedata.normalize("NFD", written)),
    ):
        assert variant != written
        assert judged(full_pool, variant) == expected


def test_a_half_width_line_is_never_cut_to_another_card(full_pool):
    deck = parse_deck_text("[main]\nｻｰﾊﾞﾝﾄ Ｄ２ x4\nｻｰﾊﾞﾝﾄ　Ｄ x4\n", "d.txt")
    found = [full_pool.resolve(entry.query).card for entry in deck.entries]
    assert [card.name for card in found] == ["サーバント　Ｄ２", "サーバント　Ｄ"]


KANA = st.sampled_from(list("サーバントＤ２ーﾊﾞｶﾞﾟパピプ　 ・がぎＯ") + ["\u3099", "\u309a", "ｳﾞ", "ｶﾞ"])
LINE_PARTS = st.lists(
    st.sampled_from(
        ["4", "4x", "x4", "×4", "４枚", "4张", "- ", "・", "1. ", "\t", "WD01-009", "甲冑　ローメイル", " ", "ｻｰﾊﾞﾝﾄ"]
    )
    | KANA,
    min_size=1,
    max_size=8,
)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=LINE_PARTS)
def test_any_line_reads_as_its_nfkc_form(parts):
    line = "".join(parts).strip()
    if not line:
        return
    as_written, as_nfkc = read_general(line), read_general(unicodedata.normalize("NFKC", line))
    assert as_written[0] == as_nfkc[0]
    if as_written[0] == "entry":
        assert as_written[1] == as_nfkc[1]
        assert name_key(as_written[2]) == name_key(as_nfkc[2])


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(parts=LINE_PARTS)
def test_the_quick_reader_agrees_with_the_general_reader(parts):
    line = "".join(parts).strip()
    if not line:
        return
    quick = read_quick_line(line)
    if quick[0] != "general":
        general = read_general(line)
        assert quick == general[:3], (line, quick, general)


# -- 1,000 pasted lists: a deck or one clear error, never a traceback ------------------------

PASTED_LINE = st.lists(
    st.sampled_from(
        [
            "4",
            "4x",
            "x4",
            "×4枚",
            "４枚",
            "4张",
            "- ",
            "* ",
            "・",
            "1. ",
            "2. ",
            "\t",
            " ",
            "　",
            "WD01-009",
            "WD01-013",
            "WXDi-D01-012",
            "甲冑　ローメイル",
            "小剣　ククリ",
            "ｻｰﾊﾞﾝﾄ Ｄ",
            "Servant D",
            "Romail Helmet Armor",
            "ペイラビ",
            "【メインデッキ】（40枚）",
            "◆ルリグデッキ",
            "LRIG Deck (10)",
            "SIGNI (32)",
            "## Main Deck",
            "分身卡组：10张",
            "# format: Diva Selection",
            "# date: 2024年5月1日",
            "format: all star",
            "(WD01-009)",
            "0",
            "100",
            "//",
            "#",
        ]
    )
    | st.text(max_size=4),
    max_size=6,
).map("".join)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(PASTED_LINE, max_size=12), newline=st.sampled_from(["\n", "\r\n", "\r"]))
def test_pasted_lists_read_and_check_without_a_traceback(full_pool, lines, newline):
    text = newline.join(lines)
    try:
        deck = parse_deck_text(text, "pasted.txt")
    except InputError as exc:
        assert exc.path == "pasted.txt" and exc.message and "\n" not in str(exc)
        return
    table = load_format(deck.format if deck.format in ("diva", "key", "all-star") else "diva")
    result = Checker(full_pool, table, "2024-05-01").check(deck)
    assert all(v.message for v in result.violations)
