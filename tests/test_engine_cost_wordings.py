"""Ability costs in the other wordings of the card data (issue 22 item 6): discards of a class,
colour, type or level, ener cards and other SIGNI put into the trash, coins, the names of
《ゲーム１回》 abilities; an ability whose cost the pool does not read keeps the record trusted."""

from __future__ import annotations

import pytest
from engine_records import D05_START, d05, d05_two_turns, ev, header, wd01, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.abilities.costs import Spend, activate
from wixoss_deckcheck.engine.game.gamerules import game_rules
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.engine.game.state import ATTACK, MAIN, Book, Game, State
from wixoss_deckcheck.importers.abilitycosts import abilities, ability_cost, add_ability_costs
from wixoss_deckcheck.model.cards import Card

pytestmark = pytest.mark.shared

KOTETSU = "WX09-039"  # 小剣　コテツ (＜アーム＞, Lv1): 【起】《ダウン》手札から＜アーム＞のシグニを１枚捨てる
OBANA = "WXK04-066"  # 羅植　オバナ (Lv1): 【出】エナゾーンから＜植物＞のシグニ１枚をトラッシュに置く
HIGANBANA = "WX09-051"  # 羅植　ヒガンバナ (＜植物＞, Lv1)
ZEPAR = "WXDi-P02-057"  # 紅魔　ゼパル (Lv1): 【出】他の赤のシグニ１体を場からトラッシュに置く
IRON = "WD02-013"  # 羅石　アイロン (red, Lv1)
LIFE = ["WD01-012", "WD01-009", "WD01-009", "WD01-011", "WD01-015", "WD01-013", "WD01-017"]


def _turn_1(hand_card: str, drawn: str, charge: str = "WD01-014") -> list[dict]:
    """Setup (``hand_card`` in the opening hand) and turn 1 to the main phase: ``drawn`` drawn,
    ``charge`` charged, grown to WD01-004 (Lv1, limit 2). Events 1-5."""
    return [
        ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", "WD01-010", hand_card]),
        ev(0, "life_cloth", cards=LIFE),
        ev(1, "draw", cards=[drawn]),
        ev(1, "charge", card=charge),
        ev(1, "grow", card="WD01-004"),
    ]


def _codes(tmp_path, pool, swap, events):
    wd01(tmp_path, swap=swap)
    path = write_record(tmp_path, [header(), *events])
    return [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), pool)[1] if o.slug]


def test_the_pool_reads_the_other_wordings():
    assert ability_cost("起", "《ダウン》手札から＜アーム＞のシグニを１枚捨てる") == {
        "kind": "activated",
        "down": True,
        "discard": 1,
        "discard_of": {"type": "SIGNI", "classes": ["アーム"]},
        "cost": {},
    }
    assert ability_cost("出", "手札から赤のカードを１枚捨てる")["discard_of"] == {"colour": "red"}
    assert ability_cost("出", "手札からスペルを１枚捨てる")["discard_of"] == {"type": "SPELL"}
    assert ability_cost("出", "手札からレベル２のシグニを１枚捨てる")["discard_of"] == {"type": "SIGNI", "level": 2}
    either = ability_cost("出", "手札から＜宝石＞か＜微菌＞のシグニを１枚捨てる")
    assert either["discard_of"]["classes"] == ["宝石", "微菌"]
    ener = ability_cost("起", "《ダウン》エナゾーンから＜宝石＞のシグニ１枚をトラッシュに置く")
    assert (ener["ener_trash"], ener["ener_trash_of"]) == (1, {"type": "SIGNI", "classes": ["宝石"]})
    field = ability_cost("出", "《黒》他の＜悪魔＞のシグニ１体を場からトラッシュに置く")
    assert field["field_trash_of"] == {"type": "SIGNI", "classes": ["悪魔"], "other": True}
    assert field["cost"] == {"black": 1}
    assert ability_cost("起", "《ゲーム１回》ベルセルク《コインアイコン》《コインアイコン》") == {
        "kind": "activated",
        "per_game": 1,
        "cost": {"coin": 2},
    }  # the ability's name, then two coins
    assert ability_cost("起", "《ゲーム１回》プライマル《緑×0》") == {"kind": "activated", "per_game": 1, "cost": {}}
    assert ability_cost("起", "《ゲーム１回》デザイア　シグニ１体を場からトラッシュに置く")["field_trash"] == 1
    assert ability_cost("起", "《ゲーム１回》ライフクロス１枚をクラッシュする") is None  # no name: not read
    assert ability_cost("起", "《ターン１回》コラボライバー１人とコラボする") is None  # not a form it reads


def test_a_reminder_is_no_ability_and_an_unread_one_is_kept_as_unread():
    text = "【出】手札を１枚捨てる：カードを１枚引く。（【出】能力の：の左側はコストである。）"
    assert abilities(text) == [("出", "手札を１枚捨てる")]
    record: dict = {}
    text = "【起】《ダウン》：カードを１枚引く。【起】コラボライバー１人とコラボする：何か。"
    add_ability_costs(record, text)
    assert record["ability_costs"] == [
        {"kind": "activated", "down": True, "cost": {}},
        {"kind": "activated", "unread": True, "cost": {}},
    ]


def test_a_discard_of_a_class(tmp_path, full_pool):
    swap = {"WD01-018": KOTETSU}
    start = [*_turn_1("WD01-016", KOTETSU), ev(1, "place", card=KOTETSU, zone=1)]  # events 1-6
    arm = ev(1, "activate", card=KOTETSU, zone=1, down=True, discard=["WD01-010"])  # 大剣　カリバン: ＜アーム＞
    assert _codes(tmp_path, full_pool, swap, [*start, arm]) == []
    not_arm = ev(1, "activate", card=KOTETSU, zone=1, down=True, discard=["WD01-016"])  # サーバント　Ｄ: ＜精元＞
    assert _codes(tmp_path, full_pool, swap, [*start, not_arm]) == [(7, "WX329")]


def test_an_ener_card_of_a_class_to_the_trash(tmp_path, full_pool):
    swap = {"WD01-018": OBANA, "WD01-016": HIGANBANA}
    start = [*_turn_1(HIGANBANA, OBANA, charge=HIGANBANA), ev(1, "place", card=OBANA, zone=1)]  # events 1-6
    plant = ev(1, "activate", card=OBANA, zone=1, on_play=True, ener_trash=[HIGANBANA])
    assert _codes(tmp_path, full_pool, swap, [*start, plant]) == []
    twice = ev(1, "activate", card=OBANA, zone=1, on_play=True, ener_trash=[HIGANBANA])
    assert _codes(tmp_path, full_pool, swap, [*start, plant, twice]) == [(8, "WX303")]  # no longer in ener
    not_plant = _turn_1(HIGANBANA, OBANA)  # WD01-014 charged: not a ＜植物＞
    events = [*not_plant, ev(1, "place", card=OBANA, zone=1), {**plant, "ener_trash": ["WD01-014"]}]
    assert _codes(tmp_path, full_pool, swap, events) == [(7, "WX329")]
    nothing = {**plant}
    del nothing["ener_trash"]
    assert _codes(tmp_path, full_pool, swap, [*start, nothing]) == [(7, "WX329")]  # its cost is not nothing


def test_another_signi_of_a_class_to_the_trash(tmp_path, full_pool):
    swap = {"WD01-018": ZEPAR, "WD01-016": IRON}
    start = [*_turn_1(IRON, ZEPAR), ev(1, "place", card=IRON, zone=1), ev(1, "place", card=ZEPAR, zone=2)]  # 1-7
    other = ev(1, "activate", card=ZEPAR, zone=2, on_play=True, field_trash=[1])
    assert _codes(tmp_path, full_pool, swap, [*start, other]) == []
    again = ev(1, "place", card=IRON, zone=1)  # アイロン went to the trash: the zone is free, it is not in the hand
    assert _codes(tmp_path, full_pool, swap, [*start, other, again]) == [(9, "WX303")]
    itself = ev(1, "activate", card=ZEPAR, zone=2, on_play=True, field_trash=[2])
    assert _codes(tmp_path, full_pool, swap, [*start, itself]) == [(8, "WX329")]  # 他の: not itself
    empty = ev(1, "activate", card=ZEPAR, zone=2, on_play=True, field_trash=[3])
    assert _codes(tmp_path, full_pool, swap, [*start, empty]) == [(8, "WX329")]
    white = [*_turn_1("WD01-016", ZEPAR), ev(1, "place", card="WD01-013", zone=1), ev(1, "place", card=ZEPAR, zone=2)]
    assert _codes(tmp_path, full_pool, {"WD01-018": ZEPAR}, [*white, other]) == [(8, "WX329")]  # ククリ is white


def _coin_game(costs: tuple[dict, ...]) -> Game:
    zero = Card.make("T-000", "テスト・ゼロ", "LRIG", level=0, limit=0, lrig_types=("テスト",))
    one = Card.make("T-001", "テスト・ワン", "LRIG", level=1, limit=2, lrig_types=("テスト",), ability_costs=costs)
    signi = Card.make("T-010", "テスト・シグニ", "SIGNI", level=1, colors=("white",))
    book = Book.build([(signi, 40)], [zero, one])
    game = Game(book, game_rules("2026-11-30"), True, State.new(book))
    game.state.center = [0, 1]
    game.state.turn, game.state.phase, game.state.drew, game.state.coins = 2, MAIN, True, 1
    return game


def test_a_coin_cost_takes_a_coin():
    game = _coin_game(({"kind": "activated", "per_game": 1, "cost": {"coin": 1}},))
    problem = activate(game, None, 1, None, Spend())
    assert problem is not None and problem.slug == "payment"  # its cost is a coin (WX309)
    assert activate(game, None, 1, None, Spend(coins=1)) is None
    assert game.state.coins == 0


def test_a_cost_the_pool_does_not_read_is_trusted_beside_one_it_reads():
    unread = {"kind": "activated", "unread": True, "cost": {}}
    game = _coin_game(({"kind": "activated", "exceed": 1, "cost": {}}, unread))
    assert activate(game, None, 1, None, Spend(discard=())) is None  # perhaps the unread one
    only_read = _coin_game(({"kind": "activated", "exceed": 1, "cost": {}},))
    problem = activate(only_read, None, 1, None, Spend())
    assert problem is not None and problem.slug == "ability-cost"


def test_an_assist_lrig_ability_names_its_side(tmp_path, full_pool):
    """issue 22 item 6: an ASSIST LRIG's 【起】 abilities (ノヴァ grown on the left on turn 1)."""
    d05(tmp_path)
    left = ev(2, "activate", card="WXDi-D05-006", side="left")  # its costs unknown to the pool: trusted
    right = ev(2, "activate", card="WXDi-D05-006", side="right")  # バン is on the right, not ノヴァ
    for events, expected in (([left], []), ([right], [(11, "WX329")]), ([left, ev(2, "end")], [])):
        path = write_record(tmp_path, [header("d05.txt", start=D05_START, fmt="diva"), *d05_two_turns(), *events])
        found = [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), full_pool)[1] if o.slug]
        assert found == expected


def _assist_game() -> Game:
    """A center at Lv2 and an assist grown to an ASSIST LRIG whose 【起】 costs 《無》 once a game."""
    center = [Card.make(f"T-00{n}", f"テスト{n}", "LRIG", level=n, limit=2 * n, lrig_types=("テスト",)) for n in (0, 2)]
    helper = [Card.make(f"T-10{n}", f"アシスト{n}", "ASSIST_LRIG", level=n, lrig_types=("アシスト",)) for n in (0, 1)]
    once = {"kind": "activated", "per_game": 1, "cost": {"colorless": 1}}
    helper[1] = helper[1]._replace(ability_costs=(once,))
    signi = Card.make("T-010", "テスト・シグニ", "SIGNI", level=1, colors=("white",))
    book = Book.build([(signi, 40)], [*center, *helper])
    game = Game(book, game_rules("2026-11-30"), True, State.new(book))
    game.state.center, game.state.assists = [0, 1], [[2, 3], []]
    game.state.turn, game.state.phase, game.state.drew = 3, MAIN, True
    game.state.ener[0] = 3
    return game


def test_an_assist_ability_is_paid_and_counted_like_the_others():
    game = _assist_game()
    assert activate(game, None, 3, None, Spend(paid=[0]), side=1) is not None  # not on the right
    problem = activate(game, None, 3, None, Spend(), side=0)
    assert problem is not None and problem.slug == "ability-cost"  # its cost is 《無》
    assert activate(game, None, 3, None, Spend(paid=[0]), side=0) is None
    assert game.state.ener[0] == 2 and game.state.trash[0] == 1
    game.state.new_turn(4)
    problem = activate(game, None, 3, None, Spend(paid=[0]), side=0)
    assert problem is not None and problem.slug == "ability-cost"  # 《ゲーム１回》: used
    game = _assist_game()
    game.state.phase = ATTACK  # no attack-phase icon: the main phase only
    problem = activate(game, None, 3, None, Spend(paid=[0]), side=0)
    assert problem is not None and problem.slug == "phase-order"


def test_an_assist_turned_down_by_its_cost_stands_up_in_the_up_phase():
    game = _assist_game()
    down = {"kind": "activated", "down": True, "cost": {}}
    game.book.lrig_cards[3] = game.book.lrig_cards[3]._replace(ability_costs=(down,))
    assert activate(game, None, 3, None, Spend(down=True), side=0) is None
    assert game.state.assist_down == [True, False] and game.state.down == [False] * 4
    problem = activate(game, None, 3, None, Spend(down=True), side=0)
    assert problem is not None and problem.slug == "ability-cost"  # it is down
    game.state.new_turn(4)
    game.state.phase = MAIN
    assert activate(game, None, 3, None, Spend(down=True), side=0) is None


def test_the_pool_reads_the_further_wordings_of_real_cards(full_pool):
    costs = {n: full_pool.resolve(n).card.ability_costs for n in ("WX02-024", "WXDi-P12-049", "WX17-046")}
    plants = {"type": "SIGNI", "classes": ["植物"]}
    assert {"kind": "activated", "down_signi": 1, "down_signi_of": plants, "cost": {}} in costs["WX02-024"]
    assert {"kind": "activated", "down_lrigs": 2, "cost": {}} in costs["WXDi-P12-049"]
    assert {"kind": "on_play", "eichi": 3, "cost": {}} in costs["WX17-046"]
    assert full_pool.resolve("WXDi-D07-018").card.ability_costs == (
        {"kind": "on_play", "discard": 3, "discard_up_to": True, "cost": {}},
    )
    cut_in = ability_cost("起", "《スペルカットインアイコン》《青》《無》")
    assert cut_in == {"kind": "activated", "spell_cut_in": True, "cost": {"blue": 1, "colorless": 1}}
    assert ability_cost("起", "《ゲーム１回》手札をすべて捨てる")["discard_all"] is True
    assert ability_cost("起", "《ターン１回》このシグニの下からカード１枚をトラッシュに置く")["under_trash"] == 1


def _board(costs: tuple[dict, ...]) -> Game:
    """A center at Lv3 with an assist on each side; SIGNI: T-010 (＜植物＞, Lv1, costs), T-011
    (＜植物＞, Lv1), T-012 (＜英知＞, Lv2), T-013 (＜英知＞, Lv1) in zones 1, 2, 3 and the hand."""
    lrigs = [Card.make(f"T-00{n}", f"テスト{n}", "LRIG", level=n, limit=9, lrig_types=("テスト",)) for n in (0, 3)]
    helpers = [Card.make(f"T-10{n}", f"アシスト{n}", "ASSIST_LRIG", level=1, lrig_types=(f"ア{n}",)) for n in (1, 2)]
    plant = Card.make("T-010", "テスト・植物", "SIGNI", level=1, colors=("green",), classes=("精羅：植物",))
    signi = [
        plant._replace(ability_costs=costs),
        plant._replace(number="T-011", name="テスト・植物二", key="T-011"),
        Card.make("T-012", "テスト・英知", "SIGNI", level=2, colors=("green",), classes=("精像：英知",)),
        Card.make("T-013", "テスト・英知二", "SIGNI", level=1, colors=("green",), classes=("精像：英知",)),
    ]
    book = Book.build([(card, 4) for card in signi], [*lrigs, *helpers])
    game = Game(book, game_rules("2026-11-30"), True, State.new(book))
    state = game.state
    state.center, state.assists = [0, 1], [[2], [3]]
    state.turn, state.phase, state.drew = 3, MAIN, True
    state.signi_zones = [0, 1, 2]
    state.hand[3], state.hand[1] = 2, 1
    state.ener[0] = 2
    return game


def _slug(problem):
    return problem.slug if problem is not None else None


def test_up_signi_and_up_lrigs_turned_down():
    signi = {"kind": "activated", "down_signi": 1, "down_signi_of": {"type": "SIGNI", "classes": ["植物"]}, "cost": {}}
    game = _board((signi,))
    assert _slug(activate(game, 0, None, 0, Spend(down_signi=[2]))) == "ability-cost"  # ＜英知＞, not ＜植物＞
    assert activate(game, 0, None, 0, Spend(down_signi=[1])) is None
    assert game.state.down[:3] == [False, True, False]
    assert _slug(activate(game, 0, None, 0, Spend(down_signi=[1]))) == "ability-cost"  # it is down now
    lrigs = {"kind": "activated", "down_lrigs": 2, "cost": {}}
    game = _board((lrigs,))
    assert _slug(activate(game, 0, None, 0, Spend(down_lrigs=[0]))) == "ability-cost"  # two, not one
    assert activate(game, 0, None, 0, Spend(down_lrigs=[0, 2])) is None
    assert game.state.down[3] and game.state.assist_down == [False, True]
    centre = {"kind": "activated", "down_lrigs": 1, "down_lrigs_of": {"center": True}, "cost": {}}
    game = _board((centre,))
    assert _slug(activate(game, 0, None, 0, Spend(down_lrigs=[1]))) == "ability-cost"  # an assist, not the center


def test_cards_under_this_signi_discards_up_to_n_and_the_whole_hand():
    under = {"kind": "activated", "under_trash": 1, "cost": {}}
    game = _board((under,))
    assert _slug(activate(game, 0, None, 0, Spend(under_trash=[3]))) == "card-not-in-zone"  # nothing under it
    game.state.under_signi[0] = [3]
    assert activate(game, 0, None, 0, Spend(under_trash=[3])) is None
    assert game.state.under_signi[0] == [] and game.state.trash[3] == 1
    up_to = {"kind": "activated", "discard": 2, "discard_up_to": True, "cost": {}}
    assert activate(_board((up_to,)), 0, None, 0, Spend(discard=[3])) is None  # one of at most two
    assert _slug(activate(_board((up_to,)), 0, None, 0, Spend(discard=[3, 3, 1]))) == "ability-cost"
    everything = {"kind": "activated", "discard_all": True, "cost": {}}
    assert _slug(activate(_board((everything,)), 0, None, 0, Spend(discard=[3, 3]))) == "ability-cost"  # 1 kept
    game = _board((everything,))
    assert activate(game, 0, None, 0, Spend(discard=[3, 3, 1])) is None and sum(game.state.hand) == 0


def test_eichi_is_the_level_total_of_your_eichi_signi():
    game = _board(({"kind": "activated", "eichi": 3, "cost": {}},))
    problem = activate(game, 0, None, 0, Spend())
    assert _slug(problem) == "ability-cost" and problem.args["why"].args["have"] == 2  # T-012 alone: level 2
    game = _board(({"kind": "activated", "eichi": 3, "cost": {}},))
    game.state.signi_zones[1] = 3  # T-013 (＜英知＞ Lv1) beside T-012: 3
    assert activate(game, 0, None, 0, Spend()) is None


def test_a_spell_cut_in_ability_answers_the_opponents_spell():
    from wixoss_deckcheck.engine.game.state import OPPONENT

    cut_in = {"kind": "activated", "spell_cut_in": True, "cost": {"green": 1}}
    game = _board((cut_in,))
    assert _slug(activate(game, 0, None, 0, Spend(paid=[0]))) == "phase-order"  # your own main phase
    game.state.new_opponent_turn(False, spells_declared=True)
    assert game.state.phase == OPPONENT
    assert _slug(activate(game, 0, None, 0, Spend(paid=[0]))) == "phase-order"  # no SPELL being used
    game.state.opp_spell_open = True
    assert activate(game, 0, None, 0, Spend(paid=[0])) is None


def test_dissona_and_rise_icon_cards_and_this_lrigs_own_cards():
    assert ability_cost("出", "エナゾーンから《ディソナアイコン》のカード１枚をトラッシュに置く")["ener_trash_of"] == {
        "dissona": True
    }
    assert ability_cost("出", "手札から《ライズアイコン》を持つシグニを１枚捨てる")["discard_of"] == {
        "type": "SIGNI",
        "rise_icon": True,
    }
    own = ability_cost("起", "《ゲーム１回》このルリグの下からカード３枚をルリグトラッシュに置く")
    assert own == {"kind": "activated", "per_game": 1, "exceed_own": 3, "cost": {}}
    dissona = {"kind": "activated", "discard": 1, "discard_of": {"dissona": True}, "cost": {}}
    game = _board((dissona,))
    assert _slug(activate(game, 0, None, 0, Spend(discard=[3]))) == "ability-cost"  # テスト・英知二 is no Dissona
    game.book.main_cards[3] = game.book.main_cards[3]._replace(name="テスト・英知二//ディソナ")
    assert activate(game, 0, None, 0, Spend(discard=[3])) is None
    game = _board(({"kind": "activated", "exceed_own": 1, "cost": {}},))
    game.state.assists[0] = [4, 2]  # one card under the left assist, none under the center but T-000
    game.book.lrig_cards[2] = game.book.lrig_cards[2]._replace(ability_costs=game.book.main_cards[0].ability_costs)
    assert activate(game, None, 2, None, Spend(exceed=1), side=0) is None
    assert game.state.assists[0] == [2] and game.state.center == [0, 1]  # the assist's own, not the center's


def test_an_ability_used_from_the_hand_or_the_trash():
    assert ability_cost("起", "《アタックフェイズアイコン》手札からこのカードを捨てる") == {
        "kind": "activated",
        "attack_phase": True,
        "discard_self": True,
        "cost": {},
    }
    assert ability_cost("起", "トラッシュにあるこのカードをゲームから除外する")["remove_self"] is True
    from_hand = {"kind": "activated", "discard_self": True, "cost": {}}
    game = _board((from_hand,))
    game.book.main_cards[3] = game.book.main_cards[3]._replace(ability_costs=(from_hand,))
    assert _slug(activate(game, 3, None, None, Spend())) == "ability-cost"  # T-013 is not on the field
    assert activate(game, 3, None, None, Spend(source="hand")) is None
    assert (game.state.hand[3], game.state.trash[3]) == (1, 1)
    assert _slug(activate(game, 3, None, None, Spend(source="trash"))) == "ability-cost"  # its cost discards it
    from_trash = {"kind": "activated", "remove_self": True, "cost": {}}
    game.book.main_cards[3] = game.book.main_cards[3]._replace(ability_costs=(from_trash,))
    assert activate(game, 3, None, None, Spend(source="trash")) is None
    assert game.state.trash[3] == 0  # removed from the game
    assert _slug(activate(game, 3, None, None, Spend(source="trash"))) == "ability-cost"  # none left there


def test_a_record_names_a_card_of_the_hand_or_the_trash(tmp_path, full_pool):
    start = _turn_1("WD01-016", "WD01-015")  # WD01-013 (小剣　ククリ) in the hand; its costs unknown: trusted
    in_hand = ev(1, "activate", card="WD01-013", **{"from": "hand"})
    assert _codes(tmp_path, full_pool, {}, [*start, in_hand]) == []
    in_trash = ev(1, "activate", card="WD01-013", **{"from": "trash"})
    assert _codes(tmp_path, full_pool, {}, [*start, in_trash]) == [(6, "WX329")]  # none in the trash


def test_hand_cards_into_ener_or_under_this_signi_and_the_deck_top_into_the_trash():
    ener = ability_cost("出", "手札から＜天使＞のシグニを１枚エナゾーンに置く")
    assert (ener["hand_ener"], ener["hand_ener_of"]) == (1, {"type": "SIGNI", "classes": ["天使"]})
    assert ability_cost("出", "手札から＜解放派＞のシグニ１枚をこのシグニの下に置く")["hand_under"] == 1
    assert ability_cost("起", "《ターン１回》デッキの上からカードを２枚トラッシュに置く")["deck_trash"] == 2
    to_ener = {"kind": "activated", "hand_ener": 1, "hand_ener_of": {"classes": ["英知"]}, "cost": {}}
    game = _board((to_ener,))
    assert _slug(activate(game, 0, None, 0, Spend(hand_ener=[1]))) == "ability-cost"  # ＜植物＞, not ＜英知＞
    assert activate(game, 0, None, 0, Spend(hand_ener=[3])) is None and game.state.ener[3] == 1
    under = {"kind": "activated", "hand_under": 1, "cost": {}}
    game = _board((under,))
    assert activate(game, 0, None, 0, Spend(hand_under=[3])) is None and game.state.under_signi[0] == [3]
    milled = {"kind": "activated", "deck_trash": 2, "cost": {}}
    game = _board((milled,))
    deck = len(game.state.deck)
    assert activate(game, 0, None, 0, Spend(deck_trash=[2, 2])) is None
    assert len(game.state.deck) == deck - 2 and game.state.trash[2] == 2
    assert _slug(activate(_board((milled,)), 0, None, 0, Spend(deck_trash=[2, 2, 2, 2, 2]))) == "ability-cost"
