"""The opponent's turn phases (issue 22 item 4, the rules opponent_attack_step and
spell_cut_in_exact of formats/play-rules.yaml): a 【アタックフェイズ】 ARTS, ability or assist grow
on the opponent's turn only in its attack phase before its first attack (``opponent_phase``
opens it, else the first such use; ``attacked``, a crush or a guard ends it); a
【スペルカットイン】 only against its SPELL (right after ``opponent_spell`` where the turn declares
them, else in its main phase)."""

from __future__ import annotations

import pytest
from engine_records import ev, header, wd01, wd01_setup, wd01_two_turns, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay

pytestmark = pytest.mark.shared

BASE = wd01_two_turns()  # 18 events: turn 2 ends with WD01-012, WD01-011 in ener; WD01-009 tops the Life Cloth
ATTACK_ARTS = ev(2, "use", card="WD01-008", pay=["WD01-012", "WD01-011"], opponent=True)  # バロック・ディフェンス
LUCKY = "WX05-017"  # ラッキーガード: 【スペルカットイン】, 《無》×１
CUT_IN = ev(1, "use", card=LUCKY, pay=["WD01-015"], opponent=True)  # after turn 1 (index 9 after BASE[:8])


def _codes(tmp_path, pool, events, player="first"):
    wd01(tmp_path, extra_lrig=(LUCKY,))
    path = write_record(tmp_path, [header(player=player), *events])
    return [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), pool)[1] if o.slug]


def test_an_attack_phase_arts_comes_before_the_opponents_attacks(tmp_path, full_pool):
    assert _codes(tmp_path, full_pool, [*BASE, ATTACK_ARTS]) == []  # derived: it opens their attack phase
    crushed = ev(2, "crushed", card="WD01-009")
    assert _codes(tmp_path, full_pool, [*BASE, crushed, ATTACK_ARTS]) == [(20, "WX305")]  # their attacks began
    attacked = ev(2, "attacked", by="signi", crushes=0)
    assert _codes(tmp_path, full_pool, [*BASE, attacked, ATTACK_ARTS]) == [(20, "WX305")]


def test_the_opponents_attack_phase_declared_makes_the_turn_exact(tmp_path, full_pool):
    phase = ev(2, "opponent_phase", phase="attack")
    assert _codes(tmp_path, full_pool, [*BASE, phase, ATTACK_ARTS]) == []
    assert _codes(tmp_path, full_pool, [*BASE, ATTACK_ARTS, phase]) == [(19, "WX305")]  # its main phase still
    late = [*BASE, ev(2, "crushed", card="WD01-009"), phase]
    assert _codes(tmp_path, full_pool, late) == [(20, "WX305")]  # the attack phase begins before the attacks
    assert _codes(tmp_path, full_pool, [*BASE, phase, phase]) == [(20, "WX305")]  # once


def test_the_first_players_turn_1_has_no_attack_phase(tmp_path, full_pool):
    setup = wd01_setup()  # you play second: the opponent's turn 0 comes after it
    arts = ev(0, "use", card="WD01-008", opponent=True)
    assert _codes(tmp_path, full_pool, [*setup, arts], player="second") == [(4, "WX305")]
    assert _codes(tmp_path, full_pool, [*setup, ev(0, "opponent_phase")], player="second") == [(4, "WX305")]


def test_a_spell_cut_in_answers_the_opponents_spell(tmp_path, full_pool):
    turn_1 = BASE[:8]  # the opponent's turn after your turn 1 begins at index 9; WD01-015 in ener
    assert _codes(tmp_path, full_pool, [*turn_1, CUT_IN]) == []  # derived: its main phase, where it uses SPELLs
    crushed = ev(1, "crushed", card="WD01-012")
    assert _codes(tmp_path, full_pool, [*turn_1, crushed, CUT_IN]) == [(10, "WX305")]  # no SPELL in its attacks
    spell = ev(1, "opponent_spell", card="ブルー・リクエスト")
    assert _codes(tmp_path, full_pool, [*turn_1, spell, CUT_IN]) == []
    assert _codes(tmp_path, full_pool, [*turn_1, CUT_IN, spell]) == [(9, "WX305")]  # the turn declares its SPELLs
    between = [*turn_1, spell, ev(1, "opponent_phase"), CUT_IN]
    assert _codes(tmp_path, full_pool, between) == [(11, "WX305")]  # the SPELL was answered or not, before
    assert _codes(tmp_path, full_pool, [*turn_1, crushed, spell]) == [(10, "WX305")]  # a SPELL in its main phase
    own_turn = ev(2, "use", card=LUCKY, pay=["WD01-015"])
    assert _codes(tmp_path, full_pool, [*BASE[:14], own_turn]) == [(15, "WX305")]  # never against your own


def test_an_ability_on_the_opponents_turn(tmp_path, full_pool):
    center = ev(2, "activate", card="WD01-003", opponent=True)  # costs unknown to the pool: trusted, timing too
    assert _codes(tmp_path, full_pool, [*BASE, center]) == []
    crushed = ev(2, "crushed", card="WD01-009")
    assert _codes(tmp_path, full_pool, [*BASE, crushed, center]) == [(20, "WX305")]
