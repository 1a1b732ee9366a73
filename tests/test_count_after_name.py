"""A copy count after a card number and its name (``WD01-009 甲冑　ローメイル 2``), as deck
editors' exports and players write it: that many copies when the name is the number's own
card's; the number and the name disagreeing (WX003) when the name is another card's; an
unknown card that says when such a number is a count when the name names no card, or when the
line has a count of its own too. Never one copy, never a count taken from a name that ends in
a number (the pool decides: ``呪われし数字　６６６``)."""

from __future__ import annotations

import functools
import json

import pytest
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
    if where == "the name first":  # name, number, count
        return f"{name}{space}{NUMBER}{space}{digits}"
    if where == "the name first, the number in brackets":
        return f"{name}［{NUMBER}］{space}{digits}"
    return f"{NUMBER}{space}{digits}{space}{name}"


WHERE = ["after the name", "before the name", "the name first", "the name first, the number in brackets"]
LINES = dict(n=st.integers(1, 99), full=st.booleans(), where=st.sampled_from(WHERE),
             space=st.sampled_from([" ", "　", "  ", "\u3000 "]))


@settings(max_examples=60, deadline=None)
@given(**LINES)
@example(n=2, full=False, where="after the name", space=" ")  # the line of the report
@example(n=2, full=False, where="the name first", space=" ")  # 甲冑　ローメイル WD01-009 2 (was unknown)
@example(n=3, full=True, where="the name first, the number in brackets", space="　")
def test_a_count_beside_the_number_and_its_own_name_is_the_count(n, full, where, space):
    assert judged(written(n, full, where, space) + "\n") == ([(n, NUMBER)], [])


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("［", "］"), ("(", ")"), ("（", "）"), ("【", "】"),
                                              ("〔", "〕")])
def test_a_number_in_brackets_against_the_name_names_the_card(opening, closing):
    """``甲冑　ローメイル［WD01-009］`` and ``【WD01-009】甲冑　ローメイル`` (no space between the
    brackets and the name, as Japanese lists write it) read as the number beside its name: one
    copy, or the count the line writes; the name of another card beside it is a mismatch."""
    bracketed = f"{opening}{NUMBER}{closing}"
    for line, placed in ((f"{NAME}{bracketed}", 1), (f"{bracketed}{NAME} ×2", 2), (f"4 {NAME}{bracketed}", 4)):
        assert judged(line + "\n") == ([(placed, NUMBER)], []), line
    assert judged(f"{OTHER}{bracketed}\n") == ([], ["WX003"])


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


def judged_file(text: str, path: str) -> tuple[list[tuple[int, str]], list[str]]:
    """:func:`judged` of a YAML or JSON deck (``path`` says which reader reads it)."""
    deck = parse_deck_text(text, path)
    resolved, problems = Checker(sample_pool(), load_format("all-star"), "2024-05-01").resolve(deck)
    return sorted((entry.count, entry.card.number) for entry in resolved.entries), [v.code for v in problems]


# Each shape once through the quick reader and once through the full one (a YAML date, a JSON
# key the quick JSON reader leaves to the full path: the readers must agree).
_YAML = ["format: all-star\nmain:\n  - {item}\n", "format: all-star\ndate: 2024-05-01\nmain:\n  - {item}\n"]
_JSON = ['{{"format": "all-star", "main": [{item}]}}',
         '{{"format": "all-star", "main": [{item}], "notes": "x\\u0000"}}']


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 99), space=st.sampled_from([" ", "　"]), full_path=st.booleans())
@example(n=2, space=" ", full_path=False)  # the case of the report: count: 1 and a 2 after the name
def test_a_structured_entry_with_a_count_of_its_own_never_takes_a_second(n, space, full_path):
    card = f"{NUMBER}{space}{NAME}{space}{n}"
    yaml_shape, json_shape = _YAML[full_path], _JSON[full_path]
    for written_count in (1, n):
        for text, path in ((yaml_shape.format(item=f'{{card: "{card}", count: {written_count}}}'), "d.yaml"),
                           (json_shape.format(item=json.dumps({"card": card, "count": written_count})), "d.json")):
            assert judged_file(text, path) == ([], ["WX001"]), text
    # without a count of its own, the number after the name is the count, as in a text line
    for text, path in ((yaml_shape.format(item=f'{{card: "{card}"}}'), "d.yaml"),
                       (yaml_shape.format(item=f'"{card}"'), "d.yaml"),
                       (json_shape.format(item=json.dumps({"card": card})), "d.json")):
        assert judged_file(text, path) == ([(n, NUMBER)], []), text


def test_the_rules_engine_reads_such_a_line_as_the_checker_does(tmp_path):
    """``simulate`` and ``replay`` read a deck through the engine's loader: the same copies as
    ``check``, and the same refusal of a line with two counts (never one copy, never unknown)."""
    from wixoss_deckcheck.engine.game.setup import load_game_deck, load_simulation_deck
    from wixoss_deckcheck.errors import InputError

    deck = tmp_path / "d.txt"
    deck.write_text(f"MAIN\n{NUMBER} {NAME} 3\nWD01-013 {OTHER} 2\n", encoding="utf-8")
    placed, _codes = judged(deck.read_text(encoding="utf-8"))
    simulated = load_simulation_deck(str(deck), sample_pool(), "all-star", "2024-05-01").resolved
    assert sorted((e.count, e.card.number) for e in simulated.entries) == placed == [(2, "WD01-013"), (3, NUMBER)]
    game = load_game_deck(str(deck), sample_pool(), "all-star", "2024-05-01")
    assert sum(game.book.main_counts) == 5
    deck.write_text(f"MAIN\n1 {NUMBER} {NAME} 3\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_simulation_deck(str(deck), sample_pool(), "all-star", "2024-05-01")
    assert refused.value.line == 2
