"""A copy count after a card number and its name (``WD01-009 甲冑　ローメイル 2``), as deck
editors' exports and players write it: that many copies when the name is the number's own
card's; the number and the name disagreeing (WX003) when the name is another card's; an
unknown card that says when such a number is a count when the name names no card, or when the
line has a count of its own too. Never one copy, never a count taken from a name that ends in
a number (the pool decides: ``呪われし数字　６６６``)."""

from __future__ import annotations

import functools
import json

from conftest import EXAMPLES, run_main
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import parse_deck_text
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation
from wixoss_deckcheck.tables.loading import load_format

SAMPLE_POOL = EXAMPLES.parent / "cardpool" / "sample-pool.json"
NUMBER, NAME = "WD01-009", "甲冑　ローメイル"
OTHER = "小剣　ククリ"  # WD01-013's name
FULL = str.maketrans("0123456789", "０１２３４５６７８９")


@functools.cache
def sample_pool() -> CardPool:
    return CardPool.load(PoolLocation(SAMPLE_POOL, "option"))


def judged(text: str) -> tuple[list[tuple[int, str]], list[str]]:
    """(count, number) of each line the deck placed, and the codes of its problems."""
    deck = parse_deck_text(text, "d.txt")
    resolved, problems = Checker(sample_pool(), load_format("all-star"), "2024-05-01").resolve(deck)
    return sorted((entry.count, entry.card.number) for entry in resolved.entries), [v.code for v in problems]


def written(n: int, full: bool, where: str, space: str, name: str = NAME) -> str:
    digits = str(n).translate(FULL) if full else str(n)
    if where == "after the name":
        return f"{NUMBER}{space}{name}{space}{digits}"
    return f"{NUMBER}{space}{digits}{space}{name}"


LINES = dict(n=st.integers(1, 99), full=st.booleans(), where=st.sampled_from(["after the name", "before the name"]),
             space=st.sampled_from([" ", "　", "  ", "\u3000 "]))


@settings(max_examples=60, deadline=None)
@given(**LINES)
@example(n=2, full=False, where="after the name", space=" ")  # the line of the report
def test_a_count_beside_the_number_and_its_own_name_is_the_count(n, full, where, space):
    assert judged(written(n, full, where, space) + "\n") == ([(n, NUMBER)], [])


@settings(max_examples=30, deadline=None)
@given(**LINES)
def test_a_count_beside_the_number_and_another_cards_name_is_a_mismatch(n, full, where, space):
    placed, codes = judged(written(n, full, where, space, OTHER) + "\n")
    assert placed == [] and codes == ["WX003"]


@settings(max_examples=30, deadline=None)
@given(**LINES, leading=st.integers(1, 99))
@example(n=2, full=False, where="after the name", space=" ", leading=1)  # a written 1 is a count too
def test_a_count_beside_a_name_that_names_no_card_or_a_second_count_is_never_read(n, full, where, space, leading):
    for line in (written(n, full, where, space, "ピルルク"), f"{leading} {written(n, full, where, space)}"):
        placed, codes = judged(line + "\n")
        assert placed == [] and codes == ["WX001"], line


def test_the_line_through_the_command_line(tmp_path, capsys, full_pool_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{NUMBER} {NAME} 2\n{NUMBER} 違う名前 2\n", encoding="utf-8")
    _code, out, _err = run_main(capsys, "check", "--no-config", "--cardpool", str(full_pool_path), "-f", "all-star",
                                "--as-of", "2024-05-01", "-O", "json", "--lang", "en", str(deck))
    [result] = json.loads(out)["decks"]
    assert [(v["code"], v["line"]) for v in result["violations"] if v["code"] in ("WX001", "WX003")] == [("WX001", 2)]
    unknown = next(v for v in result["violations"] if v["code"] == "WX001")
    assert "read as a copy count only beside a card number and that card's own name" in unknown["message"]
    assert result["counts"]["main"] == 2, result["counts"]
