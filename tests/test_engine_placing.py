"""Placements other than ``place`` (issue 22 item 6): a 【ライズ】 SIGNI onto another, an 【アクセ】 on a
SIGNI, and grows and plays made by an effect."""

from __future__ import annotations

from engine_records import ev, header, wd01, wd01_two_turns, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay

KINTARO = "WX16-059"  # 鉞担の足柄　キンタロ: Lv1 red, 【ライズ】 onto a level-1 red SIGNI
IRON = "WD02-013"  # 羅石　アイロン: a level-1 red SIGNI
TURN_1 = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", IRON, "WD01-016"]),
    ev(0, "life_cloth", cards=["WD01-012", "WD01-009", "WD01-009", "WD01-011", "WD01-015", "WD01-013", "WD01-017"]),
    ev(1, "draw", cards=[KINTARO]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card=IRON, zone=1),
]  # events 1-6; the center is Lv1 (limit 2), 羅石　アイロン (Lv1 red) in zone 1


def _replay(tmp_path, pool, events, swap=True):
    wd01(tmp_path, swap={"WD01-018": KINTARO, "WD01-010": IRON} if swap else None)
    path = write_record(tmp_path, [header(), *events])
    game, outcomes = replay(read_record(str(path)), pool)
    return game, [(o.index, code_of(o.slug)) for o in outcomes if o.slug]


def test_the_pool_knows_the_rise_signi(full_pool):
    assert full_pool.resolve(KINTARO).card.rise and not full_pool.resolve("WD01-013").card.rise


def test_a_rise_goes_onto_a_signi(tmp_path, full_pool):
    game, bad = _replay(tmp_path, full_pool, [*TURN_1, ev(1, "place", card=KINTARO, zone=1, rise=True)])
    assert bad == []
    kinds = game.book.kind_by_key
    state = game.state
    assert state.signi_zones[0] == kinds[full_pool.resolve(KINTARO).card.key]
    assert state.under_signi[0] == [kinds[full_pool.resolve(IRON).card.key]]


def test_a_rise_goes_only_onto_the_signi_its_text_names(tmp_path, full_pool):
    assert full_pool.resolve(KINTARO).card.rise_onto == {"level": 1, "colour": "red"}
    # 小剣　ククリ is a level-1 white SIGNI: キンタロ rises only onto a level-1 red one
    from wixoss_deckcheck.engine.game.placements.groups import rises_onto

    kukuri, kintaro = full_pool.resolve("WD01-013").card, full_pool.resolve(KINTARO).card
    assert not rises_onto(kintaro, kukuri) and rises_onto(kintaro, kukuri._replace(colors=("red",)))
    assert not rises_onto(kintaro, kukuri._replace(colors=("red",), level=2))
    devil = full_pool.resolve("WXDi-P03-085").card  # 凶魔　ルカ: onto a ＜悪魔＞
    assert rises_onto(devil, kukuri._replace(classes=("奏像：悪魔",))) and not rises_onto(devil, kukuri)


def test_a_rise_was_refused_as_zone_occupied_and_is_no_more(tmp_path, full_pool):
    _game, bad = _replay(tmp_path, full_pool, [*TURN_1, ev(1, "place", card=KINTARO, zone=1)])
    assert bad == [(7, "WX312")]  # without rise: the zone is occupied
    _game, bad = _replay(tmp_path, full_pool, [*TURN_1, ev(1, "place", card=KINTARO, zone=2, rise=True)])
    assert bad == [(7, "WX327")]  # a rise onto nothing
    _game, bad = _replay(tmp_path, full_pool, [*TURN_1, ev(1, "place", card="WD01-012", zone=1, rise=True)])
    assert bad == [(7, "WX321")]  # 中剣　フランベル has no 【ライズ】
    onto_white = [*TURN_1[:5], ev(1, "place", card="WD01-013", zone=1), ev(1, "place", card=KINTARO, zone=1, rise=True)]
    assert _replay(tmp_path, full_pool, onto_white)[1] == [(7, "WX330")]  # not a red SIGNI


def test_an_accessory_goes_on_a_signi_once_and_leaves_with_it(tmp_path, full_pool):
    attach = ev(1, "accessory", card="WD01-016", zone=1, by="an effect")
    game, bad = _replay(tmp_path, full_pool, [*TURN_1, attach])
    assert bad == [] and len(game.state.under_signi[0]) == 1
    _game, bad = _replay(tmp_path, full_pool, [*TURN_1, attach, ev(1, "accessory", card="WD01-012", zone=1, by="x")])
    assert bad == [(8, "WX328")]  # one 【アクセ】 on a SIGNI
    _game, bad = _replay(tmp_path, full_pool, [*TURN_1, ev(1, "accessory", card="WD01-016", zone=2, by="x")])
    assert bad == [(7, "WX328")]  # no SIGNI there
    game, bad = _replay(tmp_path, full_pool, [*TURN_1, attach, ev(1, "trash", cards=[IRON])])
    assert bad == [] and sum(game.state.trash) == 2  # the SIGNI and its 【アクセ】


def test_a_play_by_an_effect_comes_outside_the_main_phase(tmp_path, full_pool):
    base = wd01_two_turns()[:15]  # turn 2, its first attack made
    by_effect = ev(2, "place", card="WD01-014", zone=3, by="an effect")
    assert _replay(tmp_path, full_pool, [*base, by_effect], swap=False)[1] == []
    plain = ev(2, "place", card="WD01-014", zone=3)
    assert _replay(tmp_path, full_pool, [*base, plain], swap=False)[1] == [(16, "WX305")]


def test_a_grow_by_an_effect_is_not_the_turns_grow(tmp_path, full_pool):
    base = wd01_two_turns()[:13]  # turn 2: grown to Lv2 in its grow phase
    by_effect = ev(2, "grow", card="WD01-002", by="an effect")
    assert _replay(tmp_path, full_pool, [*base, by_effect], swap=False)[1] == []
    twice = ev(2, "grow", card="WD01-002")
    assert _replay(tmp_path, full_pool, [*base, twice], swap=False)[1] == [(14, "WX306")]
    too_far = ev(2, "grow", card="WD01-001", by="an effect")  # Lv2 to Lv4: the grow rules still hold
    assert _replay(tmp_path, full_pool, [*base, too_far], swap=False)[1] == [(14, "WX307")]


TAMA = "PR-470A"  # 現実からの逃避　タマ: a level-2 RESONA


def _resona(tmp_path, pool, events):
    wd01(tmp_path, extra_lrig=(TAMA,))
    path = write_record(tmp_path, [header(), *events])
    game, outcomes = replay(read_record(str(path)), pool)
    return game, [(o.index, code_of(o.slug)) for o in outcomes if o.slug]


#: Its 【出現条件】 「パワーの合計が10000以上になるようにあなたのエナゾーンからシグニを好きな数トラッシュに置く」:
#: on turn 2 ener holds 中剣　フランベル (crushed) and 篭手　トレット (charged), 7000 power each.
TAMA_CONDITION = [
    ev(2, "move", card="WD01-012", **{"from": "ener", "to": "trash"}),
    ev(2, "move", card="WD01-011", **{"from": "ener", "to": "trash"}),
]


def test_a_resona_comes_from_the_lrig_deck_and_returns_to_it(tmp_path, full_pool):
    base = [*wd01_two_turns()[:13], *TAMA_CONDITION]  # turn 2: the center is Lv2 (limit 5), 小剣　ククリ in zone 1
    game, bad = _resona(tmp_path, full_pool, [*base, ev(2, "resona", card=TAMA, zone=3)])
    tama = game.book.lrig_ids_by_key[full_pool.resolve(TAMA).card.key][0]
    assert bad == [] and game.state.signi_zones[2] == game.book.resona_kind[tama] and not game.state.lrig_deck[tama]
    banished = ev(2, "move", card=TAMA, **{"from": "field", "to": "trash"}, by="an effect")
    game, bad = _resona(tmp_path, full_pool, [*base, ev(2, "resona", card=TAMA, zone=3), banished])
    assert bad == [] and game.state.signi_zones[2] == -1 and game.state.lrig_deck[tama]  # back to the LRIG deck
    assert sum(game.state.trash) == 4  # the guard, the grow's payment, its condition's 2: the RESONA is not there
    one = [*base[:-1], ev(2, "resona", card=TAMA, zone=3)]  # 7000 power: its condition asks 10000 (PR-470A)
    assert _resona(tmp_path, full_pool, one)[1] == [(15, "WX331")]
    game.state.signi_zones[2] = game.book.resona_kind[tama]
    game.state.trash[game.book.resona_kind[tama]] += 1  # wherever it lands, the rules put it back
    from wixoss_deckcheck.engine.game.continuous import settle

    settle(game)
    assert game.state.lrig_deck[tama] and game.state.trash[game.book.resona_kind[tama]] == 0


def test_a_resona_is_placed_like_a_signi(tmp_path, full_pool):
    base = wd01_two_turns()
    assert _resona(tmp_path, full_pool, [*base[:13], ev(2, "resona", card=TAMA, zone=1)])[1] == [(14, "WX312")]
    assert _resona(tmp_path, full_pool, [*base[:7], ev(1, "resona", card=TAMA, zone=2)])[1] == [(8, "WX310")]
    not_one = ev(2, "resona", card="WD01-008", zone=3)  # an ARTS
    assert _resona(tmp_path, full_pool, [*base[:13], not_one])[1] == [(14, "WX321")]
