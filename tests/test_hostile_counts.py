"""Counts on a line with an exact card number (issue 25, "Silent misreading"): a count after
the card (``WXDi-D01-005 2``, ``x2``, ``×2``, ``2枚``) is a count; anything else in a count's
place (``1e18``, ``4.5``, ``×-1枚``, ``0``, ``¹``, ``٢``, ``(2)``, ``-1``) is an error naming
the line, never dropped and read as one copy.

The lines are generated (hypothesis and a seeded generator) from the shapes of a count --
signs, decimal points, exponents, zeros, superscripts, circled and other-script digits,
fractions, brackets, ``x``/``×``/枚 before and after -- on both sides of the number, with
and without a name beside it. The one property: the line reads as exactly the count it was
written with, or it is an error on that line, or the card pool names no card for it; never
a card with another count."""

from __future__ import annotations

import functools
import random

import pytest
from conftest import EXAMPLES
from hostile import assert_one_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import parse_deck_text
from wixoss_deckcheck.decklist.lines import read_general
from wixoss_deckcheck.decklist.text import read_quick_line
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

SAMPLE_POOL = EXAMPLES.parent / "cardpool" / "sample-pool.json"
NUMBER = "WXDi-D01-005"
NAME = "ピルルク"  # not the name of WXDi-D01-005 (a name that names no card)
SUPERSCRIPT = dict(zip("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹", strict=True))
SUBSCRIPT = dict(zip("0123456789", "₀₁₂₃₄₅₆₇₈₉", strict=True))
CIRCLED = dict(zip("123456789", "①②③④⑤⑥⑦⑧⑨", strict=True))
ARABIC = dict(zip("0123456789", "٠١٢٣٤٥٦٧٨٩", strict=True))
FULL = dict(zip("0123456789", "０１２３４５６７８９", strict=True))


def good_count(n: int, form: int, full: bool) -> str:
    """A count as players write it after a card number."""
    digits = "".join(FULL[d] for d in str(n)) if full else str(n)
    return [digits, f"x{digits}", f"×{digits}", f"{digits}枚", f"x{digits}枚", f"{digits}x", f"X{digits}"][form % 7]


def bad_count(n: int, kind: int, rng_digit: int) -> str:
    """A token in a count's place that is no copy count one may write."""
    d = str(n)
    shapes = [
        f"-{d}", f"+{d}", f"−{d}", f"{d}.5", f"{d},5", f"{d}e18", f"{d}E3", "0", f"0{d}", "x0", "0枚",
        f"×-{d}枚", f"x-{d}", f"{d}/2", f"{d}-{d}", f"({d})", f"[{d}]", f"{n + 99}", f"{d}.0", f".{d}",
        "".join(SUPERSCRIPT[c] for c in d), "".join(SUBSCRIPT[c] for c in d), CIRCLED[str(1 + rng_digit % 9)],
        "".join(ARABIC[c] for c in d), "½", f"x{SUPERSCRIPT[d[0]]}", f"{SUPERSCRIPT[d[0]]}枚",
    ]
    return shapes[kind % len(shapes)]


def outcome(line: str) -> tuple:
    """("error", line number) or ("entries", [(count, query)])."""
    try:
        deck = parse_deck_text(f"[lrig]\n{line}\n", "d.txt")
    except InputError as error:
        return "error", error.line
    return "entries", [(entry.count, entry.query) for entry in deck.entries]


@functools.cache
def sample_pool() -> CardPool:
    return CardPool.load_json(PoolLocation(SAMPLE_POOL, "option"))


@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 99), form=st.integers(0, 6), full=st.booleans(),
       spaces=st.sampled_from([" ", "  ", "　", "\t"]))
def test_a_count_after_the_card_number_is_its_count(n, form, full, spaces):
    line = f"{NUMBER}{spaces}{good_count(n, form, full)}"
    assert outcome(line) == ("entries", [(n, NUMBER)]), line


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(n=st.integers(1, 99), kind=st.integers(0, 40), digit=st.integers(0, 8), first=st.booleans(),
       named=st.booleans(), counted=st.booleans())
def test_any_other_count_beside_a_card_number_is_an_error_on_its_line(n, kind, digit, first, named, counted):
    token = bad_count(n, kind, digit)
    card = f"{NUMBER} {NAME}" if named else NUMBER
    line = f"{token} {card}" if first else f"{card} {token}"
    if counted:
        line = "4x " + line
    if named and token.isdigit() and token[0] != "0":  # "WD01-009 甲冑 2": the pool decides
        assert outcome(line)[0] == "error" or sample_pool().resolve(outcome(line)[1][0][1]).card is None, line
        return
    assert outcome(line) == ("error", 2), line


def test_seeded_lines_never_read_as_another_count():
    """5,000 lines of count pieces around a card number, a name or both: each reads as the
    count it was written with and that card, or is an error on its line, or names no card."""
    rng = random.Random(25)
    pieces = ["2", "x2", "×2", "2枚", "1e18", "4.5", "×-1枚", "0", "¹", "٢", "①", "-1", "(2)", "½", "02", "100", "２"]
    for _ in range(5_000):
        before = rng.choice(["", "", "4 ", "4x ", *(piece + " " for piece in pieces)])
        after = rng.choice(["", "", *(" " + piece for piece in pieces)])
        card = rng.choice([NUMBER, f"{NUMBER} {NAME}", f"{NAME} {NUMBER}", f"{NUMBER} {NAME} 2"])
        line = before + card + after
        kind, found = outcome(line)
        if kind == "error":
            assert found == 2, line
            continue
        [(count, query)] = found
        resolution = sample_pool().resolve(query)
        if resolution.card is None:
            continue  # an unknown card: an error of the check, never a silent copy
        assert resolution.card.number == NUMBER, line
        written = _intended(before, after)
        assert written is not None and count == written, (line, count, query)


def _intended(before: str, after: str) -> int | None:
    """The count a line was written with when it is one count one may write, else None."""
    counts = [piece.strip() for piece in (before, after) if piece.strip()]
    if not counts:
        return 1
    if len(counts) > 1:
        return None
    token = counts[0].translate(str.maketrans("０１２３４５６７８９", "0123456789"))
    for mark in ("x", "×", "枚"):
        token = token.replace(mark, "")
    return int(token) if token.isdigit() and token[0] != "0" and int(token) <= 99 else None


@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 99), kind=st.integers(0, 40), digit=st.integers(0, 8), good=st.booleans(),
       form=st.integers(0, 6), first=st.booleans())
def test_the_quick_reader_agrees_with_the_general_reader_on_counts(n, kind, digit, good, form, first):
    token = good_count(n, form, False) if good else bad_count(n, kind, digit)
    line = f"{token} {NUMBER}" if first else f"{NUMBER} {token}"
    quick = read_quick_line(line)
    if quick[0] != "general":
        assert quick == read_general(line)[:3], line


def test_a_name_beside_a_number_with_a_bare_count_names_no_card():
    for line in ("WXDi-D01-005 ピルルク 2", "WXDi-D01-005 2 ピルルク", "2 ピルルク WXDi-D01-005"):
        resolution = sample_pool().resolve(line)
        assert resolution.card is None and resolution.hint == "count_beside_number", line


@pytest.mark.parametrize("line", ["1e18 WXDi-D01-005", "4.5 WXDi-D01-005", "WXDi-D01-005 ×-1枚",
                                  "WXDi-D01-005 0", "¹ WXDi-D01-005"])
def test_the_issues_lines_through_the_command_line(tmp_path, line):
    deck = tmp_path / "deck.txt"
    deck.write_text("# format: diva\n[lrig]\n" + line + "\n", encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "deck.txt:3:", "is not a copy count")


@pytest.mark.slow
def test_two_copies_after_the_number_are_two_in_an_lrig_deck(tmp_path):
    source = (EXAMPLES / "diva-ancient-surprise.txt").read_text(encoding="utf-8")
    deck = tmp_path / "deck.txt"
    for written in ("WXDi-D01-005 2", "WXDi-D01-005 x2", "WXDi-D01-005 ×2", "WXDi-D01-005 2枚"):
        deck.write_text(source.replace("1 WXDi-D01-005", written), encoding="utf-8")
        result = run_cli("check", "--no-config", "-O", "json", deck)
        assert result.returncode == 1, (written, result.stderr)
        assert b'"WX104"' in result.stdout, written  # 11 LRIG cards that are not PIECEs: 12 read


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 99), kind=st.integers(0, 40), digit=st.integers(0, 8), plain=st.booleans())
def test_a_cockatrice_count_is_ascii_digits_or_an_error(n, kind, digit, plain):
    """The same rule in a ``.cod`` deck's ``number=``: ASCII digits (``int()`` also reads ``٢``,
    ``２`` and ``+2``), on the quick reader and on expat's alike."""
    from wixoss_deckcheck.decklist.cockatrice import parse_cockatrice_deck

    token = str(n) if plain else bad_count(n, kind, digit)
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<zone name="main">\n'
            f'<card number="{token}" name="WXDi-D01-012"/>\n</zone>\n</cockatrice_deck>\n')
    for variant in (text, text.replace("<zone", "<!-- expat reads this file -->\n<zone")):  # quick, then expat
        line = 4 if variant is text else 5
        try:
            deck = parse_cockatrice_deck(variant, "d.cod")
        except InputError as error:
            assert not plain and error.line == line, (token, str(error))
            continue
        assert plain and [(e.count, e.query) for e in deck.entries] == [(n, "WXDi-D01-012")], token


@pytest.mark.parametrize("line,count,query", [
    ("4 WXDi-D01-005", 4, "WXDi-D01-005"),
    ("WXDi-D01-005 x4", 4, "WXDi-D01-005"),
    ("4x サーバント　Ｄ", 4, "サーバント　Ｄ"),
    ("呪われし数字　６６６", 1, "呪われし数字　６６６"),  # a name that ends in a number
    ("2 呪われし数字　６６６", 2, "呪われし数字　６６６"),
    ("WX13-001 呪われし数字　６６６", 1, "WX13-001 呪われし数字　６６６"),  # beside a number: the pool decides
    ("0068　オペラより愛をこめて！", 1, "0068　オペラより愛をこめて！"),  # a name that starts with digits
    ("4 0068　オペラより愛をこめて！", 4, "0068　オペラより愛をこめて！"),
    ("WXDi-D01-005 コード・ピルルク　Λ", 1, "WXDi-D01-005 コード・ピルルク　Λ"),
    ("サーバント　Ｄ２ x4", 4, "サーバント　Ｄ２"),
    ("WXDi-D01-005 ２", 2, "WXDi-D01-005"),  # full-width digits are digits
])
def test_the_shapes_players_write_still_read(line, count, query):
    assert outcome(line) == ("entries", [(count, query)]), line
