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


def test_a_rise_signi_comes_onto_the_field_only_by_its_rise(tmp_path, full_pool):
    """The official glossary's 【ライズ】 (formats/play-rules.yaml placements.rise_source): a SIGNI with
    【ライズ】 comes onto the field only by meeting its rise condition, from the hand or by an effect
    alike. A plain place of キンタロ into an empty zone, or a move of it onto the field, is WX330;
    both were accepted before."""
    for event in (ev(1, "place", card=KINTARO, zone=2), ev(1, "place", card=KINTARO, zone=2, by="an effect"),
                  ev(1, "move", card=KINTARO, **{"from": "hand"}, to="field", by="an effect")):
        game, bad = _replay(tmp_path, full_pool, [*TURN_1, event])
        assert bad == [(7, "WX330")], event
        assert game.state.hand[game.book.kind_by_key[full_pool.resolve(KINTARO).card.key]] == 1  # it stays
    from wixoss_deckcheck.reporters.play.replay import report_text

    path = write_record(tmp_path, [header(), *TURN_1, ev(1, "place", card=KINTARO, zone=2)])
    outcomes = replay(read_record(str(path)), full_pool)[1]
    said = report_text(outcomes, False, str(path), "en")
    assert "cannot rise onto an empty zone: a SIGNI with 【ライズ】 comes onto the field only by its rise" in said, said
    # a move between SIGNI zones is no coming onto the field: its 【ライズ】 is not asked again
    risen = [*TURN_1, ev(1, "place", card=KINTARO, zone=1, rise=True)]
    assert _replay(tmp_path, full_pool, risen)[1] == []


def test_an_effect_puts_a_signi_from_another_zone_and_a_rise_from_it(tmp_path, full_pool):
    """``place`` with ``from`` (the deck, the ener, the trash) and ``by``: an effect puts the SIGNI from
    there, a 【ライズ】 SIGNI by its rise; the card must be there (WX303)."""
    away = {zone: [ev(1, "move", card=KINTARO, **{"from": "hand"}, to=zone, by="x")] for zone in ("trash", "ener")}
    for source, before in (("deck", []), ("trash", away["trash"]), ("ener", away["ener"])):
        event = ev(1, "place", card=KINTARO, zone=1, rise=True, by="an effect", **{"from": source})
        game, bad = _replay(tmp_path, full_pool, [*TURN_1, *before, event])
        assert bad == [], (source, bad)
        kinds = game.book.kind_by_key
        kintaro = kinds[full_pool.resolve(KINTARO).card.key]
        iron = kinds[full_pool.resolve(IRON).card.key]
        assert game.state.signi_zones[0] == kintaro and game.state.under_signi[0] == [iron]
        if source == "deck":
            assert game.state.deck.count(kintaro) == 2 and game.state.hand[kintaro] == 1  # 4 copies: 1 drawn, 1 placed
    # not there: the trash holds no キンタロ
    event = ev(1, "place", card=KINTARO, zone=1, rise=True, by="an effect", **{"from": "trash"})
    assert _replay(tmp_path, full_pool, [*TURN_1, event])[1] == [(7, "WX303")]
    # the one キンタロ of the trash rises: it is not also a card it takes under it from there
    twice = {**event, "under": [{"card": KINTARO, "from": "trash"}]}
    assert _replay(tmp_path, full_pool, [*TURN_1, *away["trash"], twice])[1] == [(8, "WX303")]


def test_a_place_from_another_zone_without_an_effect_is_refused_by_the_record_schema(tmp_path, full_pool):
    import pytest

    from wixoss_deckcheck.errors import InputError

    wd01(tmp_path, swap={"WD01-018": KINTARO, "WD01-010": IRON})
    event = ev(1, "place", card=KINTARO, zone=1, rise=True, **{"from": "trash"})
    path = write_record(tmp_path, [header(), *TURN_1, event])
    with pytest.raises(InputError, match="by"):
        read_record(str(path))
    path = write_record(tmp_path, [header(), *TURN_1, {**event, "from": "hand"}])  # from the hand: no effect needed
    assert read_record(str(path)) is not None


def test_neither_the_goldfish_nor_the_odds_policy_places_a_rise_signi(full_pool):
    """It plays no rise, so a SIGNI with 【ライズ】 is never among the SIGNI it places (a plain place is WX330)."""
    from wixoss_deckcheck.engine.game.state import Book
    from wixoss_deckcheck.engine.goldfish.plan import _placeable

    cards = [full_pool.resolve(number).card for number in (KINTARO, IRON)]
    book = Book.build([(card, 4) for card in cards], [full_pool.resolve("WD01-005").card])
    assert [_placeable(book, kind, 3, {"タマ", "花代"}) for kind in range(2)] == [False, True]
    # nor does simulate's plain policy (the odds model): the same reading
    from wixoss_deckcheck.engine.odds.model import build_model

    lrig = [full_pool.resolve(number).card for number in ("WD01-005", "WD01-004", "WD01-003")]
    model = build_model([(card, 20) for card in cards], lrig)
    assert [model.placeable[model.cards.index(card)] for card in cards] == [False, True]
