"""Up and down (issue 22 item 5): an attack turns the attacker down, a down card cannot attack, the up
phase stands them up (not a frozen one), and down, up and freeze events declare the rest."""

from __future__ import annotations

from engine_records import ev, header, wd01, wd01_two_turns, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay

BASE = wd01_two_turns()  # turn 2: SIGNI in zones 1 and 2 attack, then the center; then the end
TURN_3 = [ev(3, "draw", cards=["WD01-014", "WD01-018"])]


def _codes(tmp_path, pool, events):
    wd01(tmp_path)
    path = write_record(tmp_path, [header(), *events])
    game, outcomes = replay(read_record(str(path)), pool)
    return game, [(o.index, code_of(o.slug)) for o in outcomes if o.slug]


def test_attacks_turn_the_attackers_down(tmp_path, full_pool):
    game, bad = _codes(tmp_path, full_pool, BASE)
    assert bad == [] and game.state.down == [True, True, False, True]


def test_the_up_phase_stands_them_up_so_they_attack_again(tmp_path, full_pool):
    attacks = [ev(3, "attack", zone=1), ev(3, "attack", lrig="center")]
    game, bad = _codes(tmp_path, full_pool, [*BASE, *TURN_3, *attacks])
    assert bad == [] and game.state.down == [True, False, False, True]


def test_a_frozen_card_stays_down_and_cannot_attack(tmp_path, full_pool):
    frozen = ev(2, "freeze", zone=1, by="an ARTS of the opponent")  # on the opponent's turn after your turn 2
    crushed = ev(2, "crushed", card="WD01-009")
    events = [*BASE, crushed, frozen, *TURN_3, ev(3, "attack", zone=1)]
    _game, bad = _codes(tmp_path, full_pool, events)
    assert bad == [(len(events), "WX315")]
    _game, bad = _codes(tmp_path, full_pool, [*BASE, crushed, frozen, *TURN_3, ev(3, "attack", zone=2)])
    assert bad == []  # the other SIGNI stood up
    later = [*BASE, crushed, frozen, *TURN_3, ev(3, "end"), ev(4, "draw", cards=["WD01-014", "WD01-018"])]
    game, bad = _codes(tmp_path, full_pool, [*later, ev(4, "attack", zone=1)])
    assert bad == [] and game.state.frozen == [False] * 4  # the freeze held one up phase only


def test_an_effect_or_cost_turns_a_card_down(tmp_path, full_pool):
    down = ev(2, "down", zone=1, by="a cost")
    _game, bad = _codes(tmp_path, full_pool, [*BASE[:14], down, ev(2, "attack", zone=1)])
    assert bad == [(16, "WX315")]  # down: it cannot attack
    _game, bad = _codes(tmp_path, full_pool, [*BASE[:14], down, ev(2, "up", zone=1, by="an effect"), BASE[14]])
    assert bad == []
    _game, bad = _codes(tmp_path, full_pool, [*BASE[:14], down, down])
    assert bad == [(16, "WX326")]  # a down cost needs the card up
    _game, bad = _codes(tmp_path, full_pool, [*BASE[:14], ev(2, "down", zone=3, by="a cost")])
    assert bad == [(15, "WX326")]  # no SIGNI in zone 3


def test_a_signi_enters_the_field_up(tmp_path, full_pool):
    charge_back = [ev(3, "charge", card="WD01-013", **{"from": "field"}), ev(3, "place", card="WD01-014", zone=1)]
    _game, bad = _codes(tmp_path, full_pool, [*BASE, *TURN_3, *charge_back, ev(3, "attack", zone=1)])
    assert bad == []
