"""Rises and RESONAs judged against what their cards say (issue 22 item 6): every 【ライズ】 wording of the
card data read into the pool (``rise_onto``: several SIGNI, a rise icon, from the trash…), and a RESONA's
【出現条件】 (``resona_condition``) met by the moves just before it (WX331).

Cards (real numbers, the card data in ../shared/carddata/wixossreact): 暴食の暴君　トウタク WX20-037
(Lv2 red, 「あなたの赤のシグニ２体の上に置く」), 今世の張良　クロカン WX18-061 (Lv2 red,
「《ライズアイコン》を持つあなたのレベル２以下のシグニ１体の上に置く」), 紅将姫　シモン・バール//THE DOOR
WXDi-P15-048 (Lv3 red, 「あなたのトラッシュにある＜解放派＞のシグニ１枚を下に重ねて場に出す」), カラーレス
サーバンツ WX13-028 (a Lv3 RESONA, 「《アタックフェイズアイコン》カード名に《サーバント》を含むシグニ２枚を
あなたのエナゾーンからトラッシュに置く」).
"""

from __future__ import annotations

from engine_records import ev, header, wd01, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay

IRON = "WD02-013"  # 羅石　アイロン: Lv1 red
DOUZAN = "SP27-007"  # 美濃の油蝮　ドウザン: Lv1 red ＜武勇＞
TOUTAKU = "WX20-037"
KINTARO = "WX16-059"  # 鉞担の足柄　キンタロ: Lv1, 【ライズ】 onto a level-1 red SIGNI
KUROKAN = "WX18-061"
SIMON = "WXDi-P15-048"
YUZUKI = "WXDi-P15-060"  # 幻竜　遊月//THE DOOR: Lv1 red ＜解放派＞
SERVANTS = "WX13-028"
LIFE = ["WD01-012", "WD01-011", "WD01-011", "WD01-012", "WD01-015", "WD01-013", "WD01-017"]


def _replay(tmp_path, pool, events, swap=None, extra_lrig=()):
    wd01(tmp_path, swap=swap, extra_lrig=extra_lrig)
    path = write_record(tmp_path, [header(), *events])
    game, outcomes = replay(read_record(str(path)), pool)
    return game, [(o.index, code_of(o.slug)) for o in outcomes if o.slug]


def condition_of(cards, number):
    return next(card.resona_condition for card in cards if card.number == number)


def kind(game, pool, number):
    return game.book.kind_by_key[pool.resolve(number).card.key]


# -- the pool ------------------------------------------------------------------------------


def test_the_pool_reads_every_rise_wording_of_the_card_data(full_pool):
    rise = [card for card in full_pool.cards if card.rise]
    assert len(rise) == 41  # the 41 rise SIGNI of wixossreact; 25 were read before (one SIGNI only)
    assert [card.number for card in rise if card.rise_onto is None] == []
    onto = {card.number: card.rise_onto for card in rise}
    assert onto["WX20-037"] == {"colour": "red", "count": 2}
    assert onto["WX18-061"] == {"rise_icon": True, "level_max": 2}
    assert onto["WX17-026"] == {"rise_icon": True, "and": [{"class": "武勇", "count": 2}]}
    assert onto["WXDi-P15-048"] == {"count": 0, "stack": [{"zone": "trash", "class": "解放派", "count": 1}]}
    assert onto["WXK05-035"] == {
        "class": "アーム",
        "stack": [{"zone": "ener", "class": "アーム", "count": 1}, {"zone": "trash", "class": "アーム", "count": 1}],
    }
    assert onto["WXK11-053"] == {"colour": "red", "count": 3, "distinct_levels": True}
    assert onto["WXK11-038"] == {"count": 2, "no_shared_colour": True}
    assert onto["WXDi-P12-068"] == {"dissona": True}
    assert onto["WX16-059"] == {"level": 1, "colour": "red"}  # a one-SIGNI rise reads as before


def test_the_merged_pool_reads_the_rise_wordings_of_every_source(merged_pool):
    rise = [card for card in merged_pool.cards if card.rise]
    assert len(rise) == 42 and [card.number for card in rise if card.rise_onto is None] == []
    sanayuki = merged_pool.resolve("WX26-P1-055").card  # relax only: 「1体」 half-width, read on the folded text
    assert sanayuki.rise_onto == {"class": "武勇"}


def test_the_pool_reads_the_appearance_conditions_of_resonas(full_pool):
    resonas = [card for card in full_pool.cards if card.type == "RESONA"]
    unread = sorted(card.number for card in resonas if card.resona_condition is None)
    assert unread == ["PR-470B"]  # the B side of 現実からの逃避　タマ has no condition
    assert condition_of(resonas, "PR-470A") == {
        "timing": ["main"],
        "groups": [{"count": 1, "or_more": True, "from": ["ener"]}],
        "power_sum_min": 10000,
    }
    condition = {card.number: card.resona_condition for card in resonas}
    assert condition[SERVANTS] == {
        "timing": ["attack"],
        "groups": [{"count": 2, "name_contains": "サーバント", "from": ["ener"]}],
    }
    assert condition["WX07-006"]["level_sum_min"] == 7
    assert condition["WX13-005B"]["timing"] == ["spell_cut_in"]
    assert condition["WD11-008"]["choose"] == 2 and len(condition["WD11-008"]["options"]) == 3
    assert condition["WX08-005"]["groups"][0] == {"count": 1, "resona": True, "from": ["field"], "to": "lrig_trash"}
    assert condition["WX21-015"]["groups"] == [
        {"count": 2, "not_resona": True, "classes": ["空獣", "地獣"], "from": ["ener", "field"]}
    ]


# -- a rise onto several SIGNI -------------------------------------------------------------

TOUTAKU_SWAP = {"WD01-010": IRON, "WD01-018": TOUTAKU, "WD01-009": DOUZAN}
TOUTAKU_BASE = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", IRON, DOUZAN, "WD01-016"]),
    ev(0, "life_cloth", cards=LIFE),
    ev(1, "draw", cards=[TOUTAKU]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card=IRON, zone=1),
    ev(1, "place", card=DOUZAN, zone=2),
    ev(1, "end"),
    ev(2, "draw", cards=["WD01-015", "WD01-012"]),
    ev(2, "charge", card="WD01-015"),
    ev(2, "grow", card="WD01-003", pay=["WD01-014"]),
]  # events 1-11: the center is Lv2 (limit 5), two red Lv1 SIGNI in zones 1 and 2


def test_a_rise_onto_two_signi_takes_both_under_it(tmp_path, full_pool):
    rise = ev(2, "place", card=TOUTAKU, zone=1, rise=True, onto=[1, 2])
    game, bad = _replay(tmp_path, full_pool, [*TOUTAKU_BASE, rise], TOUTAKU_SWAP)
    assert bad == []
    state = game.state
    assert state.signi_zones == [kind(game, full_pool, TOUTAKU), -1, -1]
    assert sorted(state.under_signi[0]) == sorted([kind(game, full_pool, IRON), kind(game, full_pool, DOUZAN)])


def test_a_rise_onto_too_few_or_the_wrong_signi_is_refused(tmp_path, full_pool):
    one = ev(2, "place", card=TOUTAKU, zone=1, rise=True)  # onto one SIGNI: its text names two (trusted before)
    assert _replay(tmp_path, full_pool, [*TOUTAKU_BASE, one], TOUTAKU_SWAP)[1] == [(12, "WX330")]
    empty = ev(2, "place", card=TOUTAKU, zone=1, rise=True, onto=[1, 3])
    assert _replay(tmp_path, full_pool, [*TOUTAKU_BASE, empty], TOUTAKU_SWAP)[1] == [(12, "WX327")]
    elsewhere = ev(2, "place", card=TOUTAKU, zone=3, rise=True, onto=[1, 2])  # not into one of their zones
    assert _replay(tmp_path, full_pool, [*TOUTAKU_BASE, elsewhere], TOUTAKU_SWAP)[1] == [(12, "WX330")]
    white = [*TOUTAKU_BASE[:6], ev(1, "place", card="WD01-013", zone=2), *TOUTAKU_BASE[7:]]  # 小剣　ククリ is white
    rise = ev(2, "place", card=TOUTAKU, zone=1, rise=True, onto=[1, 2])
    assert _replay(tmp_path, full_pool, [*white, rise], TOUTAKU_SWAP)[1] == [(12, "WX330")]


# -- a rise onto a SIGNI with the rise icon ------------------------------------------------

KUROKAN_SWAP = {"WD01-010": IRON, "WD01-018": KINTARO, "WD01-009": KUROKAN}
KUROKAN_BASE = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", IRON, "WD01-016"]),
    ev(0, "life_cloth", cards=LIFE),
    ev(1, "draw", cards=[KINTARO]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card=IRON, zone=1),
    ev(1, "place", card=KINTARO, zone=1, rise=True),
    ev(1, "end"),
    ev(2, "draw", cards=[KUROKAN, "WD01-015"]),
    ev(2, "charge", card="WD01-015"),
    ev(2, "grow", card="WD01-003", pay=["WD01-014"]),
    ev(2, "place", card="WD01-013", zone=2),
]  # events 1-12: キンタロ risen onto アイロン in zone 1, 小剣　ククリ in zone 2; the center is Lv2


def test_a_rise_onto_a_signi_with_the_rise_icon(tmp_path, full_pool):
    onto_rise = ev(2, "place", card=KUROKAN, zone=1, rise=True)
    game, bad = _replay(tmp_path, full_pool, [*KUROKAN_BASE, onto_rise], KUROKAN_SWAP)
    assert bad == []
    assert game.state.under_signi[0] == [kind(game, full_pool, IRON), kind(game, full_pool, KINTARO)]
    onto_plain = ev(2, "place", card=KUROKAN, zone=2, rise=True)  # ククリ has no 【ライズ】 (trusted before)
    assert _replay(tmp_path, full_pool, [*KUROKAN_BASE, onto_plain], KUROKAN_SWAP)[1] == [(13, "WX330")]


# -- a rise from the trash -----------------------------------------------------------------

SIMON_SWAP = {"WD01-010": YUZUKI, "WD01-018": SIMON}
SIMON_BASE = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", YUZUKI, "WD01-016"]),
    ev(0, "life_cloth", cards=LIFE),
    ev(1, "draw", cards=[SIMON]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card="WD01-013", zone=1),
    ev(1, "end"),
    ev(2, "draw", cards=["WD01-015", "WD01-011"]),
    ev(2, "charge", card="WD01-015"),
    ev(2, "grow", card="WD01-003", pay=["WD01-014"]),
    ev(2, "grow", card="WD01-002", by="an effect"),
    ev(2, "move", card=YUZUKI, **{"from": "hand", "to": "trash"}, by="an effect"),
]  # events 1-12: the center is Lv3 (limit 8), 遊月 (＜解放派＞) in the trash, ククリ in zone 1


def test_a_rise_from_the_trash_goes_into_an_empty_zone(tmp_path, full_pool):
    rise = ev(2, "place", card=SIMON, zone=3, rise=True, under=[{"card": YUZUKI, "from": "trash"}])
    game, bad = _replay(tmp_path, full_pool, [*SIMON_BASE, rise], SIMON_SWAP)
    assert bad == []
    state = game.state
    assert state.signi_zones[2] == kind(game, full_pool, SIMON)
    assert state.under_signi[2] == [kind(game, full_pool, YUZUKI)]
    assert state.trash[kind(game, full_pool, YUZUKI)] == 0


def test_a_rise_from_the_trash_needs_its_cards_and_an_empty_zone(tmp_path, full_pool):
    bare = ev(2, "place", card=SIMON, zone=3, rise=True)  # before: a rise onto nothing, WX327
    assert _replay(tmp_path, full_pool, [*SIMON_BASE, bare], SIMON_SWAP)[1] == [(13, "WX330")]
    occupied = ev(2, "place", card=SIMON, zone=1, rise=True, under=[{"card": YUZUKI, "from": "trash"}])
    assert _replay(tmp_path, full_pool, [*SIMON_BASE, occupied], SIMON_SWAP)[1] == [(13, "WX312")]
    absent = ev(2, "place", card=SIMON, zone=3, rise=True, under=[{"card": "WD01-012", "from": "trash"}])
    assert _replay(tmp_path, full_pool, [*SIMON_BASE, absent], SIMON_SWAP)[1] == [(13, "WX303")]
    white = ev(2, "move", card="WD01-012", **{"from": "hand", "to": "trash"}, by="an effect")
    not_named = ev(2, "place", card=SIMON, zone=3, rise=True, under=[{"card": "WD01-012", "from": "trash"}])
    assert _replay(tmp_path, full_pool, [*SIMON_BASE, white, not_named], SIMON_SWAP)[1] == [(14, "WX330")]


# -- a RESONA's appearance condition ---------------------------------------------------------

SERVANTS_BASE = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", "WD01-016", "WD01-017"]),
    ev(0, "life_cloth", cards=LIFE),
    ev(1, "draw", cards=["WD01-015"]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card="WD01-013", zone=1),
    ev(1, "end"),
    ev(2, "draw", cards=["WD01-010", "WD01-011"]),
    ev(2, "charge", card="WD01-016"),
    ev(2, "grow", card="WD01-003", pay=["WD01-014"]),
    ev(2, "grow", card="WD01-002", by="an effect"),
    ev(2, "move", card="WD01-017", **{"from": "hand", "to": "ener"}, by="an effect"),
]  # events 1-12: the center is Lv3, サーバント　Ｄ and サーバント　Ｏ in ener
TRASH_D = ev(2, "move", card="WD01-016", **{"from": "ener", "to": "trash"})
TRASH_O = ev(2, "move", card="WD01-017", **{"from": "ener", "to": "trash"})
APPEAR = ev(2, "resona", card=SERVANTS, zone=3)


def _servants(tmp_path, pool, events):
    return _replay(tmp_path, pool, [*SERVANTS_BASE, *events], extra_lrig=(SERVANTS,))


def test_a_resona_appears_after_the_moves_its_condition_names_and_not_without_them(tmp_path, full_pool):
    phase = ev(2, "attack_phase")
    game, bad = _servants(tmp_path, full_pool, [phase, TRASH_D, TRASH_O, APPEAR])
    assert bad == []  # legal before too (the condition was trusted): the refusals below are new
    lrig_id = game.book.lrig_ids_by_key[full_pool.resolve(SERVANTS).card.key][0]
    assert game.state.signi_zones[2] == game.book.resona_kind[lrig_id]
    assert _servants(tmp_path, full_pool, [phase, TRASH_D, APPEAR])[1] == [(15, "WX331")]  # one サーバント
    assert _servants(tmp_path, full_pool, [phase, APPEAR])[1] == [(14, "WX331")]  # no move at all
    from_hand = [*SERVANTS_BASE[:11], ev(2, "attack_phase"), TRASH_D, ev(2, "move", card="WD01-017", **{
        "from": "hand", "to": "trash"}), APPEAR]  # its condition takes them from ener, not the hand
    assert _replay(tmp_path, full_pool, from_hand, extra_lrig=(SERVANTS,))[1] == [(15, "WX331")]
    other = ev(2, "move", card="WD01-013", **{"from": "field", "to": "trash"})  # 小剣　ククリ is no サーバント
    assert _servants(tmp_path, full_pool, [phase, TRASH_D, other, APPEAR])[1] == [(16, "WX331")]
    between = ev(2, "down", zone=1, by="an effect")  # another action: the moves before it are not the condition
    assert _servants(tmp_path, full_pool, [phase, TRASH_D, TRASH_O, between, APPEAR])[1] == [(17, "WX331")]


def test_a_resona_appears_only_when_its_phase_icon_allows(tmp_path, full_pool):
    in_main = [TRASH_D, TRASH_O, APPEAR, ev(2, "attack_phase")]  # the attack phase declared after it
    assert _servants(tmp_path, full_pool, in_main)[1] == [(15, "WX305")]


def test_a_resona_may_appear_on_the_opponents_turn_when_its_icon_allows(tmp_path, full_pool):
    resona = ev(2, "resona", card=SERVANTS, zone=3, opponent=True)  # 《アタックフェイズアイコン》: theirs too
    # the opponent's attack phase after your turn 2, before its attacks (formats/play-rules.yaml
    # opponent_attack_step: an attack-phase timing on the opponent's turn comes before its first attack)
    attack_phase = ev(2, "opponent_phase")
    game, bad = _servants(tmp_path, full_pool, [ev(2, "end"), attack_phase, TRASH_D, TRASH_O, resona])
    assert bad == []
    moved_in_your_end_phase = [ev(2, "end"), TRASH_D, TRASH_O, attack_phase, resona]  # the turn changed between
    assert _servants(tmp_path, full_pool, moved_in_your_end_phase)[1] == [(17, "WX331")]
    attacked = ev(2, "attacked", by="signi")  # after its first attack: too late
    after = [ev(2, "end"), attacked, TRASH_D, TRASH_O, resona]
    assert _servants(tmp_path, full_pool, after)[1] == [(17, "WX305")]


# -- the groups a condition names, card by card --------------------------------------------


def test_a_group_of_signi_counts_its_levels_colours_and_icons(full_pool):
    from wixoss_deckcheck.engine.game.placements.groups import fillings, meets

    kukuri, iron = full_pool.resolve("WD01-013").card, full_pool.resolve(IRON).card  # Lv1 white, Lv1 red

    def fits(group, cards):
        return next(fillings([group], range(len(cards)), lambda i: cards[i], lambda g, i: True), None) is not None

    apart = {"count": 2, "no_shared_colour": True}  # 極装　トリアイナ WXK11-038
    assert fits(apart, [kukuri, iron]) and not fits(apart, [kukuri, kukuri])
    levels = {"colour": "red", "count": 2, "distinct_levels": True}  # 極装　EXカリバン WXK03-021
    assert not fits(levels, [iron, iron]) and fits(levels, [iron, iron._replace(level=2)])
    jinriki = full_pool.resolve("WXDi-P12-068").card  # onto a Dissona SIGNI: its name ends in //ディソナ
    dissona = full_pool.resolve("WXDi-P12-071").card
    assert dissona.name.endswith("//ディソナ") and meets(jinriki.rise_onto, dissona)
    assert not meets(jinriki.rise_onto, iron)
    assert meets({"rise_icon": True}, full_pool.resolve(KINTARO).card) and not meets({"rise_icon": True}, iron)


def test_a_level_total_of_an_appearance_condition_is_judged(tmp_path, full_pool):
    from wixoss_deckcheck.engine.game.placements.resona import condition_problem

    game, bad = _servants(tmp_path, full_pool, [])
    assert bad == []
    lrig_id = game.book.lrig_ids_by_key[full_pool.resolve(SERVANTS).card.key][0]
    small, middle = kind(game, full_pool, "WD01-013"), kind(game, full_pool, "WD01-012")  # levels 1 and 2
    game.moves_before[:] = [(2, False, small, "field", "trash"), (2, False, middle, "hand", "trash")]
    book = game.book
    asked = {"timing": ["main"], "groups": [{"count": 2, "class": "アーム", "from": ["field", "hand"]}]}
    book.lrig_cards[lrig_id] = book.lrig_cards[lrig_id]._replace(resona_condition={**asked, "level_sum_min": 3})
    assert condition_problem(game, lrig_id) is None
    book.lrig_cards[lrig_id] = book.lrig_cards[lrig_id]._replace(resona_condition={**asked, "level_sum_min": 4})
    assert condition_problem(game, lrig_id).slug == "resona-condition"  # like 白羅星　サタン's 7 or more


def test_the_reader_takes_a_rise_onto_any_of_several_classes():
    from wixoss_deckcheck.importers.placing import rise_condition

    # a wording issue 22 names (no card of the card data prints it yet): ＜X＞か＜Y＞, 場にいる
    text = "【ライズ】あなたの場にいる＜天使＞か＜悪魔＞のシグニ１体の上に置く（この条件を満たさなければ場に出せない）"
    assert rise_condition(text) == {"classes": ["天使", "悪魔"]}
    assert rise_condition("【ライズ】あなたのシグニ１体をバニッシュする") is None  # no placing clause: not read


def _judged(game, pool, lrig_id, condition, moved):
    from wixoss_deckcheck.engine.game.placements.resona import condition_problem

    book = game.book
    book.lrig_cards[lrig_id] = book.lrig_cards[lrig_id]._replace(resona_condition=condition)
    game.moves_before[:] = [(2, False, kind, source, target) for kind, source, target in moved]
    problem = condition_problem(game, lrig_id)
    return None if problem is None else problem.slug


def test_a_choice_of_ways_and_a_resona_to_the_lrig_trash_are_judged(tmp_path, full_pool):
    game, bad = _servants(tmp_path, full_pool, [])
    assert bad == []
    lrig_id = game.book.lrig_ids_by_key[full_pool.resolve(SERVANTS).card.key][0]
    bugs = {"class": "アーム"}  # 黒幻蟲　ヤスデス's three ways, with ＜アーム＞ for its ＜凶蟲＞ (a WD01 deck)
    choice = {**full_pool.resolve("WD11-008").card.resona_condition, "options": [
        [{**way[0], **bugs}] for way in full_pool.resolve("WD11-008").card.resona_condition["options"]]}
    hand, field = kind(game, full_pool, "WD01-012"), kind(game, full_pool, "WD01-013")
    assert _judged(game, full_pool, lrig_id, choice, [(hand, "hand", "trash"), (field, "field", "trash")]) is None
    assert _judged(game, full_pool, lrig_id, choice, [(hand, "hand", "trash")]) == "resona-condition"  # one way
    uranus = full_pool.resolve("WX08-005").card.resona_condition  # a RESONA to the LRIG trash, a Lv3+ SIGNI
    resona, big = game.book.resona_kind[lrig_id], kind(game, full_pool, "WD01-011")  # 篭手　トレット: Lv3
    both = [(resona, "field", "lrig_trash"), (big, "field", "trash")]
    assert _judged(game, full_pool, lrig_id, uranus, both) is None
    assert _judged(game, full_pool, lrig_id, uranus, [(resona, "field", "trash"), (big, "field", "trash")]) == (
        "resona-condition"
    )  # the RESONA goes to the LRIG trash, not the trash
    assert _judged(game, full_pool, lrig_id, uranus, [both[0], (field, "field", "trash")]) == "resona-condition"


def test_a_resona_moved_off_the_field_is_a_move_a_condition_reads(tmp_path, full_pool):
    off = ev(2, "move", card=SERVANTS, **{"from": "field", "to": "lrig_trash"}, by="an effect")
    game, bad = _servants(tmp_path, full_pool, [ev(2, "attack_phase"), TRASH_D, TRASH_O, APPEAR, off])
    assert bad == []
    lrig_id = game.book.lrig_ids_by_key[full_pool.resolve(SERVANTS).card.key][0]
    assert game.moves_before == [(2, False, game.book.resona_kind[lrig_id], "field", "lrig_trash")]


def test_onto_or_under_without_a_rise_is_refused_never_read_as_a_plain_place(tmp_path, full_pool):
    """``onto`` and ``under`` belong to a rise: a ``place`` naming them without ``rise: true`` is a
    record error on its line (exit 2), never a plain place that drops them."""
    import pytest

    from wixoss_deckcheck.errors import InputError

    wd01(tmp_path, swap=TOUTAKU_SWAP)
    for extra in ({"onto": [1, 2]}, {"onto": [1, 2], "rise": False}, {"under": [{"card": IRON, "from": "trash"}]}):
        path = write_record(tmp_path, [header(), *TOUTAKU_BASE, ev(2, "place", card=TOUTAKU, zone=3, **extra)])
        with pytest.raises(InputError) as refused:
            read_record(str(path))
        assert refused.value.line == 13 and "rise" in refused.value.message, (extra, refused.value)
    plain = write_record(tmp_path, [header(), *TOUTAKU_BASE, ev(2, "place", card=TOUTAKU, zone=3)])
    assert read_record(str(plain)) is not None  # a place without them stays a plain place
