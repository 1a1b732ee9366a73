"""What a card number beside a name means, names written loosely, and suggestions: nothing
is ever guessed (issue 12)."""

from __future__ import annotations

import pytest

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import parse_deck_text
from wixoss_deckcheck.pool.namematch import loose_key, name_part, split_number
from wixoss_deckcheck.tables.loading import load_format


def violations(pool, text: str, lang: str = "en") -> list:
    checker = Checker(pool, load_format("all-star"), "2024-05-01", lang=lang)
    return checker.check(parse_deck_text(text, "d.txt")).violations


@pytest.mark.parametrize(
    "query,number",
    [
        ("WD01-013 小剣　ククリ", "WD01-013"),
        ("小剣　ククリ WD01-013", "WD01-013"),
        ("小剣ククリ　WD01-013", "WD01-013"),
        ("甲冑　ローメイル (WD01-009)", "WD01-009"),
        ("[WD01-009] 甲冑　ローメイル", "WD01-009"),
        ("WD01-009 Romail", "WD01-009"),  # a name that names no card: the number decides
        ("WD01-016 サーバント　Ｄ", "WD01-016"),
    ],
)
def test_a_number_beside_a_name_is_that_card(full_pool, query, number):
    found = full_pool.resolve(query)
    assert found.card is not None and found.number == number and found.conflict is None


def test_a_number_beside_another_cards_name_is_an_error_never_a_pick(full_pool):
    found = full_pool.resolve("WD01-013 甲冑　ローメイル")
    assert found.card is None
    card, number, name, others = found.conflict
    assert (card.number, number, name, [o.number for o in others]) == (
        "WD01-013",
        "WD01-013",
        "甲冑　ローメイル",
        ["WD01-009"],
    )
    found = [v for v in violations(full_pool, "[main]\nWD01-013 甲冑　ローメイル x4\n") if v.kind == "input"]
    [violation] = [v for v in found if v.code != "WX005"]  # WX005: the rules that wait for the card
    assert violation.code == "WX003" and violation.kind == "input" and violation.line == 2
    assert "WD01-013" in violation.message and "WD01-009" in violation.message
    assert violation.cards == ("WD01-013", "WD01-009")
    ja = violations(full_pool, "[main]\n甲冑　ローメイル (WD01-013) x4\n", lang="ja")
    assert ja[0].code == "WX003" and "カード番号かカード名を直してください" in ja[0].message


def test_split_number_needs_a_number_the_pool_knows(full_pool):
    assert split_number(full_pool, "VOGUE3-EX サンガ") is None
    assert split_number(full_pool, "WD01-999 小剣　ククリ") is None
    assert split_number(full_pool, "WD01-013 WD01-009") is None  # two cards: nothing to pick
    assert name_part("WD01-999 小剣　ククリ") == "小剣　ククリ"
    assert name_part("小剣　ククリ (WD01-999)") == "小剣　ククリ"


def test_an_unknown_number_beside_a_name_gets_suggestions_from_the_name(full_pool):
    found = full_pool.resolve("WD01-099 小剣ククリ")
    assert found.card is None and found.suggestions[0] == "WD01-013 小剣　ククリ"


@pytest.mark.parametrize(
    "query,number",
    [
        ("Romail Helmet Armor", "WD01-009"),
        ("romail helmet armor", "WD01-009"),
        ("Kukri Small Sword", "WD01-013"),
        ("ペイラビ//ディソナ", "WXDi-P12-058"),
        ("ペイラビ", "WXDi-P12-058"),
        ("Pale Laby//Dissona", "WXDi-P12-058"),
        ("*Thinker*, Embodiment of Meditation", "WX13-040"),
        ("思索の体現　⁑シンカー⁑", "WX13-040"),
        ("アキノ⁑グー", "WXDi-D03-006"),
    ],
)
def test_loose_names_resolve_when_exactly_one_card_matches(merged_pool, query, number):
    found = merged_pool.resolve(query)
    assert found.card is not None, found
    assert number in (found.card.number, *found.card.reprints)


def test_a_loose_name_several_cards_match_is_ambiguous_with_both_names(merged_pool):
    found = merged_pool.resolve("Madoka")  # the short form of many // names
    assert found.card is None and len({card.key for card in found.candidates}) > 3
    [ambiguous] = [v for v in violations(merged_pool, "[main]\nIn High Spirits x2\n") if v.code == "WX002"]
    assert "In High Spirits / 意気揚々 (WD04-006)" in ambiguous.message  # the player's language and Japanese
    assert "In High Spirits / 意気軒昂 (WX13-018)" in ambiguous.message
    [zh] = [v for v in violations(merged_pool, "[main]\nIn High Spirits x2\n", lang="zh") if v.code == "WX002"]
    assert "意気揚々 (WD04-006)" in zh.message


def test_loose_keys_keep_sharps_stars_and_symbols(full_pool):
    assert loose_key("Servant #") != loose_key("Servant")
    assert loose_key("サーバント　∞") != loose_key("サーバント")
    assert full_pool.resolve("サーバント").card is None  # never サーバント　∞ or サーバント　#
    assert loose_key("⁑Thinker⁑") == loose_key("*Thinker*")
    assert loose_key("Romail, Helmet Armor") == loose_key("Romail Helmet Armor")


def test_suggestions_come_from_the_name_part_in_a_players_order(merged_pool):
    found = merged_pool.resolve("⁑マウス⁑")
    assert found.suggestions and found.suggestions[0].startswith("WX14-024 ")
    found = merged_pool.resolve("小剣ククソ")
    assert found.suggestions[0].startswith("WD01-013 ")
