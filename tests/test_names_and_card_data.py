"""Names and card data as the official game has them (issue 11): same-name keys, promo
notes, either/or costs, PIECE conditions, construction limits, guards, corrections."""

from __future__ import annotations

import pytest

from wixoss_deckcheck.importers.common import deck_limits, parse_cost, piece_condition
from wixoss_deckcheck.pool.normalize import name_key, search_key, strip_promo_note


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("羅原　Bp", "羅原　ＢＰ", False),  # WXK07-058 (Key, red) and WXDi-P05-084 (Diva, black): case is kept
        ("羅原　ＢＰ", "羅原 BP", True),  # width and spaces fold
        ("浦和ハナコ（水着）", "浦和ハナコ", False),  # WXDi-CP02-027 is a card of its own
        ("浦和ハナコ(水着)", "浦和ハナコ", False),
        ("サーバント　#（GLOWING DIVA 10パック購入特典）", "サーバント　#", True),  # a promo note
        ("スピリット・サルベージ (「selector infected WIXOSS」 BOX1 初回限定特典)", "スピリット・サルベージ", True),
        ("図画の工作　⁑カミネンド⁑", "図画の工作　*カミネンド*", True),  # ⁑ written for * (WX22-026)
        ("サーバント　♯", "サーバント #", True),
    ],
)
def test_same_name(a, b, same):
    assert (name_key(a) == name_key(b)) is same


def test_the_loose_search_key_ignores_case():
    assert search_key("羅原 bp") == search_key("羅原　ＢＰ") == search_key("羅原　Bp")
    assert strip_promo_note("（水着）") == "（水着）"  # nothing left: kept


def test_either_or_and_coin_costs_are_kept():
    assert parse_cost("《青/黒》×１") == {"choice": [{"colours": ["blue", "black"], "amount": 1}]}  # WX25-P2-033's grow
    assert parse_cost("《青》×１《黒》×１") == {"blue": 1, "black": 1}
    assert parse_cost("《コイン》×２《白/黒》×１") == {
        "coin": 2,
        "choice": [{"colours": ["white", "black"], "amount": 1}],
    }
    assert parse_cost("《青/黒》×０") == {}  # a free grow stays free
    assert parse_cost("-") is None


def test_piece_conditions():
    assert piece_condition("【使用条件】【チーム】＜アンシエント･サプライズ＞＆全員レベル１以上あなたの…") == {
        "kind": "team",
        "team": "アンシエント・サプライズ",
        "min_level": 1,
    }
    assert piece_condition("【使用条件】【チーム】いずれかのチームあなたの場にいる…") == {"kind": "team", "team": None}
    assert piece_condition("【使用条件】【ドリームチーム】合計３種類以上の色を持つ（あなたの場にいる…") == {
        "kind": "dream-team",
        "colours_total": 3,
    }
    assert piece_condition("【使用条件】【ドリームチーム】白か黒のルリグを１体以上含むこのターンに…") == {
        "kind": "dream-team",
        "includes": ["white", "black"],
    }
    assert piece_condition("【出】カードを１枚引く") is None


def test_construction_limits_from_card_text():
    text = "このカードをルリグデッキに入れる場合、あなたのルリグデッキにはアーツを３枚までしか入れられない【常】：…"
    assert deck_limits(text) == [{"deck": "lrig", "type": "ARTS", "max": 3}]
    assert (
        deck_limits("【チーム】または【ドリームチーム】を持つピースはルリグデッキに合計１枚までしか入れられない") == []
    )


def test_the_full_pool_has_the_card_data_right(full_pool):
    yumen = full_pool.by_number("WXK03-003A")
    assert yumen.deck_limits == ({"deck": "lrig", "type": "ARTS", "max": 3},)
    assert full_pool.by_number("SPDi01-131").guard is False  # the Guard column says 1; the text has no 【ガード】
    assert sum(1 for card in full_pool.cards if card.guard) == 21  # every SIGNI text that opens with 【ガード】
    assert full_pool.by_number("WX25-P2-032").grow_cost == {}  # 《青/黒》×０: free
    assert full_pool.by_number("WX25-P2-033").grow_cost == {"choice": [{"colours": ["blue", "black"], "amount": 1}]}
    ancient = full_pool.by_number("WXDi-D01-011")
    assert ancient.piece_condition == {"kind": "team", "team": "アンシエント・サプライズ", "min_level": 1}
    teams = [card for card in full_pool.cards if card.team_piece]
    assert len(teams) >= 53 and all(card.piece_condition for card in teams)
    # GUMI レベル3 plays as 永らえし冒険者 タウィル＝トレ (official column play_250711)
    assert full_pool.by_number("SPDi44-12").key == full_pool.by_number("WX25-P1-014").key
    assert full_pool.by_number("WXDi-CP02-027").key != full_pool.by_number("WXDi-CP02-024").key


def test_the_merged_pool_cleans_names_and_corrects_numbers(merged_pool):
    assert merged_pool.resolve("Spirit Salvage").card.number in ("WD13-009", "SP01-009")
    assert merged_pool.resolve("Remember Night, Star-Reading Miko").card is not None  # PR-046's English name
    assert merged_pool.resolve("図画の工作 ⁑カミネンド⁑").card.number == "WX22-026"
    assert merged_pool.by_number("PR-170").name == "ウムル" and merged_pool.by_number("PR-170").names["en"] == "Umuru"
    assert merged_pool.by_number("PR-171").name == "タウィル"
    assert not any(
        "(" in (card.names.get("en") or "") and "特典" in card.names.get("en", "") for card in merged_pool.cards
    )
