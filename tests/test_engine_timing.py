"""When a card may be used (issue 22 items 1 and 3): the printed timing of ARTS, PIECEs and the
ASSIST LRIGs' grows, kept in the pool and judged at every ``use`` and ``assist_grow``; the
``attack_phase`` event that makes a turn's phases exact."""

from __future__ import annotations

from engine_records import D05_START, d05, d05_two_turns, ev, header, wd01, wd01_two_turns, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.gamerules import use_places
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.importers.common import parse_timing

BASE = wd01_two_turns()  # after base[:14] it is turn 2's main phase; ener holds WD01-012 and WD01-011
#: バロック・ディフェンス【アタックフェイズ】, white 2
ATTACK_ARTS = ev(2, "use", card="WD01-008", pay=["WD01-012", "WD01-011"])
MAIN_ARTS = ev(2, "use", card="WD01-007", pay=["WD01-012", "WD01-011"])  # エイボン【メインフェイズ】 white 3


def _codes(tmp_path, pool, events, deck=wd01, head=None):
    deck(tmp_path)
    path = write_record(tmp_path, [head or header(), *events])
    return [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), pool)[1] if o.slug]


def test_the_pool_keeps_the_printed_timing(full_pool, merged_pool_path):
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    assert parse_timing("メインフェイズアタックフェイズ") == ["main", "attack"]
    assert parse_timing("アタックフェイズ,スペルカットイン") == ["attack", "spell_cut_in"]
    for pool in (full_pool, CardPool.load(PoolLocation(merged_pool_path, "option"))):
        assert pool.resolve("WD01-008").card.timing == ("attack",)
        assert pool.resolve("WD01-007").card.timing == ("main",)
        assert pool.resolve("WXDi-D05-007").card.timing == ("main", "attack")  # ノヴァ＝チョッパー's grow timing
        assert pool.resolve("WD01-013").card.timing == ()  # a SIGNI has none


def test_the_sample_pool_keeps_the_printed_timing():
    from wixoss_deckcheck.files.resources import sample_pool_path
    from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation

    pool = CardPool.load(PoolLocation(sample_pool_path(), "option"))
    assert pool.resolve("WD01-008").card.timing == ("attack",)


def test_where_each_timing_may_come():
    assert use_places("ARTS", ("main",)) == {"main"}
    assert use_places("ARTS", ("attack",)) == {"attack", "opponent_attack"}  # its attack phase, before its attacks
    assert use_places("ARTS", ("spell_cut_in",)) == {"opponent_spell"}  # against its SPELL
    assert use_places("SPELL", ()) == {"main"}
    assert use_places("ARTS", ()) == {"main", "attack", "opponent"}  # a pool without timings: as before


def test_a_main_phase_arts_is_refused_on_the_opponents_turn(tmp_path, full_pool):
    on_their_turn = ev(1, "use", card="WD01-007", pay=["WD01-015", "WD01-012"], opponent=True)
    assert _codes(tmp_path, full_pool, [*BASE[:9], on_their_turn]) == [(10, "WX305")]
    attack_arts = ev(1, "use", card="WD01-008", pay=["WD01-015", "WD01-012"], opponent=True)
    # 【アタックフェイズ】: their attack phase before their attacks, and WD01-012 was crushed at 9 (the
    # rule opponent_attack_step of formats/play-rules.yaml; tests/test_engine_opponent_timing.py has the legal ones)
    assert _codes(tmp_path, full_pool, [*BASE[:9], attack_arts]) == [(10, "WX305")]


def test_an_attack_phase_arts_is_refused_in_a_declared_main_phase(tmp_path, full_pool):
    opens = ev(2, "attack_phase")
    assert _codes(tmp_path, full_pool, [*BASE[:14], ATTACK_ARTS, opens, BASE[14]]) == [(15, "WX305")]
    assert _codes(tmp_path, full_pool, [*BASE[:14], opens, ATTACK_ARTS, BASE[14]]) == []


def test_a_main_phase_arts_is_refused_in_the_attack_phase(tmp_path, full_pool):
    opens = ev(2, "attack_phase")
    assert _codes(tmp_path, full_pool, [*BASE[:14], opens, MAIN_ARTS]) == [(16, "WX305")]
    assert _codes(tmp_path, full_pool, [*BASE[:14], MAIN_ARTS]) == [(15, "WX309")]  # its time; 2 ener for white 3


def test_without_the_event_an_attack_phase_arts_opens_the_attack_phase(tmp_path, full_pool):
    """Derived (records without ``attack_phase``): the ARTS of the attack phase opens it, so a
    main-phase action after it is out of its phase."""
    late_place = ev(2, "place", card="WD01-014", zone=3)
    assert _codes(tmp_path, full_pool, [*BASE[:14], ATTACK_ARTS, late_place]) == [(16, "WX305")]
    assert _codes(tmp_path, full_pool, [*BASE[:14], late_place, ATTACK_ARTS]) == []


def test_the_attack_phase_opens_once(tmp_path, full_pool):
    opens = ev(2, "attack_phase")
    assert _codes(tmp_path, full_pool, [*BASE[:14], opens, opens]) == [(16, "WX305")]
    assert _codes(tmp_path, full_pool, [*BASE[:14], opens, ev(2, "place", card="WD01-014", zone=3)]) == [(16, "WX305")]


def _d05(tmp_path, pool, events):
    return _codes(tmp_path, pool, [*d05_two_turns(), *events], d05, header("d05.txt", start=D05_START, fmt="diva"))


def test_an_assist_grows_in_the_attack_phase_when_its_timing_says_so(tmp_path, full_pool):
    chopper = ev(2, "assist_grow", card="WXDi-D05-007", side="left")  # ノヴァ＝チョッパー: main and attack phase
    assert _d05(tmp_path, full_pool, []) == []
    assert _d05(tmp_path, full_pool, [ev(2, "attack_phase"), chopper]) == []
    assert _d05(tmp_path, full_pool, [chopper]) == []


def test_an_assist_of_the_main_phase_cannot_grow_in_the_attack_phase(tmp_path, full_pool):
    repeat_right = ev(2, "assist_grow", card="WXDi-D05-009", side="right")  # バン＝クレッシェンド: main phase only
    assert _d05(tmp_path, full_pool, [ev(2, "attack_phase"), repeat_right]) == [(12, "WX305")]
    assert _d05(tmp_path, full_pool, [repeat_right, ev(2, "attack_phase")]) == []


def test_an_attack_phase_assist_grows_on_the_opponents_turn(tmp_path, full_pool):
    chopper = ev(1, "assist_grow", card="WXDi-D05-007", side="left", opponent=True)
    events = d05_two_turns()[:7]
    head = header("d05.txt", start=D05_START, fmt="diva")
    assert _codes(tmp_path, full_pool, [*events, chopper], d05, head) == [(8, "WX320")]  # above the center's Lv1
    crescendo = ev(1, "assist_grow", card="WXDi-D05-009", side="right", opponent=True)
    assert _codes(tmp_path, full_pool, [*events, crescendo], d05, head) == [(8, "WX305")]  # main phase only
    after_a_crush = [*events, ev(1, "crushed", card="WXDi-D05-015"), chopper]  # their attacks have begun
    assert _codes(tmp_path, full_pool, after_a_crush, d05, head) == [(9, "WX305")]
