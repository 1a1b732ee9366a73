"""The opponent's turn (issue 22 items 4 and 2): a crush takes the top Life Cloth; no attack, so no
crush or guard, on the first player's first turn; a guard answers an LRIG attack, once; crushes
count per declared attack; a Life Burst is the crushed card's own, checked against the card."""

from __future__ import annotations

from engine_records import ev, header, wd01, wd01_setup, wd01_two_turns, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay

BASE = wd01_two_turns()  # its Life Cloth, top first: WD01-012, WD01-009, WD01-009, WD01-011, ...
TURN_1 = BASE[:8]  # setup and your turn 1, up to its end


def _codes(tmp_path, pool, events, player="first"):
    wd01(tmp_path)
    path = write_record(tmp_path, [header(player=player), *events])
    return [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), pool)[1] if o.slug]


def _crushed(card):
    return ev(1, "crushed", card=card)


def test_a_crush_takes_the_top_life_cloth(tmp_path, full_pool):
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-012"), _crushed("WD01-009")]) == []
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-009")]) == [(9, "WX324")]  # the second card
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-014")]) == [(9, "WX303")]  # not in the Life Cloth


def test_no_attack_on_the_first_players_first_turn(tmp_path, full_pool):
    """Playing second, the opponent's turn before your turn 1 is the first player's first: no attack."""
    setup = wd01_setup()
    cases = [
        (ev(0, "crushed", card="WD01-012"), "WX315"),
        (ev(0, "guard", card="WD01-016"), "WX316"),
        (ev(0, "attacked", by="lrig"), "WX315"),
    ]
    for event, code in cases:
        assert _codes(tmp_path, full_pool, [*setup, event], player="second") == [(4, code)], event
    turn_1 = [ev(1, "draw", cards=["WD01-015", "WD01-010"]), ev(1, "end", discard=["WD01-014"])]
    later = [ev(1, "crushed", card="WD01-012"), ev(1, "guard", card="WD01-016")]
    assert _codes(tmp_path, full_pool, [*setup, *turn_1, *later], player="second") == []


def test_a_guard_answers_an_lrig_attack_once(tmp_path, full_pool):
    lrig, signi = ev(1, "attacked", by="lrig"), ev(1, "attacked", by="signi")
    guard = ev(1, "guard", card="WD01-016")
    assert _codes(tmp_path, full_pool, [*TURN_1, signi, _crushed("WD01-012"), lrig, guard]) == []
    assert _codes(tmp_path, full_pool, [*TURN_1, signi, guard]) == [(10, "WX316")]  # against a SIGNI
    second_guard = ev(1, "guard", card="WD01-017")
    assert _codes(tmp_path, full_pool, [*TURN_1, lrig, guard, second_guard]) == [(11, "WX316")]
    assert _codes(tmp_path, full_pool, [*TURN_1, lrig, _crushed("WD01-012"), guard]) == [(11, "WX316")]  # too late


def test_without_declared_attacks_one_guard_a_turn(tmp_path, full_pool):
    guards = [ev(1, "guard", card="WD01-016"), ev(1, "guard", card="WD01-017")]
    assert _codes(tmp_path, full_pool, [*TURN_1, guards[0]]) == []
    assert _codes(tmp_path, full_pool, [*TURN_1, *guards]) == [(10, "WX316")]


def test_crushes_count_per_declared_attack(tmp_path, full_pool):
    signi = ev(1, "attacked", by="signi")
    double = ev(1, "attacked", by="signi", crushes=2)
    two = [_crushed("WD01-012"), _crushed("WD01-009")]
    assert _codes(tmp_path, full_pool, [*TURN_1, signi, *two]) == [(11, "WX315")]  # one attack, one crush
    assert _codes(tmp_path, full_pool, [*TURN_1, double, *two]) == []  # 【ダブルクラッシュ】
    assert _codes(tmp_path, full_pool, [*TURN_1, signi, two[0], signi, two[1]]) == []
    guarded = [ev(1, "attacked", by="lrig"), ev(1, "guard", card="WD01-016"), two[0]]
    assert _codes(tmp_path, full_pool, [*TURN_1, *guarded]) == [(11, "WX315")]  # a guarded attack crushes nothing
    # a turn that declares its attacks has every crush in one: a crush before the first is refused
    assert _codes(tmp_path, full_pool, [*TURN_1, two[0], signi]) == [(9, "WX315")]


def test_records_without_attack_events_keep_their_crushes(tmp_path, full_pool):
    crushes = [_crushed(c) for c in ("WD01-012", "WD01-009", "WD01-009")]
    assert _codes(tmp_path, full_pool, [*TURN_1, *crushes]) == []  # each crush an attack of its own


# -- Life Burst (item 2) ----------------------------------------------------------------------


def test_a_life_burst_is_the_crushed_cards_own(tmp_path, full_pool):
    to_burst = [*TURN_1, _crushed("WD01-012"), _crushed("WD01-009")]  # 甲冑　ローメイル has a Life Burst
    assert _codes(tmp_path, full_pool, [*to_burst, ev(1, "burst", card="WD01-009")]) == []
    no_burst = [*TURN_1, _crushed("WD01-012"), ev(1, "burst", card="WD01-012")]  # 中剣　フランベル has none
    assert _codes(tmp_path, full_pool, no_burst) == [(10, "WX325")]
    not_crushed = [*TURN_1, _crushed("WD01-012"), ev(1, "burst", card="WD01-016")]
    assert _codes(tmp_path, full_pool, not_crushed) == [(10, "WX325")]
    twice = [*to_burst, ev(1, "burst", card="WD01-009"), ev(1, "burst", card="WD01-009")]
    assert _codes(tmp_path, full_pool, twice) == [(12, "WX325")]
    no_crush = [*BASE[:11], ev(2, "burst", card="WD01-012")]  # the opponent's turn after turn 2: nothing crushed yet
    assert _codes(tmp_path, full_pool, no_crush) == [(12, "WX325")]


def test_a_move_by_the_card_just_crushed_is_its_life_burst(tmp_path, full_pool):
    draw = {"from": "deck", "to": "hand"}
    by_burst = ev(1, "move", card="WD01-010", by="WD01-009", **draw)
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-012"), _crushed("WD01-009"), by_burst]) == []
    by_no_burst = ev(1, "move", card="WD01-010", by="WD01-012", **draw)
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-012"), by_no_burst]) == [(10, "WX325")]
    by_other = ev(1, "move", card="WD01-010", by="an effect of the opponent", **draw)
    assert _codes(tmp_path, full_pool, [*TURN_1, _crushed("WD01-012"), by_other]) == []
